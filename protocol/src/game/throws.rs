//! Throws, held values and grace runs (R5, R6, R11).

use super::{Event, Game};
use crate::action::{Code, Player, Rejection};
use crate::throw::{is_grace, is_value, value_index, ThrowSource, VALUES};

impl Game {
    /// Pending throws of the player to move.
    pub fn pending(&self) -> u8 {
        self.turn.pending
    }

    /// The run: held graces thrown since the last 1, 2 or 3 (R11).
    pub fn run(&self) -> u8 {
        self.turn.run4 + self.turn.run8
    }

    /// Held values of the player to move, ascending, with repeats.
    pub fn held(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for (i, &v) in VALUES.iter().enumerate() {
            out.extend(std::iter::repeat_n(v, self.turn.held[i] as usize));
        }
        out
    }

    /// How many copies of `value` the player to move holds.
    pub fn held_count(&self, value: u8) -> u8 {
        if is_value(value) {
            self.turn.held[value_index(value)]
        } else {
            0
        }
    }

    /// Whether the player to move holds nothing.
    pub fn holds_nothing(&self) -> bool {
        self.turn.held == [0; 5]
    }

    /// Whether the player to move may throw now (R6: one is pending).
    pub fn can_throw(&self) -> bool {
        !self.is_over() && self.turn.pending >= 1
    }

    /// Whether the player to move may skip now (R11).
    pub fn can_skip(&self) -> bool {
        !self.is_over() && self.rules.three_grace && self.run() == 2 && self.turn.pending >= 1
    }

    /// R5, R6, R11: a throw adds its value to held; a grace earns one more
    /// throw and lengthens the run, and a third grace in a row (O3) loses
    /// the rest of the turn.
    pub(super) fn throw(
        &mut self,
        by: Player,
        throws: &mut dyn ThrowSource,
        sink: &mut dyn FnMut(Event),
    ) -> Result<(), Rejection> {
        if self.turn.pending == 0 {
            return Err(Code::NoThrowPending.into());
        }
        let v = throws.next_throw(self.rules.mouth_up);
        let v = if is_value(v) { v } else { 1 };
        self.turn.pending -= 1;
        self.turn.held[value_index(v)] += 1;
        sink(Event::Thrown {
            player: by,
            value: v,
        });
        match v {
            4 => self.turn.run4 += 1,
            8 => self.turn.run8 += 1,
            _ => (self.turn.run4, self.turn.run8) = (0, 0),
        }
        if is_grace(v) {
            self.turn.pending += 1;
            if self.rules.three_grace && self.run() >= 3 {
                sink(Event::GracePenalty { player: by });
                self.end_turn(sink);
                return Ok(());
            }
        }
        self.after_action(sink);
        Ok(())
    }

    /// R11: with a run of 2, one pending throw may be forgone.
    pub(super) fn skip(
        &mut self,
        by: Player,
        sink: &mut dyn FnMut(Event),
    ) -> Result<(), Rejection> {
        if !self.can_skip() {
            return Err(Code::SkipNotAllowed.into());
        }
        self.turn.pending -= 1;
        sink(Event::Skipped { player: by });
        self.after_action(sink);
        Ok(())
    }

    /// R6, R11: a move spends one held `v`; a grace spent lowers the run.
    pub(super) fn spend_held(&mut self, v: u8) {
        self.turn.held[value_index(v)] -= 1;
        // R11: spending a grace uses the run's copy first.
        match v {
            4 if self.turn.run4 > 0 => self.turn.run4 -= 1,
            8 if self.turn.run8 > 0 => self.turn.run8 -= 1,
            _ => {}
        }
    }
}
