//! The room task: owns one [`Room`] with no lock, and runs its loop over
//! commands and deadlines. Every change goes: check (the engine decides)
//! -> change the room -> [`RoomActor::commit`] (bump the version, save,
//! roll back if the save fails) -> broadcast the new state.
//!
//! Lobby commands are in `lobby.rs`, computers in `computers.rs`, what the
//! room shows in `views.rs`; this file has the loop, connections, the
//! game's actions and the archive.

use super::history::History;
use super::outbox::Outbox;
use super::room::{Room, Snapshot};
use super::timers::{Due, Timers};
use super::{Cmd, Joined, Request, Shared};
use crate::error::{ErrorCode, Refusal};
use crate::ids;
use crate::limits::RateLimit;
use crate::store::{now_ms, GameRow};
use chowka_protocol::messages::{RoomStatus, ServerMsg, MAX_CHAT_CHARS};
use chowka_protocol::{Action, Event, Player, Record, RecordedAction, SecureThrows};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::collections::HashMap;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// How long after a failed archive write it is tried again.
const ARCHIVE_RETRY: Duration = Duration::from_secs(5);

/// How often presence goes to everyone, at most.
const PRESENCE_EVERY: Duration = Duration::from_millis(250);

/// How many connections may hold one seat (tabs, devices); one more
/// closes the oldest.
const MAX_CONNECTIONS_PER_SEAT: usize = 4;

/// Chat messages a room passes on per second (bursts of twice that):
/// every one goes to every connection, so this bounds the fan-out that
/// chat can cause, whoever sends it.
const CHAT_PER_SECOND: u32 = 5;

/// What a change writes to the store.
pub(super) enum Write {
    /// The room's row (seats, status, set-up, version, rematch).
    Room,
    /// One more action at the end of the event log.
    Action(RecordedAction),
}

/// One room's task.
pub struct RoomActor {
    /// The room: everything that is saved.
    pub(super) room: Room,
    pub(super) shared: Shared,
    rx: mpsc::Receiver<Cmd>,
    /// Where every message to the room's connections goes.
    pub(super) out: Outbox,
    /// Connections by id, with their seat.
    pub(super) conns: HashMap<u64, Option<Player>>,
    next_conn: u64,
    pub(super) throws: SecureThrows,
    pub(super) rng: StdRng,
    pub(super) timers: Timers,
    /// The seat the server plays for until its turn ends (clock ran out).
    pub(super) autoplay: Option<Player>,
    /// Per seat: a computer plays it while its player is away (takeover).
    pub(super) standin: Vec<bool>,
    /// When presence was last sent to everyone.
    presence_sent: Instant,
    /// The room's chat, however many connections share it.
    chat_rate: RateLimit,
    /// Set when the room's memory may differ from the store: the task
    /// ends and the room is restored from the store on the next request.
    reload: bool,
    /// The recent events and chat, for every `welcome`.
    pub(super) history: History,
}

impl RoomActor {
    pub(super) fn new(room: Room, shared: Shared, rx: mpsc::Receiver<Cmd>) -> RoomActor {
        let n = room.seats.len();
        let now = Instant::now();
        let out = Outbox::new(&room.code, shared.metrics.clone());
        let history = History::replayed(&room);
        let mut actor = RoomActor {
            room,
            shared,
            rx,
            out,
            conns: HashMap::new(),
            next_conn: 1,
            throws: SecureThrows::new(),
            rng: StdRng::from_seed(super::seeds::fresh()),
            timers: Timers::new(n),
            autoplay: None,
            standin: vec![false; n],
            presence_sent: now,
            chat_rate: RateLimit::new(CHAT_PER_SECOND),
            reload: false,
            history,
        };
        // Nobody is connected yet: every person is away from now on.
        for seat in 0..n {
            actor.mark_away(seat, now);
        }
        actor.timers.idle = Some(now + actor.idle_time());
        if actor.room.archive_pending {
            actor.timers.archive_retry = Some(now);
        }
        actor.schedule();
        actor
    }

    fn idle_time(&self) -> Duration {
        Duration::from_secs(self.shared.config.idle_room_secs)
    }

    /// Starts the takeover count of a seat whose person has no connection.
    pub(super) fn mark_away(&mut self, seat: usize, since: Instant) {
        let secs = self.room.settings.takeover;
        let person = self.room.seats.get(seat).is_some_and(|s| s.person());
        if let Some(t) = self.timers.takeover.get_mut(seat) {
            *t = secs
                .filter(|_| person)
                .map(|s| since + Duration::from_secs(s as u64));
        }
    }

    /// Runs the room until it is idle for too long or the server stops.
    pub async fn run(mut self) {
        let mut shutdown = self.shared.shutdown.clone();
        self.publish_listing();
        let reason = loop {
            if *shutdown.borrow() {
                break (1001, "server shutting down");
            }
            let deadline = self.timers.next();
            if self.reload {
                // Clients reconnect on 1012 and find the room as stored.
                break (1012, "room reloading");
            }
            tokio::select! {
                cmd = self.rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    None => break (1000, "room closed"),
                },
                _ = sleep_until(deadline) => {
                    if self.on_timers().await {
                        break (1000, "room closed after being idle");
                    }
                }
                _ = shutdown.changed() => {}
            }
        };
        self.out.close_all(reason.0, reason.1);
        self.shared.registry.list(&self.room.code, None);
        if reason.0 != 1001 {
            // Closed here (idle, or to reload): any node may bring it back
            // on demand. At shutdown the drain lets every lease expire at
            // once instead, so that other nodes take the rooms right away
            // (`run`). A lease already lost is another epoch's: untouched.
            let (store, code) = (&self.shared.store, &self.room.code);
            if let Err(e) = store.release_lease(code, self.room.epoch).await {
                tracing::warn!(room = %code, "cannot release the room's lease: {e}");
            }
        }
        // Close the queue first so that the registry sees this stub as
        // closed, then drain what was already queued (answering nothing:
        // the callers see the room as gone and retry with a fresh task).
        self.rx.close();
        self.shared.registry.remove(&self.room.code);
        tracing::debug!(room = %self.room.code, "room task ended: {}", reason.1);
    }

    /// Handles every deadline that has come; true when the room should close.
    async fn on_timers(&mut self) -> bool {
        while let Some(due) = self.timers.due(Instant::now()) {
            match due {
                Due::Idle => return true,
                Due::ArchiveRetry => self.archive().await,
                Due::Takeover(seat) => {
                    tracing::info!(room = %self.room.code, seat, "a computer plays for an absent player");
                    self.standin[seat as usize] = true;
                    self.changed(Vec::new());
                }
                Due::Clock => {
                    if let Some(seat) = self.room.game_on().map(|g| g.to_move()) {
                        tracing::info!(room = %self.room.code, seat, "turn clock ran out");
                        self.autoplay = Some(seat);
                        self.changed(Vec::new());
                    }
                }
                Due::Computer => self.computer_acts().await,
                Due::Presence => {
                    self.presence_sent = Instant::now();
                    self.out.to_all(&self.presence());
                }
            }
        }
        false
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Join { token, reply } => {
                let joined = self.join(token);
                let _ = reply.send(joined);
            }
            Cmd::Leave { conn } => self.leave(conn),
            Cmd::Resync { conn } => {
                // To this connection alone: nobody else missed anything.
                if let Some(&seat) = self.conns.get(&conn) {
                    self.out.to(conn, &self.welcome(seat));
                    self.out.to(conn, &self.state_for(seat, Vec::new()));
                    self.out.to(conn, &self.presence());
                }
            }
            Cmd::TakeSeat { name, seat, reply } => {
                let r = self.take_seat(name, seat).await;
                let _ = reply.send(r);
            }
            Cmd::Details { reply } => {
                let _ = reply.send(self.details());
            }
            Cmd::LeaseLost => {
                self.reload("the lease was lost: another node may run the room");
            }
            Cmd::Msg { conn, msg, at } => {
                let Some(&seat) = self.conns.get(&conn) else {
                    return;
                };
                if let Err(r) = self.client_msg(conn, seat, msg, at).await {
                    r.report(&self.shared.metrics, crate::error::Edge::WebSocket);
                    self.out.to(conn, &r.to_server_msg());
                }
            }
        }
    }

    fn join(&mut self, token: Option<String>) -> Result<Joined, Refusal> {
        let seat = match token {
            None => None,
            Some(t) => Some(
                self.room
                    .seat_of_token(&ids::hash_token(&t))
                    .ok_or(ErrorCode::BadToken)?,
            ),
        };
        let conn = self.next_conn;
        self.next_conn += 1;
        if let Some(s) = seat {
            self.make_room_on_seat(s);
        }
        // Open the queue before sending anything, so that nothing is missed.
        let out = self.out.open(conn);
        self.conns.insert(conn, seat);
        self.timers.idle = None;
        self.out.to(conn, &self.welcome(seat));
        let mut back = false;
        if let Some(s) = seat {
            self.timers.takeover[s as usize] = None;
            back = std::mem::take(&mut self.standin[s as usize]);
        }
        if back {
            // A computer was playing for this player: they take over again.
            self.changed(Vec::new());
        } else {
            self.out.to(conn, &self.state_for(seat, Vec::new()));
        }
        self.out.to(conn, &self.presence());
        self.presence_changed();
        self.publish_listing();
        Ok(Joined { conn, seat, out })
    }

    /// Closes the oldest connection of a seat that has as many as it may
    /// have, so that one seat cannot multiply the room's fan-out, while the
    /// person opening it anew (another tab, another device) always gets in.
    fn make_room_on_seat(&mut self, seat: Player) {
        let on_seat = self.conns.iter().filter(|(_, &s)| s == Some(seat));
        if on_seat.clone().count() < MAX_CONNECTIONS_PER_SEAT {
            return;
        }
        if let Some(oldest) = on_seat.map(|(&c, _)| c).min() {
            self.conns.remove(&oldest);
            self.out
                .close(oldest, 4001, "This seat was opened in another window.");
        }
    }

    /// Presence changed: everyone hears of it soon, at most a few times a
    /// second however many come and go (the last word wins).
    pub(super) fn presence_changed(&mut self) {
        if self.timers.presence.is_none() {
            let at = self.presence_sent + PRESENCE_EVERY;
            self.timers.presence = Some(at.max(Instant::now()));
        }
    }

    fn leave(&mut self, conn: u64) {
        self.out.forget(conn);
        let Some(seat) = self.conns.remove(&conn) else {
            return;
        };
        let now = Instant::now();
        if let Some(s) = seat {
            if !self.connected(s as usize) {
                self.mark_away(s as usize, now);
            }
        }
        if self.conns.is_empty() {
            self.timers.idle = Some(now + self.idle_time());
        }
        self.presence_changed();
        self.publish_listing();
    }

    async fn client_msg(
        &mut self,
        conn: u64,
        seat: Option<Player>,
        msg: Request,
        at: Instant,
    ) -> Result<(), Refusal> {
        match msg {
            Request::Chat { text } => self.chat(seat, &text),
            Request::Act { version, action } => {
                let seat = seat.ok_or(ErrorCode::NotSeated)?;
                match self.room.status {
                    RoomStatus::Playing => {}
                    RoomStatus::Finished => {
                        return Err(ErrorCode::Rule(chowka_protocol::Code::GameOver).into())
                    }
                    RoomStatus::Lobby => return Err(ErrorCode::NotPlaying.into()),
                }
                if version != self.room.version {
                    return Err(Refusal::with(
                        ErrorCode::StaleVersion,
                        format!(
                            "The game has moved on (you acted on version {version}, it is now {}): look again.",
                            self.room.version
                        ),
                    ));
                }
                let action = action.parse(self.room.rules().pawns)?;
                // The player is back and plays: the seat is theirs again,
                // whether the clock ran out or a computer stood in.
                let released = self.release(seat);
                let acted = self.act(seat, action, at).await;
                if released && acted.is_err() {
                    // Theirs again all the same: everyone sees it.
                    self.changed(Vec::new());
                }
                acted
            }
            Request::Start => self.start(seat).await,
            Request::SetBot {
                seat: target,
                level,
            } => self.set_bot(seat, target, level).await,
            Request::Rematch => self.rematch(conn, seat).await,
            Request::StandIn { seat: target } => self.stand_in(seat, target),
            Request::TakeBack => self.take_back(seat),
            Request::Remove { seat: target } => self.remove(seat, target).await,
            Request::LeaveSeat => self.leave_seat(seat).await,
            Request::Seed { seed } => self.seed(seat, seed).await,
        }
    }

    fn chat(&mut self, seat: Option<Player>, text: &str) -> Result<(), Refusal> {
        let seat = seat.ok_or(ErrorCode::NotSeated)?;
        let text = text.trim();
        let n = text.chars().count();
        if n == 0 || n > MAX_CHAT_CHARS {
            return Err(ErrorCode::BadChat.into());
        }
        if !self.chat_rate.allow() {
            return Err(Refusal::with(
                ErrorCode::RateLimited,
                "This room is chatting very fast: wait a moment.",
            ));
        }
        // Control characters could fake line breaks or hide text.
        let text: String = text.chars().filter(|c| !c.is_control()).collect();
        let name = self.room.seats[seat as usize].shown_name();
        self.history.chat(Some(seat), &name, &text);
        self.out.to_all(&ServerMsg::Chat {
            seat: Some(seat),
            name,
            text,
        });
        Ok(())
    }

    /// Saves a change already made to the room: bumps the version, writes
    /// `write`, and if the store refuses, puts the room back as it was in
    /// `before` so that nothing changed. Every change a player can see
    /// goes through here.
    ///
    /// A failed write may still have gone in (the reply can be lost after
    /// the commit), so the room reads back what is stored: if the change
    /// is there, it stands; if it is not, it is refused; if the store
    /// cannot say or holds something else, the room reloads from the
    /// store, which is the truth.
    pub(super) async fn commit(&mut self, before: Snapshot, write: Write) -> Result<(), Refusal> {
        self.room.version += 1;
        let store = &self.shared.store;
        let code = &self.room.code;
        let version = self.room.version as i64;
        let saved = match &write {
            Write::Room => 'room: {
                let row = match self.room.row() {
                    Ok(row) => row,
                    // Nothing was written: the change is refused.
                    Err(e) => break 'room Err(e),
                };
                match store.save_room(&row, self.room.epoch).await {
                    Ok(()) => Ok(()),
                    Err(e) if e.is_fenced() => Err(self.reload(&e.to_string())),
                    // The row carries the version: it tells whether this went in.
                    Err(e) => match store.room_version(code).await {
                        Ok(Some(v)) if v == version => Ok(()),
                        Ok(_) => Err(e),
                        Err(again) => Err(self.reload(&again.to_string())),
                    },
                }
            }
            Write::Action(recorded) => 'action: {
                let seq = self.room.actions.len() as i64;
                let json = match crate::store::to_json("an action", recorded) {
                    Ok(json) => json,
                    // Nothing was written: the change is refused.
                    Err(e) => break 'action Err(e),
                };
                let t = Instant::now();
                let epoch = self.room.epoch;
                let saved = store.append_action(code, seq, &json, version, epoch).await;
                self.shared.metrics.store_write_latency.observe(t.elapsed());
                match saved {
                    Ok(()) => Ok(()),
                    // Another node runs the room now: it holds the truth.
                    Err(e) if e.is_fenced() => Err(self.reload(&e.to_string())),
                    Err(e) => {
                        tracing::warn!(room = %code, "an action's write failed, reading it back: {e}");
                        match store.action_at(code, seq).await {
                            Ok(Some(stored)) if stored == json => Ok(()),
                            Ok(None) => Err(e),
                            Ok(Some(_)) => {
                                Err(self.reload("another action is stored in its place"))
                            }
                            Err(again) => Err(self.reload(&again.to_string())),
                        }
                    }
                }
            }
        };
        if let Err(e) = saved {
            tracing::error!(room = %self.room.code, "cannot save a change, rolled back: {e}");
            self.room.roll_back(before);
            return Err(ErrorCode::StoreUnavailable.into());
        }
        if let Write::Action(recorded) = write {
            self.room.actions.push(recorded);
        }
        Ok(())
    }

    /// Marks the room for reloading from the store, which holds the truth
    /// when the room cannot tell what its last write did.
    pub(super) fn reload(&mut self, why: &str) -> crate::store::StoreError {
        tracing::error!(room = %self.room.code, "reloading from the store: {why}");
        self.reload = true;
        crate::store::StoreError::Unsettled(why.to_string())
    }

    /// Plays an action: the engine checks it, the store keeps it, then
    /// everyone sees it. Nothing changes if any step fails.
    pub(super) async fn act(
        &mut self,
        by: Player,
        action: Action,
        at: Instant,
    ) -> Result<(), Refusal> {
        let before = self.room.snapshot_play();
        let Some(game) = self.room.game.as_mut() else {
            return Err(ErrorCode::NotPlaying.into());
        };
        // A refused action leaves the game as it was (the engine's promise).
        // A throw is the next of the game's fair stream (a game started
        // before throws were fair has no seeds: the generator throws).
        let events = match &self.room.fair {
            Some(fair) => game.play(by, action, &mut fair.throws(self.room.throws))?,
            None => game.play(by, action, &mut self.throws)?,
        };
        if action == Action::Throw {
            self.room.throws += 1;
        }
        let mut recorded = RecordedAction::played(by, action, &events);
        recorded.at = Some(now_ms());
        self.commit(before, Write::Action(recorded)).await?;
        self.shared.metrics.actions.fetch_add(1, Relaxed);
        if self.room.game.as_ref().is_some_and(|g| g.is_over()) {
            self.room.status = RoomStatus::Finished;
            self.shared.metrics.games_finished.fetch_add(1, Relaxed);
            self.archive().await;
        }
        self.schedule();
        self.history.events(&events);
        self.broadcast_state(events);
        self.shared.metrics.action_latency.observe(at.elapsed());
        Ok(())
    }

    /// Archives the finished game; on failure, tries again later (the
    /// event log already holds every action, so nothing is lost).
    pub(super) async fn archive(&mut self) {
        let Some(game) = &self.room.game else { return };
        let players: Vec<String> = self.room.seats.iter().map(|s| s.shown_name()).collect();
        let rules = game.rules();
        let mut record = Record::new(self.room.setup.clone(), players);
        record.actions = self.room.actions.clone();
        record.result = Some(game.outcome());
        // The game is over: its seeds are revealed for anyone to check.
        record.fair = self.room.fair.clone();
        let rows = GameRow::finished(self.room.code.clone(), rules, &record)
            .and_then(|game| Ok((self.room.row()?, game)));
        let finished = match rows {
            Ok((mut room, row)) => {
                room.status = RoomStatus::Finished.as_str().into();
                self.shared
                    .store
                    .finish(&room, &row, self.room.epoch)
                    .await
                    .map(|()| row)
            }
            Err(e) => Err(e),
        };
        match finished {
            Ok(row) => {
                self.room.archive_pending = false;
                tracing::info!(room = %self.room.code, result = %row.result, "game archived");
            }
            Err(e) if e.is_fenced() => {
                self.reload(&e.to_string());
            }
            Err(e) => {
                tracing::error!(room = %self.room.code, "cannot archive the game, will retry: {e}");
                self.room.archive_pending = true;
                self.timers.archive_retry = Some(Instant::now() + ARCHIVE_RETRY);
            }
        }
    }

    /// After a change that is not saved (takeover, clock): a new version.
    pub(super) fn changed(&mut self, events: Vec<Event>) {
        self.room.version += 1;
        self.schedule();
        self.broadcast_state(events);
    }

    /// Whether any connection holds `seat`.
    pub(super) fn connected(&self, seat: usize) -> bool {
        self.conns.values().any(|&s| s == Some(seat as Player))
    }
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}
