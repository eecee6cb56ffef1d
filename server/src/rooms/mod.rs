//! Rooms: one tokio task per room owns its game (the [`RoomActor`]), and
//! everything else talks to it through a cheap [`RoomStub`]. The
//! [`Registry`] maps codes to stubs, creates rooms, and brings rooms back
//! from the store: at start-up, and on demand after an idle room closed.

mod actor;

pub use actor::{RoomActor, RoomInit};

use crate::bots::Level;
use crate::metrics::Metrics;
use crate::store::{Store, StoreError};
use crate::ServeOpts;
use chowka_protocol::messages::{ClientMsg, RoomView};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio::sync::{broadcast, mpsc, oneshot, watch};

/// How many commands may wait for a room before senders wait.
const ROOM_QUEUE: usize = 256;
/// How many outgoing messages a slow connection may fall behind before it
/// gets a fresh full state instead.
const ROOM_FANOUT: usize = 256;

/// Settings of a room chosen at creation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// Listed in the open rooms.
    pub public: bool,
    /// Seconds per turn before the server plays for the player to move.
    pub turn_clock: Option<u32>,
    /// Seconds a player may be away before a computer plays for them.
    pub takeover: Option<u32>,
}

/// One seat as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// Display name, once taken.
    pub name: Option<String>,
    /// SHA-256 of the seat token, for a person's seat.
    pub token_hash: Option<String>,
    /// Computer level, for a computer's seat.
    pub bot: Option<Level>,
    /// The host's seat.
    pub host: bool,
}

impl Seat {
    /// Whether a person or a computer holds the seat.
    pub fn taken(&self) -> bool {
        self.token_hash.is_some() || self.bot.is_some()
    }

    /// The name shown for the seat.
    pub fn shown_name(&self) -> String {
        match (&self.name, self.bot) {
            (Some(n), _) => n.clone(),
            (None, Some(l)) => format!("Computer ({})", l.name()),
            (None, None) => String::new(),
        }
    }
}

/// A refusal: a code of docs/protocol.md and a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Machine-readable code.
    pub code: &'static str,
    /// A sentence for the player.
    pub message: String,
}

impl Refusal {
    /// A refusal with this code and message.
    pub fn new(code: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }

    /// The refusal for a room that is gone or unknown.
    pub fn no_room() -> Refusal {
        Refusal::new("no_such_room", "There is no room with that code.")
    }
}

/// A message on a room's fan-out channel.
#[derive(Clone, Debug)]
pub enum Out {
    /// JSON text for every connection (`to: None`) or one connection.
    Text {
        /// The connection it is for, or `None` for everyone.
        to: Option<u64>,
        /// The serialized `ServerMsg`.
        text: Arc<str>,
    },
    /// Close every connection with this WebSocket status and reason.
    Close(u16, &'static str),
}

/// What a connection gets on joining a room.
#[derive(Debug)]
pub struct Joined {
    /// The connection's id in the room.
    pub conn: u64,
    /// The seat, or `None` for a spectator.
    pub seat: Option<u8>,
    /// The room's fan-out; subscribed before the welcome was sent, so
    /// nothing after it is missed.
    pub out: broadcast::Receiver<Out>,
}

/// Room details for the HTTP API.
#[derive(Clone, Debug, Serialize)]
pub struct Details {
    /// The state version.
    pub version: u64,
    /// The room.
    pub room: RoomView,
    /// Number of spectators connected.
    pub spectators: u32,
}

/// A seat just taken.
#[derive(Clone, Debug, Serialize)]
pub struct SeatTaken {
    /// Room code.
    pub code: String,
    /// The seat.
    pub seat: u8,
    /// The seat token (only ever shown here).
    pub token: String,
    /// The room after taking the seat.
    pub room: RoomView,
}

/// A public lobby room in the list of open rooms.
#[derive(Clone, Debug, Serialize)]
pub struct Listing {
    /// Room code.
    pub code: String,
    /// Preset name.
    pub preset: &'static str,
    /// Board size.
    pub board: u8,
    /// Number of seats.
    pub players: u8,
    /// Seats taken.
    pub taken: u8,
    /// The host's name.
    pub host: String,
    /// Seconds per turn, if clocked.
    pub turn_clock: Option<u32>,
    /// Creation time, ms since the epoch.
    pub created_at: i64,
}

/// A request to a room task.
#[derive(Debug)]
pub enum Cmd {
    /// A connection joins, with a seat token or as a spectator.
    Join {
        /// The seat token, if any.
        token: Option<String>,
        /// The answer.
        reply: oneshot::Sender<Result<Joined, Refusal>>,
    },
    /// A connection left.
    Leave {
        /// Its id.
        conn: u64,
    },
    /// A connection fell behind: send it a fresh full state.
    Resync {
        /// Its id.
        conn: u64,
    },
    /// A message from a connection (never `hello` or `ping`).
    Msg {
        /// The connection's id.
        conn: u64,
        /// The message.
        msg: ClientMsg,
        /// When it arrived, for the latency metric.
        at: Instant,
    },
    /// Take a seat in the lobby (HTTP).
    TakeSeat {
        /// Display name, already checked.
        name: String,
        /// The wanted seat, or the lowest empty one.
        seat: Option<u8>,
        /// The answer.
        reply: oneshot::Sender<Result<SeatTaken, Refusal>>,
    },
    /// Room details (HTTP).
    Details {
        /// The answer.
        reply: oneshot::Sender<Details>,
    },
}

/// The handle to a room task: cheap to clone; its methods hide the
/// request and reply dance.
#[derive(Clone, Debug)]
pub struct RoomStub {
    tx: mpsc::Sender<Cmd>,
}

/// A new room task's two halves: the stub and the actor to spawn.
pub fn channel(init: RoomInit, shared: Shared) -> (RoomStub, RoomActor) {
    let (tx, rx) = mpsc::channel(ROOM_QUEUE);
    let (out, _) = broadcast::channel(ROOM_FANOUT);
    (RoomStub { tx }, RoomActor::new(init, shared, rx, out))
}

impl RoomStub {
    async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Cmd) -> Option<T> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(make(reply)).await.ok()?;
        rx.await.ok()
    }

    /// Joins the room; `None` if the room task has ended.
    pub async fn join(&self, token: Option<String>) -> Option<Result<Joined, Refusal>> {
        self.ask(|reply| Cmd::Join { token, reply }).await
    }

    /// Takes a seat; `None` if the room task has ended.
    pub async fn take_seat(
        &self,
        name: String,
        seat: Option<u8>,
    ) -> Option<Result<SeatTaken, Refusal>> {
        self.ask(|reply| Cmd::TakeSeat { name, seat, reply }).await
    }

    /// The room's details; `None` if the room task has ended.
    pub async fn details(&self) -> Option<Details> {
        self.ask(|reply| Cmd::Details { reply }).await
    }

    /// Passes a client message on; false if the room task has ended.
    pub async fn send(&self, conn: u64, msg: ClientMsg, at: Instant) -> bool {
        self.tx.send(Cmd::Msg { conn, msg, at }).await.is_ok()
    }

    /// Says a connection left (never waits: the room may be gone).
    pub fn leave(&self, conn: u64) {
        let tx = self.tx.clone();
        tokio::spawn(async move {
            let _ = tx.send(Cmd::Leave { conn }).await;
        });
    }

    /// Asks for a fresh full state for a connection that fell behind.
    pub fn resync(&self, conn: u64) {
        let _ = self.tx.try_send(Cmd::Resync { conn });
    }

    /// Whether the room task has ended.
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }
}

/// What every room task shares.
#[derive(Clone)]
pub struct Shared {
    /// The server options.
    pub config: Arc<ServeOpts>,
    /// The store.
    pub store: Store,
    /// The metrics.
    pub metrics: Arc<Metrics>,
    /// Becomes true when the server shuts down.
    pub shutdown: watch::Receiver<bool>,
    /// The registry, to create rematch rooms and to leave it when closing.
    pub registry: Registry,
}

/// What new room tasks are given; taken away at shutdown.
type Parts = (Arc<ServeOpts>, Store, Arc<Metrics>, watch::Receiver<bool>);

struct RegistryInner {
    rooms: Mutex<HashMap<String, RoomStub>>,
    /// Serializes loading rooms from the store, so that two requests for
    /// one closed room cannot start two tasks writing one event log.
    loading: tokio::sync::Mutex<()>,
    /// Each room task holds a clone; shutdown waits until all are dropped.
    done: Mutex<Option<mpsc::Sender<()>>>,
    done_rx: tokio::sync::Mutex<Option<mpsc::Receiver<()>>>,
    listings: Mutex<HashMap<String, Listing>>,
    parts: Mutex<Option<Parts>>,
}

/// Room codes to room tasks.
#[derive(Clone)]
pub struct Registry {
    inner: Arc<RegistryInner>,
}

/// Why a room could not be created.
#[derive(Debug)]
pub enum CreateError {
    /// The server holds `max_rooms` rooms already.
    TooMany,
    /// The store refused.
    Store(StoreError),
}

impl Registry {
    /// An empty registry whose rooms use these parts.
    pub fn new(
        config: Arc<ServeOpts>,
        store: Store,
        metrics: Arc<Metrics>,
        shutdown: watch::Receiver<bool>,
    ) -> Registry {
        let (done, done_rx) = mpsc::channel(1);
        Registry {
            inner: Arc::new(RegistryInner {
                rooms: Mutex::new(HashMap::new()),
                loading: tokio::sync::Mutex::new(()),
                done: Mutex::new(Some(done)),
                listings: Mutex::new(HashMap::new()),
                done_rx: tokio::sync::Mutex::new(Some(done_rx)),
                parts: Mutex::new(Some((config, store, metrics, shutdown))),
            }),
        }
    }

    fn shared(&self) -> Option<(Shared, mpsc::Sender<()>)> {
        let parts = self.inner.parts.lock().ok()?.clone()?;
        let done = self.inner.done.lock().ok()?.clone()?;
        Some((
            Shared {
                config: parts.0,
                store: parts.1,
                metrics: parts.2,
                shutdown: parts.3,
                registry: self.clone(),
            },
            done,
        ))
    }

    /// Number of rooms with a running task.
    pub fn len(&self) -> usize {
        self.inner.rooms.lock().map(|m| m.len()).unwrap_or(0)
    }

    /// Whether no room task runs.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn running(&self, code: &str) -> Option<RoomStub> {
        let rooms = self.inner.rooms.lock().ok()?;
        rooms.get(code).filter(|s| !s.is_closed()).cloned()
    }

    fn spawn(&self, code: String, init: RoomInit) -> Option<RoomStub> {
        let (shared, done) = self.shared()?;
        let metrics = shared.metrics.clone();
        let (stub, actor) = channel(init, shared);
        self.inner.rooms.lock().ok()?.insert(code, stub.clone());
        metrics
            .rooms_active
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        tokio::spawn(async move {
            actor.run().await;
            metrics
                .rooms_active
                .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
            drop(done);
        });
        Some(stub)
    }

    /// Creates a room: saves it, then starts its task.
    pub async fn create(&self, init: RoomInit) -> Result<RoomStub, CreateError> {
        let (shared, _) = self.shared().ok_or(CreateError::TooMany)?;
        if self.len() >= shared.config.max_rooms {
            return Err(CreateError::TooMany);
        }
        shared
            .store
            .create_room(&init.row())
            .await
            .map_err(CreateError::Store)?;
        shared
            .metrics
            .rooms_created
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let code = init.code.clone();
        self.spawn(code, init).ok_or(CreateError::TooMany)
    }

    /// The room with this code: running, or brought back from the store.
    /// `None` if there is no such room (or the store cannot say).
    pub async fn get(&self, code: &str) -> Option<RoomStub> {
        if let Some(stub) = self.running(code) {
            return Some(stub);
        }
        let _guard = self.inner.loading.lock().await;
        // Another request may have loaded it while this one waited.
        if let Some(stub) = self.running(code) {
            return Some(stub);
        }
        let (shared, _) = self.shared()?;
        if self.len() >= shared.config.max_rooms {
            return None;
        }
        let loaded = match shared.store.load_room(code).await {
            Ok(l) => l?,
            Err(e) => {
                tracing::error!(room = code, "cannot load room: {e}");
                return None;
            }
        };
        let init = match RoomInit::restore(loaded.0, &loaded.1, loaded.2) {
            Ok(i) => i,
            Err(e) => {
                tracing::error!(room = code, "cannot restore room: {e}");
                return None;
            }
        };
        shared
            .metrics
            .rooms_restored
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        tracing::info!(room = code, "room restored from the store");
        self.spawn(code.to_string(), init)
    }

    /// Forgets a room whose task is ending.
    pub(crate) fn remove(&self, code: &str) {
        if let Ok(mut rooms) = self.inner.rooms.lock() {
            if rooms.get(code).is_some_and(|s| s.is_closed()) {
                rooms.remove(code);
            }
        }
    }

    /// Restores every unfinished room from the store; returns how many.
    pub async fn restore_all(&self) -> Result<usize, StoreError> {
        let (shared, _) = self.shared().ok_or(StoreError("shutting down".into()))?;
        // Lobbies nobody touched for a week are given up: no game was
        // played in them, and they would otherwise come back forever.
        let week_ago = crate::store::now_ms() - 7 * 24 * 3600 * 1000;
        shared.store.abandon_stale_lobbies(week_ago).await?;
        let codes = shared.store.unfinished_rooms().await?;
        let mut n = 0;
        for code in codes {
            if self.get(&code).await.is_some() {
                n += 1;
            }
        }
        Ok(n)
    }

    /// Waits until every room task has ended (they stop when the shutdown
    /// signal is raised, after finishing the command in hand and its write).
    pub async fn wait_closed(&self) {
        if let Ok(mut done) = self.inner.done.lock() {
            done.take();
        }
        if let Ok(mut parts) = self.inner.parts.lock() {
            parts.take();
        }
        let rx = self.inner.done_rx.lock().await.take();
        if let Some(mut rx) = rx {
            // recv returns None once every room task dropped its sender.
            while rx.recv().await.is_some() {}
        }
    }

    /// Lists a public lobby room, or (with `None`) takes it off the list.
    pub(crate) fn list(&self, code: &str, listing: Option<Listing>) {
        if let Ok(mut l) = self.inner.listings.lock() {
            match listing {
                Some(x) => l.insert(code.to_string(), x),
                None => l.remove(code),
            };
        }
    }

    /// Public rooms in the lobby with an empty seat, newest first.
    pub fn open_rooms(&self) -> Vec<Listing> {
        let mut rooms: Vec<Listing> = match self.inner.listings.lock() {
            Ok(l) => l.values().cloned().collect(),
            Err(_) => Vec::new(),
        };
        rooms.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(a.code.cmp(&b.code)));
        rooms
    }
}
