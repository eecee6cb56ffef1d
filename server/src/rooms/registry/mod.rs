//! Room codes to room tasks: creates rooms, and brings rooms back from the
//! store, at start-up and on demand after an idle room closed.
//!
//! `--max-rooms` counts the rooms that can still change: lobbies and games
//! in play. A finished room needs no task to be read: its HTTP details
//! come from the store ([`Registry::details`]). A WebSocket `hello` to a
//! finished room does start a task, because its seated players may still
//! chat and ask for the rematch (which creates a room and saves the link,
//! through the actor's `effects`): such a task does not count against
//! `--max-rooms` (it has its own cap of as many), and it closes one minute
//! after its last connection leaves instead of `--idle-room-secs`.
//!
//! A game over days closes one minute after its last connection leaves
//! too, and is not brought back at start-up: its row's due time says when
//! it must run again, and this node's sweeper (`sweeper.rs`) wakes it
//! then, so that 10,000 such games cost nothing while nobody plays.
//!
//! A room runs here only under a lease this node took in the store
//! ([`Directory`]): [`Registry::get`] takes the lease before it loads the
//! room, and says [`Found::Elsewhere`] when another node holds it.
//!
//! This file has the registry and its running tasks; `load.rs` brings
//! rooms back from the store; `sweeper.rs` wakes games over days whose
//! clock ran out; `directory.rs` is what it needs of the other nodes.

mod directory;
mod load;
mod sweeper;

pub use directory::Directory;
pub use sweeper::spawn_sweeper;

use super::room::Room;
use super::stub::{channel, RoomStub};
use super::views::Listing;
use crate::config::RoomOpts;
use crate::ids::RoomCode;
use crate::metrics::Metrics;
use crate::store::{Store, StoreError};
use chowka_protocol::RecordedAction;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, watch};

/// Seconds a finished room's task (or a game over days') stays with
/// nobody connected.
const FINISHED_IDLE_SECS: u64 = 60;

/// Days a lobby of a game over days is kept untouched (a live one's is
/// `--lobby-expiry-secs`): its players join over days too.
pub const DAYS_LOBBY_EXPIRY_DAYS: i64 = 14;

/// What every room task shares: the rooms' sub-state.
#[derive(Clone)]
pub struct Shared {
    /// The rooms' options.
    pub config: Arc<RoomOpts>,
    /// The store.
    pub store: Store,
    /// The metrics.
    pub metrics: Arc<Metrics>,
    /// Becomes true when the server shuts down.
    pub shutdown: watch::Receiver<bool>,
    /// The registry, to create rematch rooms and to leave it when closing.
    pub registry: Registry,
}

/// Where a room runs.
pub enum Found {
    /// Here: its task's stub.
    Here(RoomStub),
    /// On another node, which holds its lease (named).
    Elsewhere(String),
}

/// What new room tasks are given, but the registry itself; taken away at
/// shutdown.
#[derive(Clone)]
struct Parts {
    config: Arc<RoomOpts>,
    /// `config` with the short idle time of a finished room.
    finished_config: Arc<RoomOpts>,
    store: Store,
    metrics: Arc<Metrics>,
    shutdown: watch::Receiver<bool>,
}

/// A running room task, and whether it was started for a finished room
/// (not counted against `--max-rooms`).
struct Running {
    stub: RoomStub,
    finished: bool,
    /// When its lease was taken: a renewal asked before it may not know it.
    since: std::time::Instant,
}

struct RegistryInner {
    rooms: Mutex<HashMap<RoomCode, Running>>,
    /// One lock per room being loaded from the store, so that two requests
    /// for one closed room cannot start two tasks writing one event log,
    /// while many rooms (a lost node's) load side by side.
    loading: Mutex<HashMap<RoomCode, Arc<tokio::sync::Mutex<()>>>>,
    /// Each room task holds a clone; shutdown waits until all are dropped.
    done: Mutex<Option<mpsc::Sender<()>>>,
    done_rx: tokio::sync::Mutex<Option<mpsc::Receiver<()>>>,
    listings: Mutex<HashMap<RoomCode, Listing>>,
    parts: Mutex<Option<Parts>>,
    directory: Arc<dyn Directory>,
    /// Circles whose rooms changed (a seat taken, a start, a turn over
    /// days, an end), for their open pages (`circles::Hub`).
    circle_changes: tokio::sync::broadcast::Sender<crate::ids::CircleId>,
}

/// Room codes to room tasks.
#[derive(Clone)]
pub struct Registry {
    inner: Arc<RegistryInner>,
}

/// Why a room could not be created.
#[derive(Debug)]
pub enum CreateError {
    /// The server holds `max_rooms` rooms already, or is shutting down.
    TooMany,
    /// The store refused.
    Store(StoreError),
}

impl Registry {
    /// An empty registry whose rooms use these parts.
    pub fn new(
        config: RoomOpts,
        store: Store,
        metrics: Arc<Metrics>,
        shutdown: watch::Receiver<bool>,
        directory: Arc<dyn Directory>,
    ) -> Registry {
        let (done, done_rx) = mpsc::channel(1);
        let finished_config = Arc::new(RoomOpts {
            idle_room_secs: config.idle_room_secs.min(FINISHED_IDLE_SECS),
            ..config.clone()
        });
        let parts = Parts {
            config: Arc::new(config),
            finished_config,
            store,
            metrics,
            shutdown,
        };
        Registry {
            inner: Arc::new(RegistryInner {
                rooms: Mutex::new(HashMap::new()),
                loading: Mutex::new(HashMap::new()),
                done: Mutex::new(Some(done)),
                listings: Mutex::new(HashMap::new()),
                done_rx: tokio::sync::Mutex::new(Some(done_rx)),
                parts: Mutex::new(Some(parts)),
                directory,
                circle_changes: tokio::sync::broadcast::channel(64).0,
            }),
        }
    }

    fn shared(&self) -> Option<(Shared, mpsc::Sender<()>)> {
        self.shared_for(false)
    }

    /// A room of `circle` changed in a way its page shows.
    pub fn circle_changed(&self, circle: crate::ids::CircleId) {
        let _ = self.inner.circle_changes.send(circle);
    }

    /// The circles whose rooms change from now on.
    pub fn circle_changes(&self) -> tokio::sync::broadcast::Receiver<crate::ids::CircleId> {
        self.inner.circle_changes.subscribe()
    }

    /// The rooms' wall clock (`wall.rs`).
    pub fn wall(&self) -> crate::wall::Wall {
        let parts = self.inner.parts.lock();
        (parts.ok().and_then(|p| p.as_ref().map(|p| p.config.wall))).unwrap_or_default()
    }

    /// The parts of a new task; for a finished room or a game over days,
    /// with the short idle time.
    fn shared_for(&self, short: bool) -> Option<(Shared, mpsc::Sender<()>)> {
        let parts = self.inner.parts.lock().ok()?.clone()?;
        let done = self.inner.done.lock().ok()?.clone()?;
        Some((
            Shared {
                config: if short {
                    parts.finished_config
                } else {
                    parts.config
                },
                store: parts.store,
                metrics: parts.metrics,
                shutdown: parts.shutdown,
                registry: self.clone(),
            },
            done,
        ))
    }

    /// Number of running room tasks that count against `--max-rooms`:
    /// every one but those started for finished rooms.
    pub fn len(&self) -> usize {
        self.count(false)
    }

    /// Whether no such room task runs.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of running tasks started for finished rooms.
    pub fn finished_len(&self) -> usize {
        self.count(true)
    }

    fn count(&self, finished: bool) -> usize {
        let rooms = self.inner.rooms.lock();
        rooms.map_or(0, |m| m.values().filter(|r| r.finished == finished).count())
    }

    fn running(&self, code: RoomCode) -> Option<RoomStub> {
        let rooms = self.inner.rooms.lock().ok()?;
        (rooms.get(&code))
            .filter(|r| !r.stub.is_closed())
            .map(|r| r.stub.clone())
    }

    fn spawn(&self, room: Room, actions: Vec<RecordedAction>, finished: bool) -> Option<RoomStub> {
        let (shared, done) = self.shared_for(finished || room.days())?;
        let metrics = shared.metrics.clone();
        let code = room.code;
        let (stub, actor) = channel(room, actions, shared);
        let running = Running {
            stub: stub.clone(),
            finished,
            since: std::time::Instant::now(),
        };
        self.inner.rooms.lock().ok()?.insert(code, running);
        metrics.rooms_active.fetch_add(1, Relaxed);
        (self.inner.directory.clone()).started(code, stub.clone());
        tokio::spawn(async move {
            actor.run().await;
            metrics.rooms_active.fetch_sub(1, Relaxed);
            drop(done);
        });
        Some(stub)
    }

    /// Creates a room: saves it, takes its lease, then starts its task.
    pub async fn create(&self, mut room: Room) -> Result<RoomStub, CreateError> {
        let (shared, _) = self.shared().ok_or(CreateError::TooMany)?;
        if self.len() >= shared.config.max_rooms {
            return Err(CreateError::TooMany);
        }
        let row = room.row().map_err(CreateError::Store)?;
        (shared.store.create_room(&row).await).map_err(CreateError::Store)?;
        let dir = &self.inner.directory;
        let lease = (shared.store).acquire_lease(room.code, dir.node(), dir.lease_ms());
        room.epoch = match lease.await.map_err(CreateError::Store)? {
            Some(epoch) => epoch,
            None => {
                return Err(CreateError::Store(StoreError::Conflict(
                    "a new room's lease is taken".into(),
                )))
            }
        };
        shared.metrics.rooms_created.fetch_add(1, Relaxed);
        self.spawn(room, Vec::new(), false)
            .ok_or(CreateError::TooMany)
    }

    /// The codes of the rooms running here.
    pub fn codes(&self) -> Vec<RoomCode> {
        let rooms = self.inner.rooms.lock();
        rooms.map_or(Vec::new(), |m| m.keys().copied().collect())
    }

    /// Stops the rooms running here whose lease is not among `held`,
    /// except those whose lease was taken at or after `asked` (the
    /// renewal that gave `held` did not know them yet).
    pub fn keep_only(&self, held: &HashSet<RoomCode>, asked: std::time::Instant) {
        let lost: Vec<(RoomCode, RoomStub)> = match self.inner.rooms.lock() {
            Ok(rooms) => (rooms.iter())
                .filter(|(code, r)| r.since < asked && !held.contains(*code))
                .map(|(code, r)| (*code, r.stub.clone()))
                .collect(),
            Err(_) => return,
        };
        for (code, stub) in lost {
            tracing::warn!(room = %code, "lease lost: the room stops here");
            self.inner.directory.lease_lost();
            stub.lease_lost();
        }
    }

    /// Forgets a room whose task is ending.
    pub(crate) fn remove(&self, code: RoomCode) {
        if let Ok(mut rooms) = self.inner.rooms.lock() {
            if rooms.get(&code).is_some_and(|r| r.stub.is_closed()) {
                rooms.remove(&code);
            }
        }
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
    pub(crate) fn list(&self, code: RoomCode, listing: Option<Listing>) {
        if let Ok(mut l) = self.inner.listings.lock() {
            match listing {
                Some(x) => l.insert(code, x),
                None => l.remove(&code),
            };
        }
    }

    /// This node's public rooms in the lobby with an empty seat.
    pub fn local_listings(&self) -> Vec<Listing> {
        match self.inner.listings.lock() {
            Ok(l) => l.values().cloned().collect(),
            Err(_) => Vec::new(),
        }
    }

    /// Public rooms in the lobby with an empty seat, on every node,
    /// newest first.
    pub fn open_rooms(&self) -> Vec<Listing> {
        let mut rooms = self.local_listings();
        rooms.extend(self.inner.directory.listings_elsewhere());
        // A room moving between nodes may be listed by both for a moment.
        rooms.sort_by_key(|r| r.code);
        rooms.dedup_by(|a, b| a.code == b.code);
        rooms.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(a.code.cmp(&b.code)));
        rooms
    }
}
