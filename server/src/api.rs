//! HTTP routes: rooms, seats, the archive, health and metrics
//! (docs/protocol.md has the bodies).

use crate::bots::Level;
use crate::error::{ErrorCode, Refusal};
use crate::ids;
use crate::rooms::{CreateError, Listing, Room, Seat, Settings};
use crate::App;
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use chowka_protocol::messages::{RoomView, MAX_NAME_CHARS};
use chowka_protocol::{Outcome, Overrides, Preset, Record, Rules, Setup};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

/// Reads a JSON body of at most [`crate::MAX_INPUT_BYTES`], with clear errors.
async fn read_json<T: DeserializeOwned>(body: Body) -> Result<T, Refusal> {
    let bytes = axum::body::to_bytes(body, crate::MAX_INPUT_BYTES)
        .await
        .map_err(|_| {
            Refusal::with(
                ErrorCode::TooBig,
                format!("The request body is over {} bytes.", crate::MAX_INPUT_BYTES),
            )
        })?;
    serde_json::from_slice(&bytes).map_err(|e| {
        Refusal::with(
            ErrorCode::BadRequest,
            format!("The request is not valid: {e}."),
        )
    })
}

/// Checks a display name: trimmed, 1 to `MAX_NAME_CHARS` characters, no
/// control characters.
pub fn check_name(name: &str) -> Result<String, Refusal> {
    let name = name.trim();
    let n = name.chars().count();
    if n == 0 || n > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(Refusal::with(
            ErrorCode::BadName,
            format!("A name has 1 to {MAX_NAME_CHARS} characters, with no control characters."),
        ));
    }
    Ok(name.to_string())
}

/// The address a request comes from: the peer, or the first
/// X-Forwarded-For entry when the proxy in front is trusted.
pub fn client_ip(app: &App, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    if app.config.trust_forwarded_for {
        let forwarded = headers
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .and_then(|v| v.trim().parse().ok());
        if let Some(ip) = forwarded {
            return ip;
        }
    }
    peer.ip()
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
    /// Seconds away before a computer stands in.
    #[serde(default)]
    pub takeover: Option<u32>,
    /// Computer players.
    #[serde(default)]
    pub bots: Vec<BotRequest>,
}

/// The answer to creating a room or taking a seat.
#[derive(Debug, Serialize)]
pub struct SeatAnswer {
    /// Room code.
    pub code: String,
    /// The seat taken.
    pub seat: u8,
    /// The seat token.
    pub token: String,
    /// The room.
    pub room: RoomView,
}

fn rate_limit(app: &App, ip: IpAddr) -> Result<(), Refusal> {
    let now = Instant::now();
    // std Mutex: one map update, no await while held.
    let Ok(mut map) = app.creations.lock() else {
        return Ok(());
    };
    if map.len() > 100_000 {
        map.retain(|_, (start, _)| now.duration_since(*start) < Duration::from_secs(60));
    }
    let entry = map.entry(ip).or_insert((now, 0));
    if now.duration_since(entry.0) >= Duration::from_secs(60) {
        *entry = (now, 0);
    }
    if entry.1 >= app.config.rooms_per_minute {
        let wait = 60u64
            .saturating_sub(now.duration_since(entry.0).as_secs())
            .max(1);
        let mut e = Refusal::with(
            ErrorCode::RateLimited,
            format!("Too many rooms created from your address: wait {wait} seconds."),
        );
        e.retry_after = Some(wait);
        return Err(e);
    }
    entry.1 += 1;
    Ok(())
}

/// `POST /api/rooms`: creates a room; the creator takes seat 0 as host.
pub async fn create_room(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Body,
) -> Result<(StatusCode, Json<SeatAnswer>), Refusal> {
    let req: CreateRoom = read_json(body).await?;
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
    for (field, v, lo, hi) in [
        ("turn_clock", req.turn_clock, 1, 3600),
        ("takeover", req.takeover, 1, 3600),
    ] {
        if v.is_some_and(|v| !(lo..=hi).contains(&v)) {
            return Err(Refusal::with(
                ErrorCode::BadRequest,
                format!("{field} is {lo} to {hi} seconds, or null."),
            ));
        }
    }
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
    rate_limit(&app, client_ip(&app, peer, &headers))?;
    let token = ids::new_token();
    seats[0] = Seat {
        name: Some(name),
        token_hash: Some(ids::hash_token(&token)),
        bot: None,
        host: true,
    };
    let setup = Setup {
        preset: req.preset,
        options,
        position: None,
    };
    let settings = Settings {
        public: req.public,
        turn_clock: req.turn_clock,
        takeover: req.takeover,
    };
    let room = Room::new(ids::new_code(), setup, settings, seats);
    let code = room.code.clone();
    let stub = app.registry.create(room).await.map_err(|e| match e {
        CreateError::TooMany => Refusal::new(ErrorCode::TooManyRooms),
        CreateError::Store(e) => Refusal::store(e),
    })?;
    let details = stub.details().await.ok_or_else(Refusal::no_room)?;
    tracing::info!(room = %code, "room created");
    Ok((
        StatusCode::CREATED,
        Json(SeatAnswer {
            code,
            seat: 0,
            token,
            room: details.room,
        }),
    ))
}

/// The answer of `GET /api/rooms`.
#[derive(Serialize)]
pub struct RoomList {
    /// Open public rooms, newest first.
    pub rooms: Vec<Listing>,
}

/// `GET /api/rooms`: public rooms in the lobby with an empty seat.
pub async fn list_rooms(State(app): State<App>) -> Json<RoomList> {
    let mut rooms = app.registry.open_rooms();
    rooms.truncate(100);
    Json(RoomList { rooms })
}

async fn find(app: &App, code: &str) -> Result<crate::rooms::RoomStub, Refusal> {
    let code = ids::normalize_code(code).ok_or_else(Refusal::no_room)?;
    app.registry.get(&code).await
}

/// `GET /api/rooms/{code}`: a room's details.
pub async fn room(
    State(app): State<App>,
    Path(code): Path<String>,
) -> Result<Json<crate::rooms::Details>, Refusal> {
    // A room task may end between finding and asking it: ask a fresh one.
    for _ in 0..2 {
        if let Some(d) = find(&app, &code).await?.details().await {
            return Ok(Json(d));
        }
    }
    Err(Refusal::no_room())
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

/// `POST /api/rooms/{code}/seats`: takes a seat in the lobby.
pub async fn take_seat(
    State(app): State<App>,
    Path(code): Path<String>,
    body: Body,
) -> Result<(StatusCode, Json<SeatAnswer>), Refusal> {
    let req: TakeSeat = read_json(body).await?;
    let name = check_name(&req.name)?;
    for _ in 0..2 {
        let stub = find(&app, &code).await?;
        if let Some(r) = stub.take_seat(name.clone(), req.seat).await {
            let t = r?;
            return Ok((
                StatusCode::CREATED,
                Json(SeatAnswer {
                    code: t.code,
                    seat: t.seat,
                    token: t.token,
                    room: t.room,
                }),
            ));
        }
    }
    Err(Refusal::no_room())
}

/// Query of `GET /api/games`.
#[derive(Debug, Deserialize)]
pub struct GamesQuery {
    /// Page size, 1-100.
    pub limit: Option<i64>,
    /// Only games finished before this time (ms).
    pub before: Option<i64>,
}

/// One archived game in the list.
#[derive(Debug, Serialize)]
pub struct GameSummary {
    /// The room code.
    pub id: String,
    /// When it ended (ms).
    pub finished_at: i64,
    /// Preset name.
    pub preset: String,
    /// Board size.
    pub board: i64,
    /// Players' names by seat.
    pub players: Vec<String>,
    /// The result.
    pub result: Outcome,
    /// Number of actions.
    pub actions: i64,
}

/// The answer of `GET /api/games`.
#[derive(Debug, Serialize)]
pub struct GameList {
    /// Newest first.
    pub games: Vec<GameSummary>,
    /// `before` for the next page.
    pub next: Option<i64>,
}

/// `GET /api/games`: finished games, newest first.
pub async fn list_games(
    State(app): State<App>,
    Query(q): Query<GamesQuery>,
) -> Result<Json<GameList>, Refusal> {
    let limit = q.limit.unwrap_or(20).clamp(1, 100);
    let rows = app
        .store
        .list_games(q.before, limit)
        .await
        .map_err(Refusal::store)?;
    let next = (rows.len() as i64 == limit)
        .then(|| rows.last().map(|r| r.finished_at))
        .flatten();
    let games = rows
        .into_iter()
        .map(|r| GameSummary {
            players: serde_json::from_str(&r.players).unwrap_or_default(),
            result: serde_json::from_str(&r.result).unwrap_or_default(),
            id: r.id,
            finished_at: r.finished_at,
            preset: r.preset,
            board: r.board,
            actions: r.actions,
        })
        .collect();
    Ok(Json(GameList { games, next }))
}

/// The answer of `GET /api/games/{id}`.
#[derive(Debug, Serialize)]
pub struct ArchivedGame {
    /// The room code.
    pub id: String,
    /// When it ended (ms).
    pub finished_at: i64,
    /// The result.
    pub result: Outcome,
    /// The full record, replayable with `chowka replay`.
    pub record: Record,
}

/// `GET /api/games/{id}`: one finished game with its record.
pub async fn game(
    State(app): State<App>,
    Path(id): Path<String>,
) -> Result<Json<ArchivedGame>, Refusal> {
    let no_game = || Refusal::new(ErrorCode::NoSuchGame);
    let id = ids::normalize_code(&id).ok_or_else(no_game)?;
    let row = app
        .store
        .game(&id)
        .await
        .map_err(Refusal::store)?
        .ok_or_else(no_game)?;
    let record: Record = serde_json::from_str(&row.record).map_err(Refusal::store)?;
    Ok(Json(ArchivedGame {
        id: row.id,
        finished_at: row.finished_at,
        result: serde_json::from_str(&row.result).unwrap_or_default(),
        record,
    }))
}

/// `GET /api/presets`: what every preset resolves to on every board, with
/// the pawn counts allowed there, so the web client's creation form keeps
/// no copy of the preset table (docs/protocol.md).
pub async fn presets() -> Json<serde_json::Value> {
    Json(serde_json::json!({ "presets": chowka_protocol::ResolvedPreset::all() }))
}

/// `GET /healthz`: 200 when the database answers.
pub async fn healthz(State(app): State<App>) -> Response {
    match tokio::time::timeout(Duration::from_secs(5), app.store.ping()).await {
        Ok(Ok(())) => (StatusCode::OK, "ok\n").into_response(),
        Ok(Err(e)) => {
            tracing::error!("health check: {e}");
            (StatusCode::SERVICE_UNAVAILABLE, "database unavailable\n").into_response()
        }
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, "database timeout\n").into_response(),
    }
}

/// `GET /metrics`: Prometheus text.
pub async fn metrics(State(app): State<App>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        app.metrics.render(),
    )
        .into_response()
}
