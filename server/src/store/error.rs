//! The store's errors: what a caller can act on (a write fenced off by
//! a lease, a corrupt row, a store away), and the one way durable rows
//! are written as JSON.

use super::StoreResult;
use crate::ids::RoomCode;
use serde::Serialize;

/// A store failure: what a caller can act on, with the driver's reason.
///
/// `Clone` because one failed batch of the action writer answers every
/// append in it; the drivers' errors are shared behind an `Arc`.
#[derive(Clone, Debug, thiserror::Error)]
pub enum StoreError {
    /// The write was refused because the room's lease has passed to a
    /// higher epoch: another node runs the room now (DESIGN.md, "Several
    /// machines"). Retrying on this node is pointless.
    #[error("lease lost: room {room} is no longer held under epoch {epoch}")]
    Fenced {
        /// The room's code.
        room: String,
        /// The epoch the write was made under.
        epoch: i64,
    },
    /// The database could not be reached, or refused for its own reasons
    /// (IO, pool timeout, a constraint): the change may or may not be in.
    #[error("store: {0}")]
    Unavailable(#[source] std::sync::Arc<sqlx::Error>),
    /// The SQLite action writer's connection failed (`writer.rs`).
    #[error("store: {0}")]
    Sqlite(#[source] std::sync::Arc<rusqlite::Error>),
    /// The operating system refused (a thread for the writer, a file).
    #[error("store: {0}")]
    Io(#[source] std::sync::Arc<std::io::Error>),
    /// The migrations could not be applied at start-up.
    #[error("store: migrations: {0}")]
    Migrate(#[source] std::sync::Arc<sqlx::migrate::MigrateError>),
    /// A stored row does not read back as what was written (bad JSON, an
    /// unknown status): the row is corrupt, not the request.
    #[error("store: corrupt row: {0}")]
    Corrupt(String),
    /// A value could not be written as JSON: nothing was written.
    #[error("store: cannot encode {what}: {source}")]
    Encode {
        /// What was being encoded.
        what: &'static str,
        /// serde_json's reason.
        #[source]
        source: std::sync::Arc<serde_json::Error>,
    },
    /// The write conflicts with what is stored: another action at that
    /// place of the log, or a room with that code.
    #[error("store: {0}")]
    Conflict(String),
    /// A write's outcome cannot be told (its reply was lost and the read
    /// back failed, or found another value): the room reloads from the
    /// store, which holds the truth.
    #[error("store: unsettled: {0}")]
    Unsettled(String),
    /// The store is closing, or its action writer has stopped.
    #[error("store: closed: {0}")]
    Closed(&'static str),
    /// The database URL is not one the store can use.
    #[error("store: {0}")]
    BadUrl(String),
    /// A fault made on purpose by the memory store (tests).
    #[error("store: {0} (memory store)")]
    Injected(&'static str),
}

impl StoreError {
    /// A write refused by the fence of `leases.rs`.
    pub fn fenced(room: &str, epoch: i64) -> StoreError {
        StoreError::Fenced {
            room: room.to_string(),
            epoch,
        }
    }

    /// Whether this write was refused by the lease's fence: retrying on
    /// this node is pointless, the room has moved.
    pub fn is_fenced(&self) -> bool {
        matches!(self, StoreError::Fenced { .. })
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        StoreError::Unavailable(std::sync::Arc::new(e))
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(e: sqlx::migrate::MigrateError) -> Self {
        StoreError::Migrate(std::sync::Arc::new(e))
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Sqlite(std::sync::Arc::new(e))
    }
}

/// `value` as JSON text for a durable row; a failure refuses the write
/// (never an empty string stored in its place).
pub fn to_json<T: Serialize + ?Sized>(what: &'static str, value: &T) -> StoreResult<String> {
    serde_json::to_string(value).map_err(|e| StoreError::Encode {
        what,
        source: std::sync::Arc::new(e),
    })
}

/// Room codes as the database keeps them (TEXT), read back: one that is
/// not a room code is corrupt.
pub(super) fn room_codes(texts: Vec<String>) -> StoreResult<Vec<RoomCode>> {
    (texts.iter())
        .map(|t| (t.parse()).map_err(|e| StoreError::Corrupt(format!("room code {t:?}: {e}"))))
        .collect()
}
