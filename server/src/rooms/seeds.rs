//! Where a room's randomness starts: each game's server seed of the fair
//! throws, and the generator its computer players choose with.
//!
//! In a release build that is always the operating system's generator. A
//! debug build run with `CHOWKA_TEST_SEED=<u64>` (the end-to-end and
//! browser tests) draws the seeds from that number instead, so that a test
//! plays the same game on every run: the n-th seed the process draws is
//! SHA-256 of the test seed and n. The fair-throw scheme is unchanged (the
//! server still commits to its seed, players still add theirs), so a test
//! game's record still verifies; its seeds are merely predictable, which
//! is why the seam is compiled out of release builds.

use chowka_protocol::Bytes32;
use rand::RngCore;

/// A new game's server seed of the fair throws (docs/record.md): drawn
/// outside the room core, which does no IO, and handed to it.
pub fn server_seed() -> Bytes32 {
    Bytes32(fresh())
}

/// A fresh 32-byte seed: random, or the next one of `CHOWKA_TEST_SEED`'s
/// sequence in a debug build run with it.
pub(super) fn fresh() -> [u8; 32] {
    #[cfg(debug_assertions)]
    if let Some(seed) = test::next() {
        return seed;
    }
    let mut seed = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut seed);
    seed
}

/// The test seam itself, absent from release builds.
#[cfg(debug_assertions)]
mod test {
    use sha2::{Digest, Sha256};
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::OnceLock;

    /// The environment variable that fixes the seeds.
    const VAR: &str = "CHOWKA_TEST_SEED";

    /// Seeds drawn so far by this process.
    static DRAWN: AtomicU64 = AtomicU64::new(0);

    /// The next seed of the test sequence, or `None` when the variable is
    /// not set. A value that is not a u64 stops the room with a panic
    /// rather than silently playing random games.
    pub(super) fn next() -> Option<[u8; 32]> {
        static SEED: OnceLock<Option<u64>> = OnceLock::new();
        let seed = (*SEED.get_or_init(|| {
            let value = std::env::var(VAR).ok()?;
            let seed = value
                .trim()
                .parse()
                .unwrap_or_else(|_| panic!("{VAR}={value:?} is not a u64"));
            tracing::warn!("{VAR} is set: every game's throws are predictable (a test build)");
            Some(seed)
        }))?;
        Some(derive(seed, DRAWN.fetch_add(1, Ordering::Relaxed)))
    }

    /// Seed `n` of the sequence of `seed`: SHA-256 of both, big-endian.
    pub(super) fn derive(seed: u64, n: u64) -> [u8; 32] {
        let mut hash = Sha256::new();
        hash.update(b"chowka-test-seed/1");
        hash.update(seed.to_be_bytes());
        hash.update(n.to_be_bytes());
        hash.finalize().into()
    }

    #[cfg(test)]
    mod tests {
        use super::derive;

        #[test]
        fn the_sequence_repeats_and_each_seed_differs() {
            assert_eq!(
                derive(7, 0),
                derive(7, 0),
                "a test seed gives the same seeds on every run"
            );
            assert_ne!(derive(7, 0), derive(7, 1), "two games of one run differ");
            assert_ne!(derive(7, 0), derive(8, 0), "two test seeds differ");
        }
    }
}
