//! One connection's serving: hyper's HTTP/1 or HTTP/2 connection, as
//! TLS's ALPN chose (or HTTP/1 without TLS), driven until it ends, the
//! server drains, or an HTTP/2 connection stays quiet too long.

use super::*;

/// hyper's connections, one per protocol, with the edge's limits.
#[derive(Clone)]
pub(super) struct Protocols {
    http1: http1::Builder,
    http2: http2::Builder<TokioExecutor>,
    /// Time to finish a TLS handshake: the header timeout.
    handshake: Duration,
}

impl Protocols {
    pub(super) fn new(limits: &EdgeLimits) -> Protocols {
        let mut http1 = http1::Builder::new();
        http1
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_timeout)
            .max_buf_size(MAX_BUF_BYTES);
        let mut http2 = http2::Builder::new(TokioExecutor::new());
        http2
            .timer(TokioTimer::new())
            .max_concurrent_streams(MAX_STREAMS)
            .max_header_list_size(MAX_BUF_BYTES as u32)
            .keep_alive_interval(H2_PING)
            .keep_alive_timeout(H2_PING);
        Protocols {
            http1,
            http2,
            handshake: limits.header_timeout,
        }
    }

    /// Serves one accepted connection: over TLS with `tls`, in the
    /// protocol the client chose in the handshake.
    pub(super) async fn serve(
        self,
        held: Held,
        service: Answer,
        tls: Option<TlsAcceptor>,
        draining: watch::Receiver<bool>,
    ) -> Served {
        let Some(tls) = tls else {
            return self.http1(held, service, draining).await;
        };
        let heard = held.heard.clone();
        let mut stop = draining.clone();
        let handshake = tokio::time::timeout(self.handshake, tls.accept(held));
        let stream = tokio::select! {
            done = handshake => match done {
                Ok(Ok(stream)) => stream,
                // Not a client of ours, or too slow (slowloris): closed.
                Ok(Err(_)) | Err(_) => return Ok(()),
            },
            _ = stop.changed() => return Ok(()),
        };
        match stream.get_ref().1.alpn_protocol() {
            Some(b"h2") => self.http2(stream, service, heard, draining).await,
            _ => self.http1(stream, service, draining).await,
        }
    }

    /// Serves one HTTP/1.1 connection, WebSocket upgrades included.
    async fn http1<I>(&self, io: I, service: Answer, draining: watch::Receiver<bool>) -> Served
    where
        I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let service =
            hyper::service::service_fn(move |req: Request<Incoming>| service.clone().oneshot(req));
        let conn = self.http1.serve_connection(TokioIo::new(io), service);
        until_drained(conn.with_upgrades(), draining, None).await
    }

    /// Serves one HTTP/2 connection; closes it once the client has sent
    /// nothing for the header timeout while none of its requests is being
    /// answered (hyper's HTTP/2 has no such timeout, not even for the
    /// connection preface).
    async fn http2<I>(
        &self,
        io: I,
        service: Answer,
        heard: Arc<Heard>,
        draining: watch::Receiver<bool>,
    ) -> Served
    where
        I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let answering = heard.clone();
        let service = hyper::service::service_fn(move |req: Request<Incoming>| {
            let busy = answering.busy();
            let answer = service.clone().oneshot(req);
            async move {
                let answered = answer.await;
                drop(busy);
                answered
            }
        });
        let conn = self.http2.serve_connection(TokioIo::new(io), service);
        until_drained(conn, draining, Some((&heard, self.handshake))).await
    }
}

/// The router's service for one connection, with the client's address.
type Answer = axum::middleware::AddExtension<Router, axum::extract::ConnectInfo<SocketAddr>>;

/// When a connection's client last sent a byte, and how many of its
/// requests are being answered: an HTTP/2 connection quiet on both counts
/// for the header timeout is closed.
pub(super) struct Heard {
    since: Instant,
    /// Milliseconds from `since` to the last byte read.
    last: AtomicU64,
    busy: Arc<AtomicUsize>,
}

/// One request being answered; counted until dropped.
struct Busy(Arc<AtomicUsize>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Heard {
    pub(super) fn new() -> Heard {
        Heard {
            since: Instant::now(),
            last: AtomicU64::new(0),
            busy: Arc::default(),
        }
    }

    /// The client sent something just now.
    pub(super) fn now(&self) {
        let ms = self.since.elapsed().as_millis();
        self.last
            .store(u64::try_from(ms).unwrap_or(u64::MAX), Ordering::Relaxed);
    }

    /// Counts a request until the answer is dropped.
    fn busy(&self) -> Busy {
        self.busy.fetch_add(1, Ordering::Relaxed);
        Busy(self.busy.clone())
    }

    /// When the connection will have been quiet for `limit` if nothing
    /// happens; while a request is being answered, a look again later.
    fn quiet_at(&self, limit: Duration) -> Instant {
        if self.busy.load(Ordering::Relaxed) > 0 {
            return Instant::now() + limit;
        }
        self.since + Duration::from_millis(self.last.load(Ordering::Relaxed)) + limit
    }
}

/// How a connection ended.
type Served = Result<(), hyper::Error>;

/// A hyper connection that can be asked to finish and close.
trait Graceful: Future<Output = Served> {
    /// Finish the requests in hand, then close; an idle connection
    /// closes at once.
    fn graceful(self: Pin<&mut Self>);
}

impl<I, S> Graceful for http1::UpgradeableConnection<TokioIo<I>, S>
where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    S: hyper::service::HttpService<Incoming, ResBody = axum::body::Body>,
    S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    fn graceful(self: Pin<&mut Self>) {
        self.graceful_shutdown();
    }
}

impl<I, S> Graceful for http2::Connection<TokioIo<I>, S, TokioExecutor>
where
    I: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    S: hyper::service::HttpService<Incoming, ResBody = axum::body::Body>,
    S::Future: Send + 'static,
    S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    fn graceful(self: Pin<&mut Self>) {
        self.graceful_shutdown();
    }
}

/// Drives `conn` to its end, asking it to finish once the server drains
/// or, with `idle`, once it has been quiet for that long (then it has as
/// long again to close).
async fn until_drained(
    conn: impl Graceful,
    mut draining: watch::Receiver<bool>,
    idle: Option<(&Heard, Duration)>,
) -> Served {
    tokio::pin!(conn);
    let mut wait = None;
    loop {
        let quiet = async {
            match idle {
                Some((heard, limit)) => tokio::time::sleep_until(heard.quiet_at(limit)).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            done = conn.as_mut() => return done,
            // Sent once, at shutdown (an error means the loop is gone:
            // shut down all the same).
            _ = draining.changed() => break,
            () = quiet => if let Some((heard, limit)) = idle {
                if heard.quiet_at(limit) <= Instant::now() {
                    wait = Some(limit);
                    break;
                }
            },
        }
    }
    conn.as_mut().graceful();
    match wait {
        // The shutdown's deadline bounds this wait.
        None => conn.await,
        Some(limit) => tokio::time::timeout(limit, conn).await.unwrap_or(Ok(())),
    }
}
