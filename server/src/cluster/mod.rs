//! Several nodes behind one address (DESIGN.md, "Several machines"):
//! PostgreSQL decides which node runs each room (leases, `store/leases.rs`),
//! NATS carries what nodes say to each other. Nothing here is home-made
//! consensus: a node only ever acts on a lease the database gave it.
//!
//! # Layout
//! - [`Cluster`]: this node's name, its bus, and what it hears of the
//!   other nodes; it is the registry's [`Directory`]. What only concerns
//!   the other nodes goes through [`Cluster::among_others`] (or its
//!   `spawn_` twin), which a node alone skips: callers never ask.
//! - `bus`: how nodes talk, one trait ([`bus::Bus`]) for a node alone
//!   (nobody hears it) and for one of several (NATS).
//! - `keeper`: brings rooms back at start-up, renews this node's leases,
//!   stops rooms whose lease was lost, and brings back rooms whose node
//!   was lost (the sweeper).
//! - `relay`: connect anywhere. A node that does not run a room passes a
//!   connection's messages to the node that does, and that node's
//!   messages back, over NATS subjects named for the room.
//! - `peers`: every node says every second what it holds (open public
//!   rooms, sockets per address); the others keep the last word of each
//!   live node, and hear when one is gone.
//!
//! One node alone (no `--nats-url`) runs the same code over the bus of a
//! node alone: it takes its rooms' leases in its own database, and every
//! room it is asked for is its own, so nothing is ever relayed.

pub mod bus;
mod keeper;
mod peers;
pub mod relay;

pub use keeper::keep_leases;
pub use peers::{run as hear_peers, Holdings, Peer, Report};

use crate::config::ClusterOpts;
use crate::ids::RoomCode;
use crate::limits::Limited;
use crate::metrics;
use crate::rooms::{Directory, Listing, RoomStub};
use bus::Bus;
use futures_util::future::BoxFuture;
use prometheus_client::registry::Registry;
use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::broadcast;

/// How often a node says what it holds (`peers`).
pub const REPORT_EVERY: Duration = Duration::from_secs(1);

/// A node not heard of for this long is taken for gone: its relayed
/// connections are closed, so that their browsers reconnect and reach
/// the room wherever it is brought back.
pub const PEER_TIMEOUT: Duration = Duration::from_secs(3);

/// The name [`Cluster::gone`] says when this node lost NATS itself: every
/// relayed connection is then closed, since messages may have been lost.
pub const EVERY_NODE: &str = "*";

/// This node among the others.
pub struct Cluster {
    /// The cluster's name: the first part of every NATS subject, so that
    /// several deployments may share one NATS server.
    pub name: String,
    /// This node's name, unique among the nodes sharing a database.
    pub node: String,
    /// How long a lease lasts unless renewed, in ms.
    pub lease_ms: i64,
    /// How this node talks to the others ([`bus::Alone`] for a node alone).
    pub bus: Arc<dyn Bus>,
    /// The last report of every other live node, by name.
    peers: Mutex<HashMap<String, Peer>>,
    /// Names of nodes found gone (silent, or said they leave).
    gone: broadcast::Sender<String>,
    /// What this node did among the others, for `/metrics`.
    pub counts: Counts,
}

/// Counts of what a node did among the others.
#[derive(Default)]
pub struct Counts {
    /// Connections of other nodes relayed to rooms running here.
    pub relayed_in: AtomicI64,
    /// Connections here relayed to rooms on other nodes.
    pub relayed_out: AtomicI64,
    /// Rooms this node took over from a lost node.
    pub taken_over: AtomicU64,
    /// Rooms this node stopped because their lease was lost.
    pub leases_lost: AtomicU64,
}

impl Cluster {
    /// This node, alone, in the cluster named `chowka`.
    pub fn alone(node: String, lease_ms: i64) -> Cluster {
        let gone = broadcast::channel(64).0;
        Cluster::with_gone("chowka".into(), node, lease_ms, Arc::new(bus::Alone), gone)
    }

    /// This node in the cluster `name`, talking on `bus`, saying gone
    /// nodes on `gone` (which NATS's connection events also use, with
    /// [`EVERY_NODE`]).
    pub fn with_gone(
        name: String,
        node: String,
        lease_ms: i64,
        bus: Arc<dyn Bus>,
        gone: broadcast::Sender<String>,
    ) -> Cluster {
        Cluster {
            name,
            node,
            lease_ms,
            bus,
            peers: Mutex::new(HashMap::new()),
            gone,
            counts: Counts::default(),
        }
    }

    /// Adds this node's part of `/metrics` to `registry`.
    pub fn register_metrics(&self, registry: &mut Registry) {
        let c = &self.counts;
        let nodes = 1 + self.peers().len() as i64;
        let help = "Live nodes this node knows of, itself included";
        metrics::gauge(registry, "chowka_nodes", help, nodes);
        let help = "Connections of other nodes relayed to rooms here";
        metrics::gauge(
            registry,
            "chowka_relayed_in",
            help,
            c.relayed_in.load(Relaxed),
        );
        let help = "Connections here relayed to rooms on other nodes";
        metrics::gauge(
            registry,
            "chowka_relayed_out",
            help,
            c.relayed_out.load(Relaxed),
        );
        let help = "Rooms taken over from a lost node";
        let n = c.taken_over.load(Relaxed);
        metrics::counter(registry, "chowka_rooms_taken_over", help, n);
        let help = "Rooms stopped here because their lease was lost";
        let n = c.leases_lost.load(Relaxed);
        metrics::counter(registry, "chowka_leases_lost", help, n);
    }

    /// Hears of every node found gone from now on.
    pub fn gone(&self) -> broadcast::Receiver<String> {
        self.gone.subscribe()
    }

    fn peers(&self) -> std::sync::MutexGuard<'_, HashMap<String, Peer>> {
        self.peers.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A NATS subject of this cluster: `rest` after its name.
    pub fn subject(&self, rest: &str) -> String {
        format!("{}.{rest}", self.name)
    }

    /// Whether `node` is live: this node, or one heard of lately.
    pub fn is_live(&self, node: &str) -> bool {
        node == self.node || self.peers().contains_key(node)
    }

    /// The other live nodes' last reports.
    pub fn peer_reports(&self) -> Vec<Report> {
        self.peers().values().map(|p| p.report.clone()).collect()
    }

    /// WebSockets the other nodes hold for this address (its key, see
    /// `limits::address_key`), for a cap that holds across nodes.
    pub fn sockets_elsewhere(&self, key: IpAddr) -> usize {
        self.peers()
            .values()
            .filter_map(|p| p.sockets.get(&key))
            .sum()
    }

    /// Does `work`, which only concerns the other nodes, when there may
    /// be any; alone, it is dropped undone (a future does nothing until
    /// awaited).
    pub async fn among_others(&self, work: impl Future<Output = ()>) {
        if self.bus.shared() {
            work.await;
        }
    }

    /// Runs `task`, which only serves the other nodes, in a task of its
    /// own when there may be any. Alone, nobody could ask anything of it,
    /// so no task is started (one idle task per room would be memory for
    /// nothing).
    pub fn spawn_among_others(&self, task: impl Future<Output = ()> + Send + 'static) {
        if self.bus.shared() {
            tokio::spawn(task);
        }
    }

    /// Tells the other nodes that this address used one of a limit's
    /// turns here, so that they count it too: a limit per address holds
    /// across nodes, wherever the load balancer sends each request.
    pub async fn share_hit(&self, limit: Limited, ip: IpAddr) {
        let hit = peers::Hit {
            node: self.node.clone(),
            limit,
            ip,
        };
        if let Ok(body) = serde_json::to_vec(&hit) {
            self.bus
                .publish(self.subject(peers::HITS), body.into())
                .await;
        }
    }
}

impl Directory for Cluster {
    fn node(&self) -> &str {
        &self.node
    }

    fn lease_ms(&self) -> i64 {
        self.lease_ms
    }

    fn started(self: Arc<Self>, code: RoomCode, stub: RoomStub) {
        self.clone()
            .spawn_among_others(relay::serve_room(self, code, stub));
    }

    fn moved(&self, code: RoomCode) -> BoxFuture<'_, ()> {
        Box::pin(relay::announce_moved(self, code))
    }

    fn listings_elsewhere(&self) -> Vec<Listing> {
        (self.peer_reports().into_iter())
            .flat_map(|r| r.listings)
            .collect()
    }

    fn lease_lost(&self) {
        self.counts.leases_lost.fetch_add(1, Relaxed);
    }

    fn taken_over(&self) {
        self.counts.taken_over.fetch_add(1, Relaxed);
    }
}

/// This node: alone, or (with `--nats-url`) connected to the others.
pub async fn join(config: &ClusterOpts) -> Result<Cluster, crate::StartError> {
    let lease_ms = i64::try_from(config.lease_secs.max(1).saturating_mul(1000)).unwrap_or(5000);
    let Some(url) = &config.nats_url else {
        let node = config.node.clone().unwrap_or_else(|| "local".into());
        return Ok(Cluster::alone(node, lease_ms));
    };
    let node = (config.node.clone()).unwrap_or_else(default_node_name);
    let node = subject_token(&node);
    // Messages sent while NATS is away are lost: relayed connections are
    // closed then (their browsers reconnect and resync) rather than trusted.
    let gone = tokio::sync::broadcast::channel(64).0;
    let lost = gone.clone();
    let nats = async_nats::ConnectOptions::new()
        .name(format!("chowka {node}"))
        .event_callback(move |event| {
            let lost = lost.clone();
            async move {
                match event {
                    async_nats::Event::Disconnected => {
                        tracing::warn!("NATS connection lost: closing relayed connections");
                        let _ = lost.send(EVERY_NODE.to_string());
                    }
                    async_nats::Event::Connected => tracing::info!("NATS connected"),
                    other => tracing::debug!("NATS: {other}"),
                }
            }
        })
        .connect(url.as_str())
        .await
        .map_err(|source| crate::StartError::Nats {
            url: url.clone(),
            source,
        })?;
    tracing::info!("node {node}, one of several (NATS at {url})");
    let name = subject_token(&config.name);
    let bus = Arc::new(bus::Nats(nats));
    Ok(Cluster::with_gone(name, node, lease_ms, bus, gone))
}

/// A name as one token of a NATS subject (and of logs): letters, digits,
/// `-` and `_`; anything else becomes `-`.
fn subject_token(name: &str) -> String {
    let token: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    if token.is_empty() {
        "chowka".into()
    } else {
        token
    }
}

/// Resolves once the server stops (the guard `wait_for` gives is not
/// `Send`, so it is dropped here rather than held in a task's select).
async fn stopped(shutdown: &mut tokio::sync::watch::Receiver<bool>) {
    let _ = shutdown.wait_for(|stop| *stop).await;
}

/// A name for this node when none is given: the host's name if it has
/// one, and a random suffix, so that a restarted node is a new one.
pub fn default_node_name() -> String {
    let host = std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "node".into());
    format!("{host}-{}", RoomCode::random().as_str().to_lowercase())
}
