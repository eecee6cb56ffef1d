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

use crate::capacity::postgres::FreshDatabase;
use crate::load::{cpu_time, pct, play};
use crate::{room_of, ws_url, ChildServer, Client};
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
    #[arg(long, env = "TEST_DATABASE_URL", default_value = crate::capacity::postgres::DEFAULT_ADMIN_URL)]
    pub database_url: String,
    /// NATS URL.
    #[arg(long, env = "TEST_NATS_URL", default_value = "nats://127.0.0.1:4222")]
    pub nats_url: String,
}

/// One run's figures.
struct Run {
    label: String,
    actions: usize,
    seconds: f64,
    direct: Vec<Duration>,
    relayed: Vec<Duration>,
    cpu: Duration,
}

/// Runs one node, then `opts.nodes`, and prints a markdown table.
pub async fn run(opts: &Options) -> Result<(), String> {
    let one = measure(opts, 1).await?;
    let many = measure(opts, opts.nodes.max(2)).await?;
    println!(
        "| setup | actions/s | direct p50 / p99 | relayed p50 / p99 | CPU per action, all nodes |"
    );
    println!("|---|---|---|---|---|");
    for r in [&one, &many] {
        let show = |l: &[Duration]| match l.is_empty() {
            true => "-".to_string(),
            false => format!("{:.2} / {:.2} ms", ms(pct(l, 0.5)), ms(pct(l, 0.99))),
        };
        println!(
            "| {} | {:.0} | {} | {} | {:.0} µs |",
            r.label,
            r.actions as f64 / r.seconds,
            show(&r.direct),
            show(&r.relayed),
            r.cpu.as_secs_f64() * 1e6 / r.actions.max(1) as f64,
        );
    }
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Starts `n` nodes on a fresh database, plays, stops them.
async fn measure(opts: &Options, n: usize) -> Result<Run, String> {
    let db = FreshDatabase::create(&opts.database_url).await?;
    let run = chowka_server::ids::new_code().to_lowercase();
    let mut nodes = Vec::new();
    let mut dirs = Vec::new();
    for i in 0..n {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let name = format!("load{i}-{run}");
        let mut args = vec!["--database-url", db.url.as_str(), "--node", name.as_str()];
        args.extend(["--max-connections", "30000", "--ws-per-address", "30000"]);
        if n > 1 {
            args.extend(["--nats-url", opts.nats_url.as_str()]);
        }
        nodes.push(ChildServer::start(dir.path(), &args));
        dirs.push(dir);
    }
    // Each node hears the others (they report every second).
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let bases: Vec<String> = nodes.iter().map(|n| n.base.clone()).collect();
    // Counted from before the rooms are made: setting them up is a small
    // part of the run, and every action played is in the count.
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
    })
}
