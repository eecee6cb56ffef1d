//! The clock of a game over days, pure: a turn that runs out, vacation
//! stopping the clock and `back` resuming it, a turn passing, a restore
//! catching up with the log, and the refusals.

use super::*;
use crate::rooms::room::{DaysClock, DAY_MS, HOUR_MS, VACATION_MS};
use chowka_protocol::messages::Pace;

/// Asha (host) and Bala over days, 24 hours a turn, started at 0.
fn days_game() -> Room {
    let settings = Settings {
        pace: Pace::Days,
        turn_hours: Some(24),
        ..Settings::default()
    };
    let seats = vec![person("Asha", true), person("Bala", false)];
    let room = Room::new(
        RoomCode::parse("K7MPX3Q").unwrap(),
        Setup::default(),
        settings,
        seats,
    )
    .unwrap();
    room.apply(start(), Some(0)).unwrap().0
}

#[test]
fn a_turn_runs_out_after_its_hours_and_the_computer_plays_it() {
    let room = days_game();
    let seat = room.game_on().unwrap().to_move();
    assert_eq!(room.due_at(0), Some(DAY_MS));
    assert_eq!(room.due_index(), (Some(seat as i64), Some(DAY_MS)));
    // Woken early: nothing is due.
    let (same, effects) = room
        .apply(Change::ClockOut { now: DAY_MS - 1 }, None)
        .unwrap();
    assert!(effects.is_empty() && same.autoplay.is_none());
    let (out, effects) = room.apply(Change::ClockOut { now: DAY_MS }, None).unwrap();
    assert_eq!(out.autoplay, Some(seat));
    assert!(effects.contains(&Effect::ClockOut(seat)));
    // The person cannot take the run-out turn back by acting.
    let throw = chowka_protocol::ActionRequest::Throw { value: None };
    let refused = out.check_act(Some(seat), out.version, &throw);
    assert_eq!(refused.unwrap_err().code.as_str(), "clock_ran_out");
    // The index wakes the room at once while the computer is to play.
    assert_eq!(out.due_index().1, Some(0));
}

#[test]
fn vacation_stops_the_clock_and_back_resumes_it() {
    let clock = DaysClock::new(2, 0, 0);
    let turn = DAY_MS;
    // Ten hours used, then two days away: the end moves by two days.
    let away = clock.vacation(0, 2, 10 * HOUR_MS).unwrap();
    assert_eq!(away.runs_out(turn), 3 * DAY_MS);
    assert_eq!(away.due_at(turn, 11 * HOUR_MS), None, "stopped while away");
    assert_eq!(away.vacation_left(0), Some(VACATION_MS - 2 * DAY_MS));
    // Back after one day: the day not used is kept, the clock resumes.
    let back = away.back(0, 10 * HOUR_MS + DAY_MS).unwrap();
    assert_eq!(back.runs_out(turn), 2 * DAY_MS);
    assert_eq!(back.vacation_left(0), Some(VACATION_MS - DAY_MS));
    assert_eq!(back.due_at(turn, DAY_MS + 11 * HOUR_MS), Some(2 * DAY_MS));
    // A vacation that ran to its end counts whole.
    let whole = clock.vacation(0, 3, 0).unwrap();
    let later = whole.vacation(0, 1, 4 * DAY_MS);
    assert_eq!(later.unwrap_err().code.as_str(), "no_vacation_left");
    assert_eq!(whole.runs_out(turn), 4 * DAY_MS);
    // Another seat's vacation does not move this turn's clock.
    assert_eq!(clock.vacation(1, 1, 0).unwrap().runs_out(turn), DAY_MS);
    assert_eq!(
        clock.vacation(0, 4, 0).unwrap_err().code.as_str(),
        "bad_request"
    );
}

#[test]
fn a_turn_passing_starts_a_full_clock_and_a_restore_catches_up() {
    let clock = DaysClock::new(2, 0, 0).vacation(1, 1, 0).unwrap();
    let passed = clock.passed(1, 5 * HOUR_MS);
    // Bala is away until a day after 0: his clock starts then.
    assert_eq!(
        passed.runs_out(DAY_MS),
        5 * HOUR_MS + DAY_MS + (DAY_MS - 5 * HOUR_MS)
    );
    // The row's clock one turn behind the log: the log's turn wins.
    let caught = DaysClock::new(2, 0, 0).caught_up(1, 7 * HOUR_MS);
    assert_eq!((caught.seat, caught.since), (1, 7 * HOUR_MS));
    let same = passed.caught_up(1, 5 * HOUR_MS);
    assert_eq!(same, passed);
}

#[test]
fn vacation_is_for_seated_people_in_games_over_days() {
    let live = playing(Settings::default());
    let vacation = |now| Change::Vacation { days: 1, now };
    assert_eq!(refusal(live.apply(vacation(0), Some(0))), "not_days");
    let room = days_game();
    assert_eq!(refusal(room.apply(vacation(0), None)), "not_seated");
    assert_eq!(
        refusal(room.apply(Change::StandIn { seat: 1 }, Some(0))),
        "bad_request"
    );
    let (away, effects) = room.apply(vacation(0), Some(1)).unwrap();
    assert_eq!(effects[0], Effect::SaveRoom);
    assert_eq!(refusal(away.apply(vacation(1), Some(1))), "bad_request");
    let (back, _) = away.apply(Change::Back { now: HOUR_MS }, Some(1)).unwrap();
    let left = back.clock.as_ref().unwrap().vacation_left(1);
    assert_eq!(left, Some(VACATION_MS - HOUR_MS));
    // The clock is saved with the row and comes back with it.
    let (restored, _) = Room::restore(back.row().unwrap(), &[], back.version as i64).unwrap();
    assert_eq!(restored.clock, back.clock);
    assert_eq!(restored.settings, back.settings);
}
