//! Replays over HTTP (issue 16): a finished game frame by frame from the
//! archive, a live room's moves so far from its event log, pages that
//! chain to the end, the game in numbers, compressed answers and clear
//! refusals. (That `chowka replay` accepts an archived record is
//! restart.rs's test; tests/browser/replay.test.js runs it on the file the
//! page downloads.)

use chowka_protocol::messages::GameView;
use chowka_protocol::{odds, Record};
use chowka_tests::*;
use serde_json::{json, Value};

/// Every frame of a replay route, page by page (`limit` frames each).
async fn all_frames(base: &str, route: &str, limit: usize) -> (Value, Vec<Value>) {
    let mut frames: Vec<Value> = Vec::new();
    let mut from = 0;
    loop {
        let (s, page) = get(base, &format!("{route}?from={from}&limit={limit}")).await;
        assert_eq!(s, 200, "{page}");
        assert_eq!(page["from"], from);
        let got = page["frames"].as_array().unwrap();
        assert!(got.len() <= limit, "a page holds at most {limit} frames");
        frames.extend(got.iter().cloned());
        match page["next"].as_u64() {
            Some(next) => {
                assert_eq!(
                    next as usize,
                    from + got.len(),
                    "the next page starts after this one"
                );
                from = next as usize;
            }
            None => return (page, frames),
        }
    }
}

/// The events of a frame of this type.
fn events_of<'a>(frame: &'a Value, kind: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    frame["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(move |e| e["type"] == kind)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_replays_frame_by_frame_as_its_record_says() {
    let mut server = TestServer::start().await;
    let (code, tokens) = room_of(&server.base, 2, json!({"pawns": 2})).await;
    let clients = play_out(start_game(&server, &code, &tokens).await).await;
    let end = clients[0].state["game"].clone();
    let (_, archived) = get(&server.base, &format!("/api/games/{code}")).await;
    let record: Record = serde_json::from_value(archived["record"].clone()).unwrap();

    let route = format!("/api/games/{code}/replay");
    let (last, frames) = all_frames(&server.base, &route, 40).await;
    let total = record.actions.len();
    assert_eq!(last["total"], total);
    assert_eq!(last["live"], false);
    assert_eq!(last["result"], end["result"]);
    assert_eq!(last["seats"][1]["name"], "Player 1");
    assert_eq!(frames.len(), total + 1, "frames 0 to {total}");
    for (n, f) in frames.iter().enumerate() {
        assert_eq!(f["n"], n);
        assert_eq!(f["game"]["legal"], json!([]), "a replay offers no moves");
    }
    assert!(frames[0]["action"].is_null() && frames[0]["events"] == json!([]));
    // Each frame is the action the record holds, with what it did: a throw
    // shows the recorded value (R5), a move walks the squares it passes (R8).
    for (a, f) in record.actions.iter().zip(&frames[1..]) {
        assert_eq!(f["action"], serde_json::to_value(a).unwrap());
        if let Some(v) = f["action"]["value"]
            .as_u64()
            .filter(|_| f["action"]["do"] == "throw")
        {
            let thrown: Vec<_> = events_of(f, "thrown").collect();
            assert_eq!(thrown[0]["value"], v);
        }
        let walked: Vec<_> = events_of(f, "walked").collect();
        let walks = f["walks"].as_array().unwrap();
        assert_eq!(walks.len(), walked.len());
        for (w, e) in walks.iter().zip(walked) {
            assert_eq!(w[0], e["from"]);
            assert_eq!(w[w.as_array().unwrap().len() - 1], e["to"]);
        }
    }
    // The last frame is the game the players saw end, and what the engine
    // replays the record to.
    let replayed = serde_json::to_value(GameView::new(&record.replay().unwrap())).unwrap();
    let final_game = &frames[total]["game"];
    for field in ["pawns", "pairs", "has_hit", "result", "round"] {
        assert_eq!(final_game[field], end[field], "{field}");
        assert_eq!(final_game[field], replayed[field], "{field}");
    }

    // The game in numbers: every throw counted once, against the odds (R5).
    let numbers = &last["numbers"];
    let counted: u64 = (numbers["seats"].as_array().unwrap().iter())
        .flat_map(|s| {
            s["throws"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_u64().unwrap())
        })
        .sum();
    let throws = (record.actions.iter())
        .filter(|a| matches!(a.action, chowka_protocol::ActionRequest::Throw { .. }))
        .count();
    assert_eq!(counted as usize, throws);
    assert_eq!(numbers["odds"], json!(odds(0.5)));
    let hits = frames
        .iter()
        .map(|f| events_of(f, "hit").count() as u64)
        .sum::<u64>();
    let standing: u64 = (numbers["seats"].as_array().unwrap().iter())
        .map(|s| s["hits"].as_u64().unwrap())
        .sum();
    assert!(
        standing <= hits,
        "hits that stand are among the hits made (R12 may undo some)"
    );
    let timed = record.actions.iter().any(|a| a.at.is_some());
    assert_eq!(
        numbers["seats"][0]["time_ms"].is_u64(),
        timed,
        "time taken is known exactly when the actions carry their times"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_room_replays_its_moves_so_far_and_no_secret() {
    let mut server = TestServer::start().await;
    let (code, tokens) = room_of(&server.base, 2, json!({})).await;
    let mut clients = start_game(&server, &code, &tokens).await;
    play_steps(&mut clients, 7).await;

    let res = http()
        .get(format!("{}/api/rooms/{code}/replay", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let text = res.text().await.unwrap();
    for secret in ["token", "seed"] {
        assert!(!text.contains(secret), "a replay carries no {secret}");
    }
    let replay: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(replay["live"], true);
    assert_eq!(replay["total"], 7);
    assert_eq!(replay["next"], Value::Null);
    assert_eq!(replay["seats"][0], json!({"name": "Player 0", "bot": null}));
    let now = &clients[0].state["game"];
    let last = &replay["frames"][7]["game"];
    for field in ["pawns", "to_move", "held", "pending", "round"] {
        assert_eq!(last[field], now[field], "{field}");
    }
    // Not in the archive while it is being played.
    let (s, body) = get(&server.base, &format!("/api/games/{code}/replay")).await;
    assert_eq!((s, body["code"].as_str()), (404, Some("no_such_game")));
    // A later page starts where asked, and the code may be typed loosely.
    let (s, page) = get(
        &server.base,
        &format!("/api/rooms/{}/replay?from=5", code.to_lowercase()),
    )
    .await;
    assert_eq!(s, 200, "{page}");
    assert_eq!(page["frames"][0]["n"], 5);
    assert_eq!(page["frames"].as_array().unwrap().len(), 3);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replays_are_sent_compressed() {
    let mut server = TestServer::start().await;
    let (code, tokens) = room_of(&server.base, 2, json!({})).await;
    let mut clients = start_game(&server, &code, &tokens).await;
    play_steps(&mut clients, 20).await;
    let url = format!("{}/api/rooms/{code}/replay", server.base);
    let plain = http()
        .get(&url)
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let res = http()
        .get(&url)
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["content-encoding"], "gzip");
    let packed = res.bytes().await.unwrap();
    assert!(
        packed.len() * 5 < plain.len(),
        "{} bytes gzipped from {}",
        packed.len(),
        plain.len()
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_codes_and_queries_are_refused_clearly() {
    let mut server = TestServer::start().await;
    let (lobby, _) = room_of(&server.base, 2, json!({})).await;
    let (code, tokens) = room_of(&server.base, 2, json!({})).await;
    let mut clients = start_game(&server, &code, &tokens).await;
    play_steps(&mut clients, 2).await;
    for (path, status, error) in [
        ("/api/games/nope/replay".to_string(), 404, "no_such_game"),
        ("/api/games/ZZZZZZZ/replay".into(), 404, "no_such_game"),
        ("/api/rooms/ZZZZZZZ/replay".into(), 404, "no_such_room"),
        ("/api/rooms/n%00pe/replay".into(), 404, "no_such_room"),
        (format!("/api/rooms/{lobby}/replay"), 409, "not_playing"),
        (
            format!("/api/rooms/{code}/replay?from=abc"),
            400,
            "bad_request",
        ),
        (
            format!("/api/rooms/{code}/replay?from=-1"),
            400,
            "bad_request",
        ),
        (
            format!("/api/rooms/{code}/replay?from=3"),
            400,
            "bad_request",
        ),
        (
            format!("/api/rooms/{code}/replay?frame=1"),
            400,
            "bad_request",
        ),
    ] {
        let (s, body) = get(&server.base, &path).await;
        assert_eq!(
            (s, body["code"].as_str()),
            (status, Some(error)),
            "{path}: {body}"
        );
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    // Frame 2 is the last of two actions: asking from there is fine.
    let (s, _) = get(&server.base, &format!("/api/rooms/{code}/replay?from=2")).await;
    assert_eq!(s, 200);
    server.stop().await;
}

/// Asks a game's analysis until the worker has stored it (`202` until
/// then); returns the answer.
async fn analysis_of(base: &str, code: &str) -> Value {
    for _ in 0..400 {
        let (s, answer) = get(base, &format!("/api/games/{code}/analysis")).await;
        match s {
            200 => return answer,
            202 => assert_eq!(answer["status"], "analysing", "{answer}"),
            _ => panic!("{s} {answer}"),
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("the analysis of {code} never came");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_analysed_once_after_it_ends_and_read_from_the_store() {
    let mut server = TestServer::start().await;
    let (code, tokens) = room_of(&server.base, 2, json!({"pawns": 2})).await;
    // Not before the game has ended: a lobby or a game on has no analysis.
    let (s, e) = get(&server.base, &format!("/api/games/{code}/analysis")).await;
    assert_eq!((s, e["code"].as_str()), (404, Some("no_such_game")));
    play_out(start_game(&server, &code, &tokens).await).await;
    let (_, archived) = get(&server.base, &format!("/api/games/{code}")).await;
    let record: Record = serde_json::from_value(archived["record"].clone()).unwrap();

    let first = analysis_of(&server.base, &code).await;
    assert_eq!(first["id"], code.as_str());
    assert_eq!(first["method"], "evaluation");
    // The engine's analysis of the archived record, as stored.
    let expected =
        serde_json::to_value(chowka_server::bots::analysis::analyse(&record).unwrap()).unwrap();
    assert_eq!(first["points"], expected["points"]);
    assert_eq!(first["swings"], expected["swings"]);
    let points = first["points"].as_array().unwrap();
    let last = points.last().unwrap();
    assert_eq!(last["action"], record.actions.len());
    let winner = record.result.and_then(|r| match r {
        chowka_protocol::Outcome::Winner(w) => Some(w as usize),
        _ => None,
    });
    if let Some(w) = winner {
        assert_eq!(last["chances"][w], 1.0);
    }
    assert!(first["swings"].as_array().unwrap().len() <= 3);
    // Asked again: the same, from the store.
    let (s, again) = get(&server.base, &format!("/api/games/{code}/analysis")).await;
    assert_eq!(s, 200);
    assert_eq!(again, first);
    // Unknown games and bad ids are refused as the replay refuses them.
    let (s, _) = get(&server.base, "/api/games/ZZZZZZZ/analysis").await;
    assert_eq!(s, 404);
    let (s, _) = get(
        &server.base,
        &format!("/api/games/{code}/analysis?nonsense=1"),
    )
    .await;
    assert_eq!(s, 400);
    server.stop().await;
}
