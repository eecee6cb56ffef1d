//! The room task: owns one room's seats and game, with no lock. Every
//! change goes: check (the engine decides) -> write to the store -> bump
//! the version -> broadcast the new state.

use super::{Cmd, Details, Joined, Listing, Out, Refusal, Seat, SeatTaken, Settings, Shared};
use crate::bots::{self, Level};
use crate::ids;
use crate::store::{now_ms, GameRow, RoomRow};
use chowka_protocol::messages::{
    BoardView, ClientMsg, GameView, RoomStatus, RoomView, SeatView, ServerMsg, MAX_CHAT_CHARS,
};
use chowka_protocol::{
    Action, Event, Game, Player, Record, RecordedAction, SecureThrows, Setup, Side,
};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::collections::HashMap;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, mpsc};

/// Everything needed to start a room task: a new room, or one restored
/// from the store.
#[derive(Clone, Debug)]
pub struct RoomInit {
    /// Room code.
    pub code: String,
    /// The game's set-up; `options.players` is the seat count.
    pub setup: Setup,
    /// Settings chosen at creation.
    pub settings: Settings,
    /// The seats.
    pub seats: Vec<Seat>,
    /// Where the room is in its life.
    pub status: RoomStatus,
    /// The game, once started.
    pub game: Option<Game>,
    /// Every accepted action, in order.
    pub actions: Vec<RecordedAction>,
    /// The state version.
    pub version: u64,
    /// The rematch room, once created.
    pub rematch: Option<String>,
    /// Creation time, ms since the epoch.
    pub created_at: i64,
    /// Whether the finished game still has to be archived.
    pub archive_pending: bool,
}

fn status_name(s: RoomStatus) -> &'static str {
    match s {
        RoomStatus::Lobby => "lobby",
        RoomStatus::Playing => "playing",
        RoomStatus::Finished => "finished",
    }
}

impl RoomInit {
    /// A new room in the lobby.
    pub fn new(code: String, setup: Setup, settings: Settings, seats: Vec<Seat>) -> RoomInit {
        RoomInit {
            code,
            setup,
            settings,
            seats,
            status: RoomStatus::Lobby,
            game: None,
            actions: Vec::new(),
            version: 1,
            rematch: None,
            created_at: now_ms(),
            archive_pending: false,
        }
    }

    /// The room as a store row.
    pub fn row(&self) -> RoomRow {
        RoomRow {
            code: self.code.clone(),
            status: status_name(self.status).into(),
            setup: serde_json::to_string(&self.setup).unwrap_or_default(),
            seats: serde_json::to_string(&self.seats).unwrap_or_default(),
            settings: serde_json::to_string(&self.settings).unwrap_or_default(),
            version: self.version as i64,
            rematch: self.rematch.clone(),
            created_at: self.created_at,
        }
    }

    /// A room from its store row and event log, the game replayed action
    /// by action. The version goes one past the last saved one, so that
    /// clients see the restored state as new.
    pub fn restore(
        row: RoomRow,
        actions: &[String],
        last_version: i64,
    ) -> Result<RoomInit, String> {
        let setup: Setup = serde_json::from_str(&row.setup).map_err(|e| format!("setup: {e}"))?;
        let seats: Vec<Seat> =
            serde_json::from_str(&row.seats).map_err(|e| format!("seats: {e}"))?;
        let settings: Settings =
            serde_json::from_str(&row.settings).map_err(|e| format!("settings: {e}"))?;
        let mut status = match row.status.as_str() {
            "lobby" => RoomStatus::Lobby,
            "playing" => RoomStatus::Playing,
            "finished" => RoomStatus::Finished,
            s => return Err(format!("cannot restore a room that is {s}")),
        };
        let mut recorded = Vec::with_capacity(actions.len());
        let game = if status == RoomStatus::Lobby {
            None
        } else {
            let mut game = setup.game()?;
            for (i, a) in actions.iter().enumerate() {
                let a: RecordedAction =
                    serde_json::from_str(a).map_err(|e| format!("action {i}: {e}"))?;
                a.apply(&mut game).map_err(|e| format!("action {i}: {e}"))?;
                recorded.push(a);
            }
            Some(game)
        };
        // The last action may have ended the game while its archive write
        // failed (or the process died between the two): archive it now.
        let archive_pending =
            status == RoomStatus::Playing && game.as_ref().is_some_and(|g| g.is_over());
        if archive_pending {
            status = RoomStatus::Finished;
        }
        Ok(RoomInit {
            code: row.code,
            setup,
            settings,
            seats,
            status,
            game,
            actions: recorded,
            version: last_version.max(0) as u64 + 1,
            rematch: row.rematch,
            created_at: row.created_at,
            archive_pending,
        })
    }
}

/// One room's task.
pub struct RoomActor {
    r: RoomInit,
    shared: Shared,
    rx: mpsc::Receiver<Cmd>,
    out: broadcast::Sender<Out>,
    /// Connections by id, with their seat.
    conns: HashMap<u64, Option<Player>>,
    next_conn: u64,
    throws: SecureThrows,
    rng: StdRng,
    /// When the next computer action is due.
    bot_at: Option<Instant>,
    /// When the turn clock of the seat to act runs out.
    clock_at: Option<Instant>,
    /// The seat the server plays for until its turn ends (clock ran out).
    autoplay: Option<Player>,
    /// Per seat: a computer plays it while its player is away (takeover).
    standin: Vec<bool>,
    /// Per seat: since when its player has had no connection.
    away_since: Vec<Option<Instant>>,
    /// Since when the room has had no connection.
    idle_since: Option<Instant>,
    /// Set when a failed archive write should be tried again.
    retry_at: Option<Instant>,
}

impl RoomActor {
    pub(super) fn new(
        r: RoomInit,
        shared: Shared,
        rx: mpsc::Receiver<Cmd>,
        out: broadcast::Sender<Out>,
    ) -> RoomActor {
        let n = r.seats.len();
        let now = Instant::now();
        let mut actor = RoomActor {
            r,
            shared,
            rx,
            out,
            conns: HashMap::new(),
            next_conn: 1,
            throws: SecureThrows::new(),
            rng: StdRng::from_entropy(),
            bot_at: None,
            clock_at: None,
            autoplay: None,
            standin: vec![false; n],
            away_since: vec![Some(now); n],
            idle_since: Some(now),
            retry_at: None,
        };
        if actor.r.archive_pending {
            actor.retry_at = Some(now);
        }
        actor.schedule();
        actor
    }

    fn code(&self) -> &str {
        &self.r.code
    }

    /// Runs the room until it is idle for too long or the server stops.
    pub async fn run(mut self) {
        let mut shutdown = self.shared.shutdown.clone();
        self.publish_listing();
        let reason = loop {
            if *shutdown.borrow() {
                break (1001, "server shutting down");
            }
            let deadline = self.next_deadline();
            tokio::select! {
                cmd = self.rx.recv() => match cmd {
                    Some(cmd) => self.handle(cmd).await,
                    None => break (1000, "room closed"),
                },
                _ = sleep_until(deadline) => {
                    if self.on_timer().await {
                        break (1000, "room closed after being idle");
                    }
                }
                _ = shutdown.changed() => {}
            }
        };
        let _ = self.out.send(Out::Close(reason.0, reason.1));
        self.shared.registry.list(&self.r.code, None);
        // Close the queue first so that the registry sees this stub as
        // closed, then drain what was already queued (answering nothing:
        // the callers see the room as gone and retry with a fresh task).
        self.rx.close();
        self.shared.registry.remove(&self.r.code);
        tracing::debug!(room = self.code(), "room task ended: {}", reason.1);
    }

    fn next_deadline(&self) -> Option<Instant> {
        let idle = self
            .idle_since
            .map(|t| t + Duration::from_secs(self.shared.config.idle_room_secs));
        let takeover = self.takeover_at().map(|(_, t)| t);
        [self.bot_at, self.clock_at, idle, takeover, self.retry_at]
            .into_iter()
            .flatten()
            .min()
    }

    /// The first seat whose player has been away longer than the takeover
    /// time, with when that happens.
    fn takeover_at(&self) -> Option<(Player, Instant)> {
        let secs = Duration::from_secs(self.r.settings.takeover? as u64);
        if self.r.status != RoomStatus::Playing {
            return None;
        }
        (0..self.r.seats.len())
            .filter(|&i| self.r.seats[i].token_hash.is_some() && !self.standin[i])
            .filter_map(|i| Some((i as Player, self.away_since[i]? + secs)))
            .min_by_key(|&(_, t)| t)
    }

    /// Handles whatever timer is due; true when the room should close.
    async fn on_timer(&mut self) -> bool {
        let now = Instant::now();
        if self
            .idle_since
            .is_some_and(|t| now >= t + Duration::from_secs(self.shared.config.idle_room_secs))
        {
            return true;
        }
        if self.retry_at.is_some_and(|t| now >= t) {
            self.retry_at = None;
            self.archive().await;
        }
        if let Some((seat, at)) = self.takeover_at() {
            if now >= at {
                tracing::info!(
                    room = self.code(),
                    seat,
                    "a computer plays for an absent player"
                );
                self.standin[seat as usize] = true;
                self.changed(Vec::new());
            }
        }
        if self.clock_at.is_some_and(|t| now >= t) {
            self.clock_at = None;
            if let Some(seat) = self.game().map(|g| g.to_move()) {
                tracing::info!(room = self.code(), seat, "turn clock ran out");
                self.autoplay = Some(seat);
                self.changed(Vec::new());
            }
        }
        if self.bot_at.is_some_and(|t| now >= t) {
            self.bot_at = None;
            self.computer_acts().await;
        }
        false
    }

    fn game(&self) -> Option<&Game> {
        self.r.game.as_ref().filter(|g| !g.is_over())
    }

    /// The computer level playing `seat` now, if a computer does.
    fn computer(&self, seat: Player) -> Option<Level> {
        let s = self.r.seats.get(seat as usize)?;
        if let Some(level) = s.bot {
            return Some(level);
        }
        if self.autoplay == Some(seat) {
            return Some(Level::Easy);
        }
        self.standin
            .get(seat as usize)
            .copied()
            .unwrap_or(false)
            .then_some(Level::Medium)
    }

    /// The seat a computer should act for now: an open truce offer to a
    /// computer is answered first, then the computer to move plays.
    fn computer_turn(&self) -> Option<Player> {
        let game = self.game()?;
        if let Some(offer) = game.offer() {
            if self.computer(offer.to).is_some() {
                return Some(offer.to);
            }
        }
        let p = game.to_move();
        self.computer(p).is_some().then_some(p)
    }

    /// Sets the computer and clock timers after a change.
    fn schedule(&mut self) {
        if self.r.status != RoomStatus::Playing {
            self.bot_at = None;
            self.clock_at = None;
            return;
        }
        if let Some(p) = self.autoplay {
            if self.game().map(|g| g.to_move()) != Some(p) {
                self.autoplay = None;
            }
        }
        self.bot_at = self
            .computer_turn()
            .map(|_| Instant::now() + Duration::from_millis(self.shared.config.bot_delay_ms));
        self.clock_at = match (self.r.settings.turn_clock, self.game()) {
            (Some(secs), Some(g)) if self.computer(g.to_move()).is_none() => {
                Some(Instant::now() + Duration::from_secs(secs as u64))
            }
            _ => None,
        };
    }

    async fn computer_acts(&mut self) {
        let Some(seat) = self.computer_turn() else {
            return;
        };
        let Some(game) = self.game().cloned() else {
            return;
        };
        let level = self.computer(seat).unwrap_or(Level::Easy);
        let autoplay = self.autoplay == Some(seat) && self.r.seats[seat as usize].bot.is_none();
        let mut rng = StdRng::from_rng(&mut self.rng).unwrap_or_else(|_| StdRng::from_entropy());
        // The hard computer may think for tens of milliseconds: off the
        // async threads, so that other rooms go on meanwhile.
        let decided = tokio::task::spawn_blocking(move || {
            if autoplay {
                Some(simple_action(&game, seat))
            } else {
                bots::decide(level, &game, seat, &mut rng)
                    .or_else(|| Some(simple_action(&game, seat)))
            }
        })
        .await
        .ok()
        .flatten();
        let Some(action) = decided else { return };
        if let Err(r) = self.act(seat, action, Instant::now()).await {
            tracing::warn!(
                room = self.code(),
                seat,
                "computer action refused: {}",
                r.message
            );
            // Fall back on the simplest legal action, and never spin.
            let fallback = self.game().map(|g| simple_action(g, seat));
            let ok = match fallback {
                Some(a) => self.act(seat, a, Instant::now()).await.is_ok(),
                None => false,
            };
            if !ok {
                self.bot_at = Some(Instant::now() + Duration::from_secs(1));
            }
        }
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Join { token, reply } => {
                let joined = self.join(token);
                let _ = reply.send(joined);
            }
            Cmd::Leave { conn } => self.leave(conn),
            Cmd::Resync { conn } => {
                if let Some(&seat) = self.conns.get(&conn) {
                    self.send_to(conn, &self.welcome(seat));
                    self.send_to(conn, &self.state(Vec::new()));
                    self.send_all(&self.presence());
                }
            }
            Cmd::TakeSeat { name, seat, reply } => {
                let r = self.take_seat(name, seat).await;
                let _ = reply.send(r);
            }
            Cmd::Details { reply } => {
                let _ = reply.send(Details {
                    version: self.r.version,
                    room: self.room_view(),
                    spectators: self.spectators(),
                });
            }
            Cmd::Msg { conn, msg, at } => {
                let Some(&seat) = self.conns.get(&conn) else {
                    return;
                };
                if let Err(r) = self.client_msg(conn, seat, msg, at).await {
                    self.shared.metrics.error(r.code);
                    self.send_to(
                        conn,
                        &ServerMsg::Error {
                            code: r.code.to_string(),
                            message: r.message,
                        },
                    );
                }
            }
        }
    }

    fn join(&mut self, token: Option<String>) -> Result<Joined, Refusal> {
        let seat = match token {
            None => None,
            Some(t) => {
                let h = ids::hash_token(&t);
                let found = self.r.seats.iter().position(|s| {
                    s.token_hash
                        .as_deref()
                        .is_some_and(|x| ids::same_hash(x, &h))
                });
                match found {
                    Some(i) => Some(i as Player),
                    None => {
                        return Err(Refusal::new(
                            "bad_token",
                            "That seat token is not one of this room's seats.",
                        ))
                    }
                }
            }
        };
        let conn = self.next_conn;
        self.next_conn += 1;
        // Subscribe before sending anything, so that nothing is missed.
        let out = self.out.subscribe();
        self.conns.insert(conn, seat);
        self.idle_since = None;
        self.send_to(conn, &self.welcome(seat));
        let mut back = false;
        if let Some(s) = seat {
            self.away_since[s as usize] = None;
            back = std::mem::take(&mut self.standin[s as usize]);
        }
        if back {
            // A computer was playing for this player: they take over again.
            self.changed(Vec::new());
        } else {
            self.send_to(conn, &self.state(Vec::new()));
        }
        self.send_all(&self.presence());
        self.publish_listing();
        Ok(Joined { conn, seat, out })
    }

    fn leave(&mut self, conn: u64) {
        let Some(seat) = self.conns.remove(&conn) else {
            return;
        };
        if let Some(s) = seat {
            if !self.conns.values().any(|&x| x == Some(s)) {
                self.away_since[s as usize] = Some(Instant::now());
            }
        }
        if self.conns.is_empty() {
            self.idle_since = Some(Instant::now());
        }
        self.send_all(&self.presence());
        self.publish_listing();
    }

    async fn take_seat(&mut self, name: String, seat: Option<u8>) -> Result<SeatTaken, Refusal> {
        if self.r.status != RoomStatus::Lobby {
            return Err(Refusal::new("not_lobby", "The game has already started."));
        }
        let seat = match seat {
            Some(s) if (s as usize) >= self.r.seats.len() => {
                return Err(Refusal::new("bad_seat", "There is no such seat."))
            }
            Some(s) if self.r.seats[s as usize].taken() => {
                return Err(Refusal::new("seat_taken", "That seat is taken."))
            }
            Some(s) => s as usize,
            None => self
                .r
                .seats
                .iter()
                .position(|s| !s.taken())
                .ok_or_else(|| Refusal::new("room_full", "Every seat of this room is taken."))?,
        };
        let token = ids::new_token();
        let before = self.r.seats[seat].clone();
        self.r.seats[seat] = Seat {
            name: Some(name),
            token_hash: Some(ids::hash_token(&token)),
            bot: None,
            host: false,
        };
        self.r.version += 1;
        if let Err(e) = self.shared.store.save_room(&self.r.row()).await {
            tracing::error!(room = self.code(), "cannot save a seat: {e}");
            self.r.seats[seat] = before;
            self.r.version -= 1;
            return Err(store_unavailable());
        }
        self.away_since[seat] = Some(Instant::now());
        self.broadcast_state(Vec::new());
        self.publish_listing();
        Ok(SeatTaken {
            code: self.r.code.clone(),
            seat: seat as u8,
            token,
            room: self.room_view(),
        })
    }

    async fn client_msg(
        &mut self,
        conn: u64,
        seat: Option<Player>,
        msg: ClientMsg,
        at: Instant,
    ) -> Result<(), Refusal> {
        match msg {
            ClientMsg::Hello { .. } => Err(Refusal::new(
                "already_joined",
                "This connection has already joined a room.",
            )),
            ClientMsg::Ping => {
                self.send_to(conn, &ServerMsg::Pong);
                Ok(())
            }
            ClientMsg::Chat { text } => {
                let seat = seat.ok_or_else(not_seated)?;
                let text = text.trim();
                let n = text.chars().count();
                if n == 0 || n > MAX_CHAT_CHARS {
                    return Err(Refusal::new(
                        "bad_chat",
                        format!("A chat message has 1 to {MAX_CHAT_CHARS} characters."),
                    ));
                }
                // Control characters could fake line breaks or hide text.
                let text: String = text.chars().filter(|c| !c.is_control()).collect();
                let name = self.r.seats[seat as usize].shown_name();
                self.send_all(&ServerMsg::Chat {
                    seat: Some(seat),
                    name,
                    text,
                });
                Ok(())
            }
            ClientMsg::Act { version, action } => {
                let seat = seat.ok_or_else(not_seated)?;
                if self.r.status != RoomStatus::Playing {
                    return Err(match self.r.status {
                        RoomStatus::Finished => {
                            Refusal::new("game_over", "The game has ended (R14).")
                        }
                        _ => Refusal::new("not_playing", "The game has not started yet."),
                    });
                }
                if version != self.r.version {
                    return Err(Refusal::new(
                        "stale_version",
                        format!(
                            "The game has moved on (you acted on version {version}, it is now {}): look again.",
                            self.r.version
                        ),
                    ));
                }
                let pawns = self.r.setup.rules().map(|r| r.pawns).unwrap_or(0);
                let action = action.parse(pawns).map_err(rejection)?;
                if self.autoplay == Some(seat) {
                    // The player is back before the turn ended: theirs again.
                    self.autoplay = None;
                }
                self.act(seat, action, at).await
            }
            ClientMsg::Start => self.start(seat).await,
            ClientMsg::SetBot {
                seat: target,
                level,
            } => self.set_bot(seat, target, level).await,
            ClientMsg::Rematch => self.rematch(conn, seat).await,
        }
    }

    /// Plays an action: the engine checks it, the store keeps it, then
    /// everyone sees it. Nothing changes if any step fails.
    async fn act(&mut self, by: Player, action: Action, at: Instant) -> Result<(), Refusal> {
        let Some(game) = self.r.game.as_mut() else {
            return Err(Refusal::new("not_playing", "The game has not started yet."));
        };
        let before = game.clone();
        let events = game.play(by, action, &mut self.throws).map_err(rejection)?;
        let recorded = RecordedAction::played(by, action, &events);
        let seq = self.r.actions.len() as i64;
        let version = self.r.version + 1;
        let json = serde_json::to_string(&recorded).unwrap_or_default();
        let t = Instant::now();
        let saved = self
            .shared
            .store
            .append_action(&self.r.code, seq, &json, version as i64)
            .await;
        self.shared.metrics.store_write_latency.observe(t.elapsed());
        if let Err(e) = saved {
            tracing::error!(room = %self.r.code, "cannot save an action: {e}");
            self.r.game = Some(before);
            return Err(store_unavailable());
        }
        self.r.actions.push(recorded);
        self.r.version = version;
        self.shared.metrics.actions.fetch_add(1, Relaxed);
        let over = self.r.game.as_ref().is_some_and(|g| g.is_over());
        if over {
            self.r.status = RoomStatus::Finished;
            self.shared.metrics.games_finished.fetch_add(1, Relaxed);
            self.archive().await;
        }
        self.schedule();
        self.broadcast_state(events);
        self.shared.metrics.action_latency.observe(at.elapsed());
        Ok(())
    }

    /// Archives the finished game; on failure, tries again later (the
    /// event log already holds every action, so nothing is lost).
    async fn archive(&mut self) {
        let Some(game) = &self.r.game else { return };
        let players: Vec<String> = self.r.seats.iter().map(|s| s.shown_name()).collect();
        let rules = game.rules();
        let mut record = Record::new(self.r.setup.clone(), players.clone());
        record.actions = self.r.actions.clone();
        record.result = Some(game.outcome());
        let row = GameRow {
            id: self.r.code.clone(),
            finished_at: now_ms(),
            preset: rules.preset.name().into(),
            board: rules.board as i64,
            players: serde_json::to_string(&players).unwrap_or_default(),
            result: serde_json::to_string(&game.outcome()).unwrap_or_default(),
            actions: record.actions.len() as i64,
            record: serde_json::to_string(&record).unwrap_or_default(),
        };
        let mut room = self.r.row();
        room.status = "finished".into();
        match self.shared.store.finish(&room, &row).await {
            Ok(()) => {
                self.r.archive_pending = false;
                tracing::info!(room = %self.r.code, result = %row.result, "game archived");
            }
            Err(e) => {
                tracing::error!(room = %self.r.code, "cannot archive the game, will retry: {e}");
                self.r.archive_pending = true;
                self.retry_at = Some(Instant::now() + Duration::from_secs(5));
            }
        }
    }

    fn host_seat(&self) -> Option<Player> {
        self.r
            .seats
            .iter()
            .position(|s| s.host)
            .map(|i| i as Player)
    }

    async fn start(&mut self, seat: Option<Player>) -> Result<(), Refusal> {
        if seat.is_none() || seat != self.host_seat() {
            return Err(not_host());
        }
        if self.r.status != RoomStatus::Lobby {
            return Err(Refusal::new("not_lobby", "The game has already started."));
        }
        let taken: Vec<usize> = (0..self.r.seats.len())
            .filter(|&i| self.r.seats[i].taken())
            .collect();
        if taken.len() < 2 {
            return Err(Refusal::new(
                "not_enough_players",
                "At least two seats must be taken to start.",
            ));
        }
        // Empty seats are dropped: the taken seats play, in seat order.
        let mut setup = self.r.setup.clone();
        setup.options.players = Some(taken.len() as u8);
        let game = setup
            .game()
            .map_err(|e| Refusal::new("bad_rules", format!("These rules cannot be played: {e}")))?;
        let before = self.r.clone();
        let map: HashMap<usize, usize> = taken
            .iter()
            .enumerate()
            .map(|(new, &old)| (old, new))
            .collect();
        self.r.seats = taken.iter().map(|&i| self.r.seats[i].clone()).collect();
        self.r.setup = setup;
        self.r.game = Some(game);
        self.r.status = RoomStatus::Playing;
        self.r.version += 1;
        if let Err(e) = self.shared.store.save_room(&self.r.row()).await {
            tracing::error!(room = %self.r.code, "cannot save the start: {e}");
            self.r = before;
            return Err(store_unavailable());
        }
        let n = self.r.seats.len();
        let old_away = std::mem::take(&mut self.away_since);
        self.away_since = vec![None; n];
        for (&old, &new) in &map {
            self.away_since[new] = old_away.get(old).copied().flatten();
        }
        self.standin = vec![false; n];
        for seat in self.conns.values_mut() {
            *seat = seat.and_then(|s| map.get(&(s as usize)).map(|&x| x as Player));
        }
        // Seats and the board may have changed: everyone is welcomed again.
        let conns: Vec<(u64, Option<Player>)> = self.conns.iter().map(|(&c, &s)| (c, s)).collect();
        for (conn, seat) in conns {
            self.send_to(conn, &self.welcome(seat));
        }
        tracing::info!(room = %self.r.code, players = n, "game started");
        self.publish_listing();
        self.schedule();
        self.broadcast_state(Vec::new());
        self.send_all(&self.presence());
        Ok(())
    }

    async fn set_bot(
        &mut self,
        by: Option<Player>,
        target: Player,
        level: Option<String>,
    ) -> Result<(), Refusal> {
        if by.is_none() || by != self.host_seat() {
            return Err(not_host());
        }
        if self.r.status != RoomStatus::Lobby {
            return Err(Refusal::new("not_lobby", "The game has already started."));
        }
        let level = match level.as_deref() {
            None => None,
            Some(l) => Some(
                l.parse::<Level>()
                    .map_err(|e| Refusal::new("bad_level", e))?,
            ),
        };
        let Some(seat) = self.r.seats.get(target as usize) else {
            return Err(Refusal::new("bad_seat", "There is no such seat."));
        };
        if seat.host {
            return Err(Refusal::new(
                "bad_seat",
                "The host's seat cannot be a computer.",
            ));
        }
        if seat.token_hash.is_some() {
            return Err(Refusal::new("seat_taken", "A person holds that seat."));
        }
        let before = seat.clone();
        self.r.seats[target as usize].bot = level;
        self.r.version += 1;
        if let Err(e) = self.shared.store.save_room(&self.r.row()).await {
            tracing::error!(room = %self.r.code, "cannot save a computer seat: {e}");
            self.r.seats[target as usize] = before;
            self.r.version -= 1;
            return Err(store_unavailable());
        }
        self.publish_listing();
        self.broadcast_state(Vec::new());
        Ok(())
    }

    async fn rematch(&mut self, conn: u64, seat: Option<Player>) -> Result<(), Refusal> {
        seat.ok_or_else(not_seated)?;
        if self.r.status != RoomStatus::Finished {
            return Err(Refusal::new("not_finished", "The game is not over yet."));
        }
        if self.r.rematch.is_some() {
            self.send_to(conn, &self.state(Vec::new()));
            return Ok(());
        }
        let mut setup = self.r.setup.clone();
        setup.position = None;
        // The same players, with the same seat tokens: each player's token
        // for this room also opens their seat in the rematch.
        let init = RoomInit::new(
            ids::new_code(),
            setup,
            self.r.settings,
            self.r.seats.clone(),
        );
        let code = init.code.clone();
        match self.shared.registry.create(init).await {
            Ok(_) => {}
            Err(super::CreateError::TooMany) => {
                return Err(Refusal::new(
                    "too_many_rooms",
                    "The server is full: try again later.",
                ))
            }
            Err(super::CreateError::Store(e)) => {
                tracing::error!(room = %self.r.code, "cannot create the rematch: {e}");
                return Err(store_unavailable());
            }
        }
        self.r.rematch = Some(code.clone());
        self.r.version += 1;
        if let Err(e) = self.shared.store.save_room(&self.r.row()).await {
            // The rematch room exists; only this room's link to it may be
            // lost on a restart, so the room goes on.
            tracing::error!(room = %self.r.code, "cannot save the rematch link: {e}");
        }
        tracing::info!(room = %self.r.code, rematch = %code, "rematch created");
        self.broadcast_state(Vec::new());
        Ok(())
    }

    /// After a change that is not an action (takeover, clock): new version.
    fn changed(&mut self, events: Vec<Event>) {
        self.r.version += 1;
        self.schedule();
        self.broadcast_state(events);
    }

    fn rules_now(&self) -> chowka_protocol::Rules {
        match &self.r.game {
            Some(g) => *g.rules(),
            None => self.r.setup.rules().unwrap_or_else(|_| {
                chowka_protocol::Rules::preset(chowka_protocol::Preset::ChowkaBhara, 2)
            }),
        }
    }

    fn welcome(&self, seat: Option<Player>) -> ServerMsg {
        ServerMsg::Welcome {
            seat,
            board: BoardView::new(&self.rules_now()),
        }
    }

    fn connected(&self, seat: usize) -> bool {
        self.conns.values().any(|&s| s == Some(seat as Player))
    }

    fn spectators(&self) -> u32 {
        self.conns.values().filter(|s| s.is_none()).count() as u32
    }

    fn room_view(&self) -> RoomView {
        let n = self.r.seats.len();
        let sides: Vec<Side> = Side::seating(n.clamp(2, 4)).to_vec();
        let seats = self
            .r
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatView {
                name: if s.taken() {
                    Some(s.shown_name())
                } else {
                    None
                },
                bot: s.bot.map(|l| l.name().to_string()),
                connected: self.connected(i),
                host: s.host,
                side: sides.get(i).copied().unwrap_or(Side::S),
                standin: self.standin.get(i).copied().unwrap_or(false)
                    || (self.autoplay == Some(i as Player) && s.bot.is_none()),
            })
            .collect();
        RoomView {
            code: self.r.code.clone(),
            status: self.r.status,
            rules: self.rules_now(),
            seats,
            public: self.r.settings.public,
            turn_clock: self.r.settings.turn_clock,
            clock_ms: self
                .clock_at
                .map(|t| t.saturating_duration_since(Instant::now()).as_millis() as u64),
            rematch: self.r.rematch.clone(),
            takeover: self.r.settings.takeover,
        }
    }

    fn state(&self, events: Vec<Event>) -> ServerMsg {
        ServerMsg::State {
            version: self.r.version,
            room: self.room_view(),
            game: self.r.game.as_ref().map(GameView::new),
            events,
        }
    }

    fn presence(&self) -> ServerMsg {
        ServerMsg::Presence {
            connected: (0..self.r.seats.len()).map(|i| self.connected(i)).collect(),
            spectators: self.spectators(),
        }
    }

    fn broadcast_state(&self, events: Vec<Event>) {
        self.send_all(&self.state(events));
    }

    fn send_all(&self, msg: &ServerMsg) {
        self.emit(None, msg);
    }

    fn send_to(&self, conn: u64, msg: &ServerMsg) {
        self.emit(Some(conn), msg);
    }

    fn emit(&self, to: Option<u64>, msg: &ServerMsg) {
        match serde_json::to_string(msg) {
            // An error only means nobody is listening right now.
            Ok(text) => {
                let _ = self.out.send(Out::Text {
                    to,
                    text: Arc::from(text),
                });
            }
            Err(e) => tracing::error!(room = %self.r.code, "cannot serialize a message: {e}"),
        }
    }

    fn publish_listing(&self) {
        let open = self.r.seats.iter().any(|s| !s.taken());
        let listing =
            (self.r.settings.public && self.r.status == RoomStatus::Lobby && open).then(|| {
                let rules = self.rules_now();
                Listing {
                    code: self.r.code.clone(),
                    preset: rules.preset.name(),
                    board: rules.board,
                    players: self.r.seats.len() as u8,
                    taken: self.r.seats.iter().filter(|s| s.taken()).count() as u8,
                    host: self
                        .r
                        .seats
                        .iter()
                        .find(|s| s.host)
                        .map(|s| s.shown_name())
                        .unwrap_or_default(),
                    turn_clock: self.r.settings.turn_clock,
                    created_at: self.r.created_at,
                }
            });
        self.shared.registry.list(&self.r.code, listing);
    }
}

/// The action the server plays for an absent player when the turn clock
/// runs out: throw if a throw is pending, else the first legal move, else
/// skip; an open truce offer to the player is declined.
pub fn simple_action(game: &Game, seat: Player) -> Action {
    if let Some(offer) = game.offer() {
        if offer.to == seat && game.to_move() != seat {
            return Action::AnswerTruce { accept: false };
        }
    }
    if game.can_throw() {
        return Action::Throw;
    }
    if let Some(&mv) = game.legal_moves().first() {
        return Action::Move(mv);
    }
    if game.can_skip() {
        return Action::Skip;
    }
    Action::Throw
}

fn rejection(r: chowka_protocol::Rejection) -> Refusal {
    Refusal::new(r.code.as_str(), r.message())
}

fn not_seated() -> Refusal {
    Refusal::new(
        "not_seated",
        "Spectators can only watch: take a seat to play.",
    )
}

fn not_host() -> Refusal {
    Refusal::new("not_host", "Only the host can do that.")
}

fn store_unavailable() -> Refusal {
    Refusal::new(
        "store_unavailable",
        "The server could not save this; nothing changed. Try again in a moment.",
    )
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(t) => tokio::time::sleep_until(t.into()).await,
        None => std::future::pending().await,
    }
}
