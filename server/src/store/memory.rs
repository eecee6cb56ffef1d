//! The in-process store ([`Memory`]): what the databases answer, kept in
//! this process, with switches that make writes fail.

use super::archive::was_public;
use super::{now_ms, DueIndex, GameRow, Lease, LoadedRoom, RoomRow, StoreError, StoreResult};
use crate::ids::RoomCode;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

mod players;

/// A store in this process's memory ([`Store::memory`]): the same answers
/// as the databases give, and a switch that makes every write fail, so
/// that tests can see what a store fault does.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    inner: Arc<Mutex<MemoryInner>>,
}

#[derive(Debug, Default)]
struct MemoryInner {
    /// Rooms by code, with when each was last written.
    rooms: HashMap<String, (RoomRow, i64)>,
    /// Each room's event log: (seq, action JSON, version, when written).
    actions: HashMap<String, Vec<(i64, String, i64, i64)>>,
    /// Leases by room: owner, epoch, expiry (ms).
    leases: HashMap<String, (String, i64, i64)>,
    /// Archived games, with whether each was public.
    games: Vec<(GameRow, bool)>,
    /// Analyses of finished games (JSON), by game id.
    analyses: HashMap<String, String>,
    /// Players, their devices and rooms (`memory/players.rs`).
    people: players::People,
    failing: bool,
    failing_archives: bool,
    /// The next write goes in but reports a failure, as when a database's
    /// reply is lost after its commit.
    lose_next_reply: bool,
}

impl Memory {
    /// Makes every later write fail (`true`) or succeed again (`false`).
    pub fn fail_writes(&self, failing: bool) {
        self.lock().failing = failing;
    }

    /// Makes the next write go in but report a failure, as when the reply
    /// of a database is lost after the commit.
    pub fn lose_next_reply(&self) {
        self.lock().lose_next_reply = true;
    }

    /// Makes archiving finished games fail (`true`) or succeed again.
    pub fn fail_archives(&self, failing: bool) {
        self.lock().failing_archives = failing;
    }

    /// Stores a game's analysis; the first written stays.
    pub fn save_analysis(&self, game: RoomCode, analysis: &str) {
        let mut inner = self.lock();
        inner
            .analyses
            .entry(game.to_string())
            .or_insert_with(|| analysis.to_owned());
    }

    /// A game's analysis, once written.
    pub fn analysis(&self, game: RoomCode) -> Option<String> {
        self.lock().analyses.get(game.as_str()).cloned()
    }

    /// An archived game, with its record.
    pub fn game(&self, id: RoomCode) -> Option<GameRow> {
        let inner = self.lock();
        inner
            .games
            .iter()
            .map(|(g, _)| g)
            .find(|g| g.id == id.as_str())
            .cloned()
    }

    /// The event log of a room, as action JSON in order.
    pub fn actions(&self, room: RoomCode) -> Vec<String> {
        let inner = self.lock();
        let log = inner
            .actions
            .get(room.as_str())
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        log.iter().map(|(_, a, _, _)| a.clone()).collect()
    }

    /// A room's row as last written.
    pub fn room(&self, code: RoomCode) -> Option<RoomRow> {
        self.lock().rooms.get(code.as_str()).map(|(r, _)| r.clone())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, MemoryInner> {
        // A panic while holding the lock cannot leave a half-written row:
        // every write below is one insert or push.
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The inner store, for a write: fails while writes are made to fail.
    fn writing(&self) -> StoreResult<std::sync::MutexGuard<'_, MemoryInner>> {
        let inner = self.lock();
        if inner.failing {
            return Err(StoreError::Injected("writes are failing"));
        }
        Ok(inner)
    }

    /// The write's answer: its own, or a lost reply's error once asked for.
    fn reply(
        mut inner: std::sync::MutexGuard<'_, MemoryInner>,
        r: StoreResult<()>,
    ) -> StoreResult<()> {
        if std::mem::take(&mut inner.lose_next_reply) {
            return Err(StoreError::Injected("the reply was lost"));
        }
        r
    }

    pub(super) fn ping(&self) -> StoreResult<()> {
        self.writing().map(drop)
    }

    pub(super) fn create_room(&self, r: &RoomRow) -> StoreResult<()> {
        let mut inner = self.writing()?;
        if inner.rooms.contains_key(&r.code) {
            return Err(StoreError::Conflict(format!("room {} exists", r.code)));
        }
        inner.rooms.insert(r.code.clone(), (r.clone(), now_ms()));
        Ok(())
    }

    /// Refuses a write to `room` unless it is held under `epoch`.
    fn fence(inner: &MemoryInner, room: &str, epoch: i64) -> StoreResult<()> {
        match inner.leases.get(room) {
            Some((_, e, _)) if *e == epoch => Ok(()),
            _ => Err(StoreError::fenced(room, epoch)),
        }
    }

    pub(super) fn save_room(&self, r: &RoomRow, epoch: i64) -> StoreResult<()> {
        let mut inner = self.writing()?;
        Memory::fence(&inner, &r.code, epoch)?;
        if let Some((row, at)) = inner.rooms.get_mut(&r.code) {
            // Settings and creation time are fixed at creation, as in SQL.
            *row = RoomRow {
                settings: row.settings.clone(),
                created_at: row.created_at,
                ..r.clone()
            };
            *at = now_ms();
        }
        Memory::reply(inner, Ok(()))
    }

    pub(super) fn append_action(
        &self,
        room: &str,
        seq: i64,
        action: &str,
        version: i64,
        epoch: i64,
    ) -> StoreResult<()> {
        let mut inner = self.writing()?;
        let fence = Memory::fence(&inner, room, epoch);
        let log = inner.actions.entry(room.to_string()).or_default();
        let r = match log.iter().find(|(s, _, _, _)| *s == seq) {
            Some((_, a, _, _)) if a == action => Ok(()),
            Some(_) => Err(StoreError::Conflict(format!(
                "action {seq} of room {room} is another action"
            ))),
            None if fence.is_err() => fence,
            None => {
                log.push((seq, action.to_string(), version, now_ms()));
                Ok(())
            }
        };
        Memory::reply(inner, r)
    }

    pub(super) fn action_at(&self, room: &str, seq: i64) -> StoreResult<Option<String>> {
        let inner = self.lock();
        let log = inner.actions.get(room).map(Vec::as_slice).unwrap_or(&[]);
        let found = log.iter().find(|(s, _, _, _)| *s == seq);
        Ok(found.map(|(_, a, _, _)| a.clone()))
    }

    pub(super) fn room_version(&self, code: &str) -> StoreResult<Option<i64>> {
        Ok(self.lock().rooms.get(code).map(|(r, _)| r.version))
    }

    pub(super) fn finish(&self, room: &RoomRow, game: &GameRow, epoch: i64) -> StoreResult<()> {
        let mut inner = self.writing()?;
        if inner.failing_archives {
            return Err(StoreError::Injected("archives are failing"));
        }
        Memory::fence(&inner, &room.code, epoch)?;
        if !inner.games.iter().any(|(g, _)| g.id == game.id) {
            inner.games.push((game.clone(), was_public(&room.settings)));
        }
        if let Some((row, at)) = inner.rooms.get_mut(&room.code) {
            row.status = room.status.clone();
            row.version = room.version;
            // A finished game has no clock to wake it for.
            (row.to_move, row.due_at) = (None, None);
            *at = now_ms();
        }
        Ok(())
    }

    pub(super) fn load_room(&self, code: &str, with_actions: bool) -> Option<LoadedRoom> {
        let inner = self.lock();
        let (row, _) = inner
            .rooms
            .get(code)
            .filter(|(r, _)| r.status != "abandoned")?;
        let mut log = inner.actions.get(code).cloned().unwrap_or_default();
        log.sort_by_key(|&(seq, _, _, _)| seq);
        let last_version = log
            .iter()
            .map(|&(_, _, v, _)| v)
            .fold(row.version, i64::max);
        let actions = match with_actions {
            true => log.into_iter().map(|(_, a, _, _)| a).collect(),
            false => Vec::new(),
        };
        Some(LoadedRoom {
            row: row.clone(),
            actions,
            last_version,
        })
    }

    pub(super) fn raise_version(&self, code: &str, version: i64) -> StoreResult<()> {
        let mut inner = self.writing()?;
        if let Some((row, _)) = inner.rooms.get_mut(code) {
            row.version = row.version.max(version);
        }
        Ok(())
    }

    /// The last write of a room: its row's, or its last action's.
    fn last_write(&self, inner: &MemoryInner, code: &str, at: i64) -> i64 {
        let log = inner.actions.get(code).map(Vec::as_slice).unwrap_or(&[]);
        log.iter().map(|&(_, _, _, t)| t).fold(at, i64::max)
    }

    pub(super) fn unfinished_rooms(&self) -> Vec<String> {
        let inner = self.lock();
        let mut rooms: Vec<(bool, i64, &str)> = (inner.rooms.values())
            .filter(|(r, _)| r.status == "lobby" || r.status == "playing")
            .filter(|(r, _)| r.pace != "days")
            .map(|(r, at)| {
                let last = self.last_write(&inner, &r.code, *at);
                (r.status != "playing", -last, r.code.as_str())
            })
            .collect();
        rooms.sort();
        rooms.into_iter().map(|(_, _, c)| c.to_string()).collect()
    }

    pub(super) fn abandon_stale_lobbies(&self, before: i64, days_before: i64) -> u64 {
        let mut inner = self.lock();
        let mut n = 0;
        for (row, at) in inner.rooms.values_mut() {
            let before = if row.pace == "days" {
                days_before
            } else {
                before
            };
            if row.status == "lobby" && *at < before {
                row.status = "abandoned".into();
                n += 1;
            }
        }
        n
    }

    pub(super) fn save_due(&self, code: &str, due: &DueIndex, epoch: i64) -> StoreResult<()> {
        let mut inner = self.writing()?;
        Memory::fence(&inner, code, epoch)?;
        if let Some((row, _)) = inner.rooms.get_mut(code) {
            row.clock = due.clock.clone();
            (row.to_move, row.due_at) = (due.to_move, due.due_at);
        }
        Memory::reply(inner, Ok(()))
    }

    pub(super) fn due_rooms(&self, now: i64, limit: i64) -> Vec<String> {
        let inner = self.lock();
        let mut due: Vec<(i64, &str)> = (inner.rooms.values())
            .filter(|(r, _)| r.status == "playing")
            .filter_map(|(r, _)| Some((r.due_at.filter(|&d| d <= now)?, r.code.as_str())))
            .collect();
        due.sort();
        due.truncate(limit.max(0) as usize);
        due.into_iter().map(|(_, c)| c.to_string()).collect()
    }

    pub(super) fn list_games(&self, before: Option<i64>, limit: i64) -> Vec<GameRow> {
        let inner = self.lock();
        let before = before.unwrap_or(i64::MAX);
        let mut games: Vec<GameRow> = inner
            .games
            .iter()
            .filter(|(g, public)| *public && g.finished_at < before)
            .map(|(g, _)| g)
            .map(|g| GameRow {
                record: String::new(),
                ..g.clone()
            })
            .collect();
        games.sort_by(|a, b| b.finished_at.cmp(&a.finished_at).then(a.id.cmp(&b.id)));
        games.truncate(limit.max(0) as usize);
        games
    }

    pub(super) fn acquire_lease(
        &self,
        room: &str,
        node: &str,
        ttl_ms: i64,
    ) -> StoreResult<Option<i64>> {
        let mut inner = self.writing()?;
        let now = now_ms();
        let lease = inner
            .leases
            .entry(room.to_string())
            .or_insert((String::new(), 0, 0));
        if lease.2 >= now && !lease.0.is_empty() && lease.0 != node {
            return Ok(None);
        }
        *lease = (node.to_string(), lease.1 + 1, now + ttl_ms);
        Ok(Some(lease.1))
    }

    pub(super) fn renew_leases(
        &self,
        node: &str,
        ttl_ms: i64,
        rooms: &[RoomCode],
    ) -> StoreResult<Vec<String>> {
        let mut inner = self.lock();
        let now = now_ms();
        let mut renewed = Vec::new();
        for (room, lease) in inner.leases.iter_mut() {
            if lease.0 == node && lease.2 >= now && rooms.iter().any(|c| c.as_str() == room) {
                lease.2 = now + ttl_ms;
                renewed.push(room.clone());
            }
        }
        Ok(renewed)
    }

    pub(super) fn release_lease(&self, room: &str, epoch: i64) -> StoreResult<()> {
        let mut inner = self.writing()?;
        if let Some(lease) = inner.leases.get_mut(room).filter(|l| l.1 == epoch) {
            *lease = (String::new(), epoch, 0);
        }
        Ok(())
    }

    pub(super) fn expire_leases(&self, node: &str) -> StoreResult<u64> {
        let mut inner = self.writing()?;
        let mine = inner.leases.values_mut().filter(|l| l.0 == node);
        Ok(mine.map(|l| l.2 = 0).count() as u64)
    }

    pub(super) fn lease(&self, room: &str) -> StoreResult<Option<Lease>> {
        let now = now_ms();
        Ok(self
            .lock()
            .leases
            .get(room)
            .map(|(owner, epoch, expires)| Lease {
                owner: owner.clone(),
                epoch: *epoch,
                live: *expires >= now,
            }))
    }

    pub(super) fn lost_rooms(&self, node: &str, limit: i64) -> StoreResult<Vec<String>> {
        let inner = self.lock();
        let now = now_ms();
        let mut lost: Vec<String> = (inner.leases.iter())
            .filter(|(_, (owner, _, expires))| !owner.is_empty() && owner != node && *expires < now)
            .filter(|(room, _)| {
                let status = inner.rooms.get(*room).map(|(r, _)| r.status.as_str());
                matches!(status, Some("lobby" | "playing"))
            })
            .map(|(room, _)| room.clone())
            .collect();
        lost.sort();
        lost.truncate(limit.max(0) as usize);
        Ok(lost)
    }
}
