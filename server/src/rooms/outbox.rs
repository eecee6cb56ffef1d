//! A room's outgoing messages: the one way a room task talks to its
//! connections. Connections subscribe when they join; the room sends to
//! everyone or to one connection, and closes them all when it ends.

use chowka_protocol::messages::ServerMsg;
use std::sync::Arc;
use tokio::sync::broadcast;

/// How many outgoing messages a slow connection may fall behind before it
/// gets a fresh full state instead.
const ROOM_FANOUT: usize = 256;

/// A message on a room's fan-out channel.
#[derive(Clone, Debug)]
pub enum Out {
    /// JSON text for every connection (`to: None`) or one connection.
    Text {
        /// The connection it is for, or `None` for everyone.
        to: Option<u64>,
        /// The serialized `ServerMsg`.
        text: Arc<str>,
    },
    /// Close every connection with this WebSocket status and reason.
    Close(u16, &'static str),
}

/// The sending side of a room's messages.
pub struct Outbox {
    tx: broadcast::Sender<Out>,
    /// The room code, for logs.
    code: String,
}

impl Outbox {
    /// An outbox for the room `code`, with nobody subscribed yet.
    pub fn new(code: &str) -> Outbox {
        let (tx, _) = broadcast::channel(ROOM_FANOUT);
        Outbox {
            tx,
            code: code.to_string(),
        }
    }

    /// A new connection's receiving side: it sees every message sent from
    /// now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Out> {
        self.tx.subscribe()
    }

    /// Sends `msg` to every connection.
    pub fn to_all(&self, msg: &ServerMsg) {
        self.emit(None, msg);
    }

    /// Sends `msg` to one connection.
    pub fn to(&self, conn: u64, msg: &ServerMsg) {
        self.emit(Some(conn), msg);
    }

    /// Closes every connection with this WebSocket status and reason.
    pub fn close_all(&self, status: u16, reason: &'static str) {
        let _ = self.tx.send(Out::Close(status, reason));
    }

    fn emit(&self, to: Option<u64>, msg: &ServerMsg) {
        match serde_json::to_string(msg) {
            // A send error only means nobody is listening right now.
            Ok(text) => {
                let _ = self.tx.send(Out::Text {
                    to,
                    text: Arc::from(text),
                });
            }
            Err(e) => tracing::error!(room = %self.code, "cannot serialize a message: {e}"),
        }
    }
}
