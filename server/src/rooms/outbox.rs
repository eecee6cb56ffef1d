//! A room's outgoing messages: the one way a room task talks to its
//! connections. Each connection has its own bounded queue (its
//! [`Mailbox`]), so a slow reader never slows the room or anyone else:
//! when its queue is full, its messages are dropped and it is marked as
//! having missed some; once it has caught up it asks for a fresh full
//! state (a resync), which goes to it alone.

use crate::ids::RoomCode;
use crate::metrics::Metrics;
use axum::extract::ws::Utf8Bytes;
use chowka_protocol::messages::ServerMsg;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use tokio::sync::mpsc;

/// How many messages may wait for one connection. States are whole
/// snapshots, so a connection this far behind loses nothing by skipping
/// to a fresh one.
const CONN_QUEUE: usize = 64;

/// A message for one connection.
#[derive(Clone, Debug)]
pub enum Out {
    /// A serialized `ServerMsg`, shared by every connection it goes to
    /// (a clone shares the bytes: each socket writes the same ones).
    Text(Utf8Bytes),
    /// Close the connection with this WebSocket status and reason.
    Close(u16, &'static str),
}

/// The room's end of one connection's queue.
struct Outlet {
    tx: mpsc::Sender<Out>,
    missed: Arc<AtomicBool>,
}

/// A connection's end of its queue.
#[derive(Debug)]
pub struct Mailbox {
    rx: mpsc::Receiver<Out>,
    missed: Arc<AtomicBool>,
}

impl Mailbox {
    /// The next message; `None` once the room has let go of this
    /// connection (it ended, or closed it).
    pub async fn recv(&mut self) -> Option<Out> {
        self.rx.recv().await
    }

    /// The next message if one is waiting (for tests and draining).
    pub fn try_recv(&mut self) -> Option<Out> {
        self.rx.try_recv().ok()
    }

    /// Whether messages were dropped since the last call, now that the
    /// queue is empty: then the connection should ask for a resync. While
    /// messages still wait, it reads those first.
    pub fn caught_up_after_missing(&mut self) -> bool {
        self.rx.is_empty() && self.missed.swap(false, Relaxed)
    }
}

/// A queue into one connection's [`Mailbox`] from outside any room task:
/// a connection relayed to a room on another node (`cluster::relay`).
pub struct Feed {
    outlet: Outlet,
}

/// A new [`Feed`] and the mailbox it fills.
pub fn feed() -> (Feed, Mailbox) {
    let (tx, rx) = mpsc::channel(CONN_QUEUE);
    let missed = Arc::new(AtomicBool::new(false));
    let outlet = Outlet {
        tx,
        missed: missed.clone(),
    };
    (Feed { outlet }, Mailbox { rx, missed })
}

impl Feed {
    /// Queues a message; a full queue drops it and marks the mailbox as
    /// having missed some. False once the connection let go.
    pub fn push(&self, out: Out) -> bool {
        match self.outlet.tx.try_send(out) {
            Ok(()) => true,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.outlet.missed.store(true, Relaxed);
                true
            }
            Err(mpsc::error::TrySendError::Closed(_)) => false,
        }
    }

    /// Resolves once the connection let go of its mailbox.
    pub async fn closed(&self) {
        self.outlet.tx.closed().await
    }
}

/// The sending side of a room's messages.
pub struct Outbox {
    outlets: HashMap<u64, Outlet>,
    /// Where dropped messages are counted.
    metrics: Arc<Metrics>,
    /// The room code, for logs.
    code: RoomCode,
}

impl Outbox {
    /// An outbox for the room `code`.
    pub fn new(code: RoomCode, metrics: Arc<Metrics>) -> Outbox {
        Outbox {
            outlets: HashMap::new(),
            metrics,
            code,
        }
    }

    /// A new connection's queue: it gets every message sent from now on.
    pub fn open(&mut self, conn: u64) -> Mailbox {
        let (tx, rx) = mpsc::channel(CONN_QUEUE);
        let missed = Arc::new(AtomicBool::new(false));
        let outlet = Outlet {
            tx,
            missed: missed.clone(),
        };
        self.outlets.insert(conn, outlet);
        Mailbox { rx, missed }
    }

    /// Forgets a connection that left.
    pub fn forget(&mut self, conn: u64) {
        self.outlets.remove(&conn);
    }

    /// Sends `msg` to every connection.
    pub fn to_all(&self, msg: &ServerMsg) {
        if self.outlets.is_empty() {
            return;
        }
        if let Some(text) = self.text(msg) {
            for outlet in self.outlets.values() {
                self.push(outlet, Out::Text(text.clone()));
            }
        }
    }

    /// Sends `msg` to one connection.
    pub fn to(&self, conn: u64, msg: &ServerMsg) {
        if let (Some(outlet), Some(text)) = (self.outlets.get(&conn), self.text(msg)) {
            self.push(outlet, Out::Text(text));
        }
    }

    /// Closes one connection with this WebSocket status and reason.
    pub fn close(&mut self, conn: u64, status: u16, reason: &'static str) {
        if let Some(outlet) = self.outlets.remove(&conn) {
            // A full queue cannot take the close: dropping the sender
            // closes the connection all the same, with a plainer status.
            let _ = outlet.tx.try_send(Out::Close(status, reason));
        }
    }

    /// Closes every connection with this WebSocket status and reason.
    pub fn close_all(&mut self, status: u16, reason: &'static str) {
        for (_, outlet) in self.outlets.drain() {
            let _ = outlet.tx.try_send(Out::Close(status, reason));
        }
    }

    fn push(&self, outlet: &Outlet, out: Out) {
        if let Err(mpsc::error::TrySendError::Full(_)) = outlet.tx.try_send(out) {
            outlet.missed.store(true, Relaxed);
            self.metrics.messages_dropped.fetch_add(1, Relaxed);
        }
    }

    fn text(&self, msg: &ServerMsg) -> Option<Utf8Bytes> {
        match serde_json::to_string(msg) {
            Ok(text) => Some(Utf8Bytes::from(text)),
            Err(e) => {
                tracing::error!(room = %self.code, "cannot serialize a message: {e}");
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_queue_drops_for_that_connection_alone_and_asks_for_a_resync() {
        let metrics = Arc::new(Metrics::default());
        let mut out = Outbox::new(RoomCode::parse("K7MPX3Q").unwrap(), metrics.clone());
        let mut slow = out.open(1);
        let mut quick = out.open(2);
        for _ in 0..CONN_QUEUE + 10 {
            out.to_all(&ServerMsg::Pong);
            assert!(quick.try_recv().is_some());
        }
        assert_eq!(metrics.messages_dropped.load(Relaxed), 10);
        assert!(!quick.caught_up_after_missing());
        // The slow one reads what waits before it is told it missed some.
        assert!(!slow.caught_up_after_missing());
        while slow.try_recv().is_some() {}
        assert!(slow.caught_up_after_missing());
        assert!(!slow.caught_up_after_missing(), "told once");
    }
}
