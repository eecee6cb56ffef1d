//! How a turn ends and the next begins (R2 turn order, R6, R12 stranded
//! turns, C9 rounds).

use super::{Event, Game, Occupancy, Turn};
use crate::action::{Action, Move};
use crate::rules::Stranded;
use crate::throw::VALUES;

impl Game {
    /// After a throw, skip or move: end or strand the turn if it is spent (R6, R12).
    pub(super) fn after_action(&mut self, sink: &mut dyn FnMut(Event)) {
        if self.turn.pending > 0 {
            return;
        }
        if self.holds_nothing() {
            self.end_turn(sink);
            return;
        }
        if self.can_use_held(&self.occ) {
            return;
        }
        match self.rules.stranded {
            Stranded::Undo => {
                // C5: the turn leaves no trace.
                self.table = self.turn_start.clone();
                self.refresh_occupancy();
                sink(Event::TurnUndone {
                    player: self.to_move,
                });
                self.pass_turn(sink);
            }
            Stranded::Forfeit => {
                sink(Event::HeldForfeited {
                    player: self.to_move,
                });
                self.end_turn(sink);
            }
        }
    }

    /// R12: whether some held value has a legal move.
    fn can_use_held(&self, occ: &Occupancy) -> bool {
        VALUES
            .iter()
            .enumerate()
            .any(|(vi, &v)| self.turn.held[vi] > 0 && self.has_move_with(self.to_move, v, occ))
    }

    /// For a legal move played with nothing pending: whether it would strand
    /// the turn (R12), so that a client can warn before it.
    pub fn would_strand(&self, mv: Move) -> bool {
        if self.turn.pending > 0 {
            return false;
        }
        let mut after = self.clone();
        let mut stranded = false;
        let ok = after.play_with(
            self.to_move,
            Action::Move(mv),
            &mut crate::throw::ForcedThrow(1),
            &mut |e| {
                stranded |= matches!(e, Event::TurnUndone { .. } | Event::HeldForfeited { .. })
            },
        );
        ok.is_ok() && stranded
    }

    /// A turn that stands ends: betrayals are settled, an open offer lapses.
    pub(super) fn end_turn(&mut self, sink: &mut dyn FnMut(Event)) {
        self.settle_betrayals(sink);
        self.lapse_offer(sink);
        self.pass_turn(sink);
    }

    /// R2: turns pass 0, 1, 2, ...; C9: the round goes up at player 0.
    fn pass_turn(&mut self, sink: &mut dyn FnMut(Event)) {
        self.to_move = (self.to_move + 1) % self.rules.players;
        if self.to_move == 0 {
            self.round += 1;
        }
        self.begin_turn(sink);
    }

    /// A turn begins: pending 1, truces run out (C9), the draw check (R14).
    pub(super) fn begin_turn(&mut self, sink: &mut dyn FnMut(Event)) {
        self.turn = Turn {
            pending: 1,
            ..Turn::default()
        };
        let (me, round) = (self.to_move, self.round);
        self.expire_truces(sink);
        if self.end_if_drawn(sink) {
            return;
        }
        self.turn_start = self.table.clone();
        sink(Event::TurnBegan { player: me, round });
    }
}
