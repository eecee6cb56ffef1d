//! The chowka server: rooms, WebSocket protocol, HTTP API, persistence and
//! computer players, on top of the rules in `chowka-protocol`.
//!
//! # Layout
//! - `config`: command-line and environment options of `serve`; starts the server.
//! - `commands`: the offline commands: `replay`, `conformance`, `simulate`.
//! - `bots`: computer players (pure decisions over the game) and `tournament`.

pub mod bots;
pub mod commands;
pub mod config;
