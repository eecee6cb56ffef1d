//! WebSocket connections: the `hello`, seat authentication, per-connection
//! rate limits, and fan-out of the room's messages to the socket.
//!
//! Every input is parsed here, at the edge; the room task only ever sees
//! well-formed client messages. A bad message gets an `error` and the
//! connection goes on; only floods, oversized frames and a bad `hello`
//! close it.
//!
//! Here, the upgrade and its checks; the connection's loop in
//! `connection` (over any Sink + Stream of messages, so that tests drive
//! it on a paused clock), the `hello` in `hello`, parsing in `parse`,
//! sending and closing in `frames`.
//!
//! [`Sockets`] is the sockets' own sub-state: their options, their slots
//! (overall and per address) and the shutdown signal; [`Reach`] is all a
//! connection touches, that and the rooms wherever they run.

mod connection;
pub(crate) mod frames;
mod hello;
mod parse;

use crate::cluster::Cluster;
use crate::config::SocketOpts;
use crate::edge::MAX_INPUT_BYTES;
use crate::error::{ErrorCode, Refusal};
use crate::limits::{self, Limited, Limits, OpenPerAddress};
use crate::metrics::Metrics;
use crate::rooms::Registry;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, FromRef, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use connection::connection;
use std::net::SocketAddr;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use tokio::sync::{watch, Semaphore};

/// Read buffer of a WebSocket: client messages are small (16 KiB at most,
/// most under 200 bytes), and an idle socket keeps its buffer, so it is
/// sized for them rather than tungstenite's 128 KiB (docs/performance.md).
const READ_BUFFER: usize = 4 * 1024;

/// The WebSockets' sub-state (`State<Sockets>`).
#[derive(Clone)]
pub struct Sockets {
    /// The options.
    pub opts: Arc<SocketOpts>,
    /// One permit per open WebSocket connection.
    pub open: Arc<Semaphore>,
    /// WebSocket connections held per address.
    pub addresses: Arc<OpenPerAddress>,
    /// Becomes true when the server shuts down.
    pub shutdown: watch::Receiver<bool>,
}

impl Sockets {
    /// No socket open yet, under these options, until `shutdown`.
    pub fn new(opts: &SocketOpts, shutdown: watch::Receiver<bool>) -> Sockets {
        Sockets {
            open: Arc::new(Semaphore::new(opts.max_connections)),
            opts: Arc::new(opts.clone()),
            addresses: Arc::default(),
            shutdown,
        }
    }
}

/// What a WebSocket reaches: the sockets' sub-state, the rooms wherever
/// they run, and the metrics. A sub-state itself, of any state that has
/// those four.
#[derive(Clone)]
pub struct Reach {
    /// The sockets' options and slots, and the shutdown signal.
    pub sockets: Sockets,
    /// The rooms running here.
    pub registry: Registry,
    /// This node among the others, for the rooms running elsewhere.
    pub cluster: Arc<Cluster>,
    /// The metrics.
    pub metrics: Arc<Metrics>,
}

impl<S> FromRef<S> for Reach
where
    Sockets: FromRef<S>,
    Registry: FromRef<S>,
    Arc<Cluster>: FromRef<S>,
    Arc<Metrics>: FromRef<S>,
{
    fn from_ref(state: &S) -> Reach {
        Reach {
            sockets: Sockets::from_ref(state),
            registry: Registry::from_ref(state),
            cluster: Arc::from_ref(state),
            metrics: Arc::from_ref(state),
        }
    }
}

/// `GET /ws`: upgrades to a WebSocket, if the page is ours and a
/// connection slot is free, overall and for the address.
pub async fn upgrade(
    State(reach): State<Reach>,
    State(limits): State<Limits>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let admitted = match admit(&reach.sockets, &reach.cluster, &limits, peer, &headers).await {
        Ok(a) => a,
        Err(r) => return r.into_response(),
    };
    let Admitted { ip, slot, permit } = admitted;
    // Frames above our own limit are read (up to 4x) so that the client
    // gets a clear `too_big` before the close; beyond that the socket
    // library refuses them outright. Writes go out at once (each send
    // flushes), so no write buffer is kept either.
    ws.max_message_size(4 * MAX_INPUT_BYTES)
        .max_frame_size(4 * MAX_INPUT_BYTES)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            let metrics = reach.metrics.clone();
            metrics.connections_active.fetch_add(1, Relaxed);
            metrics.connections_total.fetch_add(1, Relaxed);
            connection(socket, reach, (permit, slot)).await;
            metrics.connections_active.fetch_sub(1, Relaxed);
            tracing::debug!(%ip, "connection closed");
        })
}

/// A WebSocket let in: its address, and its slots (given back when
/// dropped).
pub struct Admitted {
    /// The address it comes from.
    pub ip: std::net::IpAddr,
    /// Its place among the address's sockets.
    pub slot: limits::OpenSlot,
    /// Its place among all sockets.
    pub permit: tokio::sync::OwnedSemaphorePermit,
}

/// Lets a WebSocket in (a room's, or a circle's page's), if the page is
/// ours, the address is within its lookups, and a connection slot is
/// free, overall and for the address (across nodes).
pub async fn admit(
    sockets: &Sockets,
    cluster: &Cluster,
    limits: &Limits,
    peer: SocketAddr,
    headers: &HeaderMap,
) -> Result<Admitted, Refusal> {
    // Counted and logged on the way out (error::count_refusals).
    if !origin_allowed(&sockets.opts, headers) {
        return Err(Refusal::new(ErrorCode::BadOrigin));
    }
    // Each connection looks one room (or circle) up: limited like HTTP lookups.
    let ip = limits.check(Limited::Lookups, peer, headers).await?;
    // The cap holds across nodes: what the others hold for this address counts.
    let elsewhere = cluster.sockets_elsewhere(limits::address_key(ip));
    let cap = sockets.opts.ws_per_address.saturating_sub(elsewhere);
    let slot = (sockets.addresses.take(ip, cap))
        .ok_or_else(|| Refusal::new(ErrorCode::TooManyConnections))?;
    let permit = (sockets.open.clone().try_acquire_owned())
        .map_err(|_| Refusal::new(ErrorCode::ServerBusy))?;
    Ok(Admitted { ip, slot, permit })
}

/// Whether a WebSocket may be opened from the page that asks: browsers
/// always say which page (`Origin`); it must be this server's own (the
/// same host as asked for) or one of `--allowed-origins`. Clients other
/// than browsers send no `Origin` and are let in: the check is against
/// other sites' pages riding on a visitor's browser, not against programs.
fn origin_allowed(opts: &SocketOpts, headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if (opts.allowed_origins.iter()).any(|o| o.trim_end_matches('/') == origin) {
        return true;
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_host = origin.split_once("://").map(|(_, rest)| rest);
    host.is_some() && origin_host == host
}

#[cfg(test)]
mod tests;
