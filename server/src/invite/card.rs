//! The picture a chat app shows beside a room link: the room's board,
//! 1200x630 PNG, drawn as the web client draws it (web-client/js/board.js
//! and style.css: its palette, the safe squares' crosses, each seat's home
//! in its tint and its pawns at their start, on the home square or waiting
//! beside it). No text: the words are in the page's tags, in the
//! inviter's language. Rooms of one set-up share one picture, drawn once
//! and kept in a small cache ([`Cards`]).

use chowka_protocol::{Board, Entry, Rules, Side, Square};
use std::sync::Mutex;
use tiny_skia::{Color, FillRule, LineCap, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

/// The picture's width, the size link previews ask for.
pub const WIDTH: u32 = 1200;
/// The picture's height.
pub const HEIGHT: u32 = 630;
/// Pictures kept: a few dozen set-ups cover nearly every room.
pub const KEPT: usize = 48;

/// What a picture shows: every room with the same key has the same one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardKey {
    /// Squares on a side: 5, 7, 9 or 11.
    pub size: u8,
    /// Seats, 2 to 4: which sides and colours are drawn.
    pub seats: u8,
    /// Pawns per seat.
    pub pawns: u8,
    /// Whether pawns start on their home square (else waiting beside it, R7).
    pub start_home: bool,
}

impl CardKey {
    /// The key of a room with these rules and this many seats.
    pub fn of(rules: &Rules, seats: usize) -> CardKey {
        CardKey {
            size: rules.board,
            seats: seats.clamp(2, 4) as u8,
            pawns: rules.pawns,
            start_home: rules.entry == Entry::Home,
        }
    }

    /// The picture's ETag: the key says everything it shows.
    pub fn etag(self) -> String {
        let start = if self.start_home { "home" } else { "out" };
        format!(
            "\"card-{}-{}-{}-{start}-v1\"",
            self.size, self.seats, self.pawns
        )
    }
}

/// The pictures drawn so far, the most recently asked for last.
#[derive(Default)]
pub struct Cards {
    kept: Mutex<Vec<(CardKey, bytes::Bytes)>>,
}

impl Cards {
    /// The picture of `key`: from the cache, else drawn (off the async
    /// threads: a drawing takes milliseconds) and kept, the least recently
    /// asked for dropped past [`KEPT`]. `None` if it cannot be drawn.
    pub async fn png(&self, key: CardKey) -> Option<bytes::Bytes> {
        if let Some(png) = self.cached(key) {
            return Some(png);
        }
        let png = tokio::task::spawn_blocking(move || draw(key))
            .await
            .ok()??;
        let png = bytes::Bytes::from(png);
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if !kept.iter().any(|(k, _)| *k == key) {
            if kept.len() >= KEPT {
                kept.remove(0);
            }
            kept.push((key, png.clone()));
        }
        Some(png)
    }

    /// The kept picture of `key`, marked as just asked for.
    pub fn cached(&self, key: CardKey) -> Option<bytes::Bytes> {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let at = kept.iter().position(|(k, _)| *k == key)?;
        let entry = kept.remove(at);
        let png = entry.1.clone();
        kept.push(entry);
        Some(png)
    }

    /// How many pictures are kept.
    pub fn len(&self) -> usize {
        self.kept.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Whether none is kept yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

// The client's palette (style.css, :root).
const BG: [u8; 3] = [0xf6, 0xee, 0xe0];
const BG_DEEP: [u8; 3] = [0xef, 0xe2, 0xcc];
const ACCENT: [u8; 3] = [0x8a, 0x33, 0x20];
const BOARD_EDGE: [u8; 3] = [0x5b, 0x3a, 0x1f];
const BOARD_LINE: [u8; 3] = [0x6d, 0x4a, 0x2a];
const CELL: [u8; 3] = [0xf3, 0xe2, 0xbd];
const CELL_ALT: [u8; 3] = [0xef, 0xd9, 0xad];
const CENTRE: [u8; 3] = [0xe8, 0xc1, 0x70];
const PAWN_EDGE: [u8; 3] = [0x23, 0x16, 0x0d];
const SEAT: [[u8; 3]; 4] = [
    [0xc0, 0x39, 0x2b],
    [0x1f, 0x7a, 0x4d],
    [0x24, 0x57, 0xa6],
    [0x9c, 0x62, 0x00],
];
const SEAT_TINT: [[u8; 3]; 4] = [
    [0xf2, 0xc4, 0xbb],
    [0xbf, 0xe2, 0xcd],
    [0xc4, 0xd5, 0xf2],
    [0xf1, 0xd9, 0xa6],
];

/// The board's units, as in board.js: a square is 100 across.
const UNIT: f32 = 100.0;
/// Room beside the board for waiting pawns (board.js MARGIN).
const YARD: f32 = 90.0;

fn paint(rgb: [u8; 3], alpha: f32) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(rgb[0], rgb[1], rgb[2], (alpha * 255.0).round() as u8);
    p.anti_alias = true;
    p
}

/// Draws the picture of `key` as PNG; `None` for a board that does not exist.
pub fn draw(key: CardKey) -> Option<Vec<u8>> {
    let board = Board::new(key.size)?;
    let mut pixmap = Pixmap::new(WIDTH, HEIGHT)?;
    pixmap.fill(Color::from_rgba8(BG[0], BG[1], BG[2], 255));
    backdrop(&mut pixmap);
    let n = key.size as f32;
    let margin = if key.start_home { 16.0 } else { YARD };
    let span = n * UNIT + 2.0 * margin;
    // The board as large as the picture's height allows, in the middle.
    let scale = (HEIGHT as f32 - 60.0) / span;
    let left = (WIDTH as f32 - span * scale) / 2.0 + margin * scale;
    let top = 30.0 + margin * scale;
    let at = Transform::from_row(scale, 0.0, 0.0, scale, left, top);
    squares(&mut pixmap, board, key, at);
    pawns(&mut pixmap, board, key, at);
    pixmap.encode_png().ok()
}

/// Two bands of the site's colours behind the board, left and right.
fn backdrop(pixmap: &mut Pixmap) {
    let id = Transform::identity();
    if let Some(r) = Rect::from_xywh(0.0, 0.0, WIDTH as f32, 18.0) {
        pixmap.fill_rect(r, &paint(ACCENT, 1.0), id, None);
    }
    if let Some(r) = Rect::from_xywh(0.0, HEIGHT as f32 - 18.0, WIDTH as f32, 18.0) {
        pixmap.fill_rect(r, &paint(ACCENT, 1.0), id, None);
    }
    // Rings of the board's own tones, faint, where a wide preview has room.
    for (x, r) in [(150.0, 230.0), (1050.0, 230.0)] {
        if let Some(c) = PathBuilder::from_circle(x, HEIGHT as f32 / 2.0, r) {
            pixmap.fill_path(&c, &paint(BG_DEEP, 1.0), FillRule::Winding, id, None);
        }
    }
}

/// The square's top-left corner in board units (South at the bottom, as board.js with no turn).
fn corner(q: Square) -> (f32, f32) {
    (q.col as f32 * UNIT, q.row as f32 * UNIT)
}

fn squares(pixmap: &mut Pixmap, board: Board, key: CardKey, at: Transform) {
    let n = key.size;
    let sides = Side::seating(key.seats as usize);
    let homes: Vec<Square> = sides.iter().map(|&s| board.square(s, 0)).collect();
    let centre = board.square(Side::S, board.centre());
    if let Some(bg) = rounded(-12.0, -12.0, n as f32 * UNIT + 24.0, 14.0) {
        pixmap.fill_path(&bg, &paint(BOARD_EDGE, 1.0), FillRule::Winding, at, None);
    }
    let line = Stroke {
        width: 2.0,
        ..Stroke::default()
    };
    for row in 0..n {
        for col in 0..n {
            let q = Square { row, col };
            let (x, y) = corner(q);
            let ring = row.min(col).min(n - 1 - row).min(n - 1 - col);
            let home = homes.iter().position(|h| *h == q);
            let fill = match home {
                Some(seat) => SEAT_TINT[seat],
                None if q == centre => CENTRE,
                None if ring % 2 == 1 => CELL_ALT,
                None => CELL,
            };
            let Some(rect) = Rect::from_xywh(x, y, UNIT, UNIT) else {
                continue;
            };
            let path = PathBuilder::from_rect(rect);
            pixmap.fill_path(&path, &paint(fill, 1.0), FillRule::Winding, at, None);
            pixmap.stroke_path(&path, &paint(BOARD_LINE, 1.0), &line, at, None);
            if board.is_safe(q) {
                cross(pixmap, x, y, home, at);
            }
        }
    }
}

/// A safe square's cross: the seat's colour on its home, else the board's line.
fn cross(pixmap: &mut Pixmap, x: f32, y: f32, home: Option<usize>, at: Transform) {
    let d = UNIT / 2.0 - 14.0;
    let (cx, cy) = (x + UNIT / 2.0, y + UNIT / 2.0);
    let mut pb = PathBuilder::new();
    pb.move_to(cx - d, cy - d);
    pb.line_to(cx + d, cy + d);
    pb.move_to(cx + d, cy - d);
    pb.line_to(cx - d, cy + d);
    let Some(path) = pb.finish() else { return };
    let stroke = Stroke {
        width: 3.5,
        line_cap: LineCap::Round,
        ..Stroke::default()
    };
    let colour = match home {
        Some(seat) => paint(SEAT[seat], 0.9),
        None => paint(BOARD_LINE, 0.75),
    };
    pixmap.stroke_path(&path, &colour, &stroke, at, None);
}

/// Each seat's pawns at their start: a stack on the home square, or a row
/// waiting in the yard beside the home edge (board.js drawYard).
fn pawns(pixmap: &mut Pixmap, board: Board, key: CardKey, at: Transform) {
    let n = key.size;
    for (seat, &side) in Side::seating(key.seats as usize).iter().enumerate() {
        let home = board.square(side, 0);
        let (x, y) = corner(home);
        let (hx, hy) = (x + UNIT / 2.0, y + UNIT / 2.0);
        if key.start_home {
            // More than one: a second disc peeks out behind, as a stack.
            if key.pawns > 1 {
                disc(pixmap, seat, hx + 7.0, hy - 7.0, 30.0, at);
            }
            disc(pixmap, seat, hx, hy, 30.0, at);
            continue;
        }
        let out: (f32, f32) = if home.row == n - 1 {
            (0.0, 1.0)
        } else if home.row == 0 {
            (0.0, -1.0)
        } else if home.col == 0 {
            (-1.0, 0.0)
        } else {
            (1.0, 0.0)
        };
        let along = (out.1.abs(), out.0.abs());
        let gap = if key.pawns > 6 { 44.0 } else { 52.0 };
        for j in 0..key.pawns {
            let off = (j as f32 - (key.pawns as f32 - 1.0) / 2.0) * gap;
            let px = hx + out.0 * (UNIT / 2.0 + 40.0) + along.0 * off;
            let py = hy + out.1 * (UNIT / 2.0 + 40.0) + along.1 * off;
            disc(pixmap, seat, px, py, 20.0, at);
        }
    }
}

/// One pawn: a disc in its seat's colour, edged dark, with the seat's
/// mark in white (circle, triangle, square, diamond: colour is never alone).
fn disc(pixmap: &mut Pixmap, seat: usize, x: f32, y: f32, r: f32, at: Transform) {
    let Some(body) = PathBuilder::from_circle(x, y, r) else {
        return;
    };
    pixmap.fill_path(&body, &paint(SEAT[seat], 1.0), FillRule::Winding, at, None);
    let edge = Stroke {
        width: 3.0,
        ..Stroke::default()
    };
    pixmap.stroke_path(&body, &paint(PAWN_EDGE, 1.0), &edge, at, None);
    let m = r * 0.42;
    let mut pb = PathBuilder::new();
    match seat {
        1 => {
            pb.move_to(x, y - m);
            pb.line_to(x + m * 0.95, y + m * 0.75);
            pb.line_to(x - m * 0.95, y + m * 0.75);
            pb.close();
        }
        2 => {
            if let Some(r) = Rect::from_xywh(x - m * 0.8, y - m * 0.8, m * 1.6, m * 1.6) {
                pb.push_rect(r);
            }
        }
        3 => {
            pb.move_to(x, y - m * 1.1);
            pb.line_to(x + m, y);
            pb.line_to(x, y + m * 1.1);
            pb.line_to(x - m, y);
            pb.close();
        }
        _ => pb.push_circle(x, y, m * 0.8),
    }
    if let Some(mark) = pb.finish() {
        let white = paint([0xff, 0xff, 0xff], 1.0);
        pixmap.fill_path(&mark, &white, FillRule::Winding, at, None);
    }
}

/// A square of side `w` at (`x`, `y`) with corners rounded by `r`.
fn rounded(x: f32, y: f32, w: f32, r: f32) -> Option<tiny_skia::Path> {
    let k = 0.552_284_8 * r;
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    pb.line_to(x + w, y + w - r);
    pb.cubic_to(x + w, y + w - r + k, x + w - r + k, y + w, x + w - r, y + w);
    pb.line_to(x + r, y + w);
    pb.cubic_to(x + r - k, y + w, x, y + w - r + k, x, y + w - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chowka_protocol::{Overrides, Preset};

    fn key(size: u8, seats: u8, start_home: bool) -> CardKey {
        CardKey {
            size,
            seats,
            pawns: 4,
            start_home,
        }
    }

    #[test]
    fn every_board_draws_a_1200_by_630_png() {
        for size in [5, 7, 9, 11] {
            for seats in 2..=4 {
                for home in [true, false] {
                    let png = draw(key(size, seats, home)).expect("drawn");
                    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
                    // IHDR: width and height, big-endian, after the chunk's length and name.
                    assert_eq!(&png[16..24], &[0, 0, 4, 176, 0, 0, 2, 118]);
                }
            }
        }
        assert_eq!(draw(key(6, 2, true)), None, "no 6x6 board");
    }

    #[test]
    fn a_room_key_is_its_board_seats_pawns_and_start() {
        let rules = Rules::with(Preset::default(), Overrides::default()).unwrap();
        let k = CardKey::of(&rules, 9);
        assert_eq!(k.seats, 4, "at most four seats");
        assert_eq!(k.size, rules.board);
        assert!(k.etag().starts_with("\"card-"));
        assert_ne!(key(7, 2, true).etag(), key(7, 3, true).etag());
    }

    #[tokio::test]
    async fn pictures_are_kept_up_to_a_few_dozen_the_oldest_dropped() {
        let cards = Cards::default();
        let first = key(5, 2, true);
        let a = cards.png(first).await.unwrap();
        let b = cards.png(first).await.unwrap();
        assert_eq!(a.as_ptr(), b.as_ptr(), "the same bytes, not drawn again");
        for pawns in 1..=KEPT as u8 {
            cards
                .png(CardKey {
                    pawns,
                    ..key(5, 3, false)
                })
                .await
                .unwrap();
        }
        assert_eq!(cards.len(), KEPT);
        assert!(cards.cached(first).is_none(), "the oldest went");
    }
}
