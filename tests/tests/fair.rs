//! Provably fair throws end to end (docs/record.md, "Fair throws"): the
//! server commits to its seed at the start, takes each seat's client seed
//! once and before the first throw only, keeps its seed secret until the
//! end, continues the same committed stream after a kill -9, and archives
//! a record whose every throw `chowka verify` recomputes.

use chowka_protocol::{Bytes32, Record};
use chowka_tests::*;
use serde_json::{json, Value};
use std::process::Command;

/// A client seed as a client sends it.
fn seed_msg(byte: u8) -> Value {
    json!({"type": "seed", "seed": Bytes32([byte; 32]).to_string()})
}

/// Sends `msg` and returns the code of the error it gets.
async fn refused(c: &mut Client, msg: Value) -> String {
    c.send(msg).await;
    c.error().await
}

/// The archived record of a finished game.
async fn archived(base: &str, code: &str) -> Record {
    let (status, game) = get(base, &format!("/api/games/{code}")).await;
    assert_eq!(status, 200, "{game}");
    serde_json::from_value(game["record"].clone()).expect("the archive holds a record")
}

/// Runs `chowka verify` on a record: success and what it printed.
fn verify(dir: &std::path::Path, record: &Record) -> (bool, String) {
    let file = dir.join("record.json");
    std::fs::write(&file, serde_json::to_string(record).unwrap()).unwrap();
    let out = Command::new(chowka_binary())
        .arg("verify")
        .arg(&file)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(if out.status.success() {
        &out.stdout
    } else {
        &out.stderr
    });
    (out.status.success(), said.trim_end().to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeds_are_taken_once_per_seat_from_the_seat_before_the_first_throw() {
    let mut server = TestServer::start().await;
    let (code, tokens) = room_of(&server.base, 2, json!({"pawns": 1})).await;
    let mut a = Client::join(&server.ws(), &code, Some(&tokens[0])).await;
    let mut b = Client::join(&server.ws(), &code, Some(&tokens[1])).await;
    let mut watcher = Client::join(&server.ws(), &code, None).await;
    assert!(a.state.get("fair").is_none(), "no seeds in the lobby");
    assert_eq!(refused(&mut a, seed_msg(1)).await, "not_playing");

    a.send(json!({"type": "start"})).await;
    for c in [&mut a, &mut b, &mut watcher] {
        c.until(|m| m["type"] == "state" && m["room"]["status"] == "playing")
            .await;
    }
    let fair = a.state["fair"].clone();
    assert_eq!(fair["scheme"], "chowka-fair/1");
    assert_eq!(fair["commitment"].as_str().unwrap().len(), 64);
    assert_eq!(
        (fair["open"].clone(), fair["seeded"].clone()),
        (json!(true), json!([false, false]))
    );
    assert!(fair["server_seed"].is_null(), "the server seed is secret");
    assert_eq!(watcher.state["fair"], fair, "everyone sees the commitment");
    let started = a.version();

    // A spectator has no seat to give a seed for; a seed is 64 hex digits.
    assert_eq!(refused(&mut watcher, seed_msg(9)).await, "not_seated");
    let short = json!({"type": "seed", "seed": "abcd"});
    assert_eq!(refused(&mut a, short).await, "bad_message");
    // Seat 0's seed is taken; a second one is refused.
    a.send(seed_msg(1)).await;
    assert_eq!(refused(&mut a, seed_msg(2)).await, "seed_closed");
    let (_, details) = get(&server.base, &format!("/api/rooms/{code}")).await;
    assert_eq!(details["version"], started, "a seed changes no version");

    // The first throw fixes the key: seat 1's seed comes too late.
    let throw = json!({"type": "act", "version": started, "action": {"do": "throw"}});
    a.send(throw).await;
    b.until(|m| m["type"] == "state" && m["version"].as_u64() > Some(started))
        .await;
    assert_eq!(refused(&mut b, seed_msg(3)).await, "seed_closed");
    assert_eq!(b.state["fair"]["seeded"], json!([true, false]));
    assert_eq!(b.state["fair"]["open"], false);

    let players = play_out(vec![a, b]).await;
    let end = &players[0].state["fair"];
    let record = archived(&server.base, &code).await;
    let fair = record
        .fair
        .clone()
        .expect("the archive has the fair section");
    // Refused seeds changed nothing: the first of seat 0, none of seat 1.
    assert_eq!(fair.client_seeds, vec![Some(Bytes32([1; 32])), None]);
    assert_eq!(
        end["server_seed"],
        json!(fair.server_seed.to_string()),
        "revealed at the end"
    );
    assert_eq!(end["commitment"], json!(fair.commitment.to_string()));
    let verified = record.verify().expect("every throw is the seeds'");
    assert!(verified.throws > 0);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_room_continues_its_committed_stream_and_its_record_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let server = ChildServer::start(dir.path(), &[]);
    let (code, tokens) = room_of(&server.base, 2, json!({"pawns": 2})).await;
    let mut both = start_game_on(&ws_url(&server.base), &code, &tokens).await;
    let [a, b] = &mut both[..] else {
        unreachable!()
    };
    let commitment = a.state["fair"]["commitment"].clone();
    // Each seed is in once a second one is refused (the room answers in order).
    for (c, byte) in [(a, 0xa0), (b, 0xb0)] {
        c.send(seed_msg(byte)).await;
        assert_eq!(refused(c, seed_msg(byte + 1)).await, "seed_closed");
    }
    play_steps(&mut both, 12).await;
    for c in &both {
        assert!(
            c.state["fair"]["server_seed"].is_null(),
            "secret while played"
        );
        assert_eq!(c.state["fair"]["seeded"], json!([true, true]));
    }
    let seen_game = both[0].state["game"].clone();
    drop(both);
    server.kill();

    let server = ChildServer::start(dir.path(), &[]);
    let a = Client::join(&ws_url(&server.base), &code, Some(&tokens[0])).await;
    let b = Client::join(&ws_url(&server.base), &code, Some(&tokens[1])).await;
    assert_eq!(a.state["game"], seen_game, "the game resumes where it was");
    assert_eq!(
        a.state["fair"]["commitment"], commitment,
        "the same commitment"
    );
    assert_eq!(a.state["fair"]["open"], false);
    let players = play_out(vec![a, b]).await;
    assert!(players[0].over());

    let record = archived(&server.base, &code).await;
    let fair = record.fair.as_ref().expect("a fair section");
    assert_eq!(json!(fair.commitment.to_string()), commitment);
    assert_eq!(
        fair.client_seeds,
        vec![Some(Bytes32([0xa0; 32])), Some(Bytes32([0xb0; 32]))],
        "the seeds survive the kill"
    );
    // Every throw, before the kill and after, is the committed stream's.
    let throws = (record.actions.iter())
        .filter(|a| matches!(a.action, chowka_protocol::ActionRequest::Throw { .. }))
        .count();
    assert!(throws > 12);
    assert_eq!(
        verify(dir.path(), &record),
        (true, format!("all {throws} throws verified"))
    );
    server.terminate();
}
