//! A player's own routes (docs/protocol.md, "Players"): `GET`, `PATCH`
//! and `DELETE /api/me`, and `GET /api/me/games` ("all my games"). Each
//! takes the request's [`Identity`]; a rename and a forget reach every
//! room of the player, through the room's node (`relay::player_change`).

use super::identity::Identity;
use crate::cluster::relay;
use crate::cluster::Cluster;
use crate::edge::{check_name, read_json};
use crate::error::Refusal;
use crate::ids::RoomCode;
use crate::rooms::{PlayerChange, Registry};
use crate::store::{now_ms, CircleName, InvitationRow, Lobby, MyGame, Store};
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use chowka_protocol::Setup;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A device holding the player's secret, as `GET /api/me` lists it.
#[derive(Debug, Serialize)]
pub struct Device {
    /// What its browser said it is: "Chrome on Android".
    pub label: String,
    /// First use, ms since the epoch.
    pub first_seen: i64,
    /// Last use, ms since the epoch (to the minute).
    pub last_seen: i64,
    /// Whether it is the device asking.
    pub this: bool,
}

/// The answer of `GET /api/me` and `PATCH /api/me`.
#[derive(Debug, Serialize)]
pub struct Me {
    /// The player's name, if any.
    pub name: Option<String>,
    /// When the identity was made, ms since the epoch.
    pub created_at: i64,
    /// The devices holding it, most recently used first.
    pub devices: Vec<Device>,
}

/// `GET /api/me`: the player's name and devices.
pub async fn me(State(store): State<Store>, me: Identity) -> Result<Json<Me>, Refusal> {
    let devices = store.devices(&me.hash).await.map_err(Refusal::store)?;
    let devices = (devices.into_iter())
        .map(|d| Device {
            this: me.device.as_deref() == Some(d.device.as_str()),
            label: d.label,
            first_seen: d.first_seen,
            last_seen: d.last_seen,
        })
        .collect();
    Ok(Json(Me {
        name: me.name,
        created_at: me.created_at,
        devices,
    }))
}

/// The body of `PATCH /api/me`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rename {
    /// The new name, checked like a seat's.
    pub name: String,
}

/// `PATCH /api/me`: renames the player; their seats in lobbies and games
/// in play show the new name (finished games keep the one they were
/// played under).
pub async fn rename(
    State(store): State<Store>,
    State(registry): State<Registry>,
    State(cluster): State<Arc<Cluster>>,
    me: Identity,
    headers: HeaderMap,
    body: Body,
) -> Result<Json<Me>, Refusal> {
    let req: Rename = read_json(&headers, body).await?;
    let name = check_name(&req.name)?;
    let renamed = store.rename_player(&me.hash, Some(&name)).await;
    renamed.map_err(Refusal::store)?;
    let games = store.player_games(&me.hash).await.map_err(Refusal::store)?;
    let open = games.iter().filter(|g| g.status != "finished");
    for code in open.filter_map(|g| RoomCode::parse(&g.code)) {
        let change = PlayerChange::Rename {
            player: me.hash.clone(),
            name: name.clone(),
        };
        tell(&registry, &cluster, code, change).await;
    }
    let me = Identity {
        name: Some(name),
        ..me
    };
    self::me(State(store), me).await
}

/// `DELETE /api/me`: "delete my data". The identity stops working (its
/// row, devices and room links are deleted); its name is removed from
/// every room of theirs and from their archived games that were not
/// public (public ones were shown to everyone already). They leave every
/// circle, whose standings no longer count them (docs/circles.md).
pub async fn forget(
    State(store): State<Store>,
    State(registry): State<Registry>,
    State(cluster): State<Arc<Cluster>>,
    State(hub): State<Arc<crate::circles::Hub>>,
    me: Identity,
) -> Result<StatusCode, Refusal> {
    let circles = store.player_circles(&me.hash).await;
    let circles = circles.map_err(Refusal::store)?;
    let rooms = store
        .forget_player(&me.hash)
        .await
        .map_err(Refusal::store)?;
    // Their circles' open pages lose them at once.
    for c in &circles {
        hub.changed(&c.id).await;
    }
    for code in rooms.iter().filter_map(|c| RoomCode::parse(c)) {
        let change = PlayerChange::Forget {
            player: me.hash.clone(),
        };
        tell(&registry, &cluster, code, change).await;
    }
    tracing::info!(rooms = rooms.len(), "player forgotten");
    Ok(StatusCode::NO_CONTENT)
}

/// A player's change to one of their rooms. A room that cannot be reached
/// now is logged and left: its seat keeps the old name until the player
/// renames again (a forget's store part is done already).
async fn tell(registry: &Registry, cluster: &Cluster, code: RoomCode, change: PlayerChange) {
    if let Err(r) = relay::player_change(registry, cluster, code, change).await {
        if r.code != crate::error::ErrorCode::NoSuchRoom {
            tracing::warn!(room = %code, "a player's change did not reach the room: {r}");
        }
    }
}

/// A game of one of the player's circles waiting in its lobby, where they
/// hold no seat yet.
#[derive(Debug, Serialize)]
pub struct Invitation {
    /// Room code.
    pub code: String,
    /// The circle.
    pub circle: CircleName,
    /// Who made it (the host's name).
    pub by: Option<String>,
    /// `live` or `days`.
    pub pace: String,
    /// Preset name.
    pub preset: String,
    /// Board size.
    pub board: i64,
    /// When it was made.
    pub created_at: i64,
}

impl Invitation {
    /// The invitation of a stored row; `None` if it does not read.
    fn of(r: InvitationRow) -> Option<Invitation> {
        // (The store left out lobbies where they hold a seat.)
        let lobby = Lobby::of(&r.seats).filter(|l| l.open)?;
        let rules = serde_json::from_str::<Setup>(&r.setup).ok()?.rules().ok()?;
        Some(Invitation {
            code: r.code,
            circle: CircleName {
                id: r.circle,
                name: r.circle_name,
            },
            by: lobby.host,
            pace: r.pace,
            preset: rules.preset.name().into(),
            board: rules.board as i64,
            created_at: r.created_at,
        })
    }
}

/// The answer of `GET /api/me/games`.
#[derive(Debug, Serialize)]
pub struct MyGames {
    /// The player's games, in the page's order.
    pub games: Vec<MyGame>,
    /// Games of their circles waiting for them in the lobby, newest first.
    pub invitations: Vec<Invitation>,
    /// The server's time, ms since the epoch, for the clocks shown.
    pub now: i64,
}

/// `GET /api/me/games`: "all my games", from the store by the player's
/// rooms (`Store::player_games`).
pub async fn games(State(store): State<Store>, me: Identity) -> Result<Json<MyGames>, Refusal> {
    let games = store.player_games(&me.hash).await.map_err(Refusal::store)?;
    let invitations = store.invitations(&me.hash).await.map_err(Refusal::store)?;
    Ok(Json(MyGames {
        games,
        invitations: invitations.into_iter().filter_map(Invitation::of).collect(),
        now: now_ms(),
    }))
}
