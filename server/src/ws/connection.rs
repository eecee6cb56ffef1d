//! One connection's life after the upgrade: the `hello`, then a loop that
//! passes the room's messages to the socket and the client's to the room,
//! pings a quiet client, closes a silent or flooding one, and closes
//! everything at shutdown.
//!
//! It runs over any `Sink<Message>` + `Stream<Item = Result<Message, E>>`
//! (axum's own [`Message`]): the server hands it axum's socket, the tests
//! channels on a paused clock (`ws::tests`).

use super::frames::{close, read_error_close, send, send_error};
use super::hello::hello;
use super::parse::{parse, Parsed};
use super::Reach;
use crate::edge::MAX_INPUT_BYTES;
use crate::error::{ErrorCode, Refusal};
use crate::limits::{OpenSlot, RateLimit};
use crate::rooms::Out;
use axum::extract::ws::Message;
use chowka_protocol::messages::{ClientMsg, ConnectionMsg, ServerMsg};
use futures_util::{Sink, Stream, StreamExt};
use std::error::Error;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;
use tokio::sync::OwnedSemaphorePermit;
use tokio::time::Instant;

/// Runs one connection to its end; `_slots` (its connection permit and
/// its place among its address's connections) are held until then.
pub(super) async fn connection<S, E>(
    mut socket: S,
    reach: Reach,
    _slots: (OwnedSemaphorePermit, OpenSlot),
) where
    S: Sink<Message> + Stream<Item = Result<Message, E>> + Unpin,
    E: Error + 'static,
{
    let mut shutdown = reach.sockets.shutdown.clone();
    if *shutdown.borrow() {
        close(&mut socket, 1001, "server shutting down").await;
        return;
    }
    let joined = tokio::select! {
        j = hello(&mut socket, &reach) => j,
        _ = shutdown.changed() => None,
    };
    let Some((stub, joined)) = joined else { return };
    let conn = joined.conn;
    let mut out = joined.out;
    let mut limit = RateLimit::new(reach.sockets.opts.messages_per_second);
    // A quiet connection is pinged; one that answers nothing, not even a
    // pong, for two periods is gone (a phone that lost its network, or a
    // client holding a slot) and is closed.
    let period = Duration::from_secs(reach.sockets.opts.ping_secs.max(1));
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
            incoming = socket.next() => {
                heard = Instant::now();
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let error = Refusal::with(ErrorCode::BadMessage, "Messages are JSON text frames.");
                        if !send_error(&mut socket, &reach.metrics, &error).await {
                            break;
                        }
                        continue;
                    }
                    Some(Ok(Message::Close(_))) | None => break,
                    // Pongs only show the connection is alive; the socket
                    // library answers pings itself.
                    Some(Ok(_)) => continue,
                    Some(Err(e)) => {
                        let (status, reason) = read_error_close(&e);
                        close(&mut socket, status, reason).await;
                        break;
                    }
                };
                reach.metrics.messages_received.fetch_add(1, Relaxed);
                if text.len() > MAX_INPUT_BYTES {
                    send_error(&mut socket, &reach.metrics, &ErrorCode::TooBig.into()).await;
                    close(&mut socket, 1009, "message too big").await;
                    break;
                }
                if !limit.allow() {
                    if limit.flooding() {
                        let error = Refusal::with(ErrorCode::RateLimited, "Too many messages: closing.");
                        send_error(&mut socket, &reach.metrics, &error).await;
                        close(&mut socket, 1008, "flooding").await;
                        break;
                    }
                    if limit.should_warn() {
                        let m = format!("Slow down: at most {} messages a second.", reach.sockets.opts.messages_per_second);
                        send_error(&mut socket, &reach.metrics, &Refusal::with(ErrorCode::RateLimited, m)).await;
                    }
                    continue;
                }
                match parse(&text) {
                    Parsed::Msg(ClientMsg::Room(request)) => {
                        if !stub.send(conn, request, Instant::now()).await {
                            close(&mut socket, 1001, "room closed").await;
                            break;
                        }
                    }
                    Parsed::Msg(ClientMsg::Connection(ConnectionMsg::Ping)) => {
                        let pong = serde_json::to_string(&ServerMsg::Pong).unwrap_or_default();
                        if !send(&mut socket, Message::Text(pong.into())).await {
                            break;
                        }
                    }
                    Parsed::Msg(ClientMsg::Connection(ConnectionMsg::Hello { .. })) => {
                        send_error(&mut socket, &reach.metrics, &ErrorCode::AlreadyJoined.into()).await;
                    }
                    Parsed::Bad(error) => {
                        if !send_error(&mut socket, &reach.metrics, &error).await {
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
