//! Sending and closing on a WebSocket, whatever carries it: axum's socket
//! in the server, channels in the tests. Every write has a deadline, and a
//! close waits for the client's own close frame.

use crate::error::{Edge, Refusal};
use crate::metrics::Metrics;
use axum::extract::ws::{CloseFrame, Message};
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use std::error::Error;
use std::time::Duration;

/// How long one write to a socket may take before the connection is
/// given up as dead (its peer stopped reading, or the network is gone).
pub(super) const WRITE_DEADLINE: Duration = Duration::from_secs(10);

/// How long a closing connection is read (and what comes discarded) for
/// the client's own close frame.
pub(super) const CLOSE_WAIT: Duration = Duration::from_secs(2);

/// Sends one frame, within [`WRITE_DEADLINE`]; false if the connection is
/// gone or stopped reading.
pub(crate) async fn send<S>(socket: &mut S, msg: Message) -> bool
where
    S: Sink<Message> + Unpin,
{
    matches!(
        tokio::time::timeout(WRITE_DEADLINE, socket.send(msg)).await,
        Ok(Ok(()))
    )
}

/// Sends a refusal as an `error` message, reported first.
pub(super) async fn send_error<S>(socket: &mut S, metrics: &Metrics, refusal: &Refusal) -> bool
where
    S: Sink<Message> + Unpin,
{
    refusal.report(metrics, Edge::WebSocket);
    send(socket, Message::Text(refusal.to_ws_text().into())).await
}

/// Closes the connection with this status and reason, as RFC 6455 wants:
/// the close frame, then reading until the client's close comes back.
/// Closing with unread bytes would make the kernel reset the connection,
/// and a reset throws away what the client had not read yet, this error
/// and close frame included.
pub(crate) async fn close<S, E>(socket: &mut S, code: u16, reason: &'static str)
where
    S: Sink<Message> + Stream<Item = Result<Message, E>> + Unpin,
{
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    if !send(socket, Message::Close(Some(frame))).await {
        return;
    }
    let _ = tokio::time::timeout(CLOSE_WAIT, async {
        while let Some(Ok(m)) = socket.next().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// The close status and reason for a frame the socket library refused:
/// 1009 for one over the size limit, 1007 for text that is not UTF-8,
/// 1002 for a breach of the WebSocket protocol (RFC 6455, 7.4.1). The
/// library's error is looked for down the chain of causes, as axum wraps it.
pub(super) fn read_error_close(e: &(dyn Error + 'static)) -> (u16, &'static str) {
    use tungstenite::error::Error as WsError;
    let mut cause = Some(e);
    while let Some(err) = cause {
        match err.downcast_ref::<WsError>() {
            Some(WsError::Capacity(_)) => return (1009, "message too big"),
            Some(WsError::Utf8(_)) => return (1007, "text is not UTF-8"),
            Some(_) => break,
            None => cause = err.source(),
        }
    }
    (1002, "protocol error")
}
