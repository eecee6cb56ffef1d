//! The store: rooms, their event logs and the archive of finished games,
//! in SQLite (default) or PostgreSQL, through sqlx's `Any` driver so that
//! every query is written once.
//!
//! The queries stick to what both databases share: `TEXT` and `BIGINT`
//! columns, `$n` parameters, JSON kept as text. Migrations live in
//! `migrations/sqlite` and `migrations/postgres` and are embedded in the
//! binary, so a fresh machine needs nothing but the URL.

use serde::{Deserialize, Serialize};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

mod archive;
mod error;
mod leases;
mod memory;
mod sqlite;
mod writer;

pub use error::{to_json, StoreError};
pub use leases::Lease;
pub use memory::Memory;
use sqlite::{checkpoint_sqlite, prepare_sqlite};
use writer::Appender;
pub use writer::GroupCommits;

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("../migrations/postgres");

/// Which database a store talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
    /// This process's memory ([`Store::memory`]).
    Memory,
}

/// Result of a store operation.
pub type StoreResult<T> = Result<T, StoreError>;

/// A room as stored: everything but its actions.
#[derive(Clone, Debug, PartialEq)]
pub struct RoomRow {
    /// Room code.
    pub code: String,
    /// `lobby`, `playing`, `finished` or `abandoned`.
    pub status: String,
    /// JSON of the protocol `Setup`.
    pub setup: String,
    /// JSON of the seats.
    pub seats: String,
    /// JSON of the room settings.
    pub settings: String,
    /// The room's state version when last saved.
    pub version: i64,
    /// The rematch room's code.
    pub rematch: Option<String>,
    /// Creation time, ms since the epoch.
    pub created_at: i64,
    /// JSON of the protocol `Fair`: the seeds of the game's throws, from
    /// its start. Secret (it holds the server seed): never shown.
    pub fair: Option<String>,
}

/// A room as loaded from the store, with what a restore needs to know
/// beyond its row.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadedRoom {
    /// The room's row.
    pub row: RoomRow,
    /// Its actions in order (JSON of `RecordedAction`s); empty from
    /// [`Store::peek_room`].
    pub actions: Vec<String>,
    /// The highest version saved: the row's, or its last action's.
    pub last_version: i64,
}

/// A finished game in the archive.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRow {
    /// The code of the room it was played in.
    pub id: String,
    /// When it ended, ms since the epoch.
    pub finished_at: i64,
    /// Preset name.
    pub preset: String,
    /// Board size.
    pub board: i64,
    /// JSON list of the players' names.
    pub players: String,
    /// JSON of the outcome.
    pub result: String,
    /// Number of actions.
    pub actions: i64,
    /// JSON of the game record.
    pub record: String,
}

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// The store: a pool of connections to the database, or (for tests that
/// pause time) a [`Memory`] store in this process.
#[derive(Clone, Debug)]
pub struct Store {
    db: Db,
    backend: Backend,
}

#[derive(Clone, Debug)]
enum Db {
    /// A database: a pool for reads and rare writes, and the group-commit
    /// writers for the actions (`writer.rs`).
    Sql(AnyPool, Appender),
    Memory(Memory),
}

impl Store {
    /// Connects to `url` (`sqlite://...` or `postgres://...`) and applies
    /// the migrations.
    pub async fn connect(url: &str, max_connections: u32) -> StoreResult<Store> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else if url.starts_with("sqlite:") {
            if url.contains(":memory:") || url.contains("mode=memory") {
                // The action writer's own connection would see a database of its own.
                return Err(StoreError::BadUrl(
                    "SQLite in memory cannot be shared by the store's connections: use sqlite://FILE"
                        .into(),
                ));
            }
            Backend::Sqlite
        } else {
            return Err(StoreError::BadUrl(format!(
                "unsupported database URL {:?}: use sqlite://FILE or postgres://...",
                redact(url)
            )));
        };
        let mut options = AnyPoolOptions::new()
            .max_connections(max_connections.max(1))
            .acquire_timeout(Duration::from_secs(10));
        if backend == Backend::Sqlite {
            options = options.after_connect(|conn, _meta| Box::pin(prepare_sqlite(conn)));
        }
        let pool = options.connect(url).await?;
        let migrations = match backend {
            Backend::Postgres => &POSTGRES_MIGRATIONS,
            _ => &SQLITE_MIGRATIONS,
        };
        migrations.run(&pool).await?;
        let appender = Appender::start(url, backend)?;
        if backend == Backend::Sqlite {
            tokio::spawn(checkpoint_sqlite(pool.clone()));
        }
        Ok(Store {
            db: Db::Sql(pool, appender),
            backend,
        })
    }

    /// A store that lives in this process only, for tests: its writes
    /// never leave the runtime, so tests can pause tokio's clock around it
    /// (a database's own threads would let paused time jump ahead).
    pub fn memory() -> (Store, Memory) {
        let memory = Memory::default();
        let store = Store {
            db: Db::Memory(memory.clone()),
            backend: Backend::Memory,
        };
        (store, memory)
    }

    /// The group commits of actions so far (none for the memory store).
    pub fn group_commits(&self) -> (u64, u64) {
        use std::sync::atomic::Ordering::Relaxed;
        match &self.db {
            Db::Sql(_, appender) => {
                let c = appender.counts();
                (c.batches.load(Relaxed), c.actions.load(Relaxed))
            }
            Db::Memory(_) => (0, 0),
        }
    }

    /// The database in use.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The pool, or the memory store's answer to this call.
    fn pool(&self) -> Result<&AnyPool, &Memory> {
        match &self.db {
            Db::Sql(pool, _) => Ok(pool),
            Db::Memory(m) => Err(m),
        }
    }

    /// Checks that the database can write: upserts the one row of the
    /// `health` table. A database that still answers reads but cannot
    /// write (disk full, read-only files) fails here, as every game would.
    pub async fn ping(&self) -> StoreResult<()> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.ping(),
        };
        sqlx::query(
            "INSERT INTO health (id, checked_at) VALUES (1, $1)
             ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at",
        )
        .bind(now_ms())
        .execute(pool)
        .await?;
        Ok(())
    }

    /// Waits for the queries in flight and closes every connection.
    pub async fn close(&self) {
        if let Db::Sql(pool, appender) = &self.db {
            appender.close().await;
            pool.close().await;
        }
    }

    /// Saves a new room.
    pub async fn create_room(&self, r: &RoomRow) -> StoreResult<()> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.create_room(r),
        };
        let now = now_ms();
        sqlx::query(
            "INSERT INTO rooms (code, status, setup, seats, settings, version, rematch, created_at, updated_at, fair)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
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
        .execute(pool)
        .await?;
        Ok(())
    }

    /// Saves the changeable fields of a room (status, set-up, seats,
    /// version, rematch, fair-throw seeds), if the room is still held
    /// under `epoch` (else [`StoreError::fenced`]).
    pub async fn save_room(&self, r: &RoomRow, epoch: i64) -> StoreResult<()> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.save_room(r, epoch),
        };
        let done = sqlx::query(
            "UPDATE rooms SET status = $1, setup = $2, seats = $3, version = $4, rematch = $5, updated_at = $6,
                    fair = $8
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
        room: &str,
        seq: i64,
        action: &str,
        version: i64,
        epoch: i64,
    ) -> StoreResult<()> {
        match &self.db {
            Db::Sql(_, appender) => appender.append(room, seq, action, version, epoch).await,
            Db::Memory(m) => m.append_action(room, seq, action, version, epoch),
        }
    }

    /// The action at `seq` of a room's event log, if there is one: what a
    /// room reads back when it cannot tell whether a write went in.
    pub async fn action_at(&self, room: &str, seq: i64) -> StoreResult<Option<String>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.action_at(room, seq),
        };
        let row = sqlx::query("SELECT action FROM actions WHERE room = $1 AND seq = $2")
            .bind(room)
            .bind(seq)
            .fetch_optional(pool)
            .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    /// The version a room's row was last saved with, if the room exists.
    pub async fn room_version(&self, code: &str) -> StoreResult<Option<i64>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.room_version(code),
        };
        let row = sqlx::query("SELECT version FROM rooms WHERE code = $1")
            .bind(code)
            .fetch_optional(pool)
            .await?;
        Ok(row.map(|r| r.try_get(0)).transpose()?)
    }

    /// A room and its actions in order, unless it is unknown or abandoned.
    pub async fn load_room(&self, code: &str) -> StoreResult<Option<LoadedRoom>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return Ok(m.load_room(code, true)),
        };
        let Some(mut room) = self.peek_room(code).await? else {
            return Ok(None);
        };
        let rows = sqlx::query("SELECT action FROM actions WHERE room = $1 ORDER BY seq")
            .bind(code)
            .fetch_all(pool)
            .await?;
        for r in rows {
            room.actions.push(r.try_get::<String, _>(0)?);
        }
        Ok(Some(room))
    }

    /// A room without its actions (an empty `actions`), unless it is
    /// unknown or abandoned: enough to show it, not to play it.
    pub async fn peek_room(&self, code: &str) -> StoreResult<Option<LoadedRoom>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return Ok(m.load_room(code, false)),
        };
        let row = sqlx::query(
            "SELECT code, status, setup, seats, settings, version, rematch, created_at, fair,
                    (SELECT MAX(version) FROM actions WHERE room = rooms.code)
             FROM rooms WHERE code = $1 AND status <> 'abandoned'",
        )
        .bind(code)
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
    pub async fn raise_version(&self, code: &str, version: i64) -> StoreResult<()> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return m.raise_version(code, version),
        };
        sqlx::query("UPDATE rooms SET version = $1 WHERE code = $2 AND version < $1")
            .bind(version)
            .bind(code)
            .execute(pool)
            .await?;
        Ok(())
    }

    /// Codes of the rooms in the lobby or playing: games in play first,
    /// then lobbies, each newest activity (last write) first, so that a
    /// server with room for only some brings back the games people are
    /// playing before lobbies nobody may come back to.
    pub async fn unfinished_rooms(&self) -> StoreResult<Vec<String>> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return Ok(m.unfinished_rooms()),
        };
        // The last action's time counts as activity: actions do not touch
        // the room's row. (A CASE, since SQLite's MAX(a, b) is PostgreSQL's
        // GREATEST.)
        let codes = sqlx::query_scalar(
            "SELECT code FROM (
                 SELECT code, status, updated_at,
                        (SELECT MAX(at) FROM actions WHERE room = rooms.code) AS acted_at
                 FROM rooms WHERE status IN ('lobby', 'playing')
             ) AS r
             ORDER BY CASE status WHEN 'playing' THEN 0 ELSE 1 END,
                      CASE WHEN acted_at > updated_at THEN acted_at ELSE updated_at END DESC,
                      code",
        )
        .fetch_all(pool)
        .await?;
        Ok(codes)
    }

    /// Marks lobby rooms untouched since `before` (ms) abandoned: no game
    /// was played in them, and nobody came back.
    pub async fn abandon_stale_lobbies(&self, before: i64) -> StoreResult<u64> {
        let pool = match self.pool() {
            Ok(pool) => pool,
            Err(m) => return Ok(m.abandon_stale_lobbies(before)),
        };
        let done = sqlx::query(
            "UPDATE rooms SET status = 'abandoned' WHERE status = 'lobby' AND updated_at < $1",
        )
        .bind(before)
        .execute(pool)
        .await?;
        Ok(done.rows_affected())
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
    })
}

/// A database URL without its password, for logs and errors.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(s), Some(at)) if at > s => {
            let creds = &url[s + 3..at];
            match creds.find(':') {
                Some(c) => format!("{}{}:***{}", &url[..s + 3], &creds[..c], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_redacted_from_urls() {
        assert_eq!(
            redact("postgres://u:secret@db:5432/x"),
            "postgres://u:***@db:5432/x"
        );
        assert_eq!(redact("sqlite://data/c.db"), "sqlite://data/c.db");
    }
}
