//! Rooms as stored: their rows and event logs, written under the room's
//! lease (the fence, `leases.rs`), read back to restore a room or to tell
//! whether a write whose reply was lost went in.

use super::{
    now_ms, room_codes, Db, DueIndex, LoadedRoom, RoomRow, Store, StoreError, StoreResult,
};
use crate::ids::RoomCode;
use sqlx::any::AnyRow;
use sqlx::Row;

impl Store {
    /// Saves a new room.
    pub async fn create_room(&self, r: &RoomRow) -> StoreResult<()> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.create_room(r),
        };
        let now = now_ms();
        sqlx::query(
            "INSERT INTO rooms (code, status, setup, seats, settings, version, rematch, created_at, updated_at, fair,
                                pace, clock, to_move, due_at, circle)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
        )
        .bind(&r.code)
        .bind(&r.status)
        .bind(&r.setup)
        .bind(&r.seats)
        .bind(&r.settings)
        .bind(r.version)
        .bind(r.rematch.clone())
        .bind(r.created_at)
        .bind(now)
        .bind(r.fair.clone())
        .bind(&r.pace)
        .bind(r.clock.clone())
        .bind(r.to_move)
        .bind(r.due_at)
        .bind(super::circle_of(&r.settings))
        .execute(pool)
        .await?;
        Ok(())
    }

    /// Saves the changeable fields of a room (status, set-up, seats,
    /// version, rematch, fair-throw seeds, clock and due-time index), if the room is still held
    /// under `epoch` (else [`StoreError::fenced`]).
    pub async fn save_room(&self, r: &RoomRow, epoch: i64) -> StoreResult<()> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.save_room(r, epoch),
        };
        let done = sqlx::query(
            "UPDATE rooms SET status = $1, setup = $2, seats = $3, version = $4, rematch = $5, updated_at = $6,
                    fair = $8, clock = $10, to_move = $11, due_at = $12
             WHERE code = $7 AND EXISTS (SELECT 1 FROM leases WHERE room = $7 AND epoch = $9)",
        )
        .bind(&r.status)
        .bind(&r.setup)
        .bind(&r.seats)
        .bind(r.version)
        .bind(r.rematch.clone())
        .bind(now_ms())
        .bind(&r.code)
        .bind(r.fair.clone())
        .bind(epoch)
        .bind(r.clock.clone())
        .bind(r.to_move)
        .bind(r.due_at)
        .execute(pool)
        .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::fenced(&r.code, epoch));
        }
        Ok(())
    }

    /// Appends an accepted action (the JSON of a `RecordedAction`) to a
    /// room's event log, and returns once it is durable. `seq` counts from
    /// 0. Idempotent: the same action at the same `seq` again (a retry
    /// after a reply was lost) succeeds and changes nothing; another
    /// action at a taken `seq` fails, so a second writer for one room
    /// cannot interleave its actions. Fenced: written only while the room
    /// is held under `epoch` (else [`StoreError::fenced`]). Actions of
    /// many rooms are written together (group commit, `writer.rs`).
    pub async fn append_action(
        &self,
        room: RoomCode,
        seq: i64,
        action: &str,
        version: i64,
        epoch: i64,
    ) -> StoreResult<()> {
        match &self.db {
            Db::Sql(_, appender) => {
                appender
                    .append(room.as_str(), seq, action, version, epoch)
                    .await
            }
            Db::Memory(m) => m.append_action(room.as_str(), seq, action, version, epoch),
        }
    }

    /// The action at `seq` of a room's event log, if there is one: what a
    /// room reads back when it cannot tell whether a write went in.
    pub async fn action_at(&self, room: RoomCode, seq: i64) -> StoreResult<Option<String>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.action_at(room.as_str(), seq),
        };
        let row = sqlx::query("SELECT action FROM actions WHERE room = $1 AND seq = $2")
            .bind(room.as_str())
            .bind(seq)
            .fetch_optional(pool)
            .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    /// The version a room's row was last saved with, if the room exists.
    pub async fn room_version(&self, code: RoomCode) -> StoreResult<Option<i64>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.room_version(code.as_str()),
        };
        let row = sqlx::query("SELECT version FROM rooms WHERE code = $1")
            .bind(code.as_str())
            .fetch_optional(pool)
            .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    /// A room and its actions in order, unless it is unknown or abandoned.
    pub async fn load_room(&self, code: RoomCode) -> StoreResult<Option<LoadedRoom>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return Ok(m.load_room(code.as_str(), true)),
        };
        let Some(mut room) = self.peek_room(code).await? else {
            return Ok(None);
        };
        let rows = sqlx::query("SELECT action FROM actions WHERE room = $1 ORDER BY seq")
            .bind(code.as_str())
            .fetch_all(pool)
            .await?;
        for r in rows {
            room.actions.push(r.try_get::<String, _>(0)?);
        }
        Ok(Some(room))
    }

    /// A room without its actions (an empty `actions`), unless it is
    /// unknown or abandoned: enough to show it, not to play it.
    pub async fn peek_room(&self, code: RoomCode) -> StoreResult<Option<LoadedRoom>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return Ok(m.load_room(code.as_str(), false)),
        };
        let row = sqlx::query(
            "SELECT code, status, setup, seats, settings, version, rematch, created_at, fair,
                    (SELECT MAX(version) FROM actions WHERE room = rooms.code), pace, clock, to_move, due_at
             FROM rooms WHERE code = $1 AND status <> 'abandoned'",
        )
        .bind(code.as_str())
        .fetch_optional(pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let room = room_of(&row)?;
        let action_version: Option<i64> = row.try_get(9)?;
        Ok(Some(LoadedRoom {
            last_version: room.version.max(action_version.unwrap_or(0)),
            row: room,
            actions: Vec::new(),
        }))
    }

    /// Raises a room's saved version to `version` (never lowers it), and
    /// leaves `updated_at` alone: a restored room saves the version it
    /// starts at, so that versions only ever go up across restarts
    /// (`Registry::get`), without looking touched to the lobby expiry.
    pub async fn raise_version(&self, code: RoomCode, version: i64) -> StoreResult<()> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.raise_version(code.as_str(), version),
        };
        sqlx::query("UPDATE rooms SET version = $1 WHERE code = $2 AND version < $1")
            .bind(version)
            .bind(code.as_str())
            .execute(pool)
            .await?;
        Ok(())
    }

    /// Codes of the live rooms in the lobby or playing (games over days
    /// are woken by their due time instead): games in play first,
    /// then lobbies, each newest activity (last write) first, so that a
    /// server with room for only some brings back the games people are
    /// playing before lobbies nobody may come back to.
    pub async fn unfinished_rooms(&self) -> StoreResult<Vec<RoomCode>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return room_codes(m.unfinished_rooms()),
        };
        // The last action's time counts as activity: actions do not touch
        // the room's row. (A CASE, since SQLite's MAX(a, b) is PostgreSQL's
        // GREATEST.)
        let codes = sqlx::query_scalar(
            "SELECT code FROM (
                 SELECT code, status, updated_at,
                        (SELECT MAX(at) FROM actions WHERE room = rooms.code) AS acted_at
                 FROM rooms WHERE status IN ('lobby', 'playing') AND pace = 'live'
             ) AS r
             ORDER BY CASE status WHEN 'playing' THEN 0 ELSE 1 END,
                      CASE WHEN acted_at > updated_at THEN acted_at ELSE updated_at END DESC,
                      code",
        )
        .fetch_all(pool)
        .await?;
        room_codes(codes)
    }

    /// Marks lobby rooms untouched since `before` (ms; a game over days'
    /// lobby: since `days_before`) abandoned: no game was played in them,
    /// and nobody came back.
    pub async fn abandon_stale_lobbies(&self, before: i64, days_before: i64) -> StoreResult<u64> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return Ok(m.abandon_stale_lobbies(before, days_before)),
        };
        const STALE: &str =
            "status = 'lobby' AND updated_at < CASE pace WHEN 'days' THEN $2 ELSE $1 END";
        let mut tx = pool.begin().await?;
        // Their players' "all my games" no longer read them.
        sqlx::query(&format!(
            "UPDATE player_rooms SET closed_at = $3 WHERE room IN (SELECT code FROM rooms WHERE {STALE})"
        ))
        .bind(before)
        .bind(days_before)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        let done = sqlx::query(&format!(
            "UPDATE rooms SET status = 'abandoned' WHERE {STALE}"
        ))
        .bind(before)
        .bind(days_before)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected())
    }
}

/// The due-time index: games over days whose clock may have run out.
impl Store {
    /// Writes a room's clock and due-time index alone, if the room is
    /// still held under `epoch`: after an action passed the turn (actions
    /// are appended by the group commit, which leaves the row alone).
    pub async fn save_due(&self, code: RoomCode, due: &DueIndex, epoch: i64) -> StoreResult<()> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.save_due(code.as_str(), due, epoch),
        };
        let done = sqlx::query(
            "UPDATE rooms SET clock = $1, to_move = $2, due_at = $3
             WHERE code = $4 AND EXISTS (SELECT 1 FROM leases WHERE room = $4 AND epoch = $5)",
        )
        .bind(due.clock.clone())
        .bind(due.to_move)
        .bind(due.due_at)
        .bind(code.as_str())
        .bind(epoch)
        .execute(pool)
        .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::fenced(code.as_str(), epoch));
        }
        Ok(())
    }

    /// Codes of the games in play whose due time has come by `now` (ms),
    /// the earliest first, at most `limit` (index `rooms_due`).
    pub async fn due_rooms(&self, now: i64, limit: i64) -> StoreResult<Vec<RoomCode>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return room_codes(m.due_rooms(now, limit)),
        };
        let codes = sqlx::query_scalar(
            "SELECT code FROM rooms
             WHERE due_at IS NOT NULL AND due_at <= $1 AND status = 'playing'
             ORDER BY due_at LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(pool)
        .await?;
        room_codes(codes)
    }
}

fn room_of(row: &AnyRow) -> StoreResult<RoomRow> {
    Ok(RoomRow {
        code: row.try_get(0)?,
        status: row.try_get(1)?,
        setup: row.try_get(2)?,
        seats: row.try_get(3)?,
        settings: row.try_get(4)?,
        version: row.try_get(5)?,
        rematch: row.try_get(6)?,
        created_at: row.try_get(7)?,
        fair: row.try_get(8)?,
        pace: row.try_get(10)?,
        clock: row.try_get(11)?,
        to_move: row.try_get(12)?,
        due_at: row.try_get(13)?,
    })
}
