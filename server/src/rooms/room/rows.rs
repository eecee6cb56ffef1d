//! A room to and from the store: its row, and a room restored from its
//! row and event log, the game replayed action by action.

use super::{ComputerTurns, DaysClock, Play, Room, Stage};
use crate::store::{to_json, DueIndex, RoomRow, StoreError, StoreResult};
use chowka_protocol::messages::RoomStatus;
use chowka_protocol::{ActionRequest, Fair, RecordedAction, Setup};
use std::sync::Arc;

impl Room {
    /// The room as a store row. A part that cannot be written as JSON
    /// refuses the row (and so the change that asked for it).
    pub fn row(&self) -> StoreResult<RoomRow> {
        let fair = self.played().and_then(|p| p.fair.as_deref());
        let (to_move, due_at) = self.due_index();
        let clock = self.clock.as_ref();
        Ok(RoomRow {
            code: self.code.to_string(),
            status: self.status().as_str().into(),
            setup: to_json("the setup", &*self.setup)?,
            seats: to_json("the seats", &*self.seats)?,
            settings: to_json("the settings", &self.settings)?,
            version: self.version as i64,
            rematch: self.rematch.map(|c| c.to_string()),
            created_at: self.created_at,
            fair: fair.map(|f| to_json("the fair seeds", f)).transpose()?,
            pace: self.settings.pace.as_str().into(),
            clock: clock.map(|c| to_json("the clock", c)).transpose()?,
            to_move,
            due_at,
        })
    }

    /// The row's clock and due-time index alone (`Store::save_due`).
    pub fn due_row(&self) -> StoreResult<DueIndex> {
        let (to_move, due_at) = self.due_index();
        let clock = self.clock.as_ref();
        Ok(DueIndex {
            clock: clock.map(|c| to_json("the clock", c)).transpose()?,
            to_move,
            due_at,
        })
    }

    /// A room from its store row and event log, with the log parsed. The
    /// version is one past the last one saved (`last_version`), so that
    /// clients see the restored state as new: whoever restores saves it
    /// before anyone sees it. Every version a room shows is saved first,
    /// so nothing else is to be made up for.
    ///
    /// A set-up that does not resolve to rules is an error, as is any
    /// action the game refuses: the room is not restored.
    pub fn restore(
        row: RoomRow,
        actions: &[String],
        last_version: i64,
    ) -> StoreResult<(Room, Vec<RecordedAction>)> {
        let corrupt = |what: &str, e: &dyn std::fmt::Display| {
            StoreError::Corrupt(format!("room {}: {what}: {e}", row.code))
        };
        let setup: Setup = serde_json::from_str(&row.setup).map_err(|e| corrupt("setup", &e))?;
        let seats: Vec<super::Seat> =
            serde_json::from_str(&row.seats).map_err(|e| corrupt("seats", &e))?;
        let settings = serde_json::from_str(&row.settings).map_err(|e| corrupt("settings", &e))?;
        let code = (row.code.parse()).map_err(|e| corrupt("code", &e))?;
        let rematch = (row.rematch.as_deref())
            .map(str::parse)
            .transpose()
            .map_err(|e| corrupt("rematch", &e))?;
        let status = RoomStatus::parse(&row.status)
            .ok_or_else(|| corrupt("cannot restore a room that is", &row.status))?;
        let fair: Option<Fair> = (row.fair.as_deref())
            .map(serde_json::from_str)
            .transpose()
            .map_err(|e| corrupt("fair", &e))?;
        let clock: Option<DaysClock> = (row.clock.as_deref())
            .map(serde_json::from_str)
            .transpose()
            .map_err(|e| corrupt("clock", &e))?;
        // When the turn last passed, as the log tells (`DaysClock::caught_up`).
        let mut turn_began = None;
        let mut computer_turns = ComputerTurns::default();
        let mut rules = setup.rules().map_err(|e| corrupt("setup", &e))?;
        let mut recorded = Vec::with_capacity(actions.len());
        let stage = if status == RoomStatus::Lobby {
            Stage::Lobby
        } else {
            let mut game = setup.game().map_err(|e| corrupt("setup", &e))?;
            for (i, a) in actions.iter().enumerate() {
                let at = format!("action {i}");
                let a: RecordedAction = serde_json::from_str(a).map_err(|e| corrupt(&at, &e))?;
                let before = game.to_move();
                let events = a.apply(&mut game).map_err(|e| corrupt(&at, &e))?;
                let by = a.by.unwrap_or(before);
                computer_turns.note(by, a.stand_in, &events, game.is_over());
                if game.to_move() != before {
                    turn_began = a.at.or(turn_began);
                }
                recorded.push(a);
            }
            rules = *game.rules();
            // The fair stream goes on where it stopped: the next throw's
            // number is the number of throws in the log.
            let throws = (recorded.iter())
                .filter(|a| matches!(a.action, ActionRequest::Throw { .. }))
                .count() as u64;
            let over = game.is_over();
            let play = Play {
                game,
                fair: fair.map(Arc::new),
                throws,
            };
            match status {
                // The last action may have ended the game while its archive
                // write failed (or the process died between the two).
                RoomStatus::Playing if over => Stage::Finished {
                    play,
                    archived: false,
                },
                RoomStatus::Playing => Stage::Playing(play),
                _ => Stage::Finished {
                    play,
                    archived: true,
                },
            }
        };
        let to_move = match &stage {
            Stage::Playing(p) => Some(p.game.to_move()),
            _ => None,
        };
        let clock = match (to_move, clock) {
            (Some(seat), Some(c)) => Some(match turn_began {
                Some(since) => c.caught_up(seat, since),
                None => c,
            }),
            // A game over days whose clock was never saved: from the
            // last turn's start, or the room's creation.
            (Some(seat), None) if settings_days(&row.pace) => {
                let since = turn_began.unwrap_or(row.created_at);
                Some(DaysClock::new(seats.len(), seat, since))
            }
            (_, c) => c,
        };
        let room = Room {
            code,
            setup: Arc::new(setup),
            rules,
            settings,
            seats: Arc::new(seats),
            stage,
            version: last_version.max(0) as u64 + 1,
            rematch,
            created_at: row.created_at,
            standins: 0,
            computer_turns,
            back_by: [None; 8],
            autoplay: None,
            clock,
            epoch: 0,
        };
        Ok((room, recorded))
    }
}

/// Whether a row's pace is over days.
fn settings_days(pace: &str) -> bool {
    pace == chowka_protocol::messages::Pace::Days.as_str()
}
