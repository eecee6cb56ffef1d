//! The room link's preview over HTTP: the page of `/r/{code}` with its
//! room's tags (invite/tags.rs), and the pictures, `/r/{code}/card.png`
//! for a room and `/card.png` for the site (invite/card.rs). Looking a
//! room up by its code draws on the lookups' rate limit like
//! `GET /api/rooms/{code}`: past it, or for a code that names no room, the
//! page still comes, with the site's own tags, and a picture is refused.

use super::{matches, not_found, page, FirstView};
use crate::api::find_room;
use crate::error::Refusal;
use crate::invite::{CardKey, Cards, Preview};
use crate::rooms::Details;
use crate::services::Services;
use axum::extract::{ConnectInfo, FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

/// How long a browser or a chat app may keep a picture: a room's set-up
/// changes once at most (the empty seats left out at the start).
const CARD_CACHE: &str = "public, max-age=3600";

/// What the web pages need of the server: its public address, and the
/// pictures drawn so far.
#[derive(Clone)]
pub struct Site {
    /// `--public-url`, without a trailing `/`.
    public_url: Option<Arc<str>>,
    /// Whether a proxy's X-Forwarded-Proto is believed.
    trust_forwarded_for: bool,
    /// The pictures, by set-up.
    cards: Arc<Cards>,
}

impl Site {
    /// The site at `public_url` (an `http://` or `https://` address; any
    /// other is ignored, with a warning), behind a trusted proxy or not.
    pub fn new(public_url: Option<&str>, trust_forwarded_for: bool) -> Site {
        let public_url = public_url
            .map(|u| u.trim().trim_end_matches('/'))
            .filter(|u| {
                let ok = (u.starts_with("https://") || u.starts_with("http://")) && u.len() > 8;
                if !ok {
                    tracing::warn!("--public-url {u:?} is not an http(s) address: ignored");
                }
                ok
            });
        Site {
            public_url: public_url.map(Arc::from),
            trust_forwarded_for,
            cards: Arc::new(Cards::default()),
        }
    }

    /// The site's absolute address for this request: `--public-url`, else
    /// the Host header (only if it is a plain host and port) over http, or
    /// https when a trusted proxy says so. `None` when neither is known.
    pub fn base(&self, headers: &HeaderMap) -> Option<String> {
        if let Some(url) = &self.public_url {
            return Some(url.to_string());
        }
        let host = headers.get(header::HOST)?.to_str().ok()?;
        let plain = |c: char| c.is_ascii_alphanumeric() || ".-:[]".contains(c);
        if host.is_empty() || host.len() > 270 || !host.chars().all(plain) {
            return None;
        }
        let https = self.trust_forwarded_for
            && headers
                .get("x-forwarded-proto")
                .and_then(|v| v.to_str().ok())
                .is_some_and(|p| p.trim().eq_ignore_ascii_case("https"));
        Some(format!("{}://{host}", if https { "https" } else { "http" }))
    }

    /// The pictures drawn so far.
    pub fn cards(&self) -> &Cards {
        &self.cards
    }
}

/// A request about a room by its code: the room, as the lookups' limit
/// allows (any failure, a malformed code included, is a refusal to show),
/// and what the answer needs of the site and the request.
pub(super) struct Asked {
    site: Site,
    headers: HeaderMap,
    room: Result<Details, Refusal>,
}

impl FromRequestParts<Services> for Asked {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, s: &Services) -> Result<Asked, Infallible> {
        let code = Path::<String>::from_request_parts(parts, s).await;
        let peer = ConnectInfo::<SocketAddr>::from_request_parts(parts, s).await;
        let room = match peer {
            Ok(ConnectInfo(peer)) => {
                let code = code.map(|Path(c)| c).map_err(|_| Refusal::no_room());
                find_room(&s.limits, &s.registry, peer, &parts.headers, code).await
            }
            Err(_) => Err(Refusal::no_room()),
        };
        Ok(Asked {
            site: s.site.clone(),
            headers: parts.headers.clone(),
            room,
        })
    }
}

/// `GET /r/{code}`: the page, with its room's preview; any other code's
/// (or past the limit) with the site's.
pub(super) async fn room_page(asked: Asked) -> Response {
    let base = asked.site.base(&asked.headers);
    let preview = match &asked.room {
        Ok(details) => Preview::room(details, base.as_deref()),
        Err(_) => Preview::site(base.as_deref()),
    };
    page(&asked.headers, &preview, FirstView::Room)
}

/// `GET /r/{code}/card.png`: the picture of the room's board; 404 for a
/// code that names no room, 429 past the lookups' limit.
pub(super) async fn room_card(asked: Asked) -> Response {
    match asked.room {
        Ok(details) => {
            let key = CardKey::of(&details.room.rules, details.room.seats.len());
            card(&asked.site, key, &asked.headers).await
        }
        Err(refusal) => refusal.into_response(),
    }
}

/// `GET /card.png`: the picture of a usual board, for every page that is
/// no room's.
pub(super) async fn site_card(State(site): State<Site>, headers: HeaderMap) -> Response {
    card(&site, Preview::site_card(), &headers).await
}

/// The picture of `key`, or 304 when the browser has it.
async fn card(site: &Site, key: CardKey, headers: &HeaderMap) -> Response {
    let etag = key.etag();
    let cache = [
        (header::ETAG, etag.clone()),
        (header::CACHE_CONTROL, CARD_CACHE.to_string()),
    ];
    if matches(headers, &etag) {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    match site.cards().png(key).await {
        Some(png) => (
            cache,
            [(header::CONTENT_TYPE, "image/png".to_string())],
            png,
        )
            .into_response(),
        None => not_found(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn with(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn the_base_is_the_public_url_else_the_host() {
        let set = Site::new(Some("https://play.example.org/"), false);
        assert_eq!(
            set.base(&with(&[("host", "evil")])).as_deref(),
            Some("https://play.example.org")
        );
        let plain = Site::new(None, false);
        let host = with(&[("host", "127.0.0.1:8080"), ("x-forwarded-proto", "https")]);
        assert_eq!(
            plain.base(&host).as_deref(),
            Some("http://127.0.0.1:8080"),
            "an untrusted proto is ignored"
        );
        let proxied = Site::new(None, true);
        assert_eq!(
            proxied.base(&host).as_deref(),
            Some("https://127.0.0.1:8080")
        );
        assert_eq!(plain.base(&with(&[("host", "a\"><script>")])), None);
        assert_eq!(plain.base(&HeaderMap::new()), None);
        assert_eq!(
            Site::new(Some("javascript:x"), false).base(&HeaderMap::new()),
            None
        );
    }
}
