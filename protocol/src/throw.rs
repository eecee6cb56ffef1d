//! Cowrie throws (R5) and the [`ThrowSource`] seam.
//!
//! The engine never draws randomness itself: every throw comes from a
//! source, which is a CSPRNG in production, a seeded generator in
//! simulations, and a script in tests and replays.

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The five throw values, in the order used for held counts.
pub const VALUES: [u8; 5] = [1, 2, 3, 4, 8];

/// Whether `v` is a throw value (1, 2, 3, 4 or 8).
pub fn is_value(v: u8) -> bool {
    VALUES.contains(&v)
}

/// Whether `v` is a grace value, 4 (chowka) or 8 (bhara) (R5).
pub fn is_grace(v: u8) -> bool {
    v == 4 || v == 8
}

/// Index of a value in [`VALUES`]; only meaningful for valid values.
#[inline]
pub fn value_index(v: u8) -> usize {
    match v {
        1 => 0,
        2 => 1,
        3 => 2,
        4 => 3,
        _ => 4,
    }
}

/// The value shown by `mouths` cowries mouth up out of four (R5).
pub fn value_of_mouths(mouths: u32) -> u8 {
    match mouths {
        0 => 8,
        m => m as u8,
    }
}

/// How many cowries are mouth up for a value (inverse of [`value_of_mouths`]).
pub fn mouths_of_value(v: u8) -> u8 {
    if v == 8 {
        0
    } else {
        v
    }
}

/// The probability of each value in [`VALUES`] order for a mouth-up probability `p` (R5, O8).
pub fn odds(p: f64) -> [f64; 5] {
    let q = 1.0 - p;
    let k = |mouths: i32, ways: f64| ways * p.powi(mouths) * q.powi(4 - mouths);
    [k(1, 4.0), k(2, 6.0), k(3, 4.0), k(4, 1.0), k(0, 1.0)]
}

/// Where throws come from.
pub trait ThrowSource {
    /// Throws four cowries, each mouth up with probability `mouth_up`, and
    /// returns the value they show (R5).
    fn next_throw(&mut self, mouth_up: f64) -> u8;
}

/// Throws four cowries with any random number generator.
fn cowries<R: RngCore>(rng: &mut R, mouth_up: f64) -> u8 {
    let mouths = if mouth_up == 0.5 {
        // One draw, four fair bits.
        (rng.next_u32() & 0xf).count_ones()
    } else {
        (0..4).filter(|_| rng.gen_bool(mouth_up)).count() as u32
    };
    value_of_mouths(mouths)
}

/// The production source: a cryptographically secure generator (ChaCha12,
/// seeded from the operating system).
pub struct SecureThrows(rand::rngs::StdRng);

impl SecureThrows {
    /// A new source seeded from the operating system's entropy.
    pub fn new() -> Self {
        SecureThrows(rand::rngs::StdRng::from_entropy())
    }
}

impl Default for SecureThrows {
    fn default() -> Self {
        Self::new()
    }
}

impl ThrowSource for SecureThrows {
    fn next_throw(&mut self, mouth_up: f64) -> u8 {
        cowries(&mut self.0, mouth_up)
    }
}

/// A reproducible source for simulations and tournaments.
#[derive(Clone, Debug)]
pub struct SeededThrows(ChaCha8Rng);

impl SeededThrows {
    /// A source that gives the same throws for the same seed.
    pub fn new(seed: u64) -> Self {
        SeededThrows(ChaCha8Rng::seed_from_u64(seed))
    }
}

impl ThrowSource for SeededThrows {
    fn next_throw(&mut self, mouth_up: f64) -> u8 {
        cowries(&mut self.0, mouth_up)
    }
}

/// A source that gives a fixed list of values, for tests and replays.
#[derive(Clone, Debug, Default)]
pub struct ScriptedThrows {
    values: Vec<u8>,
    next: usize,
}

impl ScriptedThrows {
    /// A script of values, thrown in order.
    pub fn new(values: impl Into<Vec<u8>>) -> Self {
        ScriptedThrows {
            values: values.into(),
            next: 0,
        }
    }

    /// How many values are left.
    pub fn remaining(&self) -> usize {
        self.values.len() - self.next
    }
}

impl ThrowSource for ScriptedThrows {
    /// Panics when the script is exhausted: a test that throws more often
    /// than it scripted is wrong.
    fn next_throw(&mut self, _mouth_up: f64) -> u8 {
        let v = *self
            .values
            .get(self.next)
            .expect("scripted throws exhausted");
        self.next += 1;
        v
    }
}

/// A source that always shows one value (a one-step script).
#[derive(Clone, Copy, Debug)]
pub struct ForcedThrow(pub u8);

impl ThrowSource for ForcedThrow {
    fn next_throw(&mut self, _mouth_up: f64) -> u8 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fair_odds_are_r5() {
        let o = odds(0.5);
        let sixteenths: Vec<f64> = o.iter().map(|x| x * 16.0).collect();
        assert_eq!(sixteenths, vec![4.0, 6.0, 4.0, 1.0, 1.0]);
    }

    #[test]
    fn seeded_throws_follow_the_odds() {
        let mut s = SeededThrows::new(7);
        let mut counts = [0u32; 5];
        let n = 160_000;
        for _ in 0..n {
            counts[value_index(s.next_throw(0.5))] += 1;
        }
        for (c, p) in counts.iter().zip(odds(0.5)) {
            let f = *c as f64 / n as f64;
            assert!((f - p).abs() < 0.01, "{counts:?}");
        }
        let mut biased = SeededThrows::new(7);
        let eights = (0..n).filter(|_| biased.next_throw(0.2) == 8).count() as f64 / n as f64;
        assert!((eights - 0.8f64.powi(4)).abs() < 0.01);
    }

    #[test]
    fn secure_throws_give_values() {
        let mut s = SecureThrows::new();
        for _ in 0..100 {
            assert!(is_value(s.next_throw(0.5)));
        }
    }
}
