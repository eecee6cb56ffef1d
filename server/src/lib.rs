//! The chowka server: rooms, WebSocket protocol, HTTP API, persistence and
//! computer players, on top of the rules in `chowka-protocol`.
//!
//! A move from the browser to the store and back, and a room moving between
//! nodes, are walked through in docs/tour.md.
//!
//! # Layout
//! - `config`: the options of `serve`, one group per subsystem; starts the server.
//! - [`run`]: serves on a listener until a shutdown future resolves; tests call it in-process.
//! - `services`: the one bundle of services, built in one place, and its sub-states.
//! - `routes`: the HTTP routes, to their handlers, and the layers of every response.
//! - `http`: the accept loop: header read timeout, connection caps, shutdown deadline.
//! - `tls`: HTTPS served by chowka itself: the certificate, read again on renewal.
//! - `rooms`: one tokio task per room owning its game; the registry of rooms.
//! - `cluster`: several nodes: leases, relaying rooms over NATS, failover.
//! - `ws`: WebSocket connections: hello, seat authentication, rate limits, fan-out.
//! - `edge`: what every request is checked for first: client address, size, JSON, names.
//! - `api`: HTTP handlers: rooms, seats, archive, presets, health, metrics.
//! - `store`: sqlx over SQLite or PostgreSQL: rooms, event logs, archive.
//! - `web`: the embedded web client and the rules text.
//! - `error`: the one error vocabulary: every code, its status and sentence.
//! - `startup`: why the server could not start ([`StartError`]).
//! - `ids`: room codes, circles' ids and seat tokens.
//! - `wall`: the time of day, as a seam tests drive with tokio's paused clock.
//! - `metrics`: Prometheus metrics (prometheus-client).
//! - `limits`: rate limits (governor): per address, per block, overall, per connection.
//! - `circles`: a family's standing table: circles, their page live, their standings.
//! - `nudges`: telling players away that it is their turn: quiet hours, Web Push, e-mail.
//! - `replay`: any game played again move by move, for the replay viewer.
//! - `commands`: the offline commands: `replay`, `conformance`, `simulate`.
//! - `bots`: computer players and `tournament`: the chowka-bots crate, re-exported.

#![warn(missing_docs)]

pub mod api;
pub mod circles;
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
pub mod invite;
pub mod limits;
pub mod metrics;
pub mod nudges;
pub mod replay;
pub mod rooms;
pub mod routes;
pub mod services;
pub mod startup;
pub mod store;
pub mod tls;
pub mod wall;
pub mod web;
pub mod ws;

pub use config::ServeOpts;
pub use services::Services;
pub use startup::StartError;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use store::Store;
use tokio::net::TcpListener;
use tokio::sync::watch;

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
    // Refused before anything starts: e-mail asked for but unusable.
    let mail = nudges::mail::Mail::from_opts(&config.mail, config.http.public_url.as_deref())
        .map_err(StartError::Mail)?;
    config.push.check()?;
    let tls = tls::Certificates::from_opts(&config.http)?;
    let url = config.store.database()?;
    let store = Store::connect(&url, config.store.db_connections)
        .await
        .map_err(|source| StartError::Database {
            url: store::redact(&url),
            source,
        })?;
    tracing::info!("database: {} ({:?})", store::redact(&url), store.backend());
    let cluster = Arc::new(cluster::join(&config.cluster).await?);
    let (stop, stopped) = watch::channel(false);
    let mut services = Services::new(&config, store.clone(), cluster.clone(), stopped.clone())
        .with_mail(mail.clone());
    if config.push.push {
        let push = nudges::push::Push::start(&config.push, &store, services.metrics.clone()).await;
        services.push = push.map_err(StartError::PushKey)?;
        tracing::info!("push: on, through the browsers' push services");
    }
    let registry = services.registry.clone();
    let restored = cluster.restore(&registry).await;
    let restored = restored.map_err(StartError::Restore)?;
    if restored > 0 {
        tracing::info!("restored {restored} unfinished rooms");
    }
    let keeper = tokio::spawn(cluster::keep_leases(
        registry.clone(),
        store.clone(),
        cluster.clone(),
        stopped.clone(),
    ));
    // Another node's turns of a rate limit count here too.
    let limits = services.limits.clone();
    let count = move |limit, ip| limits.count_elsewhere(limit, ip);
    let held = services.holdings();
    let every = Duration::from_secs(config.rooms.due_sweep_secs.max(1));
    let sweeper = rooms::spawn_sweeper(registry.clone(), every, stopped.clone());
    let digest = nudges::mail::Digest::new(store.clone(), mail);
    let digest = digest.spawn(config.mail.clock.clone(), stopped.clone());
    let wall = config.rooms.wall;
    let pusher =
        nudges::push::spawn_worker(services.push.clone(), store.clone(), wall, stopped.clone());
    // Circles changed on other nodes wake their pages here; the task ends
    // with the bus (it holds nothing that needs a clean stop).
    let circles = tokio::spawn(services.circles.clone().listen(registry.clone()));
    let peers = tokio::spawn(cluster::hear_peers(cluster.clone(), held, count, stopped));
    let connections = services.sockets.open.clone();
    let addr = listener.local_addr().map_err(StartError::Listener)?;
    let scheme = if tls.is_some() { "https" } else { "http" };
    tracing::info!("listening on {scheme}://{addr}");
    let limits = http::EdgeLimits::from_opts(&config.http);
    if config.http.trust_forwarded_for && config.http.max_connections_per_address > 0 {
        tracing::info!("--trust-forwarded-for: no per-address connection cap (the proxy's job)");
    }
    let grace = Duration::from_secs(config.http.shutdown_secs);
    // The WebSockets and the rooms are told at the same moment as the
    // HTTP connections, so they all stop side by side, not one after another.
    let deadline = http::serve(
        listener,
        routes::router(services),
        limits,
        tls,
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
    let _ = sweeper.await;
    let _ = tokio::time::timeout_at(deadline, digest).await;
    if let Some(pusher) = pusher {
        let _ = pusher.await;
    }
    match store.expire_leases(&cluster.node).await {
        Ok(n) if n > 0 => tracing::info!("released {n} room leases"),
        Ok(_) => {}
        Err(e) => tracing::warn!("cannot release this node's leases: {e}"),
    }
    let _ = tokio::time::timeout_at(deadline, peers).await;
    circles.abort();
    // Every WebSocket task holds a permit: having them all means every
    // socket got its close frame.
    let all = u32::try_from(config.sockets.max_connections).unwrap_or(u32::MAX);
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
