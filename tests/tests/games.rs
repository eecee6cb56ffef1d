//! Whole games over real sockets: people picking among the legal actions
//! the server sends, reconnecting, watching, computers and rematches.

use chowka_tests::*;
use serde_json::{json, Value};

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
    // A private room's game opens by its link, and is never listed.
    let (_, list) = get(&server.base, "/api/games").await;
    assert!(!list["games"]
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

/// What the engine says of `seat`'s threats in the game of `state` (the
/// position it shows, read back as a set-up position).
fn engine_threats(state: &Value, seat: u8) -> Value {
    let rules: chowka_protocol::Rules =
        serde_json::from_value(state["room"]["rules"].clone()).expect("the state's rules");
    let view: chowka_protocol::messages::GameView =
        serde_json::from_value(state["game"].clone()).expect("the state's game");
    let pos = chowka_protocol::Position {
        pawns: view.pawns,
        pairs: view.pairs,
        has_hit: view.has_hit,
        to_move: view.to_move,
        round: view.round,
        truces: view.truces,
        betrayals: view.betrayals,
    };
    let game = chowka_protocol::Game::from_position(rules, &pos).expect("the state's position");
    serde_json::to_value(game.threats(seat)).unwrap()
}

/// Asks `threats` (for `seat`, if named) and checks the answer against
/// the state the client holds when it comes: nothing else changed the
/// room in between, since the answer and the states share one queue.
/// Returns how many threats there were.
async fn ask_threats(client: &mut Client, seat: Option<u8>, whose: u8) -> usize {
    let mut ask = json!({"type": "threats"});
    if let Some(s) = seat {
        ask["seat"] = json!(s);
    }
    client.send(ask).await;
    let answer = client.until(|m| m["type"] == "threats").await;
    assert_eq!(
        answer["version"].as_u64(),
        Some(client.version()),
        "{answer}"
    );
    assert_eq!(answer["seat"], whose, "{answer}");
    assert_eq!(
        answer["threats"],
        engine_threats(&client.state, whose),
        "{answer}"
    );
    answer["threats"].as_array().expect("a list").len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threats_are_answered_to_the_asker_alone_as_the_engine_reads_them() {
    let mut server = TestServer::start().await;
    let (s, created) = post(
        &server.base,
        "/api/rooms",
        json!({"name": "Asha", "players": 2, "bots": [{"seat": 1, "level": "easy"}]}),
    )
    .await;
    assert_eq!(s, 201, "{created}");
    let code = created["code"].as_str().unwrap().to_string();
    let token = created["token"].as_str().unwrap().to_string();
    let mut host = Client::join(&server.ws(), &code, Some(&token)).await;
    let mut watcher = Client::join(&server.ws(), &code, None).await;
    // In the lobby there is no game to read.
    host.send(json!({"type": "threats"})).await;
    assert_eq!(host.error().await, "not_playing");
    watcher.send(json!({"type": "threats", "seat": 0})).await;
    assert_eq!(watcher.error().await, "not_playing");
    host.send(json!({"type": "start"})).await;
    host.until(|m| m["type"] == "state" && m["room"]["status"] == "playing")
        .await;
    watcher
        .until(|m| m["type"] == "state" && m["room"]["status"] == "playing")
        .await;
    // A spectator names whose pawns; a seat must exist.
    watcher.send(json!({"type": "threats"})).await;
    assert_eq!(watcher.error().await, "bad_request");
    watcher.send(json!({"type": "threats", "seat": 2})).await;
    assert_eq!(watcher.error().await, "bad_request");
    host.send(json!({"type": "threats", "seat": 9})).await;
    assert_eq!(host.error().await, "bad_request");
    // At every one of the host's throws, the whole game long: the host's
    // own threats, the computer's as the host asks, and the host's as
    // the watcher asks, each as the engine reads that state.
    let (mut asked, mut seen) = (0, 0);
    loop {
        let my_throw = |m: &Value| m["game"]["to_move"] == 0 && m["game"]["can_throw"] == true;
        let (_, state) = host.play_until(usize::MAX, my_throw).await;
        if state.is_none() {
            break;
        }
        let version = host.version();
        seen += ask_threats(&mut host, None, 0).await;
        seen += ask_threats(&mut host, Some(1), 1).await;
        seen += ask_threats(&mut watcher, Some(0), 0).await;
        asked += 3;
        // Asking changed nothing: no state came between, none is owed.
        assert_eq!(host.version(), version);
    }
    assert!(host.over() && asked > 0);
    eprintln!("{asked} threats asked, {seen} threats listed");
    // Once the game is over: an answer, with none.
    host.send(json!({"type": "threats"})).await;
    let answer = host.until(|m| m["type"] == "threats").await;
    assert_eq!(answer["threats"], json!([]), "{answer}");
    assert_eq!(answer["version"].as_u64(), Some(host.version()));
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

/// Reads `client`'s messages until a state newer than `version`, and
/// fails on any `hint` among them (a hint goes to its asker alone) and on
/// any error (a hinted action is always accepted).
async fn next_state_without_hints(client: &mut Client, version: u64) {
    loop {
        let m = client.next().await.expect("connection open");
        assert_ne!(m["type"], "hint", "a hint reached another player: {m}");
        assert_ne!(m["type"], "error", "refused: {m}");
        if m["type"] == "state" && m["version"].as_u64() > Some(version) {
            return;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_go_to_the_player_to_move_alone_and_a_game_plays_through_on_them() {
    let mut server = TestServer::start().await;
    let (code, tokens) = room_of(&server.base, 2, json!({})).await;
    let mut players = Vec::new();
    for token in &tokens {
        players.push(Client::join(&server.ws(), &code, Some(token)).await);
    }
    let mut watcher = Client::join(&server.ws(), &code, None).await;
    assert_eq!(
        players[0].state["room"]["hints"], true,
        "on unless turned off"
    );
    // In the lobby there is no turn to hint at; only the host turns hints off.
    players[0].send(json!({"type": "hint"})).await;
    assert_eq!(players[0].error().await, "not_playing");
    players[1]
        .send(json!({"type": "set_hints", "on": false}))
        .await;
    assert_eq!(players[1].error().await, "not_host");
    players[0]
        .send(json!({"type": "set_hints", "on": false}))
        .await;
    for p in players.iter_mut() {
        p.until(|m| m["type"] == "state" && m["room"]["hints"] == false)
            .await;
    }
    players[0].send(json!({"type": "start"})).await;
    for p in players.iter_mut() {
        p.until(|m| m["type"] == "state" && m["room"]["status"] == "playing")
            .await;
    }
    let first = players[0].state["game"]["to_move"].as_u64().unwrap() as usize;
    players[first].send(json!({"type": "hint"})).await;
    assert_eq!(players[first].error().await, "bad_request", "hints are off");
    // Turned on again during the game.
    players[0]
        .send(json!({"type": "set_hints", "on": true}))
        .await;
    for p in players.iter_mut() {
        p.until(|m| m["type"] == "state" && m["room"]["hints"] == true)
            .await;
    }
    watcher.send(json!({"type": "hint"})).await;
    assert_eq!(watcher.error().await, "not_seated");

    // Both seats play every action the hint says, to the end of the game.
    let mut hints = 0;
    let mut reasons = std::collections::BTreeSet::new();
    while !players[0].over() {
        let mover = players[0].state["game"]["to_move"].as_u64().unwrap() as usize;
        let other = 1 - mover;
        let version = players[mover].version();
        players[other].send(json!({"type": "hint"})).await;
        assert_eq!(players[other].error().await, "not_your_turn");
        players[mover].send(json!({"type": "hint"})).await;
        let answer = players[mover].until(|m| m["type"] == "hint").await;
        assert_eq!(answer["version"].as_u64(), Some(version), "{answer}");
        assert_eq!(answer["seat"].as_u64(), Some(mover as u64), "{answer}");
        // Asked again of the same state: the same answer.
        players[mover].send(json!({"type": "hint"})).await;
        let again = players[mover].until(|m| m["type"] == "hint").await;
        assert_eq!(again, answer);
        hints += 1;
        reasons.insert(
            answer["hint"]["reason"]["why"]
                .as_str()
                .unwrap()
                .to_string(),
        );
        let action = answer["hint"]["action"].clone();
        players[mover]
            .send(json!({"type": "act", "version": version, "action": action}))
            .await;
        for p in players.iter_mut() {
            next_state_without_hints(p, version).await;
        }
        assert!(hints < 2000, "the game does not end");
    }
    assert!(players[1].over());
    eprintln!("{hints} hints, reasons seen: {reasons:?}");
    assert!(
        reasons.contains("throw_first") && reasons.len() >= 3,
        "{reasons:?}"
    );
    // After the game: no turn, no hint.
    players[0].send(json!({"type": "hint"})).await;
    assert_eq!(players[0].error().await, "not_playing");
    server.stop().await;
}
