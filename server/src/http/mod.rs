//! The HTTP edge: our own accept loop in front of the router, because
//! `axum::serve` has no header read timeout, no connection caps and no
//! deadline on its graceful shutdown, and an attacker holding half-sent
//! requests used all three gaps (slowloris).
//!
//! - Plain connections are served by hyper's HTTP/1 connection with a
//!   header read timeout (`--header-timeout-secs`): a client that has not
//!   sent a whole request head by then, or an idle keep-alive connection,
//!   is closed. Not hyper-util's "auto" connection, which first reads the
//!   protocol preface with no timeout at all: browsers speak HTTP/2 only
//!   over TLS anyway.
//! - With `--tls-cert` and `--tls-key` ([`crate::tls`]) every connection
//!   is HTTPS: the TLS handshake must end within the header timeout too,
//!   and the protocol the client chose in it (ALPN) picks the connection:
//!   HTTP/2 ("h2"), where a page's files all go at once over one
//!   connection, with a cap on concurrent streams, keep-alive pings and a
//!   bound on header lists; else HTTP/1.1 as above. Extended CONNECT
//!   (RFC 8441) is not offered, so browsers open their WebSockets over a
//!   connection of their own in HTTP/1.1, upgraded as without TLS.
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
use crate::tls::Certificates;
use axum::extract::Request;
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::{http1, http2};
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinSet;
use tokio::time::Instant;
use tokio_rustls::TlsAcceptor;
use tower::{Service, ServiceExt};

mod conn;
use conn::{Heard, Protocols};

/// How long the accept loop pauses after an accept error that is not the
/// client's (EMFILE, ENFILE, ENOBUFS): retrying at once would spin a core
/// while nothing can be accepted anyway.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// Largest read buffer of a connection: bounds what a client can make us
/// hold for a request head (hyper's default is ~400 KB; no request of ours
/// needs a fraction of that, bodies are at most 16 KiB).
const MAX_BUF_BYTES: usize = 64 * 1024;

/// Requests at once on one HTTP/2 connection: a room's page asks for
/// about forty files at once.
const MAX_STREAMS: u32 = 100;

/// How often a quiet HTTP/2 connection is pinged, and how long the answer
/// may take before the connection is closed as dead.
const H2_PING: Duration = Duration::from_secs(20);

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

/// Serves `router` on `listener` (over TLS with `tls`) until `shutdown` resolves; then drains
/// the connections until `grace` has passed and drops the rest. Returns
/// the deadline it used, so that the rest of the shutdown keeps to it.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: EdgeLimits,
    tls: Option<Certificates>,
    shutdown: impl Future<Output = ()>,
    grace: Duration,
) -> Instant {
    let mut make_service = router.into_make_service_with_connect_info::<SocketAddr>();
    let protocols = Protocols::new(&limits);
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
        let protocols = protocols.clone();
        let draining = draining.clone();
        // Read at accept: a renewed certificate is used from the next
        // connection on.
        let tls = tls.as_ref().map(|c| c.acceptor());
        conns.spawn(async move {
            let held = Held::new(slot, stream);
            if let Err(e) = protocols.serve(held, service, tls, draining).await {
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
    /// Told of every byte the client sends.
    heard: Arc<Heard>,
}

impl Held {
    fn new(slot: Slot, stream: TcpStream) -> Held {
        Held {
            _slot: slot,
            stream,
            heard: Arc::new(Heard::new()),
        }
    }
}

impl AsyncRead for Held {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let read = Pin::new(&mut this.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            this.heard.now();
        }
        read
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
