//! The clock of a game over days, as a value with no IO: whose turn it
//! is and since when, and each seat's vacation. Every time comes in as
//! `now` (ms since the epoch) from the actor's wall clock (`wall.rs`), so
//! the rules are pure and tested without tokio (`tests/days.rs`).
//!
//! A turn's clock runs from the turn's start (the action that passed the
//! turn, or the start of the game) for `turn_hours`, not counting the time
//! the seat to move is on vacation. So the moment it runs out is known
//! from the clock alone ([`DaysClock::runs_out`]): nothing ticks, and a
//! room nobody is connected to needs no timer, only its row's due time.

use super::change::{Effect, Next};
use super::Room;
use crate::error::{ErrorCode, Refusal};
use chowka_protocol::messages::Pace;
use chowka_protocol::Player;
use serde::{Deserialize, Serialize};

/// An hour, in ms.
pub const HOUR_MS: i64 = 3_600_000;
/// A day, in ms.
pub const DAY_MS: i64 = 24 * HOUR_MS;
/// Vacation per player per game: three days, enough for a long weekend
/// or a journey, too little to stall a family's game for a week.
pub const VACATION_MS: i64 = 3 * DAY_MS;
/// The days of vacation one request may ask for.
pub const VACATION_DAYS: std::ops::RangeInclusive<u8> = 1..=3;

/// One seat's vacation: what is left, and the one taken now or last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vacation {
    /// Vacation not yet taken, ms (a vacation under way is taken whole
    /// when it starts; `back` gives back what it did not use).
    pub left_ms: i64,
    /// When the vacation under way (or not yet settled) began.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<i64>,
    /// When it ends.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<i64>,
}

impl Default for Vacation {
    fn default() -> Vacation {
        Vacation {
            left_ms: VACATION_MS,
            from: None,
            until: None,
        }
    }
}

/// The clock of a game over days, saved in the row's `clock` column.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DaysClock {
    /// The seat whose turn it is.
    pub seat: Player,
    /// When that turn began, ms since the epoch.
    pub since: i64,
    /// Vacation of `seat` that ended during this turn, ms: not counted.
    #[serde(default)]
    pub credit: i64,
    /// Each seat's vacation.
    pub vacations: Vec<Vacation>,
}

impl DaysClock {
    /// The clock of a game starting at `now`, `seat` to move.
    pub fn new(seats: usize, seat: Player, now: i64) -> DaysClock {
        DaysClock {
            seat,
            since: now,
            credit: 0,
            vacations: vec![Vacation::default(); seats],
        }
    }

    /// The part of the turn seat's present vacation that falls in this
    /// turn, ms (the whole of it, to its end: it is known).
    fn pause_in_turn(&self) -> i64 {
        match self.vacations.get(self.seat as usize) {
            Some(Vacation {
                from: Some(from),
                until: Some(until),
                ..
            }) => (until - from.max(&self.since)).max(0),
            _ => 0,
        }
    }

    /// When the turn's clock runs out, if the seat to move takes no more
    /// vacation and does not come back early from the one under way.
    pub fn runs_out(&self, turn_ms: i64) -> i64 {
        self.since + turn_ms + self.credit + self.pause_in_turn()
    }

    /// Whether `seat` is on vacation at `now`.
    pub fn on_vacation(&self, seat: Player, now: i64) -> bool {
        self.vacation_until(seat, now).is_some()
    }

    /// The end of `seat`'s vacation, while it is on one at `now`.
    pub fn vacation_until(&self, seat: Player, now: i64) -> Option<i64> {
        let v = self.vacations.get(seat as usize)?;
        match (v.from, v.until) {
            (Some(from), Some(until)) if from <= now && now < until => Some(until),
            _ => None,
        }
    }

    /// The vacation `seat` has left to ask for, ms.
    pub fn vacation_left(&self, seat: Player) -> Option<i64> {
        self.vacations.get(seat as usize).map(|v| v.left_ms)
    }

    /// When the clock of the seat to move runs out, as players see it:
    /// `None` while that seat is on vacation (its clock is stopped).
    pub fn due_at(&self, turn_ms: i64, now: i64) -> Option<i64> {
        (!self.on_vacation(self.seat, now)).then(|| self.runs_out(turn_ms))
    }

    /// Settles `seat`'s vacation if it ended by `now`: the part of it in
    /// this turn goes to the turn's credit when it is the seat to move.
    fn settle(&mut self, seat: Player, now: i64) {
        let pause = self.pause_in_turn();
        let turn_seat = seat == self.seat;
        let Some(v) = self.vacations.get_mut(seat as usize) else {
            return;
        };
        if v.until.is_some_and(|until| until <= now) {
            if turn_seat {
                self.credit += pause;
            }
            v.from = None;
            v.until = None;
        }
    }

    /// The turn passes to `seat` at `at`: a new turn with a full clock.
    pub fn passed(&self, seat: Player, at: i64) -> DaysClock {
        let mut next = self.clone();
        for s in 0..next.vacations.len() {
            next.settle(s as Player, at);
        }
        next.seat = seat;
        next.since = at;
        next.credit = 0;
        next
    }

    /// `seat` starts a vacation of `days` whole days at `now`, at most
    /// what it has left.
    pub fn vacation(&self, seat: Player, days: u8, now: i64) -> Result<DaysClock, Refusal> {
        if !VACATION_DAYS.contains(&days) {
            return Err(Refusal::with(
                ErrorCode::BadRequest,
                "A vacation is 1 to 3 days.",
            ));
        }
        let mut next = self.clone();
        next.settle(seat, now);
        if next.on_vacation(seat, now) {
            return Err(Refusal::with(
                ErrorCode::BadRequest,
                "You are on vacation already: come back first to take another.",
            ));
        }
        let v = next
            .vacations
            .get_mut(seat as usize)
            .ok_or(ErrorCode::BadSeat)?;
        let length = (days as i64 * DAY_MS).min(v.left_ms);
        if length <= 0 {
            return Err(ErrorCode::NoVacationLeft.into());
        }
        v.left_ms -= length;
        v.from = Some(now);
        v.until = Some(now + length);
        Ok(next)
    }

    /// `seat` is back at `now`: its vacation ends, and what it did not use
    /// is left to take later. `None` when it is not on vacation.
    pub fn back(&self, seat: Player, now: i64) -> Option<DaysClock> {
        if !self.on_vacation(seat, now) {
            return None;
        }
        let mut next = self.clone();
        let v = next.vacations.get_mut(seat as usize)?;
        let until = v.until?;
        v.left_ms += until - now;
        v.until = Some(now);
        next.settle(seat, now);
        Some(next)
    }

    /// The clock of a restored room whose last turn began at `since`
    /// with `seat` to move, as the event log tells: the row's clock is
    /// saved with the row, and a turn passed by an action whose due time
    /// was not written yet leaves it one turn behind.
    pub fn caught_up(&self, seat: Player, since: i64) -> DaysClock {
        if self.seat == seat && self.since >= since {
            return self.clone();
        }
        self.passed(seat, since.max(self.since))
    }
}

impl Room {
    /// Whether the room's game is played over days.
    pub fn days(&self) -> bool {
        self.settings.pace == Pace::Days
    }

    /// The ms each turn's clock gives, in a game over days.
    pub fn turn_ms(&self) -> Option<i64> {
        self.days()
            .then(|| self.settings.turn_hours.unwrap_or(24) as i64 * HOUR_MS)
    }

    /// When the clock of the person to move runs out, as players see it
    /// at `now`: a game over days being played, a person to move whose
    /// clock runs (not on vacation, not already run out).
    pub fn due_at(&self, now: i64) -> Option<i64> {
        let clock = self.clock.as_ref()?;
        self.runs_out()
            .filter(|_| !clock.on_vacation(clock.seat, now))
    }

    /// When the clock of the person to move runs out (vacation under way
    /// included), while one runs: the actor's timer.
    pub fn runs_out(&self) -> Option<i64> {
        let to_move = self.game_on()?.to_move();
        if self.computer(to_move).is_some() {
            return None;
        }
        Some(self.clock.as_ref()?.runs_out(self.turn_ms()?))
    }

    /// The due-time index of the row: the seat to move and when the room
    /// must next be woken (ms). The turn's start when a computer is to
    /// play (it plays at once once woken); the clock's end otherwise,
    /// vacation included (a vacation ending early is a change of the row,
    /// saved with its new due time). `None` when no clock runs.
    pub fn due_index(&self) -> (Option<i64>, Option<i64>) {
        let (Some(game), Some(clock), Some(turn_ms)) =
            (self.game_on(), &self.clock, self.turn_ms())
        else {
            return (None, None);
        };
        let to_move = game.to_move();
        let due = match self.computer_turn() {
            Some(_) => clock.since,
            None => clock.runs_out(turn_ms),
        };
        (Some(to_move as i64), Some(due))
    }

    /// Refuses what only a game over days has (`not_days`), and anyone
    /// but a seated person while the game is on.
    fn days_person(&self, by: Option<Player>) -> Result<(Player, &DaysClock), Refusal> {
        if !self.days() {
            return Err(ErrorCode::NotDays.into());
        }
        let seat = by.ok_or(ErrorCode::NotSeated)?;
        if !self.seats.get(seat as usize).is_some_and(|s| s.person()) {
            return Err(ErrorCode::NotSeated.into());
        }
        match (self.game_on(), &self.clock) {
            (Some(_), Some(clock)) => Ok((seat, clock)),
            _ => Err(ErrorCode::NotPlaying.into()),
        }
    }

    /// A seated person starts a vacation of `days` days at `now`.
    pub(super) fn vacation(&self, by: Option<Player>, days: u8, now: i64) -> Result<Next, Refusal> {
        let (seat, clock) = self.days_person(by)?;
        let clock = clock.vacation(seat, days, now)?;
        let mut next = self.bumped();
        next.clock = Some(clock);
        Ok((next, vec![Effect::SaveRoom, Effect::State(Vec::new())]))
    }

    /// A seated person is back from vacation at `now` (no change if they
    /// are not on one).
    pub(super) fn back(&self, by: Option<Player>, now: i64) -> Result<Next, Refusal> {
        let (seat, clock) = self.days_person(by)?;
        let Some(clock) = clock.back(seat, now) else {
            return Ok(self.unchanged());
        };
        let mut next = self.bumped();
        next.clock = Some(clock);
        Ok((next, vec![Effect::SaveRoom, Effect::State(Vec::new())]))
    }

    /// The clock after `by`'s action at `at` left `to_move` to move: a
    /// person acting is back from any vacation, and a turn passing starts
    /// a new clock.
    pub(super) fn clock_after(&mut self, by: Player, person: bool, to_move: Player, at: i64) {
        let Some(mut clock) = self.clock.take() else {
            return;
        };
        if person {
            clock = clock.back(by, at).unwrap_or(clock);
        }
        if to_move != clock.seat {
            clock = clock.passed(to_move, at);
        }
        self.clock = Some(clock);
    }
}
