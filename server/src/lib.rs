//! The chowka server: rooms, WebSocket protocol, HTTP API, persistence and
//! computer players, on top of the rules in `chowka-protocol`.
//!
//! A move from the browser to the store and back, and a room moving between
//! nodes, are walked through in docs/tour.md.
//!
//! # Layout
//! - `config`: command-line and environment options of `serve`; starts the server.
//! - [`run`]: serves on a listener until a shutdown future resolves; tests call it in-process.
//! - `http`: the accept loop: header read timeout, connection caps, shutdown deadline.
//! - `rooms`: one tokio task per room owning its game; the registry of rooms.
//! - `cluster`: several nodes: leases, relaying rooms over NATS, failover.
//! - `ws`: WebSocket connections: hello, seat authentication, rate limits, fan-out.
//! - `edge`: what every request is checked for first: client address, JSON
//!   body and query, display names.
//! - `api`: HTTP routes: rooms, seats, archive, presets, health, metrics.
//! - `store`: sqlx over SQLite or PostgreSQL: rooms, event logs, archive.
//! - `web`: the embedded web client and the rules text.
//! - `error`: the one error vocabulary: every code, its HTTP status and
//!   sentence; refusals are logged and counted where they leave.
//! - `startup`: why the server could not start ([`StartError`]).
//! - `ids`: room codes and seat tokens. `metrics`: Prometheus metrics (prometheus-client).
//! - `limits`: rate limits (governor): per address, per block, overall, per connection.
//! - `replay`: any game played again move by move, for the replay viewer.
//! - `commands`: the offline commands: `replay`, `conformance`, `simulate`.
//! - `bots`: computer players (pure decisions over the game) and `tournament`:
//!   the chowka-bots crate, re-exported.

#![warn(missing_docs)]

pub mod api;
/// The computer players: the chowka-bots crate, which depends only on the
/// rules engine.
pub use chowka_bots as bots;
pub mod cluster;
pub mod commands;
pub mod config;
pub mod edge;
pub mod error;
pub mod http;
pub mod ids;
pub mod limits;
pub mod metrics;
pub mod replay;
pub mod rooms;
pub mod startup;
pub mod store;
pub mod web;
pub mod ws;

pub use config::ServeOpts;
pub use startup::StartError;

use axum::http::{header, HeaderValue};
use axum::routing::{get, post};
use axum::Router;
use cluster::Cluster;
use error::Refusal;
use limits::Limited;
use metrics::Metrics;
use rooms::Registry;
use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use store::Store;
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};
use tower_http::set_header::SetResponseHeaderLayer;

/// Largest HTTP request body and WebSocket message the server reads.
pub const MAX_INPUT_BYTES: usize = 16 * 1024;

/// The Content-Security-Policy of every response. The web client is ES
/// modules, one stylesheet and an SVG favicon, all from this origin, with
/// no inline script or style and no `style` attribute set from script (the
/// page adds the hash of its shell's inline style to this, web.rs); it
/// talks to this origin only (`connect-src 'self'` covers its WebSocket).
/// So a script injected anywhere would not run, and no other site may
/// frame the board (clickjacking).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; \
    frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

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
    /// WebSocket connections held per address.
    pub ws_addresses: Arc<limits::OpenPerAddress>,
    /// Limits on creating rooms: per address, per block, overall.
    pub creations: Arc<limits::Creations>,
    /// Limit on taking seats, per address.
    pub seats: Arc<limits::Limit>,
    /// Limit on looking rooms and games up by code, per address (HTTP,
    /// and the WebSocket `hello`).
    pub lookups: Arc<limits::Limit>,
    /// Becomes true when the server shuts down.
    pub shutdown: watch::Receiver<bool>,
    /// This node among the others.
    pub cluster: Arc<Cluster>,
}

impl App {
    /// Takes one turn of a limit for `ip`, or refuses; the other nodes
    /// hear of it and count it too.
    pub async fn check(&self, limited: Limited, ip: IpAddr) -> Result<(), Refusal> {
        self.check_here(limited, ip)?;
        self.cluster.share_hit(limited, ip).await;
        Ok(())
    }

    /// Counts a turn `ip` took of a limit on another node.
    pub fn count_elsewhere(&self, limited: Limited, ip: IpAddr) {
        let _ = self.check_here(limited, ip);
    }

    fn check_here(&self, limited: Limited, ip: IpAddr) -> Result<(), Refusal> {
        match limited {
            Limited::Creations => self.creations.check(ip),
            Limited::Seats => self.seats.check(ip),
            Limited::Lookups => self.lookups.check(ip),
        }
    }
}

/// The HTTP routes of the server.
pub fn router(app: App) -> Router {
    let api = Router::new()
        .route("/api/rooms", post(api::create_room).get(api::list_rooms))
        .route("/api/rooms/{code}", get(api::room))
        .route("/api/rooms/{code}/seats", post(api::take_seat))
        .route("/api/games", get(api::list_games))
        .route("/api/games/{id}", get(api::game))
        .route("/api/games/{id}/replay", get(replay::game_replay))
        .route("/api/rooms/{code}/replay", get(replay::room_replay))
        .route("/api/rules", get(web::rules))
        .route("/api/presets", get(api::presets))
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
        // Text is sent compressed (brotli or gzip, as the browser accepts):
        // scripts and styles shrink to about a quarter (web.rs).
        .layer(web::compression())
        .layer(tower_http::trace::TraceLayer::new_for_http())
        // On every response, refusals and 404s included. No referrer: a
        // room's address carries its code, which must not leak to other
        // sites. nosniff: a response is only ever taken as its own type.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        // Outermost but for the headers: every refusal is counted, the
        // limits' and the upgrade's included.
        .layer(axum::middleware::map_response_with_state(
            app.metrics.clone(),
            error::count_refusals,
        ))
        .with_state(app)
}

/// Serves on `listener` until `shutdown` resolves: restores unfinished
/// rooms from the store first; at shutdown stops accepting, closes every
/// WebSocket with status 1001, lets every room finish its writes, and
/// closes the store, all within `shutdown_secs` (plus at most two seconds
/// for the store): a connection that holds on past that is dropped.
pub async fn run(
    listener: TcpListener,
    config: ServeOpts,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), StartError> {
    let url = config.database()?;
    let store = Store::connect(&url, config.db_connections)
        .await
        .map_err(|source| StartError::Database {
            url: store::redact(&url),
            source,
        })?;
    tracing::info!("database: {} ({:?})", store::redact(&url), store.backend());
    let cluster = Arc::new(cluster::join(&config).await?);
    let config = Arc::new(config);
    let metrics = Arc::new(Metrics::default());
    let (stop, stopped) = watch::channel(false);
    let registry = Registry::new(
        config.clone(),
        store.clone(),
        metrics.clone(),
        stopped.clone(),
        cluster.clone(),
    );
    // A node alone brings back every unfinished room. One of several
    // leaves the rooms of live nodes to them: its sweeper takes those of
    // lost nodes, and any other comes back where it is next asked for.
    if !cluster.bus.shared() {
        let restored = registry.restore_all().await.map_err(StartError::Restore)?;
        if restored > 0 {
            tracing::info!("restored {restored} unfinished rooms");
        }
    }
    let keeper = tokio::spawn(cluster::keep_leases(
        registry.clone(),
        store.clone(),
        cluster.clone(),
        stopped.clone(),
    ));
    let connections = Arc::new(Semaphore::new(config.max_connections));
    let app = App {
        config: config.clone(),
        store: store.clone(),
        metrics,
        registry: registry.clone(),
        connections: connections.clone(),
        ws_addresses: Arc::default(),
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
        cluster: cluster.clone(),
    };
    let held = cluster::Holdings {
        registry: registry.clone(),
        metrics: app.metrics.clone(),
        addresses: app.ws_addresses.clone(),
    };
    // Another node's turns of a rate limit count here too.
    let here = app.clone();
    let count = move |limit, ip| here.count_elsewhere(limit, ip);
    let peers = cluster::hear_peers(cluster.clone(), held, count, app.shutdown.clone());
    let peers = tokio::spawn(peers);
    let addr = listener.local_addr().map_err(StartError::Listener)?;
    tracing::info!("listening on http://{addr}");
    let limits = http::EdgeLimits::from_opts(&config);
    if config.trust_forwarded_for && config.max_connections_per_address > 0 {
        tracing::info!("--trust-forwarded-for: no per-address connection cap (the proxy's job)");
    }
    let grace = Duration::from_secs(config.shutdown_secs);
    // The WebSockets and the rooms are told at the same moment as the
    // HTTP connections, so they all stop side by side, not one after another.
    let deadline = http::serve(
        listener,
        router(app),
        limits,
        async move {
            shutdown.await;
            let _ = stop.send(true);
        },
        grace,
    )
    .await;
    if tokio::time::timeout_at(deadline, registry.wait_closed())
        .await
        .is_err()
    {
        tracing::warn!("some rooms did not stop in time");
    }
    // Drain: every room here has stopped writing; its lease goes at once,
    // so that other nodes take the rooms over without waiting it out.
    let _ = keeper.await;
    match store.expire_leases(&cluster.node).await {
        Ok(n) if n > 0 => tracing::info!("released {n} room leases"),
        Ok(_) => {}
        Err(e) => tracing::warn!("cannot release this node's leases: {e}"),
    }
    let _ = tokio::time::timeout_at(deadline, peers).await;
    // Every WebSocket task holds a permit: having them all means every
    // socket got its close frame.
    let all = u32::try_from(config.max_connections).unwrap_or(u32::MAX);
    if tokio::time::timeout_at(deadline, connections.acquire_many(all))
        .await
        .is_err()
    {
        tracing::warn!("some WebSockets did not close in time");
    }
    if tokio::time::timeout(Duration::from_secs(2), store.close())
        .await
        .is_err()
    {
        tracing::warn!("the database did not close in time");
    }
    tracing::info!("stopped");
    Ok(())
}
