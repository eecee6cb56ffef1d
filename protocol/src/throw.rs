//! Cowrie throws (R5) and the [`ThrowSource`] seam.
//!
//! The engine never draws randomness itself: every throw comes from a
//! source, which is [`FairThrows`] in rooms (provably fair: derived from a
//! committed server seed and the players' seeds, docs/record.md), a seeded
//! generator in simulations, and a script in tests and replays.

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};
use std::fmt;
use std::str::FromStr;

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

/// The name of the fair-throw scheme below, also its domain tag in the key
/// (docs/record.md, "Fair throws").
pub const FAIR_SCHEME: &str = "chowka-fair/1";

/// 32 bytes written as 64 lowercase hexadecimal digits: a seed, a
/// commitment or a key of the fair-throw scheme.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bytes32(pub [u8; 32]);

impl Bytes32 {
    /// SHA-256 of `bytes`.
    pub fn sha256(bytes: &[u8]) -> Bytes32 {
        Bytes32(Sha256::digest(bytes).into())
    }
}

impl fmt::Display for Bytes32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex::encode(self.0))
    }
}

/// Debug shows the hex too: a seed in a log line reads like the record.
impl fmt::Debug for Bytes32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl FromStr for Bytes32 {
    type Err = String;

    /// Exactly 64 hexadecimal digits, either case.
    fn from_str(s: &str) -> Result<Bytes32, String> {
        if s.len() != 64 {
            return Err(format!(
                "expected 64 hexadecimal digits, got {} characters",
                s.chars().count()
            ));
        }
        let mut out = [0u8; 32];
        hex::decode_to_slice(s, &mut out).map_err(|e| format!("not hexadecimal: {e}"))?;
        Ok(Bytes32(out))
    }
}

impl Serialize for Bytes32 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Bytes32 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Bytes32, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// What the server publishes at the start: SHA-256 of its secret seed.
pub fn commitment(server_seed: &Bytes32) -> Bytes32 {
    Bytes32::sha256(&server_seed.0)
}

/// The key every throw of a game is derived from: SHA-256 of the tag
/// [`FAIR_SCHEME`], the server seed, and per seat in seat order a byte 1
/// and its client seed, or a byte 0 for a seat that gave none. Every part
/// has a fixed length, so no two different inputs run together alike.
pub fn fair_key(server_seed: &Bytes32, client_seeds: &[Option<Bytes32>]) -> Bytes32 {
    let mut h = Sha256::new();
    h.update(FAIR_SCHEME.as_bytes());
    h.update(server_seed.0);
    for seed in client_seeds {
        match seed {
            Some(s) => {
                h.update([1]);
                h.update(s.0);
            }
            None => h.update([0]),
        }
    }
    Bytes32(h.finalize().into())
}

/// The bound under which a cowrie's 64-bit word shows it mouth up:
/// floor(p x 2^64), exact for any `p` in [0, 1] (multiplying a binary64
/// number by 2^64 loses nothing). For p = 0.5 it is 2^63: the word's top
/// bit is 0.
pub fn mouth_up_bound(mouth_up: f64) -> u128 {
    let p = mouth_up.clamp(0.0, 1.0);
    (p * 18_446_744_073_709_551_616.0).floor() as u128
}

/// Throw `n` (counted from 0 over every throw of the game) of the game
/// with `key`: with d = SHA-256(key, n as 8 bytes big-endian), cowrie c
/// (0 to 3) is mouth up when the c-th 8-byte big-endian word of d is below
/// [`mouth_up_bound`]; the mouths give the value (R5).
pub fn fair_throw(key: &Bytes32, n: u64, mouth_up: f64) -> u8 {
    let mut h = Sha256::new();
    h.update(key.0);
    h.update(n.to_be_bytes());
    let d: [u8; 32] = h.finalize().into();
    let bound = mouth_up_bound(mouth_up);
    let mouths = d
        .chunks_exact(8)
        .filter(|w| {
            let word = u64::from_be_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]);
            (word as u128) < bound
        })
        .count() as u32;
    value_of_mouths(mouths)
}

/// The source of a room's throws: throw n of the game derived from its key
/// ([`fair_throw`]), so that anyone holding the revealed seeds can check
/// every throw after the game. Made anew for each action, at the number of
/// throws already made, so a restored room continues the same stream.
#[derive(Clone, Copy, Debug)]
pub struct FairThrows {
    key: Bytes32,
    next: u64,
}

impl FairThrows {
    /// The stream of the game with `key`, at throw `next`.
    pub fn new(key: Bytes32, next: u64) -> FairThrows {
        FairThrows { key, next }
    }

    /// The number of the throw this source gives next.
    pub fn next_index(&self) -> u64 {
        self.next
    }
}

impl ThrowSource for FairThrows {
    fn next_throw(&mut self, mouth_up: f64) -> u8 {
        let v = fair_throw(&self.key, self.next, mouth_up);
        self.next += 1;
        v
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

    /// The known-answer vector of docs/record.md ("Fair throws"): server
    /// seed 00 01 .. 1f, seat 0's seed 20 21 .. 3f, seat 1 none. Worked
    /// out independently (Python's hashlib) from the written definition.
    #[test]
    fn fair_throws_match_the_documented_vector() {
        let server: Bytes32 = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
            .parse()
            .unwrap();
        let seat0: Bytes32 = "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f"
            .parse()
            .unwrap();
        assert_eq!(
            commitment(&server).to_string(),
            "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
        );
        let key = fair_key(&server, &[Some(seat0), None]);
        assert_eq!(
            key.to_string(),
            "8bb86de21e4ffd383053a863077a17c2b3b2dacc6b033ee4f01e10c5614403d0"
        );
        let fair: Vec<u8> = (0..16).map(|n| fair_throw(&key, n, 0.5)).collect();
        assert_eq!(fair, [2, 3, 2, 2, 3, 3, 4, 2, 1, 3, 3, 1, 3, 4, 8, 2]);
        let biased: Vec<u8> = (0..16).map(|n| fair_throw(&key, n, 0.3)).collect();
        assert_eq!(biased, [1, 3, 2, 2, 3, 2, 2, 2, 1, 1, 2, 1, 1, 1, 8, 1]);
        assert_eq!(mouth_up_bound(0.3), 5_534_023_222_112_865_280);
    }

    #[test]
    fn every_seed_and_every_seat_changes_the_key() {
        let a = Bytes32([1; 32]);
        let b = Bytes32([2; 32]);
        let base = fair_key(&a, &[Some(b), None]);
        assert_ne!(base, fair_key(&b, &[Some(b), None]), "server seed");
        assert_ne!(base, fair_key(&a, &[Some(a), None]), "client seed");
        assert_ne!(base, fair_key(&a, &[None, Some(b)]), "seat order");
        assert_ne!(base, fair_key(&a, &[Some(b), None, None]), "seat count");
        assert_ne!(base, fair_key(&a, &[Some(b)]), "a none is not nothing");
    }

    #[test]
    fn a_fair_stream_continues_from_any_throw() {
        let key = Bytes32([7; 32]);
        let mut whole = FairThrows::new(key, 0);
        let first: Vec<u8> = (0..40).map(|_| whole.next_throw(0.5)).collect();
        let mut resumed = FairThrows::new(key, 25);
        let rest: Vec<u8> = (0..15).map(|_| resumed.next_throw(0.5)).collect();
        assert_eq!(rest, first[25..]);
        assert_eq!((whole.next_index(), resumed.next_index()), (40, 40));
    }

    #[test]
    fn fair_throws_follow_the_odds_r5_o8() {
        assert_eq!(mouth_up_bound(0.5), 1 << 63, "p = 0.5: the top bit is 0");
        assert_eq!(mouth_up_bound(1.0), 1 << 64);
        assert_eq!(mouth_up_bound(0.0), 0);
        let key = Bytes32([3; 32]);
        let n = 80_000;
        for p in [0.5, 0.3] {
            let mut counts = [0u32; 5];
            for i in 0..n {
                counts[value_index(fair_throw(&key, i, p))] += 1;
            }
            for (c, want) in counts.iter().zip(odds(p)) {
                let f = *c as f64 / n as f64;
                assert!((f - want).abs() < 0.01, "p {p}: {counts:?}");
            }
        }
    }

    #[test]
    fn seeds_are_64_hex_digits() {
        let s: Bytes32 = "AB".repeat(32).parse().unwrap();
        assert_eq!(s, Bytes32([0xab; 32]));
        assert_eq!(s.to_string(), "ab".repeat(32), "written lowercase");
        assert_eq!(serde_json::to_value(s).unwrap(), "ab".repeat(32));
        assert!("ab".repeat(31).parse::<Bytes32>().is_err());
        assert!("ab".repeat(33).parse::<Bytes32>().is_err());
        assert!("zz".repeat(32).parse::<Bytes32>().is_err());
        assert!(serde_json::from_str::<Bytes32>("\"12\"").is_err());
        // 64 characters, but not 64 bytes of ASCII digits.
        assert!("é".repeat(32).parse::<Bytes32>().is_err());
    }

    #[test]
    fn secure_throws_give_values() {
        let mut s = SecureThrows::new();
        for _ in 0..100 {
            assert!(is_value(s.next_throw(0.5)));
        }
    }
}
