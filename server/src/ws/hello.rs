//! A new connection's first frame, the `hello`: read within
//! [`HELLO_TIMEOUT`], then the room it names is joined, or the client is
//! told why not and the connection closed.

use super::frames::{close, read_error_close, send_error};
use super::parse::{parse, Parsed};
use super::Reach;
use crate::cluster::relay::{self, Link};
use crate::edge::MAX_INPUT_BYTES;
use crate::error::{ErrorCode, Refusal};
use crate::ids::{self, RoomCode};
use crate::rooms::Joined;
use axum::extract::ws::Message;
use chowka_protocol::messages::{ClientMsg, ConnectionMsg};
use futures_util::{Sink, Stream, StreamExt};
use std::error::Error;
use std::time::Duration;

/// How long a new connection has to say `hello`.
pub(super) const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

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
pub(super) async fn hello<S, E>(socket: &mut S, reach: &Reach) -> Option<(Link, Joined)>
where
    S: Sink<Message> + Stream<Item = Result<Message, E>> + Unpin,
    E: Error + 'static,
{
    let turned = match read_hello(socket).await {
        Ok((room, token, player)) => match join(reach, &room, token, player).await {
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
        send_error(socket, &reach.metrics, error).await;
    }
    close(socket, turned.status, turned.reason).await;
    None
}

/// A `hello`'s room code, seat token and player secret.
type Hello = (String, Option<String>, Option<String>);

/// The first frame, which must be a `hello`: its room code, seat token and
/// player secret.
async fn read_hello<S, E>(socket: &mut S) -> Result<Hello, Option<TurnedAway>>
where
    S: Stream<Item = Result<Message, E>> + Unpin,
    E: Error + 'static,
{
    let say_hello = ErrorCode::HelloFirst.sentence();
    let text = match tokio::time::timeout(HELLO_TIMEOUT, socket.next()).await {
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
            let (status, reason) = read_error_close(&e);
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
        Parsed::Msg(ClientMsg::Connection(ConnectionMsg::Hello {
            room,
            token,
            player,
        })) => Ok((room, token, player)),
        Parsed::Msg(_) => Err(Some(TurnedAway::hello_first(say_hello))),
        Parsed::Bad(error) => Err(Some(TurnedAway::new(error, 1008, "bad hello"))),
    }
}

/// Joins the room with this code, as a player with a seat token, as the
/// player whose secret it is (their seat, if they hold one), or as a
/// spectator: here, or through the node that runs it (`cluster::relay`).
/// A malformed secret finds no seat, as a wrong one does: no error, and no
/// count of its own (every `hello` is counted as a lookup by code, and a
/// guess would need the room's code and the secret both).
async fn join(
    reach: &Reach,
    room: &str,
    token: Option<String>,
    player: Option<String>,
) -> Result<(Link, Joined), Refusal> {
    let code = RoomCode::parse(room).ok_or_else(Refusal::no_room)?;
    let player = (player.as_deref())
        .filter(|s| ids::is_player_secret(s))
        .map(ids::hash_token);
    relay::join(&reach.registry, &reach.cluster, code, token, player).await
}
