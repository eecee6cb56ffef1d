//! The pages of the e-mails' links (docs/protocol.md, "Players"):
//! `/email/verify?t=…` confirms an address, `/email/unsubscribe?t=…`
//! stops the e-mails. A GET only shows a page with a button, so that a
//! mail scanner fetching the link changes nothing; the button POSTs.
//! A POST to the unsubscribe link is also RFC 8058's one-click
//! unsubscribe, which mail programs send (`List-Unsubscribe=One-Click`).
//! The pages are plain HTML in the player's language, with their own
//! Content-Security-Policy: no script, one inline stylesheet.

use super::letters::clock_time;
use super::words::MailWords;
use super::VERIFY_FOR_MS;
use crate::ids;
use crate::invite::tags::escape;
use crate::invite::Language;
use crate::store::{now_ms, EmailRow, Store, StoreResult};
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use serde::Deserialize;
use sha2::{Digest as _, Sha256};
use std::sync::LazyLock;

/// The pages' query: the link's token.
#[derive(Debug, Deserialize)]
pub struct Link {
    /// The token (32 hex characters), as in the e-mail.
    #[serde(default)]
    t: String,
}

/// The pages' one stylesheet, inline, allowed by its hash.
const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;\
    line-height:1.5;color:#222;background:#fbf7ef}main{max-width:32rem;margin:auto}\
    h1{font-size:1.3rem}button{font-size:1.1rem;padding:.7rem 1.4rem;border-radius:.5rem;\
    border:0;background:#8a3b12;color:#fff;min-height:48px}a{color:#8a3b12}";

/// The pages' Content-Security-Policy: nothing but the stylesheet above,
/// forms posting to this site.
static CSP: LazyLock<HeaderValue> = LazyLock::new(|| {
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(STYLE));
    let csp = format!(
        "default-src 'none'; style-src 'sha256-{hash}'; form-action 'self'; \
         frame-ancestors 'none'; base-uri 'none'"
    );
    HeaderValue::from_str(&csp).unwrap_or(HeaderValue::from_static("default-src 'none'"))
});

/// Which page of a link.
#[derive(Clone, Copy)]
enum Kind {
    Verify,
    Unsubscribe,
}

impl Kind {
    fn path(self) -> &'static str {
        match self {
            Kind::Verify => "/email/verify",
            Kind::Unsubscribe => "/email/unsubscribe",
        }
    }
}

/// A page: its message, and a button that POSTs the link, or none.
fn page(
    lang: Language,
    status: StatusCode,
    message: &str,
    button: Option<(Kind, &str, &str)>,
) -> Response {
    let w = MailWords::of(lang);
    let game = lang.words().game;
    let form = match button {
        Some((kind, token, label)) => format!(
            "<form method=\"post\" action=\"{}?t={token}\">\
             <input type=\"hidden\" name=\"List-Unsubscribe\" value=\"One-Click\">\
             <button type=\"submit\">{}</button></form>",
            kind.path(),
            escape(label)
        ),
        None => String::new(),
    };
    let html = format!(
        "<!DOCTYPE html><html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\"><title>{}</title><style>{STYLE}</style></head>\
         <body><main><h1>{}</h1><p id=\"message\">{}</p>{form}<p><a href=\"/\">{}</a></p></main></body></html>",
        lang.code(),
        escape(game),
        escape(game),
        escape(message),
        escape(&w.back.replace("{game}", game)),
    );
    let headers = [
        (
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/html; charset=utf-8"),
        ),
        (header::CONTENT_SECURITY_POLICY, CSP.clone()),
        (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
    ];
    (status, headers, html).into_response()
}

/// The language of a page with no address behind it: the browser's first.
fn asked_language(headers: &HeaderMap) -> Language {
    let first = (headers.get(header::ACCEPT_LANGUAGE))
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split([',', ';']).next())
        .unwrap_or("");
    Language::from_code(first.trim())
}

/// "This link no longer works", in the browser's language.
fn bad_link(headers: &HeaderMap) -> Response {
    let lang = asked_language(headers);
    page(
        lang,
        StatusCode::NOT_FOUND,
        MailWords::of(lang).bad_link,
        None,
    )
}

/// A store failure: the page asks to try again later.
fn store_down(e: crate::store::StoreError) -> Response {
    tracing::warn!("e-mail link: {e}");
    (StatusCode::SERVICE_UNAVAILABLE, "Try again in a minute.").into_response()
}

/// The hash of a well-formed token, else `None` (nothing else is looked up).
fn token_hash(link: &Link) -> Option<String> {
    ids::is_player_secret(&link.t).then(|| ids::hash_token(&link.t))
}

/// The address waiting for this verification link, if it is not too old.
async fn waiting(store: &Store, hash: &str, now: i64) -> StoreResult<Option<EmailRow>> {
    let row = store.email_by_verify(hash).await?;
    Ok(row.filter(|r| r.verify_sent_at.is_some_and(|at| now - at < VERIFY_FOR_MS)))
}

/// The row a link found, or the page to answer instead: "this link no
/// longer works", or "try again" when the store fails.
fn found(
    row: StoreResult<Option<EmailRow>>,
    headers: &HeaderMap,
) -> Result<EmailRow, Box<Response>> {
    match row {
        Ok(Some(row)) => Ok(row),
        Ok(None) => Err(Box::new(bad_link(headers))),
        Err(e) => Err(Box::new(store_down(e))),
    }
}

/// A link's GET page: its question about the address found, and the
/// button that POSTs the link.
async fn question(store: Store, kind: Kind, q: Query<Link>, headers: HeaderMap) -> Response {
    let row = match found(lookup(&store, kind, &q, now_ms()).await, &headers) {
        Ok(row) => row,
        Err(page) => return *page,
    };
    let lang = Language::from_code(&row.language);
    let w = MailWords::of(lang);
    let (ask, button) = match kind {
        Kind::Verify => (w.confirm_ask, w.confirm_button),
        Kind::Unsubscribe => (w.stop_ask, w.stop_button),
    };
    let ask = ask.replace("{address}", &row.address);
    page(lang, StatusCode::OK, &ask, Some((kind, &q.t, button)))
}

/// The address a link of `kind` stands for, if it still works; `None`
/// too for a malformed token (nothing else is looked up).
async fn lookup(store: &Store, kind: Kind, link: &Link, now: i64) -> StoreResult<Option<EmailRow>> {
    let Some(hash) = token_hash(link) else {
        return Ok(None);
    };
    match kind {
        Kind::Verify => waiting(store, &hash, now).await,
        Kind::Unsubscribe => store.email_by_unsubscribe(&hash).await,
    }
}

/// `GET /email/verify?t=…`: the question and its button.
pub async fn verify_page(
    State(store): State<Store>,
    q: Query<Link>,
    headers: HeaderMap,
) -> Response {
    question(store, Kind::Verify, q, headers).await
}

/// `GET /email/unsubscribe?t=…`: the question and its button.
pub async fn unsubscribe_page(
    State(store): State<Store>,
    q: Query<Link>,
    headers: HeaderMap,
) -> Response {
    question(store, Kind::Unsubscribe, q, headers).await
}

/// `POST /email/verify?t=…`: confirms the address; the token is used up.
pub async fn verify(State(store): State<Store>, q: Query<Link>, headers: HeaderMap) -> Response {
    let now = now_ms();
    let row = match found(lookup(&store, Kind::Verify, &q, now).await, &headers) {
        Ok(row) => row,
        Err(page) => return *page,
    };
    match store.verify_email(&ids::hash_token(&q.t), now).await {
        Ok(true) => {
            let lang = Language::from_code(&row.language);
            let done = (MailWords::of(lang).confirmed).replace("{time}", &clock_time(row.minute));
            page(lang, StatusCode::OK, &done, None)
        }
        Ok(false) => bad_link(&headers),
        Err(e) => store_down(e),
    }
}

/// `POST /email/unsubscribe?t=…` (the page's button, or a mail program's
/// one-click): forgets the address at once.
pub async fn unsubscribe(
    State(store): State<Store>,
    q: Query<Link>,
    headers: HeaderMap,
) -> Response {
    let found = found(
        lookup(&store, Kind::Unsubscribe, &q, now_ms()).await,
        &headers,
    );
    let row = match found {
        Ok(row) => row,
        Err(page) => return *page,
    };
    match store.delete_email(&row.player).await {
        Ok(_) => {
            let lang = Language::from_code(&row.language);
            let done = (MailWords::of(lang).stopped).replace("{address}", &row.address);
            page(lang, StatusCode::OK, &done, None)
        }
        Err(e) => store_down(e),
    }
}
