//! `loadgen nodes`: what running several nodes costs. The same closed-loop
//! game load (rooms of two players, each acting as soon as a state says it
//! is their turn) runs side by side against one node and against three
//! nodes sharing PostgreSQL and NATS. With three, room `r` is created on
//! node `r % 3` (which runs it), its host plays there and its guest on the
//! next node, so every guest action goes up over NATS and every state comes
//! back down: host round trips are direct, guest ones relayed.
//!
//! Both runs use PostgreSQL (a fresh database each) and the release
//! binary as child processes; CPU is read from /proc for every node.
//!
//! `--failover` instead kills one node of three mid-game and times each
//! of its rooms' next accepted action, with players that reconnect as
//! the web client does (chowka_tests::players, which tests/cluster.rs
//! uses too).

use crate::load::{cpu_time, pct, play};
use chowka_tests::players::{player, Recovery};
use chowka_tests::postgres::FreshDatabase;
use chowka_tests::{room_of, ws_url, ChildServer, Client};
use serde_json::json;
use std::time::{Duration, Instant};

/// Options of `loadgen nodes`.
#[derive(clap::Parser, Debug)]
pub struct Options {
    /// Rooms of two players.
    #[arg(long, default_value_t = 200)]
    pub rooms: usize,
    /// Seconds of play per run.
    #[arg(long, default_value_t = 20)]
    pub seconds: u64,
    /// How many nodes in the second run.
    #[arg(long, default_value_t = 3)]
    pub nodes: usize,
    /// PostgreSQL URL of a user who may create databases.
    #[arg(long, env = "TEST_DATABASE_URL", default_value = chowka_tests::postgres::DEFAULT_ADMIN_URL)]
    pub database_url: String,
    /// NATS URL.
    #[arg(long, env = "TEST_NATS_URL", default_value = "nats://127.0.0.1:4222")]
    pub nats_url: String,
    /// Instead: kill -9 one node of `--nodes` mid-game and time each of its
    /// rooms' next accepted action (every room plays to its end).
    #[arg(long)]
    pub failover: bool,
    /// Seconds of a lease, with `--failover`.
    #[arg(long, default_value_t = 5)]
    pub lease_secs: u64,
}

/// One run's figures.
struct Run {
    label: String,
    actions: usize,
    seconds: f64,
    direct: Vec<Duration>,
    relayed: Vec<Duration>,
    cpu: Duration,
    /// The NATS server's CPU, when it runs on this machine.
    nats_cpu: Option<Duration>,
}

/// Runs one node, then `opts.nodes`, and prints a markdown table (or,
/// with `--failover`, the failover's figures).
pub async fn run(opts: &Options) -> Result<(), String> {
    if opts.failover {
        return failover(opts).await;
    }
    let one = measure(opts, 1).await?;
    let many = measure(opts, opts.nodes.max(2)).await?;
    println!(
        "| setup | actions/s | direct p50 / p99 | relayed p50 / p99 | CPU per action, all nodes | NATS server |"
    );
    println!("|---|---|---|---|---|---|");
    for r in [&one, &many] {
        let show = |l: &[Duration]| match l.is_empty() {
            true => "-".to_string(),
            false => format!("{:.2} / {:.2} ms", ms(pct(l, 0.5)), ms(pct(l, 0.99))),
        };
        let per_action = |d: Duration| d.as_secs_f64() * 1e6 / r.actions.max(1) as f64;
        println!(
            "| {} | {:.0} | {} | {} | {:.0} µs | {} |",
            r.label,
            r.actions as f64 / r.seconds,
            show(&r.direct),
            show(&r.relayed),
            per_action(r.cpu),
            r.nats_cpu
                .map_or("-".into(), |d| format!("{:.0} µs", per_action(d))),
        );
    }
    Ok(())
}

/// Kills one node of several mid-game: every room plays to its end, and
/// each room that node ran is timed from the kill to its next accepted
/// action.
async fn failover(opts: &Options) -> Result<(), String> {
    let n = opts.nodes.max(2);
    let db = FreshDatabase::create(&opts.database_url).await?;
    let (mut nodes, _dirs) = start_nodes(opts, &db, n).await?;
    let bases: Vec<String> = nodes.iter().map(|n| n.base.clone()).collect();
    let ws: Vec<String> = bases.iter().map(|b| ws_url(b)).collect();
    let recovery = Recovery::default();
    let mut players = Vec::new();
    let mut rooms = Vec::new();
    for r in 0..opts.rooms {
        let home = r % n;
        let (code, tokens) = room_of(&bases[home], 2, json!({})).await;
        let mut host = Client::join(&ws[home], &code, Some(&tokens[0])).await;
        host.send(json!({"type": "start"})).await;
        host.until(|m| m["room"]["status"] == "playing").await;
        rooms.push((code, tokens));
    }
    // Every game starts at once, so that all are in play at the kill.
    for (r, (code, tokens)) in rooms.iter().enumerate() {
        for (p, token) in tokens.iter().enumerate() {
            let (ws, code, token) = (ws.clone(), code.clone(), token.clone());
            let home = (r + p) % n;
            players.push(tokio::spawn(player(
                ws,
                code,
                token,
                home,
                recovery.clone(),
            )));
        }
    }
    let rooms: Vec<String> = rooms.into_iter().map(|(code, _)| code).collect();
    tokio::time::sleep(Duration::from_secs(opts.seconds.min(10))).await;
    nodes.remove(0).kill();
    let killed = Instant::now();
    let killed_ms = chowka_server::store::now_ms();
    recovery.at.set(killed).map_err(|_| "killed twice")?;
    let mut failed = 0;
    for p in players {
        if !matches!(p.await, Ok(Ok(_))) {
            failed += 1;
        }
    }
    let times = recovery.rooms.lock().map_err(|e| e.to_string())?.clone();
    let mut moved: Vec<Duration> = (rooms.iter().step_by(n))
        .filter_map(|c| times.get(c).copied())
        .collect();
    moved.sort();
    // Games of the dead node's rooms that were over before it died.
    let mut over = 0;
    for code in rooms.iter().step_by(n) {
        let (_, game) = chowka_tests::get(&bases[1], &format!("/api/games/{code}")).await;
        over += usize::from(game["finished_at"].as_i64().is_some_and(|t| t < killed_ms));
    }
    println!(
        "kill -9 of 1 node of {n} (lease {} s), {} rooms: of the {} rooms it ran, {over} had \
         ended; the {} in play played on after p50 {:.2} s, p90 {:.2} s, max {:.2} s; \
         {failed} players failed",
        opts.lease_secs,
        rooms.len(),
        rooms.len().div_ceil(n),
        moved.len(),
        pct(&moved, 0.5).as_secs_f64(),
        pct(&moved, 0.9).as_secs_f64(),
        moved.last().copied().unwrap_or_default().as_secs_f64(),
    );
    for node in nodes {
        tokio::task::spawn_blocking(move || node.terminate())
            .await
            .map_err(|e| e.to_string())?;
    }
    db.drop_now().await
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// `n` nodes on `db` (with NATS when more than one), each in its own
/// data folder (kept with them); they have heard each other on return.
async fn start_nodes(
    opts: &Options,
    db: &FreshDatabase,
    n: usize,
) -> Result<(Vec<ChildServer>, Vec<tempfile::TempDir>), String> {
    let run = chowka_server::ids::RoomCode::random()
        .as_str()
        .to_lowercase();
    let lease = opts.lease_secs.to_string();
    let cluster = format!("load-{run}");
    let mut nodes = Vec::new();
    let mut dirs = Vec::new();
    for i in 0..n {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let name = format!("load{i}-{run}");
        let mut args = vec!["--database-url", db.url.as_str(), "--node", name.as_str()];
        args.extend(["--max-connections", "30000", "--ws-per-address", "30000"]);
        args.extend(["--max-connections-per-address", "0"]);
        args.extend([
            "--lease-secs",
            lease.as_str(),
            "--cluster",
            cluster.as_str(),
        ]);
        if n > 1 {
            args.extend(["--nats-url", opts.nats_url.as_str()]);
        }
        nodes.push(ChildServer::start(dir.path(), &args));
        dirs.push(dir);
    }
    // Each node hears the others (they report every second).
    tokio::time::sleep(Duration::from_millis(1500)).await;
    Ok((nodes, dirs))
}

/// Starts `n` nodes on a fresh database, plays, stops them.
async fn measure(opts: &Options, n: usize) -> Result<Run, String> {
    let db = FreshDatabase::create(&opts.database_url).await?;
    let (nodes, _dirs) = start_nodes(opts, &db, n).await?;
    let bases: Vec<String> = nodes.iter().map(|n| n.base.clone()).collect();
    // Counted from before the rooms are made: setting them up is a small
    // part of the run, and every action played is in the count.
    let nats = nats_server_pid();
    let nats_before = nats.map(cpu_time).unwrap_or_default();
    let cpu_before: Duration = nodes.iter().map(|n| cpu_time(n.pid())).sum();
    let started = Instant::now();
    let deadline = started + Duration::from_secs(opts.seconds);
    let mut tables = Vec::new();
    for r in 0..opts.rooms {
        let bases = bases.clone();
        tables.push(tokio::spawn(async move {
            let home = &bases[r % bases.len()];
            let away = &bases[(r + 1) % bases.len()];
            let (code, tokens) = room_of(home, 2, json!({})).await;
            let mut host = Client::join(&ws_url(home), &code, Some(&tokens[0])).await;
            let guest = Client::join(&ws_url(away), &code, Some(&tokens[1])).await;
            host.send(json!({"type": "start"})).await;
            let host = tokio::spawn(play(host, 2 * r as u64, deadline));
            let guest = tokio::spawn(play(guest, 2 * r as u64 + 1, deadline));
            (host.await.expect("host").0, guest.await.expect("guest").0)
        }));
    }
    let (mut direct, mut relayed) = (Vec::new(), Vec::new());
    for t in tables {
        let (h, g) = t.await.map_err(|e| e.to_string())?;
        direct.extend(h);
        if n > 1 {
            relayed.extend(g);
        } else {
            direct.extend(g);
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let cpu: Duration = nodes.iter().map(|n| cpu_time(n.pid())).sum::<Duration>() - cpu_before;
    let nats_cpu = nats.map(cpu_time).unwrap_or_default() - nats_before;
    for node in nodes {
        tokio::task::spawn_blocking(move || node.terminate())
            .await
            .map_err(|e| e.to_string())?;
    }
    db.drop_now().await?;
    direct.sort();
    relayed.sort();
    let actions = direct.len() + relayed.len();
    Ok(Run {
        label: match n {
            1 => "1 node".into(),
            _ => format!("{n} nodes, guests relayed"),
        },
        actions,
        seconds,
        direct,
        relayed,
        cpu,
        nats_cpu: (n > 1 && nats.is_some()).then_some(nats_cpu),
    })
}

/// The NATS server's process on this machine, if it runs here (its CPU
/// is part of what relaying costs).
fn nats_server_pid() -> Option<u32> {
    let procs = std::fs::read_dir("/proc").ok()?;
    procs
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .find(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/comm"))
                .is_ok_and(|c| c.trim() == "nats-server")
        })
}
