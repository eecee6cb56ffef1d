//! Computer players: pure decisions over `chowka_protocol::Game`.

pub mod tournament;
