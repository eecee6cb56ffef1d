//! The Colyseus reference of the capacity tool: its Node server
//! (tools/loadgen/colyseus/server.js, run as a child process) and a client of the
//! Colyseus 0.16 wire protocol just large enough for the workload — rooms
//! of 4 sockets, one of which sends an `act` carrying a sequence number,
//! and a 1,320-byte `state` broadcast carrying it back to all 4.
//!
//! # The wire protocol (colyseus 0.16, @colyseus/ws-transport 0.16)
//! 1. Matchmaking over HTTP: `POST /matchmake/joinOrCreate/chowka` with the
//!    join options as JSON (`{"room": NAME}`, the room type filters by it)
//!    answers `{"room": {"roomId", "processId", ..}, "sessionId"}`, a seat
//!    reserved for 15 s, or `{"code", "error"}`.
//! 2. A WebSocket to `/PROCESS_ID/ROOM_ID?sessionId=SESSION_ID` takes the
//!    seat. Every frame is binary and starts with a protocol code.
//! 3. The server says `JOIN_ROOM` (10): reconnection token and serializer
//!    id, each a length byte and UTF-8. The client acknowledges with the
//!    single byte 10; until then the room queues what it sends this client.
//! 4. `ROOM_DATA` (13), both ways: the message type as a schema string
//!    (below), then the message body as MessagePack. An `act` is
//!    `13, "act", seq`; a `state` is `13, "state", {"seq": seq, "pad": ..}`,
//!    padded by the server to 1,320 bytes whatever the width of `seq`.
//! 5. `ERROR` (11): a schema number (the code) and a schema string (why).
//!
//! Colyseus's schema encoding (@colyseus/schema's `encode.number` and
//! `encode.string`) uses MessagePack's markers but writes multi-byte
//! numbers and lengths little-endian, where MessagePack is big-endian: an
//! ERROR code 4217 is `cd 79 10`. Short strings such as message types are
//! the same in both.

use crate::capacity::sockets::{websocket_at, Ws};
use chowka_tests::{ChildServer, WAIT};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use rmpv::ValueRef;
use serde::Deserialize;
use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::Command;
use tokio_tungstenite::tungstenite::Message;

/// Bytes of every `state` frame: the size of chowka's state messages.
pub const STATE_BYTES: usize = 1320;

/// The room type server.js defines (the matchmaking route's last part).
const ROOM_TYPE: &str = "chowka";

/// Colyseus's protocol codes (`Protocol` in @colyseus/core).
const JOIN_ROOM: u8 = 10;
const ERROR: u8 = 11;
const ROOM_DATA: u8 = 13;

/// The folder of the Node server: package.json, server.js, setup.sh.
pub fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("colyseus")
}

/// Whether the server's npm packages are installed
/// (tools/loadgen/colyseus/node_modules, by [`install`]).
pub fn installed() -> bool {
    let modules = folder().join("node_modules");
    modules.join("colyseus").is_dir() && modules.join("@colyseus/ws-transport").is_dir()
}

/// Installs the server's npm packages: runs tools/loadgen/colyseus/setup.sh
/// (`npm ci` of the locked versions). Panics, with setup.sh's own words
/// above, if it fails.
pub fn install() {
    let status = Command::new("bash")
        .arg(folder().join("setup.sh"))
        .status()
        .expect("bash runs tools/loadgen/colyseus/setup.sh");
    assert!(
        status.success(),
        "tools/loadgen/colyseus/setup.sh failed: {status}"
    );
}

/// The Colyseus reference server, a `node server.js` child process on a
/// free loopback port; dropping it kills the process.
pub struct ColyseusServer {
    /// Where it listens (HTTP matchmaking and WebSockets), 127.0.0.1:PORT.
    pub addr: SocketAddr,
    /// The Node process's id (for /proc readings).
    pub pid: u32,
    /// Killed when dropped.
    child: ChildServer,
}

impl ColyseusServer {
    /// Starts server.js on a free port and waits until it listens. Panics
    /// if the packages are not installed or it does not start within
    /// [`WAIT`]. The child inherits this process's file limit, which is
    /// the number of sockets it can hold, and its environment
    /// (`COLYSEUS_PING_MS` sets the heartbeat; `CHOWKA_NODE` names the
    /// node binary, `node` by default; `CHOWKA_TEST_LOG=1` shows its log).
    pub async fn start() -> ColyseusServer {
        ColyseusServer::launch(|_| {}).await
    }

    /// As [`ColyseusServer::start`], with Colyseus's heartbeat every
    /// `period` instead (a socket is closed after two unanswered pings).
    pub async fn start_pinging_every(period: std::time::Duration) -> ColyseusServer {
        let ms = period.as_millis().max(1).to_string();
        ColyseusServer::launch(|cmd| {
            cmd.env("COLYSEUS_PING_MS", ms);
        })
        .await
    }

    /// Starts server.js after `tune` adjusts its command.
    async fn launch(tune: impl FnOnce(&mut Command)) -> ColyseusServer {
        assert!(
            installed(),
            "tools/loadgen/colyseus/node_modules is missing: run tools/loadgen/colyseus/setup.sh"
        );
        let mut cmd = Command::new(std::env::var_os("CHOWKA_NODE").unwrap_or("node".into()));
        cmd.current_dir(folder()).args(["server.js", "0"]);
        tune(&mut cmd);
        let child = tokio::task::spawn_blocking(move || ChildServer::launch(cmd, "colyseus"))
            .await
            .expect("the launching thread")
            .unwrap_or_else(|e| panic!("{e}"));
        ColyseusServer {
            addr: chowka_tests::socket_addr(&child.base),
            pid: child.pid(),
            child,
        }
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base(&self) -> &str {
        &self.child.base
    }
}

/// Why a client could not join or talk to the Colyseus server.
#[derive(Debug)]
pub enum ColyseusError {
    /// The matchmaking request failed (connection, HTTP or JSON).
    Http(reqwest::Error),
    /// Matchmaking answered with an error.
    Matchmaking {
        /// Colyseus's error code (e.g. 4211 for no room found).
        code: i64,
        /// Its words.
        error: String,
    },
    /// The TCP connection or the WebSocket handshake failed, or timed out.
    Connect(String),
    /// The room refused the seat with an ERROR frame.
    Refused {
        /// Colyseus's error code.
        code: u64,
        /// Its words.
        message: String,
    },
    /// A frame that does not follow the protocol.
    Protocol(String),
    /// The socket closed before the join completed.
    Closed,
    /// No answer in time; says which step.
    Timeout(&'static str),
}

impl fmt::Display for ColyseusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ColyseusError::Http(e) => write!(f, "colyseus matchmaking request: {e}"),
            ColyseusError::Matchmaking { code, error } => {
                write!(f, "colyseus matchmaking refused ({code}): {error}")
            }
            ColyseusError::Connect(e) => write!(f, "colyseus WebSocket: {e}"),
            ColyseusError::Refused { code, message } => {
                write!(f, "colyseus room refused the seat ({code}): {message}")
            }
            ColyseusError::Protocol(e) => write!(f, "colyseus protocol: {e}"),
            ColyseusError::Closed => write!(f, "colyseus closed the socket while joining"),
            ColyseusError::Timeout(step) => write!(f, "colyseus: no answer in time to {step}"),
        }
    }
}

impl std::error::Error for ColyseusError {}

/// A seat reservation from matchmaking.
#[derive(Deserialize)]
struct Reservation {
    room: ReservedRoom,
    #[serde(rename = "sessionId")]
    session_id: String,
}

/// The room part of a seat reservation.
#[derive(Deserialize)]
struct ReservedRoom {
    #[serde(rename = "roomId")]
    room_id: String,
    #[serde(rename = "processId")]
    process_id: String,
}

/// A refusal from matchmaking.
#[derive(Deserialize)]
struct Refusal {
    code: i64,
    error: String,
}

/// One socket in one room of the Colyseus server, joined.
pub struct ColyseusClient {
    ws: Ws,
    room_id: String,
}

impl ColyseusClient {
    /// Joins (or creates) the room named `room` (4 clients each), from
    /// source address `from` (the WebSocket's TCP socket is bound to it
    /// before connecting, with TCP_NODELAY), bounded by timeouts. Panics
    /// with the reason if it cannot; [`ColyseusClient::try_join`] returns it.
    pub async fn join(server: SocketAddr, room: &str, from: IpAddr) -> ColyseusClient {
        ColyseusClient::try_join(server, room, from)
            .await
            .unwrap_or_else(|e| panic!("joining colyseus room {room} from {from}: {e}"))
    }

    /// As [`ColyseusClient::join`], with the reason it failed: every step
    /// (matchmaking, connection, handshake, JOIN_ROOM) within [`WAIT`].
    pub async fn try_join(
        server: SocketAddr,
        room: &str,
        from: IpAddr,
    ) -> Result<ColyseusClient, ColyseusError> {
        let seat = reserve_seat(server, room, from).await?;
        let url = format!(
            "ws://{server}/{}/{}?sessionId={}",
            seat.room.process_id, seat.room.room_id, seat.session_id
        );
        // Bounded by its own timeout (sockets::CONNECT_TIMEOUT).
        let mut ws = websocket_at(from, server, &url)
            .await
            .map_err(ColyseusError::Connect)?;
        let first = tokio::time::timeout(WAIT, next_binary(&mut ws))
            .await
            .map_err(|_| ColyseusError::Timeout("say JOIN_ROOM"))?
            .ok_or(ColyseusError::Closed)?;
        match decode(&first) {
            Frame::Joined => {}
            Frame::Error { code, message } => return Err(ColyseusError::Refused { code, message }),
            _ => {
                return Err(ColyseusError::Protocol(format!(
                    "the first frame is not JOIN_ROOM but code {:?}",
                    first.first()
                )))
            }
        }
        // The acknowledgement: from here on the room sends this client
        // its broadcasts at once rather than queueing them.
        tokio::time::timeout(WAIT, ws.send(Message::Binary(vec![JOIN_ROOM].into())))
            .await
            .map_err(|_| ColyseusError::Timeout("acknowledge JOIN_ROOM"))?
            .map_err(|e| ColyseusError::Connect(e.to_string()))?;
        Ok(ColyseusClient {
            ws,
            room_id: seat.room.room_id,
        })
    }

    /// The Colyseus room id it sits in (the same for every client that
    /// joined with the same room name while the room had a free seat).
    pub fn room_id(&self) -> &str {
        &self.room_id
    }

    /// The sending and the receiving halves, to be used by separate tasks.
    ///
    /// A task (spawned here: call it within a tokio runtime) reads the
    /// socket from now on, as a browser would, and hands the decoded
    /// frames to the receiving half. Colyseus pings every socket every 3 s
    /// and closes one that leaves two pings unanswered, and tungstenite
    /// answers a ping only while the socket is read: a caller that reads
    /// only when it expects a state (or not at all while 4,900 rooms join)
    /// would otherwise lose its sockets.
    pub fn split(self) -> (ColyseusSender, ColyseusReceiver) {
        let (sink, mut stream) = self.ws.split();
        let (tx, frames) = tokio::sync::mpsc::unbounded_channel();
        let reader = tokio::spawn(async move {
            while let Some(frame) = next_binary(&mut stream).await {
                if tx.send(decode(&frame)).is_err() {
                    break;
                }
            }
        });
        let reader = reader.abort_handle();
        (ColyseusSender { sink }, ColyseusReceiver { frames, reader })
    }
}

/// Asks matchmaking for a seat in the room named `room`, from `from`
/// (spreading the connections over source addresses, like the sockets).
async fn reserve_seat(
    server: SocketAddr,
    room: &str,
    from: IpAddr,
) -> Result<Reservation, ColyseusError> {
    // One client per join, not one shared: a pooled connection belongs to
    // the tokio runtime that opened it, and tests each have their own.
    let http = reqwest::Client::builder()
        .timeout(WAIT)
        .local_address(from)
        .build()
        .map_err(ColyseusError::Http)?;
    let answer: serde_json::Value = http
        .post(format!(
            "http://{server}/matchmake/joinOrCreate/{ROOM_TYPE}"
        ))
        .json(&serde_json::json!({ "room": room }))
        .send()
        .await
        .map_err(ColyseusError::Http)?
        .json()
        .await
        .map_err(ColyseusError::Http)?;
    if let Ok(Refusal { code, error }) = Refusal::deserialize(&answer) {
        return Err(ColyseusError::Matchmaking { code, error });
    }
    Reservation::deserialize(&answer)
        .map_err(|e| ColyseusError::Protocol(format!("matchmaking answered {answer} ({e})")))
}

/// The next binary frame (tungstenite answers pings itself; Colyseus
/// sends nothing as text), or `None` once the socket is closed.
async fn next_binary<S>(stream: &mut S) -> Option<Vec<u8>>
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        match stream.next().await {
            Some(Ok(Message::Binary(bytes))) => return Some(bytes.into()),
            Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return None,
            Some(Ok(_)) => continue,
        }
    }
}

/// The sending half of a joined client.
pub struct ColyseusSender {
    sink: SplitSink<Ws, Message>,
}

impl ColyseusSender {
    /// Sends an `act` carrying `seq`. A send on a closed socket is
    /// dropped: the load tool learns of the close from the receiving
    /// half, whose [`ColyseusReceiver::next_state`] then says `None`.
    pub async fn send_act(&mut self, seq: u64) {
        let _ = self.sink.send(Message::Binary(act_frame(seq).into())).await;
    }

    /// Sends a frame as is, for tests of what a well-behaved client never
    /// sends; false if the socket is closed.
    pub async fn send_raw(&mut self, frame: Vec<u8>) -> bool {
        self.sink.send(Message::Binary(frame.into())).await.is_ok()
    }
}

/// The receiving half of a joined client: the frames its socket's reader
/// task decoded, in order (see [`ColyseusClient::split`]).
pub struct ColyseusReceiver {
    frames: tokio::sync::mpsc::UnboundedReceiver<Frame>,
    /// Stopped when this half is dropped, so that the socket closes once
    /// the sending half is gone too.
    reader: tokio::task::AbortHandle,
}

impl Drop for ColyseusReceiver {
    fn drop(&mut self) {
        self.reader.abort();
    }
}

impl ColyseusReceiver {
    /// The sequence number of the next 1,320-byte `state` broadcast,
    /// skipping every other frame; `None` once the socket is closed.
    /// Waits as long as it takes: the caller bounds it.
    pub async fn next_state(&mut self) -> Option<u64> {
        loop {
            if let Frame::State {
                seq,
                bytes: STATE_BYTES,
            } = self.next_frame().await?
            {
                return Some(seq);
            }
        }
    }

    /// The next frame, decoded; `None` once the socket is closed.
    pub async fn next_frame(&mut self) -> Option<Frame> {
        self.frames.recv().await
    }
}

/// A frame from the Colyseus server, as far as this workload reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame {
    /// JOIN_ROOM: the seat is taken.
    Joined,
    /// A `state` broadcast: its sequence number and the frame's length.
    State {
        /// The sequence number of the `act` it answers.
        seq: u64,
        /// The whole frame's length in bytes.
        bytes: usize,
    },
    /// An ERROR frame: Colyseus's code and words.
    Error {
        /// The error code (e.g. 4217 for an invalid payload).
        code: u64,
        /// Its words.
        message: String,
    },
    /// Anything else: its protocol code (the first byte) and length.
    Other {
        /// The protocol code, if the frame is not empty.
        code: Option<u8>,
        /// The frame's length in bytes.
        bytes: usize,
    },
}

/// The `act` frame carrying `seq`: ROOM_DATA, the type `"act"` (a schema
/// fixstr), then `seq` as MessagePack in its shortest form, as
/// colyseus.js's `room.send("act", seq)` sends it.
pub fn act_frame(seq: u64) -> Vec<u8> {
    let mut frame = vec![ROOM_DATA, 0xa0 | 3, b'a', b'c', b't'];
    rmp::encode::write_uint(&mut frame, seq).expect("writing to a Vec cannot fail");
    frame
}

/// Reads a frame from the server; anything it does not recognise is
/// [`Frame::Other`].
pub fn decode(frame: &[u8]) -> Frame {
    let other = Frame::Other {
        code: frame.first().copied(),
        bytes: frame.len(),
    };
    let Some((&code, mut rest)) = frame.split_first() else {
        return other;
    };
    let decoded = match code {
        JOIN_ROOM => joined(rest),
        ERROR => error(&mut rest),
        ROOM_DATA => state(&mut rest, frame.len()),
        _ => None,
    };
    decoded.unwrap_or(other)
}

/// JOIN_ROOM's body: the reconnection token and the serializer id, each a
/// length byte and that many bytes (then the serializer's handshake).
fn joined(body: &[u8]) -> Option<Frame> {
    let (&token, rest) = body.split_first()?;
    let (&serializer, _) = rest.get(usize::from(token)..)?.split_first()?;
    // The serializer id must be there whole; its handshake may follow.
    let after = usize::from(token) + 1 + usize::from(serializer);
    (rest.len() >= after).then_some(Frame::Joined)
}

/// ERROR's body: a schema number (the code) and a schema string (the words).
fn error(body: &mut &[u8]) -> Option<Frame> {
    let code = schema_uint(body)?;
    let message = schema_str(body)?.to_string();
    Some(Frame::Error { code, message })
}

/// ROOM_DATA's body, if it is a `state`: the type (a schema string), then
/// a MessagePack map holding `seq`.
fn state(body: &mut &[u8], bytes: usize) -> Option<Frame> {
    if schema_str(body)? != "state" {
        return None;
    }
    let ValueRef::Map(fields) = rmpv::decode::read_value_ref(body).ok()? else {
        return None;
    };
    let seq = fields.iter().find_map(|(key, value)| match key {
        ValueRef::String(k) if k.as_str() == Some("seq") => value.as_u64(),
        _ => None,
    })?;
    Some(Frame::State { seq, bytes })
}

/// The first `n` bytes of `body`, consumed.
fn take<'a>(body: &mut &'a [u8], n: usize) -> Option<&'a [u8]> {
    let (head, rest) = (body.get(..n)?, body.get(n..)?);
    *body = rest;
    Some(head)
}

/// A little-endian unsigned number of `n` bytes, consumed.
fn little_endian(body: &mut &[u8], n: usize) -> Option<u64> {
    let bytes = take(body, n)?;
    Some(bytes.iter().rev().fold(0, |n, &b| n << 8 | u64::from(b)))
}

/// A non-negative schema number (`encode.number`), consumed.
fn schema_uint(body: &mut &[u8]) -> Option<u64> {
    match take(body, 1)?[0] {
        fixint @ 0..=0x7f => Some(u64::from(fixint)),
        0xcc => little_endian(body, 1),
        0xcd => little_endian(body, 2),
        0xce => little_endian(body, 4),
        0xcf => little_endian(body, 8),
        _ => None,
    }
}

/// A schema string (`encode.string`), consumed; `None` if it is not UTF-8.
fn schema_str<'a>(body: &mut &'a [u8]) -> Option<&'a str> {
    let len = match take(body, 1)?[0] {
        fixstr @ 0xa0..=0xbf => usize::from(fixstr & 0x1f),
        0xd9 => little_endian(body, 1)? as usize,
        0xda => little_endian(body, 2)? as usize,
        0xdb => little_endian(body, 4)? as usize,
        _ => return None,
    };
    std::str::from_utf8(take(body, len)?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_act_is_room_data_with_the_type_and_the_shortest_number() {
        assert_eq!(act_frame(5), [13, 0xa3, b'a', b'c', b't', 5]);
        assert_eq!(act_frame(300), [13, 0xa3, b'a', b'c', b't', 0xcd, 1, 44]);
        assert_eq!(act_frame(u64::MAX)[5], 0xcf);
    }

    #[test]
    fn a_state_gives_its_seq_and_length() {
        // As Colyseus encodes `{seq: 128, pad: "xx"}`: map16, uint8.
        let frame = [
            13, 0xa5, b's', b't', b'a', b't', b'e', 0xde, 0, 2, 0xa3, b's', b'e', b'q', 0xcc, 128,
            0xa3, b'p', b'a', b'd', 0xa2, b'x', b'x',
        ];
        assert_eq!(
            decode(&frame),
            Frame::State {
                seq: 128,
                bytes: 23
            }
        );
    }

    #[test]
    fn schema_numbers_and_lengths_are_little_endian() {
        assert_eq!(schema_uint(&mut &[0xce, 1, 2, 0, 0][..]), Some(0x0201));
        assert_eq!(
            schema_uint(&mut &[0xcf, 1, 0, 0, 0, 0, 0, 0, 1][..]),
            Some(1 << 56 | 1)
        );
        let mut long = vec![0xda, 40, 0];
        long.extend([b'x'; 40]);
        assert_eq!(schema_str(&mut &long[..]), Some(&"x".repeat(40)[..]));
        assert_eq!(schema_str(&mut &[0xa3, b'a'][..]), None, "cut short");
        assert_eq!(schema_uint(&mut &[0xd0, 1][..]), None, "negative");
    }

    #[test]
    fn other_room_data_and_broken_frames_are_other() {
        let chat = [13, 0xa4, b'c', b'h', b'a', b't', 0xc0];
        assert_eq!(
            decode(&chat),
            Frame::Other {
                code: Some(13),
                bytes: 7
            }
        );
        assert_eq!(
            decode(&[13, 0xa5, b's']),
            Frame::Other {
                code: Some(13),
                bytes: 3
            }
        );
        assert_eq!(
            decode(&[]),
            Frame::Other {
                code: None,
                bytes: 0
            }
        );
    }

    #[test]
    fn join_room_needs_its_token_and_serializer() {
        let whole = [10, 2, b'a', b'b', 4, b'n', b'o', b'n', b'e'];
        assert_eq!(decode(&whole), Frame::Joined);
        assert!(matches!(decode(&whole[..7]), Frame::Other { .. }));
    }

    #[test]
    fn an_error_gives_its_code_and_words() {
        // 4217 little-endian, as @colyseus/schema writes it; str8 words.
        let mut frame = vec![11, 0xcd, 0x79, 0x10, 0xd9, 7];
        frame.extend(b"invalid");
        assert_eq!(
            decode(&frame),
            Frame::Error {
                code: 4217,
                message: "invalid".into()
            }
        );
    }
}
