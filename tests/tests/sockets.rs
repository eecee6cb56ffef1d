//! WebSocket connections that misbehave, over real sockets: pages of other
//! sites, one address taking every slot, silent connections, broken
//! frames, a seat opened in many tabs, and watchers that never read.

use chowka_tests::{
    connect_from, get, metrics, room_of, socket_addr, ws_url, Client, TestServer, WAIT,
};
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use std::net::Ipv4Addr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::Message;

/// The HTTP status of a WebSocket handshake from `from` with these headers.
async fn handshake_status(base: &str, from: [u8; 4], origin: Option<&str>) -> u16 {
    let mut request = ws_url(base).into_client_request().unwrap();
    if let Some(o) = origin {
        request.headers_mut().insert("origin", o.parse().unwrap());
    }
    let tcp = connect_from(Ipv4Addr::from(from), base).await;
    match tokio_tungstenite::client_async(request, tcp).await {
        Ok((ws, response)) => {
            // Kept open until the test ends, so that it holds its slot.
            std::mem::forget(ws);
            response.status().as_u16()
        }
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => r.status().as_u16(),
        Err(e) => panic!("handshake: {e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_of_another_site_cannot_open_a_websocket() {
    let mut server = TestServer::start_with(|o| {
        o.sockets.allowed_origins = vec!["https://play.example.org".into()];
    })
    .await;
    let host = server.base.trim_start_matches("http://").to_string();
    let own = format!("http://{host}");
    assert_eq!(
        handshake_status(&server.base, [127, 0, 0, 1], Some(&own)).await,
        101
    );
    let listed = Some("https://play.example.org");
    assert_eq!(
        handshake_status(&server.base, [127, 0, 0, 1], listed).await,
        101
    );
    let evil = Some("https://evil.example.com");
    assert_eq!(
        handshake_status(&server.base, [127, 0, 0, 1], evil).await,
        403
    );
    // Programs send no Origin and are let in.
    assert_eq!(
        handshake_status(&server.base, [127, 0, 0, 1], None).await,
        101
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_take_every_websocket_slot() {
    let mut server = TestServer::start_with(|o| o.sockets.ws_per_address = 3).await;
    for _ in 0..3 {
        assert_eq!(
            handshake_status(&server.base, [127, 0, 0, 9], None).await,
            101
        );
    }
    assert_eq!(
        handshake_status(&server.base, [127, 0, 0, 9], None).await,
        429
    );
    // Everyone else still gets in.
    assert_eq!(
        handshake_status(&server.base, [127, 0, 0, 10], None).await,
        101
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_never_answers_pings_is_closed() {
    let mut server = TestServer::start_with(|o| o.sockets.ping_secs = 1).await;
    let (code, _) = room_of(&server.base, 2, json!({})).await;
    let mut ws = Client::connect_raw(&server.ws()).await;
    let hello = json!({"type": "hello", "room": code}).to_string();
    ws.send(Message::Text(hello.into())).await.unwrap();
    // Not reading means not answering the server's pings either.
    tokio::time::sleep(Duration::from_millis(2_600)).await;
    let mut close = None;
    while let Ok(Some(Ok(m))) = tokio::time::timeout(WAIT, ws.next()).await {
        if let Message::Close(Some(f)) = m {
            close = Some((u16::from(f.code), f.reason.to_string()));
            break;
        }
    }
    assert_eq!(close, Some((1001, "no answer to pings".into())));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_answers_pings_stays_open() {
    let mut server = TestServer::start_with(|o| o.sockets.ping_secs = 1).await;
    let (code, _) = room_of(&server.base, 2, json!({})).await;
    let mut watcher = Client::join(&server.ws(), &code, None).await;
    // Reading answers the pings: after three periods it is still open.
    let until = tokio::time::Instant::now() + Duration::from_secs(3);
    while let Ok(m) = tokio::time::timeout_at(until, watcher.next()).await {
        assert!(m.is_some(), "the connection stays open");
    }
    let (_, details) = get(&server.base, &format!("/api/rooms/{code}")).await;
    assert_eq!(details["spectators"], 1);
    server.stop().await;
}

/// The close status the server answers a raw frame with, after a hello.
async fn close_status_after(frame: Frame) -> u16 {
    let mut server = TestServer::start().await;
    let (code, _) = room_of(&server.base, 2, json!({})).await;
    let mut c = Client::join(&server.ws(), &code, None).await;
    let ws = c.raw();
    ws.send(Message::Frame(frame)).await.unwrap();
    let status = loop {
        match tokio::time::timeout(WAIT, ws.next()).await {
            Ok(Some(Ok(Message::Close(Some(f))))) => break u16::from(f.code),
            Ok(Some(Ok(_))) => continue,
            other => panic!("no close frame: {other:?}"),
        }
    };
    server.stop().await;
    status
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_that_is_not_utf8_closes_with_1007() {
    let frame = Frame::message(vec![0x7b, 0xff, 0xfe, 0x7d], OpCode::Data(Data::Text), true);
    assert_eq!(close_status_after(frame).await, 1007);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_of_an_unknown_kind_closes_with_1002() {
    let frame = Frame::message(vec![1, 2, 3], OpCode::Data(Data::Reserved(3)), true);
    assert_eq!(close_status_after(frame).await, 1002);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_opened_in_many_tabs_keeps_the_newest_four() {
    let mut server = TestServer::start().await;
    let (code, tokens) = room_of(&server.base, 2, json!({})).await;
    let mut tabs = Vec::new();
    for _ in 0..4 {
        tabs.push(Client::join(&server.ws(), &code, Some(&tokens[0])).await);
    }
    let newest = Client::join(&server.ws(), &code, Some(&tokens[0])).await;
    assert_eq!(newest.seat, Some(0));
    // The oldest tab is told why it was closed; the others stay.
    assert_eq!(tabs[0].closed().await, Some(4001));
    let (_, details) = get(&server.base, &format!("/api/rooms/{code}")).await;
    assert_eq!(details["room"]["seats"][0]["connected"], true);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_is_rate_limited_per_room_however_many_connections_send() {
    let mut server = TestServer::start().await;
    let (code, tokens) = room_of(&server.base, 2, json!({})).await;
    let mut a = Client::join(&server.ws(), &code, Some(&tokens[0])).await;
    let mut b = Client::join(&server.ws(), &code, Some(&tokens[1])).await;
    for i in 0..15 {
        let c = if i % 2 == 0 { &mut a } else { &mut b };
        c.send(json!({"type": "chat", "text": format!("hello {i}")}))
            .await;
    }
    // A burst of ten passes; the rest are refused, to both senders alike.
    let mut refused = 0;
    let mut said = 0;
    for c in [&mut a, &mut b] {
        while let Ok(Some(m)) = tokio::time::timeout(Duration::from_millis(500), c.next()).await {
            if m["type"] == "error" && m["code"] == "rate_limited" {
                refused += 1;
            }
            if m["type"] == "chat" {
                said += 1;
            }
        }
    }
    // Each passed message reached both connections.
    assert_eq!(
        (said / 2, refused),
        (10, 5),
        "said {said}, refused {refused}"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watchers_that_never_read_slow_nobody_down() {
    let mut server = TestServer::start().await;
    let (code, tokens) = room_of(&server.base, 2, json!({})).await;
    // Twenty watchers say hello and then never read a byte.
    let mut silent = Vec::new();
    for _ in 0..20 {
        let mut tcp = TcpStream::connect(socket_addr(&server.base)).await.unwrap();
        let key = "dGhlIHNhbXBsZSBub25jZQ==";
        let request = format!(
            "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        );
        tcp.write_all(request.as_bytes()).await.unwrap();
        let mut buf = [0u8; 1024];
        let n = tcp.read(&mut buf).await.unwrap();
        assert!(buf[..n].starts_with(b"HTTP/1.1 101"));
        let hello = json!({"type": "hello", "room": code}).to_string();
        tcp.write_all(&masked_text(hello.as_bytes())).await.unwrap();
        silent.push(tcp);
    }
    let mut watcher = Client::join(&server.ws(), &code, None).await;
    let mut players = chowka_tests::start_game(&server, &code, &tokens).await;
    let players_done = tokio::time::timeout(
        Duration::from_secs(120),
        chowka_tests::play_out(std::mem::take(&mut players)),
    )
    .await
    .expect("the game is played out while watchers sleep");
    let last = players_done[0].version();
    // The reading watcher saw every state, or a newer full one, to the end.
    let mut seen = watcher.version();
    while seen < last {
        let m = tokio::time::timeout(WAIT, watcher.next())
            .await
            .expect("the watcher keeps up")
            .expect("open");
        if m["type"] == "state" {
            let v = m["version"].as_u64().unwrap();
            assert!(v > seen, "versions only go up: {v} after {seen}");
            seen = v;
        }
    }
    let m = metrics(&server.base).await;
    assert!(m.contains("chowka_messages_dropped_total"), "{m}");
    drop(silent);
    server.stop().await;
}

/// A client's text frame: masked, as RFC 6455 requires of clients.
fn masked_text(payload: &[u8]) -> Vec<u8> {
    let mask = [1u8, 2, 3, 4];
    let mut f = vec![0x81];
    match payload.len() {
        n if n < 126 => f.push(0x80 | n as u8),
        n => {
            f.push(0x80 | 126);
            f.extend_from_slice(&(n as u16).to_be_bytes());
        }
    }
    f.extend_from_slice(&mask);
    f.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    f
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_of_every_size_up_to_the_limit_are_read_whole() {
    let mut server = TestServer::start_with(|o| o.sockets.messages_per_second = 1000).await;
    let (code, tokens) = room_of(&server.base, 2, json!({})).await;
    let mut c = Client::join(&server.ws(), &code, Some(&tokens[0])).await;
    // Sizes around and across the socket's read buffer, up to the 16 KiB
    // limit: each is read whole and answered (a chat this long is refused).
    for n in (301..16_000).step_by(397).chain(4_050..4_150) {
        c.send(json!({"type": "chat", "text": "x".repeat(n)})).await;
        assert_eq!(c.error().await, "bad_chat", "a message of {n} characters");
    }
    // Over the limit, up to four times it, each is read whole and refused.
    for n in [16_500, 17_408, 24_000, 40_000, 60_000] {
        let mut c = Client::join(&server.ws(), &code, None).await;
        c.send(json!({"type": "chat", "text": "x".repeat(n)})).await;
        assert_eq!(c.error().await, "too_big", "a message of {n} characters");
        assert_eq!(c.closed().await, Some(1009));
    }
    server.stop().await;
}
