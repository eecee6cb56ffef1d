//! The real `chowka` binary restarted mid-game, gracefully (SIGTERM) and
//! by SIGKILL: the game resumes at the last accepted action, finishes, and
//! its archived record replays (`chowka replay`) to the same result.

use chowka_tests::*;
use serde_json::json;
use std::process::Command;

async fn restart_mid_game(graceful: bool) {
    let dir = tempfile::tempdir().unwrap();
    let server = ChildServer::start(dir.path(), &[]);
    let (code, tokens) = room_of(&server.base, 2, json!({"pawns": 2})).await;
    let mut a = Client::join(&ws_url(&server.base), &code, Some(&tokens[0])).await;
    let mut b = Client::join(&ws_url(&server.base), &code, Some(&tokens[1])).await;
    a.send(json!({"type": "start"})).await;
    a.until(|m| m["room"]["status"] == "playing").await;
    b.until(|m| m["room"]["status"] == "playing").await;
    let mut both = [a, b];
    play_steps(&mut both, 10).await;
    let [a, b] = both;
    let (mut a, mut b) = (a, b);
    let (_, before) = get(&server.base, &format!("/api/rooms/{code}")).await;
    let seen_version = before["version"].as_u64().unwrap();
    let seen_game = a.state["game"].clone();
    assert_eq!(b.state["game"], seen_game);
    // The table log a newcomer gets before the restart...
    let history = Client::join(&ws_url(&server.base), &code, None)
        .await
        .welcome["history"]
        .clone();
    assert!(!history.as_array().unwrap().is_empty(), "{history}");
    if graceful {
        let terminate = tokio::task::spawn_blocking(move || server.terminate());
        // Clients are told the server is going away (1001).
        assert_eq!(a.closed().await, Some(1001));
        assert_eq!(b.closed().await, Some(1001));
        terminate.await.unwrap();
    } else {
        server.kill();
    }
    drop((a, b));
    let server = ChildServer::start(dir.path(), &[]);
    let a = Client::join(&ws_url(&server.base), &code, Some(&tokens[0])).await;
    let b = Client::join(&ws_url(&server.base), &code, Some(&tokens[1])).await;
    assert!(a.version() > seen_version, "the restored state is newer");
    let (_, after) = get(&server.base, &format!("/api/rooms/{code}")).await;
    assert_eq!(after["room"]["status"], "playing");
    assert_eq!(
        a.state["game"], seen_game,
        "the game resumes at the last accepted action"
    );
    // ... is the one it gets after: replayed from the event log.
    assert_eq!(a.welcome["history"], history, "the table log survives");
    let clients = play_out(vec![a, b]).await;
    let result = clients[0].state["game"]["result"].clone();
    let (s, game) = get(&server.base, &format!("/api/games/{code}")).await;
    assert_eq!(s, 200);
    let file = dir.path().join("record.json");
    std::fs::write(&file, game["record"].to_string()).unwrap();
    let out = Command::new(chowka_binary())
        .arg("replay")
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let replayed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(replayed["result"], result);
    server.terminate();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_graceful_restart_mid_game_loses_nothing() {
    restart_mid_game(true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_resumes_at_the_last_accepted_action() {
    restart_mid_game(false).await;
}
