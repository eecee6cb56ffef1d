//! A circle's standings on SQLite (`Store::circle_tallies`, and the whole
//! `GET /api/circles/{id}` view): a family of six members with 5,000
//! finished games of four seats (three or four of its members, the rest
//! computers), written as the server writes them (each game archived by
//! `Store::finish`, its seats into `circle_seats`), beside 20 other
//! circles' 500 games each. The issue asks for the standings under 10 ms:
//! they are read by the indexes `circle_seats_standings` (each member's
//! games by preset, from the index alone) and `circle_seats_by_room` (each
//! pair's games), and never from the games' records.

use chowka_protocol::Setup;
use chowka_server::circles::view;
use chowka_server::ids::{hash_token, new_token, CircleId, RoomCode};
use chowka_server::store::{CircleRow, GameRow, PlayerRow, RoomRow, Store};
use criterion::{criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// The family's finished games.
const GAMES: usize = 5_000;
/// Its members.
const MEMBERS: usize = 6;
/// Other circles on the server, and each one's games.
const OTHERS: (usize, usize) = (20, 500);

/// A circle of `members` with `games` finished games (seeded, so every
/// run fills the same): its id and its members' hashes.
async fn circle_of(
    store: &Store,
    members: usize,
    games: usize,
    seed: u64,
) -> (String, Vec<String>) {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let hashes: Vec<String> = (0..members).map(|_| hash_token(&new_token())).collect();
    for h in &hashes {
        let p = PlayerRow {
            hash: h.clone(),
            name: None,
            created_at: 0,
            seen_at: 0,
        };
        store.create_player(&p).await.expect("a player");
    }
    let id = CircleId::random().to_string();
    let circle = CircleRow {
        id: id.clone(),
        name: "Rao family".into(),
        creator: hashes[0].clone(),
        invite: None,
        created_at: 0,
    };
    assert!(store.create_circle(&circle, 100).await.expect("a circle"));
    for h in &hashes[1..] {
        let joined = store.join_circle(&id, h, 0, 100, 100).await;
        joined.expect("a member");
    }
    let setup = serde_json::to_string(&Setup::default()).expect("a setup");
    for i in 0..games {
        // Three or four of the family, the other seats computers.
        let people = rng.gen_range(3..=4);
        let mut sitting = hashes.clone();
        for k in 0..people {
            let j = rng.gen_range(k..sitting.len());
            sitting.swap(k, j);
        }
        let seats: Vec<String> = (0..4)
            .map(|s| match s < people {
                true => format!("{{\"name\":\"P{s}\",\"player\":\"{}\"}}", sitting[s]),
                false => "{\"name\":\"Computer\",\"bot\":\"medium\"}".into(),
            })
            .collect();
        let code = RoomCode::random();
        let row = RoomRow {
            code: code.to_string(),
            status: "finished".into(),
            setup: setup.clone(),
            seats: format!("[{}]", seats.join(",")),
            settings: format!("{{\"public\":false,\"circle\":\"{id}\"}}"),
            version: 1,
            rematch: None,
            created_at: i as i64,
            fair: None,
            pace: "live".into(),
            clock: None,
            to_move: None,
            due_at: None,
        };
        store.create_room(&row).await.expect("a room");
        let epoch = (store.acquire_lease(code, "bench", 60_000).await)
            .expect("a lease")
            .expect("a free room");
        let winner = rng.gen_range(0..4);
        let game = GameRow {
            id: code.to_string(),
            finished_at: i as i64,
            preset: ["chowka-bhara", "ashta-chamma"][i % 2].into(),
            board: 5,
            players: "[]".into(),
            result: format!("{{\"winner\":{winner}}}"),
            actions: 1,
            record: "{\"actions\":[{\"type\":\"throw\",\"value\":4}]}".into(),
        };
        store.finish(&row, &game, epoch).await.expect("archived");
    }
    (id, hashes)
}

fn standings(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let url = format!(
        "sqlite://{}?mode=rwc",
        dir.path().join("bench.db").display()
    );
    let store = runtime
        .block_on(Store::connect(&url, 8))
        .expect("a SQLite store");
    let (id, hashes) = runtime.block_on(async {
        for o in 0..OTHERS.0 {
            circle_of(&store, 4, OTHERS.1, 100 + o as u64).await;
        }
        circle_of(&store, MEMBERS, GAMES, 1).await
    });
    let tallies = || {
        runtime
            .block_on(store.circle_tallies(&id))
            .expect("tallies")
    };
    let t = tallies();
    let played: i64 = t.presets.iter().map(|p| p.played).sum();
    let won: i64 = t.presets.iter().map(|p| p.won).sum();
    assert!(
        played > 3 * GAMES as i64 && won > 0,
        "{played} seats, {won} wins"
    );
    assert_eq!(t.pairs.len(), MEMBERS * (MEMBERS - 1) / 2);
    let circle = runtime
        .block_on(store.circle(&id))
        .expect("read")
        .expect("the circle");
    let mut group = c.benchmark_group("a circle's standings, 5,000 games of 6 members");
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("standings (store)", |b| b.iter(tallies));
    group.bench_function("the circle's page (view)", |b| {
        b.iter(|| {
            runtime
                .block_on(view(&store, &circle, &hashes[0], 0))
                .expect("a view")
        })
    });
    group.finish();
    runtime.block_on(store.close());
}

criterion_group!(benches, standings);
criterion_main!(benches);
