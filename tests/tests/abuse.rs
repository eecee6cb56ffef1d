//! Abuse resistance, against a real server over real sockets: private
//! games stay private, lookups, seats and room creation are rate limited,
//! names cannot hide or pass for computers, finished rooms take no place
//! among `--max-rooms`, games in play come back before lobbies, versions
//! never go down after kill -9, health means "can write", and HTTP
//! bodies and queries are checked for what they claim to be.

use chowka_tests::*;
use serde_json::{json, Value};
use std::time::Duration;

/// A two-seat room of one pawn each, played to the end by two clients;
/// a spectator (if asked for) watched it from the start.
async fn finished_game(
    base: &str,
    public: bool,
    spectate: bool,
) -> (String, Vec<String>, Vec<Client>, Option<Client>) {
    let (s, created) = post(
        base,
        "/api/rooms",
        json!({"name": "Asha", "players": 2, "public": public, "options": {"pawns": 1}}),
    )
    .await;
    assert_eq!(s, 201, "{created}");
    let code = created["code"].as_str().unwrap().to_string();
    let (s, seat) = post(
        base,
        &format!("/api/rooms/{code}/seats"),
        json!({"name": "Ravi"}),
    )
    .await;
    assert_eq!(s, 201, "{seat}");
    let tokens = vec![
        created["token"].as_str().unwrap().to_string(),
        seat["token"].as_str().unwrap().to_string(),
    ];
    let ws = ws_url(base);
    let mut a = Client::join(&ws, &code, Some(&tokens[0])).await;
    let b = Client::join(&ws, &code, Some(&tokens[1])).await;
    let watcher = match spectate {
        true => Some(Client::join(&ws, &code, None).await),
        false => None,
    };
    a.send(json!({"type": "start"})).await;
    a.until(|m| m["room"]["status"] == "playing").await;
    let clients = play_out(vec![a, b]).await;
    assert!(clients.iter().all(|c| c.over()));
    (code, tokens, clients, watcher)
}

/// A raw request: the status, the headers and the JSON answer.
async fn request(req: reqwest::RequestBuilder) -> (u16, reqwest::header::HeaderMap, Value) {
    let res = req.send().await.expect("request");
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    (status, headers, res.json().await.unwrap_or(Value::Null))
}

/// Creates a room from `ip` (the server trusts X-Forwarded-For).
async fn create_from(base: &str, ip: &str) -> (u16, reqwest::header::HeaderMap, Value) {
    request(
        http()
            .post(format!("{base}/api/rooms"))
            .header("x-forwarded-for", ip)
            .json(&json!({"name": "Asha"})),
    )
    .await
}

fn assert_rate_limited(status: u16, headers: &reqwest::header::HeaderMap, body: &Value) {
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["code"], "rate_limited", "{body}");
    let wait: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "Retry-After {wait}");
}

/// The number on a line of the metrics text.
async fn gauge(base: &str, name: &str) -> u64 {
    let text = metrics(base).await;
    let line = text.lines().find(|l| l.starts_with(&format!("{name} ")));
    line.and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or_else(|| panic!("{name} in the metrics"))
}

/// GET /healthz's status.
async fn health(base: &str) -> u16 {
    let res = http().get(format!("{base}/healthz")).send().await.unwrap();
    res.status().as_u16()
}

// --- 8. Private games ---------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_games_are_never_listed_but_open_by_their_link() {
    let mut server = TestServer::start().await;
    let (public, ..) = finished_game(&server.base, true, false).await;
    let (private, ..) = finished_game(&server.base, false, false).await;
    let (s, list) = get(&server.base, "/api/games").await;
    assert_eq!(s, 200);
    let ids: Vec<&str> = (list["games"].as_array().unwrap().iter())
        .filter_map(|g| g["id"].as_str())
        .collect();
    assert!(ids.contains(&public.as_str()), "{list}");
    assert!(
        !ids.contains(&private.as_str()),
        "private games are not listed: {list}"
    );
    let (s, game) = get(&server.base, &format!("/api/games/{private}")).await;
    assert_eq!(s, 200, "the link opens a private game: {game}");
    assert_eq!(game["id"], private.as_str());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_seated_players_see_the_rematch_code() {
    let mut server = TestServer::start().await;
    let (code, tokens, clients, watcher) = finished_game(&server.base, false, true).await;
    let mut watcher = watcher.unwrap();
    let [mut a, mut b]: [Client; 2] = clients.try_into().ok().unwrap();
    a.send(json!({"type": "rematch"})).await;
    let asked = a
        .until(|m| m["type"] == "state" && !m["room"]["rematch"].is_null())
        .await;
    let next = asked["room"]["rematch"].as_str().unwrap().to_string();
    let v = asked["version"].as_u64().unwrap();
    let seen = b
        .until(|m| m["type"] == "state" && m["version"].as_u64() >= Some(v))
        .await;
    assert_eq!(
        seen["room"]["rematch"],
        next.as_str(),
        "the other player sees it"
    );
    let watched = watcher
        .until(|m| m["type"] == "state" && m["version"].as_u64() >= Some(v))
        .await;
    assert!(
        watched["room"]["rematch"].is_null(),
        "a spectator does not: {watched}"
    );
    // Nor does a new spectator, nor anyone over HTTP; a returning player does.
    let late = Client::join(&server.ws(), &code, None).await;
    assert!(late.state["room"]["rematch"].is_null(), "{}", late.state);
    let (s, details) = get(&server.base, &format!("/api/rooms/{code}")).await;
    assert_eq!(s, 200);
    assert!(details["room"]["rematch"].is_null(), "{details}");
    let back = Client::join(&server.ws(), &code, Some(&tokens[1])).await;
    assert_eq!(back.state["room"]["rematch"], next.as_str());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn room_and_game_lookups_are_rate_limited_per_address() {
    let mut server = TestServer::start_with(|o| o.limits.lookups_per_minute = 4).await;
    let (code, _) = room_of(&server.base, 2, json!({})).await;
    for _ in 0..2 {
        let (s, _) = get(&server.base, &format!("/api/rooms/{code}")).await;
        assert_eq!(s, 200);
    }
    let (s, _) = get(&server.base, "/api/games/ABCDEFG").await;
    assert_eq!(s, 404);
    // The WebSocket hello looks a room up too.
    let _watcher = Client::join(&server.ws(), &code, None).await;
    let (s, h, body) = request(http().get(format!("{}/api/rooms/{code}", server.base))).await;
    assert_rate_limited(s, &h, &body);
    let (s, h, body) = request(http().get(format!("{}/api/games/{code}", server.base))).await;
    assert_rate_limited(s, &h, &body);
    let refused = tokio_tungstenite::connect_async(server.ws()).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => {
            assert_eq!(res.status().as_u16(), 429)
        }
        other => panic!(
            "a WebSocket past the limit is refused: {:?}",
            other.map(|_| ())
        ),
    }
    server.stop().await;
}

// --- 9. Seats and names -------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_that_pass_for_computers_or_show_nothing_are_refused() {
    let mut server = TestServer::start().await;
    let refused = [
        "Computer (hard)",
        "computer",
        "  COMPUTER · easy",
        "Ｃｏｍｐｕｔｅｒ",
        "C.o.m.p.u.t.e.r",
        "\u{202E}Asha",
        "As\u{200B}ha",
        "\u{FEFF}Ravi",
        "\u{200B}",
        "\u{200D}",
        "\u{0301}\u{0301}",
        "\u{0301}Asha",
        "\u{3164}",
        "\u{2800}\u{2800}",
        "a\u{2028}b",
        "",
    ];
    for name in refused {
        let (s, body) = post(&server.base, "/api/rooms", json!({"name": name})).await;
        assert_eq!(
            (s, body["code"].as_str()),
            (400, Some("bad_name")),
            "{name:?}: {body}"
        );
    }
    let (code, _) = room_of(&server.base, 3, json!({})).await;
    let (s, body) = post(
        &server.base,
        &format!("/api/rooms/{code}/seats"),
        json!({"name": "Computer (easy)"}),
    )
    .await;
    assert_eq!(
        (s, body["code"].as_str()),
        (400, Some("bad_name")),
        "{body}"
    );
    // Names of people still pass, joiners in Indic scripts and emoji too.
    for name in [
        "Asha",
        "Ravi 2",
        "Mr Computer",
        "क्\u{200D}ष",
        "👩\u{200D}💻",
        "Zoë",
    ] {
        let (s, body) = post(&server.base, "/api/rooms", json!({"name": name})).await;
        assert_eq!(s, 201, "{name:?}: {body}");
        assert_eq!(body["room"]["seats"][0]["name"], name);
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn taking_seats_is_rate_limited_per_address() {
    let mut server = TestServer::start_with(|o| o.limits.seats_per_minute = 3).await;
    let mut codes = Vec::new();
    for _ in 0..2 {
        let (s, created) = post(
            &server.base,
            "/api/rooms",
            json!({"name": "Host", "players": 4, "public": true}),
        )
        .await;
        assert_eq!(s, 201);
        codes.push(created["code"].as_str().unwrap().to_string());
    }
    for i in 0..3 {
        let code = &codes[i / 2];
        let (s, body) = post(
            &server.base,
            &format!("/api/rooms/{code}/seats"),
            json!({"name": format!("Guest {i}")}),
        )
        .await;
        assert_eq!(s, 201, "{body}");
    }
    let (s, h, body) = request(
        http()
            .post(format!("{}/api/rooms/{}/seats", server.base, codes[1]))
            .json(&json!({"name": "Guest 3"})),
    )
    .await;
    assert_rate_limited(s, &h, &body);
    server.stop().await;
}

// --- 6. Room caps, restarts, creation limits ----------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn room_creation_is_limited_per_address_per_block_and_overall() {
    let mut server = TestServer::start_with(|o| {
        o.http.trust_forwarded_for = true;
        o.limits.rooms_per_minute = 2;
        o.limits.rooms_per_minute_per_block = 3;
        o.limits.rooms_per_minute_total = 5;
    })
    .await;
    let base = &server.base;
    for ip in ["203.0.113.1", "203.0.113.1"] {
        assert_eq!(create_from(base, ip).await.0, 201);
    }
    let (s, h, body) = create_from(base, "203.0.113.1").await;
    assert_rate_limited(s, &h, &body);
    assert_eq!(create_from(base, "203.0.113.2").await.0, 201);
    let (s, h, body) = create_from(base, "203.0.113.3").await;
    assert_rate_limited(s, &h, &body);
    // IPv6: one /64 is one block, whatever the address in it.
    assert_eq!(create_from(base, "2001:db8:0:1::1").await.0, 201);
    assert_eq!(create_from(base, "2001:db8:0:1::2").await.0, 201);
    // Five rooms made: the server's own budget is spent, for anyone.
    let (s, h, body) = create_from(base, "198.51.100.9").await;
    assert_rate_limited(s, &h, &body);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_rooms_take_no_place_among_max_rooms() {
    let mut server = TestServer::start_with(|o| {
        o.rooms.max_rooms = 3;
        o.rooms.idle_room_secs = 3;
    })
    .await;
    let base = server.base.clone();
    let (code, tokens, clients, _) = finished_game(&base, false, false).await;
    for c in clients {
        c.close().await;
    }
    let deadline = std::time::Instant::now() + WAIT;
    while gauge(&base, "chowka_rooms_active").await > 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the finished room's task closes"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Reading it, again and again, starts no task.
    for _ in 0..5 {
        let (s, details) = get(&base, &format!("/api/rooms/{code}")).await;
        assert_eq!(s, 200, "{details}");
        assert_eq!(details["room"]["status"], "finished");
    }
    assert_eq!(gauge(&base, "chowka_rooms_active").await, 0);
    let mut lobbies = Vec::new();
    for _ in 0..3 {
        let (s, body) = post(&base, "/api/rooms", json!({"name": "Asha"})).await;
        assert_eq!(s, 201, "three places are free: {body}");
        lobbies.push(body["code"].as_str().unwrap().to_string());
    }
    let (s, body) = post(&base, "/api/rooms", json!({"name": "Asha"})).await;
    assert_eq!((s, body["code"].as_str()), (503, Some("too_many_rooms")));
    // The server is full, yet the finished game can still be watched,
    // and its players can still come back to it.
    let watcher = Client::join(&server.ws(), &code, None).await;
    assert_eq!(watcher.state["room"]["status"], "finished");
    let player = Client::join(&server.ws(), &code, Some(&tokens[0])).await;
    assert_eq!(player.seat, Some(0));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_in_play_come_back_before_lobbies_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let server = ChildServer::start(dir.path(), &[]);
    // Older lobbies than the game, more than the restarted server holds.
    for _ in 0..4 {
        let (s, _) = post(&server.base, "/api/rooms", json!({"name": "Idle"})).await;
        assert_eq!(s, 201);
    }
    let (code, tokens) = room_of(&server.base, 2, json!({"pawns": 2})).await;
    let ws = ws_url(&server.base);
    let mut a = Client::join(&ws, &code, Some(&tokens[0])).await;
    let mut b = Client::join(&ws, &code, Some(&tokens[1])).await;
    a.send(json!({"type": "start"})).await;
    a.until(|m| m["room"]["status"] == "playing").await;
    b.until(|m| m["room"]["status"] == "playing").await;
    let mut both = [a, b];
    play_steps(&mut both, 4).await;
    let seen = both[0].state["game"].clone();
    drop(both);
    server.kill();
    let server = ChildServer::start(dir.path(), &["--max-rooms", "3"]);
    let a = Client::join(&ws_url(&server.base), &code, Some(&tokens[0])).await;
    assert_eq!(a.state["room"]["status"], "playing");
    assert_eq!(a.state["game"], seen, "the game is back where it was");
    // The places left went to the newest lobbies; the server is now full.
    let (s, body) = post(&server.base, "/api/rooms", json!({"name": "Asha"})).await;
    assert_eq!((s, body["code"].as_str()), (503, Some("too_many_rooms")));
    server.terminate();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobbies_nobody_touched_expire_at_restart() {
    let dir = tempfile::tempdir().unwrap();
    let server = ChildServer::start(dir.path(), &[]);
    let (s, old) = post(&server.base, "/api/rooms", json!({"name": "Idle"})).await;
    assert_eq!(s, 201);
    let old = old["code"].as_str().unwrap().to_string();
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let (s, fresh) = post(&server.base, "/api/rooms", json!({"name": "Fresh"})).await;
    assert_eq!(s, 201);
    let fresh = fresh["code"].as_str().unwrap().to_string();
    server.terminate();
    let server = ChildServer::start(dir.path(), &["--lobby-expiry-secs", "2"]);
    let (s, _) = get(&server.base, &format!("/api/rooms/{old}")).await;
    assert_eq!(s, 404, "an untouched lobby is given up");
    let (s, _) = get(&server.base, &format!("/api/rooms/{fresh}")).await;
    assert_eq!(s, 200, "a recent one is kept");
    server.terminate();
}

// --- 10. Versions only go up --------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn versions_never_go_down_after_kill_9() {
    let dir = tempfile::tempdir().unwrap();
    let server = ChildServer::start(dir.path(), &[]);
    let (s, created) = post(
        &server.base,
        "/api/rooms",
        json!({"name": "Asha", "options": {"pawns": 2}, "takeover": 5}),
    )
    .await;
    assert_eq!(s, 201);
    let code = created["code"].as_str().unwrap().to_string();
    let (_, seat) = post(
        &server.base,
        &format!("/api/rooms/{code}/seats"),
        json!({"name": "Ravi"}),
    )
    .await;
    let tokens = [
        created["token"].as_str().unwrap(),
        seat["token"].as_str().unwrap(),
    ];
    let ws = ws_url(&server.base);
    let mut a = Client::join(&ws, &code, Some(tokens[0])).await;
    let b = Client::join(&ws, &code, Some(tokens[1])).await;
    a.send(json!({"type": "start"})).await;
    a.until(|m| m["room"]["status"] == "playing").await;
    // Seat 0 is to move: Ravi leaves, a computer stands in for him after
    // 5 s, and he comes back. Neither change is an action: each is saved
    // with the room's row before it is shown.
    b.close().await;
    a.until(|m| m["type"] == "state" && m["room"]["seats"][1]["standin"] == true)
        .await;
    let _b = Client::join(&ws, &code, Some(tokens[1])).await;
    a.until(|m| m["type"] == "state" && m["room"]["seats"][1]["standin"] == false)
        .await;
    let seen = a.version();
    drop(a);
    server.kill();
    let server = ChildServer::start(dir.path(), &[]);
    let ws = ws_url(&server.base);
    let a = Client::join(&ws, &code, Some(tokens[0])).await;
    assert!(a.version() > seen, "{} after {seen}", a.version());
    let restored = a.version();
    drop(a);
    // And again, with nothing saved in between.
    server.kill();
    let server = ChildServer::start(dir.path(), &[]);
    let a = Client::join(&ws_url(&server.base), &code, Some(tokens[0])).await;
    assert!(a.version() > restored, "{} after {restored}", a.version());
    server.terminate();
}

// --- 7. Health ----------------------------------------------------------

/// Makes files immutable (`chattr +i`, which stops root too) until dropped.
struct Immutable(Vec<std::path::PathBuf>);

impl Immutable {
    fn set(files: Vec<std::path::PathBuf>) -> Option<Immutable> {
        let ok = std::process::Command::new("chattr")
            .arg("+i")
            .args(&files)
            .status()
            .is_ok_and(|s| s.success());
        let guard = Immutable(files);
        ok.then_some(guard)
    }
}

impl Drop for Immutable {
    fn drop(&mut self) {
        let _ = std::process::Command::new("chattr")
            .arg("-i")
            .args(&self.0)
            .status();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_fails_while_the_database_files_cannot_be_written() {
    let mut server = TestServer::start().await;
    assert_eq!(health(&server.base).await, 200);
    let db = server.dir.path().join("chowka.db");
    let files = vec![db.clone(), server.dir.path().join("chowka.db-wal")];
    let Some(frozen) = Immutable::set(files) else {
        eprintln!("health SKIPPED: chattr +i failed (needs root and ext4/xfs)");
        server.stop().await;
        return;
    };
    // Reads still work: a SELECT alone would call this healthy.
    let (s, _) = get(&server.base, "/api/games").await;
    assert_eq!(s, 200);
    assert_eq!(health(&server.base).await, 503);
    drop(frozen);
    assert_eq!(health(&server.base).await, 200, "healthy again");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL (TEST_DATABASE_URL)"]
async fn health_writes_on_postgres() {
    let url = chowka_tests::services::database_url();
    let mut server = TestServer::start_with(|o| o.store.database_url = Some(url)).await;
    for _ in 0..2 {
        assert_eq!(health(&server.base).await, 200);
    }
    server.stop().await;
}

// --- 11. HTTP bodies, ranges, queries -----------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn post_bodies_must_be_declared_json() {
    let mut server = TestServer::start().await;
    let body = json!({"name": "Asha"}).to_string();
    for kind in [
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        None,
    ] {
        let mut req = http()
            .post(format!("{}/api/rooms", server.base))
            .body(body.clone());
        if let Some(k) = kind {
            req = req.header("content-type", k);
        }
        let (s, _, answer) = request(req).await;
        assert_eq!(
            (s, answer["code"].as_str()),
            (415, Some("bad_content_type")),
            "{kind:?}"
        );
    }
    let (code, _) = room_of(&server.base, 3, json!({})).await;
    let (s, _, answer) = request(
        http()
            .post(format!("{}/api/rooms/{code}/seats", server.base))
            .header("content-type", "text/plain")
            .body(json!({"name": "Ravi"}).to_string()),
    )
    .await;
    assert_eq!(
        (s, answer["code"].as_str()),
        (415, Some("bad_content_type"))
    );
    let (s, _, _) = request(
        http()
            .post(format!("{}/api/rooms", server.base))
            .header("content-type", "Application/JSON; charset=utf-8")
            .body(body),
    )
    .await;
    assert_eq!(s, 201, "JSON with a charset is JSON");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_clock_and_takeover_keep_to_their_documented_ranges() {
    let mut server = TestServer::start().await;
    for (field, v, ok) in [
        ("turn_clock", 9, false),
        ("turn_clock", 10, true),
        ("turn_clock", 600, true),
        ("turn_clock", 601, false),
        ("takeover", 4, false),
        ("takeover", 5, true),
        ("takeover", 600, true),
        ("takeover", 601, false),
    ] {
        let (s, body) = post(
            &server.base,
            "/api/rooms",
            json!({"name": "Asha", field: v}),
        )
        .await;
        let want = if ok { 201 } else { 400 };
        assert_eq!(s, want, "{field} {v}: {body}");
        if !ok {
            assert_eq!(body["code"], "bad_request");
        }
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn query_errors_come_back_as_json() {
    let mut server = TestServer::start().await;
    for query in [
        "limit=many",
        "before=yesterday",
        "limit=99999999999999999999",
    ] {
        let (s, _, body) = request(http().get(format!("{}/api/games?{query}", server.base))).await;
        assert_eq!(
            (s, body["code"].as_str()),
            (400, Some("bad_request")),
            "{query}: {body}"
        );
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    server.stop().await;
}
