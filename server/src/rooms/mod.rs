//! Rooms: one tokio task per room owns its game, and everything else talks
//! to it through a cheap [`RoomStub`].
//!
//! # Layout
//! A tour, in the order a move flows through:
//! - `stub`: [`RoomStub`] and the [`Cmd`]s it sends; [`channel`] makes a
//!   stub and its actor.
//! - `registry`: [`Registry`], room codes to stubs: creates rooms, restores
//!   them from the store, lists the open ones.
//! - `actor`: [`RoomActor`], the task's loop over commands and deadlines;
//!   connections joining and leaving; the game's actions; the one
//!   "change, save or roll back" step ([`RoomActor`]'s `commit`); the archive.
//! - `room`: [`Room`], what the task owns and saves, and its store rows.
//! - `lobby`: taking seats, computer seats, start and rematch.
//! - `computers`: who plays a seat no person plays, and when.
//! - `fair`: the players' seeds of the fair throws, and what the room
//!   shows of its own.
//! - `timers`: [`Timers`], every deadline of a room on tokio's clock.
//! - `history`: [`History`], the recent events and chat every `welcome`
//!   carries.
//! - `views`: what the room shows: room view, state, presence, listing.
//! - `outbox`: [`Outbox`], the only way out to the room's connections,
//!   one bounded queue (a [`Mailbox`]) per connection.
//!
//! The three seams a room has to the rest of the server are narrow: its
//! state is a [`Room`], its store writes go through the actor's `commit`
//! and `archive`, and its messages through the [`Outbox`].

mod actor;
mod computers;
mod effects;
mod history;
mod outbox;
mod registry;
mod room;
mod stub;
mod timers;
mod views;

pub use actor::RoomActor;
pub use computers::simple_action;
pub use history::History;
pub use outbox::{feed, Feed, Mailbox, Out, Outbox};
pub use registry::{CreateError, Found, Registry, Shared};
pub use room::{Change, Effect, Play, Room, Seat, Settings, Stage};
pub use stub::{channel, Cmd, Joined, Request, RoomStub};
pub use timers::{Due, Timers};
pub use views::{Details, Listing, SeatTaken};
