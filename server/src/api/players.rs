//! `POST /api/players`: a new player without an account (docs/protocol.md,
//! "Players"). The server makes the secret and keeps only its hash.

use super::identity::{device_id, device_label};
use crate::edge::{check_name, read_json};
use crate::error::Refusal;
use crate::ids;
use crate::limits::{Limited, Limits};
use crate::store::{now_ms, PlayerRow, Store};
use axum::body::Body;
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::Json;
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;

/// The body of `POST /api/players`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewPlayer {
    /// The name they go by, checked like a seat's; absent or null for none yet.
    #[serde(default)]
    pub name: Option<String>,
}

/// The answer to `POST /api/players`.
#[derive(Debug, Serialize)]
pub struct PlayerMade {
    /// The secret: shown this once, kept by the browser only.
    pub secret: String,
    /// The name, if one was given.
    pub name: Option<String>,
}

/// `POST /api/players`: makes a player, and records the device asking.
/// Limited per address (`--players-per-minute`).
pub async fn create_player(
    State(limits): State<Limits>,
    State(store): State<Store>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<PlayerMade>), Refusal> {
    let req: NewPlayer = read_json(&headers, body).await?;
    let name = req.name.as_deref().map(check_name).transpose()?;
    let device = device_id(&headers)?;
    limits.check(Limited::NewPlayers, peer, &headers).await?;
    let secret = ids::new_token();
    let hash = ids::hash_token(&secret);
    let now = now_ms();
    let row = PlayerRow {
        hash: hash.clone(),
        name: name.clone(),
        created_at: now,
        seen_at: now,
    };
    store.create_player(&row).await.map_err(Refusal::store)?;
    if let Some(d) = device {
        let label = device_label(headers.get(header::USER_AGENT));
        let touched = store.touch_device(&hash, &d, &label, now).await;
        touched.map_err(Refusal::store)?;
    }
    tracing::info!("player created");
    Ok((StatusCode::CREATED, Json(PlayerMade { secret, name })))
}
