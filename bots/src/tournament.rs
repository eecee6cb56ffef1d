//! `chowka tournament`: computer players against each other.
//!
//! Game `g` seats the levels of `--players` rotated by `g` places, so every
//! level sits in every seat equally often (the first seat has an advantage),
//! and the games of one rotation share their throw seed, which lowers the
//! variance of the comparison. Everything follows from `--seed`: the same
//! command prints the same results (but for the decision times). The
//! command's options are read in `commands`, which hands a [`Tournament`]
//! of plain values to [`run`].

use super::{decide_with, search, Budget, Level};
use chowka_protocol::{Game, Outcome, Player, Rules, SeededThrows};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// A tournament: the plain values that `chowka tournament`'s options
/// resolve to (in `commands`), so that the bots need no command line.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    /// The rules of every game; `rules.players` is the number of seats.
    pub rules: Rules,
    /// The level of each seat of game 0 (later games rotate them).
    pub levels: Vec<Level>,
    /// Number of games.
    pub games: u32,
    /// Seed for throws and choices.
    pub seed: u64,
    /// The search budget of `hard`.
    pub hard: Budget,
    /// Games played at once (decision times are best measured with 1).
    pub threads: usize,
    /// Games still going after this many actions count as unfinished.
    pub max_actions: u32,
}

/// How one game went.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// The level in each seat.
    pub seats: Vec<Level>,
    /// The outcome (`Ongoing` if it was stopped).
    pub outcome: Outcome,
    /// Actions played.
    pub actions: u32,
    /// Per decision: the level, its time in nanoseconds, and whether it
    /// had a choice to search (more than one candidate action).
    pub decisions: Vec<(Level, u64, bool)>,
}

/// What a tournament found, per level.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LevelStats {
    /// Seats this level took over all games.
    pub seats: u32,
    /// Games won.
    pub wins: u32,
    /// Decision times in nanoseconds.
    pub times: Vec<u64>,
    /// Decision times of the decisions that had a choice.
    pub searched: Vec<u64>,
}

/// Plays one game between `seats`.
pub fn play_game(
    rules: Rules,
    seats: &[Level],
    seed: u64,
    hard: Budget,
    max_actions: u32,
) -> GameResult {
    let mut game = Game::new(rules);
    let mut throws = SeededThrows::new(seed);
    let mut rngs: Vec<ChaCha8Rng> = (0..seats.len() as u64)
        .map(|s| ChaCha8Rng::seed_from_u64(seed ^ (s + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)))
        .collect();
    let mut out = GameResult {
        seats: seats.to_vec(),
        outcome: Outcome::Ongoing,
        actions: 0,
        decisions: Vec::new(),
    };
    while !game.is_over() && out.actions < max_actions {
        // An open offer is answered at once; the offering player's turn goes on after.
        let seat = game.offer().map_or(game.to_move(), |o| o.to);
        let level = seats[seat as usize];
        let budget = if level == Level::Hard {
            hard
        } else {
            Budget::HARD
        };
        let start = Instant::now();
        let action = decide_with(level, &game, seat, &mut rngs[seat as usize], budget)
            .expect("the seat to act has an action");
        let nanos = start.elapsed().as_nanos() as u64;
        let choice =
            level != Level::Easy && game.offer().is_none() && search::root_actions(&game).len() > 1;
        out.decisions.push((level, nanos, choice));
        if let Err(e) = game.play(seat, action, &mut throws) {
            panic!("{level:?} in seat {seat} chose the illegal {action:?}: {e}");
        }
        out.actions += 1;
    }
    out.outcome = game.outcome();
    out
}

/// The seats of game `g`: the levels rotated by `g` places.
pub fn rotation(levels: &[Level], g: u32) -> Vec<Level> {
    let n = levels.len();
    (0..n).map(|s| levels[(s + g as usize) % n]).collect()
}

/// Plays every game of a tournament, in order of game number.
pub fn play_all(
    rules: Rules,
    levels: &[Level],
    games: u32,
    seed: u64,
    hard: Budget,
    max_actions: u32,
    threads: usize,
) -> Vec<GameResult> {
    let n = levels.len() as u32;
    let one = |g: u32| {
        // The games of one rotation share their throws.
        let s = splitmix(seed ^ splitmix((g / n) as u64));
        play_game(rules, &rotation(levels, g), s, hard, max_actions)
    };
    play_in_parallel(games, threads, one)
}

/// Runs `one(g)` for every game number `g` below `games` on up to
/// `threads` threads (at most 64), and returns the results in order of
/// game number.
pub fn play_in_parallel<T: Send>(
    games: u32,
    threads: usize,
    one: impl Fn(u32) -> T + Sync,
) -> Vec<T> {
    let threads = threads.clamp(1, 64);
    if threads == 1 {
        return (0..games).map(one).collect();
    }
    let mut results: Vec<Option<T>> = (0..games).map(|_| None).collect();
    let one = &one;
    std::thread::scope(|scope| {
        let chunks: Vec<_> = results
            .chunks_mut(games.div_ceil(threads as u32).max(1) as usize)
            .collect();
        let mut start = 0u32;
        for chunk in chunks {
            let first = start;
            start += chunk.len() as u32;
            scope.spawn(move || {
                for (i, slot) in chunk.iter_mut().enumerate() {
                    *slot = Some(one(first + i as u32));
                }
            });
        }
    });
    results.into_iter().flatten().collect()
}

/// Wins, seats and decision times per level.
pub fn stats(results: &[GameResult]) -> Vec<(Level, LevelStats)> {
    let mut out: Vec<(Level, LevelStats)> = Vec::new();
    for r in results {
        for (seat, &level) in r.seats.iter().enumerate() {
            let i = match out.iter().position(|(l, _)| *l == level) {
                Some(i) => i,
                None => {
                    out.push((level, LevelStats::default()));
                    out.len() - 1
                }
            };
            out[i].1.seats += 1;
            if r.outcome == Outcome::Winner(seat as Player) {
                out[i].1.wins += 1;
            }
        }
        for &(level, nanos, choice) in &r.decisions {
            if let Some((_, s)) = out.iter_mut().find(|(l, _)| *l == level) {
                s.times.push(nanos);
                if choice {
                    s.searched.push(nanos);
                }
            }
        }
    }
    out.sort_by_key(|(l, _)| std::cmp::Reverse(*l as u8));
    out
}

/// The Wilson score interval at 95% for `wins` out of `n`.
pub fn wilson(wins: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let n = n as f64;
    let p = wins as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn percentile(sorted: &[u64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i] as f64 / 1e6
}

fn mean_ms(times: &[u64]) -> f64 {
    if times.is_empty() {
        return 0.0;
    }
    times.iter().sum::<u64>() as f64 / times.len() as f64 / 1e6
}

fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays a tournament and prints win rates.
pub fn run(t: &Tournament) {
    let rules = t.rules;
    let seats = t.levels.len();
    let start = Instant::now();
    let results = play_all(
        rules,
        &t.levels,
        t.games,
        t.seed,
        t.hard,
        t.max_actions,
        t.threads,
    );
    let secs = start.elapsed().as_secs_f64();
    let names: Vec<&str> = t.levels.iter().map(|l| l.name()).collect();
    println!(
        "{} games of {}, {} players ({}), {}x{}, seed {}, seats rotated, {:.1} s",
        t.games,
        rules.preset.name(),
        seats,
        names.join(","),
        rules.board,
        rules.board,
        t.seed,
        secs
    );
    let draws = results
        .iter()
        .filter(|r| r.outcome == Outcome::Draw)
        .count();
    let unfinished = results
        .iter()
        .filter(|r| r.outcome == Outcome::Ongoing)
        .count();
    let actions: u64 = results.iter().map(|r| r.actions as u64).sum();
    println!(
        "draws {draws}, unfinished {unfinished}, mean actions per game {:.0}, par win rate {:.1}%",
        actions as f64 / results.len().max(1) as f64,
        100.0 / seats as f64
    );
    println!(
        "{:<7} {:>6} {:>5} {:>7}  {:<15} {:>9} {:>8} {:>8} {:>8} {:>9}",
        "level",
        "seats",
        "wins",
        "rate",
        "95% CI",
        "decisions",
        "mean ms",
        "p99 ms",
        "max ms",
        "p99* ms"
    );
    for (level, mut s) in stats(&results) {
        s.times.sort_unstable();
        s.searched.sort_unstable();
        let (lo, hi) = wilson(s.wins, s.seats);
        println!(
            "{:<7} {:>6} {:>5} {:>6.1}%  [{:>5.1}, {:>5.1}]% {:>9} {:>8.3} {:>8.3} {:>8.3} {:>9.3}",
            level.name(),
            s.seats,
            s.wins,
            100.0 * s.wins as f64 / s.seats.max(1) as f64,
            100.0 * lo,
            100.0 * hi,
            s.times.len(),
            mean_ms(&s.times),
            percentile(&s.times, 0.99),
            s.times.last().copied().unwrap_or(0) as f64 / 1e6,
            percentile(&s.searched, 0.99),
        );
    }
    println!("p99* = p99 over the decisions with a choice to search (medium, hard)");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let (lo, hi) = wilson(70, 100);
        assert!(lo < 0.7 && hi > 0.7);
        assert!(
            (lo - 0.604).abs() < 0.01 && (hi - 0.781).abs() < 0.01,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }

    #[test]
    fn rotation_puts_every_level_in_every_seat() {
        let l = [Level::Hard, Level::Medium, Level::Easy];
        assert_eq!(rotation(&l, 0), l.to_vec());
        assert_eq!(
            rotation(&l, 1),
            vec![Level::Medium, Level::Easy, Level::Hard]
        );
        assert_eq!(rotation(&l, 3), l.to_vec());
    }
}
