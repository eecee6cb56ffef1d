//! Prometheus metrics, through prometheus-client. The counters and gauges
//! are plain atomics that rooms and sockets add to without a lock; each
//! scrape reads them into a registry with the latency histograms and the
//! errors by code, and the registry writes the OpenMetrics text.

use prometheus_client::metrics::counter::{ConstCounter, Counter};
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::ConstGauge;
use prometheus_client::registry::Registry;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// The content type of [`encode`]'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Upper bounds of the latency histograms' buckets, in seconds.
const BUCKETS: [f64; 12] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

/// A latency histogram, in seconds.
#[derive(Clone, Debug)]
pub struct Histogram(prometheus_client::metrics::histogram::Histogram);

impl Default for Histogram {
    fn default() -> Self {
        Histogram(prometheus_client::metrics::histogram::Histogram::new(
            BUCKETS,
        ))
    }
}

impl Histogram {
    /// Records one observation.
    pub fn observe(&self, d: Duration) {
        self.0.observe(d.as_secs_f64());
    }
}

/// The label of an error: its wire code.
type CodeLabel = Vec<(&'static str, &'static str)>;

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
    /// Pushes the push services took.
    pub pushes_sent: AtomicU64,
    /// Pushes given up on (retries spent, or refused).
    pub pushes_failed: AtomicU64,
    /// Subscriptions dropped because their push service said they are gone.
    pub push_subscriptions_dropped: AtomicU64,
    /// Looks of the push worker for turns to tell.
    pub push_checks: AtomicU64,
    /// Time from receiving an action to broadcasting its state, including the store write.
    pub action_latency: Histogram,
    /// Time to write one action to the store.
    pub store_write_latency: Histogram,
    /// Refusals sent to clients, by code.
    errors: Family<CodeLabel, Counter>,
}

/// Adds a gauge read now to `registry`.
pub fn gauge(registry: &mut Registry, name: &str, help: &str, v: i64) {
    registry.register(name, help, ConstGauge::new(v));
}

/// Adds a counter read now to `registry`; `name` is without the
/// `_total` that the text gives its sample.
pub fn counter(registry: &mut Registry, name: &str, help: &str, v: u64) {
    registry.register(name, help, ConstCounter::new(v));
}

impl Metrics {
    /// Counts a refusal sent to a client (`Refusal::report`).
    pub fn error(&self, code: &'static str) {
        self.errors.get_or_create(&vec![("code", code)]).inc();
    }

    /// The metrics as they are now, with the store's group commits so
    /// far (statements, actions), in a registry that others (the
    /// cluster's) add to before it is written out with [`encode`].
    pub fn registry(&self, group_commits: (u64, u64)) -> Registry {
        let mut r = Registry::default();
        let load = |a: &AtomicU64| a.load(Relaxed);
        gauge(
            &mut r,
            "chowka_rooms_active",
            "Rooms with a running task",
            self.rooms_active.load(Relaxed),
        );
        counter(
            &mut r,
            "chowka_rooms_created",
            "Rooms created",
            load(&self.rooms_created),
        );
        counter(
            &mut r,
            "chowka_rooms_restored",
            "Rooms restored from the store",
            load(&self.rooms_restored),
        );
        gauge(
            &mut r,
            "chowka_connections_active",
            "Open WebSocket connections",
            self.connections_active.load(Relaxed),
        );
        counter(
            &mut r,
            "chowka_connections",
            "WebSocket connections accepted",
            load(&self.connections_total),
        );
        counter(
            &mut r,
            "chowka_messages_received",
            "WebSocket messages received",
            load(&self.messages_received),
        );
        counter(
            &mut r,
            "chowka_actions",
            "Game actions accepted",
            load(&self.actions),
        );
        counter(
            &mut r,
            "chowka_games_finished",
            "Games finished",
            load(&self.games_finished),
        );
        counter(
            &mut r,
            "chowka_messages_dropped",
            "Messages dropped for connections too slow to read them (each is resynced)",
            load(&self.messages_dropped),
        );
        for (name, help, v) in [
            (
                "chowka_pushes_sent",
                "Pushes the push services took",
                &self.pushes_sent,
            ),
            (
                "chowka_pushes_failed",
                "Pushes given up on",
                &self.pushes_failed,
            ),
            (
                "chowka_push_subscriptions_dropped",
                "Push subscriptions dropped as gone (404, 410)",
                &self.push_subscriptions_dropped,
            ),
            (
                "chowka_push_checks",
                "Looks for turns to tell by push",
                &self.push_checks,
            ),
        ] {
            counter(&mut r, name, help, load(v));
        }
        counter(
            &mut r,
            "chowka_store_commits",
            "Group commits of actions (one statement and transaction each)",
            group_commits.0,
        );
        counter(
            &mut r,
            "chowka_store_committed_actions",
            "Actions written by the group commits",
            group_commits.1,
        );
        r.register(
            "chowka_action_seconds",
            "From receiving an action to broadcasting the new state, store write included",
            self.action_latency.0.clone(),
        );
        r.register(
            "chowka_store_write_seconds",
            "Writing one action to the store, until it is durable (its wait for a group commit included)",
            self.store_write_latency.0.clone(),
        );
        r.register(
            "chowka_errors",
            "Errors sent to clients, by code",
            self.errors.clone(),
        );
        r
    }

    /// The metrics in the OpenMetrics text format (tests, and nodes with
    /// nothing to add).
    pub fn render(&self, group_commits: (u64, u64)) -> String {
        encode(&self.registry(group_commits))
    }
}

/// `registry` in the OpenMetrics text format ([`CONTENT_TYPE`]).
pub fn encode(registry: &Registry) -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = prometheus_client::encoding::text::encode(&mut out, registry);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names, types and labels scrapers and docs/operations.md know.
    #[test]
    fn the_text_keeps_its_names_types_and_labels() {
        let m = Metrics::default();
        m.rooms_active.store(3, Relaxed);
        m.rooms_created.store(5, Relaxed);
        m.action_latency.observe(Duration::from_millis(2));
        m.error("rate_limited");
        m.error("rate_limited");
        let text = m.render((7, 9));
        for line in [
            "# TYPE chowka_rooms_active gauge",
            "chowka_rooms_active 3",
            "# TYPE chowka_rooms_created counter",
            "chowka_rooms_created_total 5",
            "chowka_connections_total 0",
            "chowka_store_commits_total 7",
            "chowka_store_committed_actions_total 9",
            "# TYPE chowka_action_seconds histogram",
            "chowka_action_seconds_bucket{le=\"0.0025\"} 1",
            "chowka_action_seconds_bucket{le=\"+Inf\"} 1",
            "chowka_action_seconds_count 1",
            "chowka_errors_total{code=\"rate_limited\"} 2",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
        }
    }
}
