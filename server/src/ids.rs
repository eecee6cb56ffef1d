//! Room codes, circles' ids and seat tokens.
//!
//! A room code is read aloud and typed on phones, so it avoids look-alike
//! characters (no 0/O, no 1/I/l) and is case-insensitive; 7 characters of
//! 31 give 2^34 codes, which together with the per-address rate limits
//! makes guessing a live room impractical. A seat token is 128 random bits;
//! the store keeps only its SHA-256, so a leaked database opens no seat.

use rand::Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};
use std::fmt;

/// The characters of room codes.
pub const CODE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// Length of a room code.
pub const CODE_LEN: usize = 7;

/// Length of a circle's id: 31^10 (about 2^50) ids, never guessed.
pub const CIRCLE_ID_LEN: usize = 10;

/// A code of `N` characters of [`CODE_ALPHABET`]: a room's ([`RoomCode`])
/// or a circle's ([`CircleId`]). `Copy`, so it is passed by value;
/// spelled as a string on the wire and in the store.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code<const N: usize>([u8; N]);

/// A room code: [`CODE_LEN`] characters.
pub type RoomCode = Code<CODE_LEN>;

/// A circle's id: [`CIRCLE_ID_LEN`] characters, the same alphabet as room
/// codes (it is in the circle's address, `/c/{id}`).
pub type CircleId = Code<CIRCLE_ID_LEN>;

impl<const N: usize> Code<N> {
    /// A new random code.
    pub fn random() -> Code<N> {
        let mut rng = rand::thread_rng();
        Code(std::array::from_fn(|_| {
            CODE_ALPHABET[rng.gen_range(0..CODE_ALPHABET.len())]
        }))
    }

    /// A code as typed by a person, normalized: upper case, without spaces
    /// and dashes; `None` if it cannot be a code of this length.
    pub fn parse(typed: &str) -> Option<Code<N>> {
        let mut code = [0; N];
        let mut chars = typed.chars().filter(|c| !matches!(c, ' ' | '-'));
        for byte in &mut code {
            let c = chars.next()?.to_ascii_uppercase();
            *byte = u8::try_from(c).ok().filter(|b| CODE_ALPHABET.contains(b))?;
        }
        chars.next().is_none().then_some(Code(code))
    }

    /// The code as text.
    pub fn as_str(&self) -> &str {
        // Only bytes of CODE_ALPHABET, all ASCII, are ever put in.
        std::str::from_utf8(&self.0).expect("codes are ASCII")
    }
}

/// Text that cannot be a code of `N` characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotACode<const N: usize>;

impl<const N: usize> fmt::Display for NotACode<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a code is {N} letters and digits")
    }
}

impl<const N: usize> std::error::Error for NotACode<N> {}

impl<const N: usize> std::str::FromStr for Code<N> {
    type Err = NotACode<N>;
    fn from_str(typed: &str) -> Result<Code<N>, NotACode<N>> {
        Code::parse(typed).ok_or(NotACode)
    }
}

impl<const N: usize> fmt::Display for Code<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<const N: usize> fmt::Debug for Code<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl<const N: usize> Serialize for Code<N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de, const N: usize> Deserialize<'de> for Code<N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Code<N>, D::Error> {
        let typed = std::borrow::Cow::<str>::deserialize(d)?;
        typed.parse().map_err(serde::de::Error::custom)
    }
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

/// Whether `s` can be a player's secret: [`new_token`]'s 32 lowercase
/// hex characters (checked before any lookup, so that nothing else is
/// ever hashed and looked up).
pub fn is_player_secret(s: &str) -> bool {
    s.len() == 32 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// Whether `s` can be a browser's device id (`X-Chowka-Device`): 16 to
/// 32 hex characters, which the browser drew at random.
pub fn is_device_id(s: &str) -> bool {
    (16..=32).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_hexdigit())
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
            let c = RoomCode::random();
            assert_eq!(c.as_str().len(), CODE_LEN);
            assert!(!c.as_str().contains(['0', 'O', '1', 'I', 'l']), "{c}");
            assert_eq!(RoomCode::parse(c.as_str()), Some(c));
        }
    }

    #[test]
    fn typed_codes_are_normalized() {
        let code = |typed: &str| RoomCode::parse(typed).map(|c| c.to_string());
        assert_eq!(code("k7m-px3q").as_deref(), Some("K7MPX3Q"));
        assert_eq!(code(" K7M PX3Q ").as_deref(), Some("K7MPX3Q"));
        assert_eq!(code("K7MPX30"), None, "0 looks like O");
        assert_eq!(code("K7MPX3I"), None, "I looks like 1");
        assert_eq!(code("K7MPX3"), None, "too short");
        assert_eq!(code("K7MPX3QQ"), None, "too long");
        assert_eq!(code("K7MPX3\u{212A}"), None, "the Kelvin sign is not K");
        assert_eq!(code("../etc"), None);
        assert_eq!(
            "k7mpx3q".parse::<RoomCode>().map(|c| c.to_string()),
            Ok("K7MPX3Q".into())
        );
        assert_eq!("nope".parse::<RoomCode>(), Err(NotACode));
    }

    #[test]
    fn codes_are_strings_to_serde() {
        let c = RoomCode::parse("K7MPX3Q").unwrap();
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(json, "\"K7MPX3Q\"");
        assert_eq!(serde_json::from_str::<RoomCode>(&json).unwrap(), c);
        assert_eq!(format!("{c:?}"), "\"K7MPX3Q\"");
        assert!(serde_json::from_str::<RoomCode>("\"K7MPX30\"").is_err());
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

    #[test]
    fn player_secrets_and_device_ids_have_their_shapes() {
        assert!(is_player_secret(&new_token()));
        assert!(!is_player_secret(&new_token().to_uppercase()));
        assert!(!is_player_secret("abc"));
        assert!(!is_player_secret(&"g".repeat(32)));
        assert!(is_device_id("0123456789abcdef"));
        assert!(is_device_id(&"A".repeat(32)));
        assert!(!is_device_id(&"a".repeat(33)));
        assert!(!is_device_id("0123456789abcdeg"));
    }
}
