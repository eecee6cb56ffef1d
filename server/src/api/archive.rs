//! The archive's routes: finished public games, newest first, and one
//! finished game with its record (docs/protocol.md).

use crate::edge::bad_query;
use crate::error::{ErrorCode, Refusal};
use crate::ids::RoomCode;
use crate::limits::{Limited, Limits};
use crate::store::Store;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::HeaderMap;
use axum::Json;
use chowka_protocol::{Outcome, Record};
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;

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

/// `GET /api/games`: finished public games, newest first.
pub async fn list_games(
    State(store): State<Store>,
    q: Result<Query<GamesQuery>, QueryRejection>,
) -> Result<Json<GameList>, Refusal> {
    let Query(q) = q.map_err(bad_query)?;
    let limit = q.limit.unwrap_or(20).clamp(1, 100);
    let rows = store
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

/// `GET /api/games/{id}`: one finished game with its record, public or
/// private (its id is the room's code: the link to a private game is the
/// way to it). Limited per address, as room lookups are.
pub async fn game(
    State(limits): State<Limits>,
    State(store): State<Store>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    id: Result<Path<String>, PathRejection>,
) -> Result<Json<ArchivedGame>, Refusal> {
    limits.check(Limited::Lookups, peer, &headers).await?;
    let Path(id) = id.map_err(bad_query)?;
    let no_game = || Refusal::new(ErrorCode::NoSuchGame);
    let id = RoomCode::parse(&id).ok_or_else(no_game)?;
    let row = store
        .game(id)
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
