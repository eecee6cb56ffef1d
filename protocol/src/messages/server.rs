//! What the server sends, and a room's recent past as a newcomer is told it.

use super::{BoardView, FairView, GameView, RoomView};
use crate::action::Player;
use crate::game::{Event, Threat};
use crate::hint::Hint;
use serde::{Deserialize, Serialize};

/// Longest history a `welcome` carries, in items.
pub const MAX_HISTORY: usize = 100;

/// One item of a room's recent past, as a connection would have seen it
/// live: the events of one change, or a chat line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum HistoryItem {
    /// The events of one change of the game, as its `state` carried them.
    Events {
        /// What happened, in order.
        events: Vec<Event>,
        /// The seat a computer played this change for while its person
        /// was away, as the `state` said.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stand_in: Option<Player>,
    },
    /// A chat line, as `chat` carried it.
    Chat {
        /// Sender's seat, or null for a spectator.
        seat: Option<Player>,
        /// Sender's display name.
        name: String,
        /// The text.
        text: String,
    },
    /// A seat's clock ran out in a game over days: the computer played
    /// that turn for them.
    ClockOut {
        /// The seat.
        seat: Player,
    },
}

/// A message from the server.
// A state is built once per change and serialized at once; boxing it would
// only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// Answer to `hello`: who you are in this room, and the board's geometry.
    Welcome {
        /// Your seat, or null for a spectator.
        seat: Option<Player>,
        /// The board, for drawing.
        board: BoardView,
        /// The room's recent past, oldest first (at most [`MAX_HISTORY`]
        /// items), for a table log that does not start empty on a reload
        /// or for a watcher arriving mid-game.
        #[serde(default)]
        history: Vec<HistoryItem>,
    },
    /// The full state after every change. `events` lists what happened
    /// since the previous version (empty for a fresh full state).
    State {
        /// Goes up by one with every change of the room.
        version: u64,
        /// Seats, status, options.
        room: RoomView,
        /// The game, once started.
        game: Option<GameView>,
        /// What happened since the previous version, for animation.
        #[serde(default)]
        events: Vec<Event>,
        /// The seat a computer played these events for while its person
        /// was away (a stand-in, or a turn whose clock ran out): logs say
        /// the computer did it, not the person.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stand_in: Option<Player>,
        /// The game's fair throws: the server's commitment, and its seed
        /// once the game is over. Absent before the start (and for games
        /// started before throws were fair).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fair: Option<FairView>,
    },
    /// Who is connected, by seat, and how many spectators watch.
    Presence {
        /// By seat.
        connected: Vec<bool>,
        /// Number of spectators.
        spectators: u32,
    },
    /// A chat line.
    Chat {
        /// Sender's seat, or null for a spectator.
        seat: Option<Player>,
        /// Sender's display name.
        name: String,
        /// The text.
        text: String,
    },
    /// Something was refused. `code` is a rules code of RULES.md or a
    /// protocol code (`bad_message`, `stale_version`, `not_host`, ...).
    Error {
        /// Machine-readable code.
        code: String,
        /// A sentence for the player.
        message: String,
    },
    /// Answer to `ping`.
    Pong,
    /// Answer to `threats`, to the asking connection alone: each way an
    /// opponent could hit `seat`'s pawns with one throw if that
    /// opponent's turn began now, from the state of `version`
    /// ([`Game::threats`](crate::Game::threats)).
    Threats {
        /// The state version the threats were read from.
        version: u64,
        /// Whose pawns are threatened.
        seat: Player,
        /// The threats, by opponent, then value; empty when there are none.
        threats: Vec<Threat>,
    },
    /// Answer to `hint`, to the asking connection alone: what the computer
    /// would do in `seat`'s place from the state of `version`, and why.
    Hint {
        /// The state version the hint was read from.
        version: u64,
        /// The seat the hint is for: the asker's.
        seat: Player,
        /// The action and its reason.
        hint: Hint,
    },
    /// The turn clock of `seat` ran out: the server plays that turn for
    /// them. Sent just before the state that shows it.
    ClockOut {
        /// The seat.
        seat: Player,
    },
}
