//! Web Push end to end, without the internet (docs/operations.md,
//! "Telling players it is their turn"): a real server with `--push`, real
//! players in a real game over days, and a push service of the test's own
//! on 127.0.0.1 that checks each push's VAPID signature and decrypts it
//! with the subscription's keys, which the test made as a browser would.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chowka_tests::{http, metrics, Client, TestServer, WAIT};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc;
use web_push_native::jwt_simple::prelude::{
    ECDSAP256PublicKeyLike, ES256PublicKey, NoCustomClaims, VerificationOptions,
};
use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint;
use web_push_native::p256::SecretKey;

/// A push as the test's push service got it.
struct Received {
    /// The subscription's name (the endpoint's last part).
    id: String,
    headers: HeaderMap,
    body: Bytes,
}

/// How the test's push service answers a subscription other than 201.
#[derive(Default)]
struct Answers {
    /// Gone (410).
    gone: HashSet<String>,
    /// Busy (503) this many more times.
    busy: HashMap<String, u32>,
    /// Answered only once the test lets it go.
    held: HashMap<String, Arc<tokio::sync::Notify>>,
}

/// The test's push service: takes every push (201), but as `answers` say.
struct PushService {
    base: String,
    got: mpsc::UnboundedReceiver<Received>,
    answers: Arc<Mutex<Answers>>,
}

type Shared = (mpsc::UnboundedSender<Received>, Arc<Mutex<Answers>>);

async fn take(
    State((tx, answers)): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    let (status, held) = {
        let mut answers = answers.lock().unwrap();
        let held = answers.held.get(&id).cloned();
        let gone = answers.gone.contains(&id);
        let busy = answers.busy.get_mut(&id).filter(|n| **n > 0);
        let status = match (gone, busy) {
            (true, _) => StatusCode::GONE,
            (false, Some(n)) => {
                *n -= 1;
                StatusCode::SERVICE_UNAVAILABLE
            }
            (false, None) => StatusCode::CREATED,
        };
        (status, held)
    };
    let _ = tx.send(Received { id, headers, body });
    if let Some(gate) = held {
        gate.notified().await;
    }
    status
}

impl PushService {
    async fn start() -> PushService {
        let (tx, got) = mpsc::unbounded_channel();
        let answers = Arc::new(Mutex::new(Answers::default()));
        let app = axum::Router::new()
            .route("/push/{id}", axum::routing::post(take))
            .with_state((tx, answers.clone()));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        PushService { base, got, answers }
    }

    /// The next push, within [`WAIT`].
    async fn next(&mut self) -> Received {
        let got = tokio::time::timeout(WAIT, self.got.recv()).await;
        got.expect("a push within the wait")
            .expect("the push service runs")
    }

    /// Nothing was pushed so far.
    fn nothing(&mut self) {
        if let Ok(r) = self.got.try_recv() {
            panic!("unexpected push to {} ({} bytes)", r.id, r.body.len());
        }
    }
}

/// A browser's subscription: its keys as `pushManager.subscribe` makes them.
struct Browser {
    id: String,
    endpoint: String,
    secret: SecretKey,
    auth: [u8; 16],
}

impl Browser {
    fn new(service: &PushService, id: &str) -> Browser {
        Browser {
            id: id.into(),
            endpoint: format!("{}/push/{id}", service.base),
            secret: SecretKey::from_slice(&rand::random::<[u8; 32]>()).unwrap(),
            auth: rand::random(),
        }
    }

    /// `PushSubscription.toJSON()` and the page's language.
    fn json(&self, lang: &str) -> Value {
        let public = self.secret.public_key().to_encoded_point(false);
        json!({
            "endpoint": self.endpoint,
            "keys": {
                "p256dh": URL_SAFE_NO_PAD.encode(public.as_bytes()),
                "auth": URL_SAFE_NO_PAD.encode(self.auth),
            },
            "lang": lang,
        })
    }

    /// The push's payload, checked as a push service and a browser would:
    /// the VAPID signature by the server's key for this push service's
    /// origin, then the aes128gcm content decrypted with this browser's keys.
    fn open(&self, push: &Received, server_key: &str, origin: &str) -> Value {
        assert_eq!(push.id, self.id);
        let vapid = push.headers["authorization"].to_str().unwrap();
        let (t, k) = vapid
            .strip_prefix("vapid t=")
            .and_then(|rest| rest.split_once(", k="))
            .expect("a VAPID authorization");
        assert_eq!(
            k, server_key,
            "signed with the key browsers subscribed with"
        );
        let key = ES256PublicKey::from_bytes(&URL_SAFE_NO_PAD.decode(k).unwrap()).unwrap();
        let options = VerificationOptions {
            allowed_audiences: Some(HashSet::from([origin.to_string()])),
            ..Default::default()
        };
        let claims = key.verify_token::<NoCustomClaims>(t, Some(options));
        let claims = claims.expect("a valid JWT for this origin");
        assert_eq!(
            claims.subject.as_deref(),
            Some("mailto:push-test@example.org")
        );
        assert_eq!(push.headers["content-encoding"], "aes128gcm");
        assert_eq!(push.headers["urgency"], "normal");
        let auth = web_push_native::Auth::clone_from_slice(&self.auth);
        let plain = web_push_native::decrypt(push.body.to_vec(), &self.secret, &auth);
        serde_json::from_slice(&plain.expect("decrypted with the browser's keys")).unwrap()
    }
}

/// A request holding `secret`: the status and the JSON answer.
async fn call(
    server: &TestServer,
    method: &str,
    path: &str,
    secret: &str,
    body: Option<Value>,
) -> (u16, Value) {
    chowka_tests::call(server, method, path, Some(secret), None, body).await
}

async fn new_player(server: &TestServer, name: &str) -> String {
    let res = http()
        .post(format!("{}/api/players", server.base))
        .json(&json!({ "name": name }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 201);
    let made: Value = res.json().await.unwrap();
    made["secret"].as_str().unwrap().to_string()
}

/// The server's count of `name`.
async fn count(server: &TestServer, name: &str) -> u64 {
    let text = metrics(&server.base).await;
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("{name}_total ")));
    line.and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0)
}

/// Waits until the server's count of `name` reaches `at_least`.
async fn reaches(server: &TestServer, name: &str, at_least: u64) {
    let wait = async {
        while count(server, name).await < at_least {
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    };
    let reached = tokio::time::timeout(WAIT, wait).await;
    reached.unwrap_or_else(|_| panic!("{name} reaches {at_least}"));
}

/// Waits until the push worker has looked `n` more times: whatever it
/// would send by then is sent.
async fn looks(server: &TestServer, n: u64) {
    let from = count(server, "chowka_push_checks").await;
    reaches(server, "chowka_push_checks", from + n).await;
}

/// The server's database (its URL, SQLite or PostgreSQL), for what the
/// test sets or counts there itself.
struct Db(String);

impl Db {
    /// The SQLite file of `server`.
    fn of(server: &TestServer) -> Db {
        let file = server.dir.path().join("chowka.db");
        Db(format!("sqlite://{}", file.display()))
    }

    /// Runs `sql`: the rows it touched.
    async fn run(&self, sql: &str) -> u64 {
        use sqlx::Connection;
        sqlx::any::install_default_drivers();
        let mut db = sqlx::AnyConnection::connect(&self.0).await.unwrap();
        let done = sqlx::query(sql).execute(&mut db).await.unwrap();
        done.rows_affected()
    }

    /// Every page closed minutes ago: the players' "last seen" set back,
    /// as if the pages had stopped asking long ago.
    async fn pages_closed(&self) {
        self.run("UPDATE players SET seen_at = 0").await;
    }
}

/// A server with push on, looking every second, on `database` (SQLite in
/// its own folder if `None`).
async fn push_server(database: Option<&str>) -> TestServer {
    push_server_with(database, |_| {}).await
}

/// As [`push_server`], after `tune` sets more options.
async fn push_server_with(
    database: Option<&str>,
    tune: impl FnOnce(&mut chowka_server::ServeOpts),
) -> TestServer {
    TestServer::start_with(|o| {
        o.push.push = true;
        o.push.push_contact = Some("mailto:push-test@example.org".into());
        o.push.push_check_secs = 1;
        // The players' sockets sit unread while the test waits on the
        // push worker: no pings to answer meanwhile.
        o.sockets.ping_secs = 600;
        o.store.database_url = database.map(String::from);
        tune(o);
    })
    .await
}

/// Asha and Ravi, subscribed from `browsers` (pushes in Kannada and
/// Hindi), in a game over days of two that has just started: their
/// secrets, the game's code, their connections and the seat to move.
async fn days_game(
    server: &TestServer,
    browsers: &[Browser; 2],
) -> ([String; 2], String, Vec<Client>, usize) {
    let secrets = [
        new_player(server, "Asha").await,
        new_player(server, "Ravi").await,
    ];
    for (i, lang) in ["kn", "hi"].into_iter().enumerate() {
        let sub = Some(browsers[i].json(lang));
        let (status, body) = call(server, "POST", "/api/me/push", &secrets[i], sub).await;
        assert_eq!(status, 201, "{body}");
        let query = format!("/api/me/push?endpoint={}", browsers[i].endpoint);
        let (_, said) = call(server, "GET", &query, &secrets[i], None).await;
        assert_eq!(said["subscribed"], true);
    }
    let body = Some(json!({"name": "Asha", "players": 2, "pace": "days"}));
    let (status, room) = call(server, "POST", "/api/rooms", &secrets[0], body).await;
    assert_eq!(status, 201, "{room}");
    let code = room["code"].as_str().unwrap().to_string();
    let path = format!("/api/rooms/{code}/seats");
    let ravi = Some(json!({"name": "Ravi"}));
    let (status, _) = call(server, "POST", &path, &secrets[1], ravi).await;
    assert_eq!(status, 201);
    let mut clients = Vec::new();
    for s in &secrets {
        let hello = json!({"type": "hello", "room": code, "player": s});
        clients.push(Client::try_hello(&server.ws(), hello).await.unwrap());
    }
    clients[0].send(json!({"type": "start"})).await;
    for c in clients.iter_mut() {
        c.until(|m| m["type"] == "state" && m["room"]["status"] == "playing")
            .await;
    }
    let first = clients[0].state["game"]["to_move"].as_u64().unwrap() as usize;
    (secrets, code, clients, first)
}

/// The server's push key, checked to be an uncompressed P-256 point.
async fn server_key(server: &TestServer) -> String {
    let (_, key) = call(server, "GET", "/api/push/key", "", None).await;
    let key = key["key"].as_str().unwrap().to_string();
    assert_eq!(URL_SAFE_NO_PAD.decode(&key).unwrap().len(), 65, "{key}");
    key
}

/// Sets the player's quiet hours in UTC from an hour before now to an
/// hour after, or (not `now`) from two hours after now to three; then
/// their pages close again (the request itself was a page's).
async fn set_quiet(server: &TestServer, db: &Db, secret: &str, now: bool) {
    let minute = chowka_server::store::now_ms() / 60_000 % 1440;
    let (from, to) = if now { (-60, 60) } else { (120, 180) };
    let at = |d: i64| (minute + d).rem_euclid(1440);
    let quiet = json!({"tz": "UTC", "quiet_from": at(from), "quiet_to": at(to)});
    let (status, _) = call(server, "PUT", "/api/me/alerts", secret, Some(quiet)).await;
    assert_eq!(status, 200);
    db.pages_closed().await;
}

#[tokio::test]
async fn a_turn_is_pushed_once_when_no_page_is_open_and_not_in_quiet_hours() {
    let mut server = push_server(None).await;
    let db = Db::of(&server);
    let mut service = PushService::start().await;
    let origin = service.base.clone();
    let key = server_key(&server).await;
    let browsers = [
        Browser::new(&service, "asha"),
        Browser::new(&service, "ravi"),
    ];
    let (secrets, code, mut clients, first) = days_game(&server, &browsers).await;
    let other = 1 - first;

    // Their pages are open (they just used them): nothing is pushed.
    looks(&server, 3).await;
    service.nothing();

    // Their pages closed: the player to move is told, once.
    db.pages_closed().await;
    let push = service.next().await;
    let turn = browsers[first].open(&push, &key, &origin);
    let names = ["Asha", "Ravi"];
    let due_at = turn["due_at"].as_i64().unwrap();
    let langs = ["kn", "hi"];
    assert_eq!(
        turn,
        json!({"type": "turn", "room": code, "names": [names[other]], "due_at": due_at,
               "lang": langs[first]})
    );
    let left = due_at - chowka_server::store::now_ms();
    assert!(
        left > 23 * 3_600_000 && left <= 24 * 3_600_000,
        "a day's turn: {left}"
    );
    let ttl: i64 = push.headers["ttl"].to_str().unwrap().parse().unwrap();
    assert!(
        (23 * 3600..=24 * 3600).contains(&ttl),
        "kept for the time left: {ttl}"
    );
    assert_eq!(push.headers["topic"], code.as_str());
    let plain = serde_json::to_string(&turn).unwrap();
    for secret in &secrets {
        let hash = chowka_server::ids::hash_token(secret);
        assert!(
            !plain.contains(secret.as_str()) && !plain.contains(&hash),
            "{plain}"
        );
    }
    looks(&server, 3).await;
    service.nothing();

    // The other player is in quiet hours when the turn passes to them:
    // nothing until their quiet hours end.
    set_quiet(&server, &db, &secrets[other], true).await;
    let (mover, rest) = clients.split_at_mut(1);
    let (mover, waiter) = if first == 0 {
        (&mut mover[0], &mut rest[0])
    } else {
        (&mut rest[0], &mut mover[0])
    };
    let passed = |seat: usize| move |m: &Value| m["game"]["to_move"] == seat;
    let (_, got) = mover.play_until(500, passed(other)).await;
    assert!(got.is_some(), "the turn passed");
    waiter.until(passed(other)).await;
    looks(&server, 3).await;
    service.nothing();
    set_quiet(&server, &db, &secrets[other], false).await;
    let push = service.next().await;
    let turn = browsers[other].open(&push, &key, &origin);
    assert_eq!(turn["names"], json!([names[first]]));
    assert_eq!(turn["lang"], langs[other]);

    // The first player's subscription is gone at its push service (410):
    // the server drops it when the turn comes back to them.
    let gone = browsers[first].id.clone();
    service.answers.lock().unwrap().gone.insert(gone);
    let (_, got) = waiter.play_until(500, passed(first)).await;
    assert!(got.is_some(), "the turn passed back");
    db.pages_closed().await;
    let push = service.next().await;
    assert_eq!(push.id, browsers[first].id);
    reaches(&server, "chowka_push_subscriptions_dropped", 1).await;
    let query = format!("/api/me/push?endpoint={}", browsers[first].endpoint);
    let (_, said) = call(&server, "GET", &query, &secrets[first], None).await;
    assert_eq!(said["subscribed"], false);
    assert_eq!(count(&server, "chowka_pushes_sent").await, 2);

    // Turning it off takes effect at once; forgetting the player drops
    // every subscription of theirs.
    let gone = Some(json!({"endpoint": browsers[other].endpoint}));
    let (status, _) = call(&server, "DELETE", "/api/me/push", &secrets[other], gone).await;
    assert_eq!(status, 204);
    let query = format!("/api/me/push?endpoint={}", browsers[other].endpoint);
    let (_, said) = call(&server, "GET", &query, &secrets[other], None).await;
    assert_eq!(said["subscribed"], false);
    let sub = Some(browsers[other].json("en"));
    let (status, _) = call(&server, "POST", "/api/me/push", &secrets[other], sub).await;
    assert_eq!(status, 201);
    let (status, _) = call(&server, "DELETE", "/api/me", &secrets[other], None).await;
    assert_eq!(status, 204);
    let hash = chowka_server::ids::hash_token(&secrets[other]);
    let left = format!("DELETE FROM push_subscriptions WHERE player = '{hash}'");
    assert_eq!(db.run(&left).await, 0, "forgetting the player dropped them");
    let left = format!("DELETE FROM push_sent WHERE player = '{hash}'");
    assert_eq!(db.run(&left).await, 0);
    drop(clients);
    server.stop().await;
}

#[tokio::test]
async fn a_circles_new_game_is_pushed_once_to_each_member_away() {
    let mut server = push_server(None).await;
    let db = Db::of(&server);
    let mut service = PushService::start().await;
    let origin = service.base.clone();
    let key = server_key(&server).await;
    let ravis = Browser::new(&service, "ravi");
    let asha = new_player(&server, "Asha").await;
    let ravi = new_player(&server, "Ravi").await;
    let (status, _) = call(
        &server,
        "POST",
        "/api/me/push",
        &ravi,
        Some(ravis.json("hi")),
    )
    .await;
    assert_eq!(status, 201);
    let made = Some(json!({"name": "Rao family"}));
    let (status, circle) = call(&server, "POST", "/api/circles", &asha, made).await;
    assert_eq!(status, 201, "{circle}");
    let join = format!("/api/invites/{}", circle["invite"].as_str().unwrap());
    assert_eq!(
        call(&server, "POST", &join, &ravi, Some(json!({}))).await.0,
        200
    );

    // Asha makes a game in the circle while Ravi's pages are closed.
    db.pages_closed().await;
    let new_game = format!("/api/circles/{}/games", circle["id"].as_str().unwrap());
    let body = Some(json!({"name": "Asha", "players": 2}));
    let (status, room) = call(&server, "POST", &new_game, &asha, body).await;
    assert_eq!(status, 201, "{room}");
    let push = service.next().await;
    let invite = ravis.open(&push, &key, &origin);
    assert_eq!(
        invite,
        json!({"type": "invite", "room": room["code"], "circle": "Rao family", "by": "Asha",
               "lang": "hi"})
    );
    let ttl: i64 = push.headers["ttl"].to_str().unwrap().parse().unwrap();
    assert!(
        (23 * 3600..=24 * 3600).contains(&ttl),
        "kept for a day: {ttl}"
    );
    // Once: the worker looks again and again, nothing more.
    looks(&server, 3).await;
    service.nothing();
    server.stop().await;
}

#[tokio::test]
async fn subscriptions_are_checked_and_push_is_off_unless_turned_on() {
    let mut server = push_server(None).await;
    let db = Db::of(&server);
    let service = PushService::start().await;
    let secret = new_player(&server, "Asha").await;
    let good = Browser::new(&service, "a").json("te");
    let mut bad = Vec::new();
    for (field, value) in [
        ("endpoint", json!("http://push.example.org/x")),
        ("endpoint", json!("javascript:alert(1)")),
        (
            "keys",
            json!({"p256dh": "AAAA", "auth": good["keys"]["auth"]}),
        ),
        (
            "keys",
            json!({"p256dh": good["keys"]["p256dh"], "auth": "AAAA"}),
        ),
        ("lang", json!("fr")),
    ] {
        let mut b = good.clone();
        b[field] = value;
        bad.push(b);
    }
    bad.push(json!({"endpoint": good["endpoint"]}));
    for body in bad {
        let (status, e) = call(&server, "POST", "/api/me/push", &secret, Some(body.clone())).await;
        assert_eq!(
            (status, e["code"].clone()),
            (400, json!("bad_request")),
            "{body} -> {e}"
        );
    }
    let (status, e) = call(
        &server,
        "POST",
        "/api/me/push",
        "nobody",
        Some(good.clone()),
    )
    .await;
    assert_eq!((status, e["code"].clone()), (401, json!("bad_player")));
    let kept = db.run("DELETE FROM push_subscriptions").await;
    assert_eq!(kept, 0, "nothing bad was kept");
    // At most ten browsers per player: the eleventh replaces the oldest.
    for i in 0..11 {
        let sub = Some(Browser::new(&service, &format!("b{i}")).json("en"));
        let (status, _) = call(&server, "POST", "/api/me/push", &secret, sub).await;
        assert_eq!(status, 201);
    }
    assert_eq!(
        db.run("UPDATE push_subscriptions SET failures = 0").await,
        10
    );
    server.stop().await;

    // Off: the routes say so, and the start-up refuses --push without a contact.
    let mut off = TestServer::start().await;
    let secret = new_player(&off, "Ravi").await;
    for (method, path, body) in [
        ("GET", "/api/push/key", None),
        ("POST", "/api/me/push", Some(good.clone())),
        (
            "DELETE",
            "/api/me/push",
            Some(json!({"endpoint": good["endpoint"]})),
        ),
    ] {
        let (status, e) = call(&off, method, path, &secret, body).await;
        assert_eq!(
            (status, e["code"].clone()),
            (404, json!("push_off")),
            "{path}"
        );
    }
    off.stop().await;
    let mut opts = chowka_server::ServeOpts::default();
    opts.push.push = true;
    let dir = tempfile::tempdir().unwrap();
    opts.store.data_dir = dir.path().to_path_buf();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let refused = chowka_server::run(listener, opts, std::future::pending()).await;
    let why = refused.expect_err("no contact, no start").to_string();
    assert!(why.contains("--push-contact"), "{why}");
}

/// Two nodes on one PostgreSQL database, each with its push worker: a
/// turn is told once, whichever node looks first, and the key is the
/// same on both.
#[tokio::test]
#[ignore = "needs PostgreSQL (TEST_DATABASE_URL)"]
async fn two_nodes_on_postgres_tell_a_turn_once() {
    let admin = chowka_tests::services::database_url();
    let fresh = chowka_tests::postgres::FreshDatabase::create(&admin).await;
    let fresh = fresh.expect("a fresh database");
    let mut a = push_server(Some(&fresh.url)).await;
    let mut b = push_server(Some(&fresh.url)).await;
    let db = Db(fresh.url.clone());
    let mut service = PushService::start().await;
    let origin = service.base.clone();
    let key = server_key(&a).await;
    assert_eq!(server_key(&b).await, key, "one key for every node");
    let browsers = [
        Browser::new(&service, "asha"),
        Browser::new(&service, "ravi"),
    ];
    let (_, code, clients, first) = days_game(&a, &browsers).await;
    db.pages_closed().await;
    let push = service.next().await;
    let turn = browsers[first].open(&push, &key, &origin);
    assert_eq!(turn["room"], code.as_str());
    looks(&a, 3).await;
    looks(&b, 3).await;
    service.nothing();
    let sent = count(&a, "chowka_pushes_sent").await + count(&b, "chowka_pushes_sent").await;
    assert_eq!(sent, 1);
    drop(clients);
    a.stop().await;
    b.stop().await;
    fresh.drop_now().await.expect("the database dropped");
}

/// A push service that is busy (503) is tried again after each wait, and
/// the push goes through once it takes it; one busy past the last wait is
/// given up, counted, and its subscription's failures raised; one turned
/// off while waiting to be tried again is not tried again.
#[tokio::test]
async fn a_busy_push_service_is_tried_again_then_given_up() {
    let waits = [200, 200, 200]
        .map(std::time::Duration::from_millis)
        .to_vec();
    let mut server = push_server_with(None, |o| {
        o.push.push_retry_waits = chowka_server::nudges::push::RetryWaits(waits);
    })
    .await;
    let db = Db::of(&server);
    let mut service = PushService::start().await;
    let origin = service.base.clone();
    let key = server_key(&server).await;
    let browsers = [
        Browser::new(&service, "asha"),
        Browser::new(&service, "ravi"),
    ];
    {
        let mut answers = service.answers.lock().unwrap();
        answers.busy.insert("asha".into(), 2);
        answers.busy.insert("ravi".into(), 2);
    }
    let (secrets, _, mut clients, first) = days_game(&server, &browsers).await;
    db.pages_closed().await;
    // Busy twice, then taken: three tries of the same push.
    for _ in 0..3 {
        let push = service.next().await;
        browsers[first].open(&push, &key, &origin);
    }
    reaches(&server, "chowka_pushes_sent", 1).await;
    looks(&server, 2).await;
    service.nothing();

    // Busy past every wait: four tries, then given up.
    let other = 1 - first;
    service
        .answers
        .lock()
        .unwrap()
        .busy
        .insert(browsers[other].id.clone(), 10);
    let passed = move |m: &Value| m["game"]["to_move"] == other;
    let (_, got) = clients[first].play_until(500, passed).await;
    assert!(got.is_some(), "the turn passed");
    db.pages_closed().await;
    for _ in 0..4 {
        assert_eq!(service.next().await.id, browsers[other].id);
    }
    reaches(&server, "chowka_pushes_failed", 1).await;
    let failed = "UPDATE push_subscriptions SET failures = failures WHERE failures = 1";
    assert_eq!(db.run(failed).await, 1, "one failure counted, kept");
    looks(&server, 2).await;
    service.nothing();
    assert_eq!(count(&server, "chowka_pushes_sent").await, 1);

    // Turned off while a push waits to be tried again: no other try.
    let gate = Arc::new(tokio::sync::Notify::new());
    {
        let mut answers = service.answers.lock().unwrap();
        answers.busy.insert(browsers[first].id.clone(), 10);
        answers
            .held
            .insert(browsers[first].id.clone(), gate.clone());
    }
    let passed = move |m: &Value| m["game"]["to_move"] == first;
    clients[other]
        .until(|m| m["game"]["to_move"] == other)
        .await;
    let (_, got) = clients[other].play_until(500, passed).await;
    assert!(got.is_some(), "the turn passed back");
    db.pages_closed().await;
    assert_eq!(service.next().await.id, browsers[first].id);
    let off = Some(json!({"endpoint": browsers[first].endpoint}));
    let (status, _) = call(&server, "DELETE", "/api/me/push", &secrets[first], off).await;
    assert_eq!(status, 204);
    gate.notify_one();
    looks(&server, 3).await;
    service.nothing();
    assert_eq!(
        count(&server, "chowka_pushes_failed").await,
        1,
        "not counted"
    );
    drop(clients);
    server.stop().await;
}
