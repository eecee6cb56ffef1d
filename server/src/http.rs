//! The HTTP edge: our own accept loop in front of the router, because
//! `axum::serve` has no header read timeout, no connection caps and no
//! deadline on its graceful shutdown, and an attacker holding half-sent
//! requests used all three gaps (slowloris).
//!
//! - Every connection is served by hyper's HTTP/1 connection with a header
//!   read timeout (`--header-timeout-secs`): a client that has not sent a
//!   whole request head by then, or an idle keep-alive connection, is
//!   closed. HTTP/1 only: hyper-util's "auto" connection first reads the
//!   protocol preface with no timeout at all, and browsers reach us over
//!   HTTP/1.1 (directly, or from a TLS proxy that speaks HTTP/2 to them).
//! - Connections are capped overall (`--max-http-connections`) and per
//!   client address (`--max-connections-per-address`). A connection over a
//!   cap is closed at once without reading a byte. The slot is held by the
//!   socket itself ([`Held`]), so a WebSocket keeps its slot after the
//!   upgrade, until the socket is dropped.
//! - Accept errors (EMFILE at the descriptor limit) back off instead of
//!   spinning, and are logged at most once a second.
//! - At shutdown the listener is closed, every connection is asked to
//!   finish the request in hand and close, and whatever is still open at
//!   the deadline is dropped.

use crate::config::HttpOpts;
use crate::limits::{OpenPerAddress, OpenSlot};
use axum::extract::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinSet;
use tokio::time::Instant;
use tower::{Service, ServiceExt};

/// How long the accept loop pauses after an accept error that is not the
/// client's (EMFILE, ENFILE, ENOBUFS): retrying at once would spin a core
/// while nothing can be accepted anyway.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// Largest read buffer of a connection: bounds what a client can make us
/// hold for a request head (hyper's default is ~400 KB; no request of ours
/// needs a fraction of that, bodies are at most 16 KiB).
const MAX_BUF_BYTES: usize = 64 * 1024;

/// The limits of the edge, from the options.
#[derive(Clone, Debug)]
pub struct EdgeLimits {
    /// Most connections at once.
    pub max_connections: usize,
    /// Most connections at once from one address; `None` for no limit.
    pub per_address: Option<usize>,
    /// Time to send a request head.
    pub header_timeout: Duration,
}

impl EdgeLimits {
    /// The limits the options ask for.
    pub fn from_opts(opts: &HttpOpts) -> EdgeLimits {
        // Behind a trusted proxy every connection comes from the proxy's
        // address: a per-address cap would cap the whole server.
        let per_address = (opts.max_connections_per_address > 0 && !opts.trust_forwarded_for)
            .then_some(opts.max_connections_per_address);
        EdgeLimits {
            max_connections: opts.max_http_connections.max(1),
            per_address,
            header_timeout: Duration::from_secs(opts.header_timeout_secs.max(1)),
        }
    }
}

/// Serves `router` on `listener` until `shutdown` resolves; then drains
/// the connections until `grace` has passed and drops the rest. Returns
/// the deadline it used, so that the rest of the shutdown keeps to it.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: EdgeLimits,
    shutdown: impl Future<Output = ()>,
    grace: Duration,
) -> Instant {
    let mut make_service = router.into_make_service_with_connect_info::<SocketAddr>();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_BUF_BYTES);
    let slots = Slots::new(&limits);
    let mut conns = JoinSet::new();
    let (drain, draining) = watch::channel(false);
    let mut accept_errors = Throttle::default();
    let mut refusals = Throttle::default();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            biased;
            () = &mut shutdown => break,
            // Reap finished connections so the set stays the size of the
            // open ones.
            Some(_) = conns.join_next(), if !conns.is_empty() => continue,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) if is_client_error(&e) => continue,
                Err(e) => {
                    if let Some(more) = accept_errors.ready() {
                        tracing::error!("accept error: {e}{}; pausing", and_more(more));
                    }
                    tokio::select! {
                        () = &mut shutdown => break,
                        () = tokio::time::sleep(ACCEPT_BACKOFF) => continue,
                    }
                }
            },
        };
        let slot = match slots.take(peer.ip()) {
            Ok(slot) => slot,
            Err(full) => {
                if let Some(more) = refusals.ready() {
                    tracing::warn!(
                        "connection from {} closed unread: {full}{}",
                        peer.ip(),
                        and_more(more)
                    );
                }
                // Dropping the stream closes it without reading.
                drop(stream);
                continue;
            }
        };
        // Game messages are small and latency-bound: no Nagle delay.
        let _ = stream.set_nodelay(true);
        let service = match make_service.call(peer).await {
            Ok(s) => s,
            Err(never) => match never {},
        };
        let http = http.clone();
        let mut draining = draining.clone();
        conns.spawn(async move {
            let io = TokioIo::new(Held {
                _slot: slot,
                stream,
            });
            let service = hyper::service::service_fn(move |req: Request<Incoming>| {
                service.clone().oneshot(req)
            });
            let conn = http.serve_connection(io, service).with_upgrades();
            tokio::pin!(conn);
            let done = tokio::select! {
                done = conn.as_mut() => done,
                // Sent once, at shutdown (an error means the loop is gone:
                // shut down all the same).
                _ = draining.changed() => {
                    // Finish the request in hand, then close; an idle
                    // connection closes at once.
                    conn.as_mut().graceful_shutdown();
                    conn.await
                }
            };
            if let Err(e) = done {
                // Timeouts and resets are the client's business, and under
                // attack would flood the log: debug only.
                tracing::debug!(%peer, "connection ended: {e}");
            }
        });
    }
    let deadline = Instant::now() + grace;
    // Closing the listener refuses new connections from here on.
    drop(listener);
    let _ = drain.send(true);
    let drained = tokio::time::timeout_at(deadline, async {
        while conns.join_next().await.is_some() {}
    })
    .await;
    if drained.is_err() {
        tracing::warn!(
            "{} HTTP connections still open at the shutdown deadline: dropped",
            conns.len()
        );
        conns.shutdown().await;
    }
    deadline
}

/// Whether an accept error concerns only the one connection (the client
/// went away before we took it), so that accepting again at once is right.
fn is_client_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// The tail of a throttled log line: how many like it were held back.
fn and_more(held_back: u64) -> String {
    match held_back {
        0 => String::new(),
        n => format!(" ({n} more like it in the last second)"),
    }
}

/// Lets one log line through per second and counts the ones it held back.
#[derive(Default)]
struct Throttle {
    last: Option<Instant>,
    held_back: u64,
}

impl Throttle {
    /// `Some(held back since the last line)` when a line may be logged.
    fn ready(&mut self) -> Option<u64> {
        let now = Instant::now();
        match self.last {
            Some(last) if now - last < Duration::from_secs(1) => {
                self.held_back += 1;
                None
            }
            _ => {
                self.last = Some(now);
                Some(std::mem::take(&mut self.held_back))
            }
        }
    }
}

/// The connection slots: a semaphore for the total, counts per address.
struct Slots {
    total: Arc<Semaphore>,
    max_total: usize,
    per_address: Option<(usize, Arc<OpenPerAddress>)>,
}

/// Which cap a refused connection hit.
#[derive(Debug)]
enum Full {
    Total(usize),
    Address(usize),
}

impl std::fmt::Display for Full {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Full::Total(n) => write!(f, "{n} connections open (--max-http-connections)"),
            Full::Address(n) => write!(
                f,
                "{n} connections open from that address (--max-connections-per-address)"
            ),
        }
    }
}

impl Slots {
    fn new(limits: &EdgeLimits) -> Slots {
        Slots {
            total: Arc::new(Semaphore::new(limits.max_connections)),
            max_total: limits.max_connections,
            per_address: limits.per_address.map(|n| (n, Arc::default())),
        }
    }

    /// A slot for a connection from `ip`, if both caps allow one.
    fn take(&self, ip: IpAddr) -> Result<Slot, Full> {
        let address = match &self.per_address {
            None => None,
            Some((cap, counts)) => Some(counts.take(ip, *cap).ok_or(Full::Address(*cap))?),
        };
        // On failure `address` drops here and gives its count back.
        let total = self
            .total
            .clone()
            .try_acquire_owned()
            .map_err(|_| Full::Total(self.max_total))?;
        Ok(Slot {
            _total: total,
            _address: address,
        })
    }
}

/// One connection's place under the caps; given back when dropped.
struct Slot {
    _total: OwnedSemaphorePermit,
    _address: Option<OpenSlot>,
}

/// A socket with its slot: the slot is given back when the socket is
/// dropped, whether by hyper or, after an upgrade, by the WebSocket task.
struct Held {
    // Dropped first (fields drop in order): once the client sees the
    // close, the slot is free again.
    _slot: Slot,
    stream: TcpStream,
}

impl AsyncRead for Held {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Held {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_given_back_can_be_taken_again() {
        let slots = Slots::new(&EdgeLimits {
            max_connections: 3,
            per_address: Some(2),
            header_timeout: Duration::from_secs(1),
        });
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        let first = slots.take(ip).unwrap();
        let _second = slots.take(ip).unwrap();
        assert!(matches!(slots.take(ip), Err(Full::Address(2))));
        let _other = slots.take("192.0.2.2".parse().unwrap()).unwrap();
        assert!(matches!(
            slots.take("192.0.2.3".parse().unwrap()),
            Err(Full::Total(3))
        ));
        drop(first);
        assert!(slots.take(ip).is_ok());
    }
}
