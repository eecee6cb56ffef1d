//! The connection loop driven through channels on a paused clock: the
//! hello timeout, pings and the pong timeout, the write deadline, a flood
//! and shutdown, each in no real time (tokio's clock jumps ahead whenever
//! every task waits on it).

use super::connection::connection;
use super::frames::WRITE_DEADLINE;
use super::hello::HELLO_TIMEOUT;
use super::Reach;
use crate::cluster::Cluster;
use crate::config::{ServeOpts, SocketOpts};
use crate::ids::RoomCode;
use crate::rooms::{Room, Seat, Settings};
use crate::store::Store;
use crate::{ids, Services};
use axum::extract::ws::Message;
use axum::extract::FromRef;
use futures_util::{Sink, Stream};
use std::net::{IpAddr, Ipv4Addr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio::time::Instant;

/// The server's end: frames from the peer come in on a channel, frames
/// to it go out on another. Writes stall (never complete) while `stalled`
/// is set, as to a peer that stopped reading.
struct ChannelSocket {
    incoming: mpsc::UnboundedReceiver<Result<Message, axum::Error>>,
    outgoing: mpsc::UnboundedSender<Message>,
    stalled: Arc<AtomicBool>,
}

impl Stream for ChannelSocket {
    type Item = Result<Message, axum::Error>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.incoming.poll_recv(cx)
    }
}

impl Sink<Message> for ChannelSocket {
    type Error = axum::Error;

    fn poll_ready(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Result<(), axum::Error>> {
        // A stalled write is woken by nothing but the write deadline.
        if self.stalled.load(Ordering::Relaxed) {
            Poll::Pending
        } else {
            Poll::Ready(Ok(()))
        }
    }

    fn start_send(self: Pin<&mut Self>, item: Message) -> Result<(), axum::Error> {
        (self.outgoing.send(item)).map_err(|_| axum::Error::new("the peer is gone"))
    }

    fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Result<(), axum::Error>> {
        Poll::Ready(Ok(()))
    }

    fn poll_close(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Result<(), axum::Error>> {
        Poll::Ready(Ok(()))
    }
}

/// The client's end of a [`ChannelSocket`].
struct Peer {
    to_server: mpsc::UnboundedSender<Result<Message, axum::Error>>,
    from_server: mpsc::UnboundedReceiver<Message>,
    stalled: Arc<AtomicBool>,
}

impl Peer {
    fn say(&self, text: &str) {
        let _ = self.to_server.send(Ok(Message::Text(text.into())));
    }

    /// The next frame from the server (`None` once it dropped the socket).
    async fn next(&mut self) -> Option<Message> {
        self.from_server.recv().await
    }

    /// Reads up to the server's close frame and answers it, as a browser
    /// does: its status and reason, and the text frames before it.
    async fn closed(&mut self) -> (u16, String, Vec<String>) {
        let mut texts = Vec::new();
        loop {
            match self.next().await.expect("a close frame") {
                Message::Text(t) => texts.push(t.to_string()),
                Message::Close(frame) => {
                    let frame = frame.expect("a close status");
                    let _ = self.to_server.send(Ok(Message::Close(None)));
                    return (frame.code, frame.reason.to_string(), texts);
                }
                _ => {}
            }
        }
    }
}

/// A server's services around one room of two people, on the in-process
/// store; `tune` sets the sockets' options. The sender stops the server.
struct Server {
    services: Services,
    code: RoomCode,
    token: String,
    stop: watch::Sender<bool>,
}

impl Server {
    async fn new(tune: impl FnOnce(&mut SocketOpts)) -> Server {
        let mut opts = ServeOpts::default();
        tune(&mut opts.sockets);
        let (store, _) = Store::memory();
        let (stop, stopped) = watch::channel(false);
        let cluster = Arc::new(Cluster::alone("local".into(), 5000));
        let services = Services::new(&opts, store, cluster, stopped);
        let token = ids::new_token();
        let seat = |token: &str, host| Seat {
            name: Some("Asha".into()),
            token_hash: Some(ids::hash_token(token)),
            bot: None,
            host,
            player: None,
        };
        let seats = vec![seat(&token, true), seat(&ids::new_token(), false)];
        let setup = chowka_protocol::Setup {
            options: chowka_protocol::Overrides {
                players: Some(2),
                ..Default::default()
            },
            ..Default::default()
        };
        let room = Room::new(RoomCode::random(), setup, Settings::default(), seats).expect("rules");
        let code = room.code;
        services.registry.create(room).await.expect("room created");
        Server {
            services,
            code,
            token,
            stop,
        }
    }

    /// Opens a connection: the loop runs in a task, the test holds the peer.
    fn connect(&self) -> (Peer, JoinHandle<()>) {
        let (to_server, incoming) = mpsc::unbounded_channel();
        let (outgoing, from_server) = mpsc::unbounded_channel();
        let stalled = Arc::new(AtomicBool::new(false));
        let socket = ChannelSocket {
            incoming,
            outgoing,
            stalled: stalled.clone(),
        };
        let sockets = &self.services.sockets;
        let permit = sockets.open.clone().try_acquire_owned();
        let ip = IpAddr::V4(Ipv4Addr::LOCALHOST);
        let slot = sockets.addresses.take(ip, 64);
        let slots = (permit.expect("a permit"), slot.expect("a slot"));
        let reach = Reach::from_ref(&self.services);
        let task = tokio::spawn(connection(socket, reach, slots));
        let peer = Peer {
            to_server,
            from_server,
            stalled,
        };
        (peer, task)
    }

    /// Opens a connection and joins the room in the host's seat: the
    /// peer has had the room's welcome.
    async fn join(&self) -> (Peer, JoinHandle<()>) {
        let (mut peer, task) = self.connect();
        let hello = serde_json::json!({"type": "hello", "room": self.code, "token": self.token});
        peer.say(&hello.to_string());
        match peer.next().await.expect("a welcome") {
            Message::Text(t) => assert!(t.contains("\"welcome\""), "{t}"),
            other => panic!("not a welcome: {other:?}"),
        }
        (peer, task)
    }
}

#[tokio::test(start_paused = true)]
async fn a_connection_that_says_no_hello_is_closed_after_the_timeout() {
    let server = Server::new(|_| {}).await;
    let (mut peer, task) = server.connect();
    let start = Instant::now();
    let (code, reason, texts) = peer.closed().await;
    assert_eq!((code, reason.as_str()), (1008, "hello first"));
    assert!(texts[0].contains("hello_first"), "{texts:?}");
    assert_eq!(start.elapsed(), HELLO_TIMEOUT);
    task.await.expect("the loop ends");
}

#[tokio::test(start_paused = true)]
async fn a_silent_peer_is_pinged_then_closed_after_two_periods() {
    let server = Server::new(|o| o.ping_secs = 20).await;
    let (mut peer, task) = server.join().await;
    let start = Instant::now();
    let period = Duration::from_secs(20);
    let mut pings = 0;
    let (code, reason) = loop {
        match peer.next().await.expect("a frame") {
            Message::Ping(_) => pings += 1,
            Message::Close(Some(f)) => break (f.code, f.reason.to_string()),
            _ => {}
        }
    };
    assert_eq!((code, reason.as_str()), (1001, "no answer to pings"));
    assert!(pings >= 1, "pinged before being given up");
    assert!(start.elapsed() >= 2 * period && start.elapsed() <= 3 * period);
    task.await.expect("the loop ends");
}

/// A phone whose network died keeps no socket open: at the default period
/// the server lets go of a silent socket within ten seconds, so the
/// others at the table see that player away (`presence`) that soon
/// (docs/protocol.md, "Keep-alive").
#[tokio::test(start_paused = true)]
async fn a_silent_peer_is_let_go_within_ten_seconds_by_default() {
    let server = Server::new(|_| {}).await;
    let (mut peer, task) = server.join().await;
    let start = Instant::now();
    let (code, reason) = loop {
        if let Message::Close(Some(f)) = peer.next().await.expect("a frame") {
            break (f.code, f.reason.to_string());
        }
    };
    assert_eq!((code, reason.as_str()), (1001, "no answer to pings"));
    let after = start.elapsed();
    assert!(
        after >= Duration::from_secs(5) && after <= Duration::from_secs(10),
        "{after:?}"
    );
    task.await.expect("the loop ends");
}

/// The web client pings every two seconds when it hears nothing
/// (web-client/js/connection.js): those pings alone keep it open, each
/// answered with a `pong`.
#[tokio::test(start_paused = true)]
async fn a_client_pinging_every_two_seconds_stays_open_by_default() {
    let server = Server::new(|_| {}).await;
    let (mut peer, task) = server.join().await;
    let mut pongs = 0;
    for _ in 0..30 {
        peer.say("{\"type\":\"ping\"}");
        let until = Instant::now() + Duration::from_secs(2);
        while let Ok(frame) = tokio::time::timeout_at(until, peer.next()).await {
            match frame.expect("open") {
                Message::Text(t) if t.contains("\"pong\"") => pongs += 1,
                Message::Close(f) => panic!("closed while pinging: {f:?}"),
                _ => {}
            }
        }
    }
    assert_eq!(pongs, 30, "every ping answered");
    server.stop.send(true).expect("the loop listens");
    let (code, _, _) = peer.closed().await;
    assert_eq!(code, 1001);
    task.await.expect("the loop ends");
}

#[tokio::test(start_paused = true)]
async fn a_peer_that_answers_pings_stays_until_shutdown() {
    let server = Server::new(|o| o.ping_secs = 20).await;
    let (mut peer, task) = server.join().await;
    let until = Instant::now() + Duration::from_secs(200);
    let mut pings = 0;
    while let Ok(frame) = tokio::time::timeout_at(until, peer.next()).await {
        match frame.expect("open") {
            Message::Ping(p) => {
                pings += 1;
                let _ = peer.to_server.send(Ok(Message::Pong(p)));
            }
            Message::Close(f) => panic!("closed while answering: {f:?}"),
            _ => {}
        }
    }
    assert!(pings >= 5, "pinged every period: {pings}");
    server.stop.send(true).expect("the loop listens");
    let (code, reason, _) = peer.closed().await;
    assert_eq!((code, reason.as_str()), (1001, "server shutting down"));
    task.await.expect("the loop ends");
}

#[tokio::test(start_paused = true)]
async fn a_peer_that_stops_reading_is_dropped_at_the_write_deadline() {
    let server = Server::new(|o| o.ping_secs = 600).await;
    let (peer, task) = server.join().await;
    peer.stalled.store(true, Ordering::Relaxed);
    let start = Instant::now();
    // The answer, a pong, cannot be written.
    peer.say("{\"type\":\"ping\"}");
    task.await.expect("the loop ends");
    assert_eq!(start.elapsed(), WRITE_DEADLINE);
}

#[tokio::test(start_paused = true)]
async fn a_flood_is_warned_then_closed() {
    let server = Server::new(|o| o.messages_per_second = 1).await;
    let (mut peer, task) = server.join().await;
    for _ in 0..50 {
        peer.say("{\"type\":\"ping\"}");
    }
    let (code, reason, texts) = peer.closed().await;
    assert_eq!((code, reason.as_str()), (1008, "flooding"));
    let slow_down = texts.iter().position(|t| t.contains("Slow down"));
    let closing = texts.iter().position(|t| t.contains("Too many messages"));
    assert!(slow_down < closing && slow_down.is_some(), "{texts:?}");
    task.await.expect("the loop ends");
}

#[tokio::test(start_paused = true)]
async fn a_frame_the_socket_library_refused_closes_with_its_status() {
    use tungstenite::error::{CapacityError, Error as WsError};
    let server = Server::new(|_| {}).await;
    // The library's error is not Clone: each case makes its own.
    type Case = (fn() -> WsError, u16, &'static str);
    let cases: [Case; 3] = [
        (
            || WsError::Utf8("not UTF-8".into()),
            1007,
            "text is not UTF-8",
        ),
        (
            || {
                WsError::Capacity(CapacityError::MessageTooLong {
                    size: 1 << 20,
                    max_size: 1 << 16,
                })
            },
            1009,
            "message too big",
        ),
        (|| WsError::ConnectionClosed, 1002, "protocol error"),
    ];
    for (error, status, why) in cases {
        // Before the hello and after it, the same close.
        for (mut peer, task) in [server.connect(), server.join().await] {
            let _ = peer.to_server.send(Err(axum::Error::new(error())));
            let (code, reason, _) = peer.closed().await;
            assert_eq!((code, reason.as_str()), (status, why));
            task.await.expect("the loop ends");
        }
    }
}
