//! A game over days on the actor's side: the time of day from the rooms'
//! wall clock, and the row's due-time index kept up with the clock.
//!
//! Actions are appended through the group commit, which does not write
//! the room's row; so when an action passes the turn, the row's clock and
//! due time are written after it, apart and best effort ([`save_due`]).
//! If that write fails, it is retried on a timer, and the room does not
//! close meanwhile (`keep_awake`).
//!
//! The index may be early, never late. An index left behind by a failed
//! write (or a crash between the action and the index) is the due time of
//! the turn before: that turn's end is at or before the new turn's, since
//! the new turn starts at an action inside the old turn's clock (plus the
//! vacation it credits, which lies inside that turn too) and runs for a
//! whole clock. A room woken early finds nothing due, writes its index
//! again, and closes. A room whose row says a computer is to play is due
//! at its turn's start, at once.
//!
//! [`save_due`]: RoomActor::save_due

use super::actor::{RoomActor, RETRY};
use tokio::time::Instant;

impl RoomActor {
    /// The time of day, ms since the epoch, from the rooms' wall clock.
    pub(super) fn wall_ms(&self) -> i64 {
        self.shared.config.wall.now_ms()
    }

    /// Whether a game over days must stay open with nobody connected: its
    /// due-time index is not written yet, or a computer is to play (the
    /// turn whose clock ran out, or a computer's seat).
    pub(super) fn keep_awake(&self) -> bool {
        self.room.days() && (self.due_unsaved || self.room.computer_turn().is_some())
    }

    /// The row was saved, its due-time index with it.
    pub(super) fn row_saved(&mut self) {
        if self.room.days() {
            self.saved_due = self.room.due_row().ok();
            self.due_unsaved = false;
            self.timers.due_retry = None;
        }
    }

    /// Writes the row's clock and due-time index of a game over days if
    /// they changed since last written; on failure, tries again soon.
    pub(super) async fn save_due(&mut self) {
        if !self.room.days() {
            return;
        }
        let due = match self.room.due_row() {
            Ok(due) => due,
            Err(e) => {
                tracing::error!(room = %self.room.code, "cannot write the due time: {e}");
                return;
            }
        };
        if self.saved_due.as_ref() == Some(&due) {
            return;
        }
        let store = self.shared.store.clone();
        match store.save_due(self.room.code, &due, self.room.epoch).await {
            Ok(()) => {
                self.saved_due = Some(due);
                self.due_unsaved = false;
                self.timers.due_retry = None;
            }
            Err(e) if e.is_fenced() => {
                self.reload(&e.to_string());
            }
            Err(e) => {
                tracing::warn!(room = %self.room.code, "cannot write the due time, will retry: {e}");
                self.due_unsaved = true;
                self.timers.due_retry = Some(Instant::now() + RETRY);
            }
        }
    }
}
