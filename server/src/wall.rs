//! The wall clock, as a seam: games over days count real time (a turn's
//! clock runs for hours, and must survive restarts), so the rooms read
//! the time of day in ms since the epoch, not tokio's monotonic clock.
//! Tests drive it with tokio's paused clock: [`Wall::paused`] reads
//! tokio's `Instant` as an offset from the time it was made, so
//! `tokio::time::advance` moves it too.

use crate::store::now_ms as system_ms;
use tokio::time::Instant;

/// Where the time of day comes from.
#[derive(Clone, Copy, Debug, Default)]
pub enum Wall {
    /// The system's clock (production).
    #[default]
    System,
    /// Tokio's clock, from a base: `base_ms` at `base` (tests).
    Tokio {
        /// The time of day at `base`, ms since the epoch.
        base_ms: i64,
        /// Tokio's instant the base stands for.
        base: Instant,
    },
}

impl Wall {
    /// A wall clock that moves with tokio's (paused) clock, starting now.
    pub fn paused() -> Wall {
        Wall::Tokio {
            base_ms: system_ms(),
            base: Instant::now(),
        }
    }

    /// Milliseconds since the Unix epoch, now.
    pub fn now_ms(&self) -> i64 {
        match self {
            Wall::System => system_ms(),
            Wall::Tokio { base_ms, base } => {
                let since = Instant::now().saturating_duration_since(*base);
                base_ms.saturating_add(since.as_millis() as i64)
            }
        }
    }

    /// Tokio's instant at which the wall shows `at_ms` (now if it has
    /// passed): when a room's timer for a wall-clock deadline fires.
    pub fn instant_at(&self, at_ms: i64) -> Instant {
        let wait = at_ms.saturating_sub(self.now_ms()).max(0) as u64;
        Instant::now() + std::time::Duration::from_millis(wait)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test(start_paused = true)]
    async fn a_paused_wall_moves_with_tokio() {
        let wall = Wall::paused();
        let t0 = wall.now_ms();
        tokio::time::advance(Duration::from_secs(3600)).await;
        assert_eq!(wall.now_ms() - t0, 3_600_000);
        let at = wall.instant_at(t0 + 3_601_000);
        assert_eq!(at - Instant::now(), Duration::from_secs(1));
    }
}
