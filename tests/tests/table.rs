//! A real family's table over real sockets: one tap to play the computer,
//! a computer standing in by default and at the host's word, seats given
//! up and emptied in the lobby, and the table log every welcome carries.

use chowka_tests::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};

/// A started 2-player game of two people: the host and a friend.
async fn two_at_the_table(server: &TestServer) -> (String, Vec<String>, Client, Client) {
    let (code, tokens) = room_of(&server.base, 2, json!({})).await;
    let mut clients = start_game(server, &code, &tokens).await;
    let friend = clients.pop().unwrap();
    let host = clients.pop().unwrap();
    (code, tokens, host, friend)
}

fn standin(c: &Client, seat: usize) -> bool {
    c.state["room"]["seats"][seat]["standin"] == true
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_request_starts_a_game_against_the_computer() {
    let mut server = TestServer::start().await;
    let (s, created) = post(
        &server.base,
        "/api/rooms",
        json!({"name": "Asha", "players": 2, "bots": [{"seat": 1, "level": "medium"}], "start": true}),
    )
    .await;
    assert_eq!(s, 201, "{created}");
    assert_eq!(created["room"]["status"], "playing");
    let code = created["code"].as_str().unwrap();
    let mut asha = Client::join(&server.ws(), code, created["token"].as_str()).await;
    assert_eq!(asha.seat, Some(0));
    assert!(!asha.state["game"].is_null(), "{}", asha.state);
    // Asha plays her turns; the computer plays its own, until the end.
    let mut rng = rand::thread_rng();
    let mut computer_acted = false;
    while !asha.over() {
        if !asha.act_if_mine(&mut rng).await {
            let m = asha.until(|m| m["type"] == "state").await;
            computer_acted |= m["events"]
                .as_array()
                .is_some_and(|es| es.iter().any(|e| e["player"] == 1));
        } else {
            asha.until(|m| m["type"] == "state" || m["type"] == "error")
                .await;
        }
    }
    assert!(computer_acted, "the computer played its turns");
    // Nobody to play with: refused, no room made.
    let (s, refused) = post(
        &server.base,
        "/api/rooms",
        json!({"name": "Asha", "players": 2, "start": true}),
    )
    .await;
    assert_eq!(
        (s, refused["code"].as_str()),
        (409, Some("not_enough_players"))
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_stands_in_after_a_minute_unless_the_host_says_never() {
    let mut server = TestServer::start().await;
    let (_, room) = post(&server.base, "/api/rooms", json!({"name": "Asha"})).await;
    assert_eq!(
        room["room"]["takeover"], 60,
        "a closed tab never freezes the table"
    );
    let (_, room) = post(
        &server.base,
        "/api/rooms",
        json!({"name": "Asha", "takeover": null}),
    )
    .await;
    assert_eq!(room["room"]["takeover"], Value::Null);
    let (s, _) = post(
        &server.base,
        "/api/rooms",
        json!({"name": "Asha", "takeover": 2}),
    )
    .await;
    assert_eq!(s, 400, "out of range");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_hands_a_seat_to_a_computer_and_its_player_takes_it_back() {
    let mut server = TestServer::start().await;
    let (code, tokens, mut host, mut friend) = two_at_the_table(&server).await;
    // Only the host, only another person's seat.
    friend.send(json!({"type": "stand_in", "seat": 0})).await;
    assert_eq!(friend.error().await, "not_host");
    host.send(json!({"type": "stand_in", "seat": 0})).await;
    assert_eq!(host.error().await, "bad_seat");
    host.send(json!({"type": "stand_in", "seat": 5})).await;
    assert_eq!(host.error().await, "bad_seat");

    // The friend closes the tab; the host lets a computer play for them.
    friend.close().await;
    host.send(json!({"type": "stand_in", "seat": 1})).await;
    host.until(|m| m["type"] == "state" && m["room"]["seats"][1]["standin"] == true)
        .await;
    // The game goes on: the computer plays the friend's turns, and every
    // state of its moves says whose seat it played (a whole turn counts).
    let mut rng = rand::thread_rng();
    let thrown_by = |m: &Value, seat: u64| {
        (m["events"].as_array()).is_some_and(|es| {
            es.iter()
                .any(|e| e["type"] == "thrown" && e["player"] == seat)
        })
    };
    let played_for_friend = loop {
        if host.over() {
            break false;
        }
        let m = if host.act_if_mine(&mut rng).await {
            host.until(|m| m["type"] == "state" || m["type"] == "error")
                .await
        } else {
            host.until(|m| m["type"] == "state").await
        };
        if m["type"] != "state" {
            continue;
        }
        assert!(!thrown_by(&m, 1) || m["stand_in"] == 1, "{m}");
        assert!(!thrown_by(&m, 0) || m["stand_in"].is_null(), "{m}");
        if m["room"]["seats"][1]["computer_turns"] == 1 {
            break true;
        }
    };
    assert!(
        played_for_friend,
        "the computer played a turn for the friend"
    );

    // The friend comes back: the seat is theirs again, their log says
    // which moves the computer made, and they are told how many turns.
    let mut friend = Client::join(&server.ws(), &code, Some(&tokens[1])).await;
    let history = friend.welcome["history"].as_array().unwrap();
    assert!(
        history
            .iter()
            .any(|i| i["kind"] == "events" && i["stand_in"] == 1),
        "{}",
        friend.welcome
    );
    if standin(&friend, 1) {
        friend
            .until(|m| m["type"] == "state" && m["room"]["seats"][1]["standin"] == false)
            .await;
    }
    let turns = &friend.state["room"]["seats"][1]["computer_turns"];
    assert!(turns.as_u64() >= Some(1), "{}", friend.state);
    // "I'll be right back": the table sees until when; taking the seat
    // back (or acting, or coming back) ends it.
    friend.send(json!({"type": "right_back"})).await;
    let m = host
        .until(|m| m["type"] == "state" && m["room"]["seats"][1]["back_by"].is_i64())
        .await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let back_by = m["room"]["seats"][1]["back_by"].as_i64().unwrap();
    assert!((now..now + 6 * 60 * 1000).contains(&back_by), "{m}");
    friend.send(json!({"type": "take_back"})).await;
    host.until(|m| m["type"] == "state" && m["room"]["seats"][1]["back_by"].is_null())
        .await;
    // Handed over again while they are here, they take it back by asking.
    host.send(json!({"type": "stand_in", "seat": 1})).await;
    friend
        .until(|m| m["type"] == "state" && m["room"]["seats"][1]["standin"] == true)
        .await;
    friend.send(json!({"type": "take_back"})).await;
    friend
        .until(|m| m["type"] == "state" && m["room"]["seats"][1]["standin"] == false)
        .await;
    // A watcher has no seat to take back.
    let mut watcher = Client::join(&server.ws(), &code, None).await;
    watcher.send(json!({"type": "take_back"})).await;
    assert_eq!(watcher.error().await, "not_seated");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_chooses_during_the_game_when_a_computer_stands_in() {
    let mut server = TestServer::start().await;
    let (_code, _tokens, mut host, mut friend) = two_at_the_table(&server).await;
    // Only the host, within the documented range.
    friend
        .send(json!({"type": "set_takeover", "secs": 5}))
        .await;
    assert_eq!(friend.error().await, "not_host");
    host.send(json!({"type": "set_takeover", "secs": 4})).await;
    assert_eq!(host.error().await, "bad_request");
    // Never: the friend goes, and nobody plays for them.
    host.send(json!({"type": "set_takeover", "secs": null}))
        .await;
    host.until(|m| m["type"] == "state" && m["room"]["takeover"].is_null())
        .await;
    friend.close().await;
    host.until(|m| m["type"] == "presence" && m["connected"][1] == false)
        .await;
    // Five seconds, counted from now for the friend already away.
    host.send(json!({"type": "set_takeover", "secs": 5})).await;
    host.until(|m| m["type"] == "state" && m["room"]["takeover"] == 5)
        .await;
    host.until(|m| m["type"] == "state" && m["room"]["seats"][1]["standin"] == true)
        .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_the_lobby_the_host_empties_seats_and_a_friend_may_leave() {
    let mut server = TestServer::start().await;
    let (code, tokens) = room_of(&server.base, 3, json!({})).await;
    let ws = server.ws();
    let mut host = Client::join(&ws, &code, Some(&tokens[0])).await;
    let mut ravi = Client::join(&ws, &code, Some(&tokens[1])).await;
    let mut meena = Client::join(&ws, &code, Some(&tokens[2])).await;

    // A friend cannot empty seats; the host cannot leave or empty their own.
    ravi.send(json!({"type": "remove", "seat": 2})).await;
    assert_eq!(ravi.error().await, "not_host");
    host.send(json!({"type": "remove", "seat": 0})).await;
    assert_eq!(host.error().await, "bad_seat");
    host.send(json!({"type": "leave_seat"})).await;
    assert_eq!(host.error().await, "bad_seat");

    // Meena leaves: she watches, and her token opens nothing any more.
    meena.send(json!({"type": "leave_seat"})).await;
    let w = meena.until(|m| m["type"] == "welcome").await;
    assert_eq!(w["seat"], Value::Null);
    host.until(|m| m["type"] == "state" && m["room"]["seats"][2]["name"].is_null())
        .await;
    let mut again = Client::connect_raw(&ws).await;
    again
        .send(tungstenite_text(
            json!({"type": "hello", "room": code, "token": tokens[2]}),
        ))
        .await
        .unwrap();
    assert!(read_until_error(&mut again).await.contains("bad_token"));

    // The host removes Ravi the same way.
    host.send(json!({"type": "remove", "seat": 1})).await;
    let w = ravi.until(|m| m["type"] == "welcome").await;
    assert_eq!(w["seat"], Value::Null);
    ravi.until(|m| m["type"] == "state").await;
    ravi.send(json!({"type": "chat", "text": "hello?"})).await;
    assert_eq!(ravi.error().await, "not_seated");

    // A computer in a seat can be changed and removed.
    host.send(json!({"type": "set_bot", "seat": 1, "level": "easy"}))
        .await;
    host.until(|m| m["type"] == "state" && m["room"]["seats"][1]["bot"] == "easy")
        .await;
    host.send(json!({"type": "set_bot", "seat": 1, "level": "hard"}))
        .await;
    host.until(|m| m["type"] == "state" && m["room"]["seats"][1]["bot"] == "hard")
        .await;
    host.send(json!({"type": "remove", "seat": 1})).await;
    host.until(|m| m["type"] == "state" && m["room"]["seats"][1]["bot"].is_null())
        .await;

    // After the start, the lobby's doors are shut.
    host.send(json!({"type": "set_bot", "seat": 1, "level": "easy"}))
        .await;
    host.until(|m| m["type"] == "state" && m["room"]["seats"][1]["bot"] == "easy")
        .await;
    host.send(json!({"type": "start"})).await;
    host.until(|m| m["type"] == "state" && m["room"]["status"] == "playing")
        .await;
    host.send(json!({"type": "remove", "seat": 1})).await;
    assert_eq!(host.error().await, "not_lobby");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_welcome_carries_the_table_log_as_it_was_seen() {
    let mut server = TestServer::start().await;
    let (code, _tokens, mut host, mut friend) = two_at_the_table(&server).await;
    host.send(json!({"type": "chat", "text": "good luck!"}))
        .await;
    friend.until(|m| m["type"] == "chat").await;
    // Everything the friend sees live, in order.
    // The start said whose turn begins the game.
    let opening = friend.state["events"].clone();
    assert_eq!(opening[0]["type"], "turn_began", "{opening}");
    assert_eq!(opening[0]["round"], 1);
    let mut seen: Vec<Value> = vec![
        json!({"kind": "events", "events": opening}),
        json!({"kind": "chat", "seat": 0, "name": "Player 0", "text": "good luck!"}),
    ];
    let mut clients = [host, friend];
    let mut rng = rand::thread_rng();
    for _ in 0..12 {
        for c in clients.iter_mut() {
            if c.act_if_mine(&mut rng).await {
                break;
            }
        }
        let m = clients[1]
            .until(|m| m["type"] == "state" || m["type"] == "error")
            .await;
        if m["type"] == "state" && !m["events"].as_array().unwrap().is_empty() {
            seen.push(json!({"kind": "events", "events": m["events"]}));
        }
        // Keep the host's view current too.
        while clients[0].version() < clients[1].version() {
            clients[0].until(|m| m["type"] == "state").await;
        }
    }
    let watcher = Client::join(&server.ws(), &code, None).await;
    assert_eq!(watcher.welcome["history"], Value::Array(seen));
    server.stop().await;
}

fn tungstenite_text(v: Value) -> tokio_tungstenite::tungstenite::Message {
    tokio_tungstenite::tungstenite::Message::Text(v.to_string().into())
}

async fn read_until_error(
    ws: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
) -> String {
    while let Some(Ok(m)) = ws.next().await {
        if let tokio_tungstenite::tungstenite::Message::Text(t) = m {
            if t.contains("\"error\"") {
                return t.to_string();
            }
        }
    }
    String::new()
}
