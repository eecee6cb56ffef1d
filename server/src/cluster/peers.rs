//! What nodes tell each other over NATS, besides relayed rooms (subjects
//! after the cluster's name, `chowka` by default):
//! - `chowka.nodes`: every second, each node's [`Report`]: its open
//!   public rooms (so that any node lists them all), its WebSockets per
//!   address (so that the cap per address holds across nodes) and its
//!   totals. A node not heard of for [`PEER_TIMEOUT`] is gone; a node
//!   that drains says so, and is gone at once.
//! - `chowka.hits`: each turn an address takes of a rate limit on one
//!   node, which the others count too ([`Hit`]).

use super::{stopped, Cluster, PEER_TIMEOUT, REPORT_EVERY};
use crate::limits::Limited;
use crate::limits::OpenPerAddress;
use crate::metrics::Metrics;
use crate::rooms::Listing;
use crate::rooms::Registry;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::Instant;

/// The subject of the nodes' reports, after the cluster's name.
const NODES: &str = "nodes";

/// The subject of the rate limits' turns, after the cluster's name.
pub(super) const HITS: &str = "hits";

/// What a node says of itself every second.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Report {
    /// The node's name.
    pub node: String,
    /// True in the last report of a node that drains.
    pub leaving: bool,
    /// Its rooms running.
    pub rooms: usize,
    /// Its open WebSockets.
    pub sockets: usize,
    /// Its public rooms in the lobby with an empty seat.
    pub listings: Vec<Listing>,
    /// Its WebSockets by address (`limits::address_key`).
    pub addresses: Vec<(IpAddr, usize)>,
}

/// Another node, as last heard of.
pub struct Peer {
    /// Its last report.
    pub report: Report,
    /// Its WebSockets by address, from the report.
    pub sockets: HashMap<IpAddr, usize>,
    seen: Instant,
}

/// One turn of a rate limit taken on one node.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Hit {
    pub node: String,
    pub limit: Limited,
    pub ip: IpAddr,
}

/// What this node holds, which its reports tell the others.
pub struct Holdings {
    /// Its rooms.
    pub registry: Registry,
    /// Its metrics (open WebSockets).
    pub metrics: Arc<Metrics>,
    /// Its WebSockets per address.
    pub addresses: Arc<OpenPerAddress>,
}

impl Cluster {
    /// This node's report now.
    fn report(&self, held: &Holdings, leaving: bool) -> Report {
        Report {
            node: self.node.clone(),
            leaving,
            rooms: held.registry.len(),
            sockets: held.metrics.connections_active.load(Relaxed) as usize,
            listings: if leaving {
                Vec::new()
            } else {
                held.registry.local_listings()
            },
            addresses: held.addresses.counts(),
        }
    }

    /// Takes a node's report in.
    fn heard(&self, report: Report) {
        if report.node == self.node {
            return;
        }
        let node = report.node.clone();
        if report.leaving {
            if self.peers().remove(&node).is_some() {
                tracing::info!(%node, "node leaves");
            }
            let _ = self.gone.send(node);
            return;
        }
        let peer = Peer {
            sockets: report.addresses.iter().copied().collect(),
            report,
            seen: Instant::now(),
        };
        if self.peers().insert(node.clone(), peer).is_none() {
            tracing::info!(%node, "node joins");
        }
    }

    /// Forgets the nodes not heard of for [`PEER_TIMEOUT`], and says so.
    fn forget_silent(&self) {
        let mut gone = Vec::new();
        self.peers().retain(|node, p| {
            let live = p.seen.elapsed() < PEER_TIMEOUT;
            if !live {
                gone.push(node.clone());
            }
            live
        });
        for node in gone {
            tracing::warn!(%node, "node silent: taken for gone");
            let _ = self.gone.send(node);
        }
    }
}

/// Says what this node holds every second, and hears the others (each
/// turn another node took of a rate limit goes to `count_elsewhere`),
/// until the server stops; then says it leaves. Alone, there is nobody
/// to tell or to hear: no report is built.
pub async fn run(
    cluster: Arc<Cluster>,
    held: Holdings,
    count_elsewhere: impl Fn(Limited, IpAddr) + Send,
    shutdown: tokio::sync::watch::Receiver<bool>,
) {
    let talk = talk(cluster.clone(), held, count_elsewhere, shutdown);
    cluster.among_others(talk).await;
}

/// [`run`]'s reports and hearing, with other nodes to talk to.
async fn talk(
    cluster: Arc<Cluster>,
    held: Holdings,
    count_elsewhere: impl Fn(Limited, IpAddr) + Send,
    mut shutdown: tokio::sync::watch::Receiver<bool>,
) {
    let bus = &cluster.bus;
    let (nodes, hits) = (cluster.subject(NODES), cluster.subject(HITS));
    let (nodes, hits) = match (bus.subscribe(nodes).await, bus.subscribe(hits).await) {
        (Ok(n), Ok(h)) => (n, h),
        (Err(e), _) | (_, Err(e)) => {
            tracing::error!("cannot hear the other nodes on NATS: {e}");
            return;
        }
    };
    let (mut nodes, mut hits) = (nodes.fuse(), hits.fuse());
    let mut every = tokio::time::interval(REPORT_EVERY);
    loop {
        tokio::select! {
            _ = every.tick() => {
                say(&cluster, &cluster.report(&held, false)).await;
                cluster.forget_silent();
            }
            Some(msg) = nodes.next() => {
                if let Ok(report) = serde_json::from_slice::<Report>(&msg.payload) {
                    cluster.heard(report);
                }
            }
            Some(msg) = hits.next() => {
                if let Ok(hit) = serde_json::from_slice::<Hit>(&msg.payload) {
                    if hit.node != cluster.node {
                        count_elsewhere(hit.limit, hit.ip);
                    }
                }
            }
            _ = stopped(&mut shutdown) => break,
        }
    }
    say(&cluster, &cluster.report(&held, true)).await;
    bus.flush().await;
}

async fn say(cluster: &Cluster, report: &Report) {
    if let Ok(body) = serde_json::to_vec(report) {
        cluster
            .bus
            .publish(cluster.subject(NODES), body.into())
            .await;
    }
}
