//! Keeping leases: a third of a lease's time apart, this node renews the
//! leases of every room it runs, stops the rooms whose lease it lost
//! (their writes would be refused anyway, by the fence), and takes over
//! the rooms whose node was lost (the sweeper): their leases expired
//! unreleased, so that their games go on here, computers and clocks
//! included, before anyone asks for them. A node alone only sweeps (rooms
//! left by a node of another name on its database); at start-up it brings
//! back every unfinished room ([`Cluster::restore`]).

use super::{stopped, Cluster};
use crate::ids::RoomCode;
use crate::rooms::Registry;
use crate::store::{Store, StoreError};
use futures_util::StreamExt;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::watch;
use tokio::time::Instant;

/// Rooms a sweep takes over at most (the next sweep takes more).
const SWEEP_BATCH: i64 = 200;

/// Rooms a sweep brings back at once.
const SWEEP_AT_ONCE: usize = 16;

/// Renews the leases of the rooms running here; stops those whose lease
/// was lost, and every room once renewals have failed for a lease's time
/// (another node may run them by then).
async fn renew(
    registry: &Registry,
    store: &Store,
    cluster: &Cluster,
    renewed_at: &mut Instant,
    lease: Duration,
) {
    let asked_at = Instant::now();
    let running = registry.codes();
    match (store.renew_leases(&cluster.node, cluster.lease_ms, &running)).await {
        Ok(rooms) => {
            *renewed_at = asked_at;
            let held: HashSet<RoomCode> = rooms.into_iter().collect();
            registry.keep_only(&held, asked_at.into_std());
        }
        Err(e) => {
            tracing::warn!("cannot renew this node's leases: {e}");
            if renewed_at.elapsed() > lease {
                registry.keep_only(&HashSet::new(), asked_at.into_std());
            }
        }
    }
}

impl Cluster {
    /// Brings rooms back at start-up; how many. A node alone brings back
    /// every unfinished room. One of several leaves the rooms of live
    /// nodes to them: its sweeper takes those of lost nodes, and any
    /// other comes back where it is next asked for.
    pub async fn restore(&self, registry: &Registry) -> Result<usize, StoreError> {
        if self.bus.shared() {
            return Ok(0);
        }
        registry.restore_all().await
    }
}

/// Renews, stops and sweeps until the server stops.
pub async fn keep_leases(
    registry: Registry,
    store: Store,
    cluster: Arc<Cluster>,
    mut shutdown: watch::Receiver<bool>,
) {
    let lease = Duration::from_millis(cluster.lease_ms.max(300) as u64);
    let mut every = tokio::time::interval(lease / 3);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut renewed_at = Instant::now();
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = stopped(&mut shutdown) => return,
        }
        // A node alone renews nothing: no other node may take its rooms,
        // and it takes its own back whatever their expiry (a renewal of
        // thousands of rows every second or two would only slow its store).
        let renewal = renew(&registry, &store, &cluster, &mut renewed_at, lease);
        cluster.among_others(renewal).await;
        // A paused node (SIGSTOP) wakes up here with every lease lost:
        // the renewal above stopped its rooms before it takes any back.
        match store.lost_rooms(&cluster.node, SWEEP_BATCH).await {
            Ok(codes) => {
                // Side by side: each waits on the database, not the CPU.
                let take = |code: RoomCode| {
                    let registry = registry.clone();
                    async move { registry.take_over(code).await }
                };
                futures_util::stream::iter(codes)
                    .for_each_concurrent(SWEEP_AT_ONCE, take)
                    .await;
            }
            Err(e) => tracing::warn!("cannot look for rooms whose node was lost: {e}"),
        }
    }
}
