//! Hits (R10; a pair hitting a pair, R13): who is hit, who goes home, and
//! the extra throw and open gate the hitter earns.

use super::{Event, Game, NO_PARTNER, WAITING};
use crate::action::{Code, PawnSet, Player};

impl Game {
    /// Whether `player` has hit (R10: its gate is open).
    pub fn has_hit(&self, player: Player) -> bool {
        self.table.has_hit[player as usize]
    }

    /// R10/R13 and C3: choose the opponent hit among `candidates`.
    pub(super) fn pick_victim(
        me: Player,
        target: Option<Player>,
        candidates: u8,
    ) -> Result<Option<Player>, Code> {
        let candidates = candidates & !(1 << me);
        match target {
            Some(t) if t < 8 && candidates >> t & 1 == 1 => Ok(Some(t)),
            Some(_) => Err(Code::BadTarget),
            None if candidates.count_ones() > 1 => Err(Code::TargetRequired),
            None if candidates == 0 => Ok(None),
            None => Ok(Some(candidates.trailing_zeros() as Player)),
        }
    }

    /// Sends home the victim's pawns on the mover's square `to` (R10, R13):
    /// the hitter gets one more pending throw and its gate opens for good.
    pub(super) fn hit(&mut self, q: Player, to: u8, by_pair: bool, sink: &mut dyn FnMut(Event)) {
        let me = self.to_move;
        let sq = self.board.square_index(self.side(me), to);
        let qside = self.side(q);
        let qi = q as usize;
        let mut sent = PawnSet::EMPTY;
        for j in 0..self.rules.pawns {
            let x = self.table.pawns[qi][j as usize];
            if x == WAITING || self.board.square_index(qside, x) != sq {
                continue;
            }
            let in_pair = self.table.partner[qi][j as usize] != NO_PARTNER;
            if in_pair == by_pair {
                sent = sent.with(j);
                if !by_pair {
                    break; // the lowest-index single only
                }
            }
        }
        for j in sent.iter() {
            self.table.pawns[qi][j as usize] = 0;
            self.table.partner[qi][j as usize] = NO_PARTNER;
            if !by_pair {
                self.occ.remove_single(qi, sq);
                self.occ.add_single(qi, self.board.square_index(qside, 0));
            }
        }
        self.table.has_hit[me as usize] = true;
        self.turn.pending += 1;
        sink(Event::Hit {
            player: me,
            victim: q,
            pawns: sent,
        });
        self.note_hit_for_truces(q, sink);
    }
}
