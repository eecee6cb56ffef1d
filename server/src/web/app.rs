//! The installable app (docs/protocol.md, "The installable app"): the web
//! app manifest in each language, the home screen's icons ([`icon`]), the
//! service worker and the page it shows offline.
//!
//! - The manifest is one per language, `/manifest.{lang}.webmanifest`:
//!   the player's language is their choice in the page (remembered in the
//!   browser, which the server never sees), so the page points its
//!   `<link rel="manifest">` at its own language's once it knows it
//!   (install.js). `/manifest.webmanifest`, the page's link as served,
//!   takes the browser's languages (`Accept-Language`) for a browser that
//!   reads the manifest before any script has run.
//! - `/sw.js` and `/offline.html` are templates in `web-client/`, filled
//!   in with the client's version (and the worker with the addresses it
//!   keeps), served `no-cache`: a new version of the client is a new
//!   worker, which the browser installs beside the old one.

use super::icon::{Icon, THEME};
use super::page::client;
use super::{matches, not_found, Assets, INDEX, REVALIDATE};
use crate::invite::Language;
use crate::services::Services;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde_json::json;
use sha2::{Digest, Sha256};

/// The service worker's template, filled in with the version.
pub(super) const WORKER: &str = "sw.js";
/// The offline page's template.
pub(super) const OFFLINE: &str = "offline.html";
/// The page the installed app opens on: all my games.
pub const START_URL: &str = "/#my-games";
/// The page's ground behind the splash screen (style.css's `--bg`).
const BACKGROUND: &str = "#f6eee0";
/// Icons are drawings of fixed shapes: kept a week.
const ICON_CACHE: &str = "public, max-age=604800";

/// Routes of the installable app.
pub(super) fn routes() -> Router<Services> {
    let mut router = Router::new()
        .route(
            "/manifest.webmanifest",
            get(|headers: HeaderMap| async move {
                manifest(accepted(&headers), &headers, Some("Accept-Language"))
            }),
        )
        .route(
            "/sw.js",
            get(|headers: HeaderMap| async move { template(WORKER, &headers) }),
        )
        .route(
            "/offline.html",
            get(|headers: HeaderMap| async move { template(OFFLINE, &headers) }),
        );
    for lang in Language::ALL {
        router = router.route(
            &format!("/manifest.{}.webmanifest", lang.code()),
            get(move |headers: HeaderMap| async move { manifest(lang, &headers, None) }),
        );
    }
    for icon in Icon::ALL {
        router = router.route(
            icon.path(),
            get(move |headers: HeaderMap| async move { png(icon, &headers) }),
        );
    }
    router
}

/// The first of the browser's languages (by their `q`) that the site
/// speaks, else English.
pub fn accepted(headers: &HeaderMap) -> Language {
    let Some(list) = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
    else {
        return Language::En;
    };
    let mut best: Option<(f32, Language)> = None;
    for entry in list.split(',') {
        let mut parts = entry.split(';');
        let tag = parts.next().unwrap_or_default().trim();
        let q = parts
            .find_map(|p| p.trim().strip_prefix("q="))
            .and_then(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        let base = tag.split(['-', '_']).next().unwrap_or_default();
        let known = Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(base));
        if let Some(lang) = known.filter(|_| q > 0.0) {
            if best.is_none_or(|(b, _)| q > b) {
                best = Some((q, lang));
            }
        }
    }
    best.map(|(_, l)| l).unwrap_or_default()
}

/// The web app manifest in `lang`.
pub fn manifest_json(lang: Language) -> serde_json::Value {
    let words = lang.words();
    let theme = format!("#{}", hex::encode(THEME));
    let icon = |i: Icon, purpose: &str| {
        json!({
            "src": i.path(),
            "sizes": format!("{0}x{0}", i.size()),
            "type": "image/png",
            "purpose": purpose,
        })
    };
    json!({
        "id": "/",
        "name": words.game,
        "short_name": words.brand,
        "description": words.lead,
        "lang": lang.code(),
        "dir": "ltr",
        "start_url": START_URL,
        "scope": "/",
        "display": "standalone",
        "theme_color": theme,
        "background_color": BACKGROUND,
        "icons": [
            icon(Icon::Any192, "any"),
            icon(Icon::Any512, "any"),
            icon(Icon::Maskable512, "maskable"),
        ],
    })
}

/// `body` as `content_type`, revalidated by its ETag (`vary`: the request
/// header that chose it).
fn revalidated(
    body: Vec<u8>,
    content_type: &'static str,
    cache: &'static str,
    headers: &HeaderMap,
    vary: Option<&'static str>,
) -> Response {
    let etag = format!("\"{}\"", hex::encode(&Sha256::digest(&body)[..16]));
    let mut fixed = HeaderMap::new();
    fixed.insert(header::ETAG, HeaderValue::from_str(&etag).expect("hex"));
    fixed.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Some(vary) = vary {
        fixed.insert(header::VARY, HeaderValue::from_static(vary));
    }
    if matches(headers, &etag) {
        return (axum::http::StatusCode::NOT_MODIFIED, fixed).into_response();
    }
    fixed.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    (fixed, body).into_response()
}

fn manifest(lang: Language, headers: &HeaderMap, vary: Option<&'static str>) -> Response {
    let body = serde_json::to_vec_pretty(&manifest_json(lang)).unwrap_or_default();
    revalidated(body, "application/manifest+json", REVALIDATE, headers, vary)
}

fn png(icon: Icon, headers: &HeaderMap) -> Response {
    revalidated(icon.png().to_vec(), "image/png", ICON_CACHE, headers, None)
}

/// The addresses the worker keeps when it installs: the page, the offline
/// page, and every module, stylesheet and picture of this version with
/// the English catalogs (beneath every language). Other languages'
/// catalogs are kept as the page loads them.
pub fn precached(version: &str) -> Vec<String> {
    let mut files: Vec<String> = Assets::iter()
        .map(|p| p.into_owned())
        .filter(|p| p != INDEX && p != WORKER && p != OFFLINE)
        .filter(|p| [".js", ".css", ".svg"].iter().any(|e| p.ends_with(e)))
        .filter(|p| !p.starts_with("i18n/") || p.starts_with("i18n/en/"))
        .collect();
    files.sort();
    ["/".to_string(), format!("/{OFFLINE}")]
        .into_iter()
        .chain(files.iter().map(|f| format!("/v/{version}/{f}")))
        .collect()
}

/// A template of `web-client/` (the worker or the offline page) with
/// `__VERSION__` and `__PRECACHE__` filled in, revalidated each time.
fn template(name: &str, headers: &HeaderMap) -> Response {
    let Some(file) = Assets::get(name) else {
        return not_found();
    };
    let version = client().version.clone();
    let list = serde_json::to_string(&precached(&version)).unwrap_or_default();
    let body = String::from_utf8_lossy(&file.data)
        .replace("__VERSION__", &version)
        .replace("__PRECACHE__", &list);
    let content_type = if name.ends_with(".js") {
        "text/javascript; charset=utf-8"
    } else {
        "text/html; charset=utf-8"
    };
    revalidated(body.into_bytes(), content_type, REVALIDATE, headers, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_browsers_first_language_we_speak_names_the_manifest() {
        let with = |v: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::ACCEPT_LANGUAGE, HeaderValue::from_str(v).unwrap());
            accepted(&h)
        };
        assert_eq!(with("kn-IN,kn;q=0.9,en;q=0.8"), Language::Kn);
        assert_eq!(with("fr-FR, ta;q=0.5, hi;q=0.7"), Language::Hi);
        assert_eq!(with("de, fr"), Language::En);
        assert_eq!(with("te;q=0, mr;q=0.2"), Language::Mr);
        assert_eq!(with(";;,q=,"), Language::En);
        assert_eq!(accepted(&HeaderMap::new()), Language::En);
    }

    #[test]
    fn the_manifest_names_the_game_in_its_language() {
        let m = manifest_json(Language::Te);
        assert_eq!(m["name"], "అష్టా చెమ్మా");
        assert_eq!(m["short_name"], "చౌకా");
        assert_eq!(m["lang"], "te");
        assert_eq!(m["start_url"], START_URL);
        assert_eq!(m["theme_color"], "#7a2e1d");
        assert_eq!(m["display"], "standalone");
        let purposes: Vec<_> = m["icons"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["purpose"].as_str().unwrap())
            .collect();
        assert_eq!(purposes, ["any", "any", "maskable"]);
    }

    #[test]
    fn the_worker_keeps_this_versions_files_and_no_template() {
        let list = precached("abc");
        assert_eq!(list[..2], ["/", "/offline.html"]);
        assert!(list.contains(&"/v/abc/js/main.js".to_string()));
        assert!(list.contains(&"/v/abc/style.css".to_string()));
        assert!(list.contains(&"/v/abc/i18n/en/ui.js".to_string()));
        assert!(!list.iter().any(|f| f.contains("/i18n/kn/")));
        assert!(!list
            .iter()
            .any(|f| f.ends_with("sw.js") || f.ends_with("index.html")));
        assert!(list[2..].iter().all(|f| f.starts_with("/v/abc/")));
    }
}
