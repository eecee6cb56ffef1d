//! Load generator: many rooms of WebSocket players playing random legal
//! actions against a chowka server; prints action round-trip percentiles.
//!
//! ```sh
//! cargo run --release -p chowka-tests --bin loadgen -- [ROOMS] [SECONDS] [URL]
//! cargo run --release -p chowka-tests --bin loadgen -- crowd [READERS] [SILENT] [SECONDS]
//! cargo run --release -p chowka-tests --bin loadgen -- idle [SOCKETS]
//! ```
//! `crowd` and `idle` start the release binary as a child process and
//! read its memory and CPU from /proc (chowka_tests::load).
//! Without a URL it starts a server in this process (SQLite in a temp
//! folder). Only loopback addresses are accepted; every loop is bounded.

use chowka_tests::{load, room_of, ws_url, Client, TestServer};
use rand::SeedableRng;
use serde_json::json;
use std::time::{Duration, Instant};

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    match args.first().map(String::as_str) {
        Some("crowd") => {
            return load::crowd(num(1, 1000) as usize, num(2, 50) as usize, num(3, 20)).await
        }
        Some("idle") => return load::idle(num(1, 10_000) as usize).await,
        _ => {}
    }
    let rooms: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(50);
    let seconds: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let mut local = None;
    let base = match args.get(2) {
        Some(url) => {
            assert!(
                url.starts_with("http://127.") || url.starts_with("http://localhost"),
                "loadgen only targets servers on this machine"
            );
            url.clone()
        }
        None => {
            let s = TestServer::start().await;
            let base = s.base.clone();
            local = Some(s);
            base
        }
    };
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for r in 0..rooms {
        let base = base.clone();
        tasks.push(tokio::spawn(async move {
            let (code, tokens) = room_of(&base, 2, json!({})).await;
            let ws = ws_url(&base);
            let mut host = Client::join(&ws, &code, Some(&tokens[0])).await;
            let guest = Client::join(&ws, &code, Some(&tokens[1])).await;
            host.send(json!({"type": "start"})).await;
            let mut players = Vec::new();
            for (i, c) in [host, guest].into_iter().enumerate() {
                players.push(tokio::spawn(play(c, (r * 2 + i) as u64, deadline)));
            }
            let mut out = (Vec::new(), 0u32);
            for p in players {
                let (lat, games) = p.await.expect("player task");
                out.0.extend(lat);
                out.1 += games;
            }
            out
        }));
    }
    let mut latencies: Vec<Duration> = Vec::new();
    let mut games = 0;
    for t in tasks {
        let (lat, g) = t.await.expect("room task");
        latencies.extend(lat);
        games += g;
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort();
    let pct = |p: f64| {
        latencies
            .get(((latencies.len() as f64 * p) as usize).min(latencies.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    println!(
        "{rooms} rooms, {} actions in {elapsed:.1} s ({:.0} actions/s), {games} games finished",
        latencies.len(),
        latencies.len() as f64 / elapsed
    );
    println!(
        "action round trip: p50 {:?}  p90 {:?}  p99 {:?}  max {:?}",
        pct(0.5),
        pct(0.9),
        pct(0.99),
        latencies.last().copied().unwrap_or_default()
    );
    if let Some(mut s) = local {
        s.stop().await;
    }
}

/// Plays random legal actions until the deadline or the end of the game;
/// returns the round trip of each action (send to the next state).
async fn play(mut c: Client, seed: u64, deadline: Instant) -> (Vec<Duration>, u32) {
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
