//! The store: rooms, their event logs and the archive of finished games,
//! in SQLite (default) or PostgreSQL, through sqlx's `Any` driver so that
//! every query is written once.
//!
//! The queries stick to what both databases share: `TEXT` and `BIGINT`
//! columns, `$n` parameters, JSON kept as text. Migrations live in
//! `migrations/sqlite` and `migrations/postgres` and are embedded in the
//! binary, so a fresh machine needs nothing but the URL.
//!
//! # Layout
//! - here: [`Store`], its rows ([`RoomRow`], [`LoadedRoom`], [`GameRow`]),
//!   connecting, health.
//! - `rooms`: rooms' rows and event logs, fenced by their lease.
//! - `writer`: the group commit of actions. `sqlite`: SQLite's settings
//!   and checkpoints beside the writer.
//! - `archive`: finished games; `analyses`: their turning points. `leases`: which node runs each room.
//! - `memory`: the in-process store of the paused-clock tests.
//! - `players`: players, their devices and rooms; `my_games`: "all my
//!   games" in the page's order.
//! - `alerts`: time zones and quiet hours; `email`: the digest's
//!   addresses and unsubscribe links.
//! - `push`: Web Push's key, subscriptions and turns told.
//! - `circles`: circles, their members, rooms and invitations;
//!   `circle_seats`: the seats of their finished games (the standings).
//! - `error`: [`StoreError`], with the fenced case apart.

use serde::{Deserialize, Serialize};
use sqlx::any::AnyPoolOptions;
use sqlx::AnyPool;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

mod alerts;
mod analyses;
mod archive;
mod circle_seats;
mod circles;
mod email;
mod error;
mod leases;
mod memory;
mod my_games;
mod players;
mod push;
mod rooms;
mod sqlite;
mod writer;

pub use circle_seats::{PairTally, PresetTally, Tallies};
pub use circles::{
    circle_of, CircleRoomRow, CircleRow, InvitationRow, Joined, Lobby, MemberRow, MyCircleRow,
};
pub use email::EmailRow;
use error::room_codes;
pub use error::{to_json, StoreError};
pub use leases::Lease;
pub use memory::Memory;
pub use my_games::{CircleName, MyGame, MySeat, Setups, MAX_FINISHED};
pub use players::{DeviceRow, PlayerRow, TOUCH_EVERY_MS};
pub use push::{PushInviteRow, PushTurnRow, MAX_PUSH_SUBSCRIPTIONS};
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
    /// `live` or `days`.
    pub pace: String,
    /// JSON of a game over days' clock (`rooms::DaysClock`).
    pub clock: Option<String>,
    /// A game over days: the seat to move (the due-time index).
    pub to_move: Option<i64>,
    /// A game over days: when the room must be woken next, ms since the
    /// epoch (the due-time index; early, never late).
    pub due_at: Option<i64>,
}

/// The due-time index of a room, written apart from its row after an
/// action passed the turn (`Store::save_due`).
#[derive(Clone, Debug, PartialEq)]
pub struct DueIndex {
    /// JSON of the clock.
    pub clock: Option<String>,
    /// The seat to move.
    pub to_move: Option<i64>,
    /// When the room must be woken next.
    pub due_at: Option<i64>,
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
