//! Board geometry (R1-R4): sides, squares, each side's path, safe squares.
//!
//! Everything here is computed once per board size at compile time, so the
//! engine only ever looks positions up in small tables.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A square `[row, col]`, row 0 at the top as seen by South (R1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Square {
    /// Row, 0 at the top of the screen as seen by South.
    pub row: u8,
    /// Column, 0 at the left.
    pub col: u8,
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.row, self.col)
    }
}

/// One of the four sides of the board (R2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// Bottom.
    S,
    /// Right.
    E,
    /// Top.
    N,
    /// Left.
    W,
}

impl Side {
    /// All sides, in the order of their quarter turns from South.
    pub const ALL: [Side; 4] = [Side::S, Side::E, Side::N, Side::W];

    /// The sides used by a table of `players` players, by seat (R2).
    pub fn seating(players: usize) -> &'static [Side] {
        match players {
            2 => &[Side::S, Side::N],
            3 => &[Side::S, Side::E, Side::N],
            _ => &[Side::S, Side::E, Side::N, Side::W],
        }
    }

    /// Number of quarter turns anticlockwise from South.
    pub fn turns(self) -> usize {
        self as usize
    }
}

/// A board size N (R1): 5, 7, 9 or 11.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    tables: &'static Tables,
}

/// Largest number of squares on any board (11x11). Square indices stay
/// below 128, so a set of squares is one `u128`.
pub const MAX_SQUARES: usize = 121;

// Square sets are `u128` bitboards (safe, outer, occupancy).
const _: () = assert!(MAX_SQUARES <= 128);

/// Squares on the longest ring, ring 0 of 11x11: 4(N-1).
const MAX_RING: usize = 40;

/// Per-size lookup tables, built at compile time.
#[derive(Debug, PartialEq, Eq, Hash)]
struct Tables {
    n: u8,
    /// `path[side][pos]` is the square index `row * n + col`.
    path: [[u8; MAX_SQUARES]; 4],
    /// Bit `row * n + col` is set for safe squares (R4).
    safe: u128,
    /// Bit set for squares on ring 0.
    outer: u128,
}

static TABLES: [Tables; 4] = [
    Tables::new(5),
    Tables::new(7),
    Tables::new(9),
    Tables::new(11),
];

impl Tables {
    const fn new(n: u8) -> Tables {
        let nn = n as usize;
        let mut south = [0u8; MAX_SQUARES];
        let mut pos = 0;
        // Start on South's home square, walking ring 0 anticlockwise.
        let (mut start_r, mut start_c) = (nn - 1, nn / 2);
        let mut k = 0;
        while k < nn / 2 {
            let ring = ring_anticlockwise(nn, k);
            let len = 4 * (nn - 1 - 2 * k);
            let mut at = 0;
            while at < len {
                let (r, c) = ring[at];
                if r == start_r && c == start_c {
                    break;
                }
                at += 1;
            }
            let mut step = 0;
            let mut last = (0, 0);
            while step < len {
                // Even rings anticlockwise, odd rings clockwise (R3).
                let idx = if k % 2 == 0 {
                    (at + step) % len
                } else {
                    (at + len - step) % len
                };
                let (r, c) = ring[idx];
                south[pos] = (r * nn + c) as u8;
                pos += 1;
                last = (r, c);
                step += 1;
            }
            // One square straight up onto the next ring.
            start_r = last.0 - 1;
            start_c = last.1;
            k += 1;
        }
        let m = nn / 2;
        south[pos] = (m * nn + m) as u8;

        let mut path = [[0u8; MAX_SQUARES]; 4];
        let mut side = 0;
        while side < 4 {
            let mut p = 0;
            while p < nn * nn {
                let sq = south[p] as usize;
                let (mut r, mut c) = (sq / nn, sq % nn);
                let mut t = 0;
                while t < side {
                    // A quarter turn anticlockwise: [r, c] -> [N-1-c, r].
                    let nr = nn - 1 - c;
                    c = r;
                    r = nr;
                    t += 1;
                }
                path[side][p] = (r * nn + c) as u8;
                p += 1;
            }
            side += 1;
        }

        let mut safe: u128 = 0;
        safe |=
            bit(nn, nn - 1, m) | bit(nn, m, nn - 1) | bit(nn, 0, m) | bit(nn, m, 0) | bit(nn, m, m);
        // Corners of rings 1 ..= m-2 = (N-5)/2: ring 1 on 7x7, rings 1 and 2
        // on 9x9, rings 1, 2 and 3 on 11x11.
        let mut ring = 1;
        while nn >= 7 && ring <= (nn - 5) / 2 {
            let far = nn - 1 - ring;
            safe |=
                bit(nn, ring, ring) | bit(nn, ring, far) | bit(nn, far, ring) | bit(nn, far, far);
            ring += 1;
        }
        let mut outer: u128 = 0;
        let mut i = 0;
        while i < nn {
            outer |= bit(nn, 0, i) | bit(nn, nn - 1, i) | bit(nn, i, 0) | bit(nn, i, nn - 1);
            i += 1;
        }
        Tables {
            n,
            path,
            safe,
            outer,
        }
    }
}

/// The bitboard bit of square `[r, c]` on an `n` x `n` board.
const fn bit(n: usize, r: usize, c: usize) -> u128 {
    1u128 << (r * n + c)
}

/// The squares of ring `k`, anticlockwise as displayed, from its bottom-left corner.
const fn ring_anticlockwise(n: usize, k: usize) -> [(usize, usize); MAX_RING] {
    let mut out = [(0, 0); MAX_RING];
    let lo = k;
    let hi = n - 1 - k;
    let mut i = 0;
    let mut c = lo;
    while c < hi {
        out[i] = (hi, c);
        i += 1;
        c += 1;
    }
    let mut r = hi;
    while r > lo {
        out[i] = (r, hi);
        i += 1;
        r -= 1;
    }
    let mut c = hi;
    while c > lo {
        out[i] = (lo, c);
        i += 1;
        c -= 1;
    }
    let mut r = lo;
    while r < hi {
        out[i] = (r, lo);
        i += 1;
        r += 1;
    }
    out
}

impl Board {
    /// The board of size `n`, or `None` unless `n` is 5, 7, 9 or 11 (R1).
    pub fn new(n: u8) -> Option<Board> {
        let tables = match n {
            5 => &TABLES[0],
            7 => &TABLES[1],
            9 => &TABLES[2],
            11 => &TABLES[3],
            _ => return None,
        };
        Some(Board { tables })
    }

    /// The side length N.
    pub fn size(self) -> u8 {
        self.tables.n
    }

    /// Number of squares, N*N.
    pub fn squares(self) -> usize {
        let n = self.tables.n as usize;
        n * n
    }

    /// The gate G = 4(N-1) - 1: the last outer square of every path (R3).
    pub fn gate(self) -> u8 {
        4 * (self.tables.n - 1) - 1
    }

    /// The first inner square I = 4(N-1) (R3).
    pub fn first_inner(self) -> u8 {
        4 * (self.tables.n - 1)
    }

    /// The centre F = N*N - 1, where pawns finish (R3).
    pub fn centre(self) -> u8 {
        self.tables.n * self.tables.n - 1
    }

    /// The path positions a walk from `from` to `to` passes, in walking
    /// order, both ends included: straight along the path, or, when `to` is
    /// behind `from`, round the outer ring past the gate back to home (the
    /// `lap` gate, R8), the only move that lands behind where it started.
    pub fn walk(self, from: u8, to: u8) -> impl Iterator<Item = u8> {
        let wraps = to < from;
        let first_end = if wraps { self.gate() } else { to };
        // A second leg, from home on, only for a walk that wraps.
        let second = wraps.then_some(0..=to).into_iter().flatten();
        (from..=first_end).chain(second)
    }

    /// The square index (`row * N + col`) of path position `pos` of `side`.
    #[inline]
    pub fn square_index(self, side: Side, pos: u8) -> u8 {
        self.tables.path[side as usize][pos as usize]
    }

    /// The square of path position `pos` of `side` (R3).
    pub fn square(self, side: Side, pos: u8) -> Square {
        self.index_to_square(self.square_index(side, pos))
    }

    /// Turns a square index into `[row, col]`.
    pub fn index_to_square(self, index: u8) -> Square {
        Square {
            row: index / self.tables.n,
            col: index % self.tables.n,
        }
    }

    /// Whether the square with this index is safe (R4).
    #[inline]
    pub fn is_safe_index(self, index: u8) -> bool {
        self.tables.safe >> index & 1 == 1
    }

    /// Whether `square` is safe (R4).
    pub fn is_safe(self, square: Square) -> bool {
        self.is_safe_index(square.row * self.tables.n + square.col)
    }

    /// Whether the square with this index is on the outer ring, ring 0.
    #[inline]
    pub fn is_outer_index(self, index: u8) -> bool {
        self.tables.outer >> index & 1 == 1
    }

    /// The ring of a square: its distance to the nearest edge (R1).
    pub fn ring(self, square: Square) -> u8 {
        let far = self.tables.n - 1;
        square
            .row
            .min(square.col)
            .min(far - square.row)
            .min(far - square.col)
    }

    /// Home square of a side (R2).
    pub fn home(self, side: Side) -> Square {
        self.square(side, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::BOARD_SIZES;

    fn sq(row: u8, col: u8) -> Square {
        Square { row, col }
    }

    #[test]
    fn south_path_on_5x5_matches_r3_table() {
        let b = Board::new(5).unwrap();
        let expected = [
            (4, 2),
            (4, 3),
            (4, 4),
            (3, 4),
            (2, 4),
            (1, 4),
            (0, 4),
            (0, 3),
            (0, 2),
            (0, 1),
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 0),
            (4, 1),
            (3, 1),
            (2, 1),
            (1, 1),
            (1, 2),
            (1, 3),
            (2, 3),
            (3, 3),
            (3, 2),
            (2, 2),
        ];
        for (pos, (r, c)) in expected.into_iter().enumerate() {
            assert_eq!(b.square(Side::S, pos as u8), sq(r, c), "position {pos}");
        }
        assert_eq!(b.gate(), 15);
        assert_eq!(b.first_inner(), 16);
        assert_eq!(b.centre(), 24);
    }

    #[test]
    fn south_path_on_7x7_matches_r3_examples() {
        assert_south_squares(
            Board::new(7).unwrap(),
            &[
                (0, (6, 3)),
                (23, (6, 2)),
                (24, (5, 2)),
                (25, (5, 1)),
                (26, (4, 1)),
                (39, (5, 3)),
                (40, (4, 3)),
                (41, (4, 4)),
                (47, (4, 2)),
                (48, (3, 3)),
            ],
        );
    }

    /// Checks South's path (R3) at the given positions.
    fn assert_south_squares(b: Board, expected: &[(u8, (u8, u8))]) {
        for &(pos, (r, c)) in expected {
            assert_eq!(b.square(Side::S, pos), sq(r, c), "position {pos}");
        }
    }

    #[test]
    fn south_path_on_11x11_walks_five_rings_r3() {
        let b = Board::new(11).unwrap();
        assert_eq!((b.gate(), b.first_inner(), b.centre()), (39, 40, 120));
        // Each ring starts one square straight up from the last square of
        // the ring outside it, and runs the other way round.
        assert_south_squares(
            b,
            &[
                (0, (10, 5)),
                (1, (10, 6)),
                (39, (10, 4)),
                (40, (9, 4)),
                (41, (9, 3)),
                (71, (9, 5)),
                (72, (8, 5)),
                (73, (8, 6)),
                (95, (8, 4)),
                (96, (7, 4)),
                (97, (7, 3)),
                (111, (7, 5)),
                (112, (6, 5)),
                (113, (6, 6)),
                (119, (6, 4)),
                (120, (5, 5)),
            ],
        );
        // R3: East's path is South's turned a quarter anticlockwise.
        assert_eq!(b.home(Side::E), sq(5, 10));
        assert_eq!(b.square(Side::E, 40), sq(6, 9));
    }

    #[test]
    fn every_path_visits_every_square_once() {
        for n in BOARD_SIZES {
            let b = Board::new(n).unwrap();
            for side in Side::ALL {
                let mut seen = vec![false; b.squares()];
                for pos in 0..b.squares() as u8 {
                    let i = b.square_index(side, pos) as usize;
                    assert!(!seen[i], "{n}x{n} {side:?} visits {i} twice");
                    seen[i] = true;
                }
                // Consecutive positions are neighbours, up to the last inner
                // square (the centre follows it, diagonally on 7x7 and 9x9).
                for pos in 1..b.centre() {
                    let a = b.square(side, pos - 1);
                    let c = b.square(side, pos);
                    assert_eq!(a.row.abs_diff(c.row) + a.col.abs_diff(c.col), 1);
                }
            }
        }
    }

    #[test]
    fn a_walk_goes_forward_or_laps_round_the_outer_ring_r8() {
        let b = Board::new(9).unwrap();
        assert_eq!(b.walk(3, 6).collect::<Vec<_>>(), [3, 4, 5, 6]);
        // 9x9: G = 31; a lap from 29 with a 5 ends on 2, through home.
        assert_eq!(b.walk(29, 2).collect::<Vec<_>>(), [29, 30, 31, 0, 1, 2]);
        assert_eq!(b.walk(31, 0).collect::<Vec<_>>(), [31, 0]);
        assert_eq!(b.walk(0, 0).collect::<Vec<_>>(), [0]);
    }

    #[test]
    fn homes_are_edge_middles_r2() {
        let b = Board::new(5).unwrap();
        assert_eq!(b.home(Side::S), sq(4, 2));
        assert_eq!(b.home(Side::E), sq(2, 4));
        assert_eq!(b.home(Side::N), sq(0, 2));
        assert_eq!(b.home(Side::W), sq(2, 0));
        assert_eq!(b.square(Side::S, b.gate()), sq(4, 1));
    }

    #[test]
    fn safe_squares_r4() {
        let count = |n: u8| {
            let b = Board::new(n).unwrap();
            (0..b.squares() as u8)
                .filter(|&i| b.is_safe_index(i))
                .count()
        };
        assert_eq!(count(5), 5);
        assert_eq!(count(7), 9);
        assert_eq!(count(9), 13);
        assert_eq!(count(11), 17);
        let b = Board::new(9).unwrap();
        for (r, c) in [
            (1, 1),
            (1, 7),
            (7, 1),
            (7, 7),
            (2, 2),
            (2, 6),
            (6, 2),
            (6, 6),
        ] {
            assert!(b.is_safe(sq(r, c)));
        }
        assert!(!b.is_safe(sq(3, 3)));
        // 11x11: the corners of rings 1, 2 and 3 are safe, not those of
        // ring 4 around the centre, nor the outer corners.
        let b = Board::new(11).unwrap();
        for k in 0..=4u8 {
            let far = 10 - k;
            let corners = [sq(k, k), sq(k, far), sq(far, k), sq(far, far)];
            for corner in corners {
                assert_eq!(
                    b.is_safe(corner),
                    (1..=3).contains(&k),
                    "{corner} on ring {k}"
                );
                assert_eq!(b.ring(corner), k);
            }
        }
        for home in [sq(10, 5), sq(5, 10), sq(0, 5), sq(5, 0), sq(5, 5)] {
            assert!(b.is_safe(home), "{home}");
        }
    }

    #[test]
    fn only_the_four_board_sizes_exist_r1() {
        for n in 0..=u8::MAX {
            let board = Board::new(n);
            assert_eq!(board.is_some(), BOARD_SIZES.contains(&n), "{n}");
            if let Some(b) = board {
                assert_eq!(b.size(), n);
                assert!(b.squares() <= MAX_SQUARES);
            }
        }
    }
}
