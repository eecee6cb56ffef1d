//! The HTTP edge under attack, over real sockets: half-sent requests are
//! closed after the header timeout, one address cannot hold more than its
//! share of connections, SIGTERM ends the real binary on time while
//! slowloris sockets are open, and every response carries the hardening
//! headers the web client is built to satisfy.

use base64::{engine::general_purpose::STANDARD as BASE64, Engine};
use chowka_tests::*;
use sha2::{Digest, Sha256};
use std::net::Ipv4Addr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Loopback source addresses, one per pretend client.
const HOME: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 1);
const ATTACKER: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 2);
const PLAYER: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 3);
const OTHER: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 4);
const LATE: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 5);

/// Within this a refused connection is closed: "at once", with room for a
/// busy machine.
const AT_ONCE: Duration = Duration::from_secs(2);

/// Sends a whole `GET path` from `source` and returns the status line.
async fn status_line_from(source: Ipv4Addr, base: &str, path: &str) -> String {
    let mut s = connect_from(source, base).await;
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(WAIT, s.read_to_end(&mut answer))
        .await
        .expect("answered in time")
        .expect("read");
    let answer = String::from_utf8_lossy(&answer);
    answer.lines().next().unwrap_or_default().to_string()
}

/// A connection from `source` that has sent half a request head.
async fn half_sent(source: Ipv4Addr, base: &str) -> tokio::net::TcpStream {
    let mut s = connect_from(source, base).await;
    s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        .await
        .unwrap();
    s
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_and_idle_connections_are_closed_after_the_header_timeout() {
    let mut server = TestServer::start_with(|o| o.http.header_timeout_secs = 1).await;
    let started = Instant::now();
    let mut half_line = connect_from(HOME, &server.base).await;
    half_line.write_all(b"GET /heal").await.unwrap();
    let mut half_head = half_sent(HOME, &server.base).await;
    let mut silent = connect_from(HOME, &server.base).await;
    // One header byte every 200 ms: steady progress, but the head as a
    // whole is late, and the timeout is for the whole head.
    let (mut trickle_in, mut trickle_out) = half_sent(HOME, &server.base).await.into_split();
    let trickler = tokio::spawn(async move {
        for b in b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".iter() {
            tokio::time::sleep(Duration::from_millis(200)).await;
            if trickle_out.write_all(&[*b]).await.is_err() {
                return;
            }
        }
    });
    // A whole request meanwhile is answered, and its keep-alive connection
    // is closed once idle for as long.
    let mut kept = connect_from(HOME, &server.base).await;
    kept.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut answer = [0u8; 12];
    kept.read_exact(&mut answer).await.unwrap();
    assert_eq!(&answer, b"HTTP/1.1 200");
    let streams: Vec<(&str, &mut (dyn tokio::io::AsyncRead + Unpin))> = vec![
        ("half a request line", &mut half_line),
        ("half a head", &mut half_head),
        ("nothing", &mut silent),
        ("a trickled head", &mut trickle_in),
        ("an idle keep-alive", &mut kept),
    ];
    closed_after_a_second(started, streams).await;
    trickler.abort();
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_hold_more_than_its_share_of_connections() {
    let mut server = TestServer::start_with(|o| {
        o.http.max_connections_per_address = 3;
        o.http.max_http_connections = 5;
        o.http.header_timeout_secs = 60;
    })
    .await;
    let base = server.base.clone();
    // The room for the WebSocket below, made first: its HTTP connection is
    // then long gone when the caps are counted.
    let (code, _) = room_of(&base, 2, serde_json::json!({})).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(half_sent(ATTACKER, &base).await);
    }
    // A fourth from the same address is closed at once, unread...
    let mut fourth = half_sent(ATTACKER, &base).await;
    assert!(closed_within(&mut fourth, AT_ONCE).await);
    // ...while the first three are still held open...
    for s in &mut held {
        assert!(!closed_within(s, Duration::from_millis(200)).await);
    }
    // ...and another address is served.
    assert_eq!(
        status_line_from(PLAYER, &base, "/healthz").await,
        "HTTP/1.1 200 OK"
    );
    // A WebSocket keeps its slot after the upgrade (it is a connection
    // like any other), and works through the edge.
    let (mut ws, _) =
        tokio_tungstenite::client_async(server.ws(), connect_from(PLAYER, &base).await)
            .await
            .expect("WebSocket upgrade");
    {
        use futures_util::{SinkExt, StreamExt};
        use tokio_tungstenite::tungstenite::Message;
        let hello = serde_json::json!({"type": "hello", "room": code});
        ws.send(Message::Text(hello.to_string().into()))
            .await
            .unwrap();
        let m = ws.next().await.unwrap().unwrap();
        assert!(m.to_text().unwrap().contains("welcome"), "{m}");
    }
    // 3 + 1 connections open; one more fits under the total of 5...
    let mut fifth = half_sent(OTHER, &base).await;
    assert!(!closed_within(&mut fifth, Duration::from_millis(200)).await);
    // ...and the sixth, from a fresh address, is over the total.
    let mut sixth = half_sent(LATE, &base).await;
    assert!(closed_within(&mut sixth, AT_ONCE).await);
    // A closed connection gives its slot back.
    drop(held.pop());
    let mut again = Err(());
    for _ in 0..50 {
        let mut s = half_sent(ATTACKER, &base).await;
        if !closed_within(&mut s, Duration::from_millis(200)).await {
            again = Ok(s);
            break;
        }
    }
    assert!(again.is_ok(), "the attacker's freed slot can be used again");
    drop((held, again, fifth, ws));
    server.stop().await;
}

#[test]
fn sigterm_ends_the_binary_within_the_shutdown_deadline_while_slowloris_sockets_are_open() {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().unwrap();
    // The header timeout is longer than the test: only the shutdown
    // deadline can end these connections.
    let server = ChildServer::start(
        dir.path(),
        &["--shutdown-secs", "2", "--header-timeout-secs", "600"],
    );
    let addr = socket_addr(&server.base);
    let mut held = Vec::new();
    for _ in 0..100 {
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            .unwrap();
        held.push(s);
    }
    // Connections are accepted in order: once a later request is answered,
    // the server holds all hundred.
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let asked = Instant::now();
    server.terminate();
    let took = asked.elapsed();
    assert!(
        took < Duration::from_secs(2 + 2),
        "SIGTERM ends chowka within --shutdown-secs 2 plus 2 s: {took:?}"
    );
    drop(held);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_response_carries_the_hardening_headers() {
    let mut server = TestServer::start().await;
    let client = http();
    let mut checked = 0;
    for (method, path, status) in [
        ("GET", "/", 200),
        ("GET", "/r/ABCDEFG", 200),
        ("GET", "/js/main.js", 200),
        ("GET", "/style.css", 200),
        ("GET", "/favicon.svg", 200),
        ("GET", "/api/rooms", 200),
        ("GET", "/api/rules", 200),
        ("GET", "/healthz", 200),
        ("GET", "/api/rooms/ZZZZZZZ", 404),
        ("GET", "/no-such-file.js", 404),
        ("POST", "/api/rooms", 400),
        ("GET", "/ws", 400),
    ] {
        let req = match method {
            "POST" => client
                .post(format!("{}{path}", server.base))
                .header("content-type", "application/json")
                .body("{not json"),
            _ => client.get(format!("{}{path}", server.base)),
        };
        let res = req.send().await.expect("request");
        assert_eq!(res.status().as_u16(), status, "{method} {path}");
        let h = res.headers();
        let csp = h
            .get("content-security-policy")
            .unwrap_or_else(|| panic!("{method} {path}: no Content-Security-Policy"))
            .to_str()
            .unwrap();
        for directive in [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "connect-src 'self'",
            "frame-ancestors 'none'",
            "base-uri 'none'",
        ] {
            assert!(csp.contains(directive), "{method} {path}: {csp}");
        }
        assert!(!csp.contains("unsafe"), "{method} {path}: {csp}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{method} {path}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{method} {path}");
        checked += 1;
    }
    assert_eq!(checked, 12);
    // The page keeps to the policy: no inline script or style attribute;
    // its one inline stylesheet (the shell's look, web.rs) is allowed by
    // its hash alone (the browser tests check the whole client in Chromium).
    let res = client
        .get(format!("{}/", server.base))
        .send()
        .await
        .unwrap();
    let csp = res.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(csp.contains("style-src 'self' 'sha256-"), "{csp}");
    let page = res.text().await.unwrap();
    assert!(
        page.matches("<style").count() <= 1 && !page.contains(" style="),
        "{page}"
    );
    // Scripts come from files, except data (the rules' facts,
    // web/facts.rs), which a browser never runs, and the loading line's
    // language, which runs only because the CSP names its exact hash.
    let script_src = csp
        .split(';')
        .find(|d| d.trim().starts_with("script-src"))
        .unwrap_or_else(|| panic!("no script-src: {csp}"));
    let mut inline = 0;
    for script in page.split("<script").skip(1) {
        let (tag, rest) = script.split_once('>').unwrap();
        if tag.contains(" src=") || tag.contains(r#"type="application/json""#) {
            continue;
        }
        let body = &rest[..rest.find("</script>").unwrap()];
        let hash = BASE64.encode(Sha256::digest(body.as_bytes()));
        assert!(
            script_src.contains(&format!("'sha256-{hash}'")),
            "inline script not allowed by its hash: {script_src}"
        );
        inline += 1;
    }
    assert_eq!(inline, 1, "one inline script, the loading line's");
    server.stop().await;
}
