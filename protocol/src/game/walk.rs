//! Walking single pawns along their path (R8: exact finish, the gate and
//! its laps, the centre; R9: how many pawns share a square), and carrying
//! out a walk of a pawn or a pair.

use super::{Effect, Event, Game, Occupancy, NO_PARTNER};
use crate::action::{Code, Move, Player};
use crate::rules::Gate;

impl Game {
    /// R8, R9 (C1, C2): a single pawn of `me` walking `mv.value` may not
    /// split a committed pair (R13), pass the gate, overshoot the centre,
    /// pass an opponent's pair (R13 block) or crowd its own pawns, and it
    /// hits an opponent's single where it lands (R10).
    pub(super) fn check_single(
        &self,
        me: Player,
        mv: Move,
        occ: &Occupancy,
    ) -> Result<Effect, Code> {
        let mi = me as usize;
        let i = mv.pawns.first().unwrap_or(0) as usize;
        if self.table.partner[mi][i] != NO_PARTNER {
            return Err(Code::PairCannotSplit);
        }
        let from = self.table.pawns[mi][i];
        let v = mv.value;
        let lap = self.check_gate(mi, from, v)?;
        let gate = self.board.gate();
        let to = if lap {
            (from + v) % (gate + 1)
        } else if from + v > self.board.centre() {
            return Err(Code::PastCentre);
        } else {
            from + v
        };
        self.check_block(me, from, v, lap, occ)?;
        let side = self.side(me);
        let sq = self.board.square_index(side, to);
        let bit = 1u128 << sq;
        let safe = self.board.is_safe_index(sq);
        if !safe {
            // R9: one pawn per square on the outer ring, two singles inside.
            let limit = if self.board.is_outer_index(sq) {
                occ.one[mi] | occ.pair[mi]
            } else {
                occ.two[mi]
            };
            if limit & bit != 0 {
                return Err(Code::SquareFull);
            }
        }
        let victim = if safe {
            None
        } else {
            Self::pick_victim(me, mv.target, occ.singles_on(sq))?
        };
        if victim.is_none() && mv.target.is_some() {
            return Err(Code::BadTarget);
        }
        Ok(Effect::Walk {
            from,
            to,
            commit: false,
            victim,
        })
    }

    /// R8 gate (O2, C1): while player `mi` has not hit, a pawn at or before
    /// G may not walk past it. `hit-first` refuses the move, `lap` sends it
    /// round the outer ring again (returns whether it laps), `open` lets it on.
    #[inline]
    fn check_gate(&self, mi: usize, from: u8, v: u8) -> Result<bool, Code> {
        let gate = self.board.gate();
        let held_back = !self.table.has_hit[mi] && from <= gate && from + v > gate;
        let lap = held_back && self.rules.gate == Gate::Lap;
        if held_back && self.rules.gate == Gate::HitFirst {
            return Err(Code::GateClosed);
        }
        Ok(lap)
    }

    /// R8, R13: the pawn, or both pawns of the pair, walk from `from` to
    /// `to`; a loose pair moved together is committed, then `victim` is hit.
    pub(super) fn walk(
        &mut self,
        mv: Move,
        from: u8,
        to: u8,
        commit: bool,
        victim: Option<Player>,
        sink: &mut dyn FnMut(Event),
    ) {
        let me = self.to_move;
        let mi = me as usize;
        let side = self.side(me);
        // Single walks (with their hits) update the occupancy in place;
        // pair moves recount it.
        let recount = mv.pawns.len() == 2;
        for i in mv.pawns.iter() {
            self.table.pawns[mi][i as usize] = to;
        }
        if !recount {
            self.occ
                .remove_single(mi, self.board.square_index(side, from));
            self.occ.add_single(mi, self.board.square_index(side, to));
        }
        sink(Event::Walked {
            player: me,
            pawns: mv.pawns,
            value: mv.value,
            from,
            to,
        });
        if commit {
            self.commit_pair(mv.pawns, sink);
        }
        if let Some(q) = victim {
            self.hit(q, to, mv.pawns.len() == 2, sink);
        }
        if recount {
            self.refresh_occupancy();
        }
    }
}
