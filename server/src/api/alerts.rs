//! `GET` and `PUT /api/me/alerts` (docs/protocol.md, "Players"): the
//! player's time zone and quiet hours, when nothing is sent to them
//! ([`Alerts`]).

use super::identity::Identity;
use crate::edge::read_json;
use crate::error::{ErrorCode, Refusal};
use crate::nudges::Alerts;
use crate::store::{now_ms, Store};
use axum::body::Body;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;

/// `GET /api/me/alerts`: the player's time zone and quiet hours (UTC and
/// none if they never set them).
pub async fn alerts(State(store): State<Store>, me: Identity) -> Result<Json<Alerts>, Refusal> {
    let alerts = store.alerts(&me.hash).await.map_err(Refusal::store)?;
    Ok(Json(alerts))
}

/// `PUT /api/me/alerts`: sets them; a time zone that is not known, or
/// quiet hours that are not two different minutes of the day, are
/// refused (`bad_request`) and change nothing.
pub async fn set_alerts(
    State(store): State<Store>,
    me: Identity,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<Alerts>, Refusal> {
    let alerts: Alerts = read_json(&headers, body).await?;
    alerts
        .check()
        .map_err(|why| Refusal::with(ErrorCode::BadRequest, why))?;
    let saved = store.set_alerts(&me.hash, &alerts, now_ms()).await;
    saved.map_err(Refusal::store)?;
    Ok(Json(alerts))
}
