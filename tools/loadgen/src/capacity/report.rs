//! What one target measured at one number of rooms, and the markdown
//! table of every measurement side by side, each against the bare server
//! of the same number of rooms.

use super::workload::{Pace, Run};
use super::Target;
use crate::load::pct;
use std::fmt::Write;
use std::time::Duration;

/// One target at one number of rooms.
#[derive(Clone, Debug)]
pub struct Measurement {
    /// Which server.
    pub target: Target,
    /// Rooms of four sockets.
    pub rooms: usize,
    /// The pacing.
    pub pace: Pace,
    /// Actions per second the schedule asked for (open loop).
    pub scheduled_per_s: f64,
    /// Actions per second answered to all four sockets.
    pub achieved_per_s: f64,
    /// Actions in the latency percentiles.
    pub actions: usize,
    /// Actions sent late (the previous one was unanswered at their time).
    pub late: u64,
    /// Latency percentiles: p50, p90, p99, and the maximum.
    pub p50: Duration,
    /// 90th percentile.
    pub p90: Duration,
    /// 99th percentile.
    pub p99: Duration,
    /// Slowest.
    pub max: Duration,
    /// Server CPU time per answered action, in µs.
    pub cpu_us_per_action: f64,
    /// Server cores busy in the window.
    pub server_cores: f64,
    /// Load client cores busy in the window.
    pub client_cores: f64,
    /// Cores busy in other processes in the window (the machine is shared).
    pub other_cores: f64,
    /// Server memory per socket in KiB (RSS with the sockets joined minus
    /// RSS before, divided by the sockets).
    pub rss_kib_per_socket: f64,
    /// Mean size of chowka's `welcome` (bytes).
    pub welcome_bytes: Option<f64>,
    /// Mean size of chowka's `state` (bytes).
    pub state_bytes: Option<f64>,
    /// Games finished (chowka).
    pub games: u64,
    /// Rooms that failed during the run.
    pub failed_rooms: usize,
    /// The first failure, to say why.
    pub first_error: Option<String>,
}

impl Measurement {
    /// Summarises a run: `rss` is the server's RSS in KiB before and after
    /// the sockets joined; `sizes` chowka's mean message sizes.
    pub fn new(
        target: Target,
        rooms: usize,
        pace: Pace,
        run: Run,
        rss: (u64, u64),
        sizes: (Option<f64>, Option<f64>),
    ) -> Measurement {
        let seconds = run.measured.as_secs_f64();
        let cores = |d: Duration| d.as_secs_f64() / seconds;
        let other = run
            .machine_cpu
            .saturating_sub(run.server_cpu + run.client_cpu);
        Measurement {
            target,
            rooms,
            pace,
            scheduled_per_s: run.scheduled as f64 / seconds,
            achieved_per_s: run.completed as f64 / seconds,
            actions: run.latencies.len(),
            late: run.late,
            p50: pct(&run.latencies, 0.5),
            p90: pct(&run.latencies, 0.9),
            p99: pct(&run.latencies, 0.99),
            max: run.latencies.last().copied().unwrap_or_default(),
            cpu_us_per_action: run.server_cpu.as_secs_f64() * 1e6 / run.completed.max(1) as f64,
            server_cores: cores(run.server_cpu),
            client_cores: cores(run.client_cpu),
            other_cores: cores(other),
            rss_kib_per_socket: rss.1.saturating_sub(rss.0) as f64 / (rooms * 4).max(1) as f64,
            welcome_bytes: sizes.0,
            state_bytes: sizes.1,
            games: run.games,
            failed_rooms: run.failed,
            first_error: run.first_error,
        }
    }

    /// One line for the log as each measurement ends.
    pub fn summary(&self) -> String {
        let mut line = format!(
            "{} rooms, {}: {} of {} actions/s, p50 {} p90 {} p99 {} max {}, {} late; \
             server {:.0} µs CPU/action, {:.1} KiB/socket; cores busy: server {:.2}, \
             load client {:.2}, others {:.2}",
            self.rooms,
            self.target,
            per_second(self.achieved_per_s),
            self.scheduled(),
            ms(self.p50),
            ms(self.p90),
            ms(self.p99),
            ms(self.max),
            self.late,
            self.cpu_us_per_action,
            self.rss_kib_per_socket,
            self.server_cores,
            self.client_cores,
            self.other_cores,
        );
        if let (Some(w), Some(s)) = (self.welcome_bytes, self.state_bytes) {
            let _ = write!(
                line,
                "; welcome {w:.0} B, state {s:.0} B, {} games",
                self.games
            );
        }
        if let Some(e) = &self.first_error {
            let _ = write!(line, "; {} rooms FAILED, first: {e}", self.failed_rooms);
        }
        line
    }

    /// The scheduled rate, or "closed" for a closed loop.
    fn scheduled(&self) -> String {
        match self.pace {
            Pace::Open { .. } => per_second(self.scheduled_per_s),
            Pace::Closed => "closed loop".into(),
        }
    }
}

/// Milliseconds with a precision that suits their size.
pub fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1e3;
    if ms < 10.0 {
        format!("{ms:.2} ms")
    } else if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.2} s", ms / 1e3)
    }
}

/// `value (ratio x)` against the bare server's value, when there is one.
fn against(value: String, ours: f64, bare: Option<f64>) -> String {
    match bare {
        Some(b) if b > 0.0 => format!("{value} ({:.2}x)", ours / b),
        _ => value,
    }
}

/// The markdown table of every measurement, grouped by rooms; latency and
/// CPU are also given as multiples of the bare server's at the same rooms
/// (in closed loop, the actions per second).
pub fn markdown(all: &[Measurement]) -> String {
    let mut out = String::from(
        "| rooms x 4 sockets | target | actions/s | p50 | p90 | p99 | max | late \
         | server CPU/action | RSS/socket | welcome | state |\n\
         |---|---|---|---|---|---|---|---|---|---|---|---|\n",
    );
    for m in all {
        let bare = all
            .iter()
            .find(|b| b.target == Target::Bare && b.rooms == m.rooms && b.target != m.target);
        let closed = m.pace == Pace::Closed;
        let achieved = per_second(m.achieved_per_s);
        let rate = if closed {
            against(
                format!("{achieved} closed loop"),
                m.achieved_per_s,
                bare.map(|b| b.achieved_per_s),
            )
        } else {
            let scheduled = per_second(m.scheduled_per_s);
            format!("{achieved} of {scheduled}")
        };
        let p99 = against(
            ms(m.p99),
            m.p99.as_secs_f64(),
            bare.map(|b| b.p99.as_secs_f64()),
        );
        let cpu = against(
            format!("{:.0} µs", m.cpu_us_per_action),
            m.cpu_us_per_action,
            bare.map(|b| b.cpu_us_per_action),
        );
        let bytes = |b: Option<f64>| b.map_or("-".into(), |b| format!("{b:.0} B"));
        let failed = if m.failed_rooms > 0 {
            format!(" ({} rooms failed)", m.failed_rooms)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "| {} | {}{failed} | {rate} | {} | {} | {p99} | {} | {} | {cpu} | {:.1} KiB | {} | {} |",
            thousands(m.rooms),
            m.target,
            ms(m.p50),
            ms(m.p90),
            ms(m.max),
            m.late,
            m.rss_kib_per_socket,
            bytes(m.welcome_bytes),
            bytes(m.state_bytes),
        );
    }
    out
}

/// A rate, rounded, its thousands grouped.
fn per_second(rate: f64) -> String {
    thousands(rate.round() as usize)
}

/// 4900 as "4,900".
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(7), "7");
        assert_eq!(thousands(500), "500");
        assert_eq!(thousands(4900), "4,900");
        assert_eq!(thousands(1234567), "1,234,567");
    }

    #[test]
    fn milliseconds_keep_a_sensible_precision() {
        assert_eq!(ms(Duration::from_micros(2_346)), "2.35 ms");
        assert_eq!(ms(Duration::from_micros(58_040)), "58.0 ms");
        assert_eq!(ms(Duration::from_millis(1_950)), "1.95 s");
    }
}
