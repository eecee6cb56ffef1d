//! The chowka server: rooms, WebSocket protocol, HTTP API, persistence and
//! computer players, on top of the rules in `chowka-protocol`.
//!
//! # Layout
//! - `config`: command-line and environment options of `serve`; starts the server.
//! - [`run`]: serves on a listener until a shutdown future resolves; tests call it in-process.
//! - `rooms`: one tokio task per room owning its game; the registry of rooms.
//! - `ws`: WebSocket connections: hello, seat authentication, rate limits, fan-out.
//! - `api`: HTTP routes: rooms, seats, archive, health, metrics.
//! - `store`: sqlx over SQLite or PostgreSQL: rooms, event logs, archive.
//! - `web`: the embedded web client and the rules text.
//! - `error`: the one error vocabulary: every code, its HTTP status and sentence.
//! - `ids`: room codes and seat tokens. `metrics`: Prometheus counters.
//! - `limits`: rate limits per address, per address block and overall.
//! - `commands`: the offline commands: `replay`, `conformance`, `simulate`.
//! - `bots`: computer players (pure decisions over the game) and `tournament`.

#![warn(missing_docs)]

pub mod api;
pub mod bots;
pub mod commands;
pub mod config;
pub mod error;
pub mod ids;
pub mod limits;
pub mod metrics;
pub mod rooms;
pub mod store;
pub mod web;
pub mod ws;

pub use config::ServeOpts;

use axum::routing::{get, post};
use axum::Router;
use metrics::Metrics;
use rooms::Registry;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use store::Store;
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};

/// Largest HTTP request body and WebSocket message the server reads.
pub const MAX_INPUT_BYTES: usize = 16 * 1024;

/// What every request handler shares.
#[derive(Clone)]
pub struct App {
    /// The options.
    pub config: Arc<ServeOpts>,
    /// The store.
    pub store: Store,
    /// The metrics.
    pub metrics: Arc<Metrics>,
    /// The rooms.
    pub registry: Registry,
    /// One permit per open WebSocket connection.
    pub connections: Arc<Semaphore>,
    /// Limits on creating rooms: per address, per block, overall.
    pub creations: Arc<limits::Creations>,
    /// Limit on taking seats, per address.
    pub seats: Arc<limits::Limit>,
    /// Limit on looking rooms and games up by code, per address (HTTP,
    /// and the WebSocket `hello`).
    pub lookups: Arc<limits::Limit>,
    /// Becomes true when the server shuts down.
    pub shutdown: watch::Receiver<bool>,
}

/// The HTTP routes of the server.
pub fn router(app: App) -> Router {
    let api = Router::new()
        .route("/api/rooms", post(api::create_room).get(api::list_rooms))
        .route("/api/rooms/{code}", get(api::room))
        .route("/api/rooms/{code}/seats", post(api::take_seat))
        .route("/api/games", get(api::list_games))
        .route("/api/games/{id}", get(api::game))
        .route("/api/rules", get(web::rules))
        .route("/healthz", get(api::healthz))
        .route("/metrics", get(api::metrics))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            Duration::from_secs(30),
        ));
    Router::new()
        .merge(api)
        .route("/ws", get(ws::upgrade))
        .merge(web::routes())
        .layer(tower_http::trace::TraceLayer::new_for_http())
        .with_state(app)
}

/// Serves on `listener` until `shutdown` resolves: restores unfinished
/// rooms from the store first; at shutdown stops accepting, closes every
/// WebSocket with status 1001, lets every room finish its writes, and
/// closes the store.
pub async fn run(
    listener: TcpListener,
    config: ServeOpts,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    let url = config.database()?;
    let store = Store::connect(&url, config.db_connections)
        .await
        .map_err(|e| format!("cannot open the database {}: {e}", store::redact(&url)))?;
    tracing::info!("database: {} ({:?})", store::redact(&url), store.backend());
    let config = Arc::new(config);
    let metrics = Arc::new(Metrics::default());
    let (stop, stopped) = watch::channel(false);
    let registry = Registry::new(
        config.clone(),
        store.clone(),
        metrics.clone(),
        stopped.clone(),
    );
    let restored = registry
        .restore_all()
        .await
        .map_err(|e| format!("cannot restore rooms: {e}"))?;
    if restored > 0 {
        tracing::info!("restored {restored} unfinished rooms");
    }
    let connections = Arc::new(Semaphore::new(config.max_connections));
    let app = App {
        config: config.clone(),
        store: store.clone(),
        metrics,
        registry: registry.clone(),
        connections: connections.clone(),
        creations: Arc::new(limits::Creations::new(&config)),
        seats: Arc::new(limits::Limit::per_address(
            config.seats_per_minute,
            "seats taken from your address",
        )),
        lookups: Arc::new(limits::Limit::per_address(
            config.lookups_per_minute,
            "rooms or games looked up from your address",
        )),
        shutdown: stopped,
    };
    let addr = listener
        .local_addr()
        .map_err(|e| format!("no local address: {e}"))?;
    tracing::info!("listening on http://{addr}");
    axum::serve(
        listener,
        router(app).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        shutdown.await;
        let _ = stop.send(true);
    })
    .await
    .map_err(|e| format!("server error: {e}"))?;
    let grace = Duration::from_secs(config.shutdown_secs);
    if tokio::time::timeout(grace, registry.wait_closed())
        .await
        .is_err()
    {
        tracing::warn!("some rooms did not stop in time");
    }
    // Every WebSocket task holds a permit: having them all means every
    // socket got its close frame.
    let all = u32::try_from(config.max_connections).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(Duration::from_secs(2), connections.acquire_many(all)).await;
    store.close().await;
    tracing::info!("stopped");
    Ok(())
}
