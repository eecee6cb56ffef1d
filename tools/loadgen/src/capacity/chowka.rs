//! chowka as a target: rooms of four seats created over HTTP, four
//! WebSockets joining with their seat tokens, the host starting, and the
//! seat to act sending a random legal action; a finished game goes on as
//! its rematch (the same tokens open the new room).

use super::sockets::{next_text, websocket_from, Ws};
use super::workload::Table;
use crate::load::state_version;
use chowka_protocol::messages::{GameView, RoomStatus};
use chowka_protocol::random::random_view_action;
use futures_util::SinkExt;
use rand::SeedableRng;
use serde::Deserialize;
use serde_json::json;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};

/// Seats of every room.
const SEATS: usize = 4;

/// Options that let one machine's load into a chowka server: connection
/// caps above 20,000 sockets (the file limit is what binds), no
/// per-address caps (every socket is loopback), rooms enough.
pub const SERVER_OPTIONS: [&str; 12] = [
    "--max-connections",
    "30000",
    "--max-http-connections",
    "30000",
    "--ws-per-address",
    "30000",
    "--max-connections-per-address",
    "0",
    "--max-rooms",
    "30000",
    "--idle-room-secs",
    "3600",
];

/// Sizes of the messages chowka sent, over every socket of a run.
#[derive(Debug, Default)]
pub struct Sizes {
    welcome_bytes: AtomicU64,
    welcomes: AtomicU64,
    state_bytes: AtomicU64,
    states: AtomicU64,
}

impl Sizes {
    /// Mean `welcome` and `state` sizes in bytes (None if none came).
    pub fn means(&self) -> (Option<f64>, Option<f64>) {
        let mean = |bytes: &AtomicU64, count: &AtomicU64| {
            let n = count.load(Relaxed);
            (n > 0).then(|| bytes.load(Relaxed) as f64 / n as f64)
        };
        (
            mean(&self.welcome_bytes, &self.welcomes),
            mean(&self.state_bytes, &self.states),
        )
    }
}

/// The server every table of a run talks to.
#[derive(Debug)]
pub struct Endpoint {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    addr: SocketAddr,
    url: String,
    /// Message sizes seen by every socket.
    pub sizes: Sizes,
}

impl Endpoint {
    /// The server at `base` (`http://IP:PORT`).
    pub fn new(base: &str) -> Endpoint {
        Endpoint {
            base: base.to_string(),
            addr: chowka_tests::socket_addr(base),
            url: chowka_tests::ws_url(base),
            sizes: Sizes::default(),
        }
    }
}

/// HTTP clients from `count` loopback addresses 127.0.3.x, so that
/// creating thousands of rooms stays under the per-address room limit.
pub fn http_clients(count: u8) -> Result<Vec<reqwest::Client>, String> {
    (1..=count)
        .map(|i| {
            reqwest::Client::builder()
                .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 3, i)))
                .timeout(chowka_tests::WAIT)
                .build()
                .map_err(|e| format!("HTTP client: {e}"))
        })
        .collect()
}

/// The part of a `state` a player needs to act.
#[derive(Deserialize)]
struct StateHead {
    version: u64,
    room: RoomHead,
    game: Option<GameView>,
}

/// The part of a state's room a player needs.
#[derive(Deserialize)]
struct RoomHead {
    status: RoomStatus,
    rematch: Option<String>,
}

/// Parses a `state` message's head.
fn head(text: &str) -> Result<StateHead, String> {
    serde_json::from_str(text).map_err(|e| format!("a state that does not parse ({e}): {text}"))
}

/// One room of four seated players.
pub struct ChowkaTable {
    server: Arc<Endpoint>,
    /// Index of its first socket in the run (for source addresses).
    first: usize,
    code: String,
    tokens: Vec<String>,
    sockets: Vec<Ws>,
    /// The newest state version each socket has.
    seen: Vec<u64>,
    /// The newest state any socket has, and its text.
    newest: Option<(u64, Utf8Bytes)>,
    /// The prepared action: the socket of the seat to act, and the message.
    next: Option<(usize, String)>,
    /// The version the prepared action acts on.
    acted_on: u64,
    rng: rand_chacha::ChaCha8Rng,
    games: u64,
}

impl ChowkaTable {
    /// Creates room number `room` of the run over HTTP, with four seats,
    /// no turn clock and no takeover (so that no timer acts), and `pawns`
    /// pawns per player if given (else the preset's).
    pub async fn create(
        server: Arc<Endpoint>,
        http: &reqwest::Client,
        room: usize,
        seed: u64,
        pawns: Option<u8>,
    ) -> Result<ChowkaTable, String> {
        let mut body = json!({"name": "Player 0", "players": SEATS, "takeover": null});
        if let Some(pawns) = pawns {
            body["options"] = json!({ "pawns": pawns });
        }
        let (code, tokens) =
            chowka_tests::try_room_of(http, &server.base, body, SEATS as u8).await?;
        Ok(ChowkaTable {
            server,
            first: room * SEATS,
            code,
            tokens,
            sockets: Vec::with_capacity(SEATS),
            seen: vec![0; SEATS],
            newest: None,
            next: None,
            acted_on: 0,
            rng: rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ room as u64),
            games: 0,
        })
    }

    /// Opens the four sockets, each saying `hello` with its seat token and
    /// reading its `welcome` and first `state`.
    pub async fn join(&mut self) -> Result<(), String> {
        for (seat, token) in self.tokens.iter().enumerate() {
            let mut ws =
                websocket_from(self.first + seat, self.server.addr, &self.server.url).await?;
            let hello = json!({"type": "hello", "room": self.code, "token": token});
            ws.send(Message::Text(hello.to_string().into()))
                .await
                .map_err(|e| format!("hello: {e}"))?;
            self.sockets.push(ws);
        }
        for i in 0..SEATS {
            while self.seen[i] == 0 {
                self.read(i).await?;
            }
        }
        Ok(())
    }

    /// The host starts the game; returns once every socket has the first
    /// state of the game.
    pub async fn start(&mut self) -> Result<(), String> {
        self.send(0, json!({"type": "start"}).to_string()).await?;
        for i in 0..SEATS {
            loop {
                if let Some(text) = self.read(i).await? {
                    if head(&text)?.room.status == RoomStatus::Playing {
                        break;
                    }
                }
            }
        }
        Ok(())
    }

    /// Sends a message on socket `i`.
    async fn send(&mut self, i: usize, text: String) -> Result<(), String> {
        self.sockets[i]
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| format!("send to room {}: {e}", self.code))
    }

    /// Reads one message on socket `i`, counting sizes; returns it if it
    /// is a state. An `error` from the server fails the room: the players
    /// only ever send legal actions on the newest state.
    async fn read(&mut self, i: usize) -> Result<Option<Utf8Bytes>, String> {
        let text = next_text(&mut self.sockets[i]).await?;
        let sizes = &self.server.sizes;
        if let Some(version) = state_version(&text) {
            sizes.state_bytes.fetch_add(text.len() as u64, Relaxed);
            sizes.states.fetch_add(1, Relaxed);
            self.seen[i] = self.seen[i].max(version);
            if self.newest.as_ref().is_none_or(|(v, _)| version > *v) {
                self.newest = Some((version, text.clone()));
            }
            return Ok(Some(text));
        }
        if text.starts_with(r#"{"type":"welcome""#) {
            sizes.welcome_bytes.fetch_add(text.len() as u64, Relaxed);
            sizes.welcomes.fetch_add(1, Relaxed);
        } else if text.starts_with(r#"{"type":"error""#) {
            return Err(format!("room {} refused: {text}", self.code));
        }
        Ok(None)
    }

    /// After a finished game: asks for the rematch (unless its code is
    /// known), then the same seats join the new room and the host starts.
    async fn rematch(&mut self, version: u64, code: Option<String>) -> Result<(), String> {
        let code = match code {
            Some(code) => code,
            None => {
                self.send(0, json!({"type": "rematch"}).to_string()).await?;
                self.answered(version + 1).await?;
                let (_, text) = self.newest.clone().expect("a state was read");
                head(&text)?
                    .room
                    .rematch
                    .ok_or_else(|| format!("room {}: no rematch code after rematch", self.code))?
            }
        };
        for mut ws in self.sockets.drain(..) {
            let _ = ws.close(None).await;
        }
        self.code = code;
        self.seen = vec![0; SEATS];
        self.newest = None;
        self.join().await?;
        self.start().await
    }
}

impl Table for ChowkaTable {
    async fn act(&mut self) -> Result<u64, String> {
        let (socket, text) = self
            .next
            .take()
            .ok_or_else(|| format!("room {}: no action prepared", self.code))?;
        self.send(socket, text).await?;
        Ok(self.acted_on + 1)
    }

    async fn answered(&mut self, mark: u64) -> Result<(), String> {
        for i in 0..SEATS {
            while self.seen[i] < mark {
                self.read(i).await?;
            }
        }
        Ok(())
    }

    async fn prepare(&mut self) -> Result<(), String> {
        loop {
            let (version, text) = self
                .newest
                .clone()
                .ok_or_else(|| format!("room {}: no state yet", self.code))?;
            let state = head(&text)?;
            if version != state.version {
                return Err(format!(
                    "room {}: state version {version} misread",
                    self.code
                ));
            }
            match state.room.status {
                RoomStatus::Playing => {
                    let view = state
                        .game
                        .ok_or_else(|| format!("room {}: playing without a game", self.code))?;
                    for seat in 0..SEATS {
                        if let Some(action) = random_view_action(&view, seat as u8, &mut self.rng) {
                            let act = json!({"type": "act", "version": version, "action": action});
                            self.next = Some((seat, act.to_string()));
                            self.acted_on = version;
                            return Ok(());
                        }
                    }
                    return Err(format!(
                        "room {}: no seat may act in version {version}",
                        self.code
                    ));
                }
                RoomStatus::Finished => {
                    self.games += 1;
                    self.rematch(version, state.room.rematch).await?;
                }
                RoomStatus::Lobby => {
                    return Err(format!("room {}: back in the lobby", self.code));
                }
            }
        }
    }

    fn games(&self) -> u64 {
        self.games
    }
}
