//! The actor carrying changes out: save first, then adopt the next room,
//! then send ([`RoomActor::carry_out`]). A change that cannot be saved is
//! refused and the room stays as it was, since the next room is dropped
//! unseen. Also the requests that need the world between the rules' two
//! halves (a seat's token, the rematch room) and the archive.

use super::actor::RoomActor;
use super::room::{Change, Effect, Room};
use super::{CreateError, SeatTaken};
use crate::error::{ErrorCode, Refusal};
use crate::ids::{self, RoomCode};
use crate::store::{GameRow, StoreError};
use chowka_protocol::messages::{Pace, RoomStatus, ServerMsg};
use chowka_protocol::{Action, Player, Record, RecordedAction};
use std::collections::HashMap;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;
use tokio::time::Instant;

/// How long after a failed archive write it is tried again.
const ARCHIVE_RETRY: Duration = Duration::from_secs(5);

impl RoomActor {
    /// Applies `change` asked by seat `by`, and carries it out.
    pub(super) async fn change(
        &mut self,
        change: Change,
        by: Option<Player>,
    ) -> Result<(), Refusal> {
        let next = self.room.apply(change, by)?;
        self.carry_out(next).await
    }

    /// Plays an action: the rules check it, the store keeps it, then
    /// everyone sees it. `person` when the seat's player acts: the seat is
    /// theirs again even when the engine refuses the action.
    pub(super) async fn act(
        &mut self,
        by: Player,
        action: Action,
        person: bool,
        at: Instant,
    ) -> Result<(), Refusal> {
        let now = self.wall_ms();
        match self.room.play(by, action, person, &mut self.throws, now) {
            Ok(next) => {
                self.carry_out(next).await?;
                self.shared.metrics.action_latency.observe(at.elapsed());
                Ok(())
            }
            Err(refused) => {
                if person {
                    // Theirs again all the same: everyone sees it.
                    let _ = self.change(Change::TakeBack, Some(by)).await;
                }
                Err(refused)
            }
        }
    }

    /// Carries a change out: saves the next room (its row, or its action
    /// at the end of the log), adopts it, then does the rest in order.
    pub(super) async fn carry_out(
        &mut self,
        (next, effects): (Room, Vec<Effect>),
    ) -> Result<(), Refusal> {
        if let Err(e) = self.save(&next, &effects).await {
            tracing::error!(room = %self.room.code, "cannot save a change, refused: {e}");
            return Err(ErrorCode::StoreUnavailable.into());
        }
        self.room = next;
        let mut appended = false;
        // Whether its circle's page shows the change (not a live game's moves).
        let mut shown = false;
        // The seat a computer played this action for, which the state says.
        let mut stand_in = None;
        for effect in effects {
            match effect {
                Effect::SaveRoom => {
                    shown = true;
                    self.row_saved();
                }
                Effect::Append(recorded) => {
                    appended = true;
                    stand_in = recorded.stood_in_for();
                    self.actions.push(recorded);
                    self.shared.metrics.actions.fetch_add(1, Relaxed);
                }
                Effect::Reseated(taken) => self.reseat(&taken),
                Effect::Seated(seat) => self.mark_away(seat as usize, Instant::now()),
                Effect::Emptied(seat) => self.emptied(seat),
                Effect::HandedOver(seat) => self.timers.takeover[seat as usize] = None,
                Effect::Rearm => self.rearm(),
                Effect::Forgotten(seat) => self.history.forget(seat),
                Effect::State(events) => {
                    self.schedule();
                    self.history.events(&events, stand_in);
                    self.broadcast_state(events, stand_in);
                }
                Effect::ClockOut(seat) => {
                    self.history.clock_out(seat);
                    self.out.to_all(&ServerMsg::ClockOut { seat });
                }
                Effect::Presence => self.out.to_all(&self.presence()),
                Effect::Listing => self.publish_listing(),
                Effect::Archive => {
                    shown = true;
                    self.shared.metrics.games_finished.fetch_add(1, Relaxed);
                    self.archive().await;
                }
            }
        }
        if appended {
            // The action is in the log: the turn may have passed, which
            // the row's due-time index must follow (`due.rs`).
            self.save_due().await;
            shown |= self.room.settings.pace == Pace::Days;
        }
        if let (true, Some(circle)) = (shown, self.room.settings.circle) {
            self.shared.registry.circle_changed(circle);
        }
        Ok(())
    }

    /// Saves what `effects` ask of `next`, if anything.
    ///
    /// A failed write may still have gone in (the reply can be lost after
    /// the commit), so the room reads back what is stored: if the change
    /// is there, it stands; if it is not, it is refused; if the store
    /// cannot say or holds something else, the room reloads from the
    /// store, which is the truth. A write fenced off (another node took
    /// the room) reloads too.
    async fn save(&mut self, next: &Room, effects: &[Effect]) -> Result<(), StoreError> {
        for effect in effects {
            match effect {
                Effect::Append(recorded) => return self.append(next, recorded).await,
                Effect::SaveRoom => return self.save_row(next).await,
                _ => {}
            }
        }
        Ok(())
    }

    async fn save_row(&mut self, next: &Room) -> Result<(), StoreError> {
        // Nothing is written if the row cannot be: the change is refused.
        let row = next.row()?;
        let store = self.shared.store.clone();
        let e = match store.save_room(&row, next.epoch).await {
            Ok(()) => return Ok(()),
            Err(e) if e.is_fenced() => return Err(self.reload(&e.to_string())),
            Err(e) => e,
        };
        // The version and the seeds tell the two rows apart: every change
        // of the row moves one of them.
        let before = self.room.row()?;
        match store.peek_room(self.room.code).await {
            Ok(Some(s)) if (s.row.version, &s.row.fair) == (row.version, &row.fair) => Ok(()),
            Ok(Some(s)) if (s.row.version, &s.row.fair) == (before.version, &before.fair) => Err(e),
            Ok(_) => Err(self.reload("another row is stored in its place")),
            Err(again) => Err(self.reload(&again.to_string())),
        }
    }

    async fn append(&mut self, next: &Room, recorded: &RecordedAction) -> Result<(), StoreError> {
        let store = self.shared.store.clone();
        let code = next.code;
        let seq = self.actions.len() as i64;
        // Nothing is written if the action cannot be: the change is refused.
        let json = crate::store::to_json("an action", recorded)?;
        let t = Instant::now();
        let saved = (store.append_action(code, seq, &json, next.version as i64, next.epoch)).await;
        self.shared.metrics.store_write_latency.observe(t.elapsed());
        let e = match saved {
            Ok(()) => return Ok(()),
            // Another node runs the room now: it holds the truth.
            Err(e) if e.is_fenced() => return Err(self.reload(&e.to_string())),
            Err(e) => e,
        };
        tracing::warn!(room = %code, "an action's write failed, reading it back: {e}");
        match store.action_at(code, seq).await {
            Ok(Some(stored)) if stored == json => Ok(()),
            Ok(None) => Err(e),
            Ok(Some(_)) => Err(self.reload("another action is stored in its place")),
            Err(again) => Err(self.reload(&again.to_string())),
        }
    }

    /// Marks the room for reloading from the store, which holds the truth
    /// when the room cannot tell what its last write did.
    pub(super) fn reload(&mut self, why: &str) -> StoreError {
        tracing::error!(room = %self.room.code, "reloading from the store: {why}");
        self.reload = true;
        StoreError::Unsettled(why.to_string())
    }

    /// Seats moved down over the empty ones at the start: so do their
    /// connections and takeover counts; everyone is welcomed again, since
    /// seats and the board may have changed.
    fn reseat(&mut self, taken: &[usize]) {
        let new_seat: HashMap<usize, usize> = (taken.iter().enumerate())
            .map(|(new, &old)| (old, new))
            .collect();
        let n = self.room.seats.len();
        let old_takeover = std::mem::replace(&mut self.timers.takeover, vec![None; n]);
        for (&old, &new) in &new_seat {
            self.timers.takeover[new] = old_takeover.get(old).copied().flatten();
        }
        for seat in self.conns.values_mut() {
            *seat = seat.and_then(|s| new_seat.get(&(s as usize)).map(|&x| x as Player));
        }
        let conns: Vec<(u64, Option<Player>)> = self.conns.iter().map(|(&c, &s)| (c, s)).collect();
        for (conn, seat) in conns {
            self.out.to(conn, &self.welcome(seat));
        }
        tracing::info!(room = %self.room.code, players = n, "game started");
    }

    /// A seat was emptied: its token opens it no more, and its
    /// connections watch from now on.
    fn emptied(&mut self, target: Player) {
        self.timers.takeover[target as usize] = None;
        let held: Vec<u64> = (self.conns.iter())
            .filter(|(_, &s)| s == Some(target))
            .map(|(&c, _)| c)
            .collect();
        for conn in held {
            self.conns.insert(conn, None);
            self.out.to(conn, &self.welcome(None));
        }
        tracing::info!(room = %self.room.code, seat = target, "seat emptied");
        self.presence_changed();
    }

    /// A person takes a seat in the lobby (over HTTP), with a new token.
    pub(super) async fn take_seat(
        &mut self,
        name: String,
        seat: Option<u8>,
        player: Option<String>,
    ) -> Result<SeatTaken, Refusal> {
        let token = ids::new_token();
        let token_hash = ids::hash_token(&token);
        let next = (self.room).apply(
            Change::TakeSeat {
                name,
                seat,
                token_hash,
                player,
            },
            None,
        )?;
        let seat = (next.1.iter())
            .find_map(|e| match e {
                Effect::Seated(s) => Some(*s),
                _ => None,
            })
            .unwrap_or_default();
        self.carry_out(next).await?;
        Ok(SeatTaken {
            code: self.room.code,
            seat,
            token,
            room: self.room_view(),
        })
    }

    /// A seated player asks for a rematch: a new room with the same
    /// players is created, then the link to it saved here. If the link
    /// cannot be saved, the new room is left unlinked: a lobby nobody is
    /// told of, given up with the other stale lobbies.
    pub(super) async fn rematch(&mut self, conn: u64, seat: Option<Player>) -> Result<(), Refusal> {
        let Some(next) = self.room.rematch_room(seat, RoomCode::random())? else {
            self.out.to(conn, &self.state_for(seat, Vec::new(), None));
            return Ok(());
        };
        let code = next.code;
        let players: Vec<String> = next.seats.iter().filter_map(|s| s.player.clone()).collect();
        (self.shared.registry.create(next).await).map_err(|e| match e {
            CreateError::TooMany => Refusal::new(ErrorCode::TooManyRooms),
            CreateError::Store(e) => Refusal::store(e),
        })?;
        // Each player's "all my games" lists the rematch too.
        let now = self.wall_ms();
        for p in &players {
            let linked = self.shared.store.link_room(p, code.as_str(), now).await;
            if let Err(e) = linked {
                tracing::warn!(room = %code, "cannot link the rematch to a player: {e}");
            }
        }
        self.change(Change::Rematch { code }, seat).await?;
        tracing::info!(room = %self.room.code, rematch = %code, "rematch created");
        Ok(())
    }

    /// Archives the finished game; on failure, tries again later (the
    /// event log already holds every action, so nothing is lost).
    pub(super) async fn archive(&mut self) {
        let Some(play) = self.room.played() else {
            return;
        };
        let game = &play.game;
        let players: Vec<String> = self.room.seats.iter().map(|s| s.shown_name()).collect();
        let rules = game.rules();
        let mut record = Record::new((*self.room.setup).clone(), players);
        record.actions = self.actions.clone();
        record.result = Some(game.outcome());
        // The game is over: its seeds are revealed for anyone to check.
        record.fair = play.fair.as_deref().cloned();
        let rows = GameRow::finished(self.room.code.to_string(), rules, &record)
            .and_then(|game| Ok((self.room.row()?, game)));
        let finished = match rows {
            Ok((mut room, row)) => {
                room.status = RoomStatus::Finished.as_str().into();
                let store = &self.shared.store;
                store
                    .finish(&room, &row, self.room.epoch)
                    .await
                    .map(|()| row)
            }
            Err(e) => Err(e),
        };
        match finished {
            Ok(row) => {
                if let Ok(next) = self.room.apply(Change::Archived, None) {
                    self.room = next.0;
                }
                tracing::info!(room = %self.room.code, result = %row.result, "game archived");
            }
            Err(e) if e.is_fenced() => {
                self.reload(&e.to_string());
            }
            Err(e) => {
                tracing::error!(room = %self.room.code, "cannot archive the game, will retry: {e}");
                self.timers.archive_retry = Some(Instant::now() + ARCHIVE_RETRY);
            }
        }
    }
}
