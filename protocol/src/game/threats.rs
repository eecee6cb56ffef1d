//! Threats: which of a player's pawns an opponent could hit with which
//! throw, for players who cannot see the board (issue 32's `threats`).
//!
//! A one-throw look-ahead from the position as it stands: for each other
//! player, "if their turn began now and they held exactly this one
//! value". It asks the engine's own legality (`legal_moves`, and playing
//! the move on a copy to see who goes home), so it follows every rule that
//! decides a hit: R10 (singles hit singles, the lowest index goes home),
//! R4 (never on a safe square), R8 and R9 (the move must be legal at all:
//! gate, exact finish, full squares), R13 (only a pair hits a pair, and
//! the block) and R15 (a truce is a promise, not a rule: an ally can be
//! hit, so an ally's hit is a threat).

use super::{Event, Game, Turn};
use crate::action::{Action, Move, PawnSet, Player};
use crate::throw::{value_index, ForcedThrow, VALUES};
use serde::{Deserialize, Serialize};

/// One way an opponent could hit a player's pawns with one throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Threat {
    /// The opponent's seat.
    pub by: Player,
    /// The throw value they would need (1, 2, 3, 4 or 8).
    pub value: u8,
    /// The threatened player's pawns that would go home: one single, or
    /// both pawns of a committed pair (R13).
    pub pawns: PawnSet,
    /// The opponent's pawns that would move: one, or a pair (R13).
    pub from: PawnSet,
    /// The threatened pawns' path position, on their owner's own path
    /// (R3): "your pawn on your 5th square".
    pub square: u8,
}

impl Game {
    /// Every way another player could hit `target`'s pawns if that
    /// player's turn began now, from this position, holding exactly one
    /// throw value, for each value of R5. A one-throw look-ahead: it does
    /// not follow the extra throw a hit earns (R10), nor the rest of the
    /// turn in progress. Sorted, without repeats; empty once the game is
    /// over, for a seat that is not a player, and while `target` has no
    /// pawn on the board.
    pub fn threats(&self, target: Player) -> Vec<Threat> {
        let mut out = Vec::new();
        if self.is_over() || target >= self.rules.players || !self.has_pawn_out(target) {
            return out;
        }
        let position = self.position();
        for by in (0..self.rules.players).filter(|&p| p != target) {
            let mut pos = position.clone();
            pos.to_move = by;
            // The position is this game's own, so it is always accepted.
            let Ok(turn) = Game::from_position(self.rules, &pos) else {
                continue;
            };
            for &value in &VALUES {
                let mut hand = turn.clone();
                hand.hold_only(value);
                for mv in hand.legal_moves() {
                    if let Some(threat) = hand.threat_of(by, target, mv) {
                        out.push(threat);
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether `player` has a pawn on the board: not waiting (R7) and not
    /// at the centre, where nothing is hit (R4).
    fn has_pawn_out(&self, player: Player) -> bool {
        (0..self.rules.pawns).any(|i| {
            self.pawn(player, i)
                .is_some_and(|x| x != self.board.centre())
        })
    }

    /// The throw of the turn in progress replaced by exactly one held
    /// `value` and nothing pending: what [`Game::threats`] asks "what if
    /// they held this" with.
    fn hold_only(&mut self, value: u8) {
        let mut turn = Turn::default();
        turn.held[value_index(value)] = 1;
        self.turn = turn;
    }

    /// The threat to `target` of the legal move `mv` of `by`, the player to
    /// move: the move is played on a copy, and the hit it reports says
    /// whose pawns go home.
    fn threat_of(&self, by: Player, target: Player, mv: Move) -> Option<Threat> {
        if self.preview(mv)?.victim != Some(target) {
            return None;
        }
        let mut after = self.clone();
        let mut hit = PawnSet::EMPTY;
        let played = after.play_with(by, Action::Move(mv), &mut ForcedThrow(1), &mut |e| {
            if let Event::Hit { victim, pawns, .. } = e {
                if victim == target {
                    hit = pawns;
                }
            }
        });
        let square = self.pawn(target, hit.first()?)?;
        played.ok().map(|_| Threat {
            by,
            value: mv.value,
            pawns: hit,
            from: mv.pawns,
            square,
        })
    }
}
