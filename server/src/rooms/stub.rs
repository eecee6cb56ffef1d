//! The handle to a room task: [`RoomStub`] sends [`Cmd`]s over a bounded
//! queue; its async methods hide the request and oneshot-reply dance.

use super::actor::RoomActor;
use super::outbox::Mailbox;
use super::room::{PlayerChange, Room};
use super::views::{Details, SeatTaken};
use super::Shared;
use crate::error::Refusal;
use chowka_protocol::messages::RoomRequest;
use chowka_protocol::RecordedAction;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;

/// How many commands may wait for a room before senders wait.
const ROOM_QUEUE: usize = 256;

/// What a connection gets on joining a room.
#[derive(Debug)]
pub struct Joined {
    /// The connection's id in the room.
    pub conn: u64,
    /// The seat, or `None` for a spectator.
    pub seat: Option<u8>,
    /// The connection's own queue of messages from the room; opened
    /// before the welcome was sent, so nothing after it is missed.
    pub out: Mailbox,
}

/// A request to a room task.
#[derive(Debug)]
pub enum Cmd {
    /// A connection joins, with a seat token or as a spectator.
    Join {
        /// The seat token, if any.
        token: Option<String>,
        /// The player hash of a `hello`'s secret: with no token, the seat
        /// that player holds is opened, if any (else a spectator).
        player: Option<String>,
        /// The answer.
        reply: oneshot::Sender<Result<Joined, Refusal>>,
    },
    /// A connection left.
    Leave {
        /// Its id.
        conn: u64,
    },
    /// A connection caught up after missing messages: send it a fresh
    /// full state.
    Resync {
        /// Its id.
        conn: u64,
    },
    /// A request from a connection.
    Msg {
        /// The connection's id.
        conn: u64,
        /// The request.
        msg: RoomRequest,
        /// When it arrived, for the latency metric.
        at: Instant,
    },
    /// Take a seat in the lobby (HTTP).
    TakeSeat {
        /// Display name, already checked.
        name: String,
        /// The wanted seat, or the lowest empty one.
        seat: Option<u8>,
        /// The player hash of the identity taking it, if any.
        player: Option<String>,
        /// The answer.
        reply: oneshot::Sender<Result<SeatTaken, Refusal>>,
    },
    /// A player renamed themselves or forgot their identity.
    People {
        /// The change.
        change: PlayerChange,
        /// The answer (refused only when it cannot be saved).
        reply: oneshot::Sender<Result<(), Refusal>>,
    },
    /// Room details (HTTP).
    Details {
        /// The answer.
        reply: oneshot::Sender<Details>,
    },
    /// The room's lease was lost: another node may run it now. The task
    /// ends, its connections reconnect and find the room where it is.
    LeaseLost,
}

/// The handle to a room task: cheap to clone.
#[derive(Clone, Debug)]
pub struct RoomStub {
    tx: mpsc::Sender<Cmd>,
}

/// A new room task's two halves: the stub and the actor to spawn, for a
/// room and its event log.
pub fn channel(room: Room, actions: Vec<RecordedAction>, shared: Shared) -> (RoomStub, RoomActor) {
    let (tx, rx) = mpsc::channel(ROOM_QUEUE);
    (RoomStub { tx }, RoomActor::new(room, actions, shared, rx))
}

impl RoomStub {
    async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<T>) -> Cmd) -> Option<T> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(make(reply)).await.ok()?;
        rx.await.ok()
    }

    /// Joins the room; `None` if the room task has ended.
    pub async fn join(&self, token: Option<String>) -> Option<Result<Joined, Refusal>> {
        self.join_as(token, None).await
    }

    /// Joins the room with a seat token, or else as the player with this
    /// hash (their seat, or a spectator); `None` if the room task has ended.
    pub async fn join_as(
        &self,
        token: Option<String>,
        player: Option<String>,
    ) -> Option<Result<Joined, Refusal>> {
        self.ask(|reply| Cmd::Join {
            token,
            player,
            reply,
        })
        .await
    }

    /// Takes a seat; `None` if the room task has ended.
    pub async fn take_seat(
        &self,
        name: String,
        seat: Option<u8>,
    ) -> Option<Result<SeatTaken, Refusal>> {
        self.take_seat_as(name, seat, None).await
    }

    /// Takes a seat as the player with this hash (`None`: no identity);
    /// `None` if the room task has ended.
    pub async fn take_seat_as(
        &self,
        name: String,
        seat: Option<u8>,
        player: Option<String>,
    ) -> Option<Result<SeatTaken, Refusal>> {
        self.ask(|reply| Cmd::TakeSeat {
            name,
            seat,
            player,
            reply,
        })
        .await
    }

    /// Applies a player's change; `None` if the room task has ended.
    pub async fn player_change(&self, change: PlayerChange) -> Option<Result<(), Refusal>> {
        self.ask(|reply| Cmd::People { change, reply }).await
    }

    /// The room's details; `None` if the room task has ended.
    pub async fn details(&self) -> Option<Details> {
        self.ask(|reply| Cmd::Details { reply }).await
    }

    /// Passes a request on; false if the room task has ended.
    pub async fn send(&self, conn: u64, msg: RoomRequest, at: Instant) -> bool {
        self.tx.send(Cmd::Msg { conn, msg, at }).await.is_ok()
    }

    /// Says a connection left (never waits: the room may be gone).
    pub fn leave(&self, conn: u64) {
        let tx = self.tx.clone();
        tokio::spawn(async move {
            let _ = tx.send(Cmd::Leave { conn }).await;
        });
    }

    /// Asks for a fresh full state for a connection that fell behind.
    pub fn resync(&self, conn: u64) {
        let _ = self.tx.try_send(Cmd::Resync { conn });
    }

    /// Whether the room task has ended.
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    /// Resolves once the room task has ended.
    pub async fn closed(&self) {
        self.tx.closed().await
    }

    /// Tells the room its lease was lost (never waits).
    pub fn lease_lost(&self) {
        let tx = self.tx.clone();
        tokio::spawn(async move {
            let _ = tx.send(Cmd::LeaseLost).await;
        });
    }
}
