//! Games over days on tokio's paused clock, rooms run for real against the
//! in-process store: a turn that runs out, vacation and `back`, a restart
//! and a node failover in the middle of a turn, the sweeper waking a room
//! nobody holds, and 10,000 such games held by nobody once nobody is
//! connected.

mod common;

use chowka_protocol::messages::{Pace, RoomRequest};
use chowka_server::config::RoomOpts;
use chowka_server::ids::RoomCode;
use chowka_server::rooms::{Found, Joined, Registry, Room, RoomStub, Settings, DAY_MS, HOUR_MS};
use chowka_server::store::Store;
use chowka_server::wall::Wall;
use common::*;
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::watch;
use tokio::time::{advance, Instant};

/// A node: its registry on a shared store and wall clock.
struct Node {
    registry: Registry,
    stop: watch::Sender<bool>,
}

impl Node {
    fn new(store: &Store, wall: Wall, name: &str) -> Node {
        let opts = RoomOpts {
            bot_delay_ms: 0,
            wall,
            ..RoomOpts::default()
        };
        let (stop, stopped) = watch::channel(false);
        let cluster = Arc::new(chowka_server::cluster::Cluster::alone(name.into(), 5000));
        let registry = Registry::new(opts, store.clone(), Arc::default(), stopped, cluster);
        Node { registry, stop }
    }

    async fn stub(&self, code: RoomCode) -> RoomStub {
        match self.registry.get(code).await.expect("loads") {
            Found::Here(stub) => stub,
            Found::Elsewhere(n) => panic!("held by {n}"),
        }
    }

    async fn shut_down(self) {
        let _ = self.stop.send(true);
        self.registry.wait_closed().await;
    }
}

fn days() -> Settings {
    Settings {
        pace: Pace::Days,
        turn_hours: Some(24),
        ..Settings::default()
    }
}

/// A days game between Asha and Ravi, started at the wall's now.
async fn game(node: &Node, wall: Wall) -> (RoomCode, Vec<String>) {
    let (a, ta) = person("Asha", true);
    let (r, tr) = person("Ravi", false);
    let setup = chowka_protocol::Setup::default();
    let mut room = Room::new(RoomCode::random(), setup, days(), vec![a, r]).unwrap();
    room.begin(chowka_server::rooms::server_seed(), wall.now_ms())
        .unwrap();
    let code = room.code;
    node.registry.create(room).await.expect("created");
    (code, vec![ta.unwrap(), tr.unwrap()])
}

async fn join(stub: &RoomStub, token: &str) -> Conn {
    let joined: Joined = stub.join(Some(token.into())).await.unwrap().unwrap();
    let mut conn = Conn {
        joined,
        state: Value::Null,
    };
    settle().await;
    conn.drain();
    conn
}

async fn send(stub: &RoomStub, conn: &mut Conn, msg: Value) -> Vec<Value> {
    let request: RoomRequest = serde_json::from_value(msg).unwrap();
    assert!(stub.send(conn.joined.conn, request, Instant::now()).await);
    settle().await;
    conn.drain()
}

#[tokio::test(start_paused = true)]
async fn a_turn_that_runs_out_is_played_by_the_computer_then_the_player_is_back() {
    let (store, _) = Store::memory();
    let wall = Wall::paused();
    let node = Node::new(&store, wall, "n1");
    let start = wall.now_ms();
    let (code, tokens) = game(&node, wall).await;
    let stub = node.stub(code).await;
    let mut asha = join(&stub, &tokens[0]).await;
    let seat = asha.game()["to_move"].as_u64().unwrap();
    assert_eq!(asha.state["room"]["pace"], "days");
    assert_eq!(asha.state["room"]["due_at"], start + DAY_MS);
    advance(ms(DAY_MS as u64 - 1)).await;
    settle().await;
    assert!(asha.states().is_empty(), "nothing before the day is out");
    advance(ms(1)).await;
    settle().await;
    let got = asha.drain();
    let out = got.iter().position(|m| m["type"] == "clock_out");
    let out = out.expect("clock_out sent");
    assert_eq!(got[out]["seat"], seat);
    assert!(got[out + 1]["room"]["seats"][seat as usize]["standin"] == true);
    assert!(got.iter().any(|m| acted(m, seat)), "the computer played");
    // The turn passed: a full day for the next seat, and nobody plays
    // for the one whose time ran out.
    assert_ne!(asha.game()["to_move"].as_u64(), Some(seat));
    assert_eq!(asha.state["room"]["due_at"], wall.now_ms() + DAY_MS);
    assert_eq!(asha.state["room"]["seats"][seat as usize]["standin"], false);
    // A welcome's history says so too.
    let again = join(&stub, &tokens[0]).await;
    drop(again);
    let welcome = stub.join(None).await.unwrap().unwrap();
    let mut watcher = Conn {
        joined: welcome,
        state: Value::Null,
    };
    let first = watcher.drain().remove(0);
    let history = first["history"].as_array().unwrap();
    assert!(history
        .iter()
        .any(|h| h == &json!({"kind": "clock_out", "seat": seat})));
}

#[tokio::test(start_paused = true)]
async fn vacation_stops_the_clock_and_back_starts_it_again() {
    let (store, _) = Store::memory();
    let wall = Wall::paused();
    let node = Node::new(&store, wall, "n1");
    let start = wall.now_ms();
    let (code, tokens) = game(&node, wall).await;
    let stub = node.stub(code).await;
    let mut asha = join(&stub, &tokens[0]).await;
    let seat = asha.game()["to_move"].as_u64().unwrap() as usize;
    let mut mover = join(&stub, &tokens[seat]).await;
    advance(ms(HOUR_MS as u64)).await;
    send(&stub, &mut mover, json!({"type": "vacation", "days": 2})).await;
    let view = &mover.state["room"];
    assert_eq!(view["due_at"], Value::Null, "stopped while away");
    assert_eq!(
        view["seats"][seat]["vacation_until"],
        start + HOUR_MS + 2 * DAY_MS
    );
    assert_eq!(view["seats"][seat]["vacation_left_ms"], DAY_MS);
    // Past the turn's day: still nothing, the clock is stopped.
    advance(ms(DAY_MS as u64)).await;
    settle().await;
    assert!(!mover.drain().iter().any(|m| m["type"] == "clock_out"));
    send(&stub, &mut mover, json!({"type": "back"})).await;
    // One hour used before, a day away: 23 hours are left.
    let now = wall.now_ms();
    assert_eq!(mover.state["room"]["due_at"], now + 23 * HOUR_MS);
    assert_eq!(
        mover.state["room"]["seats"][seat]["vacation_left_ms"],
        2 * DAY_MS
    );
    advance(ms(23 * HOUR_MS as u64)).await;
    settle().await;
    assert!(mover.drain().iter().any(|m| m["type"] == "clock_out"));
    // More than three days is not a vacation one may ask for.
    let refused = send(&stub, &mut asha, json!({"type": "vacation", "days": 9})).await;
    assert!(
        refused.iter().any(|m| m["code"] == "bad_request"),
        "{refused:?}"
    );
}

/// A turn ten hours in, then `restart` gives the node that holds it next;
/// the clock keeps the ten hours used.
async fn ten_hours_in_then(restart: impl AsyncFnOnce(Store, Wall, Node, RoomCode) -> Node) {
    let (store, memory) = Store::memory();
    let wall = Wall::paused();
    let node = Node::new(&store, wall, "n1");
    let start = wall.now_ms();
    let (code, tokens) = game(&node, wall).await;
    let stub = node.stub(code).await;
    let mut asha = join(&stub, &tokens[0]).await;
    // Asha plays until Ravi is to move: his turn starts then.
    let mut began = start;
    for _ in 0..50 {
        if asha.game()["to_move"] == 1 {
            break;
        }
        advance(ms(60_000)).await;
        began = wall.now_ms();
        let version = asha.state["version"].clone();
        let action = asha.simple_action();
        send(
            &stub,
            &mut asha,
            json!({"type": "act", "version": version, "action": action}),
        )
        .await;
    }
    assert_eq!(asha.game()["to_move"], 1);
    advance(ms(10 * HOUR_MS as u64)).await;
    let row = memory.room(code).unwrap();
    assert_eq!(
        row.due_at,
        Some(began + DAY_MS),
        "the index follows the turn"
    );
    drop(asha);
    let node = restart(store.clone(), wall, node, code).await;
    let stub = node.stub(code).await;
    let ravi = join(&stub, &tokens[1]).await;
    assert_eq!(
        ravi.state["room"]["due_at"],
        began + DAY_MS,
        "the time used is kept"
    );
    advance(ms(14 * HOUR_MS as u64 - 1)).await;
    settle().await;
    let mut ravi = ravi;
    assert!(!ravi.drain().iter().any(|m| m["type"] == "clock_out"));
    advance(ms(1)).await;
    settle().await;
    assert!(ravi.drain().iter().any(|m| m["type"] == "clock_out"));
}

#[tokio::test(start_paused = true)]
async fn a_restart_in_the_middle_of_a_turn_keeps_the_time_used() {
    ten_hours_in_then(async |store, wall, node, _| {
        node.shut_down().await;
        store.expire_leases("n1").await.unwrap();
        Node::new(&store, wall, "n1")
    })
    .await;
}

#[tokio::test(start_paused = true)]
async fn a_failover_in_the_middle_of_a_turn_keeps_the_clock() {
    ten_hours_in_then(async |store, wall, node, _| {
        // The node is lost: its leases expire; another takes the room.
        store.expire_leases("n1").await.unwrap();
        std::mem::forget(node.stop);
        Node::new(&store, wall, "n2")
    })
    .await;
}

#[tokio::test(start_paused = true)]
async fn the_sweeper_wakes_a_game_nobody_holds_when_its_clock_runs_out() {
    let (store, memory) = Store::memory();
    let wall = Wall::paused();
    let node = Node::new(&store, wall, "n1");
    let (code, _) = game(&node, wall).await;
    advance(ms(61_000)).await;
    settle().await;
    assert!(
        node.registry.is_empty(),
        "closed a minute after nobody came"
    );
    assert_eq!(node.registry.sweep_due().await, 0, "nothing due yet");
    advance(ms(DAY_MS as u64)).await;
    assert_eq!(node.registry.sweep_due().await, 1);
    settle().await;
    let log = memory.actions(code);
    assert!(!log.is_empty(), "the computer played the turn");
    let row = memory.room(code).unwrap();
    assert!(
        row.due_at.unwrap() > wall.now_ms(),
        "the next due time is written"
    );
    advance(ms(61_000)).await;
    settle().await;
    assert!(node.registry.is_empty(), "and it closed again");
}

fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    (status.lines())
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

#[tokio::test(start_paused = true)]
async fn ten_thousand_games_over_days_hold_nothing_once_nobody_is_connected() {
    let (store, _) = Store::memory();
    let wall = Wall::paused();
    let node = Node::new(&store, wall, "n1");
    let before = rss_kib();
    for _ in 0..10_000 {
        game(&node, wall).await;
    }
    let running = node.registry.len();
    let during = rss_kib();
    advance(ms(61_000)).await;
    settle().await;
    for _ in 0..100 {
        if node.registry.is_empty() {
            break;
        }
        settle().await;
    }
    assert_eq!(running, 10_000);
    assert!(
        node.registry.is_empty(),
        "{} rooms still held",
        node.registry.len()
    );
    let after = rss_kib();
    println!(
        "VmRSS: {before} KiB before, {during} KiB with 10,000 tasks, {after} KiB once they closed (the rows stay in the memory store)"
    );
}
