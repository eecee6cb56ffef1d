//! The turning points of a finished game (issue 33 item 3): every
//! player's chance to win at the start of every turn, from `hard`'s
//! evaluation ([`super::eval`]), and the three turns that moved a chance
//! the most, each with the move made, the better move and why.
//!
//! **Chances** are the evaluation's conditional logit (its fitted weights:
//! docs/bots.md), read at each turn start before anything is thrown, and
//! at the end (1 to the winner). The evaluation, not playouts: a point
//! costs microseconds, so a whole game is analysed in milliseconds, the
//! same on every machine. How well they are calibrated is measured by
//! [`calibration`] on self-play games (docs/bots.md).
//!
//! **A swing** is one turn's change of one player's chance, from the start
//! of that turn to the start of the next; the three largest (by size, one
//! per turn) are the turning points. For each, every move its mover made
//! in that turn with a real choice (two or more distinct legal moves) is
//! compared with the best move by the evaluation one move on; the
//! decision that lost the most is shown, with the better move and the
//! reason the better move was better ([`super::hint`]'s sums, against the
//! move made). A turn whose moves were all the evaluation's best was
//! decided by the throws: it has no better move.

use super::eval::Eval;
use super::hint::{after, better_than, mid_turn};
use super::moves::distinct_moves;
use chowka_protocol::{
    Action, ActionRequest, Game, HintReason, Move, MoveList, Player, Record, RecordError,
};
use serde::{Deserialize, Serialize};

/// Every player's chance at the start of one turn (or at the end).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// The index in the record's actions of the turn's first action (the
    /// number of actions for the end).
    pub action: usize,
    /// The round (R6).
    pub round: u32,
    /// Whose turn starts; the last point's is whoever was to move at the end.
    pub to_move: Player,
    /// Chance to win by seat, 0 to 1 to four decimals, summing to 1 (within rounding).
    pub chances: Vec<f64>,
}

/// A move made with a choice, against the evaluation's best move there.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The index in the record's actions of the move made.
    pub action: usize,
    /// The move made.
    pub made: ActionRequest,
    /// The better move.
    pub better: ActionRequest,
    /// The mover's chance after the better move minus after the move made.
    pub lost: f64,
    /// Why the better move was better.
    pub why: HintReason,
}

/// A turning point: one turn that moved one player's chance the most.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Swing {
    /// The index in [`Analysis::points`] of the turn's start; the turn
    /// ends at the next point.
    pub point: usize,
    /// Whose turn it was.
    pub mover: Player,
    /// Whose chance moved.
    pub player: Player,
    /// The change of that player's chance over the turn (-1 to 1).
    pub change: f64,
    /// The mover's costliest decision of the turn, if any move of theirs
    /// was not the evaluation's best.
    pub decision: Option<Decision>,
}

/// A finished game's chances and turning points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// How the chances were computed: `evaluation`.
    pub method: String,
    /// The chances at the start of every turn, then at the end.
    pub points: Vec<Point>,
    /// The three largest swings, largest first.
    pub swings: Vec<Swing>,
}

/// How many turning points an analysis shows.
pub const SWINGS: usize = 3;

/// Analyses a record: replays it (every action checked, as
/// [`Record::replay`] does) and reads the chances and decisions.
/// Deterministic: the same record gives the same analysis.
pub fn analyse(record: &Record) -> Result<Analysis, RecordError> {
    let mut game = record
        .setup
        .game()
        .map_err(|reason| RecordError { step: None, reason })?;
    let eval = Eval::new(&game);
    let players = game.rules().players as usize;
    let chances = |g: &Game| {
        eval.values(g, false)[..players]
            .iter()
            .map(|&c| round(c))
            .collect()
    };
    let mut points = Vec::new();
    // Per point: the decisions of that turn's mover.
    let mut decisions: Vec<Vec<Decision>> = Vec::new();
    let mut turn_of: Option<Player> = None;
    for (i, recorded) in record.actions.iter().enumerate() {
        if turn_of != Some(game.to_move()) {
            turn_of = Some(game.to_move());
            points.push(Point {
                action: i,
                round: game.round(),
                to_move: game.to_move(),
                chances: chances(&game),
            });
            decisions.push(Vec::new());
        }
        let parsed = recorded.action.parse(game.rules().pawns);
        if let Ok(Action::Move(mv)) = parsed {
            if recorded.by.is_none_or(|by| by == game.to_move()) {
                if let Some(d) = decision(&game, &eval, mv, i, recorded.action.clone()) {
                    decisions.last_mut().expect("a turn is open").push(d);
                }
            }
        }
        recorded.apply(&mut game).map_err(|reason| RecordError {
            step: Some(i),
            reason,
        })?;
    }
    points.push(Point {
        action: record.actions.len(),
        round: game.round(),
        to_move: game.to_move(),
        chances: chances(&game),
    });
    let swings = swings(&points, &mut decisions);
    Ok(Analysis {
        method: "evaluation".into(),
        points,
        swings,
    })
}

/// The move `mv` made from `game`, against the evaluation's best move one
/// move on; `None` without a real choice or when `mv` was the best.
fn decision(
    game: &Game,
    eval: &Eval,
    mv: Move,
    action: usize,
    made: ActionRequest,
) -> Option<Decision> {
    let me = game.to_move();
    let mut moves = MoveList::new();
    distinct_moves(game, &mut moves);
    if moves.len() < 2 {
        return None;
    }
    let value = |m: Move| {
        let g = after(game, me, m)?;
        Some(eval.values(&g, mid_turn(&g, me))[me as usize])
    };
    let made_value = value(mv)?;
    let (best, best_value) = moves
        .iter()
        .filter_map(|&m| value(m).map(|v| (m, v)))
        .fold(None, |acc: Option<(Move, f64)>, (m, v)| match acc {
            Some((_, bv)) if bv >= v => acc,
            _ => Some((m, v)),
        })?;
    // Below a tenth of a percent, the two are the same for a player.
    let lost = best_value - made_value;
    if lost < 0.001 {
        return None;
    }
    let why = better_than(game, best, mv)?;
    Some(Decision {
        action,
        made,
        better: Action::Move(best).into(),
        lost: round(lost),
        why,
    })
}

/// A chance to four decimals (a hundredth of a percent): what a chart
/// shows, and what JSON carries unchanged through a store and back.
fn round(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// The [`SWINGS`] largest changes of one player's chance over one turn,
/// one per turn, largest first (earlier first on a tie), each with its
/// mover's costliest decision.
fn swings(points: &[Point], decisions: &mut [Vec<Decision>]) -> Vec<Swing> {
    let mut all: Vec<Swing> = points
        .windows(2)
        .enumerate()
        .filter_map(|(i, w)| {
            let (player, change) = w[0]
                .chances
                .iter()
                .zip(&w[1].chances)
                .map(|(a, b)| round(b - a))
                .enumerate()
                .max_by(|a, b| a.1.abs().total_cmp(&b.1.abs()).then(b.0.cmp(&a.0)))?;
            Some(Swing {
                point: i,
                mover: w[0].to_move,
                player: player as Player,
                change,
                decision: None,
            })
        })
        .collect();
    all.sort_by(|a, b| {
        b.change
            .abs()
            .total_cmp(&a.change.abs())
            .then(a.point.cmp(&b.point))
    });
    all.truncate(SWINGS);
    for s in &mut all {
        let made = std::mem::take(&mut decisions[s.point]);
        s.decision = made.into_iter().max_by(|a, b| a.lost.total_cmp(&b.lost));
    }
    all
}

/// How well chances are calibrated: for each tenth of the range (0-10%,
/// 10-20%, ...), how many chances fell in it and how many of those players
/// won. Well calibrated, the wins over the count is about the middle of
/// the bin.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Calibration {
    /// Chances given, by tenth.
    pub given: [u64; 10],
    /// Of those, the player won.
    pub won: [u64; 10],
    /// The sum of the chances given, by tenth (their mean is this over `given`).
    pub sum: [f64; 10],
}

/// Adds every point of `analysis` of a game won by `winner` (a draw
/// counts no win) to `into`: every player's chance at every turn start.
pub fn calibration(analysis: &Analysis, winner: Option<Player>, into: &mut Calibration) {
    // The last point is the result itself.
    let turns = &analysis.points[..analysis.points.len().saturating_sub(1)];
    for point in turns {
        for (p, &c) in point.chances.iter().enumerate() {
            let bin = ((c * 10.0) as usize).min(9);
            into.given[bin] += 1;
            into.sum[bin] += c;
            if winner == Some(p as Player) {
                into.won[bin] += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{decide, Level};
    use chowka_protocol::{ForcedThrow, Outcome, Overrides, Preset, RecordedAction, SeededThrows};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// A whole game between `levels`, seeded, as a record.
    fn self_play(levels: &[Level], seed: u64) -> Record {
        let options = Overrides {
            players: Some(levels.len() as u8),
            ..Overrides::default()
        };
        let mut record = Record::of(Preset::ChowkaBhara, options);
        let mut game = record.setup.game().unwrap();
        let mut throws = SeededThrows::new(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !game.is_over() {
            let seat = game.offer().map_or(game.to_move(), |o| o.to);
            let action = decide(levels[seat as usize], &game, seat, &mut rng).unwrap();
            let events = game.play(seat, action, &mut throws).unwrap();
            record
                .actions
                .push(RecordedAction::played(seat, action, &events));
        }
        record.result = Some(game.outcome());
        record
    }

    #[test]
    fn an_analysis_follows_the_game_and_is_the_same_every_time() {
        let record = self_play(&[Level::Medium, Level::Easy], 3);
        let a = analyse(&record).unwrap();
        assert_eq!(a, analyse(&record).unwrap(), "reproducible");
        assert_eq!(a.method, "evaluation");
        // A point per turn start, then the end: 1 to the winner.
        let Some(Outcome::Winner(w)) = record.result else {
            panic!("a game between medium and easy ends with a winner");
        };
        let last = a.points.last().unwrap();
        assert_eq!(last.action, record.actions.len());
        assert_eq!(last.chances[w as usize], 1.0);
        for (i, p) in a.points.iter().enumerate() {
            let sum: f64 = p.chances.iter().sum();
            assert!((sum - 1.0).abs() < 1e-3, "point {i}: {sum}");
            if i > 0 {
                assert!(p.action > a.points[i - 1].action, "turns in order");
            }
        }
        // At the start only the turn order tells the players apart.
        assert!((a.points[0].chances[0] - 0.5).abs() < 0.1);
        // Three turning points, largest first, on three turns.
        assert_eq!(a.swings.len(), SWINGS);
        for w in a.swings.windows(2) {
            assert!(w[0].change.abs() >= w[1].change.abs());
            assert_ne!(w[0].point, w[1].point);
        }
        for s in &a.swings {
            let (from, to) = (&a.points[s.point], &a.points[s.point + 1]);
            let change = to.chances[s.player as usize] - from.chances[s.player as usize];
            assert!((change - s.change).abs() < 1e-9, "{change} {}", s.change);
            assert_eq!(s.mover, from.to_move);
            if let Some(d) = &s.decision {
                assert!(
                    d.action >= from.action && d.action < to.action,
                    "in its turn"
                );
                assert_ne!(d.made, d.better);
                assert!(d.lost > 0.0);
            }
        }
    }

    #[test]
    fn easy_players_lose_chances_that_the_analysis_finds() {
        // Easy plays at random: over a few games its turning points name
        // better moves it missed, each better by the evaluation's sums.
        let mut found = 0;
        for seed in 1..=4 {
            let record = self_play(&[Level::Easy, Level::Easy], seed);
            let a = analyse(&record).unwrap();
            for s in &a.swings {
                if let Some(d) = &s.decision {
                    found += 1;
                    let mut game = record.setup.game().unwrap();
                    for r in &record.actions[..d.action] {
                        r.apply(&mut game).unwrap();
                    }
                    let better = d.better.parse(game.rules().pawns).unwrap();
                    assert!(
                        game.clone()
                            .play(game.to_move(), better, &mut ForcedThrow(1))
                            .is_ok(),
                        "legal"
                    );
                }
            }
        }
        assert!(
            found > 0,
            "random play misses better moves at its turning points"
        );
    }

    #[test]
    fn a_record_that_does_not_replay_is_refused_with_its_step() {
        let mut record = self_play(&[Level::Medium, Level::Medium], 5);
        record.actions[3].action = ActionRequest::Skip;
        let e = analyse(&record).unwrap_err();
        assert_eq!(e.step, Some(3));
    }

    /// The calibration table of docs/bots.md: the chances of every turn
    /// start of self-play games against who won. Run with
    /// `cargo test --release -p chowka-bots --lib analysis::tests::calibration_of_self_play -- --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement: prints the calibration table"]
    fn calibration_of_self_play() {
        for levels in [
            vec![Level::Hard, Level::Medium],
            vec![Level::Hard, Level::Medium, Level::Medium, Level::Medium],
        ] {
            let mut table = Calibration::default();
            let games = 200;
            for seed in 0..games {
                let mut seats = levels.clone();
                seats.rotate_left((seed as usize) % levels.len());
                let record = self_play(&seats, 1000 + seed);
                let winner = match record.result {
                    Some(Outcome::Winner(w)) => Some(w),
                    _ => None,
                };
                calibration(&analyse(&record).unwrap(), winner, &mut table);
            }
            println!(
                "{} players, {games} games (hard and medium, seats rotated)",
                levels.len()
            );
            println!("| chance given | positions | mean given | won |");
            for b in 0..10 {
                if table.given[b] == 0 {
                    continue;
                }
                let n = table.given[b] as f64;
                println!(
                    "| {}-{}% | {} | {:.1}% | {:.1}% |",
                    b * 10,
                    b * 10 + 10,
                    table.given[b],
                    100.0 * table.sum[b] / n,
                    100.0 * table.won[b] as f64 / n
                );
            }
        }
    }
}
