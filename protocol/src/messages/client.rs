//! What a client sends: one message its connection answers, or a request
//! to its room, with its fields checked as it is read.

use super::MAX_CHAT_CHARS;
use crate::action::{ActionRequest, Player};
use crate::level::Level;
use crate::throw::Bytes32;
use serde::de::Error as _;
use serde::{Deserialize, Serialize};

/// A message from a client: one its connection answers itself, or a
/// request to its room. Each is tagged by its own `type`; the two halves
/// are separate enums so that a room, and a node relaying to it, take
/// only the requests meant for them.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ClientMsg {
    /// A request to the room.
    Room(RoomRequest),
    /// A message the connection answers itself.
    Connection(ConnectionMsg),
}

impl ClientMsg {
    /// Reads a client's message from its JSON text: a room's request
    /// first (nearly every message is one), then a connection's own.
    /// Read straight from the text, with no JSON value in between, since
    /// every action takes this path. Not a `Deserialize`: a deserializer
    /// cannot be read twice, and serde's own untagged reading buffers the
    /// message in a form that takes a variant's index for its name (it
    /// would read `[2]` as `start`).
    pub fn from_json(text: &str) -> Result<ClientMsg, serde_json::Error> {
        let room = match serde_json::from_str(text) {
            Ok(request) => return Ok(ClientMsg::Room(request)),
            Err(e) => e,
        };
        serde_json::from_str(text)
            .map(ClientMsg::Connection)
            .map_err(|own| {
                serde_json::Error::custom(format_args!(
                    "neither a room's request ({room}) nor a connection's message ({own})"
                ))
            })
    }
}

/// What a client's connection answers itself, without asking the room.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ConnectionMsg {
    /// The first message on a connection: watch a room, and with a seat
    /// token, play in it.
    Hello {
        /// Room code, as the person typed it.
        room: String,
        /// Seat token from taking a seat; absent for spectators.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// A player's secret: without a `token`, the seat that player took
        /// is opened (else the connection watches, with no error).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<String>,
    },
    /// Keep-alive; answered with `pong`.
    Ping,
}

/// What a client may ask of its room, its fields checked as it is read: a
/// level is one a computer plays, chat text is within bounds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum RoomRequest {
    /// Play an action on the state of version `version`; refused with
    /// `stale_version` if the state has moved on.
    Act {
        /// The state version the client saw.
        version: u64,
        /// The action (a throw carries no value: the server throws).
        action: ActionRequest,
    },
    /// Say something to the room.
    Chat {
        /// 1 to [`MAX_CHAT_CHARS`] characters.
        text: ChatText,
    },
    /// The host starts the game (lobby only, at least two seats taken).
    Start,
    /// The host puts a computer player in an empty seat, or removes one
    /// (`level: null`), before the start.
    SetBot {
        /// Seat.
        seat: Player,
        /// The computer's level, or null to empty the seat.
        level: Option<Level>,
    },
    /// After the game: create (or join) the rematch room with the same players.
    Rematch,
    /// The host, during the game, hands another person's seat to a
    /// computer (someone away, or not playing), so the table never waits
    /// for them; they take it back with `take_back` or by coming back.
    StandIn {
        /// The seat a computer is to play.
        seat: Player,
    },
    /// A player whose seat a computer is playing takes it back; a hold
    /// asked with `right_back` ends too.
    TakeBack,
    /// The host chooses whether a computer plays for a person away from a
    /// live game, and after how long: `secs` 5 to 600, or null for never.
    /// In the lobby or during the game; it counts from now for anyone away.
    SetTakeover {
        /// Seconds away before a computer stands in, or null.
        secs: Option<u32>,
    },
    /// A seated person of a live game steps away for a few minutes ("I'll
    /// be right back"): the table is told, and no computer takes their
    /// seat before the hold ends (it ends when they act, take their seat
    /// back or reconnect).
    RightBack,
    /// The host, in the lobby, empties a seat: a person's other than the
    /// host's (they become a watcher and their seat token is void), or a
    /// computer's.
    Remove {
        /// The seat to empty.
        seat: Player,
    },
    /// A seated person other than the host gives up their seat in the
    /// lobby and watches instead.
    LeaveSeat,
    /// A seated player's client seed for the game's fair throws
    /// (docs/record.md): taken once per seat, before the first throw.
    Seed {
        /// 32 random bytes as 64 hexadecimal digits.
        seed: Bytes32,
    },
    /// In a game over days: the sender's vacation starts now, for `days`
    /// whole days (1 to 3), at most what they have left; their clock
    /// stops meanwhile.
    Vacation {
        /// Whole days asked.
        days: u8,
    },
    /// The sender's vacation ends now; the time not used is kept.
    Back,
    /// Which of a seat's pawns each opponent could hit, and with which
    /// throw, if that opponent's turn began now (a one-throw look-ahead,
    /// [`Game::threats`](crate::Game::threats)): for players who cannot
    /// see the board. Answered to the asking connection alone with
    /// `threats`; changes nothing.
    Threats {
        /// Whose pawns: a seated player's own by default; a spectator
        /// names one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<Player>,
    },
    /// The player to move asks what the computer would do, and why
    /// (`Hint`). Answered to the asking connection alone with `hint`;
    /// refused when the host turned hints off (`set_hints`), and to anyone
    /// but the player to move, so that nobody learns another's hint.
    Hint,
    /// The host turns hints on or off for everyone at the table, in the
    /// lobby or during the game.
    SetHints {
        /// Whether hints may be asked.
        on: bool,
    },
}

/// The text of a chat line: trimmed, 1 to [`MAX_CHAT_CHARS`] characters.
/// Checked again whenever it is read, so that a relayed request cannot
/// carry what a client could not send.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ChatText(String);

/// Chat text that is empty (once trimmed) or over [`MAX_CHAT_CHARS`]
/// characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChatTextError;

impl std::fmt::Display for ChatTextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a chat message has 1 to {MAX_CHAT_CHARS} characters")
    }
}

impl std::error::Error for ChatTextError {}

impl ChatText {
    /// The text, trimmed.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::str::FromStr for ChatText {
    type Err = ChatTextError;
    fn from_str(text: &str) -> Result<ChatText, ChatTextError> {
        let text = text.trim();
        let n = text.chars().count();
        if n == 0 || n > MAX_CHAT_CHARS {
            return Err(ChatTextError);
        }
        Ok(ChatText(text.to_owned()))
    }
}

impl TryFrom<String> for ChatText {
    type Error = ChatTextError;
    fn try_from(text: String) -> Result<ChatText, ChatTextError> {
        text.parse()
    }
}

impl From<ChatText> for String {
    fn from(text: ChatText) -> String {
        text.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_parse_from_json() {
        let m = ClientMsg::from_json(
            r#"{"type":"act","version":3,"action":{"do":"move","pawns":[1],"value":2}}"#,
        )
        .unwrap();
        assert!(matches!(
            m,
            ClientMsg::Room(RoomRequest::Act { version: 3, .. })
        ));
        assert!(ClientMsg::from_json(r#"{"type":"fly"}"#).is_err());
        assert!(ClientMsg::from_json(r#"{"type":"act","version":"x"}"#).is_err());
        let seed = format!(r#"{{"type":"seed","seed":"{}"}}"#, "0f".repeat(32));
        let m = ClientMsg::from_json(&seed).unwrap();
        assert_eq!(
            m,
            ClientMsg::Room(RoomRequest::Seed {
                seed: Bytes32([15; 32])
            })
        );
        assert!(ClientMsg::from_json(r#"{"type":"seed","seed":"0f"}"#).is_err());
        // A type is named, never numbered.
        for numbered in ["[1]", "[2]", r#"{"type":2}"#] {
            assert!(ClientMsg::from_json(numbered).is_err(), "{numbered}");
        }
    }

    #[test]
    fn every_client_message_reads_and_writes_the_same_json() {
        let seed = "0f".repeat(32);
        let every = [
            r#"{"type":"act","version":3,"action":{"do":"throw"}}"#.to_owned(),
            r#"{"type":"chat","text":"well played"}"#.to_owned(),
            r#"{"type":"start"}"#.to_owned(),
            r#"{"type":"set_bot","seat":2,"level":"hard"}"#.to_owned(),
            r#"{"type":"set_bot","seat":2,"level":null}"#.to_owned(),
            r#"{"type":"rematch"}"#.to_owned(),
            r#"{"type":"stand_in","seat":1}"#.to_owned(),
            r#"{"type":"take_back"}"#.to_owned(),
            r#"{"type":"right_back"}"#.to_owned(),
            r#"{"type":"set_takeover","secs":120}"#.to_owned(),
            r#"{"type":"set_takeover","secs":null}"#.to_owned(),
            r#"{"type":"remove","seat":3}"#.to_owned(),
            r#"{"type":"leave_seat"}"#.to_owned(),
            format!(r#"{{"type":"seed","seed":"{seed}"}}"#),
            r#"{"type":"threats"}"#.to_owned(),
            r#"{"type":"threats","seat":2}"#.to_owned(),
            r#"{"type":"hint"}"#.to_owned(),
            r#"{"type":"set_hints","on":false}"#.to_owned(),
            r#"{"type":"hello","room":"K7MPX3Q","token":"t"}"#.to_owned(),
            r#"{"type":"hello","room":"K7MPX3Q"}"#.to_owned(),
            r#"{"type":"ping"}"#.to_owned(),
        ];
        for json in every {
            let msg = ClientMsg::from_json(&json).expect(&json);
            assert_eq!(serde_json::to_string(&msg).unwrap(), json);
            let own = matches!(msg, ClientMsg::Connection(_));
            assert_eq!(own, json.contains("hello") || json.contains("ping"));
        }
    }

    #[test]
    fn chat_text_is_trimmed_and_bounded() {
        let chat = |text: String| {
            let json = serde_json::json!({"type": "chat", "text": text});
            serde_json::from_value::<RoomRequest>(json)
        };
        let Ok(RoomRequest::Chat { text }) = chat("  namaste \n".into()) else {
            panic!("a short line is read");
        };
        assert_eq!(text.as_str(), "namaste");
        let longest = "\u{0c95}".repeat(MAX_CHAT_CHARS);
        assert!(chat(longest.clone()).is_ok(), "characters, not bytes");
        for refused in [String::new(), " \t ".into(), longest + "x"] {
            let e = chat(refused).unwrap_err();
            assert_eq!(e.to_string(), ChatTextError.to_string());
        }
        // What a node relays is read again, and reads as it was sent.
        let text: ChatText = "  hi  ".parse().unwrap();
        let relayed = serde_json::to_string(&text).unwrap();
        assert_eq!(serde_json::from_str::<ChatText>(&relayed).ok(), Some(text));
    }

    #[test]
    fn a_set_bot_names_a_level_a_computer_plays() {
        let set_bot = |level: serde_json::Value| {
            let json = serde_json::json!({"type": "set_bot", "seat": 1, "level": level});
            serde_json::from_value::<RoomRequest>(json)
        };
        let read = set_bot("medium".into()).unwrap();
        let medium = RoomRequest::SetBot {
            seat: 1,
            level: Some(Level::Medium),
        };
        assert_eq!(read, medium);
        let e = set_bot("godlike".into()).unwrap_err().to_string();
        assert!(e.contains("unknown computer level \"godlike\""), "{e}");
        assert!(set_bot(serde_json::Value::Null).is_ok());
        assert!(set_bot(5.into()).is_err());
    }
}
