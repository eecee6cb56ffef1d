//! The rules of the table during the game: moves, stand-ins and taking
//! back, the turn clock, the fair seeds, and a room restored.

use super::*;
use crate::bots::Level;
use crate::rooms::room::{Change, Effect, Room, Settings, Stage};
use crate::rooms::simple_action;
use chowka_protocol::messages::{RoomStatus, ServerMsg};
use chowka_protocol::{Action, Bytes32, Player, ScriptedThrows, Setup};
use std::sync::Arc;

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
    let (out, effects) = room.apply(Change::ClockOut { now: 0 }, None).unwrap();
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
        ..Settings::default()
    });
    let (back, actions) = Room::restore(room.row().unwrap(), &[], room.version as i64).unwrap();
    assert!(actions.is_empty());
    assert_eq!(back.row().unwrap().settings, room.row().unwrap().settings);
    assert_eq!(back.row().unwrap().fair, room.row().unwrap().fair);
    assert_eq!(back.status(), RoomStatus::Playing);
    assert_eq!(back.version, room.version + 1);
}

#[test]
fn a_set_up_that_does_not_resolve_is_not_restored() {
    let mut row = lobby(Settings::default()).row().unwrap();
    let mut setup = Setup::default();
    setup.options.board = Some(4);
    assert!(setup.rules().is_err(), "R1: the board is odd");
    row.setup = serde_json::to_string(&setup).unwrap();
    assert!(Room::restore(row, &[], 1).is_err());
}

/// Plays `seat`'s turns until the turn has passed on `turns` times, the
/// computer playing (`person` false) or the seat's person; the room and
/// every action recorded.
fn play_turns(
    mut room: Room,
    seat: Player,
    person: bool,
    turns: usize,
    log: &mut Vec<String>,
) -> Room {
    let mut twos = ScriptedThrows::new([2; 64]);
    let mut passed = 0;
    while passed < turns {
        let game = room.game_on().unwrap();
        let by = game.to_move();
        // Everyone else plays as a person; `seat` as asked.
        let action = simple_action(game, by);
        let (next, effects) = (room.play(by, action, by != seat || person, &mut twos, 0)).unwrap();
        for e in effects {
            if let Effect::Append(a) = e {
                log.push(serde_json::to_string(&a).unwrap());
            }
        }
        if by == seat && next.game_on().unwrap().to_move() != seat {
            passed += 1;
        }
        room = next;
    }
    room
}

#[test]
fn a_computer_playing_for_a_person_is_marked_and_its_turns_counted_again_after_a_restart() {
    let mut room = playing(Settings::default());
    if let Stage::Playing(p) = &mut room.stage {
        p.fair = None;
    }
    let (mut room, _) = room.apply(Change::Takeover { seat: 1 }, None).unwrap();
    let mut log = Vec::new();
    room = play_turns(room, 1, false, 3, &mut log);
    assert_eq!(room.computer_turns.of(1), 3, "three turns played for Bala");
    let actions: Vec<chowka_protocol::RecordedAction> = log
        .iter()
        .map(|a| serde_json::from_str(a).unwrap())
        .collect();
    for a in &actions {
        // Bala's seat by the computer: marked; Asha herself and the
        // computer player's own seat: not.
        assert_eq!(a.stand_in, a.by == Some(1), "{a:?}");
    }
    // Only the marked ones say so in JSON: older records read the same.
    let marked = log.iter().filter(|j| j.contains(r#""stand_in":true"#));
    assert_eq!(
        marked.count(),
        actions.iter().filter(|a| a.stand_in).count()
    );
    let (back, _) = Room::restore(room.row().unwrap(), &log, room.version as i64).unwrap();
    assert_eq!(
        back.computer_turns, room.computer_turns,
        "counted from the log"
    );
    // Bala takes his seat back and plays one turn himself: the count ends.
    let (mine, _) = room.apply(Change::TakeBack, Some(1)).unwrap();
    assert_eq!(mine.computer_turns.of(1), 3, "told when he is back");
    let mine = play_turns(mine, 1, true, 1, &mut log);
    assert_eq!(mine.computer_turns.of(1), 0);
}

#[test]
fn right_back_holds_a_seat_until_the_person_acts_takes_it_back_or_returns() {
    let room = playing(Settings::default());
    let lobby = lobby(Settings::default());
    let days = Settings {
        pace: chowka_protocol::messages::Pace::Days,
        ..Settings::default()
    };
    let days = playing(days);
    let at = |now| Change::RightBack { now };
    let cases: Vec<(&str, &Room, Option<Player>, &str)> = vec![
        ("a spectator", &room, None, "not_seated"),
        ("in the lobby", &lobby, Some(1), "not_playing"),
        ("a game over days", &days, Some(1), "bad_request"),
    ];
    for (what, room, by, code) in cases {
        assert_eq!(refusal(room.apply(at(1_000), by)), code, "{what}");
    }
    let (held, effects) = room.apply(at(1_000), Some(1)).unwrap();
    assert_eq!(effects[0], Effect::SaveRoom, "every version is saved");
    assert_eq!(
        held.back_by(1, 1_000),
        Some(1_000 + super::super::away::RIGHT_BACK_MS)
    );
    assert_eq!(
        held.back_by(1, 1_000 + 5 * 60 * 1000),
        None,
        "over after five minutes"
    );
    assert_eq!(held.back_by(0, 1_000), None, "Bala's alone");
    for (what, change) in [
        ("taking the seat back", Change::TakeBack),
        ("coming back", Change::Returned { seat: 1 }),
    ] {
        let by = matches!(change, Change::TakeBack).then_some(1);
        let (next, effects) = held.apply(change, by).unwrap();
        assert_eq!(next.back_by(1, 1_000), None, "{what}");
        assert_eq!(effects[0], Effect::SaveRoom, "{what}");
    }
    // Acting ends it too.
    let mut held = held;
    if let Stage::Playing(p) = &mut held.stage {
        p.fair = None;
    }
    let acted = play_turns(held, 1, true, 1, &mut Vec::new());
    assert_eq!(acted.back_by(1, 1_000), None, "acting");
}

#[test]
fn the_host_chooses_when_a_computer_stands_in_in_the_lobby_or_a_live_game() {
    let room = playing(Settings::default());
    let lobby = lobby(Settings::default());
    let over = finished();
    let days = playing(Settings {
        pace: chowka_protocol::messages::Pace::Days,
        ..Settings::default()
    });
    let set = |secs| Change::SetTakeover { secs };
    let cases: Vec<(&str, &Room, Change, Option<Player>, &str)> = vec![
        ("not the host", &room, set(Some(120)), Some(1), "not_host"),
        ("a spectator", &room, set(Some(120)), None, "not_host"),
        ("too soon", &room, set(Some(4)), Some(0), "bad_request"),
        ("too late", &room, set(Some(601)), Some(0), "bad_request"),
        (
            "a game over days",
            &days,
            set(Some(60)),
            Some(0),
            "bad_request",
        ),
        (
            "the game is over",
            &over,
            set(Some(60)),
            Some(0),
            "game_over",
        ),
    ];
    for (what, room, change, by, code) in cases {
        assert_eq!(refusal(room.apply(change, by)), code, "{what}");
    }
    for (what, room) in [("lobby", &lobby), ("playing", &room)] {
        let mut room = room.clone();
        // From never (the default here) to 5 s, 10 min and never again.
        for secs in [Some(5), Some(600), None] {
            let (next, effects) = room.apply(set(secs), Some(0)).unwrap();
            assert_eq!(next.settings.takeover, secs, "{what}");
            assert_eq!(
                effects,
                vec![Effect::SaveRoom, Effect::Rearm, Effect::State(Vec::new())],
                "{what}: saved, counted again, shown"
            );
            let (same, effects) = next.apply(set(secs), Some(0)).unwrap();
            assert!(effects.is_empty() && same.version == next.version, "{what}");
            room = next;
        }
    }
}

#[test]
fn threats_are_asked_of_a_game_for_a_seat_and_change_nothing() {
    let room = playing(Settings::default());
    let lobby = lobby(Settings::default());
    // What, in which room, asked by, for whose pawns, refused with.
    type Case<'a> = (&'a str, &'a Room, Option<Player>, Option<Player>, &'a str);
    let cases: Vec<Case> = vec![
        ("in the lobby", &lobby, Some(0), None, "not_playing"),
        (
            "a spectator names no seat",
            &room,
            None,
            None,
            "bad_request",
        ),
        ("no such seat", &room, Some(0), Some(3), "bad_request"),
        ("far past the seats", &room, None, Some(200), "bad_request"),
    ];
    for (what, room, by, seat, code) in cases {
        let got = room.threats(by, seat).map(|_| ());
        assert_eq!(got.unwrap_err().code.as_str(), code, "{what}");
    }
    let game = room.game().unwrap();
    for (by, seat, whose) in [
        (Some(1), None, 1),
        (Some(0), Some(2), 2),
        (None, Some(0), 0),
    ] {
        let Ok(ServerMsg::Threats {
            version,
            seat,
            threats,
        }) = room.threats(by, seat)
        else {
            panic!("answered");
        };
        assert_eq!((version, seat), (room.version, whose));
        assert_eq!(threats, game.threats(whose), "the engine's answer");
    }
    // After the game it is still an answer, not a refusal: the engine's
    // (which has none for a game that is over).
    let over = finished();
    let Ok(ServerMsg::Threats { threats, .. }) = over.threats(Some(0), None) else {
        panic!("answered");
    };
    assert_eq!(threats, over.game().unwrap().threats(0));
}

#[test]
fn the_host_turns_hints_off_and_on_and_only_the_player_to_move_may_ask() {
    let room = playing(Settings::default());
    let lobby = lobby(Settings::default());
    let over = finished();
    let set = |on| Change::SetHints { on };
    let cases: Vec<(&str, &Room, Change, Option<Player>, &str)> = vec![
        ("not the host", &room, set(false), Some(1), "not_host"),
        ("a spectator", &room, set(false), None, "not_host"),
        ("the game is over", &over, set(false), Some(0), "game_over"),
    ];
    for (what, room, change, by, code) in cases {
        assert_eq!(refusal(room.apply(change, by)), code, "{what}");
    }
    for (what, room) in [("lobby", &lobby), ("playing", &room)] {
        assert!(!room.settings.no_hints, "{what}: on unless turned off");
        let (off, effects) = room.apply(set(false), Some(0)).unwrap();
        assert!(off.settings.no_hints, "{what}");
        assert_eq!(
            effects,
            vec![Effect::SaveRoom, Effect::State(Vec::new())],
            "{what}: saved and shown"
        );
        let (same, effects) = off.apply(set(false), Some(0)).unwrap();
        assert!(effects.is_empty() && same.version == off.version, "{what}");
        let (on, _) = off.apply(set(true), Some(0)).unwrap();
        assert!(!on.settings.no_hints, "{what}");
    }
    // Who may ask: the player to move, in a game on, where hints are on.
    let to_move = room.game().unwrap().to_move();
    let other = (to_move + 1) % room.game().unwrap().rules().players;
    let (off, _) = room.apply(set(false), Some(0)).unwrap();
    let code = |r: Result<&chowka_protocol::Game, crate::error::Refusal>| {
        r.map(|_| ()).unwrap_err().code.as_str()
    };
    assert_eq!(code(lobby.hint_game(Some(0))), "not_playing");
    assert_eq!(code(over.hint_game(Some(0))), "not_playing");
    assert_eq!(code(room.hint_game(None)), "not_seated");
    assert_eq!(code(room.hint_game(Some(other))), "not_your_turn");
    assert_eq!(code(off.hint_game(Some(to_move))), "bad_request");
    assert!(room.hint_game(Some(to_move)).is_ok());
    // Stored only when turned off: older rooms read as on.
    let json = serde_json::to_string(&room.settings).unwrap();
    assert!(!json.contains("hints"), "{json}");
    assert!(serde_json::to_string(&off.settings)
        .unwrap()
        .contains("\"no_hints\":true"));
}
