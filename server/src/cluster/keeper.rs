//! Keeping leases: a third of a lease's time apart, this node renews the
//! leases of every room it runs, stops the rooms whose lease it lost
//! (their writes would be refused anyway, by the fence), and takes over
//! the rooms whose node was lost (the sweeper): their leases expired
//! unreleased, so that their games go on here, computers and clocks
//! included, before anyone asks for them.

use super::{stopped, Cluster};
use crate::rooms::Registry;
use crate::store::Store;
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
        let asked_at = Instant::now();
        let running = registry.codes();
        match store
            .renew_leases(&cluster.node, cluster.lease_ms, &running)
            .await
        {
            Ok(rooms) => {
                renewed_at = asked_at;
                let held: HashSet<String> = rooms.into_iter().collect();
                registry.keep_only(&held, asked_at.into_std());
            }
            Err(e) => {
                tracing::warn!("cannot renew this node's leases: {e}");
                // Past a lease's time another node may run these rooms:
                // stop them (a node alone has nobody to hand them to).
                if cluster.nats.is_some() && renewed_at.elapsed() > lease {
                    registry.keep_only(&HashSet::new(), asked_at.into_std());
                }
            }
        }
        // A paused node (SIGSTOP) wakes up here with every lease lost:
        // the renewal above stopped its rooms before it takes any back.
        match store.lost_rooms(SWEEP_BATCH).await {
            Ok(codes) => {
                // Side by side: each waits on the database, not the CPU.
                let take = |code: String| {
                    let registry = registry.clone();
                    async move { registry.take_over(&code).await }
                };
                futures_util::stream::iter(codes)
                    .for_each_concurrent(SWEEP_AT_ONCE, take)
                    .await;
            }
            Err(e) => tracing::warn!("cannot look for rooms whose node was lost: {e}"),
        }
    }
}
