//! Prometheus metrics, hand-written: a few counters, gauges and histograms
//! are all the server needs, and atomics keep them off the hot path's locks.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::Duration;

/// Upper bounds of the latency histograms' buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

/// A latency histogram in the Prometheus layout.
#[derive(Default)]
pub struct Histogram {
    counts: [AtomicU64; BUCKETS.len()],
    count: AtomicU64,
    sum_micros: AtomicU64,
}

impl Histogram {
    /// Records one observation.
    pub fn observe(&self, d: Duration) {
        let s = d.as_secs_f64();
        for (i, b) in BUCKETS.iter().enumerate() {
            if s <= *b {
                self.counts[i].fetch_add(1, Relaxed);
            }
        }
        self.count.fetch_add(1, Relaxed);
        self.sum_micros.fetch_add(d.as_micros() as u64, Relaxed);
    }

    fn render(&self, out: &mut String, name: &str, help: &str) {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} histogram");
        for (i, b) in BUCKETS.iter().enumerate() {
            let _ = writeln!(
                out,
                "{name}_bucket{{le=\"{b}\"}} {}",
                self.counts[i].load(Relaxed)
            );
        }
        let count = self.count.load(Relaxed);
        let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {count}");
        let sum = self.sum_micros.load(Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "{name}_sum {sum}\n{name}_count {count}");
    }
}

/// Every metric of the server.
#[derive(Default)]
pub struct Metrics {
    /// Rooms with a running task.
    pub rooms_active: AtomicI64,
    /// Rooms created through the API (rematches included).
    pub rooms_created: AtomicU64,
    /// Rooms brought back from the store.
    pub rooms_restored: AtomicU64,
    /// Open WebSocket connections.
    pub connections_active: AtomicI64,
    /// WebSocket connections accepted since start.
    pub connections_total: AtomicU64,
    /// WebSocket messages received.
    pub messages_received: AtomicU64,
    /// Game actions accepted (people and computers).
    pub actions: AtomicU64,
    /// Games finished.
    pub games_finished: AtomicU64,
    /// Messages not sent to a connection whose queue was full (it is
    /// resynced once it catches up).
    pub messages_dropped: AtomicU64,
    /// Time from receiving an action to broadcasting its state, including the store write.
    pub action_latency: Histogram,
    /// Time to write one action to the store.
    pub store_write_latency: Histogram,
    /// Errors sent to clients, by code.
    errors: Mutex<BTreeMap<&'static str, u64>>,
}

impl Metrics {
    /// Counts an error sent to a client.
    pub fn error(&self, code: &'static str) {
        // std Mutex: held for one map update, never across an await.
        if let Ok(mut m) = self.errors.lock() {
            *m.entry(code).or_default() += 1;
        }
    }

    /// The metrics in the Prometheus text format, with the store's group
    /// commits so far (statements, actions).
    pub fn render(&self, group_commits: (u64, u64)) -> String {
        let mut out = String::new();
        let gauge = |out: &mut String, name: &str, help: &str, v: i64| {
            let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} gauge\n{name} {v}");
        };
        let counter = |out: &mut String, name: &str, help: &str, v: u64| {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} counter\n{name} {v}"
            );
        };
        gauge(
            &mut out,
            "chowka_rooms_active",
            "Rooms with a running task.",
            self.rooms_active.load(Relaxed),
        );
        counter(
            &mut out,
            "chowka_rooms_created_total",
            "Rooms created.",
            self.rooms_created.load(Relaxed),
        );
        counter(
            &mut out,
            "chowka_rooms_restored_total",
            "Rooms restored from the store.",
            self.rooms_restored.load(Relaxed),
        );
        gauge(
            &mut out,
            "chowka_connections_active",
            "Open WebSocket connections.",
            self.connections_active.load(Relaxed),
        );
        counter(
            &mut out,
            "chowka_connections_total",
            "WebSocket connections accepted.",
            self.connections_total.load(Relaxed),
        );
        counter(
            &mut out,
            "chowka_messages_received_total",
            "WebSocket messages received.",
            self.messages_received.load(Relaxed),
        );
        counter(
            &mut out,
            "chowka_actions_total",
            "Game actions accepted.",
            self.actions.load(Relaxed),
        );
        counter(
            &mut out,
            "chowka_games_finished_total",
            "Games finished.",
            self.games_finished.load(Relaxed),
        );
        counter(
            &mut out,
            "chowka_messages_dropped_total",
            "Messages dropped for connections too slow to read them (each is resynced).",
            self.messages_dropped.load(Relaxed),
        );
        counter(
            &mut out,
            "chowka_store_commits_total",
            "Group commits of actions (one statement and transaction each).",
            group_commits.0,
        );
        counter(
            &mut out,
            "chowka_store_committed_actions_total",
            "Actions written by the group commits.",
            group_commits.1,
        );
        self.action_latency.render(
            &mut out,
            "chowka_action_seconds",
            "From receiving an action to broadcasting the new state, store write included.",
        );
        self.store_write_latency.render(
            &mut out,
            "chowka_store_write_seconds",
            "Writing one action to the store, until it is durable (its wait for a group commit included).",
        );
        let _ = writeln!(
            out,
            "# HELP chowka_errors_total Errors sent to clients, by code.\n# TYPE chowka_errors_total counter"
        );
        if let Ok(m) = self.errors.lock() {
            for (code, n) in m.iter() {
                let _ = writeln!(out, "chowka_errors_total{{code=\"{code}\"}} {n}");
            }
        }
        out
    }
}
