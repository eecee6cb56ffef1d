//! The settings of SQLite connections, and the checkpoints that copy
//! SQLite's log back into the database file beside the action writer.

use sqlx::AnyPool;
use std::time::Duration;

/// The settings every SQLite connection of the store starts with.
///
/// WAL lets readers (the archive, health checks) run beside the writer;
/// the busy timeout makes writers queue instead of failing with
/// SQLITE_BUSY. synchronous = NORMAL (in WAL mode) keeps every committed
/// action through a crash or kill of the server and drops the fsync per
/// commit; only an operating system crash or power cut can lose the last
/// few actions (docs/performance.md).
pub(super) const SQLITE_PRAGMAS: [&str; 5] = [
    "PRAGMA journal_mode = WAL",
    "PRAGMA busy_timeout = 10000",
    "PRAGMA synchronous = NORMAL",
    // A log that grew while checkpoints could not catch up (thousands
    // of rooms made at once) is cut back to 64 MiB once it starts over.
    "PRAGMA journal_size_limit = 67108864",
    // SQLite's own checkpoints come after 8,192 log pages (32 MiB, a
    // few seconds of writes at thousands of actions a second) instead
    // of 1,000, and find nearly every page copied already
    // (`checkpoint_sqlite`).
    "PRAGMA wal_autocheckpoint = 8192",
];

/// Applies [`SQLITE_PRAGMAS`] to a pool connection.
pub(super) async fn prepare_sqlite(conn: &mut sqlx::AnyConnection) -> Result<(), sqlx::Error> {
    for pragma in SQLITE_PRAGMAS {
        sqlx::query(pragma).execute(&mut *conn).await?;
    }
    Ok(())
}

/// How often the SQLite log is copied back into the database file beside
/// the action writer.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(100);

/// Checkpoints the SQLite log from a pool connection ten times a second,
/// until the pool closes.
///
/// SQLite checkpoints inside the commit that takes the log past a number
/// of pages, and with one action writer that commit, with every room
/// waiting on it, copied 1,000 pages back into the database and synced
/// the file (the p99 tail at thousands of rooms, docs/performance.md
/// "Capacity"). A passive checkpoint here copies the pages beside the
/// writer and never waits for it. The writer still checkpoints, rarely
/// (`wal_autocheckpoint` in [`prepare_sqlite`]), and then finds nearly
/// every page copied: only a checkpoint that catches up at a moment when
/// nobody writes lets the log start over from its beginning, and under
/// steady writes that moment is the writer's own, just after its commit.
pub(super) async fn checkpoint_sqlite(pool: AnyPool) {
    let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if pool.is_closed() {
            return;
        }
        if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(&pool)
            .await
        {
            if pool.is_closed() {
                return;
            }
            tracing::warn!("SQLite checkpoint failed: {e}");
        }
    }
}
