//! WebSocket connections: the `hello`, seat authentication, per-connection
//! rate limits, and fan-out of the room's messages to the socket.
//!
//! Every input is parsed here, at the edge; the room task only ever sees
//! well-formed [`ClientMsg`]s. A bad message gets an `error` and the
//! connection goes on; only floods, oversized frames and a bad `hello`
//! close it.

use crate::cluster::relay::{self, Link};
use crate::edge::client_ip;
use crate::error::{Edge, ErrorCode, Refusal};
use crate::limits::{self, Limited, OpenSlot, RateLimit};
use crate::rooms::{Out, Request};
use crate::{ids, App, MAX_INPUT_BYTES};
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use chowka_protocol::messages::{ClientMsg, ServerMsg};
use std::net::SocketAddr;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;
use tokio::sync::OwnedSemaphorePermit;
use tokio::time::Instant;

/// How long a new connection has to say `hello`.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// The message types a client may send (for `unknown_type`).
const CLIENT_TYPES: [&str; 12] = [
    "hello",
    "act",
    "chat",
    "start",
    "set_bot",
    "rematch",
    "ping",
    "stand_in",
    "take_back",
    "remove",
    "leave_seat",
    "seed",
];

/// How long one write to a socket may take before the connection is
/// given up as dead (its peer stopped reading, or the network is gone).
const WRITE_DEADLINE: Duration = Duration::from_secs(10);

/// Read buffer of a WebSocket: client messages are small (16 KiB at most,
/// most under 200 bytes), and an idle socket keeps its buffer, so it is
/// sized for them rather than tungstenite's 128 KiB (docs/performance.md).
const READ_BUFFER: usize = 4 * 1024;

/// `GET /ws`: upgrades to a WebSocket, if the page is ours and a
/// connection slot is free, overall and for the address.
pub async fn upgrade(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    // Counted and logged on the way out (error::count_refusals).
    let refuse = |code: ErrorCode| Refusal::new(code).into_response();
    if !origin_allowed(&app, &headers) {
        return refuse(ErrorCode::BadOrigin);
    }
    let ip = client_ip(app.config.trust_forwarded_for, peer, &headers);
    // Each connection looks one room up by code: limited like HTTP lookups.
    if let Err(r) = app.check(Limited::Lookups, ip).await {
        return r.into_response();
    }
    // The cap holds across nodes: what the others hold for this address counts.
    let elsewhere = app.cluster.sockets_elsewhere(limits::address_key(ip));
    let cap = app.config.ws_per_address.saturating_sub(elsewhere);
    let Some(slot) = app.ws_addresses.take(ip, cap) else {
        return refuse(ErrorCode::TooManyConnections);
    };
    let Ok(permit) = app.connections.clone().try_acquire_owned() else {
        return refuse(ErrorCode::ServerBusy);
    };
    // Frames above our own limit are read (up to 4x) so that the client
    // gets a clear `too_big` before the close; beyond that the socket
    // library refuses them outright. Writes go out at once (each send
    // flushes), so no write buffer is kept either.
    ws.max_message_size(4 * MAX_INPUT_BYTES)
        .max_frame_size(4 * MAX_INPUT_BYTES)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            app.metrics.connections_active.fetch_add(1, Relaxed);
            app.metrics.connections_total.fetch_add(1, Relaxed);
            connection(socket, app.clone(), (permit, slot)).await;
            app.metrics.connections_active.fetch_sub(1, Relaxed);
            tracing::debug!(%ip, "connection closed");
        })
}

/// Whether a WebSocket may be opened from the page that asks: browsers
/// always say which page (`Origin`); it must be this server's own (the
/// same host as asked for) or one of `--allowed-origins`. Clients other
/// than browsers send no `Origin` and are let in: the check is against
/// other sites' pages riding on a visitor's browser, not against programs.
fn origin_allowed(app: &App, headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if (app.config.allowed_origins.iter()).any(|o| o.trim_end_matches('/') == origin) {
        return true;
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin.split_once("://").map(|(_, rest)| rest);
    host.is_some() && origin_host == host
}

/// Sends a refusal as an `error` message, reported first.
async fn send_error(socket: &mut WebSocket, app: &App, refusal: &Refusal) -> bool {
    refusal.report(&app.metrics, Edge::WebSocket);
    send(socket, Message::Text(refusal.to_ws_text().into())).await
}

/// How long a closing connection is read (and what comes discarded) for
/// the client's own close frame.
const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// Closes the connection with this status and reason, as RFC 6455 wants:
/// the close frame, then reading until the client's close comes back.
/// Closing with unread bytes would make the kernel reset the connection,
/// and a reset throws away what the client had not read yet, this error
/// and close frame included.
async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    if !send(socket, Message::Close(Some(frame))).await {
        return;
    }
    let _ = tokio::time::timeout(CLOSE_WAIT, async {
        while let Some(Ok(m)) = socket.recv().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// What a text frame turned out to be.
enum Parsed {
    Msg(ClientMsg),
    Bad(Refusal),
}

/// Parses one client message, telling an unknown type from a malformed one.
fn parse(text: &str) -> Parsed {
    // Well-formed messages (nearly all) are parsed once; only a message
    // that fails is looked at again, to say what is wrong with it.
    if let Ok(msg) = serde_json::from_str(text) {
        return Parsed::Msg(msg);
    }
    let value: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return bad(ErrorCode::BadMessage, format!("That is not JSON: {e}.")),
    };
    let Some(kind) = value
        .get("type")
        .and_then(|t| t.as_str())
        .map(str::to_owned)
    else {
        return bad(
            ErrorCode::BadMessage,
            "A message is a JSON object with a \"type\" string.".into(),
        );
    };
    if !CLIENT_TYPES.contains(&kind.as_str()) {
        let kind: String = kind.chars().take(40).collect();
        return bad(
            ErrorCode::UnknownType,
            format!("Unknown message type {kind:?}: see docs/protocol.md."),
        );
    }
    match serde_json::from_value(value) {
        Ok(m) => Parsed::Msg(m),
        Err(e) => bad(ErrorCode::BadMessage, format!("Bad {kind} message: {e}.")),
    }
}

fn bad(code: ErrorCode, message: String) -> Parsed {
    Parsed::Bad(Refusal::with(code, message))
}

/// Why a connection is closed before it joins a room.
struct TurnedAway {
    /// The error to send first, if the socket can take it.
    error: Option<Refusal>,
    /// WebSocket close status.
    status: u16,
    /// Close reason.
    reason: &'static str,
}

impl TurnedAway {
    fn new(error: Refusal, status: u16, reason: &'static str) -> Self {
        TurnedAway {
            error: Some(error),
            status,
            reason,
        }
    }

    fn hello_first(message: &'static str) -> Self {
        let error = Refusal::with(ErrorCode::HelloFirst, message);
        TurnedAway::new(error, 1008, "hello first")
    }
}

/// Reads the `hello` and joins its room; `None` (after telling the client
/// why and closing) if it could not.
async fn hello(socket: &mut WebSocket, app: &App) -> Option<(Link, crate::rooms::Joined)> {
    let turned = match read_hello(socket).await {
        Ok((room, token)) => match join(app, &room, token).await {
            Ok(joined) => return Some(joined),
            Err(r) => {
                let reason = r.code.as_str();
                TurnedAway::new(r, 1008, reason)
            }
        },
        Err(Some(turned)) => turned,
        Err(None) => return None, // the client left
    };
    if let Some(error) = &turned.error {
        send_error(socket, app, error).await;
    }
    close(socket, turned.status, turned.reason).await;
    None
}

/// The first frame, which must be a `hello`: its room code and seat token.
async fn read_hello(
    socket: &mut WebSocket,
) -> Result<(String, Option<String>), Option<TurnedAway>> {
    let say_hello = ErrorCode::HelloFirst.sentence();
    let text = match tokio::time::timeout(HELLO_TIMEOUT, socket.recv()).await {
        Ok(Some(Ok(Message::Text(t)))) if t.len() <= MAX_INPUT_BYTES => t,
        Ok(Some(Ok(Message::Text(_)))) => {
            return Err(Some(TurnedAway::new(
                ErrorCode::TooBig.into(),
                1009,
                "message too big",
            )))
        }
        Ok(Some(Ok(_))) => return Err(Some(TurnedAway::hello_first(say_hello))),
        Ok(Some(Err(e))) => {
            let (status, reason) = read_error_close(e);
            return Err(Some(TurnedAway {
                error: None,
                status,
                reason,
            }));
        }
        Ok(None) => return Err(None),
        Err(_) => return Err(Some(TurnedAway::hello_first("No hello within 10 seconds."))),
    };
    match parse(&text) {
        Parsed::Msg(ClientMsg::Hello { room, token }) => Ok((room, token)),
        Parsed::Msg(_) => Err(Some(TurnedAway::hello_first(say_hello))),
        Parsed::Bad(error) => Err(Some(TurnedAway::new(error, 1008, "bad hello"))),
    }
}

/// Joins the room with this code, as a player with a seat token or as a
/// spectator: here, or through the node that runs it (`cluster::relay`).
async fn join(
    app: &App,
    room: &str,
    token: Option<String>,
) -> Result<(Link, crate::rooms::Joined), Refusal> {
    let code = ids::normalize_code(room).ok_or_else(Refusal::no_room)?;
    relay::join(app, &code, token).await
}

/// The close status and reason for a frame the socket library refused:
/// 1009 for one over the size limit, 1007 for text that is not UTF-8,
/// 1002 for a breach of the WebSocket protocol (RFC 6455, 7.4.1).
fn read_error_close(e: axum::Error) -> (u16, &'static str) {
    use tungstenite::error::{CapacityError, Error as WsError};
    match e.into_inner().downcast_ref::<WsError>() {
        Some(WsError::Capacity(CapacityError::MessageTooLong { .. })) => (1009, "message too big"),
        Some(WsError::Capacity(_)) => (1009, "message too big"),
        Some(WsError::Utf8(_)) => (1007, "text is not UTF-8"),
        _ => (1002, "protocol error"),
    }
}

/// Sends one frame, within [`WRITE_DEADLINE`]; false if the connection is
/// gone or stopped reading.
async fn send(socket: &mut WebSocket, msg: Message) -> bool {
    matches!(
        tokio::time::timeout(WRITE_DEADLINE, socket.send(msg)).await,
        Ok(Ok(()))
    )
}

async fn connection(mut socket: WebSocket, app: App, _slots: (OwnedSemaphorePermit, OpenSlot)) {
    let mut shutdown = app.shutdown.clone();
    if *shutdown.borrow() {
        close(&mut socket, 1001, "server shutting down").await;
        return;
    }
    let joined = tokio::select! {
        j = hello(&mut socket, &app) => j,
        _ = shutdown.changed() => None,
    };
    let Some((stub, joined)) = joined else { return };
    let conn = joined.conn;
    let mut out = joined.out;
    let mut limit = RateLimit::new(app.config.messages_per_second);
    // A quiet connection is pinged; one that answers nothing, not even a
    // pong, for two periods is gone (a phone that lost its network, or a
    // client holding a slot) and is closed.
    let period = Duration::from_secs(app.config.ping_secs.max(1));
    let mut pings = tokio::time::interval_at(Instant::now() + period, period);
    let mut heard = Instant::now();
    loop {
        tokio::select! {
            // In this order, and no further once one is ready: most
            // wake-ups are a state for the socket (four a move at a table
            // of four), which then costs no look at the socket, the clock
            // or the shutdown. Neither starves: the mailbox empties.
            biased;
            msg = out.recv() => match msg {
                Some(Out::Text(text)) => {
                    if !send(&mut socket, Message::Text(text)).await {
                        break;
                    }
                    // Too slow to keep up, messages were dropped for this
                    // connection alone: now that it has caught up, a fresh
                    // full state replaces what it missed.
                    if out.caught_up_after_missing() {
                        tracing::debug!(conn, "connection missed messages: resync");
                        stub.resync(conn).await;
                    }
                }
                Some(Out::Close(code, reason)) => {
                    close(&mut socket, code, reason).await;
                    break;
                }
                None => {
                    close(&mut socket, 1000, "room closed").await;
                    break;
                }
            },
            incoming = socket.recv() => {
                heard = Instant::now();
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let error = Refusal::with(ErrorCode::BadMessage, "Messages are JSON text frames.");
                        if !send_error(&mut socket, &app, &error).await {
                            break;
                        }
                        continue;
                    }
                    Some(Ok(Message::Close(_))) | None => break,
                    // Pongs only show the connection is alive; the socket
                    // library answers pings itself.
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => {
                        let (status, reason) = read_error_close(e);
                        close(&mut socket, status, reason).await;
                        break;
                    }
                };
                app.metrics.messages_received.fetch_add(1, Relaxed);
                if text.len() > MAX_INPUT_BYTES {
                    send_error(&mut socket, &app, &ErrorCode::TooBig.into()).await;
                    close(&mut socket, 1009, "message too big").await;
                    break;
                }
                if !limit.allow() {
                    if limit.flooding() {
                        let error = Refusal::with(ErrorCode::RateLimited, "Too many messages: closing.");
                        send_error(&mut socket, &app, &error).await;
                        close(&mut socket, 1008, "flooding").await;
                        break;
                    }
                    if limit.should_warn() {
                        let m = format!("Slow down: at most {} messages a second.", app.config.messages_per_second);
                        send_error(&mut socket, &app, &Refusal::with(ErrorCode::RateLimited, m)).await;
                    }
                    continue;
                }
                match parse(&text) {
                    Parsed::Msg(msg) => match Request::try_from(msg) {
                        Ok(request) => {
                            if !stub.send(conn, request, Instant::now()).await {
                                close(&mut socket, 1001, "room closed").await;
                                break;
                            }
                        }
                        Err(ClientMsg::Ping) => {
                            let pong = serde_json::to_string(&ServerMsg::Pong).unwrap_or_default();
                            if !send(&mut socket, Message::Text(pong.into())).await {
                                break;
                            }
                        }
                        // Only `hello` is left: this connection said it already.
                        Err(_) => {
                            send_error(&mut socket, &app, &ErrorCode::AlreadyJoined.into()).await;
                        }
                    },
                    Parsed::Bad(error) => {
                        if !send_error(&mut socket, &app, &error).await {
                            break;
                        }
                    }
                }
            }
            _ = pings.tick() => {
                let quiet = heard.elapsed();
                if quiet >= 2 * period {
                    close(&mut socket, 1001, "no answer to pings").await;
                    break;
                }
                // Ticks come a period apart and `heard` was set just after
                // the first was due: a connection quiet for half a period is
                // pinged, so its pong has a whole period to come back (at
                // `>= period` the ping slipped to the next tick and the pong
                // had only microseconds).
                if quiet >= period / 2 && !send(&mut socket, Message::Ping(Default::default())).await {
                    break;
                }
            }
            _ = shutdown.changed() => {
                close(&mut socket, 1001, "server shutting down").await;
                break;
            }
        }
    }
    stub.leave(conn);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_types_are_told_apart_from_malformed_messages() {
        assert!(matches!(
            parse("{\"type\":\"fly\"}"),
            Parsed::Bad(Refusal {
                code: ErrorCode::UnknownType,
                ..
            })
        ));
        assert!(matches!(
            parse("nope"),
            Parsed::Bad(Refusal {
                code: ErrorCode::BadMessage,
                ..
            })
        ));
        assert!(matches!(
            parse("[1]"),
            Parsed::Bad(Refusal {
                code: ErrorCode::BadMessage,
                ..
            })
        ));
        assert!(matches!(
            parse("{\"type\":\"act\",\"version\":\"x\",\"action\":{\"do\":\"throw\"}}"),
            Parsed::Bad(Refusal {
                code: ErrorCode::BadMessage,
                ..
            })
        ));
        assert!(matches!(
            parse("{\"type\":\"ping\"}"),
            Parsed::Msg(ClientMsg::Ping)
        ));
    }
}
