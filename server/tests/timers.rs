//! Every timer of a room (turn clock, takeover, idle close, computer delay,
//! archive retry) on tokio's paused clock: the room task runs for real,
//! against the in-process store, and the tests move time by hand, so none
//! waits real seconds and each deadline is checked to the millisecond.

use chowka_protocol::messages::ClientMsg;
use chowka_protocol::{Gate, Overrides};
use chowka_server::bots::Level;
use chowka_server::rooms::{Joined, Out, Registry, Request, Room, RoomStub, Seat, Settings};
use chowka_server::store::{Memory, Store};
use chowka_server::{ids, ServeOpts};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, watch};
use tokio::time::{advance, Instant};

/// A room on a paused clock, with its registry and store.
struct Table {
    registry: Registry,
    memory: Memory,
    stub: RoomStub,
    code: String,
    /// Seat tokens, by seat (`None` for a computer's or an empty seat).
    tokens: Vec<Option<String>>,
    _shutdown: watch::Sender<bool>,
}

/// One joined connection and the messages it got.
struct Conn {
    joined: Joined,
    /// The latest state.
    state: Value,
}

fn person(name: &str, host: bool) -> (Seat, Option<String>) {
    let token = ids::new_token();
    let seat = Seat {
        name: Some(name.into()),
        token_hash: Some(ids::hash_token(&token)),
        bot: None,
        host,
    };
    (seat, Some(token))
}

fn computer(level: Level) -> (Seat, Option<String>) {
    let seat = Seat {
        bot: Some(level),
        ..Seat::default()
    };
    (seat, None)
}

impl Table {
    /// A room with these seats and settings; `tune` sets server options.
    async fn new(
        seats: Vec<(Seat, Option<String>)>,
        settings: Settings,
        tune: impl FnOnce(&mut ServeOpts),
    ) -> Table {
        Table::with_rules(seats, settings, Overrides::default(), tune).await
    }

    /// A room as [`Table::new`] makes it, with these rules.
    async fn with_rules(
        seats: Vec<(Seat, Option<String>)>,
        settings: Settings,
        options: Overrides,
        tune: impl FnOnce(&mut ServeOpts),
    ) -> Table {
        let mut opts = ServeOpts {
            bot_delay_ms: 0,
            ..ServeOpts::default()
        };
        tune(&mut opts);
        let (store, memory) = Store::memory();
        let (shutdown, stopped) = watch::channel(false);
        let registry = Registry::new(Arc::new(opts), store, Arc::default(), stopped);
        let (seats, tokens): (Vec<Seat>, Vec<Option<String>>) = seats.into_iter().unzip();
        let setup = chowka_protocol::Setup {
            options: Overrides {
                players: Some(seats.len() as u8),
                ..options
            },
            ..Default::default()
        };
        let room = Room::new(ids::new_code(), setup, settings, seats);
        let code = room.code.clone();
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

    async fn join(&self, seat: usize) -> Conn {
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

    async fn send(&self, conn: &Conn, msg: Value) {
        let msg: ClientMsg = serde_json::from_value(msg).expect("a client message");
        let request = Request::try_from(msg).expect("a room request");
        assert!(
            self.stub
                .send(conn.joined.conn, request, Instant::now())
                .await
        );
        settle().await;
    }
}

/// Lets every task that can run, run (the clock stays where it is).
async fn settle() {
    for _ in 0..100 {
        tokio::task::yield_now().await;
    }
}

impl Conn {
    /// Every message that came since the last call; keeps the latest state.
    fn drain(&mut self) -> Vec<Value> {
        let mut got = Vec::new();
        loop {
            match self.joined.out.try_recv() {
                Ok(Out::Text { to, text }) => {
                    if to.is_none_or(|c| c == self.joined.conn) {
                        let m: Value = serde_json::from_str(&text).unwrap();
                        if m["type"] == "state" {
                            self.state = m.clone();
                        }
                        got.push(m);
                    }
                }
                Ok(Out::Close(..)) => got.push(json!({"type": "closed"})),
                Err(broadcast::error::TryRecvError::Lagged(_)) => continue,
                Err(_) => return got,
            }
        }
    }

    /// The states that came since the last call.
    fn states(&mut self) -> Vec<Value> {
        let got = self.drain();
        got.into_iter().filter(|m| m["type"] == "state").collect()
    }

    fn game(&self) -> &Value {
        &self.state["game"]
    }

    /// The server's own simple choice for the seat to move, as JSON.
    fn simple_action(&self) -> Value {
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
fn acted(state: &Value, seat: u64) -> bool {
    state["events"]
        .as_array()
        .is_some_and(|e| e.iter().any(|e| e["player"].as_u64() == Some(seat)))
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// Plays `conn`'s seat with simple actions until `seat` is to move (or
/// the game ends); a computer's turns in between are played at once.
async fn play_until_turn_of(table: &Table, conn: &mut Conn, seat: u64) {
    for _ in 0..200 {
        if conn.game()["to_move"].as_u64() == Some(seat)
            || conn.state["room"]["status"] != "playing"
        {
            return;
        }
        let version = conn.state["version"].clone();
        let action = conn.simple_action();
        table
            .send(
                conn,
                json!({"type": "act", "version": version, "action": action}),
            )
            .await;
        conn.drain();
    }
    panic!("seat {seat} never came to move");
}

#[tokio::test(start_paused = true)]
async fn the_turn_clock_plays_for_the_player_when_it_runs_out() {
    let settings = Settings {
        turn_clock: Some(10),
        ..Settings::default()
    };
    let table = Table::new(
        vec![person("Asha", true), person("Ravi", false)],
        settings,
        |_| {},
    )
    .await;
    let mut asha = table.join(0).await;
    table.send(&asha, json!({"type": "start"})).await;
    asha.drain();
    assert_eq!(asha.state["room"]["status"], "playing");
    assert_eq!(asha.state["room"]["clock_ms"], 10_000);
    advance(ms(9_999)).await;
    settle().await;
    assert!(
        asha.states().is_empty(),
        "nothing before the clock runs out"
    );
    advance(ms(1)).await;
    settle().await;
    let states = asha.states();
    assert!(
        states.iter().any(|s| acted(s, 0)),
        "the server threw for Asha when her clock ran out: {states:?}"
    );
}

#[tokio::test(start_paused = true)]
async fn a_computer_stands_in_after_the_takeover_time_until_the_player_returns() {
    let settings = Settings {
        takeover: Some(5),
        ..Settings::default()
    };
    let table = Table::new(
        vec![person("Asha", true), person("Ravi", false)],
        settings,
        |o| o.bot_delay_ms = 300,
    )
    .await;
    let mut asha = table.join(0).await;
    let ravi = table.join(1).await;
    table.send(&asha, json!({"type": "start"})).await;
    table.stub.leave(ravi.joined.conn);
    settle().await;
    asha.drain();
    advance(ms(4_999)).await;
    settle().await;
    assert!(asha.states().is_empty(), "no stand-in before five seconds");
    advance(ms(1)).await;
    settle().await;
    asha.drain();
    assert_eq!(asha.state["room"]["seats"][1]["standin"], true);
    // When Ravi's turn comes, the stand-in plays it after the computer delay.
    play_until_turn_of(&table, &mut asha, 1).await;
    advance(ms(299)).await;
    settle().await;
    assert!(!asha.states().iter().any(|s| acted(s, 1)));
    advance(ms(1)).await;
    settle().await;
    assert!(
        asha.states().iter().any(|s| acted(s, 1)),
        "the stand-in played"
    );
    // Ravi is back: his seat is his again, and nobody plays for him.
    let mut ravi = table.join(1).await;
    assert_eq!(ravi.state["room"]["seats"][1]["standin"], false);
    play_until_turn_of(&table, &mut asha, 1).await;
    ravi.drain();
    advance(Duration::from_secs(60)).await;
    settle().await;
    assert!(
        !ravi.states().iter().any(|s| acted(s, 1)),
        "nobody played for Ravi"
    );
}

#[tokio::test(start_paused = true)]
async fn a_computer_acts_after_its_delay() {
    let table = Table::new(
        vec![person("Asha", true), computer(Level::Easy)],
        Settings::default(),
        |o| o.bot_delay_ms = 700,
    )
    .await;
    let mut asha = table.join(0).await;
    table.send(&asha, json!({"type": "start"})).await;
    asha.drain();
    play_until_turn_of(&table, &mut asha, 1).await;
    advance(ms(699)).await;
    settle().await;
    assert!(!asha.states().iter().any(|s| acted(s, 1)), "too early");
    advance(ms(1)).await;
    settle().await;
    assert!(
        asha.states().iter().any(|s| acted(s, 1)),
        "the computer acted"
    );
}

#[tokio::test(start_paused = true)]
async fn an_idle_room_closes_and_reopens_from_the_store_with_nothing_lost() {
    let table = Table::new(
        vec![person("Asha", true), person("Ravi", false)],
        Settings::default(),
        |o| o.idle_room_secs = 60,
    )
    .await;
    let mut asha = table.join(0).await;
    let ravi = table.join(1).await;
    table.send(&asha, json!({"type": "start"})).await;
    asha.drain();
    play_until_turn_of(&table, &mut asha, 1).await;
    let left = asha.state.clone();
    // Both leave at 30 s: the idle time counts from then.
    advance(Duration::from_secs(30)).await;
    table.stub.leave(asha.joined.conn);
    table.stub.leave(ravi.joined.conn);
    settle().await;
    advance(Duration::from_secs(59)).await;
    settle().await;
    assert!(!table.stub.is_closed(), "still open at 59 s idle");
    advance(Duration::from_secs(1)).await;
    settle().await;
    assert!(table.stub.is_closed(), "closed at 60 s idle");
    assert_eq!(table.registry.len(), 0);
    // Coming back reopens it from the store, just as it was left, with a
    // new version so that an action sent on the old state is refused.
    let stub = table.registry.get(&table.code).await.expect("reopens");
    let token = table.tokens[0].clone();
    let mut back = Conn {
        joined: stub.join(token).await.unwrap().unwrap(),
        state: Value::Null,
    };
    back.drain();
    assert_eq!(back.state["game"], left["game"]);
    assert!(back.state["version"].as_u64() > left["version"].as_u64());
}

#[tokio::test(start_paused = true)]
async fn a_failed_archive_write_is_tried_again_five_seconds_later() {
    // A short game (5x5, one pawn each, the gate open) against a computer.
    let short = Overrides {
        board: Some(5),
        pawns: Some(1),
        gate: Some(Gate::Open),
        ..Overrides::default()
    };
    let table = Table::with_rules(
        vec![person("Asha", true), computer(Level::Easy)],
        Settings::default(),
        short,
        |_| {},
    )
    .await;
    table.memory.fail_archives(true);
    let mut asha = table.join(0).await;
    table.send(&asha, json!({"type": "start"})).await;
    asha.drain();
    for _ in 0..5000 {
        if asha.state["room"]["status"] != "playing" {
            break;
        }
        play_until_turn_of(&table, &mut asha, 1).await;
        settle().await;
        asha.drain();
    }
    assert_eq!(asha.state["room"]["status"], "finished");
    assert!(
        table.memory.game(&table.code).is_none(),
        "the archive failed"
    );
    // The store is back; the retry comes five seconds after the failure.
    table.memory.fail_archives(false);
    advance(ms(4_999)).await;
    settle().await;
    assert!(table.memory.game(&table.code).is_none(), "not retried yet");
    advance(ms(1)).await;
    settle().await;
    let game = table
        .memory
        .game(&table.code)
        .expect("archived on the retry");
    assert_eq!(
        game.actions as usize,
        table.memory.actions(&table.code).len()
    );
}
