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
//!   `modulepreload` link for every module, so the modules load side by
//!   side instead of one import after another. Its static shell paints
//!   before any script has arrived.
//! - An address of another version (a page loaded before an upgrade asking
//!   for a module after it) gets today's file, revalidated, never a 404.
//!   The plain addresses (`/style.css`) work too, revalidated.
//! - Text is compressed (gzip, brotli) by the router's layer ([`compressible`]).
//!
//! In debug builds rust-embed reads `web-client/` from disk at each
//! request; there the version and the page are worked out again whenever a
//! file changed, so an edited file gets a new address at the next load.

use crate::App;
use axum::body::Bytes;
use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use rust_embed::RustEmbed;
use sha2::{Digest, Sha256};
use std::sync::{Arc, RwLock};
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

/// Routes of the web client.
pub fn routes() -> Router<App> {
    Router::new()
        .route("/", get(index))
        .route("/r/{code}", get(room_page))
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
                || t == "image/svg+xml"
                || t == "application/javascript"
        })
}

/// The client as served: its version and its rendered page.
struct Client {
    /// Short hash over every embedded file but the page.
    version: String,
    /// `index.html` as served ([`render`]).
    page: Bytes,
    /// The page's ETag (its SHA-256, shortened).
    page_etag: String,
    /// The page's Content-Security-Policy: the server's, with the hashes of
    /// the page's inline stylesheets added to `style-src`.
    page_csp: HeaderValue,
}

/// The client: worked out once in a release build, where the files are
/// fixed; in a debug build again whenever a file under `web-client/`
/// changed, since rust-embed reads them from disk there.
fn client() -> Arc<Client> {
    static CURRENT: RwLock<Option<(u64, Arc<Client>)>> = RwLock::new(None);
    let stamp = disk_stamp();
    if let Some((seen, c)) = CURRENT.read().unwrap_or_else(|e| e.into_inner()).as_ref() {
        if *seen == stamp {
            return c.clone();
        }
    }
    let c = Arc::new(Client::load());
    *CURRENT.write().unwrap_or_else(|e| e.into_inner()) = Some((stamp, c.clone()));
    c
}

/// What the files on disk look like (names, sizes, modification times),
/// cheaply: a debug build works the client out again when this changes.
#[cfg(debug_assertions)]
fn disk_stamp() -> u64 {
    use std::hash::{Hash, Hasher};
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../web-client"));
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for path in Assets::iter() {
        path.hash(&mut h);
        if let Ok(m) = std::fs::metadata(dir.join(&*path)) {
            m.len().hash(&mut h);
            m.modified().ok().hash(&mut h);
        }
    }
    h.finish()
}

/// A release build serves the files it was built with.
#[cfg(not(debug_assertions))]
fn disk_stamp() -> u64 {
    0
}

impl Client {
    fn load() -> Client {
        let mut files: Vec<(String, [u8; 32])> = Assets::iter()
            .filter(|p| p != INDEX)
            .filter_map(|p| Assets::get(&p).map(|f| (p.into_owned(), f.metadata.sha256_hash())))
            .collect();
        files.sort();
        let mut hash = Sha256::new();
        for (path, sum) in &files {
            hash.update(path.as_bytes());
            hash.update([0]);
            hash.update(sum);
        }
        let version = hex::encode(&hash.finalize()[..5]);
        let names: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
        let (page, styles) = match Assets::get(INDEX) {
            Some(f) => render(&String::from_utf8_lossy(&f.data), &version, &names),
            None => (String::new(), Vec::new()),
        };
        let page = Bytes::from(page);
        let page_etag = format!("\"{}\"", hex::encode(&Sha256::digest(&page)[..16]));
        Client {
            version,
            page_etag,
            page_csp: csp_with_styles(&styles),
            page,
        }
    }
}

/// The server's Content-Security-Policy, allowing exactly these inline
/// stylesheets by their SHA-256 (no `unsafe-inline`: an injected `<style>`
/// or `style` attribute is still refused).
fn csp_with_styles(styles: &[String]) -> HeaderValue {
    let hashes: String = styles
        .iter()
        .map(|css| {
            format!(
                " 'sha256-{}'",
                BASE64.encode(Sha256::digest(css.as_bytes()))
            )
        })
        .collect();
    let csp = crate::CONTENT_SECURITY_POLICY.replacen(
        "style-src 'self'",
        &format!("style-src 'self'{hashes}"),
        1,
    );
    HeaderValue::from_str(&csp).unwrap_or(HeaderValue::from_static(crate::CONTENT_SECURITY_POLICY))
}

/// `index.html` as served, from its `template`:
/// - every `="/{file}"` attribute naming an embedded file points at
///   `/v/{version}/{file}`;
/// - a `modulepreload` link for every module under `js/`, and for the
///   English catalogs under `i18n/en/` (every page needs them, beneath the
///   player's language), goes at the end of the head: the browser fetches
///   them all at once instead of finding each import only once its
///   importer has arrived. Other languages' catalogs load on demand.
///
/// Returns the page and its inline stylesheets (the shell's look, which
/// must not wait for `style.css`), for their hashes in the CSP.
fn render(template: &str, version: &str, files: &[&str]) -> (String, Vec<String>) {
    let mut page = template.to_string();
    for file in files {
        page = page.replace(
            &format!("=\"/{file}\""),
            &format!("=\"/v/{version}/{file}\""),
        );
    }
    let preloads: String = files
        .iter()
        .filter(|f| (f.starts_with("js/") || f.starts_with("i18n/en/")) && f.ends_with(".js"))
        .map(|f| format!("  <link rel=\"modulepreload\" href=\"/v/{version}/{f}\">\n"))
        .collect();
    match page.find("</head>") {
        Some(at) => page.insert_str(at, &preloads),
        None => page.insert_str(0, &preloads),
    }
    let styles = page
        .split("<style>")
        .skip(1)
        .filter_map(|rest| rest.split_once("</style>").map(|(css, _)| css.to_string()))
        .collect();
    (page, styles)
}

async fn index(headers: HeaderMap) -> Response {
    page(&headers)
}

async fn room_page(Path(_code): Path<String>, headers: HeaderMap) -> Response {
    page(&headers)
}

async fn asset(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path.starts_with("api/") || path.contains("..") {
        return not_found();
    }
    let (path, cache) = match path.strip_prefix("v/").and_then(|p| p.split_once('/')) {
        Some((version, path)) if version == client().version => (path, IMMUTABLE),
        Some((_, path)) => (path, REVALIDATE),
        None => (path, REVALIDATE),
    };
    if path == INDEX {
        return page(&headers);
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

/// The page (`index.html` rendered), revalidated on every visit. Its own
/// Content-Security-Policy goes on the 304 too: a browser updates the
/// headers it kept with those of a 304, and without the stylesheet's hash
/// it would refuse the kept page's styles.
fn page(headers: &HeaderMap) -> Response {
    let client = client();
    if client.page.is_empty() {
        return (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "The web client is not built into this server (web-client/index.html is missing).\n",
        )
            .into_response();
    }
    let etag = HeaderValue::from_str(&client.page_etag).expect("hex");
    let fixed = [
        (header::ETAG, etag),
        (header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE)),
        (header::CONTENT_SECURITY_POLICY, client.page_csp.clone()),
    ];
    if matches(headers, &client.page_etag) {
        return (StatusCode::NOT_MODIFIED, fixed).into_response();
    }
    (
        fixed,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        )],
        client.page.clone(),
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

    const TEMPLATE: &str = "<head>\n  <link rel=\"icon\" href=\"/favicon.svg\">\n  \
        <style>\n  h1 { color: red; }\n  </style>\n  \
        <script type=\"module\" src=\"/js/main.js\"></script>\n</head>\n\
        <body><a href=\"/\">home</a> <a href=\"/#rules\">rules</a> <a href=\"/style.css.map\">x</a>\n\
        <link rel=\"stylesheet\" href=\"/style.css\"></body>";

    #[test]
    fn the_page_links_versioned_files_and_preloads_every_module() {
        let files = ["favicon.svg", "js/dom.js", "js/main.js", "style.css"];
        let (page, styles) = render(TEMPLATE, "abc123", &files);
        assert!(page.contains("href=\"/v/abc123/favicon.svg\""), "{page}");
        assert!(
            page.contains("<link rel=\"stylesheet\" href=\"/v/abc123/style.css\">"),
            "{page}"
        );
        assert!(page.contains("src=\"/v/abc123/js/main.js\""), "{page}");
        assert!(page.contains(
            "  <link rel=\"modulepreload\" href=\"/v/abc123/js/dom.js\">\n  \
             <link rel=\"modulepreload\" href=\"/v/abc123/js/main.js\">\n</head>"
        ));
        assert_eq!(page.matches("modulepreload").count(), 2);
        // Links that name no embedded file stay as they are.
        assert!(page.contains(
            "<a href=\"/\">home</a> <a href=\"/#rules\">rules</a> <a href=\"/style.css.map\">"
        ));
        assert_eq!(styles, ["\n  h1 { color: red; }\n  "]);
    }

    #[test]
    fn the_page_policy_allows_exactly_its_inline_stylesheets() {
        let css = "h1 { color: red; }";
        let csp = csp_with_styles(&[css.to_string()]);
        let csp = csp.to_str().unwrap();
        assert!(!csp.contains("unsafe"), "{csp}");
        let hash = format!(" 'sha256-{}'", BASE64.encode(Sha256::digest(css)));
        assert!(csp.contains(&format!("style-src 'self'{hash};")), "{csp}");
        assert_eq!(
            csp.replacen(&hash, "", 1),
            crate::CONTENT_SECURITY_POLICY,
            "otherwise the server's policy"
        );
    }

    #[test]
    fn the_version_covers_every_file_and_the_page_uses_it() {
        let c = client();
        assert_eq!(c.version.len(), 10);
        let page = String::from_utf8_lossy(&c.page);
        assert!(page.contains(&format!("/v/{}/js/main.js", c.version)));
        assert!(
            c.page_csp
                .to_str()
                .unwrap()
                .contains("style-src 'self' 'sha256-"),
            "the shell's look is allowed by its hash"
        );
        for file in Assets::iter().filter(|f| f.starts_with("js/")) {
            assert!(
                page.contains(&format!(
                    "<link rel=\"modulepreload\" href=\"/v/{}/{file}\">",
                    c.version
                )),
                "{file} is preloaded"
            );
        }
    }

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
