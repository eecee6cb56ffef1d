//! Room codes and seat tokens.
//!
//! A room code is read aloud and typed on phones, so it avoids look-alike
//! characters (no 0/O, no 1/I/l) and is case-insensitive; 7 characters of
//! 31 give 2^34 codes, which together with the per-address rate limits
//! makes guessing a live room impractical. A seat token is 128 random bits;
//! the store keeps only its SHA-256, so a leaked database opens no seat.

use rand::Rng;
use sha2::{Digest, Sha256};

/// The characters of room codes.
pub const CODE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// Length of a room code.
pub const CODE_LEN: usize = 7;

/// A new random room code.
pub fn new_code() -> String {
    let mut rng = rand::thread_rng();
    (0..CODE_LEN)
        .map(|_| CODE_ALPHABET[rng.gen_range(0..CODE_ALPHABET.len())] as char)
        .collect()
}

/// A code as typed by a person, normalized: upper case, without spaces
/// and dashes; `None` if it cannot be a room code.
pub fn normalize_code(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    (code.len() == CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b))).then_some(code)
}

/// A new seat token: 128 random bits as 32 hex characters.
pub fn new_token() -> String {
    let bits: u128 = rand::thread_rng().gen();
    format!("{bits:032x}")
}

/// The SHA-256 of a token, as hex: what the store keeps.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Compares two token hashes in constant time, so that response timing
/// does not leak how much of a guess was right.
pub fn same_hash(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_avoid_look_alike_characters() {
        for _ in 0..1000 {
            let c = new_code();
            assert_eq!(c.len(), CODE_LEN);
            assert!(!c.contains(['0', 'O', '1', 'I', 'l']), "{c}");
        }
    }

    #[test]
    fn typed_codes_are_normalized() {
        assert_eq!(normalize_code("k7m-px3q").as_deref(), Some("K7MPX3Q"));
        assert_eq!(normalize_code("K7MPX30"), None);
        assert_eq!(normalize_code("K7MPX3"), None);
        assert_eq!(normalize_code("../etc"), None);
    }

    #[test]
    fn tokens_are_128_bits_and_only_their_hash_matches() {
        let t = new_token();
        assert_eq!(t.len(), 32);
        assert_ne!(t, new_token());
        let h = hash_token(&t);
        assert_eq!(h.len(), 64);
        assert!(same_hash(&h, &hash_token(&t)));
        assert!(!same_hash(&h, &hash_token("x")));
    }
}
