//! The web client, embedded at compile time from `web-client/`, and the
//! rules text (`docs/rules.md`).
//!
//! Built for phones on slow networks (docs/performance.md, "Web client
//! speed"):
//! - The client has one version: a short hash over every embedded file
//!   (from the SHA-256 sums rust-embed computes when the binary is built),
//!   so any change to any file gives every file a new address.
//! - Every file is served under its versioned address `/v/{version}/{path}`
//!   with `immutable` caching for a year: a repeat visit loads scripts and
//!   styles from the browser's cache without asking. ES module imports are
//!   relative (`./dom.js`), so they resolve under the same prefix by
//!   themselves and the scripts need no rewriting.
//! - `index.html`, served for `/` and `/r/{code}`, is the one file browsers
//!   revalidate (`no-cache`, an ETag). The server rewrites its links to
//!   embedded files (`/style.css`) to their versioned addresses and adds a
//!   `modulepreload` link for each module the address's first view needs
//!   (the static import graph of `js/main.js` and `js/home.js`, or on a
//!   room's address `js/room.js`, read from the files: [`page`]), so those
//!   load side by side instead of one import after another, and nothing
//!   else holds them up (a phone on HTTP/1.1 fetches six files at a time).
//!   main.js loads each page's module on demand, and all of them in the
//!   background once the page is usable. Its static shell paints before
//!   any script has arrived.
//! - An address of another version (a page loaded before an upgrade asking
//!   for a module after it) gets today's file, revalidated, never a 404.
//!   The plain addresses (`/style.css`) work too, revalidated.
//! - Text is compressed (gzip, brotli) by the router's layer ([`compressible`]).
//!
//! - `/` and `/r/{code}` carry a link preview's tags (Open Graph, Twitter
//!   card): a room's invitation in its inviter's language with the picture
//!   of its board, or the site's own ([`preview`], invite/). The ETag
//!   covers them, so a page whose preview changed is fetched again.
//!
//! - The installable app ([`app`]): a manifest per language, icons, and a
//!   service worker that keeps this version's files for repeat visits and
//!   for when the network is gone.
//!
//! In debug builds rust-embed reads `web-client/` from disk at each
//! request; there the version and the page are worked out again whenever a
//! file changed, so an edited file gets a new address at the next load.

mod app;
mod facts;
mod icon;
mod page;
mod preview;

pub use preview::Site;

use crate::invite::{tags, Preview};
use crate::services::Services;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use page::{client, FirstView};
use rust_embed::RustEmbed;
use sha2::{Digest, Sha256};
use tower_http::compression::predicate::{Predicate, SizeAbove};
use tower_http::compression::{CompressionLayer, CompressionLevel};

#[derive(RustEmbed)]
#[folder = "../web-client/"]
struct Assets;

/// The rules as this project plays them.
pub const RULES_MD: &str = include_str!("../../docs/rules.md");

/// The page every client route is served by.
const INDEX: &str = "index.html";

/// `Cache-Control` of a file at its current versioned address: the address
/// changes whenever the file could have, so the browser never needs to ask.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// `Cache-Control` of everything else: kept, but revalidated each time (a
/// 304 costs one round trip and no body).
const REVALIDATE: &str = "no-cache";

/// Routes of the web client: its files, its page, and the room links'
/// previews (which look rooms up, hence the services).
pub fn routes() -> Router<Services> {
    Router::new()
        .route("/", get(index))
        .route("/r/{code}", get(preview::room_page))
        .route("/r/{code}/card.png", get(preview::room_card))
        // A circle's page: the site's page, which asks for the circle.
        .route("/c/{id}", get(index))
        .route("/card.png", get(preview::site_card))
        .merge(app::routes())
        .fallback(get(asset))
}

/// `GET /api/rules`: the rules, as Markdown.
pub async fn rules() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/markdown; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=300"),
        ],
        RULES_MD,
    )
        .into_response()
}

/// The compression layer of the router: brotli or gzip, as the browser
/// accepts, for [`compressible`] responses of more than 256 bytes (smaller
/// ones gain nothing worth the CPU). Level 5: brotli's default here (4)
/// leaves the client's scripts larger than gzip does; 5 makes them 8%
/// smaller at about the same speed (docs/performance.md).
pub fn compression() -> CompressionLayer<impl Predicate> {
    CompressionLayer::new()
        .quality(CompressionLevel::Precise(5))
        .compress_when(SizeAbove::new(256).and(compressible))
}

/// Whether the compression layer compresses a response: text (pages,
/// scripts, styles, SVG, JSON, Markdown, metrics), not images, and not a
/// response without a type, such as a WebSocket upgrade. Tiny bodies are
/// left out by the size check of [`compression`].
pub fn compressible(
    _status: StatusCode,
    _version: axum::http::Version,
    headers: &HeaderMap,
    _extensions: &axum::http::Extensions,
) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| {
            let t = t.split(';').next().unwrap_or_default().trim();
            t.starts_with("text/")
                || t == "application/json"
                || t == "application/manifest+json"
                || t == "image/svg+xml"
                || t == "application/javascript"
        })
}

async fn index(State(site): State<Site>, headers: HeaderMap) -> Response {
    page(
        &headers,
        &Preview::site(site.base(&headers).as_deref()),
        FirstView::Home,
    )
}

async fn asset(State(site): State<Site>, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path.starts_with("api/") || path.contains("..") {
        return not_found();
    }
    let (path, cache) = match path.strip_prefix("v/").and_then(|p| p.split_once('/')) {
        Some((version, path)) if version == client().version => (path, IMMUTABLE),
        Some((_, path)) => (path, REVALIDATE),
        None => (path, REVALIDATE),
    };
    // The worker and the offline page are templates: only their own
    // addresses serve them, filled in (app.rs).
    if path == app::WORKER || path == app::OFFLINE {
        return not_found();
    }
    if path == INDEX {
        let preview = Preview::site(site.base(&headers).as_deref());
        return page(&headers, &preview, FirstView::Home);
    }
    serve(path, cache, &headers)
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "not found\n",
    )
        .into_response()
}

/// Whether the request's `If-None-Match` names `etag`.
fn matches(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag))
}

fn not_modified(etag: String, cache: &'static str) -> Response {
    (
        StatusCode::NOT_MODIFIED,
        [
            (header::ETAG, etag),
            (header::CACHE_CONTROL, cache.to_string()),
        ],
    )
        .into_response()
}

/// The page (`index.html` rendered for the address's first `view`) with
/// `preview`'s tags, revalidated on every visit: its ETag is the rendered
/// page's and the tags' together.
/// Its own Content-Security-Policy goes on the 304 too: a browser updates
/// the headers it kept with those of a 304, and without the stylesheet's
/// hash it would refuse the kept page's styles.
fn page(headers: &HeaderMap, preview: &Preview, view: FirstView) -> Response {
    let client = client();
    let rendered = client.page(view);
    if rendered.body.is_empty() {
        return (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "The web client is not built into this server (web-client/index.html is missing).\n",
        )
            .into_response();
    }
    let tags = preview.html();
    let mut hash = Sha256::new();
    hash.update(rendered.etag.as_bytes());
    hash.update(tags.as_bytes());
    let etag = format!("\"{}\"", hex::encode(&hash.finalize()[..16]));
    let fixed = [
        (header::ETAG, HeaderValue::from_str(&etag).expect("hex")),
        (header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE)),
        (header::CONTENT_SECURITY_POLICY, client.page_csp.clone()),
    ];
    if matches(headers, &etag) {
        return (StatusCode::NOT_MODIFIED, fixed).into_response();
    }
    let body = tags::with_tags(&String::from_utf8_lossy(&rendered.body), &tags);
    (
        fixed,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        )],
        body,
    )
        .into_response()
}

/// An embedded file, with its type, an ETag (its SHA-256, shortened) and
/// `cache`.
fn serve(path: &str, cache: &'static str, headers: &HeaderMap) -> Response {
    let Some(file) = Assets::get(path) else {
        return not_found();
    };
    let etag = format!("\"{}\"", hex::encode(&file.metadata.sha256_hash()[..16]));
    if matches(headers, &etag) {
        return not_modified(etag, cache);
    }
    let mime = match file.metadata.mimetype() {
        m if m.starts_with("text/") || m == "image/svg+xml" || m == "application/json" => {
            format!("{m}; charset=utf-8")
        }
        m => m.to_string(),
    };
    (
        [
            (header::CONTENT_TYPE, mime),
            (header::ETAG, etag),
            (header::CACHE_CONTROL, cache.to_string()),
        ],
        file.data.into_owned(),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_text_is_compressed() {
        let with = |t: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::CONTENT_TYPE, HeaderValue::from_str(t).unwrap());
            compressible(
                StatusCode::OK,
                axum::http::Version::HTTP_11,
                &h,
                &Default::default(),
            )
        };
        for t in [
            "text/html; charset=utf-8",
            "text/javascript; charset=utf-8",
            "text/css",
            "image/svg+xml",
            "application/json",
            "application/manifest+json",
            "text/plain; version=0.0.4",
        ] {
            assert!(with(t), "{t}");
        }
        for t in ["image/png", "application/octet-stream"] {
            assert!(!with(t), "{t}");
        }
        // A WebSocket upgrade has no type.
        assert!(!compressible(
            StatusCode::SWITCHING_PROTOCOLS,
            axum::http::Version::HTTP_11,
            &HeaderMap::new(),
            &Default::default(),
        ));
    }
}
