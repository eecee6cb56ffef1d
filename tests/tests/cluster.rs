//! Several nodes (DESIGN.md, "Several machines"): `chowka` processes on
//! loopback sharing one PostgreSQL database (a fresh one per test) and
//! NATS. Each game's players are spread over the nodes, so that most
//! connections are relayed to the node running their room.
//!
//! - A node killed with -9 mid-game: every game finishes, with every
//!   action stored before the kill kept; the time from the kill to each
//!   room's next accepted action is printed (docs/performance.md).
//! - A node paused (SIGSTOP) past its lease, then resumed: its rooms were
//!   taken over meanwhile, and it can never write to them again.
//! - A node drained (SIGTERM): its rooms play on elsewhere within seconds.
//!
//! Needs TEST_DATABASE_URL and TEST_NATS_URL: the tests are ignored unless
//! asked for with `--ignored` (`.ci/run` does), and then fail without them.

use chowka_tests::players::{player, Recovery};
use chowka_tests::postgres::FreshDatabase;
use chowka_tests::{get, post, ws_url, ChildServer, Client, WAIT};
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::process::Command;

use std::time::{Duration, Instant};

/// Seconds of a lease in these tests: how soon a lost node's rooms move.
const LEASE_SECS: &str = "2";

/// The database and NATS URLs; panics, saying which is missing, without.
fn services() -> (String, String) {
    (
        chowka_tests::services::database_url(),
        chowka_tests::services::nats_url(),
    )
}

/// `n` nodes on one fresh database; each has heard of the others on return.
struct Nodes {
    nodes: Vec<Option<ChildServer>>,
    names: Vec<String>,
    bases: Vec<String>,
    db: Option<FreshDatabase>,
    _dirs: Vec<tempfile::TempDir>,
}

impl Nodes {
    async fn start(n: usize, db: &str, nats: &str) -> Nodes {
        let db = FreshDatabase::create(db).await.expect("a fresh database");
        let run = chowka_server::ids::RoomCode::random()
            .as_str()
            .to_lowercase();
        // A cluster of its own: tests running side by side share NATS.
        let cluster = format!("test-{run}");
        let mut nodes = Vec::new();
        let mut names = Vec::new();
        let mut dirs = Vec::new();
        for i in 0..n {
            let dir = tempfile::tempdir().expect("temp dir");
            let name = format!("n{i}-{run}");
            let args = [
                "--database-url",
                db.url.as_str(),
                "--nats-url",
                nats,
                "--node",
                name.as_str(),
                "--lease-secs",
                LEASE_SECS,
                "--cluster",
                cluster.as_str(),
            ];
            nodes.push(Some(ChildServer::start(dir.path(), &args)));
            names.push(name);
            dirs.push(dir);
        }
        let bases: Vec<String> = nodes.iter().flatten().map(|n| n.base.clone()).collect();
        // Reports go out every second: each node has heard the others.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        Nodes {
            nodes,
            names,
            bases,
            db: Some(db),
            _dirs: dirs,
        }
    }

    fn ws(&self) -> Vec<String> {
        self.bases.iter().map(|b| ws_url(b)).collect()
    }

    fn take(&mut self, i: usize) -> ChildServer {
        self.nodes[i].take().expect("node runs")
    }

    async fn stop(mut self) {
        for node in self.nodes.iter_mut().filter_map(Option::take) {
            tokio::task::spawn_blocking(move || node.terminate())
                .await
                .expect("node stops");
        }
        if let Some(db) = self.db.take() {
            db.drop_now().await.expect("database dropped");
        }
    }
}

/// A room of `players` people created on the node at `base`, its seats
/// taken there: its code and tokens.
async fn room_on(base: &str, players: u8) -> (String, Vec<String>) {
    let (status, created) = post(
        base,
        "/api/rooms",
        json!({"name": "P0", "players": players}),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let code = created["code"].as_str().expect("code").to_string();
    let mut tokens = vec![created["token"].as_str().expect("token").to_string()];
    for i in 1..players {
        let (status, seat) = post(
            base,
            &format!("/api/rooms/{code}/seats"),
            json!({"name": format!("P{i}")}),
        )
        .await;
        assert_eq!(status, 201, "{seat}");
        tokens.push(seat["token"].as_str().expect("token").to_string());
    }
    (code, tokens)
}

/// The actions stored for a room so far, from any node.
async fn stored_actions(base: &str, code: &str) -> Vec<Value> {
    let (status, replay) = get(base, &format!("/api/rooms/{code}/replay?from=0")).await;
    assert_eq!(status, 200, "{replay}");
    let frames = replay["frames"].as_array().expect("frames").clone();
    frames
        .into_iter()
        .skip(1)
        .map(|f| f["action"].clone())
        .collect()
}

/// The archived record's actions of a finished game.
async fn archived_actions(base: &str, code: &str) -> Vec<Value> {
    let (status, game) = get(base, &format!("/api/games/{code}")).await;
    assert_eq!(status, 200, "room {code} is archived: {game}");
    game["record"]["actions"]
        .as_array()
        .expect("actions")
        .clone()
}

/// The kept prefix: every action stored before a failure is in the
/// archive, in its place, unchanged (`at` aside, which is the same too).
fn assert_kept(code: &str, before: &[Value], after: &[Value]) {
    assert!(
        after.len() >= before.len(),
        "room {code}: {} actions stored before, {} archived",
        before.len(),
        after.len()
    );
    for (i, (b, a)) in before.iter().zip(after).enumerate() {
        assert_eq!(b, a, "room {code}: action {i} changed");
    }
}

/// The node holding a room's lease, read from the database.
async fn owner(nodes: &Nodes, code: &str) -> String {
    use sqlx::Connection;
    let url = &nodes.db.as_ref().expect("database").url;
    let mut conn = sqlx::PgConnection::connect(url).await.expect("database");
    let owner: Option<String> = sqlx::query_scalar("SELECT owner FROM leases WHERE room = $1")
        .bind(code)
        .fetch_optional(&mut conn)
        .await
        .expect("lease read");
    owner.unwrap_or_default()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL and NATS (TEST_DATABASE_URL, TEST_NATS_URL)"]
async fn three_nodes_finish_every_game_when_one_is_killed() {
    let (db, nats) = services();
    let mut nodes = Nodes::start(3, &db, &nats).await;
    let ws = nodes.ws();
    let recovery = Recovery::default();
    // Nine rooms of three, three made on each node; player p of room r
    // starts on node (r + p) % 3, so two of each room's three are relayed.
    let mut rooms = Vec::new();
    for r in 0..9 {
        rooms.push(room_on(&nodes.bases[r % 3], 3).await);
    }
    let mut players = Vec::new();
    for (r, (code, tokens)) in rooms.iter().enumerate() {
        // The host starts the game once everyone is in.
        let mut host = Client::join(&ws[r % 3], code, Some(&tokens[0])).await;
        let mut others = Vec::new();
        for (p, token) in tokens.iter().enumerate().skip(1) {
            others.push(Client::join(&ws[(r + p) % 3], code, Some(token)).await);
        }
        host.send(json!({"type": "start"})).await;
        for c in others.iter_mut().chain(std::iter::once(&mut host)) {
            c.until(|m| m["type"] == "state" && m["room"]["status"] == "playing")
                .await;
        }
        drop((host, others));
        for (p, token) in tokens.iter().enumerate() {
            players.push(tokio::spawn(player(
                ws.clone(),
                code.clone(),
                token.clone(),
                (r + p) % 3,
                recovery.clone(),
            )));
        }
    }
    // Mid-game: at least a few actions stored in every room.
    let deadline = Instant::now() + WAIT;
    loop {
        let mut least = usize::MAX;
        for (code, _) in &rooms {
            least = least.min(stored_actions(&nodes.bases[1], code).await.len());
        }
        if least >= 5 {
            break;
        }
        assert!(Instant::now() < deadline, "games under way in time");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Node 0 runs rooms 0, 3 and 6. What is stored now is read through
    // node 1, then node 0 dies at once.
    let killed = nodes.take(0);
    let mut before = HashMap::new();
    for (code, _) in &rooms {
        before.insert(code.clone(), stored_actions(&nodes.bases[1], code).await);
    }
    killed.kill();
    recovery.at.set(Instant::now()).expect("killed once");
    let mut reconnects = 0;
    for p in players {
        reconnects += p.await.expect("player task").expect("the game ends");
    }
    // Every game ended, with every action stored before the kill kept.
    for (code, _) in &rooms {
        let after = archived_actions(&nodes.bases[2], code).await;
        assert_kept(code, &before[code], &after);
    }
    let times = recovery.rooms.lock().unwrap().clone();
    let mut moved: Vec<Duration> = (rooms.iter().step_by(3))
        .filter_map(|(code, _)| times.get(code).copied())
        .collect();
    assert_eq!(moved.len(), 3, "each of the dead node's rooms played on");
    moved.sort();
    eprintln!(
        "kill -9 of 1 node of 3 (lease {LEASE_SECS} s): its 3 rooms' next accepted action after \
         p50 {:?}, max {:?}; {reconnects} reconnections",
        percentile(&moved, 0.5),
        moved.last().unwrap(),
    );
    nodes.stop().await;
}

/// Sends a signal to a process.
fn signal(pid: u32, sig: &str) {
    let ok = Command::new("kill")
        .args([sig, &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(ok.success());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL and NATS (TEST_DATABASE_URL, TEST_NATS_URL)"]
async fn a_paused_node_never_writes_to_a_room_taken_over() {
    let (db, nats) = services();
    let nodes = Nodes::start(2, &db, &nats).await;
    let ws = nodes.ws();
    let (code, tokens) = room_on(&nodes.bases[0], 2).await;
    let mut a = Client::join(&ws[0], &code, Some(&tokens[0])).await;
    let mut b = Client::join(&ws[0], &code, Some(&tokens[1])).await;
    a.send(json!({"type": "start"})).await;
    for c in [&mut a, &mut b] {
        c.until(|m| m["type"] == "state" && m["room"]["status"] == "playing")
            .await;
    }
    let mover = a.state["game"]["to_move"].as_u64().expect("someone moves");
    let mut movers = [a, b];
    let c = &mut movers[mover as usize];
    let stored = stored_actions(&nodes.bases[1], &code).await.len();
    // Node 0 sleeps past its lease: node 1's sweeper takes the room over.
    let pid = nodes.nodes[0].as_ref().expect("node 0").pid();
    signal(pid, "-STOP");
    let deadline = Instant::now() + WAIT;
    while owner(&nodes, &code).await != nodes.names[1] {
        assert!(Instant::now() < deadline, "taken over in time");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The player still connected to the sleeping node acts (its message
    // waits in the socket), and the node wakes up to it.
    let mut rng = StdRng::from_entropy();
    let action = c.choose(&mut rng).expect("the mover has a move");
    let v = c.version();
    c.send(json!({"type": "act", "version": v, "action": action}))
        .await;
    signal(pid, "-CONT");
    // The woken node cannot write: the action is refused or never answered,
    // and the connection is closed so that the player finds the room anew.
    let mut accepted = false;
    while let Some(m) = c.next().await {
        if m["type"] == "state"
            && m["version"].as_u64() > Some(v)
            && !m["events"].as_array().is_none_or(Vec::is_empty)
        {
            accepted = true;
        }
    }
    assert!(!accepted, "the paused node's action was not accepted");
    assert_eq!(
        stored_actions(&nodes.bases[1], &code).await.len(),
        stored,
        "nothing written by the node that lost the room"
    );
    // Both players play the game out through either node.
    let recovery = Recovery::default();
    let p0 = tokio::spawn(player(
        ws.clone(),
        code.clone(),
        tokens[0].clone(),
        0,
        recovery.clone(),
    ));
    let p1 = tokio::spawn(player(
        ws.clone(),
        code.clone(),
        tokens[1].clone(),
        1,
        recovery,
    ));
    p0.await.expect("player").expect("the game ends");
    p1.await.expect("player").expect("the game ends");
    let after = archived_actions(&nodes.bases[1], &code).await;
    assert!(after.len() > stored);
    nodes.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL and NATS (TEST_DATABASE_URL, TEST_NATS_URL)"]
async fn a_drained_node_hands_its_rooms_over_at_once() {
    let (db, nats) = services();
    let mut nodes = Nodes::start(2, &db, &nats).await;
    let ws = nodes.ws();
    let recovery = Recovery::default();
    let mut rooms = Vec::new();
    // Every room waits, started, with a connection on each node, and no
    // move is made before the drain: a game that ended before it (they
    // take well under a second) could not show that its room played on.
    let mut waiting = Vec::new();
    for _ in 0..4 {
        let (code, tokens) = room_on(&nodes.bases[0], 2).await;
        let mut host = Client::join(&ws[0], &code, Some(&tokens[0])).await;
        let mut other = Client::join(&ws[1], &code, Some(&tokens[1])).await;
        host.send(json!({"type": "start"})).await;
        for c in [&mut host, &mut other] {
            c.until(|m| m["type"] == "state" && m["room"]["status"] == "playing")
                .await;
        }
        waiting.push((host, other));
        rooms.push((code, tokens));
    }
    let drained = nodes.take(0);
    recovery.at.set(Instant::now()).expect("drained once");
    let drain = tokio::task::spawn_blocking(move || drained.terminate());
    let mut players = Vec::new();
    for (code, tokens) in &rooms {
        for (p, token) in tokens.iter().enumerate() {
            let (ws, code) = (ws.clone(), code.clone());
            players.push(tokio::spawn(player(
                ws,
                code,
                token.clone(),
                p,
                recovery.clone(),
            )));
        }
    }
    drain.await.expect("node 0 drains cleanly");
    drop(waiting);
    let rooms: Vec<String> = rooms.into_iter().map(|(code, _)| code).collect();
    for p in players {
        p.await.expect("player task").expect("the game ends");
    }
    let times = recovery.rooms.lock().unwrap().clone();
    let mut waits: Vec<Duration> = rooms.iter().filter_map(|c| times.get(c).copied()).collect();
    waits.sort();
    assert_eq!(waits.len(), rooms.len(), "every room played on");
    eprintln!(
        "SIGTERM drain of 1 node of 2: next accepted action after p50 {:?}, max {:?}",
        percentile(&waits, 0.5),
        waits.last().unwrap()
    );
    assert!(
        *waits.last().unwrap() < Duration::from_secs(5),
        "no game waits more than a few seconds: {waits:?}"
    );
    nodes.stop().await;
}

/// Two nodes in this process on one fresh database, with these limits.
async fn two_in_process(
    db: &FreshDatabase,
    nats: &str,
    tune: impl Fn(&mut chowka_server::ServeOpts),
) -> (chowka_tests::TestServer, chowka_tests::TestServer) {
    let run = chowka_server::ids::RoomCode::random()
        .as_str()
        .to_lowercase();
    let start = |i: usize| {
        let (url, nats, node) = (db.url.clone(), nats.to_string(), format!("p{i}-{run}"));
        let cluster = format!("test-{run}");
        let tune = &tune;
        chowka_tests::TestServer::start_with(move |o| {
            o.store.database_url = Some(url);
            o.cluster.nats_url = Some(nats);
            o.cluster.node = Some(node);
            o.cluster.name = cluster;
            tune(o);
        })
    };
    let a = start(0).await;
    let b = start(1).await;
    // Each node hears the other (they report every second).
    tokio::time::sleep(Duration::from_millis(1500)).await;
    (a, b)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL and NATS (TEST_DATABASE_URL, TEST_NATS_URL)"]
async fn public_rooms_and_limits_per_address_hold_across_nodes() {
    let (db, nats) = services();
    let db = FreshDatabase::create(&db).await.expect("a fresh database");
    let (mut a, mut b) = two_in_process(&db, &nats, |o| {
        o.limits.rooms_per_minute = 3;
        o.sockets.ws_per_address = 3;
    })
    .await;
    // Each counts the other among the live nodes.
    let text = chowka_tests::metrics(&b.base).await;
    assert!(text.contains("\nchowka_nodes 2\n"), "{text}");
    // A public room made on one node is listed by the other.
    let (status, made) = post(
        &a.base,
        "/api/rooms",
        json!({"name": "Host", "players": 2, "public": true}),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    let code = made["code"].as_str().expect("code").to_string();
    let deadline = Instant::now() + WAIT;
    loop {
        let (_, list) = get(&b.base, "/api/rooms").await;
        let listed = list["rooms"].as_array().expect("rooms");
        if listed.iter().any(|r| r["code"] == code.as_str()) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "listed on the other node in time: {list}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Rooms per address per minute: 3 in all, wherever they are made.
    assert_eq!(
        post(&b.base, "/api/rooms", json!({"name": "H", "players": 2}))
            .await
            .0,
        201
    );
    assert_eq!(
        post(&a.base, "/api/rooms", json!({"name": "H", "players": 2}))
            .await
            .0,
        201
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, refused) = post(&b.base, "/api/rooms", json!({"name": "H", "players": 2})).await;
    assert_eq!(
        status, 429,
        "the fourth room of the minute is refused on the other node: {refused}"
    );
    // WebSockets per address: 3 in all, wherever they are open.
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(Client::join(&ws_url(&a.base), &code, None).await);
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let fourth = Client::try_join(&ws_url(&b.base), &code, None).await;
    assert!(
        fourth.is_err(),
        "a fourth socket of the address is refused on the other node"
    );
    drop(open);
    a.stop().await;
    b.stop().await;
    db.drop_now().await.expect("database dropped");
}
