//! The turning points of a finished game for its replay
//! (`GET /api/games/{id}/analysis`, docs/protocol.md): computed after the
//! game by one background worker ([`Analyst`]), stored beside the archive,
//! and answered from the store ever after.
//!
//! The first request of a game not analysed yet queues it and is answered
//! `202 analysing`; the worker analyses one game at a time on a blocking
//! thread (`chowka_bots::analysis`: milliseconds, from the evaluation, no
//! search), so however many replays open at once it takes at most one
//! core's share and never a room's task. A queue that is full, or a game
//! already queued, is not queued twice: the client asks again.

use super::{asked, unreadable, ReplayQuery};
use crate::bots::analysis::{analyse, Analysis};
use crate::error::{ErrorCode, Refusal};
use crate::ids::RoomCode;
use crate::limits::Limits;
use crate::store::Store;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use chowka_protocol::Record;
use serde::Serialize;
use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;

/// Games waiting for the worker at most; past it, a request is answered
/// `analysing` without queueing, and the client's next ask queues it.
const QUEUE: usize = 64;

/// The analysis worker's door: queues games for it.
#[derive(Clone)]
pub struct Analyst {
    tx: mpsc::Sender<RoomCode>,
    /// Games queued or being analysed, so that none is queued twice.
    queued: Arc<Mutex<HashSet<RoomCode>>>,
}

impl Analyst {
    /// Starts the worker over `store`; it stops when the last `Analyst`
    /// is dropped.
    pub fn start(store: Store) -> Analyst {
        let (tx, mut rx) = mpsc::channel::<RoomCode>(QUEUE);
        let queued = Arc::new(Mutex::new(HashSet::new()));
        let analyst = Analyst {
            tx,
            queued: queued.clone(),
        };
        tokio::spawn(async move {
            while let Some(id) = rx.recv().await {
                if let Err(e) = analyse_and_store(&store, id).await {
                    tracing::warn!(game = %id, "cannot analyse the game: {e}");
                }
                queued.lock().unwrap_or_else(|p| p.into_inner()).remove(&id);
            }
        });
        analyst
    }

    /// Queues `id` unless it is queued already or the queue is full.
    fn queue(&self, id: RoomCode) {
        let mut queued = self.queued.lock().unwrap_or_else(|p| p.into_inner());
        if queued.contains(&id) {
            return;
        }
        if self.tx.try_send(id).is_ok() {
            queued.insert(id);
        }
    }
}

/// Analyses game `id` from its archived record and stores the analysis.
async fn analyse_and_store(store: &Store, id: RoomCode) -> Result<(), String> {
    if store
        .analysis(id)
        .await
        .map_err(|e| e.to_string())?
        .is_some()
    {
        return Ok(());
    }
    let row = (store.game(id).await)
        .map_err(|e| e.to_string())?
        .ok_or("no such game")?;
    let record: Record = serde_json::from_str(&row.record).map_err(|e| e.to_string())?;
    let analysis = tokio::task::spawn_blocking(move || analyse(&record))
        .await
        .map_err(|e| e.to_string())?
        .map_err(|e| e.to_string())?;
    let json = serde_json::to_string(&analysis).map_err(|e| e.to_string())?;
    store
        .save_analysis(id, &json)
        .await
        .map_err(|e| e.to_string())
}

/// The answer of `GET /api/games/{id}/analysis` once the analysis is in.
#[derive(Debug, Serialize)]
pub struct GameAnalysis {
    /// The game.
    pub id: String,
    /// The analysis: `method`, `points`, `swings`.
    #[serde(flatten)]
    pub analysis: Analysis,
}

/// `GET /api/games/{id}/analysis`: a finished game's chances turn by turn
/// and its turning points; `202 {"status": "analysing"}` until the worker
/// has stored them. Limited per address, as game lookups are.
pub async fn game_analysis(
    State(limits): State<Limits>,
    State(store): State<Store>,
    State(analyst): State<Analyst>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    id: Result<Path<String>, PathRejection>,
    q: Result<Query<ReplayQuery>, QueryRejection>,
) -> Result<Response, Refusal> {
    let no_game = || Refusal::new(ErrorCode::NoSuchGame);
    let (id, _) = asked(&limits, peer, &headers, id, q, no_game).await?;
    if let Some(json) = store.analysis(id).await.map_err(Refusal::store)? {
        let analysis: Analysis =
            serde_json::from_str(&json).map_err(|e| unreadable(id.as_str(), e))?;
        let answer = GameAnalysis {
            id: id.to_string(),
            analysis,
        };
        return Ok(Json(answer).into_response());
    }
    // Only a finished game is analysed: the archive says which.
    if store.game(id).await.map_err(Refusal::store)?.is_none() {
        return Err(no_game());
    }
    analyst.queue(id);
    let analysing = serde_json::json!({ "status": "analysing" });
    Ok((StatusCode::ACCEPTED, Json(analysing)).into_response())
}
