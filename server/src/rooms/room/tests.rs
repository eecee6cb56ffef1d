//! The rules of the table, table-driven, with no tokio and no store: the
//! lobby, the rematch, stand-ins and taking back, the fair seeds and the
//! turn clock. Rule ids are from docs/rules.md where a rule of the game
//! is involved.

use super::change::Next;
use super::*;
use crate::rooms::simple_action;
use chowka_protocol::{Action, Bytes32, ScriptedThrows, Setup};

/// A seat held by a person whose token hashes to `name`.
fn person(name: &str, host: bool) -> Seat {
    Seat {
        name: Some(name.into()),
        token_hash: Some(format!("hash-{name}")),
        bot: None,
        host,
    }
}

fn computer() -> Seat {
    Seat {
        bot: Some(Level::Easy),
        ..Seat::default()
    }
}

/// A lobby: the host in seat 0, Bala in 1, seat 2 empty, a computer in 3.
fn lobby(settings: Settings) -> Room {
    let seats = vec![
        person("Asha", true),
        person("Bala", false),
        Seat::default(),
        computer(),
    ];
    Room::new("K7MPX3Q".into(), Setup::default(), settings, seats).expect("playable")
}

/// The lobby started: Asha 0, Bala 1, the computer 2.
fn playing(settings: Settings) -> Room {
    let (room, _) = lobby(settings)
        .apply(Change::Start, Some(0))
        .expect("starts");
    room
}

fn refusal(got: Result<Next, Refusal>) -> &'static str {
    match got {
        Ok((_, effects)) => panic!("accepted with {effects:?}"),
        Err(r) => r.code.as_str(),
    }
}

#[test]
fn lobby_requests_are_refused_to_the_wrong_person_at_the_wrong_time() {
    let bot = |seat, level: &str| Change::SetBot {
        seat,
        level: Some(level.into()),
    };
    let take = |seat| Change::TakeSeat {
        name: "Chitra".into(),
        seat,
        token_hash: "hash-Chitra".into(),
    };
    let room = lobby(Settings::default());
    let started = playing(Settings::default());
    let cases: Vec<(&str, &Room, Change, Option<Player>, &str)> = vec![
        ("a player starts", &room, Change::Start, Some(1), "not_host"),
        ("a spectator starts", &room, Change::Start, None, "not_host"),
        (
            "started twice",
            &started,
            Change::Start,
            Some(0),
            "not_lobby",
        ),
        (
            "computer on the host",
            &room,
            bot(0, "easy"),
            Some(0),
            "bad_seat",
        ),
        (
            "computer on a person",
            &room,
            bot(1, "easy"),
            Some(0),
            "seat_taken",
        ),
        (
            "no such level",
            &room,
            bot(2, "genius"),
            Some(0),
            "bad_level",
        ),
        (
            "a level, not the host",
            &room,
            bot(2, "genius"),
            Some(1),
            "not_host",
        ),
        ("no such seat", &room, bot(9, "easy"), Some(0), "bad_seat"),
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
            },
            None,
            |r| r.seats[2].person(),
        ),
        (
            Change::SetBot {
                seat: 2,
                level: Some("hard".into()),
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
    let (next, effects) = room.apply(Change::Start, Some(0)).unwrap();
    assert!(effects.contains(&Effect::Reseated(vec![0, 1, 3])));
    assert_eq!(next.seats.len(), 3);
    assert_eq!(next.rules().players, 3);
    assert_eq!(next.status(), RoomStatus::Playing);
    let fair = next
        .played()
        .and_then(|p| p.fair.clone())
        .expect("fair throws");
    assert_eq!(fair.client_seeds, vec![None; 3]);
    let alone = lobby(Settings::default())
        .apply(Change::Remove { seat: 3 }, Some(0))
        .and_then(|(r, _)| r.apply(Change::LeaveSeat, Some(1)))
        .unwrap()
        .0;
    assert_eq!(
        refusal(alone.apply(Change::Start, Some(0))),
        "not_enough_players"
    );
}

/// A room whose game is over (as far as the table's rules go).
fn finished() -> Room {
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

#[test]
fn a_rematch_is_the_same_players_at_a_fresh_table_once() {
    let over = finished();
    let code = || "R3MATCH".to_string();
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
    assert_eq!(linked.rematch.as_deref(), Some("R3MATCH"));
    assert_eq!(effects[0], Effect::SaveRoom);
    assert!(linked.rematch_room(Some(0), code()).unwrap().is_none());
}

#[test]
fn stand_ins_are_the_hosts_to_give_and_the_players_to_take_back() {
    let room = playing(Settings::default());
    let stand_in = |seat| Change::StandIn { seat };
    let lobby = lobby(Settings::default());
    let cases: Vec<(&str, &Room, Change, Option<Player>, &str)> = vec![
        ("not the host", &room, stand_in(0), Some(1), "not_host"),
        ("in the lobby", &lobby, stand_in(1), Some(0), "not_playing"),
        ("a computer's seat", &room, stand_in(2), Some(0), "bad_seat"),
        ("the host's own", &room, stand_in(0), Some(0), "bad_seat"),
        ("no such seat", &room, stand_in(7), Some(0), "bad_seat"),
        (
            "a spectator takes back",
            &room,
            Change::TakeBack,
            None,
            "not_seated",
        ),
    ];
    for (what, room, change, by, code) in cases {
        assert_eq!(refusal(room.apply(change, by)), code, "{what}");
    }
    let (handed, effects) = room.apply(stand_in(1), Some(0)).unwrap();
    assert!(handed.stands_in(1) && handed.computer(1) == Some(Level::Medium));
    assert!(effects.contains(&Effect::HandedOver(1)));
    let (again, effects) = handed.apply(stand_in(1), Some(0)).unwrap();
    assert!(effects.is_empty() && again.version == handed.version);
    let (back, effects) = handed.apply(Change::TakeBack, Some(1)).unwrap();
    assert!(!back.stands_in(1) && back.computer(1).is_none());
    assert_eq!(effects[0], Effect::SaveRoom);
    assert_eq!(back.version, handed.version + 1);
    let (same, effects) = back.apply(Change::TakeBack, Some(1)).unwrap();
    assert!(effects.is_empty() && same.version == back.version);
}

#[test]
fn an_absent_player_is_stood_in_for_until_they_return() {
    let room = playing(Settings::default());
    let cases = [
        (Change::Takeover { seat: 1 }, true),
        (Change::Returned { seat: 1 }, false),
    ];
    let mut now = room.clone();
    for (change, stood_in) in cases {
        let (next, effects) = now.apply(change, None).unwrap();
        assert_eq!(next.stands_in(1), stood_in);
        assert_eq!(next.version, now.version + 1, "every version is saved");
        assert_eq!(effects[0], Effect::SaveRoom);
        now = next;
    }
    // Not in the lobby, not for a computer's seat.
    let lobby = lobby(Settings::default());
    for (room, seat) in [(&lobby, 1), (&room, 2)] {
        let (_, effects) = room.apply(Change::Takeover { seat }, None).unwrap();
        assert!(effects.is_empty());
    }
}

#[test]
fn the_turn_clock_hands_the_turn_to_the_server_until_it_ends() {
    // R6: a turn lasts while the player to move holds throws or values.
    let clocked = Settings {
        turn_clock: Some(30),
        ..Settings::default()
    };
    assert_eq!(lobby(clocked).clock(), None, "no clock in the lobby");
    let mut room = playing(clocked);
    assert_eq!(playing(Settings::default()).clock(), None);
    assert_eq!(room.clock(), Some(30));
    let seat = room.game_on().unwrap().to_move();
    let (out, effects) = room.apply(Change::ClockOut, None).unwrap();
    assert_eq!(effects[0], Effect::SaveRoom);
    assert_eq!(
        (out.autoplay, out.computer(seat)),
        (Some(seat), Some(Level::Easy))
    );
    assert_eq!(out.clock(), None, "no clock while the server plays");
    room = out;
    if let Stage::Playing(p) = &mut room.stage {
        p.fair = None;
    }
    let mut twos = ScriptedThrows::new([2; 8]);
    for _ in 0..8 {
        if room.game_on().unwrap().to_move() != seat {
            break;
        }
        let action = simple_action(room.game_on().unwrap(), seat);
        room = room.play(seat, action, false, &mut twos, 0).unwrap().0;
    }
    assert_ne!(room.game_on().unwrap().to_move(), seat, "the turn passed");
    assert_eq!(room.autoplay, None, "the next turn is the next player's");
}

#[test]
fn a_move_shares_what_it_does_not_change() {
    let room = playing(Settings::default());
    let by = room.game_on().unwrap().to_move();
    let (next, effects) = (room.play(by, Action::Throw, true, &mut ScriptedThrows::new([4]), 7))
        .expect("R5: the player to move throws");
    assert!(Arc::ptr_eq(&room.seats, &next.seats) && Arc::ptr_eq(&room.setup, &next.setup));
    assert!(matches!(&effects[0], Effect::Append(a) if a.at == Some(7)));
    assert_eq!(next.played().unwrap().throws, 1);
    assert_eq!(next.version, room.version + 1);
    let other = (by + 1) % 3;
    let refused = room.play(other, Action::Throw, true, &mut ScriptedThrows::new([4]), 7);
    assert!(refused.is_err(), "R6: only the player to move throws");
}

#[test]
fn a_seed_is_taken_once_per_seat_before_the_first_throw() {
    // R5 with docs/record.md, "Fair throws".
    let seed = || Change::Seed {
        seed: Bytes32([7; 32]),
    };
    let room = playing(Settings::default());
    let (seeded, effects) = room.apply(seed(), Some(1)).unwrap();
    assert_eq!(effects, vec![Effect::SaveRoom]);
    assert_eq!(seeded.version, room.version, "a seed changes no version");
    assert_eq!(seeded.fair_view().unwrap().seeded, vec![false, true, false]);
    let by = room.game_on().unwrap().to_move();
    let thrown = (room.play(by, Action::Throw, true, &mut ScriptedThrows::new([4]), 0))
        .unwrap()
        .0;
    let lobby = lobby(Settings::default());
    let over = finished();
    let cases: Vec<(&str, &Room, Option<Player>, &str)> = vec![
        ("in the lobby", &lobby, Some(1), "not_playing"),
        ("a spectator", &room, None, "not_seated"),
        ("twice", &seeded, Some(1), "seed_closed"),
        ("after the first throw", &thrown, Some(1), "seed_closed"),
        ("after the game", &over, Some(1), "seed_closed"),
    ];
    for (what, room, by, code) in cases {
        assert_eq!(refusal(room.apply(seed(), by)), code, "{what}");
    }
}

#[test]
fn a_room_comes_back_from_its_row_one_version_on() {
    let room = playing(Settings {
        public: true,
        turn_clock: Some(30),
        takeover: None,
    });
    let (back, actions) = Room::restore(room.row(), &[], room.version as i64).unwrap();
    assert!(actions.is_empty());
    assert_eq!(back.row().settings, room.row().settings);
    assert_eq!(back.row().fair, room.row().fair);
    assert_eq!(back.status(), RoomStatus::Playing);
    assert_eq!(back.version, room.version + 1);
}

#[test]
fn a_set_up_that_does_not_resolve_is_not_restored() {
    let mut row = lobby(Settings::default()).row();
    let mut setup = Setup::default();
    setup.options.board = Some(4);
    assert!(setup.rules().is_err(), "R1: the board is odd");
    row.setup = serde_json::to_string(&setup).unwrap();
    assert!(Room::restore(row, &[], 1).is_err());
}
