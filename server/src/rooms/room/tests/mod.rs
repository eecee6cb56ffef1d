//! The rules of the table, table-driven, with no tokio and no store:
//! `lobby` (seats, computers, the start, the rematch) and `play` (moves,
//! stand-ins and taking back, the turn clock, the fair seeds, restoring).
//! Rule ids are from docs/rules.md where a rule of the game is involved.
//! Here: the tables the tests start from.

mod days;
mod lobby;
mod people;
mod play;

use super::change::Next;
use super::*;
use chowka_protocol::Setup;

/// The host's start, with the server seed every test game uses.
pub(super) fn start() -> Change {
    Change::Start {
        server_seed: chowka_protocol::Bytes32([7; 32]),
        now: 0,
    }
}

/// A seat held by a person whose token hashes to `name`.
pub(super) fn person(name: &str, host: bool) -> Seat {
    Seat {
        name: Some(name.into()),
        token_hash: Some(format!("hash-{name}")),
        bot: None,
        host,
        player: Some(format!("player-{name}")),
    }
}

/// A seat held by an easy computer.
pub(super) fn computer() -> Seat {
    Seat {
        bot: Some(Level::Easy),
        ..Seat::default()
    }
}

/// A lobby: the host in seat 0, Bala in 1, seat 2 empty, a computer in 3.
pub(super) fn lobby(settings: Settings) -> Room {
    let seats = vec![
        person("Asha", true),
        person("Bala", false),
        Seat::default(),
        computer(),
    ];
    Room::new(
        RoomCode::parse("K7MPX3Q").unwrap(),
        Setup::default(),
        settings,
        seats,
    )
    .expect("playable")
}

/// The lobby started: Asha 0, Bala 1, the computer 2.
pub(super) fn playing(settings: Settings) -> Room {
    let (room, _) = lobby(settings).apply(start(), Some(0)).expect("starts");
    room
}

/// The code of a refusal (a change accepted fails the test).
pub(super) fn refusal(got: Result<Next, Refusal>) -> &'static str {
    match got {
        Ok((_, effects)) => panic!("accepted with {effects:?}"),
        Err(r) => r.code.as_str(),
    }
}

/// A room whose game is over (as far as the table's rules go).
pub(super) fn finished() -> Room {
    let mut room = playing(Settings::default());
    let Stage::Playing(play) = room.stage.clone() else {
        unreachable!()
    };
    room.stage = Stage::Finished {
        play,
        archived: true,
    };
    room
}
