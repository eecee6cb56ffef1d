//! The room's end of the relay: while a room runs on this node, it answers
//! the other nodes' asks for it (joins, seats) and carries each relayed
//! connection's messages between the room and the relaying node.

use super::unreachable_node;
use super::wire::{ask_subject, down_bytes, down_subject, up_subject, Answer, Ask, Up};
use crate::cluster::bus::{Message, Subscription};
use crate::cluster::{Cluster, EVERY_NODE, PEER_TIMEOUT};
use crate::error::{ErrorCode, Refusal};
use crate::ids::RoomCode;
use crate::rooms::{Joined, Out, RoomStub};
use futures_util::StreamExt;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use tokio::time::Instant;

/// Answers for a room on this node while it runs here: joins and seats
/// asked for by other nodes, and the messages of their connections.
pub async fn serve_room(cluster: Arc<Cluster>, code: RoomCode, stub: RoomStub) {
    let mut asks = match cluster
        .bus
        .subscribe(ask_subject(&cluster.name, code))
        .await
    {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(room = %code, "cannot answer for the room on NATS: {e}");
            return;
        }
    };
    loop {
        tokio::select! {
            _ = stub.closed() => break,
            msg = asks.next() => {
                let Some(msg) = msg else { break };
                let (cluster, stub) = (cluster.clone(), stub.clone());
                tokio::spawn(async move { answer(cluster, code, stub, msg).await });
            }
        }
    }
}

async fn answer(cluster: Arc<Cluster>, code: RoomCode, stub: RoomStub, msg: Message) {
    let Some(reply) = msg.reply else {
        return;
    };
    let answer = match serde_json::from_slice::<Ask>(&msg.payload) {
        Err(e) => Answer::refused(&Refusal::with(ErrorCode::BadMessage, e.to_string())),
        Ok(Ask::TakeSeat { name, seat, player }) => {
            match stub.take_seat_as(name, seat, player).await {
                Some(Ok(taken)) => Answer::Seat(taken),
                Some(Err(r)) => Answer::refused(&r),
                None => Answer::Gone,
            }
        }
        Ok(Ask::People(change)) => match stub.player_change(change).await {
            Some(Ok(())) => Answer::Done,
            Some(Err(r)) => Answer::refused(&r),
            None => Answer::Gone,
        },
        Ok(Ask::Join {
            token,
            link,
            node,
            player,
        }) => {
            // Listen for the connection's messages before it may send any.
            let up = cluster
                .bus
                .subscribe(up_subject(&cluster.name, code, &link));
            match up.await {
                Err(e) => Answer::refused(&unreachable_node(format!("cannot listen: {e}"))),
                Ok(up) => match stub.join_as(token, player).await {
                    Some(Ok(joined)) => {
                        let seat = joined.seat;
                        let relay = Relay {
                            down: down_subject(&cluster.name, code, &link),
                            stub,
                            node,
                        };
                        tokio::spawn(relay.run(joined, up, cluster.clone()));
                        Answer::Joined { seat }
                    }
                    Some(Err(r)) => Answer::refused(&r),
                    None => Answer::Gone,
                },
            }
        }
    };
    if let Ok(body) = serde_json::to_vec(&answer) {
        cluster.bus.publish(reply, body.into()).await;
    }
}

/// The room's end of a relayed connection.
struct Relay {
    down: String,
    stub: RoomStub,
    /// The relaying node.
    node: String,
}

impl Relay {
    async fn run(self, joined: Joined, mut up: Subscription, cluster: Arc<Cluster>) {
        let Joined { conn, mut out, .. } = joined;
        cluster.counts.relayed_in.fetch_add(1, Relaxed);
        let mut gone = cluster.gone();
        let mut check = tokio::time::interval_at(Instant::now() + PEER_TIMEOUT, PEER_TIMEOUT);
        let down = |msg: &Out| cluster.bus.publish(self.down.clone(), down_bytes(msg));
        loop {
            tokio::select! {
                _ = check.tick() => {
                    if !cluster.is_live(&self.node) {
                        break;
                    }
                }
                msg = out.recv() => {
                    let msg = msg.unwrap_or(Out::Close(1000, "room closed"));
                    let close = matches!(msg, Out::Close(..));
                    down(&msg).await;
                    if close {
                        break;
                    }
                    if out.caught_up_after_missing() {
                        self.stub.resync(conn);
                    }
                }
                msg = up.next() => {
                    let Some(msg) = msg else { break };
                    match serde_json::from_slice::<Up>(&msg.payload) {
                        Ok(Up::Msg(request)) => {
                            if !self.stub.send(conn, request, Instant::now()).await {
                                down(&Out::Close(1001, "room closed")).await;
                                break;
                            }
                        }
                        Ok(Up::Resync) => self.stub.resync(conn),
                        Ok(Up::Leave) => break,
                        Err(e) => tracing::warn!("relay: a bad message from node {}: {e}", self.node),
                    }
                }
                g = gone.recv() => {
                    if g.is_ok_and(|node| node == self.node || node == EVERY_NODE) {
                        break;
                    }
                }
            }
        }
        self.stub.leave(conn);
        // Dropping the subscription stops listening.
        drop(up);
        cluster.counts.relayed_in.fetch_sub(1, Relaxed);
    }
}
