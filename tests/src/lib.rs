//! End-to-end test helpers: a real server (in-process, or the `chowka`
//! binary as a child process), HTTP calls, and WebSocket players that pick
//! among the legal actions the server sends.
//!
//! # Layout
//! - this file: the servers, HTTP calls and the [`Client`] player.
//! - `players`: players that reconnect to another node when theirs is lost.
//! - `postgres`: a fresh PostgreSQL database per test.
//! - `smtp`: a local SMTP server that keeps the e-mails it is sent.
//! - `services`: the addresses of PostgreSQL and NATS for the ignored
//!   tests that need them.
//!
//! The capacity tool (`loadgen`) and the Colyseus reference are a crate
//! of their own, tools/loadgen, that uses these helpers.

use chowka_protocol::messages::GameView;
use chowka_protocol::random::random_view_action;
use futures_util::{SinkExt, StreamExt};
use rand::Rng;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub use chowka_server::ServeOpts;

pub mod players;
pub mod postgres;
pub mod services;
pub mod smtp;

/// Longest any single wait in a test may take.
pub const WAIT: Duration = Duration::from_secs(20);

/// A server running in this process, on a free port, with its own data folder.
pub struct TestServer {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// The data folder (SQLite).
    pub dir: tempfile::TempDir,
    stop: Option<oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<Result<(), chowka_server::StartError>>>,
}

impl TestServer {
    /// Starts a server with test-friendly options (no computer delay).
    pub async fn start() -> TestServer {
        TestServer::start_with(|_| {}).await
    }

    /// Starts a server after `tune` adjusts the options.
    pub async fn start_with(tune: impl FnOnce(&mut ServeOpts)) -> TestServer {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut opts = ServeOpts::default();
        opts.store.data_dir = dir.path().to_path_buf();
        opts.rooms.bot_delay_ms = 0;
        opts.limits.rooms_per_minute = 1000;
        opts.sockets.messages_per_second = 1000;
        // Every test client comes from 127.0.0.1: the per-address
        // limits are tested on their own (tests/abuse.rs).
        opts.limits.rooms_per_minute_per_block = 100_000;
        opts.limits.rooms_per_minute_total = 100_000;
        opts.limits.seats_per_minute = 100_000;
        opts.limits.lookups_per_minute = 100_000;
        opts.limits.players_per_minute = 100_000;
        opts.limits.circle_joins_per_minute = 100_000;
        opts.sockets.ws_per_address = 100_000;
        opts.http.max_connections_per_address = 0;
        tune(&mut opts);
        // Servers of several tests share one PostgreSQL database: each is
        // a node of its own there, not one "local" node taking the others'
        // rooms (a node alone takes back its own rooms on restart).
        if opts.store.database_url.is_some() && opts.cluster.node.is_none() {
            opts.cluster.node = Some(format!("test-{}", chowka_server::ids::RoomCode::random()));
        }
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(chowka_server::run(listener, opts, async move {
            let _ = stopped.await;
        }));
        TestServer {
            base,
            dir,
            stop: Some(stop),
            task: Some(task),
        }
    }

    /// The WebSocket URL.
    pub fn ws(&self) -> String {
        ws_url(&self.base)
    }

    /// Stops the server gracefully and waits for it.
    pub async fn stop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.task.take() {
            let r = tokio::time::timeout(WAIT, t)
                .await
                .expect("server stops in time");
            r.expect("server task").expect("server ran cleanly");
        }
    }
}

/// The WebSocket URL of a server.
pub fn ws_url(base: &str) -> String {
    format!("{}/ws", base.replacen("http://", "ws://", 1))
}

/// The `chowka` binary: `CHOWKA_BIN` if set (to measure another build
/// side by side, as the browser tests take it), else built once per test
/// run with the same profile.
pub fn chowka_binary() -> PathBuf {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        if let Some(bin) = std::env::var_os("CHOWKA_BIN") {
            return PathBuf::from(bin);
        }
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut cmd = Command::new(cargo);
        cmd.args([
            "build",
            "-p",
            "chowka-server",
            "--bin",
            "chowka",
            "--message-format=json",
        ]);
        if !cfg!(debug_assertions) {
            cmd.arg("--release");
        }
        cmd.current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(".."));
        let out = cmd
            .stderr(Stdio::inherit())
            .output()
            .expect("cargo build runs");
        assert!(out.status.success(), "cargo build of chowka failed");
        let stdout = String::from_utf8_lossy(&out.stdout);
        stdout
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(|v| v["reason"] == "compiler-artifact" && v["target"]["name"] == "chowka")
            .filter_map(|v| v["executable"].as_str().map(PathBuf::from))
            .next_back()
            .expect("cargo reports the chowka executable")
    })
    .clone()
}

/// The `chowka` binary serving as a child process.
pub struct ChildServer {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    child: Child,
}

impl ChildServer {
    /// Starts `chowka` on a free port with this data folder, and waits
    /// until it listens.
    pub fn start(data_dir: &Path, extra: &[&str]) -> ChildServer {
        ChildServer::launch(ChildServer::chowka(data_dir, extra), "chowka")
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The command that runs `chowka` on a free port with this data folder,
    /// limits raised for tests, and `extra` options.
    pub fn chowka(data_dir: &Path, extra: &[&str]) -> Command {
        let mut cmd = Command::new(chowka_binary());
        cmd.args([
            "--bind",
            "127.0.0.1:0",
            "--bot-delay-ms",
            "0",
            // Test players act as fast as the server answers: the
            // per-connection flood limit would drop their actions.
            "--messages-per-second",
            "1000",
            "--rooms-per-minute",
            "1000",
            "--rooms-per-minute-per-block",
            "100000",
            "--rooms-per-minute-total",
            "100000",
            "--seats-per-minute",
            "100000",
            "--lookups-per-minute",
            "100000",
            "--log",
            "info",
        ])
        .arg("--data-dir")
        .arg(data_dir)
        .args(extra)
        .env_remove("DATABASE_URL");
        cmd
    }

    /// Runs a server command whose standard error says `listening on
    /// http://ADDR` once it listens (chowka's log line; the capacity
    /// tool's bare server says the same), and waits for that line. A
    /// server that exits or stays silent for [`WAIT`] is an error naming
    /// it (`name`).
    pub fn launch(mut cmd: Command, name: &str) -> Result<ChildServer, String> {
        use std::io::{BufRead, BufReader};
        let mut child = cmd
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{name} does not start: {e}"))?;
        let stderr = child.stderr.take().expect("stderr is piped");
        let (tx, rx) = std::sync::mpsc::channel();
        let label = name.to_string();
        std::thread::spawn(move || {
            let mut tx = Some(tx);
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Some(i) = line.find("listening on http://") {
                    let addr = line[i + "listening on ".len()..].trim().to_string();
                    if let Some(tx) = tx.take() {
                        let _ = tx.send(addr);
                    }
                }
                if std::env::var_os("CHOWKA_TEST_LOG").is_some() {
                    eprintln!("[{label}] {line}");
                }
            }
        });
        let waited = rx.recv_timeout(WAIT);
        if let Ok(base) = waited {
            return Ok(ChildServer { base, child });
        }
        let _ = child.kill();
        let status = child.wait().map(|s| s.to_string()).unwrap_or_default();
        let what = match waited {
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                format!("did not start listening within {WAIT:?}")
            }
            _ => "stopped before it listened".to_string(),
        };
        Err(format!(
            "{name} {what} ({status}); CHOWKA_TEST_LOG=1 shows its log"
        ))
    }

    /// The server's process id (for /proc readings).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGTERM and waits for a clean exit.
    pub fn terminate(mut self) {
        let pid = self.child.id().to_string();
        let ok = Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .expect("kill runs");
        assert!(ok.success());
        let deadline = std::time::Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(
                    status.success(),
                    "chowka exits cleanly on SIGTERM: {status}"
                );
                return;
            }
            assert!(std::time::Instant::now() < deadline, "chowka stops in time");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Kills the process at once (SIGKILL).
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ChildServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A small HTTP client.
pub fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(WAIT)
        .build()
        .expect("http client")
}

/// POSTs JSON; returns the status and the JSON answer.
pub async fn post(base: &str, path: &str, body: Value) -> (u16, Value) {
    let res = http()
        .post(format!("{base}{path}"))
        .json(&body)
        .send()
        .await
        .expect("request");
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

/// GETs JSON; returns the status and the JSON answer.
pub async fn get(base: &str, path: &str) -> (u16, Value) {
    let res = http()
        .get(format!("{base}{path}"))
        .send()
        .await
        .expect("request");
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

/// GETs `path` with these request headers; the whole response, for its
/// status, headers and body.
pub async fn fetch(base: &str, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
    let mut req = http().get(format!("{base}{path}"));
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    req.send().await.expect("request")
}

/// A response header's value, `""` if it has none.
pub fn header<'a>(res: &'a reqwest::Response, name: &str) -> &'a str {
    res.headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

/// A request as `device` (with its User-Agent) holding `secret`, if any:
/// the status and the JSON answer.
pub async fn call(
    server: &TestServer,
    method: &str,
    path: &str,
    secret: Option<&str>,
    device: Option<(&str, &str)>,
    body: Option<Value>,
) -> (u16, Value) {
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut req = http().request(method, format!("{}{path}", server.base));
    if let Some(s) = secret {
        req = req.bearer_auth(s);
    }
    if let Some((id, ua)) = device {
        req = req.header("X-Chowka-Device", id).header("User-Agent", ua);
    }
    if let Some(b) = body {
        req = req.json(&b);
    }
    let res = req.send().await.expect("request");
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

/// The server's `/metrics` text.
pub async fn metrics(base: &str) -> String {
    http()
        .get(format!("{base}/metrics"))
        .send()
        .await
        .expect("metrics")
        .text()
        .await
        .expect("metrics text")
}

/// A room with every seat taken by a person: its code and the seat tokens.
pub async fn room_of(base: &str, players: u8, options: Value) -> (String, Vec<String>) {
    let body = json!({"name": "Player 0", "players": players, "options": options});
    try_room_of(&http(), base, body, players)
        .await
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A room created with `body` (`POST /api/rooms`), whose other seats up
/// to `players` are then taken over HTTP: its code and the seat tokens,
/// or what the server answered instead.
pub async fn try_room_of(
    http: &reqwest::Client,
    base: &str,
    body: Value,
    players: u8,
) -> Result<(String, Vec<String>), String> {
    let post = |path: String, body: Value| async move {
        let res = http
            .post(format!("{base}{path}"))
            .json(&body)
            .send()
            .await
            .map_err(|e| format!("POST {path}: {e}"))?;
        let status = res.status().as_u16();
        let answer: Value = res.json().await.unwrap_or(Value::Null);
        match status {
            201 => Ok(answer),
            _ => Err(format!("POST {path}: {status} {answer}")),
        }
    };
    let created = post("/api/rooms".into(), body).await?;
    let text = |v: &Value, field: &str| {
        v[field]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("no {field} in {v}"))
    };
    let code = text(&created, "code")?;
    let mut tokens = vec![text(&created, "token")?];
    for i in 1..players {
        let seat = post(
            format!("/api/rooms/{code}/seats"),
            json!({"name": format!("Player {i}")}),
        )
        .await?;
        if seat["seat"] != i {
            return Err(format!("took seat {} instead of {i}", seat["seat"]));
        }
        tokens.push(text(&seat, "token")?);
    }
    Ok((code, tokens))
}

/// A WebSocket connection speaking the chowka protocol.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The seat, from `welcome`.
    pub seat: Option<u64>,
    /// The latest state.
    pub state: Value,
    /// The latest welcome.
    pub welcome: Value,
    /// Errors received, by code.
    pub errors: Vec<String>,
}

impl Client {
    /// Connects without saying anything.
    pub async fn connect_raw(ws: &str) -> WebSocketStream<MaybeTlsStream<TcpStream>> {
        let (ws, _) = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(ws))
            .await
            .expect("connect in time")
            .expect("connect");
        ws
    }

    /// Connects and says hello; waits for the welcome and the first state.
    pub async fn join(ws: &str, room: &str, token: Option<&str>) -> Client {
        Client::try_join(ws, room, token)
            .await
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// As [`Client::join`], or what went wrong instead (the server is
    /// down, refused the hello, or closed before the first state).
    pub async fn try_join(ws: &str, room: &str, token: Option<&str>) -> Result<Client, String> {
        let mut hello = json!({"type": "hello", "room": room});
        if let Some(t) = token {
            hello["token"] = json!(t);
        }
        Client::try_hello(ws, hello).await
    }

    /// As [`Client::try_join`] with this very `hello` (a player's secret,
    /// say).
    pub async fn try_hello(ws: &str, hello: Value) -> Result<Client, String> {
        let connect = tokio_tungstenite::connect_async(ws);
        let (socket, _) = tokio::time::timeout(WAIT, connect)
            .await
            .map_err(|_| format!("{ws}: no connection in time"))?
            .map_err(|e| format!("{ws}: {e}"))?;
        let mut c = Client {
            ws: socket,
            seat: None,
            state: Value::Null,
            welcome: Value::Null,
            errors: Vec::new(),
        };
        if !c.send_text(hello.to_string()).await {
            return Err(format!("{ws}: closed before the hello"));
        }
        let welcome = c
            .next()
            .await
            .ok_or(format!("{ws}: closed before the welcome"))?;
        if welcome["type"] != "welcome" {
            return Err(format!("{ws}: {welcome}"));
        }
        c.seat = welcome["seat"].as_u64();
        loop {
            match c.next().await {
                Some(m) if m["type"] == "state" => return Ok(c),
                Some(_) => {}
                None => return Err(format!("{ws}: closed before the first state")),
            }
        }
    }

    /// Sends a JSON message.
    pub async fn send(&mut self, msg: Value) {
        self.ws
            .send(Message::Text(msg.to_string().into()))
            .await
            .expect("send");
    }

    /// Sends raw text.
    pub async fn send_text(&mut self, text: String) -> bool {
        self.ws.send(Message::Text(text.into())).await.is_ok()
    }

    /// The next JSON message (states and welcomes are remembered), or
    /// `None` when the server closed the connection.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let msg = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a message in time");
            match msg {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(&t).expect("server sends JSON");
                    match v["type"].as_str() {
                        Some("state") => self.state = v.clone(),
                        Some("welcome") => {
                            self.seat = v["seat"].as_u64();
                            self.welcome = v.clone();
                        }
                        Some("error") => self.errors.push(v["code"].as_str().unwrap_or("").into()),
                        _ => {}
                    }
                    return Some(v);
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// The socket itself, to send what a well-behaved client never would.
    pub fn raw(&mut self) -> &mut WebSocketStream<MaybeTlsStream<TcpStream>> {
        &mut self.ws
    }

    /// Reads until the close frame; returns its status code.
    pub async fn closed(&mut self) -> Option<u16> {
        loop {
            let msg = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("close in time");
            match msg {
                Some(Ok(Message::Close(f))) => return f.map(|f| u16::from(f.code)),
                Some(Ok(_)) => continue,
                None | Some(Err(_)) => return None,
            }
        }
    }

    /// Reads until a message matches.
    pub async fn until(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self.next().await.expect("connection open");
            if pred(&m) {
                return m;
            }
        }
    }

    /// Reads until an error arrives; returns its code.
    pub async fn error(&mut self) -> String {
        let e = self.until(|m| m["type"] == "error").await;
        e["code"].as_str().unwrap_or("").to_string()
    }

    /// The latest state's version.
    pub fn version(&self) -> u64 {
        self.state["version"].as_u64().unwrap_or(0)
    }

    /// Whether the latest state shows a finished game.
    pub fn over(&self) -> bool {
        self.state["room"]["status"] == "finished"
    }

    /// If this client must act in the latest state, a random legal action
    /// among those the server sent, picked as the engine's random play
    /// picks ([`chowka_protocol::random::random_view_action`]).
    pub fn choose(&self, rng: &mut impl Rng) -> Option<Value> {
        let seat = self.seat?;
        let game = &self.state["game"];
        if game.is_null() {
            return None;
        }
        let view: GameView =
            serde_json::from_value(game.clone()).expect("the state holds a game view");
        let action = random_view_action(&view, u8::try_from(seat).ok()?, rng)?;
        Some(serde_json::to_value(action).expect("an action is JSON"))
    }

    /// Acts on the latest state if it is this client's to act; true if it sent.
    pub async fn act_if_mine(&mut self, rng: &mut impl Rng) -> bool {
        match self.choose(rng) {
            Some(action) => {
                let v = self.version();
                self.send(json!({"type": "act", "version": v, "action": action}))
                    .await;
                true
            }
            None => false,
        }
    }

    /// Plays until the game is over or `max_actions` were sent.
    /// Returns the number of actions sent.
    pub async fn play(&mut self, max_actions: usize) -> usize {
        self.play_until(max_actions, |_| false).await.0
    }

    /// Plays this client's part until a state matches `stop`, the game is
    /// over, or `max_actions` were sent. Returns the number of actions sent
    /// and the matching state, if one came.
    pub async fn play_until(
        &mut self,
        max_actions: usize,
        stop: impl Fn(&Value) -> bool,
    ) -> (usize, Option<Value>) {
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::from_entropy();
        let mut sent = 0;
        let mut acted_on = 0;
        let mut refused = 0;
        while !self.over() && sent < max_actions {
            if self.version() != acted_on && self.act_if_mine(&mut rng).await {
                acted_on = self.version();
                sent += 1;
            }
            if self.over() {
                break;
            }
            let m = self.next().await.expect("connection open while playing");
            if m["type"] == "error" {
                // stale_version: a newer state is on its way; otherwise,
                // look again at the same state.
                if m["code"] != "stale_version" {
                    acted_on = 0;
                    refused += 1;
                    assert!(refused < 50, "the server keeps refusing legal actions: {m}");
                }
            } else if m["type"] == "state" && stop(&m) {
                return (sent, Some(m));
            }
        }
        (sent, None)
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// Plays a whole game with one client per seat, each in its own task;
/// returns the clients after the end.
pub async fn play_out(mut clients: Vec<Client>) -> Vec<Client> {
    let tasks: Vec<_> = clients
        .drain(..)
        .map(|mut c| {
            tokio::spawn(async move {
                c.play(usize::MAX).await;
                c
            })
        })
        .collect();
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.expect("player task"));
    }
    out
}

/// Plays `actions` actions one at a time (whoever must act acts, and
/// everyone waits for the new state), stopping early if the game ends.
pub async fn play_steps(clients: &mut [Client], actions: usize) {
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::from_entropy();
    for _ in 0..actions {
        if clients.iter().any(|c| c.over()) {
            return;
        }
        let before = clients.iter().map(|c| c.version()).max().unwrap_or(0);
        let mut acted = false;
        for c in clients.iter_mut() {
            if c.version() == before && c.act_if_mine(&mut rng).await {
                acted = true;
                break;
            }
        }
        assert!(acted, "someone must act in version {before}");
        for c in clients.iter_mut() {
            c.until(|m| m["type"] == "state" && m["version"].as_u64() > Some(before))
                .await;
        }
    }
}

/// Everyone joins with their token and the host starts the game.
pub async fn start_game(server: &TestServer, code: &str, tokens: &[String]) -> Vec<Client> {
    start_game_on(&server.ws(), code, tokens).await
}

/// As [`start_game`], on the server at this WebSocket URL.
pub async fn start_game_on(ws: &str, code: &str, tokens: &[String]) -> Vec<Client> {
    let mut clients = Vec::new();
    for t in tokens {
        clients.push(Client::join(ws, code, Some(t)).await);
    }
    clients[0].send(json!({"type": "start"})).await;
    for c in clients.iter_mut() {
        c.until(|m| m["type"] == "state" && m["room"]["status"] == "playing")
            .await;
    }
    clients
}

/// The server's socket address, from its `http://HOST:PORT` base.
pub fn socket_addr(base: &str) -> std::net::SocketAddr {
    base.trim_start_matches("http://")
        .parse()
        .expect("base is http://IP:PORT")
}

/// A TCP connection to the server from the loopback address `source`
/// (any 127.x.y.z works on Linux), so that a test can play several clients
/// with distinct addresses.
pub async fn connect_from(source: std::net::Ipv4Addr, base: &str) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().expect("socket");
    socket
        .bind(std::net::SocketAddr::from((source, 0)))
        .expect("bind a loopback source address");
    tokio::time::timeout(WAIT, socket.connect(socket_addr(base)))
        .await
        .expect("connects in time")
        .expect("connects")
}

/// Whether the server closes `stream` within `within`, reading and
/// dropping whatever it sends first (a reset counts as closed).
pub async fn closed_within<R>(stream: &mut R, within: Duration) -> bool
where
    R: tokio::io::AsyncRead + Unpin + ?Sized,
{
    use tokio::io::AsyncReadExt;
    let mut buf = [0u8; 1024];
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => {}
        }
    }
}

/// Asserts that the server closes each of `streams` (named by what it
/// sent) after a 1 s header timeout counted from `started`: within 5 s
/// each, and not before 0.9 s nor after 4 s all told.
pub async fn closed_after_a_second(
    started: std::time::Instant,
    streams: Vec<(&str, &mut (dyn tokio::io::AsyncRead + Unpin))>,
) {
    for (what, stream) in streams {
        assert!(
            closed_within(stream, Duration::from_secs(5)).await,
            "a connection that sent {what} is closed"
        );
    }
    let took = started.elapsed();
    assert!(
        (Duration::from_millis(900)..Duration::from_secs(4)).contains(&took),
        "closed after the 1 s header timeout, not before: {took:?}"
    );
}
