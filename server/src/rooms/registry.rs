//! Room codes to room tasks: creates rooms, and brings rooms back from the
//! store, at start-up and on demand after an idle room closed.
//!
//! `--max-rooms` counts the rooms that can still change: lobbies and games
//! in play. A finished room needs no task to be read: its HTTP details
//! come from the store ([`Registry::details`]). A WebSocket `hello` to a
//! finished room does start a task, because its seated players may still
//! chat and ask for the rematch (which creates a room and saves the link,
//! through the actor's `commit`): such a task does not count against
//! `--max-rooms` (it has its own cap of as many), and it closes one minute
//! after its last connection leaves instead of `--idle-room-secs`.
//!
//! A room runs here only under a lease this node took in the store
//! (`cluster`): [`Registry::get`] takes the lease before it loads the
//! room, and says [`Found::Elsewhere`] when another node holds it.

use super::room::Room;
use super::stub::{channel, RoomStub};
use super::views::{Details, Listing};
use crate::cluster::{relay, Cluster};
use crate::error::{ErrorCode, Refusal};
use crate::metrics::Metrics;
use crate::store::{LoadedRoom, Store, StoreError};
use crate::ServeOpts;
use chowka_protocol::messages::RoomStatus;
use chowka_protocol::RecordedAction;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, watch};

/// Seconds a finished room's task stays with nobody connected.
const FINISHED_IDLE_SECS: u64 = 60;

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
    /// This node among the others: its leases.
    pub cluster: Arc<Cluster>,
}

/// Where a room runs.
pub enum Found {
    /// Here: its task's stub.
    Here(RoomStub),
    /// On another node, which holds its lease (named).
    Elsewhere(String),
}

/// What new room tasks are given; taken away at shutdown. The second
/// options are the first with the short idle time of a finished room.
type Parts = (
    Arc<ServeOpts>,
    Store,
    Arc<Metrics>,
    watch::Receiver<bool>,
    Arc<ServeOpts>,
);

/// A running room task, and whether it was started for a finished room
/// (not counted against `--max-rooms`).
struct Running {
    stub: RoomStub,
    finished: bool,
    /// When its lease was taken: a renewal asked before it may not know it.
    since: std::time::Instant,
}

struct RegistryInner {
    rooms: Mutex<HashMap<String, Running>>,
    /// One lock per room being loaded from the store, so that two requests
    /// for one closed room cannot start two tasks writing one event log,
    /// while many rooms (a lost node's) load side by side.
    loading: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
    /// Each room task holds a clone; shutdown waits until all are dropped.
    done: Mutex<Option<mpsc::Sender<()>>>,
    done_rx: tokio::sync::Mutex<Option<mpsc::Receiver<()>>>,
    listings: Mutex<HashMap<String, Listing>>,
    parts: Mutex<Option<Parts>>,
    cluster: Arc<Cluster>,
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
        cluster: Arc<Cluster>,
    ) -> Registry {
        let (done, done_rx) = mpsc::channel(1);
        let finished_config = Arc::new(ServeOpts {
            idle_room_secs: config.idle_room_secs.min(FINISHED_IDLE_SECS),
            ..(*config).clone()
        });
        Registry {
            inner: Arc::new(RegistryInner {
                rooms: Mutex::new(HashMap::new()),
                loading: Mutex::new(HashMap::new()),
                done: Mutex::new(Some(done)),
                listings: Mutex::new(HashMap::new()),
                done_rx: tokio::sync::Mutex::new(Some(done_rx)),
                parts: Mutex::new(Some((config, store, metrics, shutdown, finished_config))),
                cluster,
            }),
        }
    }

    fn shared(&self) -> Option<(Shared, mpsc::Sender<()>)> {
        self.shared_for(false)
    }

    /// The parts of a new task; for a finished room, with its short idle time.
    fn shared_for(&self, finished: bool) -> Option<(Shared, mpsc::Sender<()>)> {
        let parts = self.inner.parts.lock().ok()?.clone()?;
        let done = self.inner.done.lock().ok()?.clone()?;
        Some((
            Shared {
                config: if finished { parts.4 } else { parts.0 },
                store: parts.1,
                metrics: parts.2,
                shutdown: parts.3,
                registry: self.clone(),
                cluster: self.inner.cluster.clone(),
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

    fn running(&self, code: &str) -> Option<RoomStub> {
        let rooms = self.inner.rooms.lock().ok()?;
        (rooms.get(code))
            .filter(|r| !r.stub.is_closed())
            .map(|r| r.stub.clone())
    }

    fn spawn(&self, room: Room, actions: Vec<RecordedAction>, finished: bool) -> Option<RoomStub> {
        let (shared, done) = self.shared_for(finished)?;
        let metrics = shared.metrics.clone();
        let code = room.code.clone();
        let (stub, actor) = channel(room, actions, shared);
        let running = Running {
            stub: stub.clone(),
            finished,
            since: std::time::Instant::now(),
        };
        self.inner.rooms.lock().ok()?.insert(code.clone(), running);
        metrics.rooms_active.fetch_add(1, Relaxed);
        if self.inner.cluster.nats.is_some() {
            let cluster = self.inner.cluster.clone();
            tokio::spawn(relay::serve_room(cluster, code, stub.clone()));
        }
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
        (shared.store.create_room(&room.row()).await).map_err(CreateError::Store)?;
        let cluster = &self.inner.cluster;
        let lease = shared
            .store
            .acquire_lease(&room.code, &cluster.node, cluster.lease_ms);
        room.epoch = match lease.await.map_err(CreateError::Store)? {
            Some(epoch) => epoch,
            None => {
                return Err(CreateError::Store(StoreError(
                    "a new room's lease is taken".into(),
                )))
            }
        };
        shared.metrics.rooms_created.fetch_add(1, Relaxed);
        self.spawn(room, Vec::new(), false)
            .ok_or(CreateError::TooMany)
    }

    /// Where the room with this code runs: here (running, or brought back
    /// from the store under a lease just taken), or on the node holding
    /// its lease. Refused with `no_such_room`, `too_many_rooms` (the
    /// server is full), `store_unavailable` or `room_unreadable`.
    pub async fn get(&self, code: &str) -> Result<Found, Refusal> {
        if let Some(stub) = self.running(code) {
            return Ok(Found::Here(stub));
        }
        let lock = self.loading_lock(code);
        let found = {
            let _guard = lock.lock().await;
            self.load(code).await
        };
        self.done_loading(code, lock);
        found
    }

    /// The loading lock of one room, shared by whoever loads it now.
    fn loading_lock(&self, code: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut loading = self.inner.loading.lock().unwrap_or_else(|e| e.into_inner());
        loading.entry(code.to_string()).or_default().clone()
    }

    /// Forgets a room's loading lock once nobody else holds it (decided
    /// under the map's lock, where others take it).
    fn done_loading(&self, code: &str, lock: Arc<tokio::sync::Mutex<()>>) {
        let mut loading = self.inner.loading.lock().unwrap_or_else(|e| e.into_inner());
        // Held by the map and by `lock` alone: nobody waits for it.
        if Arc::strong_count(&lock) == 2 {
            loading.remove(code);
        }
    }

    /// [`Registry::get`] under the room's loading lock.
    async fn load(&self, code: &str) -> Result<Found, Refusal> {
        // Another request may have loaded it while this one waited.
        if let Some(stub) = self.running(code) {
            return Ok(Found::Here(stub));
        }
        // Shutting down: no new room tasks, and the room is as good as gone.
        let (shared, _) = self.shared().ok_or_else(Refusal::no_room)?;
        let store = &shared.store;
        let cant = |e: StoreError| Refusal::store(format!("cannot load room {code}: {e}"));
        // Only a room that exists gets a lease, so that looking codes up
        // leaves nothing behind.
        let peeked = store.peek_room(code).await.map_err(cant)?;
        let peeked = peeked.ok_or_else(Refusal::no_room)?;
        // Finished and archived: it can change no more, so it does not
        // take the place of a room that can (but has a cap of its own).
        let finished = peeked.row.status == RoomStatus::Finished.as_str();
        let held = if finished {
            self.finished_len()
        } else {
            self.len()
        };
        if held >= shared.config.max_rooms {
            return Err(ErrorCode::TooManyRooms.into());
        }
        let cluster = &self.inner.cluster;
        let lease = store.acquire_lease(code, &cluster.node, cluster.lease_ms);
        let Some(epoch) = lease.await.map_err(cant)? else {
            let owner = store.lease(code).await.map_err(cant)?;
            return Ok(Found::Elsewhere(owner.map(|l| l.owner).unwrap_or_default()));
        };
        // Read under the lease: every write of the node before is in.
        match self.restore_under(&shared, code, epoch, finished).await {
            Ok(stub) => Ok(Found::Here(stub)),
            Err(r) => {
                // Not running here after all: the lease goes, rather than
                // keep other nodes waiting for it to expire.
                if let Err(e) = store.release_lease(code, epoch).await {
                    tracing::warn!(room = code, "cannot release a lease: {e}");
                }
                Err(r)
            }
        }
    }

    /// Loads a room whose lease this node took under `epoch`, and starts it.
    async fn restore_under(
        &self,
        shared: &Shared,
        code: &str,
        epoch: i64,
        finished: bool,
    ) -> Result<RoomStub, Refusal> {
        let store = &shared.store;
        let cant = |e: StoreError| Refusal::store(format!("cannot load room {code}: {e}"));
        let loaded = store.load_room(code).await.map_err(cant)?;
        let loaded = loaded.ok_or_else(Refusal::no_room)?;
        let (mut room, actions) = restore(loaded)?;
        room.epoch = epoch;
        // The restored version is saved before anyone sees it, so that
        // the next restore starts past it (`Room::restore`).
        (store.raise_version(code, room.version as i64).await)
            .map_err(|e| Refusal::store(format!("cannot save room {code}'s version: {e}")))?;
        shared.metrics.rooms_restored.fetch_add(1, Relaxed);
        tracing::info!(room = code, epoch, "room restored from the store");
        let stub = (self.spawn(room, actions, finished)).ok_or_else(Refusal::no_room)?;
        relay::announce_moved(&self.inner.cluster, code).await;
        Ok(stub)
    }

    /// Brings back a room whose node was lost, if this node can take it.
    pub async fn take_over(&self, code: &str) {
        match self.get(code).await {
            Ok(Found::Here(_)) => {
                let taken = &self.inner.cluster.counts.taken_over;
                taken.fetch_add(1, Relaxed);
                tracing::info!(room = code, "took over a room whose node was lost");
            }
            Ok(Found::Elsewhere(_)) => {}
            Err(r) => tracing::warn!(room = code, "cannot take over: {r}"),
        }
    }

    /// The codes of the rooms running here.
    pub fn codes(&self) -> Vec<String> {
        let rooms = self.inner.rooms.lock();
        rooms.map_or(Vec::new(), |m| m.keys().cloned().collect())
    }

    /// Stops the rooms running here whose lease is not among `held`,
    /// except those whose lease was taken at or after `asked` (the
    /// renewal that gave `held` did not know them yet).
    pub fn keep_only(&self, held: &HashSet<String>, asked: std::time::Instant) {
        let lost: Vec<(String, RoomStub)> = match self.inner.rooms.lock() {
            Ok(rooms) => (rooms.iter())
                .filter(|(code, r)| r.since < asked && !held.contains(*code))
                .map(|(code, r)| (code.clone(), r.stub.clone()))
                .collect(),
            Err(_) => return,
        };
        for (code, stub) in lost {
            tracing::warn!(room = %code, "lease lost: the room stops here");
            self.inner.cluster.counts.leases_lost.fetch_add(1, Relaxed);
            stub.lease_lost();
        }
    }

    /// The details of the room with this code: from its task if it runs,
    /// else from the store, starting no task (looking at a room must not
    /// take a place among `--max-rooms`).
    pub async fn details(&self, code: &str) -> Result<Details, Refusal> {
        if let Some(stub) = self.running(code) {
            if let Some(d) = stub.details().await {
                return Ok(d);
            }
        }
        let (shared, _) = self.shared().ok_or_else(Refusal::no_room)?;
        let loaded = (shared.store.peek_room(code).await)
            .map_err(|e| Refusal::store(format!("cannot load room {code}: {e}")))?
            .ok_or_else(Refusal::no_room)?;
        // Without its actions the game is not replayed: the details show
        // no game, only the room, at the version a restore would give it.
        Ok(Details::stored(&restore(loaded)?.0))
    }

    /// Forgets a room whose task is ending.
    pub(crate) fn remove(&self, code: &str) {
        if let Ok(mut rooms) = self.inner.rooms.lock() {
            if rooms.get(code).is_some_and(|r| r.stub.is_closed()) {
                rooms.remove(code);
            }
        }
    }

    /// Restores the unfinished rooms from the store, as many as
    /// `--max-rooms` allows; returns how many. Games in play come first
    /// (the most recently played first), then lobbies in the places left:
    /// a lobby never keeps a game from coming back. Lobbies nobody touched
    /// for `--lobby-expiry-secs` are given up first.
    pub async fn restore_all(&self) -> Result<usize, StoreError> {
        let (shared, _) = self.shared().ok_or(StoreError("shutting down".into()))?;
        // No game was played in them, and they would otherwise come back
        // forever, each taking a place among `--max-rooms`.
        let expiry = i64::try_from(shared.config.lobby_expiry_secs.saturating_mul(1000));
        let before = crate::store::now_ms().saturating_sub(expiry.unwrap_or(i64::MAX));
        let given_up = shared.store.abandon_stale_lobbies(before).await?;
        if given_up > 0 {
            tracing::info!("gave up {given_up} lobbies nobody touched");
        }
        let codes = shared.store.unfinished_rooms().await?;
        let (mut n, mut left) = (0, 0);
        for code in codes {
            if self.len() >= shared.config.max_rooms {
                left += 1;
                continue;
            }
            match self.get(&code).await {
                Ok(Found::Here(_)) => n += 1,
                Ok(Found::Elsewhere(_)) => {}
                Err(r) => tracing::warn!(room = %code, "not restored: {r}"),
            }
        }
        if left > 0 {
            tracing::warn!(
                "{left} unfinished rooms not restored (--max-rooms {}): they come back when asked for and a place is free",
                shared.config.max_rooms
            );
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
        rooms.extend(crate::cluster::listings_elsewhere(&self.inner.cluster));
        // A room moving between nodes may be listed by both for a moment.
        rooms.sort_by(|a, b| a.code.cmp(&b.code));
        rooms.dedup_by(|a, b| a.code == b.code);
        rooms.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(a.code.cmp(&b.code)));
        rooms
    }
}

/// A room from the store, its game replayed, with its event log; a room
/// that cannot be restored (its set-up, seats or log do not read) is
/// logged and refused as unreadable.
fn restore(loaded: LoadedRoom) -> Result<(Room, Vec<RecordedAction>), Refusal> {
    let code = loaded.row.code.clone();
    Room::restore(loaded.row, &loaded.actions, loaded.last_version).map_err(|e| {
        tracing::error!(room = code, "cannot restore room: {e}");
        Refusal::new(ErrorCode::RoomUnreadable)
    })
}
