//! Group commit of actions: one writer per store takes every append
//! waiting at that moment and writes them in one transaction (one log
//! flush), then answers each room.
//!
//! Writing one action per statement cost more than half the server's CPU
//! at a few thousand actions a second (each statement a round trip to
//! sqlx's SQLite worker thread, or a synchronous commit per action on
//! PostgreSQL), and queued every room behind every other's commit. Now a
//! room still waits until its own action is durable before it broadcasts
//! (`RoomActor::commit`), but the cost of that wait is shared by every
//! room whose action arrived meanwhile (docs/performance.md, "Capacity").
//!
//! SQLite's writer is a thread of its own with its own connection
//! (rusqlite, the same SQLite library as sqlx's): one prepared insert per
//! action inside one transaction, each answered by SQLite's count of
//! changed rows, with no hop to another thread per statement or row.
//! PostgreSQL's writers are tasks that send the batch as one JSON
//! parameter unpacked by `json_to_recordset`, so the statement's text is
//! the same whatever the batch size and is prepared once, and one round
//! trip writes the batch.
//!
//! Appends stay idempotent and reconciled: a row already at its
//! `(room, seq)` is kept (`ON CONFLICT DO NOTHING`), and an append that
//! did not go in is accepted only if the stored action is the same one.
//! Every row names the epoch of its room's lease and goes in only while
//! the lease still has that epoch (the fence, `leases.rs`): the insert
//! reads the `leases` row, which PostgreSQL locks (`FOR SHARE`) so that a
//! takeover waits for this write, and its new owner reads the log after
//! it (SQLite has one writer at a time: the takeover's write waits anyway).

use super::sqlite::SQLITE_PRAGMAS;
use super::{now_ms, Backend, StoreError, StoreResult};
use serde::Serialize;
use sqlx::any::AnyConnectOptions;
use sqlx::{AnyConnection, ConnectOptions, Connection, Row};
use std::collections::HashMap;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot, watch, Mutex};

/// Most actions written by one transaction: bounds a batch's size (about
/// 300 bytes an action) when thousands of rooms act at once.
const MAX_BATCH: usize = 512;

/// Appends queued for the writers, at most this many: past it a room's
/// append waits for room in the queue (back-pressure, not memory growth).
const QUEUE: usize = 16 * 1024;

/// One action to append, and where to say how it went.
struct Append {
    row: ActionRow,
    done: oneshot::Sender<StoreResult<()>>,
}

/// An action as it is written: the columns of the `actions` table.
#[derive(Serialize)]
struct ActionRow {
    room: String,
    seq: i64,
    action: String,
    version: i64,
    at: i64,
    epoch: i64,
}

/// The writers' shared end of the queue: one gathers at a time.
type Queue = Arc<Mutex<mpsc::Receiver<Append>>>;

/// The sending side of the group-commit queue, cloned with the store.
#[derive(Clone, Debug)]
pub(super) struct Appender {
    tx: mpsc::Sender<Append>,
    /// Set at [`Appender::close`]: the writers finish and close.
    closing: watch::Sender<bool>,
    /// One per writer, dropped when it has closed its connection.
    stopped: Arc<std::sync::Mutex<Vec<oneshot::Receiver<()>>>>,
    /// What the writers have done, for the metrics.
    counts: Arc<GroupCommits>,
}

/// Counts of the group commits, for `/metrics`: their mean size tells
/// how much each commit's cost is shared.
#[derive(Debug, Default)]
pub struct GroupCommits {
    /// Transactions written.
    pub batches: AtomicU64,
    /// Actions written by them.
    pub actions: AtomicU64,
}

impl Appender {
    /// Starts the writers of the store at `url`: one thread for SQLite,
    /// which has one writer at a time anyway; two tasks for PostgreSQL, so
    /// that one batch is written while the next gathers. Each has its own
    /// connection, opened with the store's settings.
    pub(super) fn start(url: &str, backend: Backend) -> StoreResult<Appender> {
        let (tx, rx) = mpsc::channel(QUEUE);
        let rx: Queue = Arc::new(Mutex::new(rx));
        let (closing, closed) = watch::channel(false);
        let counts = Arc::new(GroupCommits::default());
        let mut stopped = Vec::new();
        if backend == Backend::Postgres {
            let options: AnyConnectOptions = url.parse()?;
            for _ in 0..2 {
                let (stop, on_stop) = oneshot::channel();
                let writer = PgWriter {
                    options: options.clone(),
                    conn: None,
                };
                let (rx, closed, counts) = (rx.clone(), closed.clone(), counts.clone());
                tokio::spawn(async move {
                    writer.run(rx, closed, counts).await;
                    drop(stop);
                });
                stopped.push(on_stop);
            }
        } else {
            let path = sqlx::sqlite::SqliteConnectOptions::from_str(url)?
                .get_filename()
                .to_path_buf();
            let (stop, on_stop) = oneshot::channel();
            let writer = SqliteWriter { path, conn: None };
            let runtime = tokio::runtime::Handle::current();
            let counts = counts.clone();
            std::thread::Builder::new()
                .name("sqlite-writer".into())
                .spawn(move || {
                    writer.run(&runtime, rx, closed, counts);
                    drop(stop);
                })
                .map_err(|e| StoreError::Io(Arc::new(e)))?;
            stopped.push(on_stop);
        }
        Ok(Appender {
            tx,
            closing,
            stopped: Arc::new(std::sync::Mutex::new(stopped)),
            counts,
        })
    }

    /// What the writers have done so far.
    pub(super) fn counts(&self) -> &GroupCommits {
        &self.counts
    }

    /// Stops the writers once the batch in hand is written, and closes
    /// their connections (SQLite checkpoints its log when the last one
    /// closes). Appends after this fail.
    pub(super) async fn close(&self) {
        let _ = self.closing.send(true);
        let stopped = std::mem::take(&mut *self.stopped.lock().unwrap_or_else(|e| e.into_inner()));
        for writer in stopped {
            let _ = writer.await;
        }
    }

    /// Appends one action and waits until it is durable (or refused).
    pub(super) async fn append(
        &self,
        room: &str,
        seq: i64,
        action: &str,
        version: i64,
        epoch: i64,
    ) -> StoreResult<()> {
        let (done, answer) = oneshot::channel();
        let row = ActionRow {
            room: room.to_string(),
            seq,
            action: action.to_string(),
            version,
            at: now_ms(),
            epoch,
        };
        let gone = || StoreError::Closed("the action writer has stopped");
        self.tx
            .send(Append { row, done })
            .await
            .map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?
    }
}

/// Takes every append waiting into `batch` (at least one, at most
/// [`MAX_BATCH`]); 0 once the store is closing.
async fn gather(rx: &Queue, batch: &mut Vec<Append>, closed: &mut watch::Receiver<bool>) -> usize {
    tokio::select! {
        // Only one writer gathers at a time; the others write.
        n = async { rx.lock().await.recv_many(batch, MAX_BATCH).await } => n,
        _ = closed.wait_for(|closed| *closed) => 0,
    }
}

/// Answers every append of `batch` with how its write went, and empties it.
fn answer(
    batch: &mut Vec<Append>,
    written: StoreResult<Vec<StoreResult<()>>>,
    counts: &GroupCommits,
) {
    match written {
        Ok(answers) => {
            counts.batches.fetch_add(1, Relaxed);
            counts.actions.fetch_add(batch.len() as u64, Relaxed);
            for (append, answer) in batch.drain(..).zip(answers) {
                let _ = append.done.send(answer);
            }
        }
        // Each room reads back what is stored.
        Err(e) => {
            for append in batch.drain(..) {
                let _ = append.done.send(Err(e.clone()));
            }
        }
    }
}

/// Whether an append that did not go in stands: a retry of the same
/// action does, another action at that place is refused, and so is one
/// whose place is free (`stored` is `None`): only the fence kept it out.
fn reconcile(row: &ActionRow, stored: Option<String>) -> StoreResult<()> {
    match stored {
        Some(action) if action == row.action => Ok(()),
        Some(_) => Err(StoreError::Conflict(format!(
            "action {} of room {} is another action",
            row.seq, row.room
        ))),
        None => Err(StoreError::fenced(&row.room, row.epoch)),
    }
}

/// Reads the action stored at a place of a room's log.
const STORED: &str = "SELECT action FROM actions WHERE room = $1 AND seq = $2";

/// SQLite's writer: a thread with its own connection, reopened after a
/// failure.
struct SqliteWriter {
    path: PathBuf,
    conn: Option<rusqlite::Connection>,
}

impl SqliteWriter {
    /// Gathers (on `runtime`'s queue) and writes batches until the store
    /// closes.
    fn run(
        mut self,
        runtime: &tokio::runtime::Handle,
        rx: Queue,
        mut closed: watch::Receiver<bool>,
        counts: Arc<GroupCommits>,
    ) {
        let mut batch = Vec::with_capacity(MAX_BATCH);
        while runtime.block_on(gather(&rx, &mut batch, &mut closed)) > 0 {
            let written = self.write(&batch);
            if written.is_err() {
                // The connection may be broken: the next batch opens another.
                self.conn = None;
            }
            answer(&mut batch, written, &counts);
        }
        if let Some(conn) = self.conn.take() {
            let _ = conn.close();
        }
    }

    /// Writes a batch in one transaction; per append, whether it stands.
    fn write(&mut self, batch: &[Append]) -> StoreResult<Vec<StoreResult<()>>> {
        // `WHERE` before `ON CONFLICT` tells SQLite's parser that the
        // clause belongs to the INSERT, not to a join of the SELECT.
        const INSERT: &str = "INSERT INTO actions (room, seq, action, version, at)
             SELECT ?1, ?2, ?3, ?4, ?5 FROM leases WHERE room = ?1 AND epoch = ?6
             ON CONFLICT (room, seq) DO NOTHING";
        let conn = self.connection()?;
        // Statements prepared once, the transaction's own too. A failure
        // leaves the transaction open, and the connection is dropped
        // (`run`), which rolls it back.
        conn.prepare_cached("BEGIN IMMEDIATE")?.execute([])?;
        let mut insert = conn.prepare_cached(INSERT)?;
        let mut answers = Vec::with_capacity(batch.len());
        for Append { row, .. } in batch {
            let params = (
                &row.room,
                row.seq,
                &row.action,
                row.version,
                row.at,
                row.epoch,
            );
            answers.push(match insert.execute(params)? {
                1 => Ok(()),
                // One batch may hold the same place twice (a retry beside
                // its first try): the later one reads the first.
                _ => {
                    let mut stored = conn.prepare_cached(STORED)?;
                    let found = stored.query_row((&row.room, row.seq), |a| a.get(0));
                    reconcile(row, rusqlite::OptionalExtension::optional(found)?)
                }
            });
        }
        conn.prepare_cached("COMMIT")?.execute([])?;
        Ok(answers)
    }

    /// The writer's connection, opened with the store's settings if there
    /// is none.
    fn connection(&mut self) -> StoreResult<&mut rusqlite::Connection> {
        if self.conn.is_none() {
            let conn = rusqlite::Connection::open(&self.path)?;
            for pragma in SQLITE_PRAGMAS {
                // Some settings answer with a row (the journal mode): read it.
                conn.prepare(pragma)?.query([])?.next()?;
            }
            self.conn = Some(conn);
        }
        Ok(self.conn.as_mut().expect("just opened"))
    }
}

/// A PostgreSQL writer task: its own connection, reopened after a failure.
struct PgWriter {
    options: AnyConnectOptions,
    conn: Option<AnyConnection>,
}

impl PgWriter {
    /// Gathers and writes batches until the store closes.
    async fn run(
        mut self,
        rx: Queue,
        mut closed: watch::Receiver<bool>,
        counts: Arc<GroupCommits>,
    ) {
        let mut batch = Vec::with_capacity(MAX_BATCH);
        while gather(&rx, &mut batch, &mut closed).await > 0 {
            let rows: Vec<&ActionRow> = batch.iter().map(|a| &a.row).collect();
            let written = self.write(&rows).await;
            if written.is_err() {
                self.conn = None;
            }
            answer(&mut batch, written, &counts);
        }
        if let Some(conn) = self.conn.take() {
            let _ = conn.close().await;
        }
    }

    /// Writes a batch in one statement; per row, whether it stands.
    async fn write(&mut self, rows: &[&ActionRow]) -> StoreResult<Vec<StoreResult<()>>> {
        const INSERT: &str = "INSERT INTO actions (room, seq, action, version, at)
             SELECT r.room, r.seq, r.action, r.version, r.at
             FROM json_to_recordset($1::json)
                  AS r(room TEXT, seq BIGINT, action TEXT, version BIGINT, at BIGINT, epoch BIGINT)
             JOIN leases l ON l.room = r.room AND l.epoch = r.epoch
             FOR SHARE OF l
             ON CONFLICT (room, seq) DO NOTHING
             RETURNING room, seq, action";
        let json = super::to_json("a batch of actions", rows)?;
        if self.conn.is_none() {
            self.conn = Some(self.options.connect().await?);
        }
        let conn = self.conn.as_mut().expect("just opened");
        // What went in, by place: one batch may hold the same place twice
        // (a retry beside its first try), and only one of them went in.
        let inserted: HashMap<(String, i64), String> = sqlx::query(INSERT)
            .bind(json)
            .fetch_all(&mut *conn)
            .await?
            .iter()
            .map(|r| Ok(((r.try_get(0)?, r.try_get(1)?), r.try_get(2)?)))
            .collect::<Result<_, sqlx::Error>>()?;
        let mut answers = Vec::with_capacity(rows.len());
        for row in rows {
            let stored = match inserted.get(&(row.room.clone(), row.seq)) {
                Some(action) => Some(action.clone()),
                None => {
                    sqlx::query_scalar(STORED)
                        .bind(&row.room)
                        .bind(row.seq)
                        .fetch_optional(&mut *conn)
                        .await?
                }
            };
            answers.push(reconcile(row, stored));
        }
        Ok(answers)
    }
}
