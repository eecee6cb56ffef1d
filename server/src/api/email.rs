//! `GET`, `PUT` and `DELETE /api/me/email` (docs/protocol.md, "Players"):
//! the player's address for the daily digest (nudges/mail/). `email_off`
//! (404) on a server that sends no e-mail: the page hides the section.

use super::identity::Identity;
use crate::edge::read_json;
use crate::error::{ErrorCode, Refusal};
use crate::ids;
use crate::invite::Language;
use crate::nudges::mail::{check_address, verify_letter, Mail, Mailer};
use crate::nudges::quiet::DAY_MINUTES;
use crate::store::{now_ms, EmailRow, Store};
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The body of `PUT /api/me/email`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AskEmail {
    /// The address.
    pub address: String,
    /// When the digest may go, minutes after local midnight (0 to 1439).
    pub minute: u16,
    /// The language of the e-mails ("kn"); English if not one of the six.
    #[serde(default, deserialize_with = "Language::lenient")]
    pub language: Language,
}

/// The answer of `GET` and `PUT /api/me/email`.
#[derive(Debug, Serialize)]
pub struct MyEmail {
    /// The address.
    pub address: String,
    /// Whether its link was opened: until then nothing but the one
    /// verification e-mail is sent.
    pub verified: bool,
    /// When the digest may go, minutes after local midnight.
    pub minute: u16,
    /// The e-mails' language.
    pub language: String,
}

impl From<EmailRow> for MyEmail {
    fn from(r: EmailRow) -> MyEmail {
        MyEmail {
            address: r.address,
            verified: r.verified_at.is_some(),
            minute: r.minute,
            language: r.language,
        }
    }
}

/// The mailer, or `email_off`.
fn mailer(mail: &Mail) -> Result<&Arc<Mailer>, Refusal> {
    mail.mailer()
        .ok_or_else(|| Refusal::new(ErrorCode::EmailOff))
}

/// `GET /api/me/email`: the player's address, or `null`.
pub async fn email(
    State(store): State<Store>,
    State(mail): State<Mail>,
    me: Identity,
) -> Result<Json<Option<MyEmail>>, Refusal> {
    mailer(&mail)?;
    let row = store.email(&me.hash).await.map_err(Refusal::store)?;
    Ok(Json(row.map(MyEmail::from)))
}

/// `PUT /api/me/email`: keeps the address unconfirmed and sends it the
/// one verification e-mail. A bad address or minute is refused
/// (`bad_request`), too many verification e-mails to the player or the
/// address are (`rate_limited`), and both change nothing.
pub async fn set_email(
    State(store): State<Store>,
    State(mail): State<Mail>,
    me: Identity,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<MyEmail>, Refusal> {
    let mailer = mailer(&mail)?;
    let ask: AskEmail = read_json(&headers, body).await?;
    let address =
        check_address(&ask.address).map_err(|why| Refusal::with(ErrorCode::BadRequest, why))?;
    if ask.minute >= DAY_MINUTES {
        let why = format!("minute: 0 to {}", DAY_MINUTES - 1);
        return Err(Refusal::with(ErrorCode::BadRequest, why));
    }
    if !mailer.may_verify(&me.hash, &address) {
        return Err(Refusal::new(ErrorCode::RateLimited));
    }
    let token = ids::new_token();
    let now = now_ms();
    let row = EmailRow {
        player: me.hash.clone(),
        address: address.clone(),
        language: ask.language.code().to_string(),
        minute: ask.minute,
        verified_at: None,
        verify_sent_at: Some(now),
        last_sent_day: None,
    };
    let saved = store.set_email(&row, &ids::hash_token(&token), now).await;
    saved.map_err(Refusal::store)?;
    let letter = verify_letter(ask.language, mailer.site(), &token);
    if let Err(e) = mailer.send(&address, letter).await {
        // No e-mail went: no address is kept waiting for it.
        tracing::warn!("a verification e-mail could not be sent: {e}");
        let forgot = store.delete_email(&me.hash).await;
        forgot.map_err(Refusal::store)?;
        return Err(Refusal::new(ErrorCode::MailFailed));
    }
    Ok(Json(MyEmail::from(row)))
}

/// `DELETE /api/me/email`: forgets the address; no e-mail goes from now
/// on. 204 whether there was one or not.
pub async fn delete_email(State(store): State<Store>, me: Identity) -> Result<StatusCode, Refusal> {
    store.delete_email(&me.hash).await.map_err(Refusal::store)?;
    Ok(StatusCode::NO_CONTENT)
}
