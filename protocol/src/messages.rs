//! Wire messages between the server and its clients, JSON over WebSocket,
//! tagged by `type` (docs/protocol.md has examples of each).
//!
//! The server sends versioned full states with the legal moves of the
//! player to move, so a client never re-implements the rules.

use crate::action::{ActionRequest, Player};
use crate::board::{Side, Square};
use crate::game::{Betrayal, Event, Game, Offer, Outcome, Truce};
use crate::level::Level;
use crate::rules::{Entry, Rules};
use crate::throw::Bytes32;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};

/// Longest chat message, in characters.
pub const MAX_CHAT_CHARS: usize = 300;
/// Longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

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

// By hand, through a JSON value: serde's own untagged reading buffers the
// message in a form that takes a variant's index for its name, and would
// read `[2]` as `start`.
impl<'de> Deserialize<'de> for ClientMsg {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ClientMsg, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        // Nearly every message is a room's request, so that is tried first.
        let room = match RoomRequest::deserialize(&value) {
            Ok(request) => return Ok(ClientMsg::Room(request)),
            Err(e) => e,
        };
        ConnectionMsg::deserialize(&value)
            .map(ClientMsg::Connection)
            .map_err(|own| {
                D::Error::custom(format_args!(
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
    /// A player whose seat a computer is playing takes it back.
    TakeBack,
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

/// Longest history a `welcome` carries, in items.
pub const MAX_HISTORY: usize = 100;

/// One item of a room's recent past, as a connection would have seen it
/// live: the events of one change, or a chat line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum HistoryItem {
    /// The events of one change of the game, as its `state` carried them.
    Events {
        /// What happened, in order.
        events: Vec<Event>,
    },
    /// A chat line, as `chat` carried it.
    Chat {
        /// Sender's seat, or null for a spectator.
        seat: Option<Player>,
        /// Sender's display name.
        name: String,
        /// The text.
        text: String,
    },
}

/// A message from the server.
// A state is built once per change and serialized at once; boxing it would
// only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// Answer to `hello`: who you are in this room, and the board's geometry.
    Welcome {
        /// Your seat, or null for a spectator.
        seat: Option<Player>,
        /// The board, for drawing.
        board: BoardView,
        /// The room's recent past, oldest first (at most [`MAX_HISTORY`]
        /// items), for a table log that does not start empty on a reload
        /// or for a watcher arriving mid-game.
        #[serde(default)]
        history: Vec<HistoryItem>,
    },
    /// The full state after every change. `events` lists what happened
    /// since the previous version (empty for a fresh full state).
    State {
        /// Goes up by one with every change of the room.
        version: u64,
        /// Seats, status, options.
        room: RoomView,
        /// The game, once started.
        game: Option<GameView>,
        /// What happened since the previous version, for animation.
        #[serde(default)]
        events: Vec<Event>,
        /// The game's fair throws: the server's commitment, and its seed
        /// once the game is over. Absent before the start (and for games
        /// started before throws were fair).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fair: Option<FairView>,
    },
    /// Who is connected, by seat, and how many spectators watch.
    Presence {
        /// By seat.
        connected: Vec<bool>,
        /// Number of spectators.
        spectators: u32,
    },
    /// A chat line.
    Chat {
        /// Sender's seat, or null for a spectator.
        seat: Option<Player>,
        /// Sender's display name.
        name: String,
        /// The text.
        text: String,
    },
    /// Something was refused. `code` is a rules code of RULES.md or a
    /// protocol code (`bad_message`, `stale_version`, `not_host`, ...).
    Error {
        /// Machine-readable code.
        code: String,
        /// A sentence for the player.
        message: String,
    },
    /// Answer to `ping`.
    Pong,
}

/// A game's fair throws as everyone sees them while it is played: what the
/// server committed to, and whose seeds are in (docs/record.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FairView {
    /// The scheme, `chowka-fair/1`.
    pub scheme: String,
    /// SHA-256 of the server's secret seed.
    pub commitment: Bytes32,
    /// Per seat: whether its client seed is in (as of this state: a seed
    /// changes no version, so it shows with the next change).
    pub seeded: Vec<bool>,
    /// Whether seeds are still taken: the game's first throw is not made.
    pub open: bool,
    /// The server's seed, revealed once the game is over; null before.
    pub server_seed: Option<Bytes32>,
}

/// A room as everyone in it sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomView {
    /// The room code.
    pub code: String,
    /// `lobby`, `playing` or `finished`.
    pub status: RoomStatus,
    /// The resolved rules.
    pub rules: Rules,
    /// One entry per seat.
    pub seats: Vec<SeatView>,
    /// Whether the room is listed publicly.
    pub public: bool,
    /// Seconds per turn before the server plays for an absent player.
    pub turn_clock: Option<u32>,
    /// Milliseconds left on the turn clock of the player to move, if any.
    pub clock_ms: Option<u64>,
    /// The rematch room's code, once someone asked for one.
    pub rematch: Option<String>,
    /// Seconds a player may be away during the game before a computer
    /// plays for them, if the room allows it.
    #[serde(default)]
    pub takeover: Option<u32>,
}

/// Where a room is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomStatus {
    /// Seats are filling.
    Lobby,
    /// The game is on.
    Playing,
    /// The game has ended.
    Finished,
}

impl RoomStatus {
    /// Every status, in the order a room goes through them.
    pub const ALL: [RoomStatus; 3] = [RoomStatus::Lobby, RoomStatus::Playing, RoomStatus::Finished];

    /// The status as spelled on the wire and in the store.
    pub fn as_str(self) -> &'static str {
        match self {
            RoomStatus::Lobby => "lobby",
            RoomStatus::Playing => "playing",
            RoomStatus::Finished => "finished",
        }
    }

    /// The status spelled `s`, if it is one.
    pub fn parse(s: &str) -> Option<RoomStatus> {
        RoomStatus::ALL.into_iter().find(|r| r.as_str() == s)
    }
}

/// One seat of a room.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// Display name, if taken.
    pub name: Option<String>,
    /// Computer level, if a computer plays this seat.
    pub bot: Option<String>,
    /// Whether a player is connected to this seat now.
    pub connected: bool,
    /// Whether this seat is the host's.
    pub host: bool,
    /// The side the seat sits at (R2).
    pub side: Side,
    /// Whether a computer is playing this seat for its absent player (the
    /// room's `takeover`, or the turn clock ran out).
    #[serde(default)]
    pub standin: bool,
}

/// The board's geometry and the facts of the rules that stay fixed for a
/// whole game, for drawing and animating moves square by square. Sent once
/// per connection (and again at the start), so that a client never derives
/// them from the rules itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardView {
    /// N.
    pub size: u8,
    /// Safe squares (R4).
    pub safe: Vec<Square>,
    /// By seat: the squares of that seat's path, position 0 (the home
    /// square) first (R3).
    pub paths: Vec<Vec<Square>>,
    /// By seat: its side.
    pub sides: Vec<Side>,
    /// The centre's path position F, the last of every path: where pawns
    /// finish (R3).
    pub centre: u8,
    /// The path position pawns start the game on, or `None` when they start
    /// waiting beside the board (R7).
    pub start: Option<u8>,
    /// Whether truces can happen in this game at all (O6, 3 or 4 players, R15).
    pub truces_possible: bool,
    /// The progress of a player with every pawn at the centre (R15).
    pub max_progress: u32,
}

impl BoardView {
    /// The geometry of a game with these rules.
    pub fn new(rules: &Rules) -> BoardView {
        let board = rules.board();
        let n = board.size();
        let sides = Side::seating(rules.players as usize).to_vec();
        let mut safe = Vec::new();
        for row in 0..n {
            for col in 0..n {
                let sq = Square { row, col };
                if board.is_safe(sq) {
                    safe.push(sq);
                }
            }
        }
        let paths = sides
            .iter()
            .map(|&s| (0..=board.centre()).map(|p| board.square(s, p)).collect())
            .collect();
        let centre = board.centre();
        BoardView {
            size: n,
            safe,
            paths,
            sides,
            centre,
            start: (rules.entry == Entry::Home).then_some(0),
            truces_possible: rules.truces_possible(),
            max_progress: rules.pawns as u32 * centre as u32,
        }
    }
}

/// A legal move with what it would do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalMoveView {
    /// Pawn indices, ascending.
    pub pawns: crate::action::PawnSet,
    /// Held value spent.
    pub value: u8,
    /// Opponent to name, when the move needs one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Player>,
    /// Path position the pawns end on.
    pub to: u8,
    /// Opponent hit, if any.
    pub hits: Option<Player>,
    /// Whether it commits a loose pair.
    pub commits: bool,
    /// With nothing pending: whether this move strands the turn (R12).
    pub strands: bool,
    /// The path positions the pawns walk, where they stand first and `to`
    /// last, round the outer ring when the `lap` gate wraps them (R8);
    /// just `[to]` for entering pawns (R7). For highlighting and animating
    /// the move without knowing how pawns walk.
    pub walk: Vec<u8>,
}

/// The game as everyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameView {
    /// Per seat, per pawn: path position, or null while waiting.
    pub pawns: Vec<Vec<Option<u8>>>,
    /// Committed pairs `[seat, [pawn, pawn]]`.
    pub pairs: Vec<(Player, [u8; 2])>,
    /// Loose pairs `[seat, [pawn, pawn]]`: two singles of a seat together on
    /// its first inner square, which may commit by moving together (R13).
    pub loose_pairs: Vec<(Player, [u8; 2])>,
    /// Per seat: has it hit (its gate is open, R8).
    pub has_hit: Vec<bool>,
    /// Seat to move.
    pub to_move: Player,
    /// Round number.
    pub round: u32,
    /// Pending throws of the seat to move.
    pub pending: u8,
    /// Grace run of the seat to move (R11).
    pub run: u8,
    /// Held values of the seat to move.
    pub held: Vec<u8>,
    /// `ongoing`, `draw` or `{"winner": seat}`.
    pub result: Outcome,
    /// Whether the seat to move may throw.
    pub can_throw: bool,
    /// Whether it may skip (R11).
    pub can_skip: bool,
    /// Its legal moves.
    pub legal: Vec<LegalMoveView>,
    /// Per seat: progress (R15).
    pub progress: Vec<u32>,
    /// The clear leader, if any (R15).
    pub leader: Option<Player>,
    /// Seats the player to move may offer a truce to now.
    pub truce_partners: Vec<Player>,
    /// Active truces.
    pub truces: Vec<Truce>,
    /// The open offer.
    pub offer: Option<Offer>,
    /// Every betrayal (public, R15).
    pub betrayals: Vec<Betrayal>,
}

impl GameView {
    /// The view of a game.
    pub fn new(game: &Game) -> GameView {
        let pos = game.position();
        let players = game.rules().players;
        let board = game.board();
        let me = game.to_move();
        let legal = game
            .legal_moves()
            .iter()
            .filter_map(|&mv| {
                let p = game.preview(mv)?;
                // The pawns of a move stand together, so the first tells where.
                let walk = match mv.pawns.first().and_then(|i| game.pawn(me, i)) {
                    Some(from) => board.walk(from, p.to).collect(),
                    None => vec![p.to],
                };
                Some(LegalMoveView {
                    pawns: mv.pawns,
                    value: mv.value,
                    target: mv.target,
                    to: p.to,
                    hits: p.victim,
                    commits: p.commits,
                    strands: game.would_strand(mv),
                    walk,
                })
            })
            .collect();
        GameView {
            pawns: pos.pawns,
            pairs: pos.pairs,
            loose_pairs: loose_pairs(game),
            has_hit: pos.has_hit,
            to_move: game.to_move(),
            round: game.round(),
            pending: game.pending(),
            run: game.run(),
            held: game.held(),
            result: game.outcome(),
            can_throw: game.can_throw(),
            can_skip: game.can_skip(),
            legal,
            progress: (0..players).map(|p| game.progress(p)).collect(),
            leader: game.clear_leader(),
            truce_partners: game.truce_partners(game.to_move()).to_vec(),
            truces: game.truces().to_vec(),
            offer: game.offer(),
            betrayals: game.betrayals().to_vec(),
        }
    }
}

/// The loose pairs of a game (R13), `(seat, [low, high])`: the two single
/// pawns a seat has on its first inner square, if it has exactly two there
/// (R9 allows no more on that square, which is never safe).
fn loose_pairs(game: &Game) -> Vec<(Player, [u8; 2])> {
    let rules = game.rules();
    let mut out = Vec::new();
    if !rules.pairs {
        return out;
    }
    let inner = game.board().first_inner();
    for seat in 0..rules.players {
        let mut there = (0..rules.pawns)
            .filter(|&i| game.pawn(seat, i) == Some(inner) && game.partner(seat, i).is_none());
        if let (Some(a), Some(b), None) = (there.next(), there.next(), there.next()) {
            out.push((seat, [a, b]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Gate, Overrides, Preset};

    #[test]
    fn client_messages_parse_from_json() {
        let m: ClientMsg = serde_json::from_str(
            r#"{"type":"act","version":3,"action":{"do":"move","pawns":[1],"value":2}}"#,
        )
        .unwrap();
        assert!(matches!(
            m,
            ClientMsg::Room(RoomRequest::Act { version: 3, .. })
        ));
        assert!(serde_json::from_str::<ClientMsg>(r#"{"type":"fly"}"#).is_err());
        assert!(serde_json::from_str::<ClientMsg>(r#"{"type":"act","version":"x"}"#).is_err());
        let seed = format!(r#"{{"type":"seed","seed":"{}"}}"#, "0f".repeat(32));
        let m: ClientMsg = serde_json::from_str(&seed).unwrap();
        assert_eq!(
            m,
            ClientMsg::Room(RoomRequest::Seed {
                seed: Bytes32([15; 32])
            })
        );
        assert!(serde_json::from_str::<ClientMsg>(r#"{"type":"seed","seed":"0f"}"#).is_err());
        // A type is named, never numbered.
        for numbered in ["[1]", "[2]", r#"{"type":2}"#] {
            assert!(
                serde_json::from_str::<ClientMsg>(numbered).is_err(),
                "{numbered}"
            );
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
            r#"{"type":"remove","seat":3}"#.to_owned(),
            r#"{"type":"leave_seat"}"#.to_owned(),
            format!(r#"{{"type":"seed","seed":"{seed}"}}"#),
            r#"{"type":"hello","room":"K7MPX3Q","token":"t"}"#.to_owned(),
            r#"{"type":"hello","room":"K7MPX3Q"}"#.to_owned(),
            r#"{"type":"ping"}"#.to_owned(),
        ];
        for json in every {
            let msg: ClientMsg = serde_json::from_str(&json).expect(&json);
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

    #[test]
    fn room_status_is_spelled_as_serde_spells_it() {
        for status in RoomStatus::ALL {
            let json = serde_json::to_value(status).unwrap();
            assert_eq!(json, status.as_str());
            assert_eq!(RoomStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(RoomStatus::parse("abandoned"), None);
    }

    #[test]
    fn views_serialize() {
        let rules = Rules::preset(Preset::ChowkaBhara, 4);
        let game = Game::new(rules);
        let v = serde_json::to_value(GameView::new(&game)).unwrap();
        assert_eq!(v["result"], "ongoing");
        assert_eq!(v["can_throw"], true);
        let b = BoardView::new(&rules);
        assert_eq!(b.paths.len(), 4);
        assert_eq!(b.paths[0].len(), 25);
        assert_eq!(b.safe.len(), 5);
    }

    fn rules(preset: Preset, o: Overrides) -> Rules {
        Rules::with(preset, o).unwrap()
    }

    /// A game set up at `pawns` (player 0 to move) that has just thrown `value`.
    fn thrown(rules: Rules, pawns: Vec<Vec<Option<u8>>>, value: u8) -> Game {
        let pos = crate::game::Position {
            pawns,
            round: 1,
            ..Default::default()
        };
        let mut game = Game::from_position(rules, &pos).unwrap();
        let mut throws = crate::throw::ScriptedThrows::new([value]);
        game.play(0, crate::action::Action::Throw, &mut throws)
            .unwrap();
        game
    }

    #[test]
    fn the_board_view_says_where_the_centre_is_r3() {
        for (n, centre) in [(5, 24), (7, 48), (9, 80)] {
            let r = rules(
                Preset::ChowkaBhara,
                Overrides {
                    board: Some(n),
                    players: Some(4),
                    ..Default::default()
                },
            );
            let b = BoardView::new(&r);
            assert_eq!(b.centre, centre, "{n}x{n}");
            let middle = Square {
                row: n / 2,
                col: n / 2,
            };
            for path in &b.paths {
                assert_eq!(path.len(), centre as usize + 1);
                assert_eq!(path[centre as usize], middle);
            }
            assert_eq!(
                b.max_progress,
                (n as u32 - 1) * centre as u32,
                "R15, N-1 pawns"
            );
        }
    }

    #[test]
    fn the_board_view_says_where_pawns_start_and_whether_truces_can_happen() {
        let home = BoardView::new(&Rules::preset(Preset::ChowkaBhara, 2));
        assert_eq!(
            home.start,
            Some(0),
            "R7 home: every pawn on its home square"
        );
        assert!(!home.truces_possible, "R15: two players never truce");
        assert!(BoardView::new(&Rules::preset(Preset::ChowkaBhara, 3)).truces_possible);
        let waiting = BoardView::new(&Rules::preset(Preset::AshtaChamma, 4));
        assert_eq!(waiting.start, None, "R7: pawns wait beside the board");
        assert!(!waiting.truces_possible, "O6 off in Ashta Chamma");
    }

    #[test]
    fn a_lap_walk_wraps_round_the_outer_ring_on_9x9_r8() {
        let r = rules(
            Preset::ChowkaBhara,
            Overrides {
                board: Some(9),
                pawns: Some(1),
                gate: Some(Gate::Lap),
                ..Default::default()
            },
        );
        // G = 31 on 9x9: from 30 a 3 laps round to 1, through home.
        let game = thrown(r, vec![vec![Some(30)], vec![Some(0)]], 3);
        let v = GameView::new(&game);
        let mv = &v.legal[0];
        assert_eq!((mv.to, mv.walk.as_slice()), (1, [30, 31, 0, 1].as_slice()));
        // With the gate open the same throw goes straight inside.
        let open = Rules {
            gate: Gate::Open,
            ..r
        };
        let game = thrown(open, vec![vec![Some(30)], vec![Some(0)]], 3);
        assert_eq!(GameView::new(&game).legal[0].walk, [30, 31, 32, 33]);
    }

    #[test]
    fn entering_pawns_walk_only_onto_home_r7() {
        let r = Rules {
            pawns: 1,
            ..Rules::preset(Preset::AshtaChamma, 2)
        };
        let game = thrown(r, vec![vec![None], vec![None]], 4);
        let v = GameView::new(&game);
        assert_eq!(v.legal.len(), 1);
        assert_eq!((v.legal[0].to, v.legal[0].walk.clone()), (0, vec![0]));
    }

    #[test]
    fn two_singles_on_the_first_inner_square_are_a_loose_pair_r13() {
        let r = Rules::preset(Preset::ChowkaBhara, 2);
        let inner = r.board().first_inner();
        assert!(
            crate::rules::BOARD_SIZES.iter().all(|&n| {
                let b = crate::board::Board::new(n).unwrap();
                crate::board::Side::ALL
                    .iter()
                    .all(|&s| !b.is_safe(b.square(s, b.first_inner())))
            }),
            "I is never safe, so no third single can join (R9)"
        );
        let pawns = vec![
            vec![Some(inner), Some(inner), Some(3), Some(0)],
            vec![Some(inner), Some(0), Some(0), Some(0)],
        ];
        let game = thrown(r, pawns.clone(), 4);
        let v = GameView::new(&game);
        assert_eq!(v.loose_pairs, [(0, [0, 1])]);
        assert!(v.pairs.is_empty());
        // Moving them together commits them: half the value, 2 squares (R13).
        let pair = v.legal.iter().find(|m| m.pawns.len() == 2).unwrap();
        assert!(pair.commits);
        assert_eq!(pair.walk, [inner, inner + 1, inner + 2]);

        // A committed pair is not loose; without O5 there are no pairs.
        let pos = crate::game::Position {
            pawns: pawns.clone(),
            pairs: vec![(0, [0, 1])],
            round: 1,
            ..Default::default()
        };
        let committed = Game::from_position(r, &pos).unwrap();
        assert!(GameView::new(&committed).loose_pairs.is_empty());
        let no_pairs = Rules { pairs: false, ..r };
        let game = thrown(no_pairs, pawns, 4);
        assert!(GameView::new(&game).loose_pairs.is_empty());
    }
}
