//! Room codes to room tasks: creates rooms, and brings rooms back from the
//! store, at start-up and on demand after an idle room closed.

use super::room::Room;
use super::stub::{channel, RoomStub};
use super::views::Listing;
use crate::error::{ErrorCode, Refusal};
use crate::metrics::Metrics;
use crate::store::{Store, StoreError};
use crate::ServeOpts;
use std::collections::HashMap;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, watch};

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
    /// The server holds `max_rooms` rooms already, or is shutting down.
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

    fn spawn(&self, room: Room) -> Option<RoomStub> {
        let (shared, done) = self.shared()?;
        let metrics = shared.metrics.clone();
        let code = room.code.clone();
        let (stub, actor) = channel(room, shared);
        self.inner.rooms.lock().ok()?.insert(code, stub.clone());
        metrics.rooms_active.fetch_add(1, Relaxed);
        tokio::spawn(async move {
            actor.run().await;
            metrics.rooms_active.fetch_sub(1, Relaxed);
            drop(done);
        });
        Some(stub)
    }

    /// Creates a room: saves it, then starts its task.
    pub async fn create(&self, room: Room) -> Result<RoomStub, CreateError> {
        let (shared, _) = self.shared().ok_or(CreateError::TooMany)?;
        if self.len() >= shared.config.max_rooms {
            return Err(CreateError::TooMany);
        }
        (shared.store.create_room(&room.row()).await).map_err(CreateError::Store)?;
        shared.metrics.rooms_created.fetch_add(1, Relaxed);
        self.spawn(room).ok_or(CreateError::TooMany)
    }

    /// The room with this code: running, or brought back from the store.
    /// Refused with `no_such_room`, `too_many_rooms` (the server is full),
    /// `store_unavailable` or `room_unreadable`.
    pub async fn get(&self, code: &str) -> Result<RoomStub, Refusal> {
        if let Some(stub) = self.running(code) {
            return Ok(stub);
        }
        let _guard = self.inner.loading.lock().await;
        // Another request may have loaded it while this one waited.
        if let Some(stub) = self.running(code) {
            return Ok(stub);
        }
        // Shutting down: no new room tasks, and the room is as good as gone.
        let (shared, _) = self.shared().ok_or_else(Refusal::no_room)?;
        let loaded = (shared.store.load_room(code).await)
            .map_err(|e| Refusal::store(format!("cannot load room {code}: {e}")))?
            .ok_or_else(Refusal::no_room)?;
        if self.len() >= shared.config.max_rooms {
            return Err(ErrorCode::TooManyRooms.into());
        }
        let room = Room::restore(loaded.0, &loaded.1, loaded.2).map_err(|e| {
            tracing::error!(room = code, "cannot restore room: {e}");
            Refusal::new(ErrorCode::RoomUnreadable)
        })?;
        shared.metrics.rooms_restored.fetch_add(1, Relaxed);
        tracing::info!(room = code, "room restored from the store");
        self.spawn(room).ok_or_else(Refusal::no_room)
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
            match self.get(&code).await {
                Ok(_) => n += 1,
                Err(r) => tracing::warn!(room = %code, "not restored: {r}"),
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
