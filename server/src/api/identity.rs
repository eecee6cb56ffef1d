//! Who a request comes from: [`Identity`], an axum extractor reading a
//! player's secret from `Authorization: Bearer` (docs/protocol.md,
//! "Players"). A malformed or unknown secret is refused with 401
//! `bad_player` and counted against the address's wrong tries
//! (`Limited::Players`), so that secrets cannot be guessed; an address
//! past its budget is refused everything for a while. The device sending
//! it (`X-Chowka-Device`) is recorded with what its User-Agent says.

use crate::error::{ErrorCode, Refusal};
use crate::ids;
use crate::limits::Limited;
use crate::services::Services;
use crate::store::now_ms;
use axum::extract::{ConnectInfo, FromRequestParts, OptionalFromRequestParts};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use std::net::SocketAddr;

/// The header carrying a browser's device id.
pub const DEVICE_HEADER: &str = "x-chowka-device";

/// A player who sent their secret: required (`Identity`, else 401
/// `bad_player`) or optional (`Option<Identity>`: no header is no
/// player, a wrong one is still refused).
#[derive(Clone, Debug)]
pub struct Identity {
    /// The player hash (SHA-256 of the secret, hex).
    pub hash: String,
    /// Their name, if any.
    pub name: Option<String>,
    /// When the identity was made, ms since the epoch.
    pub created_at: i64,
    /// The device id the request came with, if any.
    pub device: Option<String>,
}

impl FromRequestParts<Services> for Identity {
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, s: &Services) -> Result<Identity, Refusal> {
        identify(parts, s)
            .await?
            .ok_or_else(|| Refusal::new(ErrorCode::BadPlayer))
    }
}

impl OptionalFromRequestParts<Services> for Identity {
    type Rejection = Refusal;

    async fn from_request_parts(
        parts: &mut Parts,
        s: &Services,
    ) -> Result<Option<Identity>, Refusal> {
        identify(parts, s).await
    }
}

/// The request's identity: `None` without `Authorization`.
async fn identify(parts: &mut Parts, s: &Services) -> Result<Option<Identity>, Refusal> {
    let Some(auth) = parts.headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let peer = (parts.extensions.get::<ConnectInfo<SocketAddr>>())
        .map(|c| c.0)
        .unwrap_or_else(|| SocketAddr::from(([127, 0, 0, 1], 0)));
    // A barred address learns nothing, not even of a right secret.
    s.limits.players_barred(peer, &parts.headers)?;
    let device = device_id(&parts.headers)?;
    let secret = (auth.to_str().ok())
        .and_then(|a| a.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| ids::is_player_secret(t));
    let hash = secret.map(ids::hash_token);
    let found = match &hash {
        Some(h) => s.store.player(h).await.map_err(Refusal::store)?,
        None => None,
    };
    let (Some(hash), Some(row)) = (hash, found) else {
        return Err(wrong_secret(s, peer, &parts.headers).await);
    };
    // Looked up by its hash; compared again in constant time all the same.
    if !ids::same_hash(&row.hash, &hash) {
        return Err(wrong_secret(s, peer, &parts.headers).await);
    }
    if let Some(d) = &device {
        let label = device_label(parts.headers.get(header::USER_AGENT));
        let touched = s.store.touch_device(&hash, d, &label, now_ms()).await;
        touched.map_err(Refusal::store)?;
    }
    Ok(Some(Identity {
        hash,
        name: row.name,
        created_at: row.created_at,
        device,
    }))
}

/// Counts a wrong secret against the address: `bad_player`, or
/// `rate_limited` once the address has sent too many.
async fn wrong_secret(s: &Services, peer: SocketAddr, headers: &HeaderMap) -> Refusal {
    match s.limits.check(Limited::Players, peer, headers).await {
        Ok(_) => Refusal::new(ErrorCode::BadPlayer),
        Err(r) => r,
    }
}

/// The request's device id: `None` without the header; refused if it is
/// not 16 to 32 hex characters.
pub fn device_id(headers: &HeaderMap) -> Result<Option<String>, Refusal> {
    let Some(v) = headers.get(DEVICE_HEADER) else {
        return Ok(None);
    };
    match v.to_str().ok().filter(|d| ids::is_device_id(d)) {
        Some(d) => Ok(Some(d.to_ascii_lowercase())),
        None => Err(Refusal::with(
            ErrorCode::BadRequest,
            "X-Chowka-Device is 16 to 32 hex characters.",
        )),
    }
}

/// A short label of what a User-Agent says it is, for a player's list of
/// devices: "Firefox on Windows", "Chrome on Android", "Safari on iPhone".
pub fn device_label(ua: Option<&header::HeaderValue>) -> String {
    let ua = ua.and_then(|v| v.to_str().ok()).unwrap_or("");
    // Order matters: Edge and Opera say Chrome, Chrome says Safari.
    const BROWSERS: [(&str, &str); 9] = [
        ("Edg", "Edge"),
        ("OPR/", "Opera"),
        ("SamsungBrowser", "Samsung Internet"),
        ("Firefox/", "Firefox"),
        ("FxiOS", "Firefox"),
        ("CriOS", "Chrome"),
        ("Chrome/", "Chrome"),
        ("Chromium/", "Chromium"),
        ("Safari/", "Safari"),
    ];
    const SYSTEMS: [(&str, &str); 8] = [
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Android", "Android"),
        ("Windows", "Windows"),
        ("CrOS", "ChromeOS"),
        ("Macintosh", "Mac"),
        ("Mac OS X", "Mac"),
        ("Linux", "Linux"),
    ];
    let find = |table: &[(&str, &'static str)]| {
        (table.iter())
            .find(|(needle, _)| ua.contains(needle))
            .map(|&(_, name)| name)
    };
    match (find(&BROWSERS), find(&SYSTEMS)) {
        (Some(b), Some(s)) => format!("{b} on {s}"),
        (Some(b), None) => b.to_string(),
        (None, Some(s)) => format!("A browser on {s}"),
        (None, None) => "A browser".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_agents_get_short_labels() {
        let label = |ua: &str| device_label(Some(&header::HeaderValue::from_str(ua).unwrap()));
        let cases = [
            ("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox on Windows"),
            ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36", "Chrome on Android"),
            ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari on iPhone"),
            ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0", "Edge on Mac"),
            ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36", "Chrome on Linux"),
            ("curl/8.5.0", "A browser"),
        ];
        for (ua, want) in cases {
            assert_eq!(label(ua), want, "{ua}");
        }
        assert_eq!(device_label(None), "A browser");
    }
}
