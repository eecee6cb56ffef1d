//! The push routes (docs/protocol.md, "Players"): the server's public key
//! and a player's subscriptions. All answer `push_off` (404) while the
//! server runs without `--push`.

use super::identity::Identity;
use crate::edge::read_json;
use crate::error::{ErrorCode, Refusal};
use crate::nudges::push::{Push, Sender, Subscription};
use crate::store::{now_ms, Store};
use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// `GET /api/push/key`'s answer.
#[derive(Serialize)]
pub struct PushKey {
    /// The server's VAPID public key, base64url: `applicationServerKey`.
    pub key: String,
}

/// A subscription named by its address: `DELETE /api/me/push`'s body and
/// `GET /api/me/push`'s query.
#[derive(Deserialize)]
pub struct Endpoint {
    /// The push service's address for the browser.
    pub endpoint: String,
}

/// `GET /api/me/push`'s answer.
#[derive(Serialize)]
pub struct Subscribed {
    /// Whether the server holds this browser's subscription for the player.
    pub subscribed: bool,
}

/// The sender, or `push_off`.
fn on(push: &Push) -> Result<&Arc<Sender>, Refusal> {
    push.on().ok_or(Refusal::new(ErrorCode::PushOff))
}

/// `GET /api/push/key`: the key browsers subscribe with.
pub async fn key(State(push): State<Push>) -> Result<Json<PushKey>, Refusal> {
    let key = on(&push)?.public_key().to_string();
    Ok(Json(PushKey { key }))
}

/// `POST /api/me/push`: keeps this browser's subscription (201); one
/// that is not a push service's, or keys that are not right, are refused
/// (`bad_request`) and change nothing.
pub async fn subscribe(
    State(push): State<Push>,
    State(store): State<Store>,
    me: Identity,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<Subscribed>), Refusal> {
    let sender = on(&push)?;
    let sub: Subscription = read_json(&headers, body).await?;
    sub.check(sender.services())?;
    let kept = store.subscribe_push(&me.hash, &sub, now_ms()).await;
    kept.map_err(Refusal::store)?;
    Ok((StatusCode::CREATED, Json(Subscribed { subscribed: true })))
}

/// `DELETE /api/me/push`: drops this browser's subscription at once
/// (204, also when it was not there).
pub async fn unsubscribe(
    State(push): State<Push>,
    State(store): State<Store>,
    me: Identity,
    headers: HeaderMap,
    body: Body,
) -> Result<StatusCode, Refusal> {
    on(&push)?;
    let Endpoint { endpoint } = read_json(&headers, body).await?;
    let dropped = store.unsubscribe_push(&me.hash, &endpoint).await;
    dropped.map_err(Refusal::store)?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/me/push?endpoint=…`: whether the server holds that
/// subscription for the player.
pub async fn subscribed(
    State(push): State<Push>,
    State(store): State<Store>,
    me: Identity,
    query: Result<Query<Endpoint>, QueryRejection>,
) -> Result<Json<Subscribed>, Refusal> {
    on(&push)?;
    let Query(Endpoint { endpoint }) = query.map_err(|_| {
        Refusal::with(
            ErrorCode::BadRequest,
            "endpoint: the subscription's address",
        )
    })?;
    let subs = store.push_subscriptions(&me.hash).await;
    let subscribed = subs
        .map_err(Refusal::store)?
        .iter()
        .any(|s| s.endpoint == endpoint);
    Ok(Json(Subscribed { subscribed }))
}
