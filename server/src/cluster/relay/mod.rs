//! Connect anywhere: a browser may reach any node. The node that runs a
//! room (holds its lease) answers for it on NATS; any other node relays.
//!
//! Subjects, all named for the room (after the cluster's name, `chowka`
//! unless `--cluster` says otherwise):
//! - `chowka.room.{code}.ask`: requests to the room's node (join, take a
//!   seat), answered by NATS request-reply. Nobody answers once the room
//!   stopped there: the asker then takes the room itself or waits for
//!   its lease to expire.
//! - `chowka.room.{code}.up.{link}`: a relayed connection's messages to
//!   the room (its requests, resync, leave).
//! - `chowka.room.{code}.down.{link}`: the room's messages to it, each the
//!   very text its browser gets, or a close.
//! - `chowka.room.{code}.moved`: said by a node that has just brought the
//!   room back (its node was lost): connections still relayed to the lost
//!   node close at once, rather than when it is found silent.
//!
//! A relayed connection's queue is kept on the room's node, as for its own
//! connections (`rooms::outbox`): a slow one drops messages there and gets
//! a resync, never slowing the room. Each side lets go when the other
//! node is gone ([`super::Cluster::gone`]): the room's node forgets the
//! connection, the relaying node closes it with 1012 so that the browser
//! reconnects and reaches the room wherever it comes back.
//!
//! This file has the relaying end (joins, seats, [`Link`]); `serve.rs` the
//! room's end; `wire.rs` the subjects and what is said on them. Both ends
//! talk through the node's [`super::bus::Bus`], so that a node alone runs
//! the same code (nobody ever answers for a room elsewhere).

mod serve;
mod wire;

pub(super) use serve::serve_room;

use super::bus::{AskError, Bus};
use super::{Cluster, EVERY_NODE, PEER_TIMEOUT};
use crate::error::{ErrorCode, Refusal};
use crate::ids::RoomCode;
use crate::rooms::{feed, Found, Joined, Out, PlayerChange, Registry, RoomStub, SeatTaken};
use bytes::Bytes;
use chowka_protocol::messages::RoomRequest;
use futures_util::StreamExt;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;
use wire::{ask_subject, down_subject, moved_subject, parse_down, up_subject, Answer, Ask, Up};

/// How long a node waits for the room's node to answer a request.
const ASK_TIMEOUT: Duration = Duration::from_secs(5);

/// How often a node looks again for a room whose lease another node holds
/// but that nobody answers for (that node is stopping, or died and its
/// lease has yet to expire).
const RETRY_EVERY: Duration = Duration::from_millis(200);

/// Says that the room now runs on this node (just brought back from the
/// store), so that connections relayed to where it ran before let go.
pub(super) async fn announce_moved(cluster: &Cluster, code: RoomCode) {
    let moved = moved_subject(&cluster.name, code);
    cluster.bus.publish(moved, Bytes::new()).await;
}

/// Where a connection's room is: here, or relayed to the room's node.
pub enum Link {
    /// The room runs on this node.
    Here(RoomStub),
    /// The room runs on another node.
    Relayed(Relayed),
}

/// The relaying end of a connection to a room on another node.
pub struct Relayed {
    bus: Arc<dyn Bus>,
    up: String,
}

impl Link {
    /// Passes a request on; false if the room is gone.
    pub async fn send(&self, conn: u64, msg: RoomRequest, at: Instant) -> bool {
        match self {
            Link::Here(stub) => stub.send(conn, msg, at).await,
            Link::Relayed(r) => r.up(&Up::Msg(msg)).await,
        }
    }

    /// Says the connection left.
    pub fn leave(&self, conn: u64) {
        match self {
            Link::Here(stub) => stub.leave(conn),
            Link::Relayed(r) => {
                let (bus, up) = (r.bus.clone(), r.up.clone());
                tokio::spawn(async move {
                    if let Ok(body) = serde_json::to_vec(&Up::Leave) {
                        bus.publish(up, body.into()).await;
                    }
                });
            }
        }
    }

    /// Asks for a fresh full state for a connection that fell behind.
    pub async fn resync(&self, conn: u64) {
        match self {
            Link::Here(stub) => stub.resync(conn),
            Link::Relayed(r) => {
                r.up(&Up::Resync).await;
            }
        }
    }
}

impl Relayed {
    async fn up(&self, up: &Up) -> bool {
        let Ok(body) = serde_json::to_vec(up) else {
            return false;
        };
        self.bus.publish(self.up.clone(), body.into()).await
    }
}

/// How a request to another node went.
enum Asked {
    Answer(Answer),
    /// Nobody answers for the room there (yet, or any more).
    Nobody,
}

async fn ask(cluster: &Cluster, code: RoomCode, ask: &Ask) -> Result<Asked, Refusal> {
    let body = serde_json::to_vec(ask).map_err(|e| Refusal::store(e.to_string()))?;
    let request = (cluster.bus).request(ask_subject(&cluster.name, code), body.into());
    match tokio::time::timeout(ASK_TIMEOUT, request).await {
        Ok(Ok(payload)) => serde_json::from_slice(&payload)
            .map(Asked::Answer)
            .map_err(|e| unreachable_node(format!("a bad answer for room {code}: {e}"))),
        Ok(Err(AskError::NoResponders)) => Ok(Asked::Nobody),
        Ok(Err(AskError::Failed(e))) => {
            Err(unreachable_node(format!("asking for room {code}: {e}")))
        }
        Err(_) => Err(unreachable_node(format!(
            "room {code}'s node did not answer"
        ))),
    }
}

pub(super) fn unreachable_node(why: String) -> Refusal {
    tracing::warn!("relay: {why}");
    Refusal::with(
        ErrorCode::ServerBusy,
        "This room's server is not answering: try again in a moment.",
    )
}

/// Finds the room with this code and joins it, here or through its node:
/// waits (up to a lease's time and a little more) while another node holds
/// its lease and nobody answers for it, until it is taken over. With no
/// seat token, `player` (a player hash) opens that player's seat, if any.
pub async fn join(
    registry: &Registry,
    cluster: &Arc<Cluster>,
    code: RoomCode,
    token: Option<String>,
    player: Option<String>,
) -> Result<(Link, Joined), Refusal> {
    let give_up = deadline(cluster);
    loop {
        match registry.get(code).await? {
            Found::Here(stub) => match stub.join_as(token.clone(), player.clone()).await {
                Some(Ok(joined)) => return Ok((Link::Here(stub), joined)),
                Some(Err(r)) => return Err(r),
                None => {} // the task ended meanwhile: look again
            },
            Found::Elsewhere(owner) => {
                let (token, player) = (token.clone(), player.clone());
                if let Some(joined) = join_there(cluster, code, token, player, owner).await? {
                    return Ok(joined);
                }
            }
        }
        wait_or_give_up(give_up).await?;
    }
}

/// Takes a seat in the room with this code, here or through its node, as
/// the player with this hash if one is given.
pub async fn take_seat(
    registry: &Registry,
    cluster: &Cluster,
    code: RoomCode,
    name: String,
    seat: Option<u8>,
    player: Option<String>,
) -> Result<SeatTaken, Refusal> {
    let give_up = deadline(cluster);
    loop {
        match registry.get(code).await? {
            Found::Here(stub) => {
                let asked = stub.take_seat_as(name.clone(), seat, player.clone());
                if let Some(taken) = asked.await {
                    return taken;
                }
            }
            Found::Elsewhere(_) => {
                let take = Ask::TakeSeat {
                    name: name.clone(),
                    seat,
                    player: player.clone(),
                };
                match ask(cluster, code, &take).await? {
                    Asked::Answer(Answer::Seat(taken)) => return Ok(taken),
                    Asked::Answer(Answer::Refused { code, message }) => {
                        return Err(refusal(&code, message))
                    }
                    _ => {}
                }
            }
        }
        wait_or_give_up(give_up).await?;
    }
}

/// Applies a player's change (rename, forget) to the room with this code,
/// here or through its node; a room no node runs is started here
/// (`Registry::get`) to apply it.
pub async fn player_change(
    registry: &Registry,
    cluster: &Cluster,
    code: RoomCode,
    change: PlayerChange,
) -> Result<(), Refusal> {
    let give_up = deadline(cluster);
    loop {
        match registry.get(code).await? {
            Found::Here(stub) => {
                if let Some(done) = stub.player_change(change.clone()).await {
                    return done;
                }
            }
            Found::Elsewhere(_) => match ask(cluster, code, &Ask::People(change.clone())).await? {
                Asked::Answer(Answer::Done) => return Ok(()),
                Asked::Answer(Answer::Refused { code, message }) => {
                    return Err(refusal(&code, message))
                }
                _ => {}
            },
        }
        wait_or_give_up(give_up).await?;
    }
}

/// When to stop waiting for a room's lease: a lease's time and a second.
fn deadline(cluster: &Cluster) -> Instant {
    Instant::now() + Duration::from_millis(cluster.lease_ms.max(0) as u64) + Duration::from_secs(1)
}

async fn wait_or_give_up(give_up: Instant) -> Result<(), Refusal> {
    if Instant::now() >= give_up {
        return Err(Refusal::with(
            ErrorCode::ServerBusy,
            "This room is moving to another server: try again in a moment.",
        ));
    }
    tokio::time::sleep(RETRY_EVERY).await;
    Ok(())
}

fn refusal(code: &str, message: String) -> Refusal {
    let code = ErrorCode::parse(code).unwrap_or(ErrorCode::ServerBusy);
    Refusal::with(code, message)
}

/// Joins a room on another node: listens on a new link first, so that
/// nothing the room sends after the join is missed, then asks to join.
/// `None` when nobody answers for the room there.
async fn join_there(
    cluster: &Arc<Cluster>,
    code: RoomCode,
    token: Option<String>,
    player: Option<String>,
    owner: String,
) -> Result<Option<(Link, Joined)>, Refusal> {
    let link = format!("{:016x}", rand::random::<u64>());
    let listen = |e| unreachable_node(format!("cannot listen for room {code}: {e}"));
    let bus = &cluster.bus;
    let down = bus.subscribe(down_subject(&cluster.name, code, &link));
    let mut down = down.await.map_err(listen)?;
    let moved = bus.subscribe(moved_subject(&cluster.name, code));
    let mut moved = moved.await.map_err(listen)?;
    let join = Ask::Join {
        token,
        link: link.clone(),
        node: cluster.node.clone(),
        player,
    };
    let seat = match ask(cluster, code, &join).await {
        Ok(Asked::Answer(Answer::Joined { seat })) => seat,
        Ok(Asked::Answer(Answer::Refused { code, message })) => {
            return Err(refusal(&code, message))
        }
        Ok(_) => return Ok(None),
        Err(r) => return Err(r),
    };
    let (inlet, out) = feed();
    let relayed = Relayed {
        bus: cluster.bus.clone(),
        up: up_subject(&cluster.name, code, &link),
    };
    let mut gone = cluster.gone();
    let mut check = tokio::time::interval_at(Instant::now() + PEER_TIMEOUT, PEER_TIMEOUT);
    let cluster = cluster.clone();
    cluster.counts.relayed_out.fetch_add(1, Relaxed);
    tokio::spawn(async move {
        loop {
            tokio::select! {
                // The owner may have died before this node first heard of it.
                _ = check.tick() => {
                    if !cluster.is_live(&owner) {
                        inlet.push(Out::Close(1012, "room moved"));
                        break;
                    }
                }
                msg = down.next() => {
                    let Some(msg) = msg else { break };
                    let Some(out) = parse_down(&msg.payload) else { continue };
                    let close = matches!(out, Out::Close(..));
                    if !inlet.push(out) || close {
                        break;
                    }
                }
                g = gone.recv() => {
                    if g.is_ok_and(|node| node == owner || node == EVERY_NODE) {
                        inlet.push(Out::Close(1012, "room moved"));
                        break;
                    }
                }
                // Another node brought the room back: its node was lost.
                Some(_) = moved.next() => {
                    inlet.push(Out::Close(1012, "room moved"));
                    break;
                }
                _ = inlet.closed() => break,
            }
        }
        // Dropping the subscriptions stops listening.
        drop((down, moved));
        cluster.counts.relayed_out.fetch_sub(1, Relaxed);
    });
    let joined = Joined { conn: 0, seat, out };
    Ok(Some((Link::Relayed(relayed), joined)))
}
