//! Reading a client's text frame as a [`ClientMsg`], and saying what is
//! wrong with one that is not: an unknown type apart from a malformed one.

use crate::error::{ErrorCode, Refusal};
use chowka_protocol::messages::ClientMsg;

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

/// What a text frame turned out to be.
pub(super) enum Parsed {
    Msg(ClientMsg),
    Bad(Refusal),
}

/// Parses one client message, telling an unknown type from a malformed one.
pub(super) fn parse(text: &str) -> Parsed {
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
