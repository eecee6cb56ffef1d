//! Telling players it is their turn while no page of theirs is open
//! (docs/operations.md, "Telling players it is their turn"). Games over
//! days only: a live game's players are at the table.
//!
//! - [`quiet`]: a player's time zone and quiet hours, when nothing is sent.
//! - [`push`]: Web Push, opt-in, off without `--push`: the VAPID key,
//!   subscriptions, the worker.
//! - [`mail`]: the daily e-mail digest, opt-in, off without SMTP.

pub mod mail;
pub mod push;
pub mod quiet;

pub use quiet::Alerts;
