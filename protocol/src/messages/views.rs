//! The room, its board and its game as the server shows them: everything
//! a client draws, with the legal moves, so that it never re-implements
//! the rules.

use crate::action::Player;
use crate::board::{Side, Square};
use crate::game::{Betrayal, Game, Offer, Outcome, Truce};
use crate::rules::{Entry, Rules};
use crate::throw::Bytes32;
use serde::{Deserialize, Serialize};

/// A game's fair throws as everyone sees them while it is played: what the
/// server committed to, and whose seeds are in (docs/record.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FairView {
    /// The scheme, `chowka-fair/1`.
    pub scheme: String,
    /// SHA-256 of the server's secret seed.
    pub commitment: Bytes32,
    /// Per seat: whether its client seed is in (as of this state: a seed
    /// changes no version, so it shows with the next change).
    pub seeded: Vec<bool>,
    /// Whether seeds are still taken: the game's first throw is not made.
    pub open: bool,
    /// The server's seed, revealed once the game is over; null before.
    pub server_seed: Option<Bytes32>,
}

/// A room as everyone in it sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomView {
    /// The room code.
    pub code: String,
    /// `lobby`, `playing` or `finished`.
    pub status: RoomStatus,
    /// The resolved rules.
    pub rules: Rules,
    /// One entry per seat.
    pub seats: Vec<SeatView>,
    /// Whether the room is listed publicly.
    pub public: bool,
    /// Seconds per turn before the server plays for an absent player.
    pub turn_clock: Option<u32>,
    /// Milliseconds left on the turn clock of the player to move, if any.
    pub clock_ms: Option<u64>,
    /// The rematch room's code, once someone asked for one.
    pub rematch: Option<String>,
    /// Seconds a player may be away during the game before a computer
    /// plays for them, if the room allows it.
    #[serde(default)]
    pub takeover: Option<u32>,
    /// Live (everyone at once) or over days (a clock per turn).
    #[serde(default)]
    pub pace: Pace,
    /// Hours each turn's clock gives, in a game over days.
    #[serde(default)]
    pub turn_hours: Option<u32>,
    /// In a game over days: when the clock of the player to move runs out
    /// (ms since the epoch); null while that player is on vacation (their
    /// clock is stopped), and when no clock runs.
    #[serde(default)]
    pub due_at: Option<i64>,
    /// Whether a player may ask what the computer would do in their turn
    /// (the host's choice; on unless turned off).
    #[serde(default = "hints_default")]
    pub hints: bool,
}

fn hints_default() -> bool {
    true
}

/// A room's pace (docs/protocol.md, "Pace").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pace {
    /// Everyone plays at once.
    #[default]
    Live,
    /// Each player moves when they can, within a clock per turn.
    Days,
}

impl Pace {
    /// The pace as spelled on the wire and in the store.
    pub fn as_str(self) -> &'static str {
        match self {
            Pace::Live => "live",
            Pace::Days => "days",
        }
    }
}

/// Where a room is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomStatus {
    /// Seats are filling.
    Lobby,
    /// The game is on.
    Playing,
    /// The game has ended.
    Finished,
}

impl RoomStatus {
    /// Every status, in the order a room goes through them.
    pub const ALL: [RoomStatus; 3] = [RoomStatus::Lobby, RoomStatus::Playing, RoomStatus::Finished];

    /// The status as spelled on the wire and in the store.
    pub fn as_str(self) -> &'static str {
        match self {
            RoomStatus::Lobby => "lobby",
            RoomStatus::Playing => "playing",
            RoomStatus::Finished => "finished",
        }
    }

    /// The status spelled `s`, if it is one.
    pub fn parse(s: &str) -> Option<RoomStatus> {
        RoomStatus::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

/// One seat of a room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// Display name, if taken.
    pub name: Option<String>,
    /// Computer level, if a computer plays this seat.
    pub bot: Option<String>,
    /// Whether a player is connected to this seat now.
    pub connected: bool,
    /// Whether this seat is the host's.
    pub host: bool,
    /// The side the seat sits at (R2).
    pub side: Side,
    /// Whether a computer is playing this seat for its absent player (the
    /// room's `takeover`, or the turn clock ran out).
    #[serde(default)]
    pub standin: bool,
    /// Turns a computer played for this seat's person since they last
    /// played themselves: what they are told when they come back.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub computer_turns: u32,
    /// Until when this seat's person asked the table to wait for them
    /// ("I'll be right back"), ms since the epoch: no computer takes the
    /// seat before then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back_by: Option<i64>,
    /// In a game over days: the end of this seat's vacation while it is
    /// on one (ms since the epoch).
    #[serde(default)]
    pub vacation_until: Option<i64>,
    /// In a game over days: the vacation this seat has left, in ms.
    #[serde(default)]
    pub vacation_left_ms: Option<i64>,
}

/// The board's geometry and the facts of the rules that stay fixed for a
/// whole game, for drawing and animating moves square by square. Sent once
/// per connection (and again at the start), so that a client never derives
/// them from the rules itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    /// N.
    pub size: u8,
    /// Safe squares (R4).
    pub safe: Vec<Square>,
    /// By seat: the squares of that seat's path, position 0 (the home
    /// square) first (R3).
    pub paths: Vec<Vec<Square>>,
    /// By seat: its side.
    pub sides: Vec<Side>,
    /// The centre's path position F, the last of every path: where pawns
    /// finish (R3).
    pub centre: u8,
    /// The path position pawns start the game on, or `None` when they start
    /// waiting beside the board (R7).
    pub start: Option<u8>,
    /// Whether truces can happen in this game at all (O6, 3 or 4 players, R15).
    pub truces_possible: bool,
    /// The progress of a player with every pawn at the centre (R15).
    pub max_progress: u32,
}

impl BoardView {
    /// The geometry of a game with these rules.
    pub fn new(rules: &Rules) -> BoardView {
        let board = rules.board();
        let n = board.size();
        let sides = Side::seating(rules.players as usize).to_vec();
        let mut safe = Vec::new();
        for row in 0..n {
            for col in 0..n {
                let sq = Square { row, col };
                if board.is_safe(sq) {
                    safe.push(sq);
                }
            }
        }
        let paths = sides
            .iter()
            .map(|&s| (0..=board.centre()).map(|p| board.square(s, p)).collect())
            .collect();
        let centre = board.centre();
        BoardView {
            size: n,
            safe,
            paths,
            sides,
            centre,
            start: (rules.entry == Entry::Home).then_some(0),
            truces_possible: rules.truces_possible(),
            max_progress: rules.pawns as u32 * centre as u32,
        }
    }
}

/// A legal move with what it would do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalMoveView {
    /// Pawn indices, ascending.
    pub pawns: crate::action::PawnSet,
    /// Held value spent.
    pub value: u8,
    /// Opponent to name, when the move needs one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Player>,
    /// Path position the pawns end on.
    pub to: u8,
    /// Opponent hit, if any.
    pub hits: Option<Player>,
    /// Whether it commits a loose pair.
    pub commits: bool,
    /// With nothing pending: whether this move strands the turn (R12).
    pub strands: bool,
    /// The path positions the pawns walk, where they stand first and `to`
    /// last, round the outer ring when the `lap` gate wraps them (R8);
    /// just `[to]` for entering pawns (R7). For highlighting and animating
    /// the move without knowing how pawns walk.
    pub walk: Vec<u8>,
}

/// The game as everyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    /// Per seat, per pawn: path position, or null while waiting.
    pub pawns: Vec<Vec<Option<u8>>>,
    /// Committed pairs `[seat, [pawn, pawn]]`.
    pub pairs: Vec<(Player, [u8; 2])>,
    /// Loose pairs `[seat, [pawn, pawn]]`: two singles of a seat together on
    /// its first inner square, which may commit by moving together (R13).
    pub loose_pairs: Vec<(Player, [u8; 2])>,
    /// Per seat: has it hit (its gate is open, R8).
    pub has_hit: Vec<bool>,
    /// Seat to move.
    pub to_move: Player,
    /// Round number.
    pub round: u32,
    /// Pending throws of the seat to move.
    pub pending: u8,
    /// Grace run of the seat to move (R11).
    pub run: u8,
    /// Held values of the seat to move.
    pub held: Vec<u8>,
    /// `ongoing`, `draw` or `{"winner": seat}`.
    pub result: Outcome,
    /// Whether the seat to move may throw.
    pub can_throw: bool,
    /// Whether it may skip (R11).
    pub can_skip: bool,
    /// Its legal moves.
    pub legal: Vec<LegalMoveView>,
    /// Per seat: progress (R15).
    pub progress: Vec<u32>,
    /// The clear leader, if any (R15).
    pub leader: Option<Player>,
    /// Seats the player to move may offer a truce to now.
    pub truce_partners: Vec<Player>,
    /// Active truces.
    pub truces: Vec<Truce>,
    /// The open offer.
    pub offer: Option<Offer>,
    /// Every betrayal (public, R15).
    pub betrayals: Vec<Betrayal>,
}

impl GameView {
    /// The view of a game.
    pub fn new(game: &Game) -> GameView {
        let pos = game.position();
        let players = game.rules().players;
        let board = game.board();
        let me = game.to_move();
        let legal = game
            .legal_moves()
            .iter()
            .filter_map(|&mv| {
                let p = game.preview(mv)?;
                // The pawns of a move stand together, so the first tells where.
                let walk = match mv.pawns.first().and_then(|i| game.pawn(me, i)) {
                    Some(from) => board.walk(from, p.to).collect(),
                    None => vec![p.to],
                };
                Some(LegalMoveView {
                    pawns: mv.pawns,
                    value: mv.value,
                    target: mv.target,
                    to: p.to,
                    hits: p.victim,
                    commits: p.commits,
                    strands: game.would_strand(mv),
                    walk,
                })
            })
            .collect();
        GameView {
            pawns: pos.pawns,
            pairs: pos.pairs,
            loose_pairs: loose_pairs(game),
            has_hit: pos.has_hit,
            to_move: game.to_move(),
            round: game.round(),
            pending: game.pending(),
            run: game.run(),
            held: game.held(),
            result: game.outcome(),
            can_throw: game.can_throw(),
            can_skip: game.can_skip(),
            legal,
            progress: (0..players).map(|p| game.progress(p)).collect(),
            leader: game.clear_leader(),
            truce_partners: game.truce_partners(game.to_move()).to_vec(),
            truces: game.truces().to_vec(),
            offer: game.offer(),
            betrayals: game.betrayals().to_vec(),
        }
    }
}

/// The loose pairs of a game (R13), `(seat, [low, high])`: the two single
/// pawns a seat has on its first inner square, if it has exactly two there
/// (R9 allows no more on that square, which is never safe).
fn loose_pairs(game: &Game) -> Vec<(Player, [u8; 2])> {
    let rules = game.rules();
    let mut out = Vec::new();
    if !rules.pairs {
        return out;
    }
    let inner = game.board().first_inner();
    for seat in 0..rules.players {
        let mut there = (0..rules.pawns)
            .filter(|&i| game.pawn(seat, i) == Some(inner) && game.partner(seat, i).is_none());
        if let (Some(a), Some(b), None) = (there.next(), there.next(), there.next()) {
            out.push((seat, [a, b]));
        }
    }
    out
}

#[cfg(test)]
mod tests;

fn is_zero(n: &u32) -> bool {
    *n == 0
}
