//! Who stands where, as square bitboards: derived from the table and read
//! by the square limits (R9), hits (R10) and the pair block (R13).

use super::{Game, MAX_PLAYERS, NO_PARTNER, WAITING};
use crate::action::Player;
use crate::board::MAX_SQUARES;

/// Who is where on the board, as square bitboards (bit = `row * N + col`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Occupancy {
    /// Squares where a player has at least one single pawn.
    pub(super) one: [u128; MAX_PLAYERS],
    /// Squares where a player has at least two single pawns.
    pub(super) two: [u128; MAX_PLAYERS],
    /// Squares where a player has a committed pair.
    pub(super) pair: [u128; MAX_PLAYERS],
    /// Squares where any other player has a committed pair (R13 block).
    pub(super) others_pairs: [u128; MAX_PLAYERS],
    /// Single pawns per player per square, so that walks and hits of
    /// singles update the bitboards without a full recount.
    pub(super) singles: [[u8; MAX_SQUARES]; MAX_PLAYERS],
    /// Per square, the players (as bits) with at least one single there:
    /// `one` turned the other way, for the hit check (R10), which asks
    /// about one square and every player.
    pub(super) singles_by_square: [u8; MAX_SQUARES],
}

impl Default for Occupancy {
    fn default() -> Self {
        Occupancy {
            one: [0; MAX_PLAYERS],
            two: [0; MAX_PLAYERS],
            pair: [0; MAX_PLAYERS],
            others_pairs: [0; MAX_PLAYERS],
            singles: [[0; MAX_SQUARES]; MAX_PLAYERS],
            singles_by_square: [0; MAX_SQUARES],
        }
    }
}

impl Occupancy {
    /// A single pawn of player `p` arrives on square `sq`.
    pub(super) fn add_single(&mut self, p: usize, sq: u8) {
        let c = &mut self.singles[p][sq as usize];
        *c += 1;
        let bit = 1u128 << sq;
        self.one[p] |= bit;
        self.singles_by_square[sq as usize] |= 1 << p;
        if *c >= 2 {
            self.two[p] |= bit;
        }
    }

    /// A single pawn of player `p` leaves square `sq`.
    pub(super) fn remove_single(&mut self, p: usize, sq: u8) {
        let c = &mut self.singles[p][sq as usize];
        *c -= 1;
        let bit = 1u128 << sq;
        if *c < 2 {
            self.two[p] &= !bit;
        }
        if *c == 0 {
            self.one[p] &= !bit;
            self.singles_by_square[sq as usize] &= !(1 << p);
        }
    }

    /// The players (as bits) with a single pawn on square `sq`.
    #[inline]
    pub(super) fn singles_on(&self, sq: u8) -> u8 {
        self.singles_by_square[sq as usize]
    }

    /// The players (as bits) with a committed pair on square `sq`.
    #[inline]
    pub(super) fn pairs_on(&self, sq: u8) -> u8 {
        (0..MAX_PLAYERS).fold(0, |acc, q| acc | ((self.pair[q] >> sq & 1) as u8) << q)
    }
}

impl Game {
    /// Recounts the occupancy after a change too wide to follow in place
    /// (a pair move, an undone turn, a set-up position).
    pub(super) fn refresh_occupancy(&mut self) {
        self.occ = self.compute_occupancy();
    }

    /// The occupancy counted from the table alone.
    pub(super) fn compute_occupancy(&self) -> Occupancy {
        let mut occ = Occupancy::default();
        for p in 0..self.rules.players as usize {
            let side = self.side(p as Player);
            for i in 0..self.rules.pawns as usize {
                let x = self.table.pawns[p][i];
                if x == WAITING {
                    continue;
                }
                let sq = self.board.square_index(side, x);
                if self.table.partner[p][i] != NO_PARTNER {
                    occ.pair[p] |= 1u128 << sq;
                } else {
                    occ.add_single(p, sq);
                }
            }
        }
        for p in 0..MAX_PLAYERS {
            for q in 0..MAX_PLAYERS {
                if q != p {
                    occ.others_pairs[p] |= occ.pair[q];
                }
            }
        }
        occ
    }
}
