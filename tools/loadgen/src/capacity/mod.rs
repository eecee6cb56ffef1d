//! The capacity tool (`loadgen capacity`): rooms of four WebSocket players
//! against chowka (SQLite or PostgreSQL), a bare fan-out server and a
//! Colyseus server, each a child process, measured side by side: actions
//! per second, latency until all four sockets have an action's result,
//! server CPU per action and memory per socket from /proc, and chowka's
//! message sizes; a markdown table and an SVG chart.
//!
//! # Layout
//! - `workload`: the open- and closed-loop schedule of every room, and the
//!   CPU readings at the edges of the measured window.
//! - `chowka`, `bare`, `colyseus`: each target's rooms (its [`Table`]);
//!   `bare` is also the bare server itself (`loadgen bare-server`).
//! - `sockets`: WebSockets from 127.0.x.y source addresses, the file limit.
//! - `report`, `chart`: the table and the chart.
//!
//! A fresh PostgreSQL database per run comes from chowka_tests::postgres.
//!
//! [`Table`]: workload::Table

pub mod bare;
pub mod chart;
pub mod chowka;
mod colyseus;
pub mod report;
pub mod sockets;
pub mod workload;

use crate::load::rss_kib;
use chowka_tests::postgres;
use chowka_tests::ChildServer;
use futures_util::{StreamExt, TryStreamExt};
use report::Measurement;
use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use workload::{Pace, Plan, Table};

/// Rooms set up at once (HTTP requests, WebSocket handshakes).
const SETUP_CONCURRENCY: usize = 32;

/// Files the load process needs besides its sockets.
const SPARE_FILES: u64 = 200;

/// A server measured by the tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, clap::ValueEnum)]
pub enum Target {
    /// The chowka release binary with SQLite in a temporary folder.
    ChowkaSqlite,
    /// The chowka release binary with a fresh PostgreSQL database.
    ChowkaPostgres,
    /// The bare fan-out server (`loadgen bare-server`): no game work.
    Bare,
    /// The Colyseus reference server (tools/loadgen/colyseus/).
    Colyseus,
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Target::ChowkaSqlite => "chowka-sqlite",
            Target::ChowkaPostgres => "chowka-postgres",
            Target::Bare => "bare",
            Target::Colyseus => "colyseus",
        })
    }
}

/// Options of `loadgen capacity`.
#[derive(clap::Parser, Debug, Clone)]
#[command(
    name = "loadgen capacity",
    bin_name = "loadgen capacity",
    about = "Rooms of 4 WebSocket players against chowka, a bare fan-out server and \
             Colyseus, side by side (docs/capacity-tool.md)"
)]
pub struct Options {
    /// Numbers of rooms of 4 players to measure, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "100")]
    pub rooms: Vec<usize>,
    /// Actions per room per second (open loop).
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// Closed loop instead: each room acts again as soon as all 4 sockets
    /// have the previous action's result.
    #[arg(long)]
    pub closed: bool,
    /// Measured seconds of each run.
    #[arg(long, default_value_t = 30.0)]
    pub seconds: f64,
    /// Unmeasured seconds before the measured ones.
    #[arg(long, default_value_t = 3.0)]
    pub warmup: f64,
    /// Servers to measure, comma-separated, in this order at each number of rooms.
    #[arg(long, value_delimiter = ',', default_value = "chowka-sqlite,bare")]
    pub targets: Vec<Target>,
    /// Write an SVG chart of p99 and p50 latency against rooms here.
    #[arg(long)]
    pub chart: Option<PathBuf>,
    /// PostgreSQL URL of a user who may create databases (chowka-postgres
    /// runs on a fresh database made and dropped through it).
    #[arg(long, env = "TEST_DATABASE_URL", default_value = postgres::DEFAULT_ADMIN_URL, hide_env_values = true)]
    pub database_url: String,
    /// Seed of the schedule's jitter and the players' random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Pawns per player in chowka's games (default: the preset's 4); one
    /// pawn makes games short, so that rematches happen within a run.
    #[arg(long)]
    pub pawns: Option<u8>,
    /// The executable whose `bare-server` subcommand is the bare server
    /// (default: this one, /proc/self/exe).
    #[arg(long)]
    pub bare_exe: Option<PathBuf>,
}

impl Options {
    /// The plan of every run.
    fn plan(&self) -> Result<Plan, String> {
        let positive = |x: f64, what: &str| {
            if x.is_finite() && x > 0.0 {
                Ok(x)
            } else {
                Err(format!("--{what} must be a positive number, not {x}"))
            }
        };
        let pace = if self.closed {
            Pace::Closed
        } else {
            Pace::Open {
                rate: positive(self.rate, "rate")?,
            }
        };
        let warmup = if self.warmup >= 0.0 && self.warmup.is_finite() {
            self.warmup
        } else {
            return Err(format!("--warmup must be 0 or more, not {}", self.warmup));
        };
        Ok(Plan {
            pace,
            warmup: Duration::from_secs_f64(warmup),
            measured: Duration::from_secs_f64(positive(self.seconds, "seconds")?),
            seed: self.seed,
        })
    }
}

/// Measures every target at every number of rooms, prints each result as
/// it comes and then the markdown table, and draws the chart. An error if
/// a target does not start, a room cannot be set up, or rooms failed
/// during a run (after printing what was measured).
pub async fn run(opts: &Options) -> Result<Vec<Measurement>, String> {
    let plan = opts.plan()?;
    if opts.rooms.is_empty() || opts.rooms.contains(&0) || opts.targets.is_empty() {
        return Err("give at least one number of rooms (above 0) and one target".into());
    }
    let files = sockets::raise_file_limit()?;
    let most = *opts.rooms.iter().max().expect("rooms given") as u64;
    if most * 4 + SPARE_FILES > files {
        return Err(format!(
            "{most} rooms need {} open files, and this process may open {files} \
             (raise the hard limit: ulimit -Hn)",
            most * 4 + SPARE_FILES
        ));
    }
    let mut all = Vec::new();
    for &rooms in &opts.rooms {
        for &target in &opts.targets {
            let m = measure(target, rooms, opts, plan).await?;
            println!("{}", m.summary());
            all.push(m);
        }
    }
    println!("\n{}", report::markdown(&all));
    if let Some(path) = &opts.chart {
        chart::draw(path, &all)?;
        println!("chart: {}", path.display());
    }
    let failed: Vec<&Measurement> = all.iter().filter(|m| m.failed_rooms > 0).collect();
    if let Some(first) = failed.first() {
        return Err(format!(
            "rooms failed in {} run(s); first, {} at {} rooms: {}",
            failed.len(),
            first.target,
            first.rooms,
            first.first_error.as_deref().unwrap_or("?")
        ));
    }
    Ok(all)
}

/// One target at one number of rooms, on a server of its own.
async fn measure(
    target: Target,
    rooms: usize,
    opts: &Options,
    plan: Plan,
) -> Result<Measurement, String> {
    let run = RunOf {
        target,
        rooms,
        plan,
        progress: Progress::new(target, rooms),
    };
    match target {
        Target::ChowkaSqlite => measure_chowka(&run, None, opts.pawns).await,
        Target::ChowkaPostgres => {
            let db = postgres::FreshDatabase::create(&opts.database_url).await?;
            let measured = measure_chowka(&run, Some(&db.url), opts.pawns).await;
            let dropped = db.drop_now().await;
            let measured = measured?;
            dropped?;
            Ok(measured)
        }
        Target::Bare => {
            // This very executable even if a build has replaced its file
            // since it started (Linux keeps the running one reachable).
            let exe = opts
                .bare_exe
                .clone()
                .unwrap_or_else(|| PathBuf::from("/proc/self/exe"));
            let mut cmd = std::process::Command::new(exe);
            cmd.args(["bare-server", "--port", "0"]);
            let server = ChildServer::launch(cmd, "the bare server")?;
            let addr = chowka_tests::socket_addr(&server.base);
            measure_sockets(&run, server.pid(), |room| bare::BareTable::open(addr, room)).await
        }
        Target::Colyseus => {
            let server = colyseus::start(&run.progress).await?;
            let addr = server.addr;
            let open = |room| colyseus::ColyseusTable::open(addr, room);
            measure_sockets(&run, server.pid, open).await
        }
    }
}

/// One target at one number of rooms, as it is being measured.
struct RunOf {
    target: Target,
    rooms: usize,
    plan: Plan,
    progress: Progress,
}

impl RunOf {
    /// Runs the workload on set-up tables against the server `pid` and
    /// sums it up with the server's RSS before and after the sockets
    /// joined, and chowka's message sizes.
    async fn measure<T: Table>(
        &self,
        pid: u32,
        tables: Vec<T>,
        rss: (u64, u64),
        sizes: Option<&chowka::Sizes>,
    ) -> Measurement {
        self.progress.say("measuring");
        let run = workload::run(tables, pid, self.plan).await;
        let sizes = sizes.map_or((None, None), chowka::Sizes::means);
        Measurement::new(self.target, self.rooms, self.plan.pace, run, rss, sizes)
    }
}

/// A target whose rooms are just their sockets: the server's RSS before
/// and after they connect, then the run.
async fn measure_sockets<T, F, Fut>(run: &RunOf, pid: u32, open: F) -> Result<Measurement, String>
where
    T: Table,
    F: Fn(usize) -> Fut,
    Fut: Future<Output = Result<T, String>>,
{
    let before = settled_rss(pid).await;
    run.progress.say("connecting sockets");
    let tables = each(0..run.rooms, open).await?;
    let after = settled_rss(pid).await;
    Ok(run.measure(pid, tables, (before, after), None).await)
}

/// chowka: rooms created over HTTP (the server's RSS is read after this),
/// joined by their four players (and read again), started, then run.
async fn measure_chowka(
    run: &RunOf,
    database_url: Option<&str>,
    pawns: Option<u8>,
) -> Result<Measurement, String> {
    let dir = tempfile::tempdir().map_err(|e| format!("temporary folder: {e}"))?;
    let mut options = chowka::SERVER_OPTIONS.to_vec();
    if let Some(url) = database_url {
        options.extend(["--database-url", url]);
    }
    let cmd = ChildServer::chowka(dir.path(), &options);
    let server = ChildServer::launch(cmd, &run.target.to_string())?;
    let pid = server.pid();
    let endpoint = Arc::new(chowka::Endpoint::new(&server.base));
    let http = chowka::http_clients(16)?;
    run.progress.say("creating rooms over HTTP");
    let seed = run.plan.seed;
    let tables = each(0..run.rooms, |room| {
        let client = &http[room % http.len()];
        chowka::ChowkaTable::create(endpoint.clone(), client, room, seed, pawns)
    })
    .await?;
    let before = settled_rss(pid).await;
    run.progress.say("joining");
    let tables = each(tables, |mut t| async move { t.join().await.map(|()| t) }).await?;
    let after = settled_rss(pid).await;
    run.progress.say("starting games");
    let tables = each(tables, |mut t| async move { t.start().await.map(|()| t) }).await?;
    Ok(run
        .measure(pid, tables, (before, after), Some(&endpoint.sizes))
        .await)
}

/// Runs `step` on every item, [`SETUP_CONCURRENCY`] at once; the results
/// in any order, or the first error.
async fn each<I, T, F, Fut>(items: I, step: F) -> Result<Vec<T>, String>
where
    I: IntoIterator,
    F: FnMut(I::Item) -> Fut,
    Fut: Future<Output = Result<T, String>>,
{
    futures_util::stream::iter(items)
        .map(step)
        .buffer_unordered(SETUP_CONCURRENCY)
        .try_collect()
        .await
}

/// The server's RSS in KiB once a second has passed (for allocations and
/// freed memory to settle).
async fn settled_rss(pid: u32) -> u64 {
    tokio::time::sleep(Duration::from_secs(1)).await;
    rss_kib(pid)
}

/// Progress lines on standard error: which run, which phase, since when.
struct Progress {
    label: String,
    began: Instant,
}

impl Progress {
    fn new(target: Target, rooms: usize) -> Progress {
        Progress {
            label: format!("{target}, {rooms} rooms"),
            began: Instant::now(),
        }
    }

    fn say(&self, phase: &str) {
        eprintln!(
            "[{:6.1} s] {}: {phase}",
            self.began.elapsed().as_secs_f64(),
            self.label
        );
    }
}
