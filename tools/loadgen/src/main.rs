//! Load generator: many rooms of WebSocket players playing random legal
//! actions against a chowka server; prints action round-trip percentiles.
//!
//! ```sh
//! cargo run --release -p chowka-loadgen --bin loadgen -- [ROOMS] [SECONDS] [URL]
//! cargo run --release -p chowka-loadgen --bin loadgen -- crowd [READERS] [SILENT] [SECONDS]
//! cargo run --release -p chowka-loadgen --bin loadgen -- idle [SOCKETS]
//! cargo run --release -p chowka-loadgen --bin loadgen -- heartbeat [SOCKETS] [SECONDS] [PING_SECS]
//! ```
//! `crowd`, `idle` and `heartbeat` start the release binary as a child
//! process and read its memory and CPU from /proc (chowka_loadgen::load);
//! `heartbeat` compares the CPU that keeping idle sockets alive costs with
//! the keep-alive of before.
//!
//! ```sh
//! cargo run --release -p chowka-loadgen --bin loadgen -- capacity --rooms 1000,2500,4900 --rate 1 \
//!     --seconds 30 --targets chowka-sqlite,chowka-postgres,bare,colyseus --chart docs/img/capacity.svg
//! cargo run --release -p chowka-loadgen --bin loadgen -- bare-server --port 8090
//! ```
//! `capacity` measures chowka, the bare fan-out server and Colyseus side by
//! side (`--help` lists its options; docs/capacity-tool.md explains it);
//! `bare-server` is the bare fan-out server it runs as a child process
//! (chowka_loadgen::capacity).
//!
//! ```sh
//! cargo run --release -p chowka-loadgen --bin loadgen -- nodes --rooms 200 --seconds 20
//! ```
//! `nodes` measures what relaying costs: one node, then three sharing
//! PostgreSQL and NATS with each room's second player on another node
//! (chowka_loadgen::nodes; needs TEST_DATABASE_URL and TEST_NATS_URL or
//! their options).
//! Without a URL it starts a server in this process (SQLite in a temp
//! folder). Only loopback addresses are accepted; every loop is bounded.
//!
//! ```sh
//! cargo run --release -p chowka-loadgen --bin loadgen -- slowloris [SOCKETS] [ADDRESSES] [SECONDS] [URL]
//! ```
//! The slowloris scenario instead: SOCKETS connections spread over
//! ADDRESSES loopback source addresses (127.0.1.x) each send half a
//! request and then one more header byte a second, while a normal client
//! on 127.0.0.1 sends a request every 250 ms; prints how many sockets the
//! server refused at once, how long it held the others, and how the normal
//! requests fared.

use chowka_loadgen::{capacity, load, nodes};
use chowka_tests::{room_of, ws_url, Client, TestServer};
use clap::Parser;
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
        Some("heartbeat") => {
            return load::heartbeat(num(1, 4_000) as usize, num(2, 20), num(3, 3)).await
        }
        Some("slowloris") => return slowloris::run(&args[1..]).await,
        Some("capacity") => {
            let opts = capacity::Options::parse_from(&args);
            if let Err(e) = capacity::run(&opts).await {
                eprintln!("loadgen capacity: {e}");
                std::process::exit(1);
            }
            return;
        }
        Some("bare-server") => return bare_server(BareOptions::parse_from(&args)).await,
        Some("nodes") => {
            if let Err(e) = nodes::run(&nodes::Options::parse_from(&args)).await {
                eprintln!("loadgen nodes: {e}");
                std::process::exit(1);
            }
            return;
        }
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
                players.push(tokio::spawn(load::play(c, (r * 2 + i) as u64, deadline)));
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
    let pct = |p: f64| load::pct(&latencies, p);
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

/// Options of `loadgen bare-server`.
#[derive(Parser)]
#[command(
    name = "loadgen bare-server",
    bin_name = "loadgen bare-server",
    about = "The bare fan-out server of the capacity tool (loopback only)"
)]
struct BareOptions {
    /// Port on 127.0.0.1 (0 picks a free one; the log line says which).
    #[arg(long, default_value_t = 0)]
    port: u16,
}

/// Runs the bare fan-out server until killed.
async fn bare_server(opts: BareOptions) {
    // Its sockets need as many files as the load client's.
    if let Err(e) = capacity::sockets::raise_file_limit() {
        eprintln!("loadgen bare-server: {e}");
    }
    let served = match tokio::net::TcpListener::bind(("127.0.0.1", opts.port)).await {
        Ok(listener) => capacity::bare::serve(listener).await,
        Err(e) => Err(e),
    };
    if let Err(e) = served {
        eprintln!("loadgen bare-server: {e}");
        std::process::exit(1);
    }
}

/// The slowloris scenario: half-sent requests held open against the header
/// timeout and the connection caps (docs/performance.md, "Slowloris").
mod slowloris {
    use chowka_tests::TestServer;
    use std::net::{IpAddr, Ipv4Addr, SocketAddr};
    use std::time::{Duration, Instant};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// Longer than this and a socket was held, not refused at once.
    const AT_ONCE: Duration = Duration::from_millis(500);

    /// What became of one attacking socket.
    enum Fate {
        /// The connection was not even made (backlog full, no port).
        NotConnected,
        /// The server closed it after this long.
        Closed(Duration),
        /// Still open when the scenario ended.
        Open,
    }

    /// Runs the scenario with `[SOCKETS] [ADDRESSES] [SECONDS] [URL]`.
    pub async fn run(args: &[String]) {
        let sockets: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(3000);
        let addresses: u8 = args
            .get(1)
            .and_then(|a| a.parse().ok())
            .unwrap_or(30)
            .clamp(1, 254);
        let seconds: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(15);
        let mut local = None;
        let base = match args.get(3) {
            Some(url) => {
                assert!(
                    url.starts_with("http://127."),
                    "loadgen only targets servers on this machine, by IP"
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
        let target = chowka_tests::socket_addr(&base);
        let end = Instant::now() + Duration::from_secs(seconds);
        let mut attackers = Vec::with_capacity(sockets);
        for i in 0..sockets {
            let source = Ipv4Addr::new(127, 0, 1, (i % addresses as usize) as u8 + 1);
            attackers.push(tokio::spawn(attack(source, target, end)));
        }
        let probe = tokio::spawn(probe(base.clone(), end));
        let mut fates = Vec::with_capacity(sockets);
        for a in attackers {
            fates.push(a.await.expect("attacker task"));
        }
        let (answered, asked, mut latencies) = probe.await.expect("probe task");
        let not_connected = fates
            .iter()
            .filter(|f| matches!(f, Fate::NotConnected))
            .count();
        let open = fates.iter().filter(|f| matches!(f, Fate::Open)).count();
        let mut held: Vec<Duration> = fates
            .iter()
            .filter_map(|f| match f {
                Fate::Closed(d) => Some(*d),
                _ => None,
            })
            .collect();
        held.sort();
        let refused = held.iter().filter(|d| **d < AT_ONCE).count();
        let held = &held[refused..];
        latencies.sort();
        let pct = chowka_loadgen::load::pct;
        println!(
            "slowloris: {sockets} sockets from {addresses} addresses for {seconds} s: \
             {refused} closed at once (under {AT_ONCE:?}), {} held then closed by the server \
             (p50 {:?}, max {:?}), {open} still open at the end, {not_connected} not connected",
            held.len(),
            pct(held, 0.5),
            held.last().copied().unwrap_or_default(),
        );
        println!(
            "normal requests from 127.0.0.1 meanwhile: {answered}/{asked} answered 200, \
             p50 {:?}, p99 {:?}, max {:?}",
            pct(&latencies, 0.5),
            pct(&latencies, 0.99),
            latencies.last().copied().unwrap_or_default(),
        );
        if let Some(mut s) = local {
            s.stop().await;
        }
    }

    /// One attacking socket: half a request, then a header byte a second
    /// until the server closes it or the scenario ends.
    async fn attack(source: Ipv4Addr, target: SocketAddr, end: Instant) -> Fate {
        let Ok(socket) = tokio::net::TcpSocket::new_v4() else {
            return Fate::NotConnected;
        };
        if socket.bind(SocketAddr::from((source, 0))).is_err() {
            return Fate::NotConnected;
        }
        let connect = tokio::time::timeout_at(end.into(), socket.connect(target)).await;
        let Ok(Ok(mut stream)) = connect else {
            return Fate::NotConnected;
        };
        let opened = Instant::now();
        if stream
            .write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            .await
            .is_err()
        {
            return Fate::Closed(opened.elapsed());
        }
        let mut buf = [0u8; 256];
        loop {
            tokio::select! {
                read = stream.read(&mut buf) => match read {
                    Ok(0) | Err(_) => return Fate::Closed(opened.elapsed()),
                    Ok(_) => {}
                },
                () = tokio::time::sleep(Duration::from_secs(1)) => {
                    if Instant::now() >= end {
                        return Fate::Open;
                    }
                    if stream.write_all(b"a").await.is_err() {
                        return Fate::Closed(opened.elapsed());
                    }
                }
            }
        }
    }

    /// A normal client: a fresh connection and `GET /healthz` every 250 ms;
    /// returns (answered 200, asked, round trips of the answered).
    async fn probe(base: String, end: Instant) -> (usize, usize, Vec<Duration>) {
        let client = reqwest::Client::builder()
            .local_address(IpAddr::V4(Ipv4Addr::LOCALHOST))
            .pool_max_idle_per_host(0)
            .timeout(Duration::from_secs(5))
            .build()
            .expect("http client");
        let (mut answered, mut asked, mut latencies) = (0, 0, Vec::new());
        while Instant::now() < end {
            asked += 1;
            let sent = Instant::now();
            if let Ok(res) = client.get(format!("{base}/healthz")).send().await {
                if res.status() == 200 {
                    answered += 1;
                    latencies.push(sent.elapsed());
                }
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        (answered, asked, latencies)
    }
}
