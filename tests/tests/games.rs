//! Whole games over real sockets: people picking among the legal actions
//! the server sends, reconnecting, watching, computers and rematches.

use chowka_tests::*;
use serde_json::{json, Value};
use std::time::Duration;

/// Everyone joins with their token and the host starts the game.
async fn start_game(server: &TestServer, code: &str, tokens: &[String]) -> Vec<Client> {
    let mut clients = Vec::new();
    for t in tokens {
        clients.push(Client::join(&server.ws(), code, Some(t)).await);
    }
    clients[0].send(json!({"type": "start"})).await;
    for c in clients.iter_mut() {
        c.until(|m| m["type"] == "state" && m["room"]["status"] == "playing")
            .await;
    }
    clients
}

async fn whole_game(players: u8) {
    let mut server = TestServer::start().await;
    let (code, tokens) = room_of(&server.base, players, json!({})).await;
    let clients = start_game(&server, &code, &tokens).await;
    let clients = play_out(clients).await;
    let result = clients[0].state["game"]["result"].clone();
    assert!(
        result.get("winner").is_some() || result == "draw",
        "{result}"
    );
    for c in &clients {
        assert_eq!(c.state["game"]["result"], result);
        assert_eq!(c.state["room"]["status"], "finished");
    }
    // The archive has the game, and its record replays to the same result.
    let (s, game) = get(&server.base, &format!("/api/games/{code}")).await;
    assert_eq!(s, 200, "{game}");
    assert_eq!(game["result"], result);
    let record: chowka_protocol::Record = serde_json::from_value(game["record"].clone()).unwrap();
    let replayed = record.replay().expect("the archived record replays");
    assert_eq!(serde_json::to_value(replayed.outcome()).unwrap(), result);
    let (_, list) = get(&server.base, "/api/games").await;
    assert!(list["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == code.as_str()));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_a_whole_game() {
    whole_game(2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_players_play_a_whole_game() {
    whole_game(4).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_reconnects_with_the_token_and_a_spectator_follows() {
    let mut server = TestServer::start().await;
    let (code, tokens) = room_of(&server.base, 2, json!({"pawns": 2})).await;
    let mut a = Client::join(&server.ws(), &code, Some(&tokens[0])).await;
    let mut b = Client::join(&server.ws(), &code, Some(&tokens[1])).await;
    let mut watcher = Client::join(&server.ws(), &code.to_lowercase(), None).await;
    assert_eq!(watcher.seat, None);
    a.send(json!({"type": "start"})).await;
    a.until(|m| m["room"]["status"] == "playing").await;
    b.until(|m| m["room"]["status"] == "playing").await;
    // A spectator cannot act.
    let v = watcher.version();
    watcher
        .send(json!({"type": "act", "version": v, "action": {"do": "throw"}}))
        .await;
    assert_eq!(watcher.error().await, "not_seated");
    // Play a little, then player b drops and comes back with the token.
    let mut both = [a, b];
    play_steps(&mut both, 6).await;
    let [a, b] = both;
    let version_before = b.version();
    b.close().await;
    let mut a = a;
    a.until(|m| m["type"] == "presence" && m["connected"][1] == false)
        .await;
    let b = Client::join(&server.ws(), &code, Some(&tokens[1])).await;
    assert_eq!(b.seat, Some(1));
    assert!(b.version() >= version_before);
    assert_eq!(b.state["events"], json!([]), "a fresh state has no events");
    let clients = play_out(vec![a, b]).await;
    // The spectator saw the same end.
    let end = watcher
        .until(|m| m["type"] == "state" && m["room"]["status"] == "finished")
        .await;
    assert_eq!(end["game"]["result"], clients[0].state["game"]["result"]);
    assert_eq!(end["version"], clients[0].state["version"]);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computers_fill_seats_and_a_rematch_keeps_the_players() {
    let mut server = TestServer::start().await;
    let (s, created) = post(
        &server.base,
        "/api/rooms",
        json!({"name": "Asha", "players": 4, "options": {"pawns": 2},
               "bots": [{"seat": 1, "level": "easy"}]}),
    )
    .await;
    assert_eq!(s, 201, "{created}");
    let code = created["code"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let mut host = Client::join(&server.ws(), &code, Some(&token)).await;
    host.send(json!({"type": "set_bot", "seat": 2, "level": "hard"}))
        .await;
    host.until(|m| m["type"] == "state" && m["room"]["seats"][2]["bot"] == "hard")
        .await;
    host.send(json!({"type": "set_bot", "seat": 3, "level": "ultra"}))
        .await;
    assert_eq!(host.error().await, "bad_level");
    // Seat 3 stays empty: the game is played by three.
    host.send(json!({"type": "start"})).await;
    let st = host
        .until(|m| m["type"] == "state" && m["room"]["status"] == "playing")
        .await;
    assert_eq!(st["room"]["seats"].as_array().unwrap().len(), 3);
    assert_eq!(st["room"]["rules"]["players"], 3);
    host.play(usize::MAX).await;
    assert!(host.over());
    host.send(json!({"type": "rematch"})).await;
    let st = host
        .until(|m| m["type"] == "state" && !m["room"]["rematch"].is_null())
        .await;
    let next = st["room"]["rematch"].as_str().unwrap().to_string();
    assert_ne!(next, code);
    // The same token opens the same seat in the rematch room.
    let again = Client::join(&server.ws(), &next, Some(&token)).await;
    assert_eq!(again.seat, Some(0));
    assert_eq!(again.state["room"]["status"], "lobby");
    assert_eq!(again.state["room"]["seats"][1]["bot"], "easy");
    server.stop().await;
}

/// A 2-player room Asha made with `settings` (a turn clock, a takeover
/// time), Ravi in seat 1: the room code and both seat tokens.
async fn asha_and_ravi(base: &str, settings: Value) -> (String, String, String) {
    let mut body = json!({"name": "Asha", "players": 2});
    body.as_object_mut()
        .unwrap()
        .extend(settings.as_object().unwrap().clone());
    let (s, created) = post(base, "/api/rooms", body).await;
    assert_eq!(s, 201, "{created}");
    let code = created["code"].as_str().unwrap().to_string();
    let (_, seat) = post(
        base,
        &format!("/api/rooms/{code}/seats"),
        json!({"name": "Ravi"}),
    )
    .await;
    assert_eq!(seat["seat"], 1);
    let token = |v: &Value| v["token"].as_str().unwrap().to_string();
    (code, token(&created), token(&seat))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turn_clock_plays_for_an_absent_player() {
    let mut server = TestServer::start().await;
    let (code, asha, _) = asha_and_ravi(&server.base, json!({"turn_clock": 1})).await;
    let mut host = Client::join(&server.ws(), &code, Some(&asha)).await;
    host.send(json!({"type": "start"})).await;
    host.until(|m| m["room"]["status"] == "playing").await;
    assert!(host.state["room"]["clock_ms"].as_u64().unwrap() <= 1000);
    // Nobody acts: after a second the server throws for seat 0.
    let st = host
        .until(|m| {
            m["type"] == "state"
                && m["events"]
                    .as_array()
                    .is_some_and(|e| e.iter().any(|e| e["type"] == "thrown"))
        })
        .await;
    assert_eq!(st["events"][0]["player"], 0);
    server.stop().await;
}

/// Whether a state's events include an action of `seat`.
fn acted(state: &Value, seat: u64) -> bool {
    state["events"]
        .as_array()
        .is_some_and(|e| e.iter().any(|e| e["player"].as_u64() == Some(seat)))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_plays_for_an_absent_player_until_they_return() {
    let mut server = TestServer::start().await;
    let (code, asha, ravi_token) = asha_and_ravi(&server.base, json!({"takeover": 5})).await;
    let mut host = Client::join(&server.ws(), &code, Some(&asha)).await;
    let ravi = Client::join(&server.ws(), &code, Some(&ravi_token)).await;
    host.send(json!({"type": "start"})).await;
    host.until(|m| m["room"]["status"] == "playing").await;
    ravi.close().await;
    // Five seconds after Ravi left, a computer plays his turns while Asha
    // plays hers.
    let away = std::time::Instant::now();
    let standin = |m: &Value| m["room"]["seats"][1]["standin"] == true;
    host.play_until(usize::MAX, standin)
        .await
        .1
        .expect("a stand-in");
    assert!(
        away.elapsed() >= Duration::from_secs(4),
        "{:?}",
        away.elapsed()
    );
    let by_ravi = host.play_until(usize::MAX, |m| acted(m, 1)).await.1;
    assert!(
        by_ravi.is_some(),
        "the game ended before the stand-in played"
    );
    // Ravi comes back: his seat is his again, and nobody plays for him.
    let ravi = Client::join(&server.ws(), &code, Some(&ravi_token)).await;
    assert_eq!(ravi.seat, Some(1));
    assert_eq!(ravi.state["room"]["seats"][1]["standin"], false);
    host.until(|m| m["type"] == "state" && m["room"]["seats"][1]["standin"] == false)
        .await;
    let mut players = [host, ravi];
    while players[1].state["game"]["to_move"] != 1 && !players[1].over() {
        play_steps(&mut players, 1).await;
    }
    if !players[1].over() {
        // A second goes by without a new state (computers here act at
        // once); presence messages may come.
        let ravi = &mut players[1];
        let quiet =
            tokio::time::timeout(Duration::from_secs(1), ravi.until(|m| m["type"] == "state"));
        let state = quiet.await;
        assert!(state.is_err(), "someone acted for Ravi: {state:?}");
        let before = players[1].version();
        play_steps(&mut players, 1).await;
        assert!(players[1].version() > before && acted(&players[1].state, 1));
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_room_closes_and_reopens_from_the_store_with_nothing_lost() {
    let mut server = TestServer::start_with(|o| o.idle_room_secs = 1).await;
    let (code, tokens) = room_of(&server.base, 2, json!({})).await;
    let mut players = start_game(&server, &code, &tokens).await;
    play_steps(&mut players, 12).await;
    let left = players[0].state.clone();
    for c in players.drain(..) {
        c.close().await;
    }
    // Nobody is connected: a second later the room's task ends.
    let start = std::time::Instant::now();
    while !metrics(&server.base)
        .await
        .contains("chowka_rooms_active 0")
    {
        assert!(start.elapsed() < WAIT, "the idle room stayed open");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Coming back reopens it from the store, just as it was left.
    for t in &tokens {
        players.push(Client::join(&server.ws(), &code, Some(t)).await);
    }
    let metrics = metrics(&server.base).await;
    assert!(
        metrics.contains("chowka_rooms_restored_total 1"),
        "{metrics}"
    );
    assert_eq!(players[0].state["game"], left["game"]);
    // A new version, so that an action sent on the old state is refused.
    assert!(players[0].version() > left["version"].as_u64().unwrap());
    let players = play_out(players).await;
    assert_eq!(players[0].state["room"]["status"], "finished");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_http_api_answers_as_documented() {
    let mut server = TestServer::start().await;
    let (s, created) = post(
        &server.base,
        "/api/rooms",
        json!({"name": "  Asha ", "players": 3, "public": true, "preset": "ashta-chamma"}),
    )
    .await;
    assert_eq!(s, 201);
    let code = created["code"].as_str().unwrap();
    assert_eq!(created["room"]["seats"][0]["name"], "Asha");
    let (_, list) = get(&server.base, "/api/rooms").await;
    let listed = &list["rooms"][0];
    assert_eq!(listed["code"], code);
    assert_eq!(listed["taken"], 1);
    assert_eq!(listed["preset"], "ashta-chamma");
    let (s, d) = get(&server.base, &format!("/api/rooms/{}", code.to_lowercase())).await;
    assert_eq!(s, 200);
    assert_eq!(d["room"]["status"], "lobby");
    let (s, e) = post(
        &server.base,
        &format!("/api/rooms/{code}/seats"),
        json!({"name": "B", "seat": 0}),
    )
    .await;
    assert_eq!((s, e["code"].as_str()), (409, Some("seat_taken")));
    let (s, e) = get(&server.base, "/api/rooms/ABCDEFG").await;
    assert_eq!((s, e["code"].as_str()), (404, Some("no_such_room")));
    let (s, e) = post(
        &server.base,
        "/api/rooms",
        json!({"name": "x", "options": {"board": 6}}),
    )
    .await;
    assert_eq!((s, e["code"].as_str()), (400, Some("bad_rules")));
    let (s, e) = post(
        &server.base,
        "/api/rooms",
        json!({"name": "x", "colour": "red"}),
    )
    .await;
    assert_eq!((s, e["code"].as_str()), (400, Some("bad_request")));
    let (s, e) = get(&server.base, "/api/games/ABCDEFG").await;
    assert_eq!((s, e["code"].as_str()), (404, Some("no_such_game")));
    let res = http()
        .get(format!("{}/healthz", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let res = http()
        .get(format!("{}/api/rules", server.base))
        .send()
        .await
        .unwrap();
    assert!(res.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/markdown"));
    assert!(res.text().await.unwrap().contains("R15"));
    let metrics = metrics(&server.base).await;
    assert!(metrics.contains("chowka_rooms_active 1"), "{metrics}");
    assert!(metrics.contains("chowka_rooms_created_total 1"));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_presets_are_served_as_the_engine_resolves_them() {
    let mut server = TestServer::start().await;
    let (s, body) = get(&server.base, "/api/presets").await;
    assert_eq!(s, 200);
    let served: Vec<chowka_protocol::ResolvedPreset> =
        serde_json::from_value(body["presets"].clone()).expect("presets parse");
    assert_eq!(served, chowka_protocol::ResolvedPreset::all());
    // The form's C10 line: Chauka Bara keeps 4 pawns on 9x9, of 1 to 8 (O7).
    let ck9 = served
        .iter()
        .find(|p| p.rules.preset == chowka_protocol::Preset::ChaukaBara && p.rules.board == 9)
        .unwrap();
    assert_eq!(
        ck9.rules,
        chowka_protocol::Rules {
            board: 9,
            ..chowka_protocol::Rules::preset(chowka_protocol::Preset::ChaukaBara, 2)
        }
    );
    assert_eq!(ck9.pawns, (1..=8).collect::<Vec<u8>>());
    assert_eq!(body["presets"][0]["rules"]["preset"], "chowka-bhara");
    server.stop().await;
}
