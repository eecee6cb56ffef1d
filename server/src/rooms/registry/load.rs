//! Bringing rooms back from the store: on demand ([`Registry::get`]),
//! after another node was lost ([`Registry::take_over`]), and at start-up
//! ([`Registry::restore_all`]); and the details of a room with no task.

use super::{Found, Registry, Shared};
use crate::error::{ErrorCode, Refusal};
use crate::ids::RoomCode;
use crate::rooms::room::{Room, DAY_MS};
use crate::rooms::stub::RoomStub;
use crate::rooms::views::Details;
use crate::store::{LoadedRoom, StoreError};
use chowka_protocol::messages::RoomStatus;
use chowka_protocol::RecordedAction;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;

impl Registry {
    /// Where the room with this code runs: here (running, or brought back
    /// from the store under a lease just taken), or on the node holding
    /// its lease. Refused with `no_such_room`, `too_many_rooms` (the
    /// server is full), `store_unavailable` or `room_unreadable`.
    pub async fn get(&self, code: RoomCode) -> Result<Found, Refusal> {
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
    fn loading_lock(&self, code: RoomCode) -> Arc<tokio::sync::Mutex<()>> {
        let mut loading = self.inner.loading.lock().unwrap_or_else(|e| e.into_inner());
        loading.entry(code).or_default().clone()
    }

    /// Forgets a room's loading lock once nobody else holds it (decided
    /// under the map's lock, where others take it).
    fn done_loading(&self, code: RoomCode, lock: Arc<tokio::sync::Mutex<()>>) {
        let mut loading = self.inner.loading.lock().unwrap_or_else(|e| e.into_inner());
        // Held by the map and by `lock` alone: nobody waits for it.
        if Arc::strong_count(&lock) == 2 {
            loading.remove(&code);
        }
    }

    /// [`Registry::get`] under the room's loading lock.
    async fn load(&self, code: RoomCode) -> Result<Found, Refusal> {
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
        let dir = &self.inner.directory;
        let lease = store.acquire_lease(code, dir.node(), dir.lease_ms());
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
                    tracing::warn!(room = %code, "cannot release a lease: {e}");
                }
                Err(r)
            }
        }
    }

    /// Loads a room whose lease this node took under `epoch`, and starts it.
    async fn restore_under(
        &self,
        shared: &Shared,
        code: RoomCode,
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
        tracing::info!(room = %code, epoch, "room restored from the store");
        let stub = (self.spawn(room, actions, finished)).ok_or_else(Refusal::no_room)?;
        self.inner.directory.moved(code).await;
        Ok(stub)
    }

    /// Brings back a room whose node was lost, if this node can take it.
    pub async fn take_over(&self, code: RoomCode) {
        match self.get(code).await {
            Ok(Found::Here(_)) => {
                self.inner.directory.taken_over();
                tracing::info!(room = %code, "took over a room whose node was lost");
            }
            Ok(Found::Elsewhere(_)) => {}
            Err(r) => tracing::warn!(room = %code, "cannot take over: {r}"),
        }
    }

    /// The details of the room with this code: from its task if it runs,
    /// else from the store, starting no task (looking at a room must not
    /// take a place among `--max-rooms`).
    pub async fn details(&self, code: RoomCode) -> Result<Details, Refusal> {
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
        Ok(Details::stored(
            &restore(loaded)?.0,
            shared.config.wall.now_ms(),
        ))
    }

    /// Restores the unfinished rooms from the store, as many as
    /// `--max-rooms` allows; returns how many. Games in play come first
    /// (the most recently played first), then lobbies in the places left:
    /// a lobby never keeps a game from coming back. Lobbies nobody touched
    /// for `--lobby-expiry-secs` (a game over days': 14 days) are given up
    /// first. Games over days are not brought back: the sweeper wakes
    /// them when their clock runs out, and a player's request at any time.
    pub async fn restore_all(&self) -> Result<usize, StoreError> {
        let (shared, _) = self.shared().ok_or(StoreError::Closed("shutting down"))?;
        // No game was played in them, and they would otherwise come back
        // forever, each taking a place among `--max-rooms`.
        let expiry = i64::try_from(shared.config.lobby_expiry_secs.saturating_mul(1000));
        let now = shared.config.wall.now_ms();
        let before = now.saturating_sub(expiry.unwrap_or(i64::MAX));
        let days_before = now.saturating_sub(super::DAYS_LOBBY_EXPIRY_DAYS * DAY_MS);
        let given_up = (shared.store.abandon_stale_lobbies(before, days_before)).await?;
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
            match self.get(code).await {
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
}

/// A room from the store, its game replayed, with its event log; a room
/// that cannot be restored (its set-up, seats or log do not read) is
/// logged and refused as unreadable.
fn restore(loaded: LoadedRoom) -> Result<(Room, Vec<RecordedAction>), Refusal> {
    let code = loaded.row.code.clone();
    Room::restore(loaded.row, &loaded.actions, loaded.last_version).map_err(|e| {
        tracing::error!(room = %code, "cannot restore room: {e}");
        Refusal::new(ErrorCode::RoomUnreadable)
    })
}
