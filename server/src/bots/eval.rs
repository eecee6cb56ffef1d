//! The evaluation shared by `medium` and `hard`: how good a position is for
//! each player, in units of squares of progress.
//!
//! A player's *standing* is its pawns' progress (R15's progress, with extra
//! worth for pawns past the gate and at the centre), the worth of an open
//! gate (R8, R10), minus the expected loss of its pawns that opponents can
//! hit with their next throws (R10), which the cowrie odds of R5 give.
//! A player's *value* is its standing minus its opponents' standings: the
//! search maximises the value of the player to move.

use chowka_protocol::{odds, Game, Gate, Outcome, Player, MAX_PLAYERS, VALUES};

/// Per-player values, indexed by seat; seats past the last player are 0.
pub type Values = [f64; MAX_PLAYERS];

/// A win or loss outweighs any difference of progress.
pub const WIN: f64 = 1000.0;

/// Worth of a betrayal to the betrayer: the truce is lost and computer
/// players decline its offers for 10 rounds (R15). A hit has to be worth
/// more than this for a computer player to break its word.
pub const BETRAYAL: f64 = 9.0;

/// The weights of the evaluation, in squares (scaled by the board).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Share of the danger counted when the threatened player moves next.
    pub exposure_mover: f64,
    /// Share of the danger counted when others move first.
    pub exposure: f64,
    /// Worth of a waiting pawn (R7).
    pub waiting: f64,
    /// Extra worth of a pawn past the gate.
    pub inner: f64,
    /// Extra worth of a pawn at the centre.
    pub finished: f64,
    /// Extra worth of a pawn in a committed pair (R13).
    pub pair: f64,
    /// Loss for not having hit yet (R8).
    pub closed_gate: f64,
    /// Further loss per pawn standing near a closed gate.
    pub at_gate: f64,
    /// Loss of a hit pawn beyond its progress.
    pub hit_loss: f64,
    /// Weight of the strongest opponent's standing in a player's value.
    pub rival: f64,
    /// Weight of the opponents' mean standing in a player's value.
    pub field: f64,
}

impl Weights {
    /// The weights computer players use.
    pub const STANDARD: Weights = Weights {
        exposure_mover: 0.3,
        exposure: 0.8,
        waiting: -2.0,
        inner: 2.0,
        finished: 3.0,
        pair: 0.8,
        closed_gate: 3.0,
        at_gate: 1.5,
        hit_loss: 3.0,
        rival: 0.4,
        field: 0.2,
    };
}

/// One way a turn's throws can fall (R5, R6): its probability and the
/// distances one pawn can walk with some of the held values (bit d set
/// for distance d).
#[derive(Clone, Copy, Debug)]
struct TurnThrows {
    prob: f64,
    reach: u64,
}

/// Everything the evaluation precomputes for one game: the inverse of the
/// paths and the ways a turn's throws can fall.
#[derive(Clone, Debug)]
pub struct Eval {
    /// `pos_on[player][square]`: the path position of `square` on the path
    /// of `player`'s side.
    pos_on: [[u8; 81]; MAX_PLAYERS],
    turns: Vec<TurnThrows>,
    /// Probability of each value, in [`VALUES`] order.
    pub odds: [f64; 5],
    gate: u8,
    inner: u8,
    centre: u8,
    /// Squares of one lap of the outer ring, which scales the bonuses.
    lap: f64,
    /// The weights.
    pub weights: Weights,
}

impl Eval {
    /// Precomputes the tables for `game`'s board and odds.
    pub fn new(game: &Game) -> Eval {
        let board = game.board();
        let rules = game.rules();
        let mut pos_on = [[0u8; 81]; MAX_PLAYERS];
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
            lap: (board.gate() + 1) as f64,
            weights: Weights::STANDARD,
        }
    }

    /// Squares of one lap over the 16 of the 5x5 board: bonuses scale with it.
    pub fn scale(&self) -> f64 {
        self.lap / 16.0
    }

    /// The standing of every player (see the module doc). `to_move`'s pawns
    /// are in less danger: it moves before anyone can hit them.
    pub fn standings(&self, game: &Game) -> Values {
        let rules = game.rules();
        let players = rules.players;
        let mut out = [0.0; MAX_PLAYERS];
        for p in 0..players {
            out[p as usize] = self.standing(game, p);
        }
        out
    }

    fn standing(&self, game: &Game, p: Player) -> f64 {
        let rules = game.rules();
        let scale = self.lap / 16.0;
        let w = &self.weights;
        let hit = game.has_hit(p) || rules.gate != Gate::HitFirst;
        let mut total = 0.0;
        let mut at_gate = 0.0;
        let mut danger = 0.0;
        // Attackers move before p can answer unless p is to move now.
        let exposure = if game.to_move() == p {
            w.exposure_mover
        } else {
            w.exposure
        };
        let ally = game.truce_of(p).and_then(|t| t.ally_of(p));
        for i in 0..rules.pawns {
            let Some(x) = game.pawn(p, i) else {
                total += w.waiting * scale;
                continue;
            };
            let mut worth = x as f64;
            if x >= self.inner {
                // Past the gate: no gate to wait at, fewer attackers.
                worth += w.inner * scale;
            }
            if x == self.centre {
                worth += w.finished * scale;
            } else if game.partner(p, i).is_some() {
                // A committed pair is safe from singles and blocks them (R13).
                worth += w.pair * scale;
            } else {
                let threat = self.threat(game, p, x, ally);
                danger += threat * (x as f64 + w.hit_loss * scale);
            }
            if !hit && x + 4 > self.gate {
                at_gate += 1.0;
            }
            total += worth;
        }
        // The gate (R8): until p hits, pawns near it stand still, and the
        // whole inner board is out of reach.
        if !hit {
            total -= (w.closed_gate + w.at_gate * at_gate) * scale;
        }
        total - exposure * danger
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

    /// The worth of values held and throws pending in the middle of a turn:
    /// they will still walk somewhere.
    pub fn turn_bonus(&self, game: &Game) -> f64 {
        let held: u32 = VALUES
            .iter()
            .map(|&v| v as u32 * game.held_count(v) as u32)
            .sum();
        let mean: f64 = VALUES
            .iter()
            .zip(self.odds)
            .map(|(&v, o)| v as f64 * o)
            .sum();
        0.8 * held as f64 + 0.9 * mean * game.pending() as f64
    }

    /// Every player's value: its standing against its opponents'. In a
    /// truce, the leader counts most (R15). `mid_turn` says the search
    /// stopped inside the mover's turn, so its held values and pending
    /// throws are still to walk.
    pub fn values(&self, game: &Game, mid_turn: bool) -> Values {
        let players = game.rules().players as usize;
        let mut out = [0.0; MAX_PLAYERS];
        match game.outcome() {
            Outcome::Winner(w) => {
                for (p, v) in out.iter_mut().enumerate().take(players) {
                    *v = if p == w as usize { WIN } else { -WIN };
                }
                return out;
            }
            Outcome::Draw => return out,
            Outcome::Ongoing => {}
        }
        let s = self.standings(game);
        let mover = game.to_move() as usize;
        let mut s_turn = s;
        // The mover's held values and pending throws are worth something too.
        if mid_turn {
            s_turn[mover] += self.turn_bonus(game);
        }
        for p in 0..players {
            let others = (0..players).filter(|&q| q != p);
            let max = others.clone().map(|q| s_turn[q]).fold(f64::MIN, f64::max);
            let mean = others.map(|q| s_turn[q]).sum::<f64>() / (players - 1) as f64;
            let against = match game.truce_of(p as Player) {
                Some(t) => 0.7 * s_turn[t.leader as usize] + 0.3 * mean,
                // Two players: what one gains the other loses.
                None if players == 2 => max,
                None => self.weights.rival * max + self.weights.field * mean,
            };
            out[p] = s_turn[p] - against;
        }
        out
    }
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
        let v = Eval::new(&game).values(&game, false);
        assert!(v[0].abs() < 1e-9 && v[1].abs() < 1e-9, "{v:?}");
    }
}
