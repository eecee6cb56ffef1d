//! The workload: every room acts on a schedule (open loop) or as fast as
//! its answers come (closed loop), and each action's latency runs until
//! all four sockets of the room have its result.

use crate::load::cpu_time;
use rand::{Rng, SeedableRng};
use std::future::Future;
use std::time::Duration;
use tokio::time::Instant;

/// The four sockets of one room of a target, as the workload drives them.
pub trait Table: Send + 'static {
    /// Sends the room's next action (chosen by [`Table::prepare`]) and
    /// returns its mark: the state version or sequence number every
    /// socket must reach.
    fn act(&mut self) -> impl Future<Output = Result<u64, String>> + Send;
    /// Reads every socket until each has a message with `mark` or later.
    fn answered(&mut self, mark: u64) -> impl Future<Output = Result<(), String>> + Send;
    /// Gets the next action ready, outside the measured latency: chowka
    /// decides it from the new state, and starts a new game when one ends.
    fn prepare(&mut self) -> impl Future<Output = Result<(), String>> + Send;
    /// Games this room finished (chowka only).
    fn games(&self) -> u64 {
        0
    }
}

/// How actions are paced.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Pace {
    /// Each room acts `rate` times a second on a fixed schedule whatever the
    /// answers do; a late answer delays the next send, but its latency still
    /// counts from its scheduled time (no coordinated omission).
    Open {
        /// Actions per room per second.
        rate: f64,
    },
    /// Each room's next action goes as soon as all four sockets have the
    /// previous one's result.
    Closed,
}

/// What one run measures and for how long.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// The pacing.
    pub pace: Pace,
    /// Unmeasured time first, so that the server and the sockets are warm.
    pub warmup: Duration,
    /// The measured window.
    pub measured: Duration,
    /// Seed of the schedule's jitter and of the players' choices.
    pub seed: u64,
}

/// The instants of one run.
#[derive(Clone, Copy, Debug)]
struct Window {
    /// The schedule's origin.
    start: Instant,
    /// Start of the measured window.
    from: Instant,
    /// End of the measured window.
    to: Instant,
}

/// What one room measured.
#[derive(Debug, Default)]
struct RoomRun {
    /// Latency of every action scheduled (open) or sent (closed) in the window.
    latencies: Vec<Duration>,
    /// Actions scheduled in the window (open loop).
    scheduled: u64,
    /// Actions whose answer reached all four sockets within the window.
    completed: u64,
    /// Scheduled actions sent after their time because the previous one was
    /// not answered yet (open loop).
    late: u64,
    /// Why the room stopped early, if it did.
    error: Option<String>,
    /// Games finished.
    games: u64,
}

/// What a whole run measured, over every room.
#[derive(Debug, Default)]
pub struct Run {
    /// Every measured latency, sorted.
    pub latencies: Vec<Duration>,
    /// Actions scheduled in the window (open loop; 0 in closed loop).
    pub scheduled: u64,
    /// Actions answered within the window.
    pub completed: u64,
    /// Actions sent late (open loop).
    pub late: u64,
    /// Rooms that failed, and the first failure.
    pub failed: usize,
    /// The first room failure.
    pub first_error: Option<String>,
    /// Games finished.
    pub games: u64,
    /// The server's CPU time in the window.
    pub server_cpu: Duration,
    /// The load client's own CPU time in the window.
    pub client_cpu: Duration,
    /// CPU time of the whole machine in the window (all processes).
    pub machine_cpu: Duration,
    /// The measured window's length.
    pub measured: Duration,
}

/// Drives every room by `plan` against the server process `server_pid`,
/// and reads the server's, the client's and the machine's CPU time at the
/// edges of the measured window.
pub async fn run<T: Table>(tables: Vec<T>, server_pid: u32, plan: Plan) -> Run {
    // A moment for every room's task to be spawned before the first tick.
    let start = Instant::now() + Duration::from_millis(300);
    let window = Window {
        start,
        from: start + plan.warmup,
        to: start + plan.warmup + plan.measured,
    };
    let mut jitter = rand_chacha::ChaCha8Rng::seed_from_u64(plan.seed);
    let rooms: Vec<_> = tables
        .into_iter()
        .map(|table| {
            let offset = match plan.pace {
                Pace::Open { rate } => Duration::from_secs_f64(jitter.gen::<f64>() / rate),
                Pace::Closed => Duration::ZERO,
            };
            tokio::spawn(drive(table, plan.pace, window, offset))
        })
        .collect();
    let cpu = tokio::spawn(async move {
        tokio::time::sleep_until(window.from).await;
        let before = cpu_readings(server_pid);
        tokio::time::sleep_until(window.to).await;
        let after = cpu_readings(server_pid);
        (
            after.0.saturating_sub(before.0),
            after.1.saturating_sub(before.1),
            after.2.saturating_sub(before.2),
        )
    });
    let mut total = Run {
        measured: plan.measured,
        ..Run::default()
    };
    // Every room's sockets stay open until all rooms are done: a room that
    // closed its sockets as it finished would give the server work (and
    // the rooms still waiting a stall) that no player's action caused.
    let mut finished = Vec::with_capacity(rooms.len());
    for room in rooms {
        let room = match room.await {
            Ok((room, table)) => {
                finished.push(table);
                room
            }
            Err(e) => RoomRun {
                error: Some(format!("the room's task failed: {e}")),
                ..RoomRun::default()
            },
        };
        total.latencies.extend(room.latencies);
        total.scheduled += room.scheduled;
        total.completed += room.completed;
        total.late += room.late;
        total.games += room.games;
        if let Some(e) = room.error {
            total.failed += 1;
            total.first_error.get_or_insert(e);
        }
    }
    (total.server_cpu, total.client_cpu, total.machine_cpu) =
        cpu.await.expect("the CPU reading task");
    total.latencies.sort_unstable();
    drop(finished);
    total
}

/// CPU time used so far by the server, this process and the whole machine.
fn cpu_readings(server_pid: u32) -> (Duration, Duration, Duration) {
    (
        cpu_time(server_pid),
        cpu_time(std::process::id()),
        machine_cpu_time(),
    )
}

/// Busy CPU time of the whole machine since boot (every core; the first
/// line of /proc/stat without idle and iowait).
fn machine_cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
    let ticks: Vec<u64> = stat
        .lines()
        .next()
        .unwrap_or("")
        .split_whitespace()
        .skip(1)
        .map(|x| x.parse().unwrap_or(0))
        .collect();
    // user nice system idle iowait irq softirq steal (guest is in user).
    let busy: u64 = ticks
        .iter()
        .take(8)
        .enumerate()
        .filter(|(i, _)| *i != 3 && *i != 4)
        .map(|(_, t)| t)
        .sum();
    // USER_HZ is 100 on Linux.
    Duration::from_millis(busy * 10)
}

/// One room's loop: act, wait until all four sockets have the result,
/// prepare the next action; until the window ends or the room fails.
/// Gives the table back, its sockets still open.
async fn drive<T: Table>(
    mut table: T,
    pace: Pace,
    window: Window,
    offset: Duration,
) -> (RoomRun, T) {
    let mut room = RoomRun::default();
    if let Err(e) = table.prepare().await {
        room.error = Some(e);
        return (room, table);
    }
    let period = match pace {
        Pace::Open { rate } => Some(Duration::from_secs_f64(1.0 / rate)),
        Pace::Closed => None,
    };
    let mut tick = window.start + offset;
    if period.is_none() {
        tokio::time::sleep_until(window.start).await;
    }
    loop {
        // The instant this action counts from: its scheduled time in open
        // loop, its send in closed loop.
        let due = match period {
            Some(_) => {
                if tick >= window.to {
                    break;
                }
                let now = Instant::now();
                if now > tick {
                    room.late += u64::from(tick >= window.from);
                } else {
                    tokio::time::sleep_until(tick).await;
                }
                tick
            }
            None => {
                let now = Instant::now();
                if now >= window.to {
                    break;
                }
                now
            }
        };
        let result = match table.act().await {
            Ok(mark) => table.answered(mark).await,
            Err(e) => Err(e),
        };
        if let Err(e) = result {
            room.error = Some(e);
            break;
        }
        let done = Instant::now();
        if due >= window.from {
            room.latencies.push(done - due);
            room.scheduled += u64::from(period.is_some());
        }
        room.completed += u64::from(done >= window.from && done <= window.to);
        if let Some(p) = period {
            tick += p;
        }
        if let Err(e) = table.prepare().await {
            room.error = Some(e);
            break;
        }
    }
    room.games = table.games();
    (room, table)
}
