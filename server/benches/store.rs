//! The store's group commit on SQLite, alone: how long `append_action`
//! takes per action when this many rooms append at once (each commit
//! then holds about that many actions), on a store that already holds
//! some history for every room. The capacity tool measures the whole
//! server; this isolates the write that every accepted move waits for
//! (docs/performance.md, "What one SQLite append costs").

use chowka_server::ids::RoomCode;
use chowka_server::store::Store;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::time::{Duration, Instant};

/// Rooms with a lease and a history, as on a busy node.
const ROOMS: usize = 4_900;
/// Actions already in each room's log before measuring.
const HISTORY: i64 = 20;

/// A store on a fresh file, every room leased and given its history;
/// with each room's epoch and next place in its log.
async fn busy_store(dir: &std::path::Path) -> (Store, Vec<(RoomCode, i64, i64)>) {
    let url = format!("sqlite://{}?mode=rwc", dir.join("bench.db").display());
    let store = Store::connect(&url, 8).await.expect("a SQLite store");
    let mut rooms = Vec::with_capacity(ROOMS);
    for _ in 0..ROOMS {
        let code = RoomCode::random();
        let epoch = (store.acquire_lease(code, "bench", 3_600_000).await)
            .expect("a lease")
            .expect("a free room");
        rooms.push((code, epoch, 0));
    }
    for _ in 0..HISTORY {
        append_all(&store, &mut rooms).await;
    }
    (store, rooms)
}

/// One action for each of `rooms`, all at once; waits until all are durable.
async fn append_all(store: &Store, rooms: &mut [(RoomCode, i64, i64)]) {
    let mut appends = tokio::task::JoinSet::new();
    for (code, epoch, seq) in rooms.iter_mut() {
        let (store, code, at, epoch) = (store.clone(), *code, *seq, *epoch);
        *seq += 1;
        appends.spawn(async move {
            let action = format!(r#"{{"do":"move","pawn":3,"value":4,"n":{at}}}"#);
            store.append_action(code, at, &action, at + 1, epoch).await
        });
    }
    while let Some(done) = appends.join_next().await {
        done.expect("an append task").expect("an append");
    }
}

fn group_commit(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (store, mut rooms) = runtime.block_on(busy_store(dir.path()));
    let mut group = c.benchmark_group("sqlite append");
    group.measurement_time(Duration::from_secs(5));
    for at_once in [1usize, 5, 50, 500] {
        group.throughput(Throughput::Elements(at_once as u64));
        group.bench_function(BenchmarkId::new("rooms at once", at_once), |b| {
            // Rooms in turn, so that consecutive commits touch other pages.
            let mut next = 0;
            b.iter_custom(|iters| {
                let start = Instant::now();
                for _ in 0..iters {
                    let from = next % (ROOMS / at_once * at_once);
                    next += at_once;
                    runtime.block_on(append_all(&store, &mut rooms[from..from + at_once]));
                }
                start.elapsed()
            })
        });
    }
    group.finish();
    let (commits, actions) = store.group_commits();
    eprintln!("{actions} actions in {commits} commits");
    runtime.block_on(store.close());
}

criterion_group!(benches, group_commit);
criterion_main!(benches);
