//! Load scenarios of `loadgen` that need the real binary as a child
//! process, so that its memory and CPU can be read from /proc: a crowd of
//! watchers in one live room, many idle sockets, and what keeping idle
//! sockets alive costs (`heartbeat`).

use crate::capacity::sockets;
use chowka_tests::{room_of, socket_addr, start_game_on, ws_url, ChildServer, Client};
use futures_util::{SinkExt, StreamExt};
use rand::SeedableRng;
use serde_json::json;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// Resident memory of a process, in KiB (VmRSS of /proc/PID/status).
pub fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// CPU time a process has used (user + system), from /proc/PID/stat.
pub fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which may hold spaces) in parentheses.
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<u64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0))
        .collect();
    let ticks = f.get(11).unwrap_or(&0) + f.get(12).unwrap_or(&0);
    // USER_HZ is 100 on Linux.
    Duration::from_millis(ticks * 10)
}

/// A WebSocket from the loopback address of the `n`th socket
/// ([`sockets::source_address`]), so that tens of thousands of sockets do
/// not run out of ports of one address.
async fn socket_from(n: usize, server: SocketAddr, url: &str) -> sockets::Ws {
    sockets::websocket_from(n, server, url)
        .await
        .unwrap_or_else(|e| panic!("{e}"))
}

/// Starts the release binary with limits that let one machine's load in,
/// and `more` options.
fn child_with(dir: &std::path::Path, more: &[&str]) -> ChildServer {
    let mut args = vec!["--max-connections", "30000", "--ws-per-address", "30000"];
    args.extend_from_slice(more);
    ChildServer::start(dir, &args)
}

fn child(dir: &std::path::Path) -> ChildServer {
    child_with(dir, &[])
}

/// Plays random legal actions until the deadline or the end of the game;
/// returns the round trip of each action (send to the next state).
pub async fn play(mut c: Client, seed: u64, deadline: Instant) -> (Vec<Duration>, u32) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut latencies = Vec::new();
    while Instant::now() < deadline && !c.over() {
        if let Some(action) = c.choose(&mut rng) {
            let version = c.version();
            let sent = Instant::now();
            c.send(json!({"type": "act", "version": version, "action": action}))
                .await;
            loop {
                let Some(m) = c.next().await else {
                    return (latencies, 0);
                };
                if m["type"] == "error" || (m["type"] == "state" && c.version() > version) {
                    break;
                }
            }
            latencies.push(sent.elapsed());
        } else if c.next().await.is_none() {
            break;
        }
    }
    (latencies, (c.over() && c.seat == Some(0)) as u32)
}

/// A percentile of sorted durations (zero if there are none).
pub fn pct(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 * p) as usize).min(sorted.len().saturating_sub(1));
    sorted.get(i).copied().unwrap_or_default()
}

/// The number in a Prometheus line `name value`.
fn metric(text: &str, name: &str) -> u64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.trim().parse().ok())
        .unwrap_or(0)
}

/// One live room of two players, `readers` watchers who read everything
/// and `silent` watchers who never read: the players' action-to-state
/// latency, whether every reader saw every state (or a newer full one),
/// and how many messages the server dropped (for the silent ones only).
pub async fn crowd(readers: usize, silent: usize, seconds: u64) {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = child(dir.path());
    let base = server.base.clone();
    let (code, tokens) = room_of(&base, 2, json!({})).await;
    let url = ws_url(&base);
    let addr = socket_addr(&base);
    let hello = json!({"type": "hello", "room": code}).to_string();
    let mut silent_sockets = Vec::new();
    for i in 0..silent {
        let mut ws = socket_from(i, addr, &url).await;
        ws.send(Message::Text(hello.clone().into())).await.unwrap();
        silent_sockets.push(ws);
    }
    let mut watchers = Vec::new();
    for i in 0..readers {
        let mut ws = socket_from(silent + i, addr, &url).await;
        ws.send(Message::Text(hello.clone().into())).await.unwrap();
        watchers.push(tokio::spawn(async move {
            // (states seen, versions that went down or repeated, last version)
            let (mut states, mut backwards, mut last) = (0u64, 0u64, 0u64);
            while let Some(Ok(m)) = ws.next().await {
                let Message::Text(t) = m else { continue };
                // A thousand readers parsing every state would spend the
                // machine's CPU in the load client: the version is read
                // from the state's head, `{"type":"state","version":N,`.
                if let Some(version) = state_version(&t) {
                    states += 1;
                    backwards += (version <= last) as u64;
                    last = last.max(version);
                }
            }
            (states, backwards, last)
        }));
    }
    let cpu_before = cpu_time(server.pid());
    let players = start_game_on(&url, &code, &tokens).await;
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for (i, p) in players.into_iter().enumerate() {
        tasks.push(tokio::spawn(paced(p, i as u64, deadline)));
    }
    let mut latencies = Vec::new();
    let mut last_version = 0;
    for t in tasks {
        let (lat, v) = t.await.expect("player");
        latencies.extend(lat);
        last_version = last_version.max(v);
    }
    let cpu = cpu_time(server.pid()) - cpu_before;
    let metrics = chowka_tests::metrics(&base).await;
    let dropped = metric(&metrics, "chowka_messages_dropped_total");
    let rss = rss_kib(server.pid());
    server.terminate();
    drop(silent_sockets);
    let (mut complete, mut backwards) = (0, 0);
    for w in watchers {
        let (_, b, last) = w.await.expect("watcher");
        backwards += b;
        complete += (last >= last_version) as usize;
    }
    latencies.sort();
    println!(
        "crowd: {readers} reading + {silent} silent watchers, 2 players, {} actions in {seconds} s",
        latencies.len()
    );
    println!(
        "players' action to state: p50 {:?}  p90 {:?}  p99 {:?}  max {:?}",
        pct(&latencies, 0.5),
        pct(&latencies, 0.9),
        pct(&latencies, 0.99),
        latencies.last().copied().unwrap_or_default()
    );
    println!(
        "readers who saw the last state: {complete} of {readers}; versions out of order: {backwards}"
    );
    println!(
        "messages dropped (slow connections): {dropped}; server CPU {:.2} s, RSS {} MiB",
        cpu.as_secs_f64(),
        rss / 1024
    );
}

/// Plays random legal actions, one every 100 ms, until the deadline or the
/// end of the game; returns each action's round trip and the last version.
async fn paced(mut c: Client, seed: u64, deadline: Instant) -> (Vec<Duration>, u64) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut latencies = Vec::new();
    while Instant::now() < deadline && !c.over() {
        if let Some(action) = c.choose(&mut rng) {
            tokio::time::sleep(Duration::from_millis(100)).await;
            let version = c.version();
            let sent = Instant::now();
            c.send(json!({"type": "act", "version": version, "action": action}))
                .await;
            while let Some(m) = c.next().await {
                if m["type"] == "error" || (m["type"] == "state" && c.version() > version) {
                    break;
                }
            }
            latencies.push(sent.elapsed());
        } else if tokio::time::timeout(Duration::from_secs(5), c.next())
            .await
            .ok()
            .flatten()
            .is_none()
        {
            break;
        }
    }
    (latencies, c.version())
}

/// `sockets` joined WebSockets that then sit idle (spread over rooms of
/// 100 watchers): the server's memory per idle socket, and what is left
/// after they close.
pub async fn idle(sockets: usize) {
    let dir = tempfile::tempdir().expect("temp dir");
    let server = child(dir.path());
    let base = server.base.clone();
    let url = ws_url(&base);
    let addr = socket_addr(&base);
    let rooms = sockets.div_ceil(100);
    let mut codes = Vec::new();
    for _ in 0..rooms {
        codes.push(room_of(&base, 2, json!({})).await.0);
    }
    // One socket per room first, so that room tasks are not counted.
    // Each is read until the end, so that it answers the server's pings
    // and is not closed as dead (`--ping-secs`) while the others open.
    let pongs = Arc::new(AtomicU64::new(0));
    let mut open = Vec::new();
    for (i, code) in codes.iter().enumerate() {
        let ws = join_idle(i, addr, &url, code).await;
        open.push(tokio::spawn(keep_alive(ws, false, pongs.clone())));
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let before = rss_kib(server.pid());
    let started = Instant::now();
    // In batches of 200 at once, as a crowd arrives.
    for batch in (rooms..sockets).collect::<Vec<_>>().chunks(200) {
        let joins = batch
            .iter()
            .map(|&i| join_idle(i, addr, &url, &codes[i % rooms]));
        let joined = futures_util::future::join_all(joins).await;
        open.extend(
            joined
                .into_iter()
                .map(|ws| tokio::spawn(keep_alive(ws, false, pongs.clone()))),
        );
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let during = rss_kib(server.pid());
    let added = sockets - rooms;
    println!(
        "idle: {sockets} joined sockets in {rooms} rooms (opened in {:.1} s)",
        started.elapsed().as_secs_f64()
    );
    println!(
        "server RSS {} MiB before, {} MiB with them: {:.1} KiB per idle socket",
        before / 1024,
        during / 1024,
        (during.saturating_sub(before)) as f64 / added as f64
    );
    for task in &open {
        task.abort();
    }
    drop(open);
    // Wait until the server has closed every one of them.
    let closing = Instant::now();
    while metric(
        &chowka_tests::metrics(&base).await,
        "chowka_connections_active",
    ) > 0
        && closing.elapsed() < Duration::from_secs(30)
    {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = rss_kib(server.pid());
    println!(
        "after they closed: {} MiB ({} MiB kept of {} MiB)",
        after / 1024,
        after.saturating_sub(before) / 1024,
        during.saturating_sub(before) / 1024
    );
    server.terminate();
}

async fn join_idle(
    i: usize,
    addr: SocketAddr,
    url: &str,
    code: &str,
) -> tokio_tungstenite::WebSocketStream<tokio::net::TcpStream> {
    let mut ws = socket_from(i, addr, url).await;
    let hello = json!({"type": "hello", "room": code}).to_string();
    ws.send(Message::Text(hello.into())).await.unwrap();
    // Read the welcome and the state, as a browser would, then sit idle.
    for _ in 0..2 {
        let _ = ws.next().await;
    }
    ws
}

/// An idle socket kept reading until it closes (or its task is aborted),
/// so that the WebSocket pings of the server are answered (tungstenite
/// answers them as it reads); with `browser`, it also sends the web
/// client's own `ping` after [`BROWSER_QUIET`] without news, as a page on
/// a quiet table does (web-client/js/connection.js). Counts the `pong`s
/// it gets in `pongs`.
async fn keep_alive(
    mut ws: tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>,
    browser: bool,
    pongs: Arc<AtomicU64>,
) {
    let ping = json!({"type": "ping"}).to_string();
    let quiet = if browser {
        BROWSER_QUIET
    } else {
        Duration::from_secs(3600)
    };
    loop {
        match tokio::time::timeout(quiet, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) if t.contains(r#""pong""#) => {
                pongs.fetch_add(1, Ordering::Relaxed);
            }
            Ok(Some(Ok(_))) => {}
            Ok(_) => return,
            Err(_) => {
                if ws.send(Message::Text(ping.clone().into())).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// How long a page waits on a quiet socket before it pings (connection.js).
const BROWSER_QUIET: Duration = Duration::from_secs(2);

/// What keeping `sockets` idle sockets alive costs the server: its CPU
/// over `seconds`, first as before the heartbeat (`--ping-secs 25`,
/// sockets answering the server's pings only), then as now
/// (`--ping-secs` `ping_secs`, 3 by default, and every socket pinging as
/// a page on a quiet table does). Sockets are spread over rooms of 4, as at a table (at most
/// 900 rooms, what one address may create in a minute).
pub async fn heartbeat(sockets: usize, seconds: u64, ping_secs: u64) {
    println!("heartbeat: {sockets} idle sockets, {seconds} s each way");
    let mut per_socket = Vec::new();
    let now = format!("now (server ping {ping_secs} s, page ping after 2 s quiet)");
    let runs = [
        (
            "before (server ping 25 s, no client ping)".to_string(),
            25,
            false,
        ),
        (now, ping_secs, true),
    ];
    for (name, server_ping, browser) in runs {
        let dir = tempfile::tempdir().expect("temp dir");
        let server_ping = server_ping.to_string();
        let server = child_with(dir.path(), &["--ping-secs", &server_ping]);
        let base = server.base.clone();
        let (url, addr) = (ws_url(&base), socket_addr(&base));
        // Rooms of 4, but at most what one address may create a minute.
        let rooms = sockets.div_ceil(4).min(900);
        let mut codes = Vec::new();
        for _ in 0..rooms {
            codes.push(room_of(&base, 2, json!({})).await.0);
        }
        // Each socket keeps itself alive from the moment it joined.
        let pongs = Arc::new(AtomicU64::new(0));
        let mut tasks = Vec::new();
        for batch in (0..sockets).collect::<Vec<_>>().chunks(200) {
            let joins = batch
                .iter()
                .map(|&i| join_idle(i, addr, &url, &codes[i % rooms]));
            for ws in futures_util::future::join_all(joins).await {
                tasks.push(tokio::spawn(keep_alive(ws, browser, pongs.clone())));
            }
        }
        // Settled: every socket is joined and quiet; then the measured span.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let (cpu0, t0, pongs0) = (
            cpu_time(server.pid()),
            Instant::now(),
            pongs.load(Ordering::Relaxed),
        );
        tokio::time::sleep(Duration::from_secs(seconds)).await;
        let (cpu, took) = (cpu_time(server.pid()) - cpu0, t0.elapsed());
        let pongs = pongs.load(Ordering::Relaxed) - pongs0;
        let active = metric(
            &chowka_tests::metrics(&base).await,
            "chowka_connections_active",
        );
        for t in &tasks {
            t.abort();
        }
        let core = cpu.as_secs_f64() / took.as_secs_f64();
        let us = cpu.as_secs_f64() * 1e6 / (sockets as f64 * took.as_secs_f64());
        println!(
            "{name}: server CPU {:.1}% of a core, {us:.1} µs per socket per second; {active} sockets still open at the end; {:.2} pongs per socket per second",
            core * 100.0,
            pongs as f64 / (sockets as f64 * took.as_secs_f64())
        );
        per_socket.push(us);
        server.terminate();
    }
    if let [before, now] = per_socket[..] {
        println!(
            "now / before: {:.1}x the CPU per idle socket",
            now / before.max(f64::MIN_POSITIVE)
        );
    }
}

/// The version of a `state` message, read from its first fields
/// (`{"type":"state","version":N,`), without parsing the rest.
pub fn state_version(text: &str) -> Option<u64> {
    let rest = text.strip_prefix(r#"{"type":"state","version":"#)?;
    let end = rest.find(|c: char| !c.is_ascii_digit())?;
    rest[..end].parse().ok()
}
