//! The evaluation of `hard`: how likely each player is to win from a
//! position.
//!
//! Each player's position is described by a few [`Features`] (R15's
//! progress, pawns past the gate and at the centre, committed pairs,
//! waiting pawns, a gate still closed (R8), the expected loss of its pawns
//! that opponents can hit with their next throws (R10, from the cowrie odds
//! of R5), and its place in the turn order). A player's *score* is the dot
//! product of its features with learned weights ([`LEARNED`]), and its
//! *value* is its chance to win, `exp(score)` over the sum of every
//! player's `exp(score)` (a conditional logit model). The weights were
//! fitted by maximum likelihood to the winners of self-play games
//! (`chowka fit-eval`, [`super::fit`]), one set per number of players.

use chowka_protocol::{odds, Game, Gate, Outcome, Player, MAX_PLAYERS, MAX_SQUARES, VALUES};

/// Per-player values, indexed by seat; seats past the last player are 0.
pub type Values = [f64; MAX_PLAYERS];

/// Number of features per player.
pub const FEATURES: usize = 13;

/// What the evaluation knows of one player's position; distances are in
/// squares of the 5x5 board (scaled on larger boards).
pub type Features = [f64; FEATURES];

/// The name of each feature, in order (for `chowka fit-eval`).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "progress",
    "inner",
    "finished",
    "pair",
    "waiting",
    "gate_closed",
    "at_gate",
    "danger_squares",
    "danger_pawns",
    "mover_danger",
    "to_move",
    "moves_second",
    "moves_third",
];

// The index of each feature (also for `hint`, which groups them into
// reasons). Progress is also the unit of the worth of values held mid-turn.
pub(crate) const PROGRESS: usize = 0;
pub(crate) const INNER: usize = 1;
pub(crate) const FINISHED: usize = 2;
pub(crate) const PAIR: usize = 3;
pub(crate) const WAITING: usize = 4;
pub(crate) const GATE_CLOSED: usize = 5;
pub(crate) const AT_GATE: usize = 6;
pub(crate) const DANGER_SQUARES: usize = 7;
pub(crate) const DANGER_PAWNS: usize = 8;
pub(crate) const MOVER_DANGER: usize = 9;
pub(crate) const TO_MOVE: usize = 10;
pub(crate) const MOVES_SECOND: usize = 11;
pub(crate) const MOVES_THIRD: usize = 12;

/// The weights of the features for 2, 3 and 4 players, fitted by
/// `chowka fit-eval --players N` (100,000 games each, seed 1;
/// docs/bots.md).
pub const LEARNED: [Features; 3] = [
    [
        0.0241, 0.0838, 0.1969, 0.1979, -0.0103, -0.1764, -0.3401, -0.0252, -0.2753, -0.0169,
        0.0143, -0.0143, 0.0,
    ],
    [
        0.0263, 0.0942, 0.2239, 0.3480, -0.1042, 0.0780, -0.1892, -0.0255, -0.0636, -0.0099,
        0.0266, 0.0093, -0.0359,
    ],
    [
        0.0264, 0.1038, 0.2326, 0.3963, -0.1082, 0.1181, -0.1396, -0.0207, -0.0637, -0.0073,
        0.0674, 0.0672, 0.0327,
    ],
];

/// One way a turn's throws can fall (R5, R6): its probability and the
/// distances one pawn can walk with some of the held values (bit d set
/// for distance d).
#[derive(Clone, Copy, Debug)]
struct TurnThrows {
    prob: f64,
    reach: u64,
}

/// Everything the evaluation precomputes for one game: the inverse of the
/// paths, the ways a turn's throws can fall, and the weights.
#[derive(Clone, Debug)]
pub struct Eval {
    /// `pos_on[player][square]`: the path position of `square` on the path
    /// of `player`'s side.
    pos_on: [[u8; MAX_SQUARES]; MAX_PLAYERS],
    turns: Vec<TurnThrows>,
    /// Probability of each value, in [`VALUES`] order.
    pub odds: [f64; 5],
    gate: u8,
    inner: u8,
    centre: u8,
    /// Squares of one lap of the outer ring over the 16 of the 5x5 board:
    /// distances are divided by it, so that the weights fit every board.
    scale: f64,
    /// The weights, for this game's number of players.
    pub weights: Features,
}

impl Eval {
    /// Precomputes the tables for `game`'s board and odds.
    pub fn new(game: &Game) -> Eval {
        let board = game.board();
        let rules = game.rules();
        let mut pos_on = [[0u8; MAX_SQUARES]; MAX_PLAYERS];
        for (p, row) in pos_on.iter_mut().enumerate().take(rules.players as usize) {
            let side = game.side(p as Player);
            for pos in 0..=board.centre() {
                row[board.square_index(side, pos) as usize] = pos;
            }
        }
        let odds = odds(rules.mouth_up);
        let mut turns = Vec::new();
        turn_throws(&odds, 1.0, 0, &mut Vec::new(), &mut turns);
        Eval {
            pos_on,
            turns,
            odds,
            gate: board.gate(),
            inner: board.first_inner(),
            centre: board.centre(),
            scale: (board.gate() + 1) as f64 / 16.0,
            weights: LEARNED[(rules.players as usize).clamp(2, 4) - 2],
        }
    }

    /// The features of player `p` (see [`FEATURE_NAMES`]).
    pub fn features(&self, game: &Game, p: Player) -> Features {
        let rules = game.rules();
        let mut f = [0.0; FEATURES];
        let hit = game.has_hit(p) || rules.gate != Gate::HitFirst;
        let ally = game.truce_of(p).and_then(|t| t.ally_of(p));
        let mover = game.to_move() == p;
        let mut at_gate = 0.0;
        for i in 0..rules.pawns {
            let Some(x) = game.pawn(p, i) else {
                f[WAITING] += 1.0;
                continue;
            };
            let squares = x as f64 / self.scale;
            f[PROGRESS] += squares;
            if x >= self.inner {
                f[INNER] += 1.0;
            }
            if x == self.centre {
                f[FINISHED] += 1.0;
            } else if game.partner(p, i).is_some() {
                // A committed pair is safe from singles and blocks them (R13).
                f[PAIR] += 1.0;
            } else {
                let threat = self.threat(game, p, x, ally);
                if mover {
                    // The mover may still walk the pawn away first.
                    f[MOVER_DANGER] += threat * (squares + 3.0);
                } else {
                    f[DANGER_SQUARES] += threat * squares;
                    f[DANGER_PAWNS] += threat;
                }
            }
            if !hit && x + 4 > self.gate {
                at_gate += 1.0;
            }
        }
        // The gate (R8): until p hits, pawns near it stand still, and the
        // whole inner board is out of reach.
        if !hit {
            f[GATE_CLOSED] = 1.0;
            f[AT_GATE] = at_gate;
        }
        // The turn order: the player to move, then the next ones, act first.
        let players = rules.players;
        match (p + players - game.to_move()) % players {
            0 => f[TO_MOVE] = 1.0,
            1 => f[MOVES_SECOND] = 1.0,
            2 => f[MOVES_THIRD] = 1.0,
            _ => {}
        }
        f
    }

    /// The probability that some opponent can hit `p`'s single pawn at
    /// path position `x` with its next turn's throws (R5, R10), counting
    /// only single attackers behind it on their own paths. An ally is
    /// trusted not to.
    fn threat(&self, game: &Game, p: Player, x: u8, ally: Option<Player>) -> f64 {
        let board = game.board();
        let rules = game.rules();
        let sq = board.square_index(game.side(p), x);
        if board.is_safe_index(sq) {
            return 0.0;
        }
        // Each opponent throws its own turn: the chance that none of them
        // can hit is the product of their chances not to.
        let mut safe = 1.0;
        for q in 0..rules.players {
            if q == p || Some(q) == ally {
                continue;
            }
            let y = self.pos_on[q as usize][sq as usize];
            if y > self.gate && !game.has_hit(q) && rules.gate == Gate::HitFirst {
                continue;
            }
            let mut need = 0u64;
            for j in 0..rules.pawns {
                let Some(a) = game.pawn(q, j) else { continue };
                if a < y && y - a < 64 && game.partner(q, j).is_none() {
                    need |= 1 << (y - a);
                }
            }
            if need == 0 {
                continue;
            }
            let hits: f64 = self
                .turns
                .iter()
                .filter(|t| t.reach & need != 0)
                .map(|t| t.prob)
                .sum();
            safe *= 1.0 - hits;
        }
        1.0 - safe
    }

    /// The worth in squares of values held and throws pending in the middle
    /// of a turn: they will still walk somewhere.
    fn turn_bonus(&self, game: &Game) -> f64 {
        let (held, pending) = self.unscaled_turn_bonus(game);
        (held + pending) / self.scale
    }

    /// [`Eval::turn_bonus`] in its two parts, the values held and the
    /// throws pending: `hint` tells a hit's bonus throw (R10) apart.
    pub(crate) fn turn_bonus_parts(&self, game: &Game) -> (f64, f64) {
        let (held, pending) = self.unscaled_turn_bonus(game);
        (held / self.scale, pending / self.scale)
    }

    /// The two parts of the turn bonus, before scaling to the board.
    fn unscaled_turn_bonus(&self, game: &Game) -> (f64, f64) {
        let held: u32 = VALUES
            .iter()
            .map(|&v| v as u32 * game.held_count(v) as u32)
            .sum();
        let mean: f64 = VALUES
            .iter()
            .zip(self.odds)
            .map(|(&v, o)| v as f64 * o)
            .sum();
        (0.8 * held as f64, 0.9 * mean * game.pending() as f64)
    }

    /// Every player's score: its weighted features. `mid_turn` says the
    /// search stopped inside the mover's turn, so its held values and
    /// pending throws are still to walk.
    pub fn scores(&self, game: &Game, mid_turn: bool) -> Values {
        let players = game.rules().players as usize;
        let mut out = [0.0; MAX_PLAYERS];
        for (p, s) in out.iter_mut().enumerate().take(players) {
            let f = self.features(game, p as Player);
            let mut extra = 0.0;
            if mid_turn && game.to_move() as usize == p {
                extra += self.turn_bonus(game);
            }
            *s = dot(&self.weights, &f) + self.weights[PROGRESS] * extra;
        }
        out
    }

    /// Every player's chance to win (see the module doc); a finished game
    /// gives 1 to its winner and a draw an equal share.
    pub fn values(&self, game: &Game, mid_turn: bool) -> Values {
        let players = game.rules().players as usize;
        let mut out = [0.0; MAX_PLAYERS];
        match game.outcome() {
            Outcome::Winner(w) => {
                out[w as usize] = 1.0;
                return out;
            }
            Outcome::Draw => {
                out[..players].fill(1.0 / players as f64);
                return out;
            }
            Outcome::Ongoing => {}
        }
        softmax(&self.scores(game, mid_turn), players)
    }
}

/// The dot product of weights and features.
pub fn dot(w: &Features, f: &Features) -> f64 {
    w.iter().zip(f).map(|(a, b)| a * b).sum()
}

/// `exp(s)` normalised over the first `players` entries.
pub fn softmax(s: &Values, players: usize) -> Values {
    let max = s[..players].iter().copied().fold(f64::MIN, f64::max);
    let mut out = [0.0; MAX_PLAYERS];
    let mut total = 0.0;
    for p in 0..players {
        out[p] = (s[p] - max).exp();
        total += out[p];
    }
    for v in &mut out[..players] {
        *v /= total;
    }
    out
}

/// Enumerates the ways a turn's throws can fall (R6): a 1, 2 or 3 ends the
/// throwing, a grace throws again; a third grace loses the turn (R11),
/// which a player avoids by spending a grace first, so three throws are
/// the most counted.
fn turn_throws(
    odds: &[f64; 5],
    prob: f64,
    depth: u8,
    held: &mut Vec<u8>,
    out: &mut Vec<TurnThrows>,
) {
    for (i, &v) in VALUES.iter().enumerate() {
        held.push(v);
        let p = prob * odds[i];
        if v == 4 || v == 8 {
            if depth < 2 {
                turn_throws(odds, p, depth + 1, held, out);
            } else {
                out.push(TurnThrows {
                    prob: p,
                    reach: subset_sums(held),
                });
            }
        } else {
            out.push(TurnThrows {
                prob: p,
                reach: subset_sums(held),
            });
        }
        held.pop();
    }
}

/// The distances one pawn can walk spending some of `held`.
fn subset_sums(held: &[u8]) -> u64 {
    let mut sums = 1u64;
    for &v in held {
        sums |= sums << v;
    }
    sums & !1
}

#[cfg(test)]
mod tests {
    use super::*;
    use chowka_protocol::{Preset, Rules};

    #[test]
    fn turn_throws_cover_every_throw_once() {
        let game = Game::new(Rules::preset(Preset::ChowkaBhara, 2));
        let eval = Eval::new(&game);
        let total: f64 = eval.turns.iter().map(|t| t.prob).sum();
        assert!((total - 1.0).abs() < 1e-9);
        // A distance of 2 is reached by a 2 (6/16) and by graces then a 2.
        let two: f64 = eval
            .turns
            .iter()
            .filter(|t| t.reach & 4 != 0)
            .map(|t| t.prob)
            .sum();
        assert!(two > 6.0 / 16.0 && two < 7.0 / 16.0, "{two}");
    }

    #[test]
    fn the_start_is_even_for_both_players() {
        let game = Game::new(Rules::preset(Preset::ChowkaBhara, 2));
        let eval = Eval::new(&game);
        let s = eval.scores(&game, false);
        // Only the turn order tells the players apart.
        let tempo = eval.weights[TO_MOVE] - eval.weights[MOVES_SECOND];
        assert!((s[0] - s[1] - tempo).abs() < 1e-9, "{s:?}");
        let v = eval.values(&game, false);
        assert!((v[0] + v[1] - 1.0).abs() < 1e-9, "{v:?}");
    }
}
