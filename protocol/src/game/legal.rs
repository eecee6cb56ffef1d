//! Legality: which moves the player to move may play (R6-R10, R13), and
//! every legal action. The rules themselves are in the check functions of
//! each family; this is where a move is sent to them and where moves are
//! listed.

use super::{Effect, Game, Occupancy, WAITING};
use crate::action::{Action, Code, Move, PawnSet, Player, Rejection};
use crate::rules::Entry;
use crate::throw::VALUES;
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

/// What a legal move would do, for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preview {
    /// Path position the pawns end on (0 for entering pawns).
    pub to: u8,
    /// The opponent it hits, if any.
    pub victim: Option<Player>,
    /// Whether it commits a loose pair (R13).
    pub commits: bool,
}

/// The legal moves of a position; fixed capacity, no allocation.
pub type MoveList = ArrayVec<Move, 512>;

impl Game {
    /// Checks `mv` for `me` as if `me` held its value; does not look at held
    /// values. Waiting pawns enter (R7); others walk alone (R8-R10) or as a
    /// pair (R13). C6: more than two walking pawns are `not_a_pair`; C7: a
    /// move mixing waiting and entered pawns is `cannot_enter`; a pawn at
    /// the centre never moves again (R8).
    pub(super) fn check_move(&self, me: Player, mv: Move, occ: &Occupancy) -> Result<Effect, Code> {
        let n = self.rules.pawns;
        if mv.pawns.is_empty() || u32::from(mv.pawns.0) >> n != 0 {
            return Err(Code::NoSuchPawn);
        }
        let pawns = &self.table.pawns[me as usize];
        let count = mv.pawns.len();
        let mut waiting = 0;
        let mut at_centre = false;
        let mut bits = mv.pawns.0;
        while bits != 0 {
            let x = pawns[bits.trailing_zeros() as usize];
            waiting += (x == WAITING) as u32;
            at_centre |= x == self.board.centre();
            bits &= bits - 1;
        }
        if waiting == count {
            return self.check_entry(me, mv, count);
        }
        if waiting > 0 {
            return Err(Code::CannotEnter); // C7: mixing waiting and entered pawns
        }
        if count > 2 {
            return Err(Code::NotAPair); // C6
        }
        if at_centre {
            return Err(Code::NoSuchPawn);
        }
        if count == 1 {
            self.check_single(me, mv, occ)
        } else {
            self.check_pair(me, mv, occ)
        }
    }

    /// R6: checks a move by the player to move, which must hold its value.
    pub(super) fn check_held_move(&self, mv: Move, occ: &Occupancy) -> Result<Effect, Code> {
        if self.held_count(mv.value) == 0 {
            return Err(Code::ValueNotHeld);
        }
        self.check_move(self.to_move, mv, occ)
    }

    /// Whether the player to move may play `mv` now (C3: naming the only
    /// opponent who can be hit is accepted).
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Where a legal move of the player to move takes its pawns and whom it
    /// hits; `None` if the move is not legal.
    pub fn preview(&self, mv: Move) -> Option<Preview> {
        if self.is_over() {
            return None;
        }
        match self.check_held_move(mv, &self.occ).ok()? {
            Effect::Enter => Some(Preview {
                to: 0,
                victim: None,
                commits: false,
            }),
            Effect::Walk {
                to, commit, victim, ..
            } => Some(Preview {
                to,
                victim,
                commits: commit,
            }),
        }
    }

    /// Why `mv` would be refused, if it would.
    pub fn check(&self, mv: Move) -> Result<(), Rejection> {
        if self.is_over() {
            return Err(Code::GameOver.into());
        }
        self.check_held_move(mv, &self.occ)
            .map(|_| ())
            .map_err(Rejection::from)
    }

    /// Appends every legal move of the player to move to `out`: one entry
    /// per move, with a target only where the move needs one.
    pub fn legal_moves_into(&self, out: &mut MoveList) {
        if self.is_over() || self.holds_nothing() {
            return;
        }
        let occ = &self.occ;
        for (vi, &v) in VALUES.iter().enumerate() {
            if self.turn.held[vi] > 0 {
                self.moves_with(self.to_move, v, occ, &mut |m| out.push(m));
            }
        }
    }

    /// Every legal move of the player to move.
    pub fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Every legal action of the game now: throw, skip, moves, truce offers
    /// by the player to move and answers by the offered player (see [`Game::actor`]).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.is_over() {
            return out;
        }
        if self.can_throw() {
            out.push(Action::Throw);
        }
        if self.can_skip() {
            out.push(Action::Skip);
        }
        out.extend(self.legal_moves().into_iter().map(Action::Move));
        self.truce_actions_into(&mut out);
        out
    }

    /// Calls `f` with every legal move of `me` spending `v`, as if held.
    fn moves_with(&self, me: Player, v: u8, occ: &Occupancy, f: &mut impl FnMut(Move)) {
        let mi = me as usize;
        let n = self.rules.pawns;
        let pawns = &self.table.pawns[mi];
        let mut emit = |mv: Move, first: Result<Effect, Code>| self.emit(me, mv, first, occ, f);
        let mut waiting = PawnSet::EMPTY;
        let centre = self.board.centre();
        for i in 0..n {
            match pawns[i as usize] {
                WAITING => waiting = waiting.with(i),
                x if x == centre => {}
                _ => {
                    // The common case, straight to the single-pawn rules.
                    let mv = Move {
                        pawns: PawnSet::single(i),
                        value: v,
                        target: None,
                    };
                    emit(mv, self.check_single(me, mv, occ));
                }
            }
        }
        if self.rules.pairs && v.is_multiple_of(2) {
            for a in 0..n {
                for b in a + 1..n {
                    let (pa, pb) = (pawns[a as usize], pawns[b as usize]);
                    let committed = self.table.partner[mi][a as usize] == b;
                    let loose = pa == self.board.first_inner() && pb == pa;
                    if (committed || loose) && pa != WAITING {
                        let mv = Move {
                            pawns: PawnSet::pair(a, b),
                            value: v,
                            target: None,
                        };
                        emit(mv, self.check_move(me, mv, occ));
                    }
                }
            }
        }
        if waiting.is_empty() {
            return;
        }
        let max = match (self.rules.entry, v) {
            (Entry::AshtaChamma, 4) => 2,
            (Entry::AshtaChamma, 8) => 4,
            (Entry::GraceAll, _) => {
                let mv = Move {
                    pawns: waiting,
                    value: v,
                    target: None,
                };
                emit(mv, self.check_move(me, mv, occ));
                return;
            }
            _ => 1,
        };
        // Every subset of the waiting pawns of size 1 ..= max.
        let w = waiting.0;
        let mut sub = w;
        while sub != 0 {
            if sub.count_ones() <= max {
                let mv = Move {
                    pawns: PawnSet(sub),
                    value: v,
                    target: None,
                };
                emit(mv, self.check_move(me, mv, occ));
            }
            sub = (sub - 1) & w;
        }
    }

    /// Hands `mv` to `f` if `first`, its check made without a target,
    /// passed; a move that needs a target goes out once per opponent it can
    /// hit instead (R10, R13).
    #[inline(always)]
    fn emit(
        &self,
        me: Player,
        mv: Move,
        first: Result<Effect, Code>,
        occ: &Occupancy,
        f: &mut impl FnMut(Move),
    ) {
        match first {
            Ok(_) => f(mv),
            Err(Code::TargetRequired) => self.emit_with_targets(me, mv, occ, f),
            Err(_) => {}
        }
    }

    /// [`Game::emit`]'s rare case, kept out of line so that the common
    /// case stays small: one move per opponent `mv` can hit.
    #[cold]
    #[inline(never)]
    fn emit_with_targets(&self, me: Player, mv: Move, occ: &Occupancy, f: &mut impl FnMut(Move)) {
        for t in (0..self.rules.players).filter(|&t| t != me) {
            let with = Move {
                target: Some(t),
                ..mv
            };
            if self.check_move(me, with, occ).is_ok() {
                f(with);
            }
        }
    }

    /// Whether `me` has any legal move spending `v`, as if held.
    pub(super) fn has_move_with(&self, me: Player, v: u8, occ: &Occupancy) -> bool {
        let mut any = false;
        // Cheap first: single pawns, which cover nearly every position.
        for i in 0..self.rules.pawns {
            let mv = Move {
                pawns: PawnSet::single(i),
                value: v,
                target: None,
            };
            if matches!(
                self.check_move(me, mv, occ),
                Ok(_) | Err(Code::TargetRequired)
            ) {
                return true;
            }
        }
        self.moves_with(me, v, occ, &mut |_| any = true);
        any
    }
}
