//! The Colyseus reference server (tools/loadgen/colyseus/server.js) and its Rust
//! client (chowka_loadgen::colyseus) against each other: rooms of 4 by name,
//! every act broadcast as one 1,320-byte state to its own room only, bad
//! input refused. The tests are ignored unless asked for with `--ignored`
//! (`.ci/run` does), and then fail where the npm packages are not installed
//! (tools/loadgen/colyseus/setup.sh installs them).
//!
//! `colyseus_capacity` (ignored; run it alone with `--ignored`) drives
//! COLYSEUS_ROOMS rooms open loop at COLYSEUS_RATE acts per room per
//! second for COLYSEUS_SECONDS and prints latency, CPU and memory
//! (COLYSEUS_PING_MS, inherited by the server, sets its heartbeat).

use chowka_loadgen::colyseus::{
    self, ColyseusClient, ColyseusReceiver, ColyseusSender, ColyseusServer, Frame, STATE_BYTES,
};
use chowka_loadgen::load::{cpu_time, pct, rss_kib};
use chowka_tests::WAIT;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

/// Panics, saying how to install them, unless the npm packages are there.
fn installed() {
    assert!(
        colyseus::installed(),
        "the Colyseus reference is not installed: run tools/loadgen/colyseus/setup.sh"
    );
}

/// The loopback source address of the `n`th socket, 127.0.2.x: the
/// WebSockets come from where the client says.
fn source(n: usize) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(
        127,
        0,
        2 + (n / 250) as u8,
        1 + (n % 250) as u8,
    ))
}

/// A room of four clients, split into halves.
struct Four {
    /// The Colyseus room id.
    id: String,
    senders: Vec<ColyseusSender>,
    receivers: Vec<ColyseusReceiver>,
}

/// Four clients join the room named `room` at once (matchmaking must not
/// split them), from sources `first..first + 4`.
async fn room_of_four(server: SocketAddr, room: String, first: usize) -> Four {
    let joins: Vec<_> = (first..first + 4)
        .map(|n| {
            let room = room.clone();
            tokio::spawn(async move { ColyseusClient::join(server, &room, source(n)).await })
        })
        .collect();
    let mut clients = Vec::new();
    for j in joins {
        clients.push(j.await.expect("join task"));
    }
    let id = clients[0].room_id().to_string();
    assert!(
        clients.iter().all(|c| c.room_id() == id),
        "the 4 clients of {room} share one Colyseus room"
    );
    let (senders, receivers) = clients.into_iter().map(ColyseusClient::split).unzip();
    Four {
        id,
        senders,
        receivers,
    }
}

/// The next frame a receiver gets, within [`WAIT`].
async fn next_frame(r: &mut ColyseusReceiver) -> Frame {
    tokio::time::timeout(WAIT, r.next_frame())
        .await
        .expect("a frame in time")
        .expect("the socket stays open")
}

/// Every receiver's next frame is the state for `seq`, 1,320 bytes long.
async fn all_get(receivers: &mut [ColyseusReceiver], seq: u64) {
    for r in receivers.iter_mut() {
        assert_eq!(
            next_frame(r).await,
            Frame::State {
                seq,
                bytes: STATE_BYTES
            }
        );
    }
}

#[tokio::test]
#[ignore = "needs the Colyseus reference (tools/loadgen/colyseus/setup.sh)"]
async fn colyseus_rooms_broadcast_each_act_to_their_own_four() {
    installed();
    let server = ColyseusServer::start().await;
    let mut a = room_of_four(server.addr, "a".into(), 0).await;
    let mut b = room_of_four(server.addr, "b".into(), 4).await;
    assert_ne!(a.id, b.id);
    // A fifth client naming "a" finds room a full and gets a room of its
    // own, which a sixth then joins.
    let fifth = ColyseusClient::join(server.addr, "a", source(8)).await;
    let sixth = ColyseusClient::join(server.addr, "a", source(9)).await;
    assert_ne!(fifth.room_id(), a.id);
    assert_eq!(fifth.room_id(), sixth.room_id());
    let (_, mut fifth_recv) = fifth.split();
    let (mut sixth_send, _sixth_recv) = sixth.split();

    // Every width of MessagePack integer, so that the padding keeps every
    // frame 1,320 bytes; each sent by a different member of the room.
    let seqs = [
        0,
        127,
        128,
        255,
        256,
        65_535,
        65_536,
        u32::MAX as u64,
        u32::MAX as u64 + 1,
        (1 << 53) + 1,
        u64::MAX,
    ];
    for (i, &seq) in seqs.iter().enumerate() {
        a.senders[i % 4].send_act(seq).await;
        all_get(&mut a.receivers, seq).await;
        // Room b's own act comes after a's broadcast went out: had a's
        // state reached b, it would stand first in b's sockets.
        let b_seq = 1_000_000 + i as u64;
        b.senders[(i + 1) % 4].send_act(b_seq).await;
        all_get(&mut b.receivers, b_seq).await;
    }
    // The second "a" room has heard nothing of the first: the fifth
    // client's first frame answers the sixth's act.
    sixth_send.send_act(7).await;
    all_get(std::slice::from_mut(&mut fifth_recv), 7).await;
}

#[tokio::test]
#[ignore = "needs the Colyseus reference (tools/loadgen/colyseus/setup.sh)"]
async fn colyseus_refuses_an_act_without_a_sequence_number() {
    installed();
    let server = ColyseusServer::start().await;
    let Four {
        senders: mut send,
        receivers: mut recv,
        ..
    } = room_of_four(server.addr, "bad".into(), 0).await;
    // ROOM_DATA, "act", then the string "abc" and then -1 where the
    // number goes.
    let text = [13, 0xa3, b'a', b'c', b't', 0xa3, b'a', b'b', b'c'];
    let negative = [13, 0xa3, b'a', b'c', b't', 0xff];
    for bad in [text.to_vec(), negative.to_vec()] {
        assert!(send[0].send_raw(bad).await);
        match next_frame(&mut recv[0]).await {
            Frame::Error { code, message } => {
                assert_eq!(code, 4217, "INVALID_PAYLOAD");
                assert!(message.contains("sequence number"), "{message}");
            }
            other => panic!("an error frame, not {other:?}"),
        }
    }
    // Nothing was broadcast, and the room still works: everyone's next
    // frame is the next good act's state.
    send[1].send_act(42).await;
    all_get(&mut recv, 42).await;
}

#[tokio::test]
#[ignore = "needs the Colyseus reference (tools/loadgen/colyseus/setup.sh)"]
async fn colyseus_sockets_answer_pings_while_nobody_reads_them() {
    installed();
    // Two unanswered pings of 100 ms close a socket: a second of silence
    // on the caller's side spans ten.
    let server = ColyseusServer::start_pinging_every(Duration::from_millis(100)).await;
    let mut four = room_of_four(server.addr, "quiet".into(), 0).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    four.senders[2].send_act(9).await;
    all_get(&mut four.receivers, 9).await;
}

#[tokio::test]
#[ignore = "needs the Colyseus reference (tools/loadgen/colyseus/setup.sh)"]
async fn colyseus_closes_a_socket_that_leaves_pings_unanswered() {
    installed();
    // What the test above guards against: a joined client not yet split
    // is not read, so it answers no ping and is gone a second later.
    let server = ColyseusServer::start_pinging_every(Duration::from_millis(100)).await;
    let client = ColyseusClient::join(server.addr, "deaf", source(0)).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let (_, mut receiver) = client.split();
    let next = tokio::time::timeout(WAIT, receiver.next_frame()).await;
    assert_eq!(next.expect("the close in time"), None);
}

/// Environment number with a default.
fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// When the capacity driver's rooms act: every room once per `period`
/// from `start` (plus its own offset) until `end`.
#[derive(Clone, Copy)]
struct Schedule {
    start: tokio::time::Instant,
    end: tokio::time::Instant,
    period: Duration,
}

impl Schedule {
    /// Whether the `seq`th act of a room starting at `from` falls before the end.
    fn before_end(&self, from: tokio::time::Instant, seq: u64) -> bool {
        from + self.period.mul_f64(seq as f64) < self.end
    }
}

/// What one room of the capacity driver measured.
#[derive(Default)]
struct RoomRun {
    /// Scheduled send until all 4 have the state, per answered act.
    latencies: Vec<Duration>,
    /// Acts not answered to all 4 by the end (plus a grace of 5 s).
    unanswered: u64,
    /// Sockets the server closed.
    closed: u64,
}

/// One room of the capacity driver. Its 4 sockets are read from the
/// start, so that pings are answered while the other rooms join; it acts
/// once `go` says when, offset by `offset` so that rooms do not tick
/// together.
async fn drive_room(
    four: Four,
    offset: Duration,
    mut go: tokio::sync::watch::Receiver<Option<Schedule>>,
) -> RoomRun {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let readers: Vec<_> = four
        .receivers
        .into_iter()
        .map(|mut r| {
            let tx = tx.clone();
            tokio::spawn(async move {
                while let Some(seq) = r.next_state().await {
                    let _ = tx.send((seq, tokio::time::Instant::now()));
                }
            })
        })
        .collect();
    drop(tx);
    let mut sender = four.senders.into_iter().next().expect("a sender");
    let schedule = match go.wait_for(Option::is_some).await {
        Ok(s) => s.expect("waited for a schedule"),
        Err(_) => return RoomRun::default(),
    };
    let from = schedule.start + offset;
    let mut ticks = tokio::time::interval_at(from, schedule.period);
    // (scheduled time, receivers still waiting) per seq, seq = tick index.
    let mut pending = std::collections::HashMap::<u64, (tokio::time::Instant, u8)>::new();
    let mut run = RoomRun::default();
    let mut seq = 0u64;
    let grace = tokio::time::sleep_until(schedule.end + Duration::from_secs(5));
    tokio::pin!(grace);
    loop {
        tokio::select! {
            at = ticks.tick(), if schedule.before_end(from, seq) => {
                pending.insert(seq, (at, 4));
                sender.send_act(seq).await;
                seq += 1;
            }
            got = rx.recv() => {
                let Some((s, when)) = got else { break };
                if let Some((at, left)) = pending.get_mut(&s) {
                    *left -= 1;
                    if *left == 0 {
                        run.latencies.push(when - *at);
                        pending.remove(&s);
                    }
                }
            }
            _ = &mut grace => break,
        }
        if !schedule.before_end(from, seq) && pending.is_empty() {
            break;
        }
    }
    for r in readers {
        run.closed += u64::from(r.is_finished());
        r.abort();
    }
    run.unanswered = pending.len() as u64;
    run
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a measurement of minutes: run alone with --ignored --exact colyseus_capacity"]
async fn colyseus_capacity() {
    installed();
    let rooms = env_number("COLYSEUS_ROOMS", 1000) as usize;
    let seconds = env_number("COLYSEUS_SECONDS", 20);
    let rate = env_number("COLYSEUS_RATE", 1) as f64;
    let server = ColyseusServer::start().await;
    let rss_before = rss_kib(server.pid);
    let period = Duration::from_secs_f64(1.0 / rate);
    let (go, ready) = tokio::sync::watch::channel(None);
    // Joins in batches so that matchmaking is not asked 20,000 times at
    // once; each room starts reading as soon as it is joined.
    let joined = Instant::now();
    let mut tasks = Vec::new();
    for batch in (0..rooms).collect::<Vec<_>>().chunks(50) {
        let joins: Vec<_> = batch
            .iter()
            .map(|&room| tokio::spawn(room_of_four(server.addr, format!("r{room}"), room * 4)))
            .collect();
        for (j, &room) in joins.into_iter().zip(batch) {
            let four = j.await.expect("a room joins");
            // Offsets spread uniformly over one period.
            let offset = period.mul_f64(room as f64 / rooms as f64);
            tasks.push(tokio::spawn(drive_room(four, offset, ready.clone())));
        }
    }
    let join_time = joined.elapsed();
    let sockets = rooms * 4;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let rss_per_socket = (rss_kib(server.pid) - rss_before) as f64 / sockets as f64;

    let cpu_before = cpu_time(server.pid);
    let load_cpu_before = cpu_time(std::process::id());
    let start = tokio::time::Instant::now() + Duration::from_millis(500);
    let end = start + Duration::from_secs(seconds);
    go.send_replace(Some(Schedule { start, end, period }));
    let (mut latencies, mut lost, mut closed) = (Vec::new(), 0, 0);
    for t in tasks {
        let run = t.await.expect("room task");
        latencies.extend(run.latencies);
        lost += run.unanswered;
        closed += run.closed;
    }
    let cpu = cpu_time(server.pid) - cpu_before;
    let load_cpu = cpu_time(std::process::id()) - load_cpu_before;
    latencies.sort();
    let answered = latencies.len() as f64;
    println!(
        "colyseus: {rooms} rooms x 4 = {sockets} sockets joined in {join_time:.1?}; \
         {:.0} KiB RSS per socket",
        rss_per_socket
    );
    println!(
        "{rate} act/room/s for {seconds} s: scheduled {:.0}/s, answered {:.0}/s, \
         {lost} unanswered, {closed} sockets closed by the server",
        rooms as f64 * rate,
        answered / seconds as f64
    );
    let quantiles: Vec<String> = [("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0)]
        .iter()
        .map(|(name, p)| format!("{name} {:.1?}", pct(&latencies, *p)))
        .collect();
    println!(
        "latency (scheduled send to all 4): {}",
        quantiles.join("  ")
    );
    println!(
        "server CPU: {:.0} us per act ({:.2} cores); this load client: {:.2} cores",
        cpu.as_secs_f64() * 1e6 / answered.max(1.0),
        cpu.as_secs_f64() / seconds as f64,
        load_cpu.as_secs_f64() / seconds as f64
    );
}
