//! Wire messages between the server and its clients, JSON over WebSocket,
//! tagged by `type` (docs/protocol.md has examples of each).
//!
//! The server sends versioned full states with the legal moves of the
//! player to move, so a client never re-implements the rules.
//!
//! - `client`: what a client sends: [`ClientMsg`], split into what the
//!   connection answers ([`ConnectionMsg`]) and what goes to the room
//!   ([`RoomRequest`]), its fields checked as they are read.
//! - `server`: what the server sends: [`ServerMsg`], and a room's recent
//!   past ([`HistoryItem`]).
//! - `views`: the room, board and game as the server shows them.

mod client;
mod server;
mod views;

pub use client::{ChatText, ChatTextError, ClientMsg, ConnectionMsg, RoomRequest};
pub use server::{HistoryItem, ServerMsg, MAX_HISTORY};
pub use views::{
    BoardView, FairView, GameView, LegalMoveView, Pace, RoomStatus, RoomView, SeatView,
};

/// Longest chat message, in characters.
pub const MAX_CHAT_CHARS: usize = 300;
/// Longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 24;
