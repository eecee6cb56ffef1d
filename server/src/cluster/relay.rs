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

use crate::error::{ErrorCode, Refusal};
use crate::rooms::{feed, Found, Joined, Out, Request, RoomStub, SeatTaken};
use crate::App;
use async_nats::client::RequestErrorKind;
use bytes::Bytes;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

use super::{Cluster, EVERY_NODE, PEER_TIMEOUT};

/// How long a node waits for the room's node to answer a request.
const ASK_TIMEOUT: Duration = Duration::from_secs(5);

/// How often a node looks again for a room whose lease another node holds
/// but that nobody answers for (that node is stopping, or died and its
/// lease has yet to expire).
const RETRY_EVERY: Duration = Duration::from_millis(200);

/// A request to the room's node.
#[derive(Debug, Serialize, Deserialize)]
enum Ask {
    /// Join, as a seat token's holder or a spectator; messages go down
    /// to `link`, which the asker listens on already.
    Join {
        token: Option<String>,
        link: String,
        node: String,
    },
    /// Take a seat in the lobby.
    TakeSeat { name: String, seat: Option<u8> },
}

/// The room's node's answer.
#[derive(Debug, Serialize, Deserialize)]
enum Answer {
    Joined {
        seat: Option<u8>,
    },
    Seat(SeatTaken),
    Refused {
        code: String,
        message: String,
    },
    /// The room stopped on this node meanwhile: ask again.
    Gone,
}

impl Answer {
    fn refused(r: &Refusal) -> Answer {
        Answer::Refused {
            code: r.code.as_str().into(),
            message: r.message.to_string(),
        }
    }
}

/// A relayed connection's message to the room.
#[derive(Debug, Serialize, Deserialize)]
enum Up {
    Msg(Request),
    Resync,
    Leave,
}

fn ask_subject(prefix: &str, code: &str) -> String {
    format!("{prefix}.room.{code}.ask")
}

fn up_subject(prefix: &str, code: &str, link: &str) -> String {
    format!("{prefix}.room.{code}.up.{link}")
}

fn down_subject(prefix: &str, code: &str, link: &str) -> String {
    format!("{prefix}.room.{code}.down.{link}")
}

fn moved_subject(prefix: &str, code: &str) -> String {
    format!("{prefix}.room.{code}.moved")
}

/// Says that the room now runs on this node (just brought back from the
/// store), so that connections relayed to where it ran before let go.
pub async fn announce_moved(cluster: &Cluster, code: &str) {
    if let Some(nats) = &cluster.nats {
        let _ = nats
            .publish(moved_subject(&cluster.name, code), Bytes::new())
            .await;
    }
}

/// A message down, as bytes: `T` and the text, or `C`, the status, a
/// space and the reason.
fn down_bytes(out: &Out) -> Bytes {
    match out {
        Out::Text(text) => Bytes::from([b"T", text.as_bytes()].concat()),
        Out::Close(status, reason) => Bytes::from(format!("C{status} {reason}")),
    }
}

fn parse_down(body: &[u8]) -> Option<Out> {
    let (&kind, rest) = body.split_first()?;
    let rest = std::str::from_utf8(rest).ok()?;
    match kind {
        b'T' => Some(Out::Text(rest.into())),
        b'C' => {
            let (status, _) = rest.split_once(' ')?;
            // The reason is the room's own; a relayed close says it plainly.
            Some(Out::Close(status.parse().ok()?, "room moved"))
        }
        _ => None,
    }
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
    nats: async_nats::Client,
    up: String,
}

impl Link {
    /// Passes a request on; false if the room is gone.
    pub async fn send(&self, conn: u64, msg: Request, at: Instant) -> bool {
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
                let (nats, up) = (r.nats.clone(), r.up.clone());
                tokio::spawn(async move {
                    let body = serde_json::to_vec(&Up::Leave).unwrap_or_default();
                    let _ = nats.publish(up, body.into()).await;
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
        self.nats
            .publish(self.up.clone(), body.into())
            .await
            .is_ok()
    }
}

/// How a request to another node went.
enum Asked {
    Answer(Answer),
    /// Nobody answers for the room there (yet, or any more).
    Nobody,
}

async fn ask(
    cluster: &Cluster,
    nats: &async_nats::Client,
    code: &str,
    ask: &Ask,
) -> Result<Asked, Refusal> {
    let body = serde_json::to_vec(ask).map_err(|e| Refusal::store(e.to_string()))?;
    let request = nats.request(ask_subject(&cluster.name, code), body.into());
    match tokio::time::timeout(ASK_TIMEOUT, request).await {
        Ok(Ok(msg)) => serde_json::from_slice(&msg.payload)
            .map(Asked::Answer)
            .map_err(|e| unreachable_node(format!("a bad answer for room {code}: {e}"))),
        Ok(Err(e)) if e.kind() == RequestErrorKind::NoResponders => Ok(Asked::Nobody),
        Ok(Err(e)) => Err(unreachable_node(format!("asking for room {code}: {e}"))),
        Err(_) => Err(unreachable_node(format!(
            "room {code}'s node did not answer"
        ))),
    }
}

fn unreachable_node(why: String) -> Refusal {
    tracing::warn!("relay: {why}");
    Refusal::with(
        ErrorCode::ServerBusy,
        "This room's server is not answering: try again in a moment.",
    )
}

/// Finds the room with this code and joins it, here or through its node:
/// waits (up to a lease's time and a little more) while another node holds
/// its lease and nobody answers for it, until it is taken over.
pub async fn join(app: &App, code: &str, token: Option<String>) -> Result<(Link, Joined), Refusal> {
    let give_up = deadline(&app.cluster);
    loop {
        match app.registry.get(code).await? {
            Found::Here(stub) => match stub.join(token.clone()).await {
                Some(Ok(joined)) => return Ok((Link::Here(stub), joined)),
                Some(Err(r)) => return Err(r),
                None => {} // the task ended meanwhile: look again
            },
            Found::Elsewhere(owner) => {
                if let Some(nats) = &app.cluster.nats {
                    let token = token.clone();
                    if let Some(joined) = join_there(&app.cluster, nats, code, token, owner).await?
                    {
                        return Ok(joined);
                    }
                }
            }
        }
        wait_or_give_up(give_up).await?;
    }
}

/// Takes a seat in the room with this code, here or through its node.
pub async fn take_seat(
    app: &App,
    code: &str,
    name: String,
    seat: Option<u8>,
) -> Result<SeatTaken, Refusal> {
    let give_up = deadline(&app.cluster);
    loop {
        match app.registry.get(code).await? {
            Found::Here(stub) => {
                if let Some(taken) = stub.take_seat(name.clone(), seat).await {
                    return taken;
                }
            }
            Found::Elsewhere(_) => {
                if let Some(nats) = &app.cluster.nats {
                    let asked = ask(
                        &app.cluster,
                        nats,
                        code,
                        &Ask::TakeSeat {
                            name: name.clone(),
                            seat,
                        },
                    )
                    .await?;
                    match asked {
                        Asked::Answer(Answer::Seat(taken)) => return Ok(taken),
                        Asked::Answer(Answer::Refused { code, message }) => {
                            return Err(refusal(&code, message))
                        }
                        _ => {}
                    }
                }
            }
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
    nats: &async_nats::Client,
    code: &str,
    token: Option<String>,
    owner: String,
) -> Result<Option<(Link, Joined)>, Refusal> {
    let link = format!("{:016x}", rand::random::<u64>());
    let listen = |e| unreachable_node(format!("cannot listen for room {code}: {e}"));
    let mut down = nats
        .subscribe(down_subject(&cluster.name, code, &link))
        .await
        .map_err(listen)?;
    let mut moved = nats
        .subscribe(moved_subject(&cluster.name, code))
        .await
        .map_err(listen)?;
    let join = Ask::Join {
        token,
        link: link.clone(),
        node: cluster.node.clone(),
    };
    let seat = match ask(cluster, nats, code, &join).await {
        Ok(Asked::Answer(Answer::Joined { seat })) => seat,
        Ok(Asked::Answer(Answer::Refused { code, message })) => {
            return Err(refusal(&code, message))
        }
        Ok(_) => return Ok(None),
        Err(r) => return Err(r),
    };
    let (inlet, out) = feed();
    let relayed = Relayed {
        nats: nats.clone(),
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
        let _ = down.unsubscribe().await;
        let _ = moved.unsubscribe().await;
        cluster.counts.relayed_out.fetch_sub(1, Relaxed);
    });
    let joined = Joined { conn: 0, seat, out };
    Ok(Some((Link::Relayed(relayed), joined)))
}

/// Answers for a room on this node while it runs here: joins and seats
/// asked for by other nodes, and the messages of their connections.
pub async fn serve_room(cluster: Arc<Cluster>, code: String, stub: RoomStub) {
    let Some(nats) = cluster.nats.clone() else {
        return;
    };
    let mut asks = match nats.subscribe(ask_subject(&cluster.name, &code)).await {
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
                let (cluster, code, stub) = (cluster.clone(), code.clone(), stub.clone());
                tokio::spawn(async move { answer(cluster, &code, stub, msg).await });
            }
        }
    }
    let _ = asks.unsubscribe().await;
}

async fn answer(cluster: Arc<Cluster>, code: &str, stub: RoomStub, msg: async_nats::Message) {
    let Some(nats) = cluster.nats.clone() else {
        return;
    };
    let Some(reply) = msg.reply.clone() else {
        return;
    };
    let answer = match serde_json::from_slice::<Ask>(&msg.payload) {
        Err(e) => Answer::refused(&Refusal::with(ErrorCode::BadMessage, e.to_string())),
        Ok(Ask::TakeSeat { name, seat }) => match stub.take_seat(name, seat).await {
            Some(Ok(taken)) => Answer::Seat(taken),
            Some(Err(r)) => Answer::refused(&r),
            None => Answer::Gone,
        },
        Ok(Ask::Join { token, link, node }) => {
            // Listen for the connection's messages before it may send any.
            match nats.subscribe(up_subject(&cluster.name, code, &link)).await {
                Err(e) => Answer::refused(&unreachable_node(format!("cannot listen: {e}"))),
                Ok(up) => match stub.join(token).await {
                    Some(Ok(joined)) => {
                        let seat = joined.seat;
                        let relay = Relay {
                            nats: nats.clone(),
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
        let _ = nats.publish(reply, body.into()).await;
    }
}

/// The room's end of a relayed connection.
struct Relay {
    nats: async_nats::Client,
    down: String,
    stub: RoomStub,
    /// The relaying node.
    node: String,
}

impl Relay {
    async fn run(self, joined: Joined, mut up: async_nats::Subscriber, cluster: Arc<Cluster>) {
        let Joined { conn, mut out, .. } = joined;
        cluster.counts.relayed_in.fetch_add(1, Relaxed);
        let mut gone = cluster.gone();
        let mut check = tokio::time::interval_at(Instant::now() + PEER_TIMEOUT, PEER_TIMEOUT);
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
                    let _ = self.nats.publish(self.down.clone(), down_bytes(&msg)).await;
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
                                let close = Out::Close(1001, "room closed");
                                let _ = self.nats.publish(self.down.clone(), down_bytes(&close)).await;
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
        let _ = up.unsubscribe().await;
        cluster.counts.relayed_in.fetch_sub(1, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_down_keep_their_text_and_closes_their_status() {
        let text = Out::Text("{\"type\":\"pong\"}".into());
        match parse_down(&down_bytes(&text)) {
            Some(Out::Text(t)) => assert_eq!(&*t, "{\"type\":\"pong\"}"),
            other => panic!("{other:?}"),
        }
        match parse_down(&down_bytes(&Out::Close(1012, "room reloading"))) {
            Some(Out::Close(1012, _)) => {}
            other => panic!("{other:?}"),
        }
        assert!(parse_down(b"X").is_none());
    }
}
