//! Entering waiting pawns on the home square (R7, C7).

use super::{Effect, Event, Game, WAITING};
use crate::action::{Code, Move, Player};
use crate::rules::Entry;
use crate::throw::is_grace;

impl Game {
    /// R7, C7: whether `mv.value` may enter these `count` waiting pawns
    /// under the entry option (O1); entering never hits.
    pub(super) fn check_entry(&self, me: Player, mv: Move, count: u32) -> Result<Effect, Code> {
        let v = mv.value;
        let grace = is_grace(v);
        let ok = match self.rules.entry {
            Entry::Home => false,
            Entry::GraceOne => grace && count == 1,
            Entry::GraceAll => grace && count == self.waiting_count(me),
            Entry::AshtaChamma => (v == 4 && count <= 2) || (v == 8 && count <= 4),
            Entry::FirstGrace => {
                count == 1 && (grace || self.waiting_count(me) < self.rules.pawns as u32)
            }
        };
        if !ok {
            return Err(Code::CannotEnter);
        }
        if mv.target.is_some() {
            return Err(Code::BadTarget);
        }
        Ok(Effect::Enter)
    }

    /// How many pawns of `me` still wait beside the board (R7).
    fn waiting_count(&self, me: Player) -> u32 {
        self.table.pawns[me as usize][..self.rules.pawns as usize]
            .iter()
            .filter(|&&x| x == WAITING)
            .count() as u32
    }

    /// R7: waiting pawns enter on the home square; the value is used up.
    pub(super) fn enter(&mut self, mv: Move, sink: &mut dyn FnMut(Event)) {
        let me = self.to_move;
        let mi = me as usize;
        let home = self.board.square_index(self.side(me), 0);
        for i in mv.pawns.iter() {
            self.table.pawns[mi][i as usize] = 0;
            self.occ.add_single(mi, home);
        }
        sink(Event::Entered {
            player: me,
            pawns: mv.pawns,
            value: mv.value,
        });
    }
}
