//! The lobby's rules and the rematch: who may change seats, and when.

use super::*;
use crate::bots::Level;
use crate::rooms::room::{Change, Effect, Room, Settings};
use chowka_protocol::messages::RoomStatus;
use chowka_protocol::Player;

#[test]
fn lobby_requests_are_refused_to_the_wrong_person_at_the_wrong_time() {
    let bot = |seat, level| Change::SetBot {
        seat,
        level: Some(level),
    };
    let take = |seat| Change::TakeSeat {
        name: "Chitra".into(),
        seat,
        token_hash: "hash-Chitra".into(),
        player: None,
    };
    let room = lobby(Settings::default());
    let started = playing(Settings::default());
    let cases: Vec<(&str, &Room, Change, Option<Player>, &str)> = vec![
        ("a player starts", &room, start(), Some(1), "not_host"),
        ("a spectator starts", &room, start(), None, "not_host"),
        ("started twice", &started, start(), Some(0), "not_lobby"),
        (
            "computer on the host",
            &room,
            bot(0, Level::Easy),
            Some(0),
            "bad_seat",
        ),
        (
            "computer on a person",
            &room,
            bot(1, Level::Easy),
            Some(0),
            "seat_taken",
        ),
        (
            "a computer, not the host",
            &room,
            bot(2, Level::Hard),
            Some(1),
            "not_host",
        ),
        (
            "no such seat",
            &room,
            bot(9, Level::Easy),
            Some(0),
            "bad_seat",
        ),
        (
            "the host removed",
            &room,
            Change::Remove { seat: 0 },
            Some(0),
            "bad_seat",
        ),
        (
            "a player removes",
            &room,
            Change::Remove { seat: 3 },
            Some(1),
            "not_host",
        ),
        (
            "the host leaves",
            &room,
            Change::LeaveSeat,
            Some(0),
            "bad_seat",
        ),
        (
            "a spectator leaves",
            &room,
            Change::LeaveSeat,
            None,
            "not_seated",
        ),
        (
            "leaving mid-game",
            &started,
            Change::LeaveSeat,
            Some(1),
            "not_lobby",
        ),
        (
            "a seat past the end",
            &room,
            take(Some(4)),
            None,
            "bad_seat",
        ),
        ("a seat taken", &room, take(Some(1)), None, "seat_taken"),
        ("a seat mid-game", &started, take(None), None, "not_lobby"),
    ];
    for (what, room, change, by, code) in cases {
        assert_eq!(refusal(room.apply(change, by)), code, "{what}");
    }
}

/// A change, who asks it, and what must be true after it.
type Case = (Change, Option<Player>, fn(&Room) -> bool);

#[test]
fn lobby_changes_are_saved_with_one_more_version() {
    let room = lobby(Settings::default());
    let cases: Vec<Case> = vec![
        (
            Change::TakeSeat {
                name: "Chitra".into(),
                seat: None,
                token_hash: "hash-Chitra".into(),
                player: Some("player-Chitra".into()),
            },
            None,
            |r| r.seats[2].person() && r.seat_of_player("player-Chitra") == Some(2),
        ),
        (
            Change::SetBot {
                seat: 2,
                level: Some(Level::Hard),
            },
            Some(0),
            |r| r.seats[2].bot == Some(Level::Hard),
        ),
        (Change::Remove { seat: 3 }, Some(0), |r| !r.seats[3].taken()),
        (Change::LeaveSeat, Some(1), |r| !r.seats[1].taken()),
    ];
    for (change, by, done) in cases {
        let what = format!("{change:?}");
        let (next, effects) = room.apply(change, by).expect(&what);
        assert!(done(&next), "{what}");
        assert_eq!(next.version, room.version + 1, "{what}");
        assert_eq!(effects[0], Effect::SaveRoom, "{what}: saved first");
        assert!(effects.contains(&Effect::Listing), "{what}");
    }
    // The room asked is as it was: a change never touches it.
    assert_eq!(room.version, 1);
    assert!(room.seats[1].person() && !room.seats[2].taken());
}

#[test]
fn emptying_an_empty_seat_changes_nothing() {
    let room = lobby(Settings::default());
    let (next, effects) = room.apply(Change::Remove { seat: 2 }, Some(0)).unwrap();
    assert!(effects.is_empty());
    assert_eq!(next.version, room.version);
}

#[test]
fn the_start_seats_the_players_in_order_over_the_empty_seats() {
    // R2: two to four players, seated in order; the empty seat is dropped.
    let room = lobby(Settings::default());
    let (next, effects) = room.apply(start(), Some(0)).unwrap();
    assert!(effects.contains(&Effect::Reseated(vec![0, 1, 3])));
    assert_eq!(next.seats.len(), 3);
    assert_eq!(next.rules().players, 3);
    assert_eq!(next.status(), RoomStatus::Playing);
    let fair = next
        .played()
        .and_then(|p| p.fair.clone())
        .expect("fair throws");
    assert_eq!(fair.client_seeds, vec![None; 3]);
    // The seed the start was given, not one the core drew itself.
    assert_eq!(fair.server_seed, chowka_protocol::Bytes32([7; 32]));
    let alone = lobby(Settings::default())
        .apply(Change::Remove { seat: 3 }, Some(0))
        .and_then(|(r, _)| r.apply(Change::LeaveSeat, Some(1)))
        .unwrap()
        .0;
    assert_eq!(refusal(alone.apply(start(), Some(0))), "not_enough_players");
}

#[test]
fn a_rematch_is_the_same_players_at_a_fresh_table_once() {
    let over = finished();
    let code = || RoomCode::parse("R3MATCH").unwrap();
    let lobby = lobby(Settings::default());
    let refused = |r: Result<Option<Room>, Refusal>| r.err().map(|r| r.code.as_str());
    assert_eq!(
        refused(lobby.rematch_room(Some(0), code())),
        Some("not_finished")
    );
    assert_eq!(refused(over.rematch_room(None, code())), Some("not_seated"));
    let next = over
        .rematch_room(Some(1), code())
        .unwrap()
        .expect("a new room");
    assert_eq!(
        (next.code.as_str(), next.status()),
        ("R3MATCH", RoomStatus::Lobby)
    );
    // The same tokens open the same seats.
    assert_eq!(*next.seats, *over.seats);
    let (linked, effects) = over
        .apply(Change::Rematch { code: code() }, Some(1))
        .unwrap();
    assert_eq!(linked.rematch, Some(code()));
    assert_eq!(effects[0], Effect::SaveRoom);
    assert!(linked.rematch_room(Some(0), code()).unwrap().is_none());
}
