//! The due sweeper: one task per node looks up, every few seconds
//! (`--due-sweep-secs`), the games over days whose row's due time has
//! come (index `rooms_due`), and wakes each through [`Registry::get`],
//! which takes its lease (or says another node holds it: skipped, that
//! node runs it). A room woken finds its clock run out at once, the
//! computer plays the turn, the room writes its next due time, and closes
//! again a minute later when nobody is connected.

use super::{Found, Registry};
use std::time::Duration;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// Most rooms one sweep wakes; the rest wait for the next sweep.
const SWEEP_LIMIT: i64 = 500;

impl Registry {
    /// Wakes the games over days whose due time has come and that no
    /// task runs here; returns how many were woken here.
    pub async fn sweep_due(&self) -> usize {
        let Some((shared, _)) = self.shared() else {
            return 0;
        };
        let now = shared.config.wall.now_ms();
        let codes = match shared.store.due_rooms(now, SWEEP_LIMIT).await {
            Ok(codes) => codes,
            Err(e) => {
                tracing::warn!("cannot look up the games due: {e}");
                return 0;
            }
        };
        let mut woken = 0;
        for code in codes {
            if self.running(code).is_some() {
                continue;
            }
            if self.len() >= shared.config.max_rooms {
                tracing::warn!("--max-rooms reached: games due wait for the next sweep");
                break;
            }
            match self.get(code).await {
                Ok(Found::Here(_)) => woken += 1,
                Ok(Found::Elsewhere(_)) => {}
                Err(r) => tracing::warn!(room = %code, "a game due cannot be woken: {r}"),
            }
        }
        if woken > 0 {
            tracing::info!("woke {woken} games over days whose clock ran out");
        }
        woken
    }
}

/// Starts this node's due sweeper; it stops when `stopped` turns true.
pub fn spawn_sweeper(
    registry: Registry,
    every: Duration,
    mut stopped: watch::Receiver<bool>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            tokio::select! {
                _ = tokio::time::sleep(every) => {}
                _ = stopped.changed() => {}
            }
            if *stopped.borrow() {
                return;
            }
            registry.sweep_due().await;
        }
    })
}
