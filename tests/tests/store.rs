//! The store against SQLite always, and against PostgreSQL when
//! TEST_DATABASE_URL is set.

use chowka_server::store::{GameRow, RoomRow, Store};

async fn exercise(store: &Store) {
    store.ping().await.unwrap();
    let code = chowka_server::ids::new_code();
    let room = RoomRow {
        code: code.clone(),
        status: "lobby".into(),
        setup: "{}".into(),
        seats: "[]".into(),
        settings: "{\"public\":true}".into(),
        version: 1,
        rematch: None,
        created_at: 1,
    };
    store.create_room(&room).await.unwrap();
    assert!(store.create_room(&room).await.is_err(), "codes are unique");
    let mut playing = room.clone();
    playing.status = "playing".into();
    playing.version = 2;
    playing.rematch = Some("ABCDEFG".into());
    store.save_room(&playing).await.unwrap();
    store
        .append_action(&code, 0, "{\"do\":\"throw\",\"value\":3}", 3)
        .await
        .unwrap();
    store
        .append_action(&code, 1, "{\"do\":\"skip\"}", 4)
        .await
        .unwrap();
    assert!(
        store.append_action(&code, 1, "{}", 5).await.is_err(),
        "one writer per seq"
    );
    let loaded = store.load_room(&code).await.unwrap().unwrap();
    assert_eq!(loaded.row, playing);
    assert_eq!(loaded.actions.len(), 2);
    assert_eq!(loaded.last_version, 4);
    assert!(loaded.last_write_at > 0);
    let peeked = store.peek_room(&code).await.unwrap().unwrap();
    assert_eq!((peeked.last_version, peeked.actions.len()), (4, 0));
    store.raise_version(&code, 10).await.unwrap();
    store.raise_version(&code, 7).await.unwrap();
    let raised = store.peek_room(&code).await.unwrap().unwrap();
    assert_eq!(raised.row.version, 10, "a version is raised, never lowered");
    assert!(store.unfinished_rooms().await.unwrap().contains(&code));
    let finished_at = chowka_server::store::now_ms();
    let game = GameRow {
        id: code.clone(),
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
    store.finish(&done, &game).await.unwrap();
    assert!(!store.unfinished_rooms().await.unwrap().contains(&code));
    assert_eq!(store.game(&code).await.unwrap().unwrap(), game);
    let list = store.list_games(Some(finished_at + 1), 100).await.unwrap();
    assert!(list.iter().any(|g| g.id == code));
    // A private room's game is kept, reachable by its id, never listed.
    let private = RoomRow {
        code: chowka_server::ids::new_code(),
        settings: "{\"public\":false}".into(),
        ..room.clone()
    };
    store.create_room(&private).await.unwrap();
    let secret = GameRow {
        id: private.code.clone(),
        ..game.clone()
    };
    let done = RoomRow {
        status: "finished".into(),
        ..private.clone()
    };
    store.finish(&done, &secret).await.unwrap();
    assert_eq!(store.game(&private.code).await.unwrap().unwrap(), secret);
    let list = store.list_games(Some(finished_at + 1), 100).await.unwrap();
    assert!(
        !list.iter().any(|g| g.id == private.code),
        "private games are not listed"
    );
    assert!(store.load_room("NOPE").await.unwrap().is_none());
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

#[tokio::test]
async fn the_store_works_on_postgres() {
    let Ok(url) = std::env::var("TEST_DATABASE_URL") else {
        eprintln!("PostgreSQL SKIPPED: set TEST_DATABASE_URL=postgres://... to run the store tests against it");
        return;
    };
    let store = Store::connect(&url, 2).await.unwrap();
    exercise(&store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_is_stored_on_postgres() {
    let Ok(url) = std::env::var("TEST_DATABASE_URL") else {
        eprintln!("PostgreSQL SKIPPED: set TEST_DATABASE_URL to play a game on it");
        return;
    };
    use chowka_tests::*;
    use serde_json::json;
    let mut server = TestServer::start_with(|o| o.database_url = Some(url)).await;
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
