//! `chowka fit-eval`: fits the weights of [`super::eval`] to self-play.
//!
//! Computer players play games against each other (`medium` in every
//! seat, with some random moves so that the positions vary); at the start
//! of some turns every player's [`Features`] are recorded, and at the end
//! the winner. The weights are those under which the winners were most
//! likely: the maximum-likelihood conditional logit, P(p wins) =
//! exp(w . f_p) / sum over q of exp(w . f_q), found by Newton's method.
//! One game in ten is held out to check that the fit predicts games it did
//! not see.

use super::eval::{dot, softmax, Eval, Features, FEATURES, FEATURE_NAMES};
use super::tournament::play_in_parallel;
use super::{decide, Level};
use chowka_protocol::{Game, Outcome, Player, Preset, Rules, SeededThrows, MAX_PLAYERS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// What `chowka fit-eval` plays and records: plain values, which the
/// server's command line (chowka_server::commands) fills in.
#[derive(Debug, Clone)]
pub struct FitOpts {
    /// Number of players (2 to 4).
    pub players: u8,
    /// Self-play games to learn from.
    pub games: u32,
    /// Seed for throws and choices.
    pub seed: u64,
    /// Share of actions played at random instead of by `medium`.
    pub random: f64,
    /// Share of turn starts recorded.
    pub sample: f64,
    /// Games played at once.
    pub threads: usize,
}

/// One recorded position: every player's features and who won the game.
#[derive(Clone, Debug)]
pub struct Sample {
    /// Features per seat.
    pub features: Vec<Features>,
    /// The seat that won.
    pub winner: Player,
}

/// The rules of game `g`: half of them the default Chowka Bhara, the rest
/// the other presets (waiting pawns, no pairs), all on the 5x5 board.
fn rules_of(g: u32, players: u8) -> Rules {
    let preset = match g % 4 {
        0 | 1 => Preset::ChowkaBhara,
        2 => Preset::ChaukaBara,
        _ => Preset::AshtaChamma,
    };
    Rules::preset(preset, players)
}

/// Plays self-play game `g` and returns its samples (none for a draw or a
/// game stopped after 20,000 actions).
pub fn play(opts: &FitOpts, g: u32) -> Vec<Sample> {
    let seed = opts.seed ^ (g as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut game = Game::new(rules_of(g, opts.players));
    let eval = Eval::new(&game);
    let mut throws = SeededThrows::new(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed.rotate_left(17));
    let mut samples = Vec::new();
    let mut turn_start = true;
    let mut actions = 0;
    while !game.is_over() && actions < 20_000 {
        if turn_start && game.offer().is_none() && rng.gen_bool(opts.sample) {
            let features = (0..opts.players).map(|p| eval.features(&game, p)).collect();
            samples.push(Sample {
                features,
                winner: 0,
            });
        }
        let seat = game.offer().map_or(game.to_move(), |o| o.to);
        let level = if rng.gen_bool(opts.random) {
            Level::Easy
        } else {
            Level::Medium
        };
        let action = decide(level, &game, seat, &mut rng).expect("the seat to act has an action");
        let before = game.to_move();
        game.play(seat, action, &mut throws)
            .expect("computer players play legal actions");
        turn_start = game.to_move() != before;
        actions += 1;
    }
    let Outcome::Winner(w) = game.outcome() else {
        return Vec::new();
    };
    for s in &mut samples {
        s.winner = w;
    }
    samples
}

/// The mean log-likelihood of the winners under `w`, and how often the
/// likeliest player won.
pub fn score(w: &Features, samples: &[Sample]) -> (f64, f64) {
    let mut ll = 0.0;
    let mut right = 0;
    for s in samples {
        let p = probabilities(w, s);
        ll += p[s.winner as usize].ln();
        let best = (0..s.features.len())
            .max_by(|&a, &b| p[a].total_cmp(&p[b]))
            .unwrap_or(0);
        right += (best == s.winner as usize) as u32;
    }
    let n = samples.len().max(1) as f64;
    (ll / n, right as f64 / n)
}

fn probabilities(w: &Features, s: &Sample) -> [f64; MAX_PLAYERS] {
    let mut scores = [0.0; MAX_PLAYERS];
    for (p, f) in s.features.iter().enumerate() {
        scores[p] = dot(w, f);
    }
    softmax(&scores, s.features.len())
}

/// The maximum-likelihood weights (with a small ridge so that features
/// that never vary stay at 0), by Newton's method.
pub fn fit(samples: &[Sample]) -> Features {
    const RIDGE: f64 = 1.0;
    let mut w = [0.0; FEATURES];
    for _ in 0..30 {
        let mut grad = [0.0; FEATURES];
        let mut hess = [[0.0; FEATURES]; FEATURES];
        for s in samples {
            let p = probabilities(&w, s);
            let mut mean = [0.0; FEATURES];
            for (q, f) in s.features.iter().enumerate() {
                for k in 0..FEATURES {
                    mean[k] += p[q] * f[k];
                }
            }
            let won = &s.features[s.winner as usize];
            for k in 0..FEATURES {
                grad[k] += won[k] - mean[k];
            }
            // The Hessian of the log-likelihood is minus the covariance of
            // the features under p.
            for (q, f) in s.features.iter().enumerate() {
                for a in 0..FEATURES {
                    let da = f[a] - mean[a];
                    for b in 0..FEATURES {
                        hess[a][b] += p[q] * da * (f[b] - mean[b]);
                    }
                }
            }
        }
        for k in 0..FEATURES {
            grad[k] -= RIDGE * w[k];
            hess[k][k] += RIDGE;
        }
        let step = solve(hess, grad);
        let size: f64 = step.iter().map(|x| x * x).sum::<f64>().sqrt();
        for k in 0..FEATURES {
            w[k] += step[k];
        }
        if size < 1e-9 {
            break;
        }
    }
    w
}

/// Solves `a x = b` for a symmetric positive definite `a` (Gaussian
/// elimination with partial pivoting).
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: Features) -> Features {
    let n = FEATURES;
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-12 {
            continue;
        }
        for row in col + 1..n {
            let factor = a[row][col] / d;
            let (upper, lower) = a.split_at_mut(row);
            for (x, p) in lower[0][col..].iter_mut().zip(&upper[col][col..]) {
                *x -= factor * p;
            }
            b[row] -= factor * b[col];
        }
    }
    let mut x = [0.0; FEATURES];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        if a[row][row].abs() >= 1e-12 {
            x[row] = (b[row] - rest) / a[row][row];
        }
    }
    x
}

/// Plays the self-play games, fits the weights and prints them. The
/// caller has checked the options: 2 to 4 players, shares from 0 to 1.
pub fn run(opts: &FitOpts) {
    let start = Instant::now();
    let games = play_in_parallel(opts.games, opts.threads, |g| play(opts, g));
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (g, samples) in games.into_iter().enumerate() {
        if g % 10 == 9 {
            test.extend(samples);
        } else {
            train.extend(samples);
        }
    }
    println!(
        "{} games, {} players: {} positions to fit, {} held out ({:.1} s)",
        opts.games,
        opts.players,
        train.len(),
        test.len(),
        start.elapsed().as_secs_f64()
    );
    let w = fit(&train);
    let uniform = -(opts.players as f64).ln();
    for (name, set) in [("fitted", &train), ("held out", &test)] {
        let (ll, right) = score(&w, set);
        println!(
            "{name:>8}: log-likelihood {ll:.4} per position (uniform {uniform:.4}), likeliest player won {:.1}%",
            100.0 * right
        );
    }
    println!("weights for {} players:", opts.players);
    println!("    [");
    for (k, x) in w.iter().enumerate() {
        println!("        {x:.4}, // {}", FEATURE_NAMES[k]);
    }
    println!("    ],");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_inverts_a_matrix() {
        let mut a = [[0.0; FEATURES]; FEATURES];
        let mut b = [0.0; FEATURES];
        for i in 0..FEATURES {
            a[i][i] = 2.0 + i as f64;
            if i > 0 {
                a[i][i - 1] = 0.5;
                a[i - 1][i] = 0.5;
            }
            b[i] = i as f64;
        }
        let x = solve(a, b);
        for i in 0..FEATURES {
            let ax: f64 = (0..FEATURES).map(|k| a[i][k] * x[k]).sum();
            assert!((ax - b[i]).abs() < 1e-9, "row {i}: {ax} != {}", b[i]);
        }
    }

    #[test]
    fn the_fit_learns_that_progress_wins() {
        // Whoever has more progress wins: the fitted progress weight is
        // positive and the fit predicts better than chance.
        let samples: Vec<Sample> = (0..400)
            .map(|i| {
                let mut features = vec![[0.0; FEATURES]; 2];
                features[0][0] = (i % 7) as f64;
                features[1][0] = (i % 5) as f64;
                let winner = if (i % 7) > (i % 5) || (i % 3 == 0) {
                    0
                } else {
                    1
                };
                Sample { features, winner }
            })
            .collect();
        let w = fit(&samples);
        assert!(w[0] > 0.1, "{w:?}");
        let (ll, _) = score(&w, &samples);
        assert!(ll > -(2f64.ln()), "{ll}");
    }
}
