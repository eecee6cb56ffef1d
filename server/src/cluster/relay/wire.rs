//! What the relay says on NATS: the subjects named for a room, the asks
//! and answers between nodes, and a relayed connection's messages up (JSON)
//! and down (the browser's very text, or a close).

use crate::error::Refusal;
use crate::ids::RoomCode;
use crate::rooms::{Out, PlayerChange, SeatTaken};
use bytes::Bytes;
use chowka_protocol::messages::RoomRequest;
use serde::{Deserialize, Serialize};

/// A request to the room's node.
#[derive(Debug, Serialize, Deserialize)]
pub(super) enum Ask {
    /// Join, as a seat token's holder or a spectator; messages go down
    /// to `link`, which the asker listens on already.
    Join {
        token: Option<String>,
        link: String,
        node: String,
        /// The player hash of a `hello`'s secret (used without a token).
        #[serde(default)]
        player: Option<String>,
    },
    /// Take a seat in the lobby.
    TakeSeat {
        name: String,
        seat: Option<u8>,
        /// The player hash of the identity taking it.
        #[serde(default)]
        player: Option<String>,
    },
    /// A player renamed themselves or forgot their identity.
    People(PlayerChange),
}

/// The room's node's answer.
#[derive(Debug, Serialize, Deserialize)]
pub(super) enum Answer {
    Joined {
        seat: Option<u8>,
    },
    Seat(SeatTaken),
    /// A player's change is done.
    Done,
    Refused {
        code: String,
        message: String,
    },
    /// The room stopped on this node meanwhile: ask again.
    Gone,
}

impl Answer {
    pub(super) fn refused(r: &Refusal) -> Answer {
        Answer::Refused {
            code: r.code.as_str().into(),
            message: r.message.to_string(),
        }
    }
}

/// A relayed connection's message to the room.
#[derive(Debug, Serialize, Deserialize)]
pub(super) enum Up {
    Msg(RoomRequest),
    Resync,
    Leave,
}

pub(super) fn ask_subject(prefix: &str, code: RoomCode) -> String {
    format!("{prefix}.room.{code}.ask")
}

pub(super) fn up_subject(prefix: &str, code: RoomCode, link: &str) -> String {
    format!("{prefix}.room.{code}.up.{link}")
}

pub(super) fn down_subject(prefix: &str, code: RoomCode, link: &str) -> String {
    format!("{prefix}.room.{code}.down.{link}")
}

pub(super) fn moved_subject(prefix: &str, code: RoomCode) -> String {
    format!("{prefix}.room.{code}.moved")
}

/// A message down, as bytes: `T` and the text, or `C`, the status, a
/// space and the reason.
pub(super) fn down_bytes(out: &Out) -> Bytes {
    match out {
        Out::Text(text) => Bytes::from([b"T", text.as_bytes()].concat()),
        Out::Close(status, reason) => Bytes::from(format!("C{status} {reason}")),
    }
}

pub(super) fn parse_down(body: &[u8]) -> Option<Out> {
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
