//! Hostile input: each gets a clear error or a clean close, and another
//! room keeps playing meanwhile.

use chowka_tests::*;
use serde_json::json;

/// A room whose two players are connected and the game started.
async fn playing_room(server: &TestServer) -> [Client; 2] {
    let (code, tokens) = room_of(&server.base, 2, json!({"pawns": 2})).await;
    let mut a = Client::join(&server.ws(), &code, Some(&tokens[0])).await;
    let mut b = Client::join(&server.ws(), &code, Some(&tokens[1])).await;
    a.send(json!({"type": "start"})).await;
    a.until(|m| m["room"]["status"] == "playing").await;
    b.until(|m| m["room"]["status"] == "playing").await;
    [a, b]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_get_clear_errors_and_other_rooms_play_on() {
    let mut server = TestServer::start_with(|o| o.sockets.messages_per_second = 50).await;
    let mut other = playing_room(&server).await;
    let [mut a, mut b] = playing_room(&server).await;
    let v = a.version();
    a.send_text("not json".into()).await;
    assert_eq!(a.error().await, "bad_message");
    a.send(json!({"type": "fly"})).await;
    assert_eq!(a.error().await, "unknown_type");
    a.send(json!({"type": "act", "version": "seven", "action": {"do": "throw"}}))
        .await;
    assert_eq!(a.error().await, "bad_message");
    a.send(json!({"type": "act", "version": v, "action": {"do": "teleport"}}))
        .await;
    assert_eq!(a.error().await, "bad_message");
    a.send(json!({"type": "chat", "text": "x".repeat(301)}))
        .await;
    assert_eq!(a.error().await, "bad_chat");
    a.send(json!({"type": "hello", "room": "ABCDEFG"})).await;
    assert_eq!(a.error().await, "already_joined");
    // Out of turn: seat 1 acts while seat 0 is to move.
    b.send(json!({"type": "act", "version": v, "action": {"do": "throw"}}))
        .await;
    assert_eq!(b.error().await, "not_your_turn");
    // An action on an old state is refused, not misapplied.
    a.send(json!({"type": "act", "version": v - 1, "action": {"do": "throw"}}))
        .await;
    assert_eq!(a.error().await, "stale_version");
    a.send(
        json!({"type": "act", "version": v, "action": {"do": "move", "pawns": [0, 0], "value": 2}}),
    )
    .await;
    assert_eq!(a.error().await, "not_a_pair");
    a.send(json!({"type": "start"})).await;
    assert_eq!(a.error().await, "not_lobby");
    b.send(json!({"type": "set_bot", "seat": 1, "level": "easy"}))
        .await;
    assert_eq!(b.error().await, "not_host");
    // Nothing was applied: still version v, and chat is text, not HTML.
    a.send(json!({"type": "chat", "text": "<b>hi</b>"})).await;
    let chat = b.until(|m| m["type"] == "chat").await;
    assert_eq!(chat["text"], "<b>hi</b>");
    assert_eq!(a.version(), v);
    // The room still plays, and so does the other one.
    play_steps(&mut other, 5).await;
    let mut both = [a, b];
    play_steps(&mut both, 3).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_frames_floods_and_bad_hellos_close_cleanly() {
    let mut server = TestServer::start_with(|o| o.sockets.messages_per_second = 20).await;
    let mut other = playing_room(&server).await;
    let [mut a, _b] = playing_room(&server).await;
    // A frame over 16 KiB: too_big, then close 1009.
    a.send_text(json!({"type": "chat", "text": "x".repeat(17 * 1024)}).to_string())
        .await;
    assert_eq!(a.error().await, "too_big");
    assert_eq!(a.closed().await, Some(1009));
    // A flood: rate_limited errors, then close 1008.
    let [mut c, _d] = playing_room(&server).await;
    for _ in 0..400 {
        if !c.send_text(json!({"type": "ping"}).to_string()).await {
            break;
        }
    }
    assert_eq!(c.error().await, "rate_limited");
    assert_eq!(c.closed().await, Some(1008));
    // Bad hellos.
    let mut raw = Client::connect_raw(&server.ws()).await;
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    raw.send(Message::Text(json!({"type": "ping"}).to_string().into()))
        .await
        .unwrap();
    let m = raw.next().await.unwrap().unwrap();
    assert!(m.to_text().unwrap().contains("hello_first"), "{m}");
    let mut raw = Client::connect_raw(&server.ws()).await;
    raw.send(Message::Text(
        json!({"type": "hello", "room": "ZZZZZZZ"})
            .to_string()
            .into(),
    ))
    .await
    .unwrap();
    let m = raw.next().await.unwrap().unwrap();
    assert!(m.to_text().unwrap().contains("no_such_room"), "{m}");
    let code = other[0].state["room"]["code"].as_str().unwrap().to_string();
    let mut raw = Client::connect_raw(&server.ws()).await;
    raw.send(Message::Text(
        json!({"type": "hello", "room": code, "token": "00000000000000000000000000000000"})
            .to_string()
            .into(),
    ))
    .await
    .unwrap();
    let m = raw.next().await.unwrap().unwrap();
    assert!(m.to_text().unwrap().contains("bad_token"), "{m}");
    // The other room played on throughout.
    play_steps(&mut other, 5).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn room_creation_and_connection_limits_refuse_clearly() {
    let mut server = TestServer::start_with(|o| {
        o.limits.rooms_per_minute = 3;
        o.sockets.max_connections = 3;
    })
    .await;
    let mut statuses = Vec::new();
    for _ in 0..4 {
        let (s, body) = post(&server.base, "/api/rooms", json!({"name": "x"})).await;
        statuses.push((s, body["code"].as_str().map(String::from)));
    }
    assert_eq!(statuses[3].0, 429);
    assert_eq!(statuses[3].1.as_deref(), Some("rate_limited"));
    let code = statuses[0].1.clone().unwrap();
    let _c1 = Client::join(&server.ws(), &code, None).await;
    let _c2 = Client::join(&server.ws(), &code, None).await;
    let _c3 = Client::join(&server.ws(), &code, None).await;
    let refused = tokio_tungstenite::connect_async(server.ws()).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => assert_eq!(res.status(), 503),
        other => panic!("expected 503, got {other:?}"),
    }
    server.stop().await;

    let mut server = TestServer::start_with(|o| o.rooms.max_rooms = 2).await;
    for expected in [201, 201, 503] {
        let (s, body) = post(&server.base, "/api/rooms", json!({"name": "x"})).await;
        assert_eq!(s, expected, "{body}");
        if s == 503 {
            assert_eq!(body["code"], "too_many_rooms");
        }
    }
    // A body over 16 KiB is refused.
    let (s, body) = post(
        &server.base,
        "/api/rooms",
        json!({"name": "x".repeat(20_000)}),
    )
    .await;
    assert_eq!((s, body["code"].as_str()), (413, Some("too_big")));
    server.stop().await;
}
