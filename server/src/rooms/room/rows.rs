//! A room to and from the store: its row, and a room restored from its
//! row and event log, the game replayed action by action.

use super::{Play, Room, Stage};
use crate::store::RoomRow;
use chowka_protocol::messages::RoomStatus;
use chowka_protocol::{ActionRequest, Fair, RecordedAction, Setup};
use std::sync::Arc;

impl Room {
    /// The room as a store row.
    pub fn row(&self) -> RoomRow {
        let fair = self.played().and_then(|p| p.fair.as_deref());
        RoomRow {
            code: self.code.clone(),
            status: self.status().as_str().into(),
            setup: serde_json::to_string(&*self.setup).unwrap_or_default(),
            seats: serde_json::to_string(&*self.seats).unwrap_or_default(),
            settings: serde_json::to_string(&self.settings).unwrap_or_default(),
            version: self.version as i64,
            rematch: self.rematch.clone(),
            created_at: self.created_at,
            fair: fair.map(|f| serde_json::to_string(f).unwrap_or_default()),
        }
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
    ) -> Result<(Room, Vec<RecordedAction>), String> {
        let setup: Setup = serde_json::from_str(&row.setup).map_err(|e| format!("setup: {e}"))?;
        let seats = serde_json::from_str(&row.seats).map_err(|e| format!("seats: {e}"))?;
        let settings = serde_json::from_str(&row.settings).map_err(|e| format!("settings: {e}"))?;
        let status = RoomStatus::parse(&row.status)
            .ok_or_else(|| format!("cannot restore a room that is {}", row.status))?;
        let fair: Option<Fair> = (row.fair.as_deref())
            .map(serde_json::from_str)
            .transpose()
            .map_err(|e| format!("fair: {e}"))?;
        let mut rules = setup.rules().map_err(|e| format!("setup: {e}"))?;
        let mut recorded = Vec::with_capacity(actions.len());
        let stage = if status == RoomStatus::Lobby {
            Stage::Lobby
        } else {
            let mut game = setup.game()?;
            for (i, a) in actions.iter().enumerate() {
                let a: RecordedAction =
                    serde_json::from_str(a).map_err(|e| format!("action {i}: {e}"))?;
                a.apply(&mut game).map_err(|e| format!("action {i}: {e}"))?;
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
        let room = Room {
            code: row.code,
            setup: Arc::new(setup),
            rules,
            settings,
            seats: Arc::new(seats),
            stage,
            version: last_version.max(0) as u64 + 1,
            rematch: row.rematch,
            created_at: row.created_at,
            standins: 0,
            autoplay: None,
            epoch: 0,
        };
        Ok((room, recorded))
    }
}
