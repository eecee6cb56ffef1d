//! The web client, embedded at compile time from `web-client/`, and the
//! rules text (`docs/rules.md`).
//!
//! `/` and `/r/{code}` both serve `index.html`: the client routes by path.
//! Every other file is served by its path with its content type, an ETag
//! (its SHA-256), and `no-cache` so that browsers revalidate after an
//! upgrade instead of mixing old and new modules (a 304 costs little).

use crate::App;
use axum::extract::Path;
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../web-client/"]
struct Assets;

/// The rules as this project plays them.
pub const RULES_MD: &str = include_str!("../../docs/rules.md");

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

async fn index(headers: HeaderMap) -> Response {
    serve("index.html", &headers)
}

async fn room_page(Path(_code): Path<String>, headers: HeaderMap) -> Response {
    serve("index.html", &headers)
}

async fn asset(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    if path.starts_with("api/") || path.contains("..") {
        return not_found();
    }
    serve(path, &headers)
}

fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "not found\n",
    )
        .into_response()
}

fn serve(path: &str, headers: &HeaderMap) -> Response {
    let Some(file) = Assets::get(path) else {
        if path == "index.html" {
            return (
                StatusCode::NOT_FOUND,
                [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                "The web client is not built into this server (web-client/index.html is missing).\n",
            )
                .into_response();
        }
        return not_found();
    };
    let etag = format!(
        "\"{}\"",
        file.metadata
            .sha256_hash()
            .iter()
            .take(16)
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    );
    let cache = "no-cache";
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag))
    {
        return (
            StatusCode::NOT_MODIFIED,
            [
                (header::ETAG, etag),
                (header::CACHE_CONTROL, cache.to_string()),
            ],
        )
            .into_response();
    }
    let mime = file.metadata.mimetype();
    let mime = match mime {
        m if m.starts_with("text/") || m == "application/javascript" || m == "image/svg+xml" => {
            format!("{m}; charset=utf-8")
        }
        m => m.to_string(),
    };
    (
        [
            (header::CONTENT_TYPE, mime),
            (header::ETAG, etag),
            (header::CACHE_CONTROL, cache.to_string()),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff".to_string()),
        ],
        file.data.into_owned(),
    )
        .into_response()
}
