//! Helpers for tests that drive a room task directly, through its stub,
//! against the in-process store: a [`Table`] and its [`Conn`]ections.

#![allow(dead_code)] // each test file uses its own share of the helpers

use chowka_protocol::messages::RoomRequest;
use chowka_protocol::Overrides;
use chowka_server::bots::Level;
use chowka_server::config::RoomOpts;
use chowka_server::ids::{self, RoomCode};
use chowka_server::rooms::{Joined, Out, Registry, Room, RoomStub, Seat, Settings};
use chowka_server::store::{Memory, Store};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::Instant;

/// A room on a paused clock, with its registry and store.
pub struct Table {
    pub registry: Registry,
    pub memory: Memory,
    pub stub: RoomStub,
    pub code: RoomCode,
    /// Seat tokens, by seat (`None` for a computer's or an empty seat).
    pub tokens: Vec<Option<String>>,
    _shutdown: watch::Sender<bool>,
}

/// One joined connection and the messages it got.
pub struct Conn {
    pub joined: Joined,
    /// The latest state.
    pub state: Value,
}

pub fn person(name: &str, host: bool) -> (Seat, Option<String>) {
    let token = ids::new_token();
    let seat = Seat {
        name: Some(name.into()),
        token_hash: Some(ids::hash_token(&token)),
        bot: None,
        host,
        player: None,
    };
    (seat, Some(token))
}

pub fn computer(level: Level) -> (Seat, Option<String>) {
    let seat = Seat {
        bot: Some(level),
        ..Seat::default()
    };
    (seat, None)
}

impl Table {
    /// A room with these seats and settings; `tune` sets the rooms' options.
    pub async fn new(
        seats: Vec<(Seat, Option<String>)>,
        settings: Settings,
        tune: impl FnOnce(&mut RoomOpts),
    ) -> Table {
        Table::with_rules(seats, settings, Overrides::default(), tune).await
    }

    /// A room as [`Table::new`] makes it, with these rules.
    pub async fn with_rules(
        seats: Vec<(Seat, Option<String>)>,
        settings: Settings,
        options: Overrides,
        tune: impl FnOnce(&mut RoomOpts),
    ) -> Table {
        let mut opts = RoomOpts {
            bot_delay_ms: 0,
            ..RoomOpts::default()
        };
        tune(&mut opts);
        let (store, memory) = Store::memory();
        let (shutdown, stopped) = watch::channel(false);
        let cluster = Arc::new(chowka_server::cluster::Cluster::alone("local".into(), 5000));
        let registry = Registry::new(opts, store, Arc::default(), stopped, cluster);
        let (seats, tokens): (Vec<Seat>, Vec<Option<String>>) = seats.into_iter().unzip();
        let setup = chowka_protocol::Setup {
            options: Overrides {
                players: Some(seats.len() as u8),
                ..options
            },
            ..Default::default()
        };
        let room = Room::new(RoomCode::random(), setup, settings, seats).expect("playable rules");
        let code = room.code;
        let stub = registry.create(room).await.expect("room created");
        Table {
            registry,
            memory,
            stub,
            code,
            tokens,
            _shutdown: shutdown,
        }
    }

    pub async fn join(&self, seat: usize) -> Conn {
        let token = self.tokens[seat].clone();
        let joined = self
            .stub
            .join(token)
            .await
            .expect("room runs")
            .expect("joins");
        let mut conn = Conn {
            joined,
            state: Value::Null,
        };
        settle().await;
        conn.drain();
        conn
    }

    pub async fn send(&self, conn: &Conn, msg: Value) {
        let request: RoomRequest = serde_json::from_value(msg).expect("a room request");
        assert!(
            self.stub
                .send(conn.joined.conn, request, Instant::now())
                .await
        );
        settle().await;
    }
}

/// Lets every task that can run, run (the clock stays where it is).
pub async fn settle() {
    for _ in 0..100 {
        tokio::task::yield_now().await;
    }
}

impl Conn {
    /// Every message that came since the last call; keeps the latest state.
    pub fn drain(&mut self) -> Vec<Value> {
        let mut got = Vec::new();
        loop {
            match self.joined.out.try_recv() {
                Some(Out::Text(text)) => {
                    let m: Value = serde_json::from_str(&text).unwrap();
                    if m["type"] == "state" {
                        self.state = m.clone();
                    }
                    got.push(m);
                }
                Some(Out::Close(..)) => got.push(json!({"type": "closed"})),
                None => return got,
            }
        }
    }

    /// The states that came since the last call.
    pub fn states(&mut self) -> Vec<Value> {
        let got = self.drain();
        got.into_iter().filter(|m| m["type"] == "state").collect()
    }

    pub fn game(&self) -> &Value {
        &self.state["game"]
    }

    /// The server's own simple choice for the seat to move, as JSON.
    pub fn simple_action(&self) -> Value {
        let g = self.game();
        if g["can_throw"] == true {
            return json!({"do": "throw"});
        }
        if let Some(m) = g["legal"].as_array().and_then(|l| l.first()) {
            let mut a = json!({"do": "move", "pawns": m["pawns"], "value": m["value"]});
            if !m["target"].is_null() {
                a["target"] = m["target"].clone();
            }
            return a;
        }
        json!({"do": "skip"})
    }
}

/// Whether a state's events include an action of `seat`.
pub fn acted(state: &Value, seat: u64) -> bool {
    state["events"]
        .as_array()
        .is_some_and(|e| e.iter().any(|e| e["player"].as_u64() == Some(seat)))
}

pub fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// Plays `conn`'s seat with simple actions until `seat` is to move (or
/// the game ends); a computer's turns in between are played at once.
pub async fn play_until_turn_of(table: &Table, conn: &mut Conn, seat: u64) {
    for _ in 0..200 {
        if conn.game()["to_move"].as_u64() == Some(seat)
            || conn.state["room"]["status"] != "playing"
        {
            return;
        }
        act(table, conn).await;
    }
    panic!("seat {seat} never came to move");
}

/// Sends the simple action on `conn`'s latest state; the messages that came.
pub async fn act(table: &Table, conn: &mut Conn) -> Vec<Value> {
    let version = conn.state["version"].clone();
    let action = conn.simple_action();
    let msg = json!({"type": "act", "version": version, "action": action});
    table.send(conn, msg).await;
    conn.drain()
}
