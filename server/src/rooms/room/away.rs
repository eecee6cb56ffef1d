//! A person away from a live game, in the open: how many turns a computer
//! played for them since they last played themselves (what they are told
//! when they come back), and their "I'll be right back", which holds their
//! seat a few minutes before any computer takes it.
//!
//! Neither is saved with the row: the turns are counted again from the
//! event log when a room is restored (each action says whether a computer
//! played it for the seat's person), and a hold is a moment's word that a
//! restart may forget (the takeover time then counts from the restart).

use super::change::{Effect, Next};
use super::Room;
use crate::error::{ErrorCode, Refusal};
use chowka_protocol::messages::RoomStatus;
use chowka_protocol::{Event, Player};

/// The range of the takeover time, in seconds (docs/protocol.md): the
/// same at creation (`takeover`) and when the host changes it.
pub const TAKEOVER_SECS: std::ops::RangeInclusive<u32> = 5..=600;

/// How long "I'll be right back" holds a seat: long enough for the door
/// or the kettle, short enough that the table does not wait for long.
pub(super) const RIGHT_BACK_MS: i64 = 5 * 60 * 1000;

/// Per seat, the turns a computer played for its person since they last
/// played themselves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ComputerTurns([u16; 8]);

impl ComputerTurns {
    /// Counts one action of `by`: a person's own action starts the count
    /// again; a computer's for them counts a turn once the turn passes on
    /// (or the game ends), so a turn of several throws counts once.
    pub fn note(&mut self, by: Player, stand_in: bool, events: &[Event], over: bool) {
        let Some(n) = self.0.get_mut(by as usize) else {
            return;
        };
        if !stand_in {
            *n = 0;
        } else if over || events.iter().any(|e| matches!(e, Event::TurnBegan { .. })) {
            *n = n.saturating_add(1);
        }
    }

    /// The turns counted for `seat`.
    pub fn of(&self, seat: usize) -> u32 {
        self.0.get(seat).copied().unwrap_or(0).into()
    }
}

impl Room {
    /// The end of `seat`'s "I'll be right back" if it still holds at
    /// `now` (ms since the epoch).
    pub fn back_by(&self, seat: usize, now: i64) -> Option<i64> {
        self.back_by
            .get(seat)
            .copied()
            .flatten()
            .filter(|&t| t > now)
    }

    /// The seat's person steps away for a few minutes from `now`: the
    /// table is told and no computer takes the seat meanwhile. A live game
    /// only: a game over days has its vacations.
    pub(super) fn right_back(&self, by: Option<Player>, now: i64) -> Result<Next, Refusal> {
        let seat = by.ok_or(ErrorCode::NotSeated)?;
        if self.status() != RoomStatus::Playing {
            return Err(ErrorCode::NotPlaying.into());
        }
        if self.days() {
            return Err(Refusal::with(
                ErrorCode::BadRequest,
                "A game over days waits for everyone anyway: take a vacation to stop your clock.",
            ));
        }
        let mut next = self.bumped();
        if let Some(held) = next.back_by.get_mut(seat as usize) {
            *held = Some(now + RIGHT_BACK_MS);
        }
        Ok((next, vec![Effect::SaveRoom, Effect::State(Vec::new())]))
    }

    /// The host chooses whether a computer stands in for a person away,
    /// and after how many seconds (`None`: never), in the lobby or during
    /// a live game; the new time counts from now for anyone away.
    pub(super) fn set_takeover(
        &self,
        by: Option<Player>,
        secs: Option<u32>,
    ) -> Result<Next, Refusal> {
        self.only_host(by)?;
        if self.status() == RoomStatus::Finished {
            return Err(ErrorCode::Rule(chowka_protocol::Code::GameOver).into());
        }
        self.no_stand_in_over_days()?;
        Refusal::check_secs("takeover", secs, &TAKEOVER_SECS)?;
        if self.settings.takeover == secs {
            return Ok(self.unchanged());
        }
        let mut next = self.bumped();
        next.settings.takeover = secs;
        Ok((
            next,
            vec![Effect::SaveRoom, Effect::Rearm, Effect::State(Vec::new())],
        ))
    }

    /// Whether a computer stands in for `seat`'s person or their seat is
    /// held for them: what their coming back ends ([`Room::returned`]).
    pub fn covered(&self, seat: usize) -> bool {
        self.stood_in(seat) || self.back_by.get(seat).is_some_and(Option::is_some)
    }

    /// Ends `seat`'s hold, if any; whether there was one.
    pub(super) fn end_hold(&mut self, seat: Player) -> bool {
        self.back_by
            .get_mut(seat as usize)
            .and_then(Option::take)
            .is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_counts_once_when_it_passes_on_and_the_person_starts_it_again() {
        let began = [Event::TurnBegan {
            player: 1,
            round: 2,
        }];
        let mut turns = ComputerTurns::default();
        // Two throws of one turn, then the move that passes it on.
        turns.note(0, true, &[], false);
        turns.note(0, true, &[], false);
        assert_eq!(turns.of(0), 0);
        turns.note(0, true, &began, false);
        assert_eq!(turns.of(0), 1);
        turns.note(0, true, &began, false);
        turns.note(0, true, &[], true);
        assert_eq!((turns.of(0), turns.of(1)), (3, 0));
        // The person plays: the count starts again.
        turns.note(0, false, &began, false);
        assert_eq!(turns.of(0), 0);
        // A seat out of range is ignored, never a panic.
        turns.note(9, true, &began, false);
        assert_eq!(turns.of(9), 0);
    }
}
