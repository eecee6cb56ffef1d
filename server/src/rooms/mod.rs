//! Rooms: one tokio task per room owns its room, and everything else
//! talks to it through a cheap [`RoomStub`].
//!
//! # Layout
//! A tour, in the order a move flows through:
//! - `stub`: [`RoomStub`] and the [`Cmd`]s it sends; [`channel`] makes a
//!   stub and its actor.
//! - `registry`: [`Registry`], room codes to stubs: creates rooms, restores
//!   them from the store (`registry/load.rs`), lists the open ones.
//! - `actor`: [`RoomActor`], the task's loop over commands and deadlines;
//!   connections joining and leaving; what each request asks of the room.
//! - `room`: [`Room`], the room as a value with no IO: seats, settings,
//!   its [`Stage`] (lobby, playing, finished) and version, and the rules
//!   of the table. [`Room::apply`] (and [`Room::play`] for a move) gives
//!   the next room and the [`Effect`]s to carry out, and leaves the room
//!   asked as it was; `room/tests` pins the rules down, table-driven.
//! - `effects`: the actor carrying a change out: save first (the row or
//!   the action), then adopt the next room, then send; and the archive.
//! - `computers`: when the computers act, and what they play.
//! - `due`: a game over days on the actor's side: the wall clock, and
//!   the row's due-time index kept up with the turns.
//! - `seeds`: where a game's server seed and its computers' generator
//!   start (fixed by `CHOWKA_TEST_SEED` in a debug build's tests).
//! - `timers`: [`Timers`], every deadline of a room on tokio's clock.
//! - `history`: [`History`], the recent events and chat every `welcome`
//!   carries.
//! - `views`: what the room shows: room view, state, presence, listing.
//! - `outbox`: [`Outbox`], the only way out to the room's connections,
//!   one bounded queue (a [`Mailbox`]) per connection.
//!
//! The three seams a room has to the rest of the server are narrow: its
//! rules are a [`Room`] value, its store writes go through `effects`
//! (every version anyone sees is saved before it is sent, so a restored
//! room starts one past the last one saved), and its messages through
//! the [`Outbox`].

mod actor;
mod computers;
mod due;
mod effects;
mod history;
mod outbox;
mod registry;
mod room;
mod seeds;
mod stub;
mod timers;
mod views;

pub use actor::RoomActor;
pub use computers::simple_action;
pub use history::History;
pub use outbox::{feed, Feed, Mailbox, Out, Outbox};
pub use registry::{spawn_sweeper, CreateError, Directory, Found, Registry, Shared};
pub use room::{
    Change, DaysClock, Effect, Play, PlayerChange, Room, Seat, Settings, Stage, Vacation, DAY_MS,
    HOUR_MS, TAKEOVER_SECS, VACATION_MS,
};
pub use seeds::server_seed;
pub use stub::{channel, Cmd, Joined, RoomStub};
pub use timers::{Due, Timers};
pub use views::{Details, Listing, SeatTaken};
