//! The edge every HTTP and WebSocket request passes first, shared by the
//! routes (api, replay) and the socket (ws): where a request comes from
//! (the client address), whether its JSON body and query parse, and
//! whether a display name may be shown to others. Nothing here knows the
//! server's state: it reads a request and answers yes or a [`Refusal`].

use crate::error::{ErrorCode, Refusal};
use axum::body::Body;
use axum::http::{header, HeaderMap};
use chowka_protocol::messages::MAX_NAME_CHARS;
use serde::de::DeserializeOwned;
use std::net::{IpAddr, SocketAddr};
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory};

/// Largest HTTP request body and WebSocket message the server reads.
pub const MAX_INPUT_BYTES: usize = 16 * 1024;

/// Refuses a body not declared as JSON. A browser sends a cross-site
/// `text/plain` (or form) POST without asking first (no CORS preflight);
/// `application/json` needs the preflight, which this server never
/// grants, so requiring it keeps other sites from creating rooms or
/// taking seats in a visitor's name.
fn require_json(headers: &HeaderMap) -> Result<(), Refusal> {
    let kind = (headers.get(header::CONTENT_TYPE))
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .map(str::trim);
    match kind {
        Some(k) if k.eq_ignore_ascii_case("application/json") => Ok(()),
        _ => Err(Refusal::new(ErrorCode::BadContentType)),
    }
}

/// The refusal for a query string or path that does not parse: the JSON
/// error shape, not axum's plain text.
pub fn bad_query(e: impl std::fmt::Display) -> Refusal {
    Refusal::with(
        ErrorCode::BadRequest,
        format!("The request is not valid: {e}."),
    )
}

/// Reads a JSON body of at most [`MAX_INPUT_BYTES`], declared as
/// `application/json`, with clear errors.
pub async fn read_json<T: DeserializeOwned>(headers: &HeaderMap, body: Body) -> Result<T, Refusal> {
    require_json(headers)?;
    let bytes = axum::body::to_bytes(body, MAX_INPUT_BYTES)
        .await
        .map_err(|_| {
            Refusal::with(
                ErrorCode::TooBig,
                format!("The request body is over {} bytes.", MAX_INPUT_BYTES),
            )
        })?;
    serde_json::from_slice(&bytes).map_err(|e| {
        Refusal::with(
            ErrorCode::BadRequest,
            format!("The request is not valid: {e}."),
        )
    })
}

/// Characters that are letters to Unicode but show as nothing (Hangul
/// fillers, the Braille blank): a name of these alone looks empty.
const BLANKS: [char; 5] = ['\u{115F}', '\u{1160}', '\u{3164}', '\u{FFA0}', '\u{2800}'];

/// Whether a character shows as something: not a space, not a combining
/// mark (it only changes the character before it), not an invisible
/// format character, not a blank letter.
fn shows(c: char) -> bool {
    !c.is_whitespace()
        && c.general_category_group() != GeneralCategoryGroup::Mark
        && c.general_category() != GeneralCategory::Format
        && !BLANKS.contains(&c)
}

/// Whether a character may not be in a name at all: control characters,
/// line and paragraph separators, private-use characters, and format
/// characters (U+202E right-to-left override, U+200B zero width space,
/// U+FEFF...), which reorder or hide the text around them. The zero width
/// joiner and non-joiner are let through between two characters that
/// show: Indic scripts and emoji sequences need them there.
fn forbidden(prev: Option<char>, c: char, next: Option<char>) -> bool {
    match c.general_category() {
        GeneralCategory::Control
        | GeneralCategory::LineSeparator
        | GeneralCategory::ParagraphSeparator
        | GeneralCategory::PrivateUse
        | GeneralCategory::Surrogate => true,
        GeneralCategory::Format => {
            let joiner = c == '\u{200C}' || c == '\u{200D}';
            let between = prev.is_some_and(|p| {
                !p.is_whitespace() && p.general_category() != GeneralCategory::Format
            }) && next.is_some_and(shows);
            !(joiner && between)
        }
        _ => false,
    }
}

/// Whether a name would read as a computer player's: the client shows
/// computers as "Computer (level)" (web-client/js/players.js) and
/// "Computer · level". Compared after NFKC folding (fullwidth and styled
/// letters become plain ones), in lower case, letters and digits only, so
/// that "COMPUTER (hard)", "Ｃｏｍｐｕｔｅｒ" and "c.o.m.p.u.t.e.r" all count.
fn impersonates_computer(name: &str) -> bool {
    let folded: String = (name.nfkc())
        .flat_map(char::to_lowercase)
        .filter(|c| c.is_alphanumeric())
        .collect();
    folded.starts_with("computer")
}

/// Checks a display name: trimmed, 1 to `MAX_NAME_CHARS` characters, with
/// at least one that shows, none that hides or reorders text (control and
/// format characters), not starting with a combining mark, and not
/// passing for a computer player.
pub fn check_name(name: &str) -> Result<String, Refusal> {
    check_named(name, MAX_NAME_CHARS, ErrorCode::BadName.sentence())
}

/// Checks a name as [`check_name`] does, up to `max` characters; `long`
/// says why an empty or longer one is refused.
pub fn check_named(name: &str, max: usize, long: &str) -> Result<String, Refusal> {
    let name = name.trim();
    let refuse = |why: &str| Err(Refusal::with(ErrorCode::BadName, why.to_string()));
    let chars: Vec<char> = name.chars().collect();
    if chars.is_empty() || chars.len() > max {
        return refuse(long);
    }
    let bad = (0..chars.len()).any(|i| {
        let prev = i.checked_sub(1).map(|j| chars[j]);
        forbidden(prev, chars[i], chars.get(i + 1).copied())
    });
    if bad {
        return refuse("A name cannot have control or invisible formatting characters.");
    }
    if !chars.iter().copied().any(shows) {
        return refuse("A name needs at least one letter, digit or sign that shows.");
    }
    if chars[0].general_category_group() == GeneralCategoryGroup::Mark {
        return refuse("A name cannot begin with a combining mark.");
    }
    if impersonates_computer(name) {
        return refuse("Names starting with \"Computer\" are kept for computer players.");
    }
    Ok(name.to_string())
}

/// The address a request comes from: the peer, or, when the proxy in
/// front is trusted (`--trust-forwarded-for`), the address it put into
/// X-Forwarded-For (its last entry: see `forwarded_for`).
pub fn client_ip(trust_forwarded_for: bool, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    if trust_forwarded_for {
        if let Some(ip) = forwarded_for(headers) {
            return ip;
        }
    }
    peer.ip()
}

/// The address the trusted proxy put into X-Forwarded-For: the last entry
/// of the last such header. A proxy that appends (rather than overwrites,
/// as the shipped nginx configuration does) keeps whatever the client sent
/// in front, so only the rightmost entry is the proxy's own word.
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers.get_all("x-forwarded-for").iter().next_back()?;
    last.to_str().ok()?.rsplit(',').next()?.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::forwarded_for;
    use axum::http::{HeaderMap, HeaderValue};

    fn headers(values: &[&'static str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for v in values {
            map.append("x-forwarded-for", HeaderValue::from_static(v));
        }
        map
    }

    #[test]
    fn forwarded_for_takes_the_proxys_own_entry_not_the_clients() {
        // A client sends "1.2.3.4"; an appending proxy adds the real peer.
        let appended = headers(&["1.2.3.4, 203.0.113.9"]);
        assert_eq!(
            forwarded_for(&appended),
            Some("203.0.113.9".parse().unwrap())
        );
        let two_headers = headers(&["1.2.3.4", "198.51.100.7"]);
        assert_eq!(
            forwarded_for(&two_headers),
            Some("198.51.100.7".parse().unwrap())
        );
        assert_eq!(
            forwarded_for(&headers(&[" 2001:db8::1 "])),
            Some("2001:db8::1".parse().unwrap())
        );
    }

    #[test]
    fn forwarded_for_without_an_address_is_none() {
        assert_eq!(forwarded_for(&HeaderMap::new()), None);
        assert_eq!(forwarded_for(&headers(&["1.2.3.4, not-an-address"])), None);
    }
}
