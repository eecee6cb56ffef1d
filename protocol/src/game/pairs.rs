//! Pairs (R13, C6): loose and committed pairs, how a pair moves, the block
//! a committed pair puts on other players' singles.

use super::{Effect, Event, Game, Occupancy, NO_PARTNER};
use crate::action::{Code, Move, PawnSet, Player};

impl Game {
    /// The other pawn of `pawn`'s committed pair, if it is in one.
    pub fn partner(&self, player: Player, pawn: u8) -> Option<u8> {
        let x = self.table.partner[player as usize][pawn as usize];
        (x != NO_PARTNER).then_some(x)
    }

    /// Every committed pair, `(player, [low, high])`.
    pub fn pairs(&self) -> Vec<(Player, [u8; 2])> {
        let mut out = Vec::new();
        for p in 0..self.rules.players {
            for i in 0..self.rules.pawns {
                if let Some(j) = self.partner(p, i) {
                    if i < j {
                        out.push((p, [i, j]));
                    }
                }
            }
        }
        out
    }

    /// R13, C6: two pawns of `me` move together only as a loose pair on the
    /// first inner square (which this move commits) or a committed pair,
    /// by half an even value and to the centre at most; only a pair hits a
    /// pair.
    pub(super) fn check_pair(&self, me: Player, mv: Move, occ: &Occupancy) -> Result<Effect, Code> {
        let mi = me as usize;
        if !self.rules.pairs {
            return Err(Code::NotAPair);
        }
        let mut it = mv.pawns.iter();
        let (a, b) = (
            it.next().unwrap_or(0) as usize,
            it.next().unwrap_or(0) as usize,
        );
        let t = &self.table;
        let committed = t.partner[mi][a] == b as u8;
        let inner = self.board.first_inner();
        let loose = t.partner[mi][a] == NO_PARTNER
            && t.partner[mi][b] == NO_PARTNER
            && t.pawns[mi][a] == inner
            && t.pawns[mi][b] == inner;
        if !committed && !loose {
            return Err(Code::NotAPair);
        }
        let v = mv.value;
        if !v.is_multiple_of(2) {
            return Err(Code::PairNeedsEven);
        }
        let from = t.pawns[mi][a];
        let to = from + v / 2;
        if to > self.board.centre() {
            return Err(Code::PastCentre);
        }
        let sq = self.board.square_index(self.side(me), to);
        let bit = 1u128 << sq;
        let safe = self.board.is_safe_index(sq);
        if !safe && occ.pair[mi] & bit != 0 {
            return Err(Code::SquareFull);
        }
        let victim = if safe {
            None
        } else {
            Self::pick_victim(me, mv.target, occ.pairs_on(sq))?
        };
        if victim.is_none() && mv.target.is_some() {
            return Err(Code::BadTarget);
        }
        Ok(Effect::Walk {
            from,
            to,
            commit: loose,
            victim,
        })
    }

    /// R13 block (C6): a single pawn of `me` may not pass over a square
    /// holding another player's committed pair, safe or not; it may land
    /// there. With `lap` the walk goes round the outer ring (R8).
    #[inline]
    pub(super) fn check_block(
        &self,
        me: Player,
        from: u8,
        v: u8,
        lap: bool,
        occ: &Occupancy,
    ) -> Result<(), Code> {
        let opp_pairs = occ.others_pairs[me as usize];
        if opp_pairs != 0 {
            let side = self.side(me);
            let gate = self.board.gate();
            for k in 1..v {
                let pos = if lap {
                    (from + k) % (gate + 1)
                } else {
                    from + k
                };
                if opp_pairs >> self.board.square_index(side, pos) & 1 == 1 {
                    return Err(Code::BlockedByPair);
                }
            }
        }
        Ok(())
    }

    /// R13: a loose pair moved together becomes a committed pair.
    pub(super) fn commit_pair(&mut self, pawns: PawnSet, sink: &mut dyn FnMut(Event)) {
        let me = self.to_move;
        let mi = me as usize;
        let mut it = pawns.iter();
        let a = it.next().unwrap_or(0);
        let b = it.next().unwrap_or(a);
        self.table.partner[mi][a as usize] = b;
        self.table.partner[mi][b as usize] = a;
        sink(Event::PairCommitted { player: me, pawns });
    }
}
