//! The push worker's look on SQLite (`Store::push_turns`, push/worker.rs):
//! every `--push-check-secs` each node reads the open games over days of
//! the players who turned push on. Here 1,000 such players with 10 games
//! in play each (10,000 rooms, each with a second player who did not turn
//! it on) among 20,000 rooms in play: a busy server's worth.

use chowka_protocol::Setup;
use chowka_server::ids::{hash_token, new_token, RoomCode};
use chowka_server::nudges::push::{Keys, Subscription, Turn};
use chowka_server::rooms::DaysClock;
use chowka_server::store::{PlayerRow, RoomRow, Store};
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;

/// Rooms in play over days on the server.
const ROOMS: usize = 20_000;
/// Players who turned push on.
const SUBSCRIBED: usize = 1_000;
/// Games in play of each of them.
const GAMES_EACH: usize = 10;

/// A store on a fresh file with [`ROOMS`] games over days in play, the
/// first [`SUBSCRIBED`] x [`GAMES_EACH`] of them each with a subscribed
/// player in seat 0 or 1 (to move in every other one).
async fn filled(dir: &std::path::Path) -> Store {
    let url = format!("sqlite://{}?mode=rwc", dir.join("bench.db").display());
    let store = Store::connect(&url, 8).await.expect("a SQLite store");
    let setup = serde_json::to_string(&Setup::default()).expect("a setup");
    let clock = serde_json::to_string(&DaysClock::new(2, 0, 1_000)).expect("a clock");
    let mut players = Vec::new();
    for p in 0..SUBSCRIBED {
        let hash = hash_token(&new_token());
        let row = PlayerRow {
            hash: hash.clone(),
            name: Some(format!("P{p}")),
            created_at: 0,
            seen_at: 0,
        };
        store.create_player(&row).await.expect("a player");
        let sub = Subscription {
            endpoint: format!("https://push.example.org/{p}"),
            keys: Keys {
                p256dh: "key".into(),
                auth: "auth".into(),
            },
            lang: "en".into(),
        };
        store
            .subscribe_push(&hash, &sub, 0)
            .await
            .expect("subscribed");
        players.push(hash);
    }
    for i in 0..ROOMS {
        let code = RoomCode::random();
        let mine = (i < SUBSCRIBED * GAMES_EACH).then(|| &players[i % SUBSCRIBED]);
        let seat = i % 2;
        let me = mine
            .map(|p| format!(",\"player\":\"{p}\""))
            .unwrap_or_default();
        let seats = match seat {
            0 => {
                format!("[{{\"name\":\"A\",\"host\":true{me}}},{{\"name\":\"B\",\"host\":false}}]")
            }
            _ => {
                format!("[{{\"name\":\"A\",\"host\":true}},{{\"name\":\"B\",\"host\":false{me}}}]")
            }
        };
        let row = RoomRow {
            code: code.to_string(),
            status: "playing".into(),
            setup: setup.clone(),
            seats,
            settings: "{\"public\":false}".into(),
            version: 1,
            rematch: None,
            created_at: i as i64,
            fair: None,
            pace: "days".into(),
            clock: Some(clock.clone()),
            to_move: Some((i / 2 % 2) as i64),
            due_at: Some(i64::MAX / 2),
        };
        store.create_room(&row).await.expect("a room");
        if let Some(p) = mine {
            store.link_room(p, code.as_str(), 0).await.expect("a link");
        }
    }
    store
}

fn push_look(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = runtime.block_on(filled(dir.path()));
    let look = || {
        let rows = runtime
            .block_on(store.push_turns(1_000_000))
            .expect("turns");
        let turns = rows.iter().filter_map(|r| Turn::of(r, 2_000)).count();
        (rows.len(), turns)
    };
    let (rows, turns) = look();
    assert_eq!(rows, SUBSCRIBED * GAMES_EACH);
    assert_eq!(
        turns,
        SUBSCRIBED * GAMES_EACH / 2,
        "their turn in half of them"
    );
    let mut group = c.benchmark_group("push look");
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("1,000 subscribed players x 10 games among 20,000", |b| {
        b.iter(look)
    });
    group.finish();
    runtime.block_on(store.close());
}

criterion_group!(benches, push_look);
criterion_main!(benches);
