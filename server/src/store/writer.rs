//! Group commit of actions: one writer per store takes every append
//! waiting at that moment and writes them in one statement (one
//! transaction, one log flush), then answers each room.
//!
//! Writing one action per statement cost more than half the server's CPU
//! at a few thousand actions a second (each statement a round trip to
//! sqlx's SQLite worker thread, or a synchronous commit per action on
//! PostgreSQL), and queued every room behind every other's commit. Now a
//! room still waits until its own action is durable before it broadcasts
//! (`RoomActor::commit`), but the cost of that wait is shared by every
//! room whose action arrived meanwhile (docs/performance.md, "Capacity").
//!
//! The batch goes in as one JSON parameter unpacked by the database
//! (`json_each` in SQLite, `json_to_recordset` in PostgreSQL), so the
//! statement's text is the same whatever the batch size and is prepared
//! once. Appends stay idempotent and reconciled: a row already at its
//! `(room, seq)` is kept (`ON CONFLICT DO NOTHING`), and an append that
//! did not go in is accepted only if the stored action is the same one.
//!
//! Every row names the epoch of its room's lease and goes in only while
//! the lease still has that epoch (the fence, `leases.rs`): the insert
//! joins the `leases` row, which PostgreSQL locks (`FOR SHARE`) so that a
//! takeover waits for this write, and its new owner reads the log after it.

use super::{now_ms, Backend, StoreError, StoreResult};
use serde::Serialize;
use sqlx::any::AnyConnectOptions;
use sqlx::{AnyConnection, ConnectOptions, Connection, Row};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot, watch, Mutex};
use tokio::task::JoinHandle;

/// Most actions written by one statement: bounds a statement's size
/// (about 300 bytes an action) when thousands of rooms act at once.
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

/// The sending side of the group-commit queue, cloned with the store.
#[derive(Clone, Debug)]
pub(super) struct Appender {
    tx: mpsc::Sender<Append>,
    /// Set at [`Appender::close`]: the writers finish and close.
    closing: watch::Sender<bool>,
    writers: Arc<std::sync::Mutex<Vec<JoinHandle<()>>>>,
    /// What the writers have done, for the metrics.
    counts: Arc<GroupCommits>,
}

/// Counts of the group commits, for `/metrics`: their mean size tells
/// how much each commit's cost is shared.
#[derive(Debug, Default)]
pub struct GroupCommits {
    /// Statements written (each one transaction).
    pub batches: AtomicU64,
    /// Actions written by them.
    pub actions: AtomicU64,
}

impl Appender {
    /// Starts `writers` writer tasks, each with its own connection to
    /// `url` opened by `open`: one for SQLite, which has one writer at a
    /// time anyway; more for PostgreSQL, so that one batch is written
    /// while the next gathers.
    pub(super) fn start(url: &str, backend: Backend, writers: usize) -> StoreResult<Appender> {
        let options: AnyConnectOptions = url.parse().map_err(StoreError::from)?;
        let (tx, rx) = mpsc::channel(QUEUE);
        let rx = Arc::new(Mutex::new(rx));
        let (closing, closed) = watch::channel(false);
        let counts = Arc::new(GroupCommits::default());
        let writers = (0..writers.max(1))
            .map(|_| {
                let writer = Writer {
                    options: options.clone(),
                    backend,
                    conn: None,
                    counts: counts.clone(),
                };
                tokio::spawn(writer.run(rx.clone(), closed.clone()))
            })
            .collect();
        Ok(Appender {
            tx,
            closing,
            writers: Arc::new(std::sync::Mutex::new(writers)),
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
        let writers = std::mem::take(&mut *self.writers.lock().unwrap_or_else(|e| e.into_inner()));
        for writer in writers {
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
        let gone = || StoreError("the action writer has stopped".into());
        self.tx
            .send(Append { row, done })
            .await
            .map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?
    }
}

/// One writer task: its own connection, reopened after a failure.
struct Writer {
    options: AnyConnectOptions,
    backend: Backend,
    conn: Option<AnyConnection>,
    counts: Arc<GroupCommits>,
}

impl Writer {
    /// Takes every append waiting (at least one, at most [`MAX_BATCH`]),
    /// writes them together, answers each; until the store is dropped.
    async fn run(
        mut self,
        rx: Arc<Mutex<mpsc::Receiver<Append>>>,
        mut closed: watch::Receiver<bool>,
    ) {
        let mut batch = Vec::with_capacity(MAX_BATCH);
        loop {
            let gathered = tokio::select! {
                // Only one writer gathers at a time; the others write.
                n = async { rx.lock().await.recv_many(&mut batch, MAX_BATCH).await } => n,
                _ = closed.wait_for(|closed| *closed) => 0,
            };
            if gathered == 0 {
                if let Some(conn) = self.conn.take() {
                    let _ = conn.close().await;
                }
                return;
            }
            let rows: Vec<&ActionRow> = batch.iter().map(|a| &a.row).collect();
            match self.write(&rows).await {
                Ok(answers) => {
                    self.counts.batches.fetch_add(1, Relaxed);
                    self.counts.actions.fetch_add(rows.len() as u64, Relaxed);
                    for (append, answer) in batch.drain(..).zip(answers) {
                        let _ = append.done.send(answer);
                    }
                }
                Err(e) => {
                    // The connection may be broken: the next batch opens
                    // another. Each room reads back what is stored.
                    self.conn = None;
                    for append in batch.drain(..) {
                        let _ = append.done.send(Err(StoreError(e.0.clone())));
                    }
                }
            }
        }
    }

    /// Writes a batch in one statement; per row, whether it stands.
    async fn write(&mut self, rows: &[&ActionRow]) -> StoreResult<Vec<StoreResult<()>>> {
        let insert = match self.backend {
            Backend::Postgres => {
                "INSERT INTO actions (room, seq, action, version, at)
                 SELECT r.room, r.seq, r.action, r.version, r.at
                 FROM json_to_recordset($1::json)
                      AS r(room TEXT, seq BIGINT, action TEXT, version BIGINT, at BIGINT, epoch BIGINT)
                 JOIN leases l ON l.room = r.room AND l.epoch = r.epoch
                 FOR SHARE OF l
                 ON CONFLICT (room, seq) DO NOTHING
                 RETURNING room, seq, action"
            }
            // `WHERE true` tells SQLite's parser that ON CONFLICT belongs
            // to the INSERT, not to a join of the SELECT.
            _ => {
                "INSERT INTO actions (room, seq, action, version, at)
                 SELECT value ->> 'room', value ->> 'seq', value ->> 'action',
                        value ->> 'version', value ->> 'at'
                 FROM json_each($1)
                 JOIN leases l ON l.room = value ->> 'room' AND l.epoch = value ->> 'epoch'
                 WHERE true
                 ON CONFLICT (room, seq) DO NOTHING
                 RETURNING room, seq, action"
            }
        };
        let json = serde_json::to_string(rows)?;
        let conn = self.connection().await?;
        // What went in, by place: one batch may hold the same place twice
        // (a retry beside its first try), and only one of them went in.
        let inserted: HashMap<(String, i64), String> = sqlx::query(insert)
            .bind(json)
            .fetch_all(&mut *conn)
            .await?
            .iter()
            .map(|r| Ok(((r.try_get(0)?, r.try_get(1)?), r.try_get(2)?)))
            .collect::<Result<_, sqlx::Error>>()?;
        let mut answers = Vec::with_capacity(rows.len());
        for row in rows {
            // A retry of the same action stands, another action at that
            // place is refused, and so is one whose place is free: only the
            // fence kept it out.
            let key = (row.room.clone(), row.seq);
            let stored = match inserted.get(&key) {
                Some(action) => Some(action.clone()),
                None => {
                    sqlx::query_scalar("SELECT action FROM actions WHERE room = $1 AND seq = $2")
                        .bind(&row.room)
                        .bind(row.seq)
                        .fetch_optional(&mut *conn)
                        .await?
                }
            };
            answers.push(match stored {
                Some(action) if action == row.action => Ok(()),
                Some(_) => Err(StoreError(format!(
                    "action {} of room {} is another action",
                    row.seq, row.room
                ))),
                None => Err(StoreError::fenced(&row.room, row.epoch)),
            });
        }
        Ok(answers)
    }

    /// The writer's connection, opened (with the store's settings) if
    /// there is none.
    async fn connection(&mut self) -> StoreResult<&mut AnyConnection> {
        if self.conn.is_none() {
            let mut conn = self.options.connect().await?;
            if self.backend == Backend::Sqlite {
                super::prepare_sqlite(&mut conn).await?;
            }
            self.conn = Some(conn);
        }
        Ok(self.conn.as_mut().expect("just opened"))
    }
}
