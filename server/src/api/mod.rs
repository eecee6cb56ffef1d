//! HTTP routes: rooms, seats, players, circles, the archive, health and
//! metrics (docs/protocol.md has the bodies). Creating a room and taking a seat
//! take the optional [`Identity`] of `Authorization: Bearer`: the seat is
//! the player's, and the room is linked to them for "all my games".

use crate::bots::Level;
use crate::cluster::relay;
use crate::cluster::Cluster;
use crate::edge::{bad_query, check_name, read_json};
use crate::error::{ErrorCode, Refusal};
use crate::ids::{self, RoomCode};
use crate::limits::{Limited, Limits};
use crate::metrics::Metrics;
use crate::rooms::{CreateError, Listing, Registry, Room, Seat, Settings};
use crate::services::Services;
use crate::store::Store;
use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use chowka_protocol::messages::{Pace, RoomView};
use chowka_protocol::{Overrides, Preset, Rules, Setup};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

mod alerts;
mod archive;
mod circles;
mod email;
mod identity;
mod me;
mod players;
mod push;

mod pace;

pub use archive::{game, list_games, ArchivedGame, GameList, GameSummary, GamesQuery};
pub use circles::{
    circle, create_circle, invite, join, leave_or_remove, new_game, rename_circle, renew_invite,
    revoke_invite, set_admin,
};
pub use email::{AskEmail, MyEmail};
pub use identity::{device_label, Identity, DEVICE_HEADER};
pub use me::{Device, Me, MyGames};
use pace::pace_settings;
pub use pace::{DEFAULT_TURN_HOURS, TURN_HOURS};
pub use players::{create_player, NewPlayer, PlayerMade};

/// The handlers of a player's own routes, `/api/me...` (`me.rs`).
pub mod my {
    pub use super::alerts::{alerts, set_alerts};
    pub use super::circles::my_circles as circles;
    pub use super::email::{delete_email, email, set_email};
    pub use super::me::{forget, games, me, rename};
    pub use super::push::{key as push_key, subscribe, subscribed, unsubscribe};
}

/// The documented range of `turn_clock`, in seconds (docs/protocol.md).
pub const TURN_CLOCK_SECS: std::ops::RangeInclusive<u32> = 10..=600;
pub use crate::rooms::TAKEOVER_SECS;
/// `takeover` when a creation does not say: a computer stands in for a
/// person away for a minute, so that a closed tab never freezes a table.
pub const DEFAULT_TAKEOVER_SECS: u32 = 60;

/// A field whose absence and `null` mean different things: absent is
/// `None`, null is `Some(None)`.
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// A computer player asked for at creation.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotRequest {
    /// The seat (1 and up).
    pub seat: u8,
    /// `easy`, `medium` or `hard`.
    pub level: String,
}

/// The body of `POST /api/rooms`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRoom {
    /// The creator's display name.
    pub name: String,
    /// The preset.
    #[serde(default)]
    pub preset: Preset,
    /// Options overriding the preset.
    #[serde(default)]
    pub options: Overrides,
    /// Number of seats, 2-4.
    #[serde(default)]
    pub players: Option<u8>,
    /// Listed publicly while in the lobby.
    #[serde(default)]
    pub public: bool,
    /// Seconds per turn.
    #[serde(default)]
    pub turn_clock: Option<u32>,
    /// Seconds away before a computer stands in: absent means
    /// [`DEFAULT_TAKEOVER_SECS`], null means never.
    #[serde(default, deserialize_with = "present")]
    pub takeover: Option<Option<u32>>,
    /// Computer players.
    #[serde(default)]
    pub bots: Vec<BotRequest>,
    /// Start the game at once (every seat taken by the creator or a
    /// computer): one tap to play the computer.
    #[serde(default)]
    pub start: bool,
    /// Live (default) or over days.
    #[serde(default)]
    pub pace: Pace,
    /// Hours of each turn's clock, over days only (default 24).
    #[serde(default)]
    pub turn_hours: Option<u32>,
    /// The language of the creator's page (`kn`, `hi`...): the room link's
    /// preview speaks it. Absent, or not one of the six, is English.
    #[serde(default, deserialize_with = "crate::invite::Language::lenient")]
    pub language: crate::invite::Language,
    /// Whether players may ask what the computer would do (default true;
    /// the host can change it later with `set_hints`).
    #[serde(default = "yes")]
    pub hints: bool,
}

fn yes() -> bool {
    true
}

/// The answer to creating a room or taking a seat.
#[derive(Debug, Serialize)]
pub struct SeatAnswer {
    /// Room code.
    pub code: RoomCode,
    /// The seat taken.
    pub seat: u8,
    /// The seat token.
    pub token: String,
    /// The room.
    pub room: RoomView,
}

/// `POST /api/rooms`: creates a room; the creator takes seat 0 as host.
pub async fn create_room(
    State(limits): State<Limits>,
    State(registry): State<Registry>,
    State(store): State<Store>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    me: Option<Identity>,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<SeatAnswer>), Refusal> {
    let req: CreateRoom = read_json(&headers, body).await?;
    let asked = Asked {
        limits: &limits,
        peer,
        headers: &headers,
    };
    let answer = open_room(&registry, &store, asked, me.map(|me| me.hash), req, None).await?;
    Ok((StatusCode::CREATED, Json(answer)))
}

/// Who asked for a room, for the limit on creations per address.
pub(crate) struct Asked<'a> {
    /// The limits.
    pub limits: &'a Limits,
    /// The address it came from.
    pub peer: SocketAddr,
    /// Its headers (a trusted proxy's `X-Forwarded-For`).
    pub headers: &'a HeaderMap,
}

/// Makes the room `req` asks for, with its creator (a player, if
/// `player`) in seat 0 as host; in `circle`, if given (never listed then).
pub(crate) async fn open_room(
    registry: &Registry,
    store: &Store,
    asked: Asked<'_>,
    player: Option<String>,
    req: CreateRoom,
    circle: Option<crate::ids::CircleId>,
) -> Result<SeatAnswer, Refusal> {
    let name = check_name(&req.name)?;
    let mut options = req.options;
    if let Some(p) = req.players {
        options.players = Some(p);
    }
    let rules = Rules::with(req.preset, options).map_err(|e| {
        Refusal::with(
            ErrorCode::BadRules,
            format!("These rules cannot be played: {e}."),
        )
    })?;
    options.players = Some(rules.players);
    let (takeover, turn_hours) = pace_settings(&req)?;
    Refusal::check_secs("turn_clock", req.turn_clock, &TURN_CLOCK_SECS)?;
    Refusal::check_secs("takeover", takeover, &TAKEOVER_SECS)?;
    let mut seats = vec![Seat::default(); rules.players as usize];
    for b in &req.bots {
        if b.seat == 0 || b.seat >= rules.players {
            return Err(Refusal::with(
                ErrorCode::BadSeat,
                format!("Computer players sit in seats 1 to {}.", rules.players - 1),
            ));
        }
        let level: Level = b
            .level
            .parse()
            .map_err(|e: String| Refusal::with(ErrorCode::BadLevel, e))?;
        seats[b.seat as usize].bot = Some(level);
    }
    (asked.limits)
        .check(Limited::Creations, asked.peer, asked.headers)
        .await?;
    let token = ids::new_token();
    seats[0] = Seat {
        name: Some(name),
        token_hash: Some(ids::hash_token(&token)),
        bot: None,
        host: true,
        player: player.clone(),
    };
    let setup = Setup {
        preset: req.preset,
        options,
        position: None,
    };
    let settings = Settings {
        public: req.public && circle.is_none(),
        turn_clock: req.turn_clock,
        takeover,
        pace: req.pace,
        turn_hours,
        language: req.language,
        circle,
        no_hints: !req.hints,
    };
    let mut room = Room::new(RoomCode::random(), setup, settings, seats)?;
    if req.start {
        room.begin(crate::rooms::server_seed(), registry.wall().now_ms())?;
    }
    let code = room.code;
    if let Some(p) = &player {
        link(store, p, code).await?;
    }
    let stub = registry.create(room).await.map_err(|e| match e {
        CreateError::TooMany => Refusal::new(ErrorCode::TooManyRooms),
        CreateError::Store(e) => Refusal::store(e),
    })?;
    let details = stub.details().await.ok_or_else(Refusal::no_room)?;
    tracing::info!(room = %code, "room created");
    Ok(SeatAnswer {
        code,
        seat: 0,
        token,
        room: details.room,
    })
}

/// The answer of `GET /api/rooms`.
#[derive(Serialize)]
pub struct RoomList {
    /// Open public rooms, newest first.
    pub rooms: Vec<Listing>,
}

/// `GET /api/rooms`: public rooms in the lobby with an empty seat.
pub async fn list_rooms(State(registry): State<Registry>) -> Json<RoomList> {
    let mut rooms = registry.open_rooms();
    rooms.truncate(100);
    Json(RoomList { rooms })
}

/// `GET /api/rooms/{code}`: a room's details, from its task if it runs,
/// else from the store (a look starts no room task). Limited per address:
/// codes are not to be guessed by trying them all.
pub async fn room(
    State(limits): State<Limits>,
    State(registry): State<Registry>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    code: Result<Path<String>, PathRejection>,
) -> Result<Json<crate::rooms::Details>, Refusal> {
    let code = code.map(|Path(c)| c).map_err(bad_query);
    find_room(&limits, &registry, peer, &headers, code)
        .await
        .map(Json)
}

/// The details of the room named by `code` (an unparsed path segment, or
/// why it could not be read), as the lookups' limit per address allows:
/// codes are not to be guessed by trying them all. The limit counts
/// first, whatever the code. Shared by `GET /api/rooms/{code}` and the
/// room link's preview (web/preview.rs).
pub async fn find_room(
    limits: &Limits,
    registry: &Registry,
    peer: SocketAddr,
    headers: &HeaderMap,
    code: Result<String, Refusal>,
) -> Result<crate::rooms::Details, Refusal> {
    limits.check(Limited::Lookups, peer, headers).await?;
    let code = RoomCode::parse(&code?).ok_or_else(Refusal::no_room)?;
    registry.details(code).await
}

/// The body of `POST /api/rooms/{code}/seats`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TakeSeat {
    /// Display name.
    pub name: String,
    /// The wanted seat, or the lowest empty one.
    #[serde(default)]
    pub seat: Option<u8>,
}

/// `POST /api/rooms/{code}/seats`: takes a seat in the lobby. Limited per
/// address (`--seats-per-minute`), so that one client cannot fill every
/// open seat of the public rooms.
pub async fn take_seat(
    State(limits): State<Limits>,
    State(s): State<Services>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    me: Option<Identity>,
    headers: HeaderMap,
    code: Result<Path<String>, PathRejection>,
    body: Body,
) -> Result<(StatusCode, Json<SeatAnswer>), Refusal> {
    let Path(code) = code.map_err(bad_query)?;
    let req: TakeSeat = read_json(&headers, body).await?;
    let name = check_name(&req.name)?;
    limits.check(Limited::Seats, peer, &headers).await?;
    let code = RoomCode::parse(&code).ok_or_else(Refusal::no_room)?;
    let player = me.map(|me| me.hash);
    if let Some(p) = &player {
        link(&s.store, p, code).await?;
    }
    // Here, or through the node that runs the room.
    let t = relay::take_seat(&s.registry, &s.cluster, code, name, req.seat, player).await?;
    Ok((
        StatusCode::CREATED,
        Json(SeatAnswer {
            code: t.code,
            seat: t.seat,
            token: t.token,
            room: t.room,
        }),
    ))
}

/// Links a room to a player before their seat is taken: a link to a seat
/// then not taken is harmless ("all my games" lists only seats held).
async fn link(store: &Store, player: &str, code: RoomCode) -> Result<(), Refusal> {
    let linked = store.link_room(player, code.as_str(), crate::store::now_ms());
    linked.await.map_err(Refusal::store)
}

/// `GET /api/presets`: what every preset resolves to on every board, with
/// the pawn counts allowed there, so the web client's creation form keeps
/// no copy of the preset table (docs/protocol.md).
pub async fn presets() -> Json<serde_json::Value> {
    Json(serde_json::json!({ "presets": chowka_protocol::ResolvedPreset::all() }))
}

/// `GET /healthz`: 200 when the database answers and can write (the
/// store's `ping` writes a row); 503 otherwise.
pub async fn healthz(State(store): State<Store>) -> Response {
    match tokio::time::timeout(Duration::from_secs(5), store.ping()).await {
        Ok(Ok(())) => (StatusCode::OK, "ok\n").into_response(),
        Ok(Err(e)) => {
            tracing::error!("health check: {e}");
            (StatusCode::SERVICE_UNAVAILABLE, "database unavailable\n").into_response()
        }
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, "database timeout\n").into_response(),
    }
}

/// `GET /metrics`: Prometheus text.
pub async fn metrics(
    State(metrics): State<Arc<Metrics>>,
    State(store): State<Store>,
    State(cluster): State<Arc<Cluster>>,
) -> Response {
    ([(header::CONTENT_TYPE, crate::metrics::CONTENT_TYPE)], {
        let mut registry = metrics.registry(store.group_commits());
        cluster.register_metrics(&mut registry);
        crate::metrics::encode(&registry)
    })
        .into_response()
}
