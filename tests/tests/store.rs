//! The store against SQLite and the in-memory fake (`Store::memory`)
//! always, and against PostgreSQL in ignored tests that need
//! TEST_DATABASE_URL (`.ci/run` runs them), there also through a proxy that
//! loses the reply to a commit.

use chowka_server::ids::RoomCode;
use chowka_server::nudges::Alerts;
use chowka_server::store::{GameRow, PlayerRow, RoomRow, Store, StoreError};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::SeqCst};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Mutex;

async fn exercise(store: &Store) {
    store.ping().await.unwrap();
    let code = RoomCode::random();
    let room = RoomRow {
        code: code.to_string(),
        status: "lobby".into(),
        setup: "{}".into(),
        seats: "[]".into(),
        settings: "{\"public\":true}".into(),
        version: 1,
        rematch: None,
        created_at: 1,
        fair: None,
        pace: "live".into(),
        clock: None,
        to_move: None,
        due_at: None,
    };
    store.create_room(&room).await.unwrap();
    assert!(store.create_room(&room).await.is_err(), "codes are unique");
    let epoch = store
        .acquire_lease(code, "n1", 5000)
        .await
        .unwrap()
        .unwrap();
    let mut playing = room.clone();
    playing.status = "playing".into();
    playing.version = 2;
    playing.rematch = Some("ABCDEFG".into());
    // The game's fair-throw seeds come with the start, and come back.
    playing.fair = Some("{\"scheme\":\"chowka-fair/1\"}".into());
    store.save_room(&playing, epoch).await.unwrap();
    store
        .append_action(code, 0, "{\"do\":\"throw\",\"value\":3}", 3, epoch)
        .await
        .unwrap();
    store
        .append_action(code, 1, "{\"do\":\"skip\"}", 4, epoch)
        .await
        .unwrap();
    assert!(
        store.append_action(code, 1, "{}", 5, epoch).await.is_err(),
        "one writer per seq"
    );
    let loaded = store.load_room(code).await.unwrap().unwrap();
    assert_eq!(loaded.row, playing);
    assert_eq!(loaded.actions.len(), 2);
    assert_eq!(loaded.last_version, 4);
    let peeked = store.peek_room(code).await.unwrap().unwrap();
    assert_eq!((peeked.last_version, peeked.actions.len()), (4, 0));
    store.raise_version(code, 10).await.unwrap();
    store.raise_version(code, 7).await.unwrap();
    let raised = store.peek_room(code).await.unwrap().unwrap();
    assert_eq!(raised.row.version, 10, "a version is raised, never lowered");
    assert!(store.unfinished_rooms().await.unwrap().contains(&code));
    let finished_at = chowka_server::store::now_ms();
    let game = GameRow {
        id: code.to_string(),
        finished_at,
        preset: "chowka-bhara".into(),
        board: 5,
        players: "[\"a\",\"b\"]".into(),
        result: "{\"winner\":1}".into(),
        actions: 2,
        record: "{}".into(),
    };
    let mut done = raised.row.clone();
    done.status = "finished".into();
    store.finish(&done, &game, epoch).await.unwrap();
    assert!(!store.unfinished_rooms().await.unwrap().contains(&code));
    assert_eq!(store.game(code).await.unwrap().unwrap(), game);
    let list = store.list_games(Some(finished_at + 1), 100).await.unwrap();
    assert!(list.iter().any(|g| g.id == code.as_str()));
    // Its analysis is written once beside it: the first stays.
    assert_eq!(store.analysis(code).await.unwrap(), None);
    store.save_analysis(code, "{\"points\":[]}").await.unwrap();
    store.save_analysis(code, "{\"other\":1}").await.unwrap();
    assert_eq!(
        store.analysis(code).await.unwrap().as_deref(),
        Some("{\"points\":[]}")
    );
    // A private room's game is kept, reachable by its id, never listed.
    let private_code = RoomCode::random();
    let private = RoomRow {
        code: private_code.to_string(),
        settings: "{\"public\":false}".into(),
        ..room.clone()
    };
    store.create_room(&private).await.unwrap();
    let private_epoch = (store.acquire_lease(private_code, "n1", 5000).await)
        .unwrap()
        .unwrap();
    let secret = GameRow {
        id: private.code.clone(),
        ..game.clone()
    };
    let done = RoomRow {
        status: "finished".into(),
        ..private.clone()
    };
    store.finish(&done, &secret, private_epoch).await.unwrap();
    assert_eq!(store.game(private_code).await.unwrap().unwrap(), secret);
    let list = store.list_games(Some(finished_at + 1), 100).await.unwrap();
    assert!(
        !list.iter().any(|g| g.id == private.code),
        "private games are not listed"
    );
    assert!(store.load_room(RoomCode::random()).await.unwrap().is_none());
}

/// Leases: one node at a time holds a room, each hand-over raises the
/// epoch, and a write under an old epoch is refused (the fence).
async fn leases(store: &Store) {
    let code = RoomCode::random();
    let room = RoomRow {
        code: code.to_string(),
        status: "playing".into(),
        setup: "{}".into(),
        seats: "[]".into(),
        settings: "{}".into(),
        version: 1,
        rematch: None,
        created_at: 1,
        fair: None,
        pace: "live".into(),
        clock: None,
        to_move: None,
        due_at: None,
    };
    store.create_room(&room).await.unwrap();
    let first = store
        .acquire_lease(code, "n1", 60_000)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        store.acquire_lease(code, "n2", 60_000).await.unwrap(),
        None,
        "held by n1"
    );
    let lease = store.lease(code).await.unwrap().unwrap();
    assert_eq!(
        (lease.owner.as_str(), lease.epoch, lease.live),
        ("n1", first, true)
    );
    let here = [code];
    let renewed = store.renew_leases("n1", 60_000, &here).await.unwrap();
    assert!(renewed.contains(&code));
    let renewed = store.renew_leases("n1", 60_000, &[]).await.unwrap();
    assert!(
        !renewed.contains(&code),
        "a room not running on the node is not renewed"
    );
    assert!(!store.lost_rooms("n2", 1000).await.unwrap().contains(&code));
    store
        .append_action(code, 0, "{\"do\":\"skip\"}", 2, first)
        .await
        .unwrap();
    // n1 is lost (its lease runs out): n2 takes the room with a higher epoch.
    store.expire_leases("n1").await.unwrap();
    assert!(store.lost_rooms("n2", 1000).await.unwrap().contains(&code));
    assert!(
        !store
            .renew_leases("n1", 60_000, &here)
            .await
            .unwrap()
            .contains(&code),
        "an expired lease is not renewed"
    );
    let second = store
        .acquire_lease(code, "n2", 60_000)
        .await
        .unwrap()
        .unwrap();
    assert!(second > first);
    // n1 wakes up and writes under its old epoch: refused, nothing written.
    let late = store
        .append_action(code, 1, "{\"do\":\"throw\",\"value\":3}", 3, first)
        .await;
    assert!(late.as_ref().is_err_and(|e| e.is_fenced()), "{late:?}");
    assert_eq!(store.action_at(code, 1).await.unwrap(), None);
    let saved = store.save_room(&room, first).await;
    assert!(saved.as_ref().is_err_and(|e| e.is_fenced()), "{saved:?}");
    // A retry of an action n1 did write still stands: it is in the log.
    store
        .append_action(code, 0, "{\"do\":\"skip\"}", 2, first)
        .await
        .unwrap();
    store
        .append_action(code, 1, "{\"do\":\"skip\"}", 3, second)
        .await
        .unwrap();
    store.save_room(&room, second).await.unwrap();
    // Released when n2 closes it: not lost, free for any node.
    store.release_lease(code, second).await.unwrap();
    assert!(!store.lost_rooms("n2", 1000).await.unwrap().contains(&code));
    let third = store
        .acquire_lease(code, "n1", 60_000)
        .await
        .unwrap()
        .unwrap();
    assert!(third > second);
}

#[tokio::test]
async fn leases_fence_writes_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    let store = Store::connect(&url, 2).await.unwrap();
    leases(&store).await;
    store.close().await;
}

#[tokio::test]
async fn sqlite_in_memory_is_refused_with_a_reason() {
    // The action writer's connection would see a database of its own.
    for url in ["sqlite::memory:", "sqlite://t.db?mode=memory"] {
        let refused = Store::connect(url, 2).await.expect_err(url);
        assert!(
            matches!(&refused, StoreError::BadUrl(why) if why.contains("sqlite://FILE")),
            "{url}: {refused}"
        );
    }
}

/// The fake the paused-clock tests rely on answers as the databases do.
#[tokio::test]
async fn the_store_works_in_memory() {
    exercise(&Store::memory().0).await;
}

/// Players, devices, room links, "all my games" and forgetting, the same
/// on every backend.
async fn players(store: &Store) {
    let hash = chowka_server::ids::hash_token(&chowka_server::ids::new_token());
    let row = PlayerRow {
        hash: hash.clone(),
        name: Some("Asha".into()),
        created_at: 1_000,
        seen_at: 1_000,
    };
    assert_eq!(store.player(&hash).await.unwrap(), None);
    store.create_player(&row).await.unwrap();
    assert!(
        store.create_player(&row).await.is_err(),
        "hashes are unique"
    );
    assert_eq!(store.player(&hash).await.unwrap(), Some(row.clone()));
    store
        .touch_device(&hash, "aaaa0000aaaa0000", "Chrome on Android", 1_000)
        .await
        .unwrap();
    store
        .touch_device(&hash, "bbbb0000bbbb0000", "Firefox on Windows", 2_000)
        .await
        .unwrap();
    // Within a minute a device is not written again; after, it is.
    store
        .touch_device(&hash, "aaaa0000aaaa0000", "Chrome on Android", 30_000)
        .await
        .unwrap();
    let devices = store.devices(&hash).await.unwrap();
    assert_eq!(devices.len(), 2);
    assert_eq!(
        (devices[0].label.as_str(), devices[0].last_seen),
        ("Firefox on Windows", 2_000)
    );
    store
        .touch_device(&hash, "aaaa0000aaaa0000", "Chrome on Android", 70_000)
        .await
        .unwrap();
    let devices = store.devices(&hash).await.unwrap();
    assert_eq!(
        (devices[0].last_seen, devices[0].first_seen),
        (70_000, 1_000)
    );
    assert!(store.rename_player(&hash, Some("Asha K")).await.unwrap());
    assert!(!store.rename_player("nobody", Some("X")).await.unwrap());
    assert_eq!(
        store.player(&hash).await.unwrap().unwrap().name.as_deref(),
        Some("Asha K")
    );

    // Two rooms: a lobby she sits in, and a finished private game.
    let setup = serde_json::to_string(&chowka_protocol::Setup::default()).unwrap();
    let seats = format!("[{{\"name\":\"Ravi\",\"host\":true}},{{\"name\":\"Asha\",\"host\":false,\"player\":\"{hash}\"}}]");
    let (lobby, done) = (RoomCode::random(), RoomCode::random());
    for (code, created_at) in [(lobby, 10), (done, 5)] {
        let room = RoomRow {
            code: code.to_string(),
            status: "lobby".into(),
            setup: setup.clone(),
            seats: seats.clone(),
            settings: "{\"public\":false}".into(),
            version: 1,
            rematch: None,
            created_at,
            fair: None,
            pace: "live".into(),
            clock: None,
            to_move: None,
            due_at: None,
        };
        store.create_room(&room).await.unwrap();
        store.link_room(&hash, code.as_str(), 3).await.unwrap();
        store.link_room(&hash, code.as_str(), 4).await.unwrap();
    }
    let mut finished = store.peek_room(done).await.unwrap().unwrap().row;
    finished.status = "finished".into();
    let epoch = store
        .acquire_lease(done, "n1", 5000)
        .await
        .unwrap()
        .unwrap();
    let game = GameRow {
        id: done.to_string(),
        finished_at: 99,
        preset: "chowka-bhara".into(),
        board: 5,
        players: "[\"Ravi\",\"Asha\"]".into(),
        result: "{\"winner\":1}".into(),
        actions: 0,
        record: "{\"players\":[\"Ravi\",\"Asha\"],\"actions\":[]}".into(),
    };
    store.finish(&finished, &game, epoch).await.unwrap();
    let games = store.player_games(&hash).await.unwrap();
    let listed: Vec<(String, &str, usize)> = (games.iter())
        .map(|g| (g.code.clone(), g.status.as_str(), g.seat))
        .collect();
    assert_eq!(
        listed,
        [
            (lobby.to_string(), "lobby", 1),
            (done.to_string(), "finished", 1)
        ]
    );
    assert_eq!(games[1].result, serde_json::json!({"winner": 1}));
    assert_eq!((games[1].finished_at, games[1].board), (Some(99), 5));
    assert_eq!(games[0].seats[0].name.as_deref(), Some("Ravi"));
    assert_eq!(games[0].pace, "live");

    // Quiet hours: the defaults until set, then what was set, per player.
    assert_eq!(store.alerts(&hash).await.unwrap(), Alerts::default());
    let night = Alerts {
        tz: "Asia/Kolkata".into(),
        quiet_from: Some(22 * 60),
        quiet_to: Some(7 * 60),
    };
    store.set_alerts(&hash, &night, 2_000).await.unwrap();
    assert_eq!(store.alerts(&hash).await.unwrap(), night);
    let nap = Alerts {
        quiet_from: Some(13 * 60),
        quiet_to: Some(15 * 60),
        ..night
    };
    store.set_alerts(&hash, &nap, 3_000).await.unwrap();
    assert_eq!(store.alerts(&hash).await.unwrap(), nap);

    let mut rooms = store.forget_player(&hash).await.unwrap();
    rooms.sort();
    let mut want = vec![lobby.to_string(), done.to_string()];
    want.sort();
    assert_eq!(rooms, want);
    assert_eq!(store.player(&hash).await.unwrap(), None);
    assert!(store.devices(&hash).await.unwrap().is_empty());
    assert!(store.player_games(&hash).await.unwrap().is_empty());
    assert_eq!(store.alerts(&hash).await.unwrap(), Alerts::default());
    let archived = store.game(done).await.unwrap().unwrap();
    assert_eq!(archived.players, "[\"Ravi\",\"\"]");
    assert!(!archived.record.contains("Asha"), "{}", archived.record);
    assert!(
        store.forget_player(&hash).await.unwrap().is_empty(),
        "twice is harmless"
    );
}

/// "All my games" on a store: every open room, the newest hundred
/// finished games the player kept their seat in (not a finished game
/// they left before it began), and, when `alone` (nobody else's lobbies
/// in the database), no lobby once it is given up.
async fn my_games_of(store: &Store, alone: bool) {
    let hash = chowka_server::ids::hash_token(&chowka_server::ids::new_token());
    let setup = serde_json::to_string(&chowka_protocol::Setup::default()).unwrap();
    let mine = format!(
        "[{{\"name\":\"Asha\",\"host\":true,\"player\":\"{hash}\"}},{{\"name\":\"Ravi\"}}]"
    );
    let left = "[{\"name\":\"Ravi\",\"host\":true},null]".to_string();
    let room = |code: RoomCode, seats: &str| RoomRow {
        code: code.to_string(),
        status: "lobby".into(),
        setup: setup.clone(),
        seats: seats.into(),
        settings: "{\"public\":false}".into(),
        version: 1,
        rematch: None,
        created_at: 1,
        fair: None,
        pace: "live".into(),
        clock: None,
        to_move: None,
        due_at: None,
    };
    let lobby = RoomCode::random();
    store.create_room(&room(lobby, &mine)).await.unwrap();
    store.link_room(&hash, lobby.as_str(), 1).await.unwrap();
    // 105 finished games, the newest one a game she left in its lobby.
    let mut finished = Vec::new();
    for i in 0..105i64 {
        let code = RoomCode::random();
        let mut row = room(code, if i == 104 { &left } else { &mine });
        store.create_room(&row).await.unwrap();
        store.link_room(&hash, code.as_str(), i).await.unwrap();
        row.status = "finished".into();
        let epoch = (store.acquire_lease(code, "n1", 5000).await.unwrap()).unwrap();
        let game = GameRow {
            id: code.to_string(),
            finished_at: 1_000 + i,
            preset: "chowka-bhara".into(),
            board: 5,
            players: "[\"Asha\",\"Ravi\"]".into(),
            result: "{\"winner\":0}".into(),
            actions: 0,
            record: "{}".into(),
        };
        store.finish(&row, &game, epoch).await.unwrap();
        finished.push(code.to_string());
    }
    let games = store.player_games(&hash).await.unwrap();
    let codes: Vec<&str> = games.iter().map(|g| g.code.as_str()).collect();
    let newest: Vec<&str> = finished[4..104].iter().rev().map(String::as_str).collect();
    assert_eq!(codes[0], lobby.to_string(), "the open room first");
    assert_eq!(codes[1..], newest[..], "the newest hundred she played");
    if alone {
        assert_eq!(
            store
                .abandon_stale_lobbies(i64::MAX, i64::MAX)
                .await
                .unwrap(),
            1
        );
        let games = store.player_games(&hash).await.unwrap();
        assert_eq!(games.len(), 100, "a lobby given up is not listed");
        assert!(games.iter().all(|g| g.status == "finished"));
    }
}

#[tokio::test]
async fn my_games_in_memory() {
    my_games_of(&Store::memory().0, true).await;
}

#[tokio::test]
async fn my_games_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    let store = Store::connect(&url, 2).await.unwrap();
    my_games_of(&store, true).await;
    store.close().await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL (TEST_DATABASE_URL)"]
async fn my_games_on_postgres() {
    let url = chowka_tests::services::database_url();
    let store = Store::connect(&url, 2).await.unwrap();
    my_games_of(&store, false).await;
}

#[tokio::test]
async fn players_are_stored_in_memory() {
    players(&Store::memory().0).await;
}

#[tokio::test]
async fn players_are_stored_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    let store = Store::connect(&url, 2).await.unwrap();
    players(&store).await;
    store.close().await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL (TEST_DATABASE_URL)"]
async fn players_are_stored_on_postgres() {
    let url = chowka_tests::services::database_url();
    let store = Store::connect(&url, 2).await.unwrap();
    players(&store).await;
}

#[tokio::test]
async fn leases_fence_writes_in_memory() {
    leases(&Store::memory().0).await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL (TEST_DATABASE_URL)"]
async fn leases_fence_writes_on_postgres() {
    let url = chowka_tests::services::database_url();
    let store = Store::connect(&url, 2).await.unwrap();
    leases(&store).await;
    store.close().await;
}

#[tokio::test]
async fn the_store_works_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    let store = Store::connect(&url, 2).await.unwrap();
    exercise(&store).await;
    store.close().await;
    // Migrations are idempotent on reopening.
    let store = Store::connect(&url, 2).await.unwrap();
    store.ping().await.unwrap();
}

/// Many rooms appending at once: every action lands in order, the
/// Takes the lease of room `code` and appends `n` numbered skips to its
/// log, one after another.
async fn append_skips(store: &Store, code: RoomCode, n: i64) {
    let epoch = store
        .acquire_lease(code, "n1", 60_000)
        .await
        .unwrap()
        .unwrap();
    for seq in 0..n {
        let action = format!("{{\"do\":\"skip\",\"n\":{seq}}}");
        store
            .append_action(code, seq, &action, seq + 1, epoch)
            .await
            .unwrap();
    }
}

/// writes are grouped, a repeated action stands and a different action at
/// a taken place is refused, even when both are in the same group.
async fn group_commit(store: &Store) {
    let rooms: Vec<RoomCode> = (0..100).map(|_| RoomCode::random()).collect();
    let (before, _) = store.group_commits();
    let mut tasks = Vec::new();
    for code in &rooms {
        let (store, code) = (store.clone(), *code);
        tasks.push(tokio::spawn(
            async move { append_skips(&store, code, 10).await },
        ));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let (batches, _) = store.group_commits();
    assert!(
        batches - before < 1000,
        "1,000 appends from 100 rooms at once took {} commits",
        batches - before
    );
    for &code in &rooms {
        let mut expected = Vec::new();
        for seq in 0..10 {
            expected.push(format!("{{\"do\":\"skip\",\"n\":{seq}}}"));
        }
        let stored: Vec<String> = (0..10)
            .map(|seq| store.action_at(code, seq))
            .collect::<futures_util::future::JoinAll<_>>()
            .await
            .into_iter()
            .map(|a| a.unwrap().unwrap())
            .collect();
        assert_eq!(stored, expected, "room {code}'s log in order");
    }
    // The same place three times at once, in one group or two (PostgreSQL
    // has two writers, which may commit in either order): whichever action
    // went in first stands, for every append of it, and the other is
    // refused.
    let code = rooms[0];
    let epoch = store.lease(code).await.unwrap().unwrap().epoch;
    let (same, other) = ("{\"do\":\"throw\",\"value\":2}", "{\"do\":\"skip\"}");
    let (a, b, c) = tokio::join!(
        store.append_action(code, 10, same, 11, epoch),
        store.append_action(code, 10, same, 11, epoch),
        store.append_action(code, 10, other, 11, epoch),
    );
    let stored = store
        .action_at(code, 10)
        .await
        .unwrap()
        .expect("one went in");
    if stored == same {
        assert!(
            a.is_ok() && b.is_ok(),
            "a repeated action stands: {a:?} {b:?}"
        );
        assert!(c.is_err(), "another action at a taken place is refused");
    } else {
        assert_eq!(stored, other);
        assert!(c.is_ok(), "{c:?}");
        assert!(
            a.is_err() && b.is_err(),
            "another action at a taken place is refused"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn appends_are_group_committed_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    let store = Store::connect(&url, 2).await.unwrap();
    group_commit(&store).await;
    store.close().await;
}

/// SQLite's log is copied back into the database file beside the action
/// writer, within a second and long before SQLite's own 1,000-page
/// checkpoint would: read the database file alone (`immutable`: the log
/// unread) until it holds every action appended.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_checkpoints_beside_the_action_writer() {
    use sqlx::{Connection, SqliteConnection};
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.db");
    let store = Store::connect(&format!("sqlite://{}?mode=rwc", file.display()), 2)
        .await
        .unwrap();
    let code = RoomCode::random();
    append_skips(&store, code, 20).await;
    let in_file = || async {
        let url = format!("sqlite://{}?immutable=true", file.display());
        let mut conn = SqliteConnection::connect(&url).await.unwrap();
        // Until the first checkpoint even the tables are in the log only.
        let n: Result<i64, _> = sqlx::query_scalar("SELECT count(*) FROM actions WHERE room = $1")
            .bind(code.as_str())
            .fetch_one(&mut conn)
            .await;
        n.unwrap_or(0)
    };
    let mut n = 0;
    for _ in 0..30 {
        n = in_file().await;
        if n == 20 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(
        n, 20,
        "the database file has every action 3 s after they were written"
    );
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL (TEST_DATABASE_URL)"]
async fn appends_are_group_committed_on_postgres() {
    let url = chowka_tests::services::database_url();
    let store = Store::connect(&url, 2).await.unwrap();
    group_commit(&store).await;
    store.close().await;
}

#[tokio::test]
#[ignore = "needs PostgreSQL (TEST_DATABASE_URL)"]
async fn the_store_works_on_postgres() {
    let url = chowka_tests::services::database_url();
    let store = Store::connect(&url, 2).await.unwrap();
    exercise(&store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL (TEST_DATABASE_URL)"]
async fn a_whole_game_is_stored_on_postgres() {
    let url = chowka_tests::services::database_url();
    use chowka_tests::*;
    use serde_json::json;
    let mut server = TestServer::start_with(|o| o.store.database_url = Some(url)).await;
    let (code, tokens) = room_of(&server.base, 2, json!({"pawns": 2})).await;
    let mut a = Client::join(&server.ws(), &code, Some(&tokens[0])).await;
    let b = Client::join(&server.ws(), &code, Some(&tokens[1])).await;
    a.send(json!({"type": "start"})).await;
    a.until(|m| m["room"]["status"] == "playing").await;
    let clients = play_out(vec![a, b]).await;
    let (s, game) = get(&server.base, &format!("/api/games/{code}")).await;
    assert_eq!(s, 200);
    assert_eq!(game["result"], clients[0].state["game"]["result"]);
    server.stop().await;
}

/// A TCP proxy in front of PostgreSQL that can lose one commit's reply:
/// once armed, it lets the next `INSERT INTO actions` reach the database
/// and commit, then cuts the connection before the answer comes back, as
/// a network fault or a dying load balancer would. Every other connection
/// and query passes through untouched.
struct LossyProxy {
    /// Where the proxy listens.
    addr: std::net::SocketAddr,
    /// Set by [`LossyProxy::arm`], cleared by the one drop it allows.
    armed: Arc<AtomicBool>,
    /// How many replies it dropped.
    dropped: Arc<AtomicUsize>,
}

impl LossyProxy {
    /// Listens on a free loopback port and forwards every connection to
    /// `upstream` (`host:port`).
    async fn start(upstream: String) -> LossyProxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let proxy = LossyProxy {
            addr: listener.local_addr().unwrap(),
            armed: Arc::new(AtomicBool::new(false)),
            dropped: Arc::new(AtomicUsize::new(0)),
        };
        let (armed, dropped) = (proxy.armed.clone(), proxy.dropped.clone());
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                // Without PostgreSQL, dropping the client fails its connect.
                if let Ok(server) = TcpStream::connect(&upstream).await {
                    tokio::spawn(relay(client, server, armed.clone(), dropped.clone()));
                }
            }
        });
        proxy
    }

    /// Drops the reply to the next action written. The connection that
    /// writes it must not have prepared the insert yet (the proxy knows
    /// the statement by its text, which sqlx sends once per connection).
    fn arm(&self) {
        self.armed.store(true, SeqCst);
    }

    /// How many replies were dropped.
    fn dropped(&self) -> usize {
        self.dropped.load(SeqCst)
    }
}

/// Relays one connection both ways until either side closes, or until
/// the armed proxy has let an action's insert commit and cut it.
async fn relay(
    client: TcpStream,
    server: TcpStream,
    armed: Arc<AtomicBool>,
    dropped: Arc<AtomicUsize>,
) {
    let (mut from_client, to_client) = client.into_split();
    let (from_server, mut to_server) = server.into_split();
    // Shared so that the cut can hold back the replies while the client's
    // side stays open: closing it would tell sqlx at once, and its
    // read-back could then race the commit.
    let to_client = Arc::new(Mutex::new(to_client));
    let replies = tokio::spawn(forward(from_server, to_client.clone()));
    let mut buf = vec![0u8; 8192];
    // sqlx prepares a statement (Parse, Describe, Sync: its text) and
    // waits for the answer before it runs it (Bind, Execute, Sync), so
    // the insert runs in the first message after its text that is a Bind.
    let mut insert_prepared = false;
    loop {
        let n = match from_client.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        let bytes = &buf[..n];
        let armed_now = armed.load(SeqCst);
        if armed_now && contains(bytes, b"INSERT INTO actions") {
            insert_prepared = true;
        } else if armed_now && insert_prepared && bytes[0] == b'B' {
            // No reply gets out from here on. PostgreSQL runs the insert
            // and commits it on the Sync, whether or not anyone reads its
            // answer; then both ends are closed.
            let _held = to_client.lock().await;
            let _ = to_server.write_all(bytes).await;
            // A loopback insert takes about a millisecond: ample margin.
            tokio::time::sleep(Duration::from_millis(300)).await;
            armed.store(false, SeqCst);
            dropped.fetch_add(1, SeqCst);
            replies.abort();
            let _ = replies.await;
            return;
        }
        if to_server.write_all(bytes).await.is_err() {
            break;
        }
    }
    replies.abort();
}

/// Copies bytes from `from` to `to` until either side closes.
async fn forward(mut from: OwnedReadHalf, to: Arc<Mutex<OwnedWriteHalf>>) {
    let mut buf = vec![0u8; 8192];
    loop {
        match from.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                if to.lock().await.write_all(&buf[..n]).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// Whether `needle` occurs in `bytes`.
fn contains(bytes: &[u8], needle: &[u8]) -> bool {
    bytes.windows(needle.len()).any(|w| w == needle)
}

/// The `host:port` of a `postgres://user@host:port/db` URL, as written
/// in it, and as the proxy dials it (port 5432 if it names none).
fn host_port(url: &str) -> (String, String) {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split(['/', '?']).next().unwrap_or(rest);
    let written = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let dial = if written.contains(':') {
        written.to_string()
    } else {
        format!("{written}:5432")
    };
    (written.to_string(), dial)
}

/// The fault: a commit whose reply is lost. The action must stand
/// (the player sees it, nobody is told `store_unavailable`), the next
/// actions must follow it (no duplicate key on its sequence number), and
/// a restarted server must find exactly the actions the players saw.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL (TEST_DATABASE_URL)"]
async fn an_action_whose_commit_reply_is_lost_stands_on_postgres() {
    let url = chowka_tests::services::database_url();
    use chowka_tests::*;
    use serde_json::json;
    let (written, upstream) = host_port(&url);
    let proxy = LossyProxy::start(upstream).await;
    let through_proxy = url.replacen(&written, &proxy.addr.to_string(), 1);
    // One connection: the first action prepares the insert on the very
    // connection that runs it, so the proxy sees its text.
    let mut server = TestServer::start_with(|o| {
        o.store.database_url = Some(through_proxy);
        o.store.db_connections = 1;
    })
    .await;
    let (code, tokens) = room_of(&server.base, 2, json!({"pawns": 2})).await;
    let mut clients = start_game(&server, &code, &tokens).await;

    proxy.arm();
    let mover = clients
        .iter()
        .position(|c| {
            c.state["game"]["can_throw"] == true && c.seat == c.state["game"]["to_move"].as_u64()
        })
        .expect("someone throws first");
    let before = clients[mover].version();
    clients[mover]
        .send(json!({"type": "act", "version": before, "action": {"do": "throw"}}))
        .await;
    let answer = clients[mover]
        // States from the start may still be queued: wait for the throw's.
        .until(|m| {
            m["type"] == "error" || (m["type"] == "state" && m["version"].as_u64() > Some(before))
        })
        .await;
    assert_eq!(
        proxy.dropped(),
        1,
        "the proxy dropped the insert's reply: {answer}"
    );
    assert_eq!(answer["type"], "state", "the throw stands: {answer}");
    assert_eq!(answer["version"].as_u64(), Some(before + 1));
    for (i, c) in clients.iter_mut().enumerate() {
        if i != mover {
            c.until(|m| m["type"] == "state" && m["version"].as_u64() > Some(before))
                .await;
        }
    }

    // The next actions take the next sequence numbers.
    play_steps(&mut clients, 8).await;
    for c in &clients {
        assert!(c.errors.is_empty(), "no action refused: {:?}", c.errors);
    }
    // Every version since `before` is one saved action: this room has
    // no turn clock and no takeover, whose versions are not saved.
    let acknowledged = clients[0].version() - before;
    let seen = clients[0].state.clone();
    for c in clients {
        c.close().await;
    }
    server.stop().await;
    assert_eq!(proxy.dropped(), 1, "one reply dropped, no more");

    // A new server on the database itself finds what the players saw.
    let stored = Store::connect(&url, 1).await.unwrap();
    let loaded = stored
        .load_room(code.parse().unwrap())
        .await
        .unwrap()
        .expect("room stored");
    assert_eq!(
        loaded.actions.len() as u64,
        acknowledged,
        "exactly the acknowledged actions are stored"
    );
    stored.close().await;
    let mut server = TestServer::start_with(|o| o.store.database_url = Some(url)).await;
    let back = Client::join(&server.ws(), &code, Some(&tokens[0])).await;
    // (Its version is newer: a restored room never reuses a version.)
    assert_eq!(
        back.state["game"], seen["game"],
        "the game is as the players last saw it"
    );
    back.close().await;
    server.stop().await;
}
