//! Reading a client's text frame as a [`ClientMsg`], and saying what is
//! wrong with one that is not: an unknown type apart from a malformed one,
//! and a level or chat text out of bounds with their own codes.

use crate::error::{ErrorCode, Refusal};
use chowka_protocol::messages::{ChatText, ClientMsg, ConnectionMsg, RoomRequest};
use chowka_protocol::Level;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// What a text frame turned out to be.
pub(super) enum Parsed {
    Msg(ClientMsg),
    Bad(Refusal),
}

/// Parses one client message, telling an unknown type from a malformed one.
pub(super) fn parse(text: &str) -> Parsed {
    // Well-formed messages (nearly all) are parsed once; only a message
    // that fails is looked at again, to say what is wrong with it.
    if let Ok(msg) = ClientMsg::from_json(text) {
        return Parsed::Msg(msg);
    }
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return bad(ErrorCode::BadMessage, format!("That is not JSON: {e}.")),
    };
    let Some(kind) = value.get("type").and_then(Value::as_str) else {
        return bad(
            ErrorCode::BadMessage,
            "A message is a JSON object with a \"type\" string.".into(),
        );
    };
    // `ClientMsg` is untagged, so its own error only says that neither
    // half matched: the half whose type this is says what is wrong.
    let read = match read_as::<RoomRequest>(kind, &value) {
        Some(room) => room.map(ClientMsg::Room),
        None => match read_as::<ConnectionMsg>(kind, &value) {
            Some(own) => own.map(ClientMsg::Connection),
            None => {
                let kind: String = kind.chars().take(40).collect();
                return bad(
                    ErrorCode::UnknownType,
                    format!("Unknown message type {kind:?}: see docs/protocol.md."),
                );
            }
        },
    };
    match read {
        Ok(m) => Parsed::Msg(m),
        Err(e) => match out_of_bounds(kind, &value, &e) {
            Some(refusal) => Parsed::Bad(refusal),
            None => bad(ErrorCode::BadMessage, format!("Bad {kind} message: {e}.")),
        },
    }
}

/// `value` read as a `T`, or `None` if `kind` is none of `T`'s types.
fn read_as<T: DeserializeOwned>(kind: &str, value: &Value) -> Option<Result<T, serde_json::Error>> {
    // Asked with the tag alone, serde's "unknown variant" can only be about
    // the tag: in the whole message it could be an action's unknown `do`.
    let tag_alone = serde_json::json!({ "type": kind });
    if let Err(e) = T::deserialize(&tag_alone) {
        if e.to_string().starts_with("unknown variant") {
            return None;
        }
    }
    Some(T::deserialize(value))
}

/// The refusal of a request whose only fault, the one `e` stopped at, is
/// a checked field out of bounds: a level no computer plays, or chat text
/// empty or too long. These have their own codes, not `bad_message`.
fn out_of_bounds(kind: &str, value: &Value, e: &serde_json::Error) -> Option<Refusal> {
    let field = |name| value.get(name).and_then(Value::as_str);
    let stopped_at = |why: &str| e.to_string() == why;
    match kind {
        "set_bot" => {
            let why = field("level")?.parse::<Level>().err()?;
            stopped_at(&why).then(|| Refusal::with(ErrorCode::BadLevel, why))
        }
        "chat" => {
            let why = field("text")?.parse::<ChatText>().err()?;
            stopped_at(&why.to_string()).then(|| ErrorCode::BadChat.into())
        }
        _ => None,
    }
}

fn bad(code: ErrorCode, message: String) -> Parsed {
    Parsed::Bad(Refusal::with(code, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The code a frame is refused with, or `None` if it is a message.
    fn refused(text: &str) -> Option<&'static str> {
        match parse(text) {
            Parsed::Msg(_) => None,
            Parsed::Bad(r) => Some(r.code.as_str()),
        }
    }

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
            Parsed::Msg(ClientMsg::Connection(ConnectionMsg::Ping))
        ));
    }

    #[test]
    fn every_type_is_known_and_says_what_is_missing() {
        let types = [
            "hello",
            "act",
            "chat",
            "start",
            "set_bot",
            "rematch",
            "ping",
            "stand_in",
            "take_back",
            "right_back",
            "set_takeover",
            "remove",
            "leave_seat",
            "seed",
            "threats",
            "hint",
            "set_hints",
        ];
        for kind in types {
            // Known, so never `unknown_type`, whether or not it needs more.
            let tag_alone = format!("{{\"type\":\"{kind}\"}}");
            assert_ne!(refused(&tag_alone), Some("unknown_type"), "{kind}");
        }
        let Parsed::Bad(hello) = parse("{\"type\":\"hello\"}") else {
            panic!("a hello names its room");
        };
        assert_eq!(hello.code, ErrorCode::BadMessage);
        assert!(hello.message.contains("missing field `room`"), "{hello:?}");
        // An action's unknown `do` is a malformed act, not an unknown type.
        let act = "{\"type\":\"act\",\"version\":1,\"action\":{\"do\":\"chat\"}}";
        assert_eq!(refused(act), Some("bad_message"));
    }

    #[test]
    fn a_level_or_chat_out_of_bounds_has_its_own_code() {
        let set_bot =
            |level: &str| format!("{{\"type\":\"set_bot\",\"seat\":1,\"level\":{level}}}");
        assert_eq!(refused(&set_bot("\"hard\"")), None);
        assert_eq!(refused(&set_bot("null")), None);
        assert_eq!(refused(&set_bot("\"godlike\"")), Some("bad_level"));
        assert_eq!(refused(&set_bot("5")), Some("bad_message"));
        let chat = |text: &str| format!("{{\"type\":\"chat\",\"text\":\"{text}\"}}");
        assert_eq!(refused(&chat("well played")), None);
        assert_eq!(refused(&chat(&"x".repeat(300))), None);
        assert_eq!(refused(&chat(&"x".repeat(301))), Some("bad_chat"));
        assert_eq!(refused(&chat("  ")), Some("bad_chat"));
        assert_eq!(
            refused("{\"type\":\"chat\",\"text\":7}"),
            Some("bad_message")
        );
        // Another fault first is the message's, as before the fields were
        // checked at the edge.
        let extra = "{\"type\":\"chat\",\"mood\":1,\"text\":\"\"}";
        assert_eq!(refused(extra), Some("bad_message"));
    }
}
