//! The circle's page, live (`GET /ws/circle`, docs/protocol.md "Circles"):
//! one socket per open page, sent the circle again whenever it changes,
//! and closed at once when its member is removed.
//!
//! What changes a circle is done on any node; the [`Hub`] wakes the
//! sockets of that circle on this node at once, and on the others through
//! the cluster's bus (nothing is sent but the circle's id: each socket
//! reads the circle itself). Presence and the turns of its games change
//! without a request to this server's circle routes, so every socket also
//! looks again every [`REFRESH`]; a socket whose view did not change sends
//! nothing.

use super::view;
use crate::cluster::Cluster;
use crate::error::{ErrorCode, Refusal};
use crate::ids::{self, CircleId};
use crate::rooms::Registry;
use crate::services::Services;
use crate::store::{now_ms, Store};
use crate::ws::{admit, frames};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use serde::Deserialize;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::broadcast;

/// How often an open circle page looks again without being woken: who is
/// here, and whose turn it is in its games.
pub const REFRESH: Duration = Duration::from_secs(10);

/// How long a new socket may take to say `hello`.
const HELLO_WITHIN: Duration = Duration::from_secs(10);

/// Fewest time between two looks of one socket, so that a burst of
/// changes costs one read.
const AT_MOST_EVERY: Duration = Duration::from_millis(250);

/// The close code of a socket whose member left or was removed.
pub const CLOSE_REMOVED: u16 = 4403;

/// The cluster subject a node says a circle changed on.
const SUBJECT: &str = "circles.changed";

/// Wakes the open pages of a circle when it changes, on every node.
pub struct Hub {
    // std Mutex: held for one map update, never across an await.
    watchers: Mutex<HashMap<String, broadcast::Sender<()>>>,
    cluster: Arc<Cluster>,
}

impl Hub {
    /// The hub of this node.
    pub fn new(cluster: Arc<Cluster>) -> Arc<Hub> {
        Arc::new(Hub {
            watchers: Mutex::default(),
            cluster,
        })
    }

    /// Wakes on every change of `circle` from now on.
    pub fn watch(&self, circle: &str) -> broadcast::Receiver<()> {
        let mut watchers = self.watchers.lock().unwrap_or_else(|p| p.into_inner());
        // Circles nobody watches any more are forgotten here.
        watchers.retain(|_, w| w.receiver_count() > 0);
        let sender = watchers
            .entry(circle.to_string())
            .or_insert_with(|| broadcast::channel(1).0);
        sender.subscribe()
    }

    /// Wakes this node's pages of `circle`.
    fn wake(&self, circle: &str) {
        let watchers = self.watchers.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(w) = watchers.get(circle) {
            let _ = w.send(());
        }
    }

    /// `circle` changed: its pages here and on the other nodes look again.
    pub async fn changed(&self, circle: &str) {
        self.wake(circle);
        let subject = self.cluster.subject(SUBJECT);
        let body = circle.as_bytes().to_vec().into();
        let bus = self.cluster.bus.clone();
        (self.cluster)
            .among_others(async move {
                bus.publish(subject, body).await;
            })
            .await;
    }

    /// Hears what changes circles elsewhere: their rooms running here
    /// (`registry`), and the other nodes. Runs until aborted.
    pub async fn listen(self: Arc<Self>, registry: Registry) {
        let mut rooms = registry.circle_changes();
        let hub = self.clone();
        let from_rooms = async move {
            loop {
                match rooms.recv().await {
                    Ok(circle) => hub.changed(circle.as_str()).await,
                    // Missed some: none is lost for long (pages look again
                    // every REFRESH).
                    Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => return,
                }
            }
        };
        tokio::join!(from_rooms, self.hear_other_nodes());
    }

    /// Hears the other nodes' changes, until the bus ends (a node alone
    /// hears nothing and returns at once).
    async fn hear_other_nodes(&self) {
        if !self.cluster.bus.shared() {
            return;
        }
        let subject = self.cluster.subject(SUBJECT);
        let mut heard = match self.cluster.bus.subscribe(subject).await {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!("circles' changes from other nodes not heard: {e}");
                return;
            }
        };
        while let Some(m) = heard.next().await {
            if let Ok(circle) = std::str::from_utf8(&m.payload) {
                self.wake(circle);
            }
        }
    }
}

/// The first frame of a circle socket.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Hello {
    #[serde(rename = "type")]
    kind: String,
    circle: String,
    player: String,
}

/// `GET /ws/circle`: a circle's page, live. Let in as a room's socket is
/// (`ws::admit`).
pub async fn socket(
    State(s): State<Services>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let admitted = match admit(&s.sockets, &s.cluster, &s.limits, peer, &headers).await {
        Ok(a) => a,
        Err(r) => return r.into_response(),
    };
    ws.max_message_size(crate::edge::MAX_INPUT_BYTES)
        .max_frame_size(crate::edge::MAX_INPUT_BYTES)
        .write_buffer_size(0)
        .on_upgrade(move |mut socket| async move {
            follow(&mut socket, &s).await;
            drop(admitted);
        })
}

/// Follows one circle for one page until it closes, its member is
/// removed, or the server shuts down.
async fn follow(socket: &mut WebSocket, s: &Services) {
    let (circle, player) = match hello(socket, &s.store).await {
        Ok(Some(found)) => found,
        Ok(None) => {
            let refusal = Refusal::new(ErrorCode::NoCircle);
            frames::send(socket, Message::Text(refusal.to_ws_text().into())).await;
            frames::close(socket, 1008, "no circle").await;
            return;
        }
        // The store away: not a refusal; the page comes back later.
        Err(e) => {
            tracing::warn!("circle socket: {e}");
            frames::close(socket, 1011, "try again").await;
            return;
        }
    };
    let mut woken = s.circles.watch(circle.as_str());
    let mut shutdown = s.sockets.shutdown.clone();
    let mut last_sent = String::new();
    loop {
        let now = now_ms();
        // The page open is its player here: as an open page's polls do.
        if let Err(e) = s.store.touch_player(&player, now).await {
            tracing::debug!("circle socket: cannot touch its player: {e}");
        }
        let looked = look(&s.store, circle, &player, now).await;
        let frame = match looked {
            Ok(Some(frame)) => frame,
            Ok(None) => {
                let removed = serde_json::json!({"type": "removed"}).to_string();
                frames::send(socket, Message::Text(removed.into())).await;
                frames::close(socket, CLOSE_REMOVED, "removed").await;
                return;
            }
            // The store away: the page keeps what it shows, and looks again.
            Err(e) => {
                tracing::warn!(%circle, "circle socket: {e}");
                last_sent.clone()
            }
        };
        if frame != last_sent {
            if !frames::send(socket, Message::Text(frame.clone().into())).await {
                return;
            }
            last_sent = frame;
        }
        tokio::time::sleep(AT_MOST_EVERY).await;
        tokio::select! {
            _ = woken.recv() => {}
            _ = tokio::time::sleep(REFRESH) => {}
            _ = shutdown.changed() => {
                frames::close(socket, 1001, "server restarting").await;
                return;
            }
            m = socket.next() => match m {
                // Anything the page says is ignored: it only listens.
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
        }
    }
}

/// The circle and player of a socket's `hello`, if it names a circle of
/// which that player is a member; an error if the store cannot say.
async fn hello(
    socket: &mut WebSocket,
    store: &Store,
) -> Result<Option<(CircleId, String)>, crate::store::StoreError> {
    let first = tokio::time::timeout(HELLO_WITHIN, socket.next()).await;
    let Ok(Some(Ok(Message::Text(text)))) = first else {
        return Ok(None);
    };
    let Some((circle, player)) = said(&text) else {
        return Ok(None);
    };
    let member = store.membership(circle.as_str(), &player).await?;
    Ok(member.map(|_| (circle, player)))
}

/// The circle and the player hash a `hello` names, if it is one.
fn said(text: &str) -> Option<(CircleId, String)> {
    let hello: Hello = serde_json::from_str(text).ok()?;
    let circle = CircleId::parse(&hello.circle).filter(|_| hello.kind == "hello")?;
    ids::is_player_secret(&hello.player).then(|| (circle, ids::hash_token(&hello.player)))
}

/// The circle's frame for its member, or `None` once they are not one.
async fn look(
    store: &Store,
    circle: CircleId,
    player: &str,
    now: i64,
) -> Result<Option<String>, crate::store::StoreError> {
    let Some(c) = store.circle(circle.as_str()).await? else {
        return Ok(None);
    };
    let v = view(store, &c, player, now).await?;
    // The view reads the members: whether the player is still one too.
    if !v.members.iter().any(|m| m.me) {
        return Ok(None);
    }
    let frame = serde_json::json!({"type": "circle", "circle": v});
    Ok(Some(frame.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hello_names_a_circle_and_a_well_formed_secret() {
        let secret = "0123456789abcdef0123456789abcdef";
        let hello = |kind: &str, circle: &str, player: &str| {
            serde_json::json!({"type": kind, "circle": circle, "player": player}).to_string()
        };
        let (circle, player) = said(&hello("hello", "K7M2PQ9XRT", secret)).expect("a hello");
        assert_eq!(
            (circle.as_str(), player),
            ("K7M2PQ9XRT", ids::hash_token(secret))
        );
        assert!(said(&hello("join", "K7M2PQ9XRT", secret)).is_none());
        assert!(said(&hello("hello", "K7M2PQ9XR", secret)).is_none());
        assert!(said(&hello("hello", "K7M2PQ9XRT", "not-a-secret")).is_none());
        assert!(said("{\"type\":\"hello\"}").is_none());
        let extra = r#"{"type":"hello","circle":"K7M2PQ9XRT","player":"x","more":1}"#;
        assert!(said(extra).is_none());
    }
}
