//! Players without accounts, over real HTTP and WebSockets (docs/protocol.md,
//! "Players"): an identity made, used from two devices, seats taken with
//! it and opened by its secret alone, renamed, forgotten, its games listed
//! in order, and wrong secrets refused and limited.

use chowka_tests::{call, Client, TestServer};
use serde_json::{json, Value};

const PHONE: &str = "0123456789abcdef0123456789abcdef";
const LAPTOP: &str = "fedcba9876543210";
const ANDROID_CHROME: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const WINDOWS_FIREFOX: &str =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

/// A new player named `name`, made from the phone: its secret.
async fn new_player(server: &TestServer, name: &str) -> String {
    let phone = Some((PHONE, ANDROID_CHROME));
    let body = Some(json!({ "name": name }));
    let (status, made) = call(server, "POST", "/api/players", None, phone, body).await;
    assert_eq!(status, 201, "{made}");
    assert_eq!(made["name"], name);
    made["secret"].as_str().unwrap().to_string()
}

/// A room of two made by `secret`'s holder (or nobody): its code.
async fn room_by(server: &TestServer, secret: Option<&str>, name: &str) -> String {
    let body = json!({"name": name, "players": 2});
    let (status, room) = call(server, "POST", "/api/rooms", secret, None, Some(body)).await;
    assert_eq!(status, 201, "{room}");
    room["code"].as_str().unwrap().to_string()
}

/// Says hello with only a player's secret.
async fn hello_as(server: &TestServer, code: &str, secret: &str) -> Client {
    let hello = json!({"type": "hello", "room": code, "player": secret});
    Client::try_hello(&server.ws(), hello).await.unwrap()
}

fn names(state: &Value) -> Vec<Value> {
    let seats = state["room"]["seats"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    seats.iter().map(|s| s["name"].clone()).collect()
}

#[tokio::test]
async fn an_identity_holds_seats_on_two_devices_and_is_renamed_and_forgotten() {
    let mut server = TestServer::start().await;
    let secret = new_player(&server, "Asha").await;
    let laptop = Some((LAPTOP, WINDOWS_FIREFOX));
    let (status, me) = call(&server, "GET", "/api/me", Some(&secret), laptop, None).await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["name"], "Asha");
    let devices = me["devices"].as_array().unwrap();
    let labels: Vec<(&str, bool)> = (devices.iter())
        .map(|d| (d["label"].as_str().unwrap(), d["this"].as_bool().unwrap()))
        .collect();
    assert_eq!(devices.len(), 2, "{me}");
    assert!(labels.contains(&("Chrome on Android", false)), "{labels:?}");
    assert!(labels.contains(&("Firefox on Windows", true)), "{labels:?}");

    // A room Asha made, and a seat she took in Ravi's room.
    let hers = room_by(&server, Some(&secret), "Asha").await;
    let ravis = room_by(&server, None, "Ravi").await;
    let body = Some(json!({"name": "Asha"}));
    let path = format!("/api/rooms/{ravis}/seats");
    let (status, seat) = call(&server, "POST", &path, Some(&secret), None, body).await;
    assert_eq!(status, 201, "{seat}");

    // Her secret alone opens her seat in both, on one device and another.
    let a = hello_as(&server, &hers, &secret).await;
    assert_eq!(a.seat, Some(0));
    let mut b = hello_as(&server, &ravis, &secret).await;
    assert_eq!(b.seat, Some(1));
    let b2 = hello_as(&server, &ravis, &secret).await;
    assert_eq!(b2.seat, Some(1), "a second device opens it too");
    // A wrong secret is a spectator, with no error.
    let stranger = hello_as(&server, &ravis, &chowka_server::ids::new_token()).await;
    assert_eq!(stranger.seat, None);

    let (status, games) = call(&server, "GET", "/api/me/games", Some(&secret), None, None).await;
    assert_eq!(status, 200, "{games}");
    let listed: Vec<(&str, u64)> = (games["games"].as_array().unwrap().iter())
        .map(|g| (g["code"].as_str().unwrap(), g["seat"].as_u64().unwrap()))
        .collect();
    assert_eq!(listed.len(), 2, "{games}");
    assert!(listed.contains(&(hers.as_str(), 0)) && listed.contains(&(ravis.as_str(), 1)));

    // The new name shows in the room.
    let body = Some(json!({"name": "Asha K"}));
    let (status, me) = call(&server, "PATCH", "/api/me", Some(&secret), None, body).await;
    assert_eq!((status, me["name"].clone()), (200, json!("Asha K")));
    let state = b
        .until(|m| m["type"] == "state" && names(m)[1] == "Asha K")
        .await;
    assert_eq!(names(&state)[0], "Ravi");

    // Forgotten: the name leaves the room, and the secret stops working.
    let (status, _) = call(&server, "DELETE", "/api/me", Some(&secret), None, None).await;
    assert_eq!(status, 204);
    b.until(|m| m["type"] == "state" && names(m)[1].is_null())
        .await;
    for (method, path) in [
        ("GET", "/api/me"),
        ("GET", "/api/me/games"),
        ("DELETE", "/api/me"),
    ] {
        let (status, e) = call(&server, method, path, Some(&secret), None, None).await;
        assert_eq!(
            (status, e["code"].clone()),
            (401, json!("bad_player")),
            "{path}"
        );
    }
    let body = Some(json!({"name": "Asha", "players": 2}));
    let (status, e) = call(&server, "POST", "/api/rooms", Some(&secret), None, body).await;
    assert_eq!((status, e["code"].clone()), (401, json!("bad_player")));
    let spectator = hello_as(&server, &ravis, &secret).await;
    assert_eq!(spectator.seat, None, "the forgotten secret opens no seat");
    drop((a, b2, stranger, spectator));
    server.stop().await;
}

#[tokio::test]
async fn forgetting_removes_the_name_from_private_archived_games_only() {
    let mut server = TestServer::start().await;
    let mut codes = Vec::new();
    let secret = new_player(&server, "Asha").await;
    for public in [false, true] {
        let body = json!({"name": "Asha", "players": 2, "public": public,
                          "bots": [{"seat": 1, "level": "easy"}], "start": true});
        let (status, room) = call(
            &server,
            "POST",
            "/api/rooms",
            Some(&secret),
            None,
            Some(body),
        )
        .await;
        assert_eq!(status, 201, "{room}");
        let code = room["code"].as_str().unwrap().to_string();
        let mut c = hello_as(&server, &code, &secret).await;
        assert_eq!(c.seat, Some(0));
        c.play(100_000).await;
        assert!(c.over());
        codes.push(code);
    }
    // Each game is archived once it is over.
    for code in &codes {
        loop {
            let (status, _) = chowka_tests::get(&server.base, &format!("/api/games/{code}")).await;
            if status == 200 {
                break;
            }
            tokio::task::yield_now().await;
        }
    }
    let (status, games) = call(&server, "GET", "/api/me/games", Some(&secret), None, None).await;
    assert_eq!(status, 200);
    let listed = games["games"].as_array().unwrap();
    assert!(
        listed
            .iter()
            .all(|g| g["status"] == "finished" && g["finished_at"].is_i64()),
        "{games}"
    );
    let (status, _) = call(&server, "DELETE", "/api/me", Some(&secret), None, None).await;
    assert_eq!(status, 204);
    let (_, private) = chowka_tests::get(&server.base, &format!("/api/games/{}", codes[0])).await;
    let (_, public) = chowka_tests::get(&server.base, &format!("/api/games/{}", codes[1])).await;
    let text = |v: &Value| v.to_string();
    assert!(!text(&private).contains("Asha"), "{private}");
    assert!(
        text(&public).contains("Asha"),
        "public games are left: {public}"
    );
    server.stop().await;
}

#[tokio::test]
async fn all_my_games_come_my_turn_first_then_waiting_then_lobbies() {
    let mut server = TestServer::start().await;
    let secret = new_player(&server, "Asha").await;
    let mut codes = Vec::new();
    for _ in 0..5 {
        codes.push(room_by(&server, Some(&secret), "Asha").await);
    }
    // A days game's due-time columns are set here, as the pace code of
    // the rooms would save them: rooms 0-3 are days games in play, room 4
    // a lobby. (The rooms' rows are written again only on a change.)
    let url = format!("sqlite://{}", server.dir.path().join("chowka.db").display());
    {
        use sqlx::{Connection, SqliteConnection};
        let mut db = SqliteConnection::connect(&url).await.unwrap();
        for (i, (to_move, due)) in [(1, 300), (0, 200), (1, 100), (0, 50)].iter().enumerate() {
            sqlx::query(
                "UPDATE rooms SET status = 'playing', pace = 'days', to_move = $1, due_at = $2 WHERE code = $3",
            )
            .bind(to_move)
            .bind(due)
            .bind(&codes[i])
            .execute(&mut db)
            .await
            .unwrap();
        }
    }
    let (status, games) = call(&server, "GET", "/api/me/games", Some(&secret), None, None).await;
    assert_eq!(status, 200, "{games}");
    let order: Vec<&str> = (games["games"].as_array().unwrap().iter())
        .map(|g| g["code"].as_str().unwrap())
        .collect();
    let want = [&codes[3], &codes[1], &codes[2], &codes[0], &codes[4]];
    assert_eq!(order, want.map(String::as_str), "{games}");
    let first = &games["games"][0];
    assert_eq!(
        (first["to_move"].clone(), first["due_at"].clone()),
        (json!(0), json!(50))
    );
    assert_eq!(first["pace"], "days");
    assert_eq!(games["games"][4]["status"], "lobby");
    assert_eq!(games["games"][4]["due_at"], Value::Null);
    assert!(games["now"].as_i64().unwrap() > 0);
    server.stop().await;
}

#[tokio::test]
async fn wrong_secrets_are_refused_changing_nothing_and_limited() {
    let mut server = TestServer::start_with(|o| o.limits.wrong_players_per_minute = 3).await;
    let secret = new_player(&server, "Asha").await;
    let (status, e) = call(
        &server,
        "POST",
        "/api/players",
        None,
        None,
        Some(json!({"name": ""})),
    )
    .await;
    assert_eq!((status, e["code"].clone()), (400, json!("bad_name")));
    let bad = Some((PHONE, "x"));
    let (status, e) = call(
        &server,
        "GET",
        "/api/me",
        Some(&secret),
        Some(("xyz", "x")),
        None,
    )
    .await;
    assert_eq!(
        (status, e["code"].clone()),
        (400, json!("bad_request")),
        "a bad device id"
    );
    // Three wrong secrets: refused, and the room is not made.
    for wrong in ["not-a-secret", &chowka_server::ids::new_token(), ""] {
        let body = Some(json!({"name": "Mallory", "players": 2}));
        let (status, e) = call(&server, "POST", "/api/rooms", Some(wrong), bad, body).await;
        assert_eq!(
            (status, e["code"].clone()),
            (401, json!("bad_player")),
            "{wrong:?}"
        );
    }
    let (_, rooms) = chowka_tests::get(&server.base, "/api/rooms").await;
    assert_eq!(rooms["rooms"], json!([]));
    // Past the budget, the address is refused even the right secret.
    let (status, e) = call(
        &server,
        "GET",
        "/api/me",
        Some("0".repeat(32).as_str()),
        None,
        None,
    )
    .await;
    assert_eq!((status, e["code"].clone()), (429, json!("rate_limited")));
    let (status, e) = call(&server, "GET", "/api/me", Some(&secret), None, None).await;
    assert_eq!((status, e["code"].clone()), (429, json!("rate_limited")));
    // Without a secret, nothing is asked of it.
    let (status, _) = call(&server, "GET", "/api/rooms", None, None, None).await;
    assert_eq!(status, 200);
    let (status, e) = call(&server, "GET", "/api/me", None, None, None).await;
    assert_eq!((status, e["code"].clone()), (401, json!("bad_player")));
    server.stop().await;
}

#[tokio::test]
async fn quiet_hours_are_kept_in_the_players_zone_checked_and_forgotten() {
    let mut server = TestServer::start().await;
    let secret = new_player(&server, "Ajji").await;
    let me = Some(secret.as_str());
    let (status, alerts) = call(&server, "GET", "/api/me/alerts", me, None, None).await;
    assert_eq!(status, 200, "{alerts}");
    let never_said = json!({"tz": "UTC", "quiet_from": null, "quiet_to": null});
    assert_eq!(alerts, never_said);
    // 22:00 to 07:00 in Bengaluru.
    let night = json!({"tz": "Asia/Kolkata", "quiet_from": 1320, "quiet_to": 420});
    let (status, put) = call(
        &server,
        "PUT",
        "/api/me/alerts",
        me,
        None,
        Some(night.clone()),
    )
    .await;
    assert_eq!((status, &put), (200, &night));
    // Settings that cannot be kept are refused and change nothing.
    for bad in [
        json!({"tz": "Mars/Olympus", "quiet_from": null, "quiet_to": null}),
        json!({"tz": "UTC", "quiet_from": 60, "quiet_to": null}),
        json!({"tz": "UTC", "quiet_from": 60, "quiet_to": 60}),
        json!({"tz": "UTC", "quiet_from": 60, "quiet_to": 1440}),
        json!({"tz": "UTC", "quiet_from": -1, "quiet_to": 60}),
        json!({"tz": "UTC", "quiet_from": 60, "quiet_to": 120, "secret": "x"}),
        json!("UTC"),
    ] {
        let (status, err) = call(
            &server,
            "PUT",
            "/api/me/alerts",
            me,
            None,
            Some(bad.clone()),
        )
        .await;
        assert_eq!(status, 400, "{bad} -> {err}");
        assert_eq!(err["code"], "bad_request", "{err}");
    }
    let (_, kept) = call(&server, "GET", "/api/me/alerts", me, None, None).await;
    assert_eq!(kept, night);
    // Only the player: no secret, no settings.
    let (status, _) = call(&server, "GET", "/api/me/alerts", None, None, None).await;
    assert_eq!(status, 401);
    // Deleting my data deletes them; the secret then stops working.
    let (status, _) = call(&server, "DELETE", "/api/me", me, None, None).await;
    assert_eq!(status, 204);
    let (status, _) = call(&server, "GET", "/api/me/alerts", me, None, None).await;
    assert_eq!(status, 401);
    server.stop().await;
}
