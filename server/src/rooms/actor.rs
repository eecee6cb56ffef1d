//! The room task: owns one [`Room`] value with no lock, and runs its loop
//! over commands and deadlines. Every change goes: the room's rules give
//! the next room and its effects ([`Room::apply`], [`Room::play`]) -> the
//! actor saves -> adopts the next room -> sends (`effects.rs`).
//!
//! This file has the loop, connections joining and leaving, and what each
//! request asks of the room; `effects.rs` carries changes out, `computers.rs`
//! plays for the seats no person plays, `views.rs` says what the room shows.

use super::history::History;
use super::outbox::Outbox;
use super::room::{Change, Room};
use super::timers::{Due, Timers};
use super::{Cmd, Joined, Shared};
use crate::error::{ErrorCode, Refusal};
use crate::ids;
use crate::limits::RateLimit;
use crate::store::DueIndex;
use chowka_protocol::messages::{ChatText, RoomRequest, ServerMsg};
use chowka_protocol::{Player, RecordedAction, SecureThrows};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::collections::HashMap;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;

/// How often presence goes to everyone, at most.
const PRESENCE_EVERY: Duration = Duration::from_millis(250);

/// How long after a deadline's change could not be saved it is tried again.
pub(super) const RETRY: Duration = Duration::from_secs(1);

/// How many connections may hold one seat (tabs, devices); one more
/// closes the oldest.
const MAX_CONNECTIONS_PER_SEAT: usize = 4;

/// Chat messages a room passes on per second (bursts of twice that):
/// every one goes to every connection, so this bounds the fan-out that
/// chat can cause, whoever sends it.
const CHAT_PER_SECOND: u32 = 5;

/// One room's task.
pub struct RoomActor {
    /// The room: everything its rules decide on. Replaced, never changed
    /// in place, once the next room is saved (`effects.rs`).
    pub(super) room: Room,
    /// Every accepted action, in order: the event log as stored.
    pub(super) actions: Vec<RecordedAction>,
    pub(super) shared: Shared,
    rx: mpsc::Receiver<Cmd>,
    /// Where every message to the room's connections goes.
    pub(super) out: Outbox,
    /// Connections by id, with their seat.
    pub(super) conns: HashMap<u64, Option<Player>>,
    next_conn: u64,
    /// The throws of a game started before throws were fair.
    pub(super) throws: SecureThrows,
    pub(super) rng: StdRng,
    pub(super) timers: Timers,
    /// When presence was last sent to everyone.
    pub(super) presence_sent: Instant,
    /// The room's chat, however many connections share it.
    chat_rate: RateLimit,
    /// Set when the room's memory may differ from the store: the task
    /// ends and the room is restored from the store on the next request.
    pub(super) reload: bool,
    /// The recent events and chat, for every `welcome`.
    pub(super) history: History,
    /// A game over days: the due-time index as last written (`None`:
    /// not known to be written), and whether a write of it failed (the
    /// room does not close until it is in).
    pub(super) saved_due: Option<DueIndex>,
    pub(super) due_unsaved: bool,
    /// The last hint given, with the version it was read from: asked again
    /// of the same state, it is sent again rather than searched again.
    pub(super) last_hint: Option<(u64, ServerMsg)>,
}

impl RoomActor {
    pub(super) fn new(
        room: Room,
        actions: Vec<RecordedAction>,
        shared: Shared,
        rx: mpsc::Receiver<Cmd>,
    ) -> RoomActor {
        let n = room.seats.len();
        let now = Instant::now();
        let out = Outbox::new(room.code, shared.metrics.clone());
        let history = History::replayed(&room, &actions);
        let mut actor = RoomActor {
            room,
            actions,
            shared,
            rx,
            out,
            conns: HashMap::new(),
            next_conn: 1,
            throws: SecureThrows::new(),
            rng: StdRng::from_seed(super::seeds::fresh()),
            timers: Timers::new(n),
            presence_sent: now,
            chat_rate: RateLimit::new(CHAT_PER_SECOND),
            reload: false,
            history,
            saved_due: None,
            due_unsaved: false,
            last_hint: None,
        };
        // Nobody is connected yet: every person is away from now on.
        for seat in 0..n {
            actor.mark_away(seat, now);
        }
        actor.timers.idle = Some(now + actor.idle_time());
        if actor.room.archive_pending() {
            actor.timers.archive_retry = Some(now);
        }
        actor.schedule();
        actor
    }

    pub(super) fn idle_time(&self) -> Duration {
        Duration::from_secs(self.shared.config.idle_room_secs)
    }

    /// Starts the takeover count of a seat whose person has no connection:
    /// the takeover time, or until their "I'll be right back" ends if
    /// that is later.
    pub(super) fn mark_away(&mut self, seat: usize, since: Instant) {
        let secs = self.room.settings.takeover;
        let person = self.room.seats.get(seat).is_some_and(|s| s.person());
        let wall = self.shared.config.wall;
        let held = (self.room.back_by(seat, wall.now_ms())).map(|until| wall.instant_at(until));
        if let Some(t) = self.timers.takeover.get_mut(seat) {
            *t = secs
                .filter(|_| person)
                .map(|s| since + Duration::from_secs(s as u64))
                .map(|t| held.map_or(t, |h| h.max(t)));
        }
    }

    /// Counts the takeover time again from now for every person away who
    /// has no computer playing for them yet (the host changed it).
    pub(super) fn rearm(&mut self) {
        let now = Instant::now();
        for seat in 0..self.room.seats.len() {
            if !self.connected(seat) && !self.room.stands_in(seat) {
                self.mark_away(seat, now);
            }
        }
    }

    /// Runs the room until it is idle for too long or the server stops.
    pub async fn run(mut self) {
        let mut shutdown = self.shared.shutdown.clone();
        self.publish_listing();
        // Woken or restored: the index may be behind the clock restored
        // from the log, or early (which woke it).
        self.save_due().await;
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
        self.shared.registry.list(self.room.code, None);
        if reason.0 != 1001 {
            // Closed here (idle, or to reload): any node may bring it back
            // on demand. At shutdown the drain lets every lease expire at
            // once instead, so that other nodes take the rooms right away
            // (`run`). A lease already lost is another epoch's: untouched.
            let (store, code) = (&self.shared.store, self.room.code);
            if let Err(e) = store.release_lease(code, self.room.epoch).await {
                tracing::warn!(room = %code, "cannot release the room's lease: {e}");
            }
        }
        // Close the queue first so that the registry sees this stub as
        // closed, then drain what was already queued (answering nothing:
        // the callers see the room as gone and retry with a fresh task).
        self.rx.close();
        self.shared.registry.remove(self.room.code);
        tracing::debug!(room = %self.room.code, "room task ended: {}", reason.1);
    }

    /// Handles every deadline that has come; true when the room should close.
    async fn on_timers(&mut self) -> bool {
        while let Some(due) = self.timers.due(Instant::now()) {
            match due {
                Due::Idle if self.keep_awake() => {
                    self.timers.idle = Some(Instant::now() + RETRY);
                }
                Due::Idle => return true,
                Due::DueRetry => self.save_due().await,
                Due::ArchiveRetry => self.archive().await,
                Due::Takeover(seat) => {
                    tracing::info!(room = %self.room.code, seat, "a computer plays for an absent player");
                    if self.change(Change::Takeover { seat }, None).await.is_err() {
                        self.timers.takeover[seat as usize] = Some(Instant::now() + RETRY);
                    }
                }
                Due::Clock => {
                    let now = self.wall_ms();
                    tracing::info!(room = %self.room.code, "turn clock ran out");
                    if self.change(Change::ClockOut { now }, None).await.is_err() {
                        self.timers.clock = Some(Instant::now() + RETRY);
                    } else if self.room.days() {
                        // Woken early (a vacation moved the end): look again then.
                        self.schedule();
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
            Cmd::Join {
                token,
                player,
                reply,
            } => {
                let joined = self.join(token, player).await;
                let _ = reply.send(joined);
            }
            Cmd::Leave { conn } => self.leave(conn),
            Cmd::Resync { conn } => {
                // To this connection alone: nobody else missed anything.
                if let Some(&seat) = self.conns.get(&conn) {
                    self.out.to(conn, &self.welcome(seat));
                    self.out.to(conn, &self.state_for(seat, Vec::new(), None));
                    self.out.to(conn, &self.presence());
                }
            }
            Cmd::TakeSeat {
                name,
                seat,
                player,
                reply,
            } => {
                let r = self.take_seat(name, seat, player).await;
                let _ = reply.send(r);
            }
            Cmd::People { change, reply } => {
                let _ = reply.send(self.change(change.into(), None).await);
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

    async fn join(
        &mut self,
        token: Option<String>,
        player: Option<String>,
    ) -> Result<Joined, Refusal> {
        let seat = match token {
            // A player's secret opens their seat; a wrong one finds none.
            None => player.and_then(|p| self.room.seat_of_player(&p)),
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
            // A computer was playing for this player, or they said they
            // would be right back: they take over again.
            if self.room.covered(s as usize) {
                back = self
                    .change(Change::Returned { seat: s }, None)
                    .await
                    .is_ok();
            }
        }
        if !back {
            self.out.to(conn, &self.state_for(seat, Vec::new(), None));
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
        msg: RoomRequest,
        at: Instant,
    ) -> Result<(), Refusal> {
        match msg {
            RoomRequest::Chat { text } => self.chat(seat, &text),
            RoomRequest::Act { version, action } => {
                let (seat, action) = self.room.check_act(seat, version, &action)?;
                self.act(seat, action, true, at).await
            }
            RoomRequest::Start => {
                let server_seed = super::seeds::server_seed();
                let now = self.wall_ms();
                self.change(Change::Start { server_seed, now }, seat).await
            }
            RoomRequest::Vacation { days } => {
                let now = self.wall_ms();
                self.change(Change::Vacation { days, now }, seat).await
            }
            RoomRequest::Back => {
                let now = self.wall_ms();
                self.change(Change::Back { now }, seat).await
            }
            RoomRequest::SetBot {
                seat: target,
                level,
            } => {
                self.change(
                    Change::SetBot {
                        seat: target,
                        level,
                    },
                    seat,
                )
                .await
            }
            RoomRequest::Rematch => self.rematch(conn, seat).await,
            RoomRequest::StandIn { seat: target } => {
                self.change(Change::StandIn { seat: target }, seat).await
            }
            RoomRequest::TakeBack => self.change(Change::TakeBack, seat).await,
            RoomRequest::SetTakeover { secs } => {
                self.change(Change::SetTakeover { secs }, seat).await
            }
            RoomRequest::RightBack => {
                let now = self.wall_ms();
                self.change(Change::RightBack { now }, seat).await
            }
            RoomRequest::Remove { seat: target } => {
                self.change(Change::Remove { seat: target }, seat).await
            }
            RoomRequest::LeaveSeat => self.change(Change::LeaveSeat, seat).await,
            RoomRequest::Seed { seed } => self.change(Change::Seed { seed }, seat).await,
            RoomRequest::Threats { seat: whose } => {
                // A question, not a change: answered to the asker alone,
                // from the room as it is (whichever node relayed it, the
                // answer goes back the way errors do).
                let answer = self.room.threats(seat, whose)?;
                self.out.to(conn, &answer);
                Ok(())
            }
            RoomRequest::Hint => self.hint(conn, seat).await,
            RoomRequest::SetHints { on } => self.change(Change::SetHints { on }, seat).await,
        }
    }

    fn chat(&mut self, seat: Option<Player>, text: &ChatText) -> Result<(), Refusal> {
        let seat = seat.ok_or(ErrorCode::NotSeated)?;
        if !self.chat_rate.allow() {
            return Err(Refusal::with(
                ErrorCode::RateLimited,
                "This room is chatting very fast: wait a moment.",
            ));
        }
        // Control characters could fake line breaks or hide text.
        let text: String = text.as_str().chars().filter(|c| !c.is_control()).collect();
        let name = self.room.seats[seat as usize].shown_name();
        self.history.chat(Some(seat), &name, &text);
        self.out.to_all(&ServerMsg::Chat {
            seat: Some(seat),
            name,
            text,
        });
        Ok(())
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
