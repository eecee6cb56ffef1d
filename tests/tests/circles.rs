//! Circles over real HTTP and WebSockets (docs/protocol.md "Circles",
//! docs/circles.md): a circle made, joined by its link, a game made from
//! it and played to the end, the standings read from the archive, its page
//! followed live, a member removed (their open page closed at once), the
//! link renewed and turned off, the limits; on SQLite, and across two
//! nodes sharing PostgreSQL and NATS.

use chowka_tests::{call, play_out, start_game, Client, TestServer, WAIT};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A new player (with a name, or none): their secret.
async fn player(server: &TestServer, name: Option<&str>) -> String {
    let body = name.map(|n| json!({ "name": n })).unwrap_or(json!({}));
    let (status, made) = call(server, "POST", "/api/players", None, None, Some(body)).await;
    assert_eq!(status, 201, "{made}");
    made["secret"].as_str().unwrap().to_string()
}

/// A circle's page, followed over `/ws/circle`.
struct Page {
    ws: Socket,
    last: Value,
}

impl Page {
    /// Opens the circle's page as the holder of `secret`; its first frame
    /// (a `circle`, or an `error`) is `last`.
    async fn open(server: &TestServer, circle: &str, secret: &str) -> Page {
        let url = format!("{}/circle", server.ws());
        let (mut ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("connect");
        let hello = json!({"type": "hello", "circle": circle, "player": secret});
        ws.send(Message::Text(hello.to_string().into()))
            .await
            .unwrap();
        let mut page = Page {
            ws,
            last: Value::Null,
        };
        page.next().await;
        page
    }

    /// The next frame (`Null` once closed).
    async fn next(&mut self) -> &Value {
        loop {
            let msg = tokio::time::timeout(WAIT, self.ws.next()).await;
            match msg.expect("a frame in time") {
                Some(Ok(Message::Text(t))) => {
                    self.last = serde_json::from_str(&t).expect("JSON");
                    return &self.last;
                }
                Some(Ok(Message::Close(frame))) => {
                    let code = frame.map(|f| u16::from(f.code)).unwrap_or(0);
                    self.last = json!({"closed": code});
                    return &self.last;
                }
                Some(Ok(_)) => continue,
                Some(Err(_)) | None => {
                    self.last = json!({"closed": 0});
                    return &self.last;
                }
            }
        }
    }

    /// Reads frames until one's circle satisfies `pred`: that circle.
    async fn until(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            if self.last["type"] == "circle" && pred(&self.last["circle"]) {
                return self.last["circle"].clone();
            }
            let frame = self.next().await;
            assert!(frame.get("closed").is_none(), "page closed: {frame}");
        }
    }
}

async fn get(server: &TestServer, path: &str, secret: &str) -> (u16, Value) {
    call(server, "GET", path, Some(secret), None, None).await
}

async fn send(
    server: &TestServer,
    method: &str,
    path: &str,
    secret: &str,
    body: Value,
) -> (u16, Value) {
    call(server, method, path, Some(secret), None, Some(body)).await
}

fn member_named(circle: &Value, name: &str) -> String {
    let members = circle["members"].as_array().unwrap();
    let m = members.iter().find(|m| m["name"] == name).expect(name);
    m["member"].as_str().unwrap().to_string()
}

/// The whole life of a circle; `a` takes the requests, `b` serves the
/// open pages (the same server, or another node of the same database).
async fn a_circle_from_its_making_to_its_standings(a: &TestServer, b: &TestServer) {
    let asha = player(a, Some("Asha")).await;
    let ravi = player(a, None).await;
    let meena = player(a, Some("Meena")).await;
    let stranger = player(a, Some("Stranger")).await;

    // Made, with its invite link.
    let (status, circle) = send(
        a,
        "POST",
        "/api/circles",
        &asha,
        json!({"name": "  Rao family "}),
    )
    .await;
    assert_eq!(status, 201, "{circle}");
    assert_eq!(circle["name"], "Rao family");
    assert_eq!(circle["admin"], true);
    let id = circle["id"].as_str().unwrap().to_string();
    let invite = circle["invite"].as_str().unwrap().to_string();

    // Nobody outside learns anything, not even that it exists.
    let (status, body) = get(a, &format!("/api/circles/{id}"), &stranger).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("no_circle")));
    let (status, _) = get(a, "/api/circles/ZZZZZZZZZZ", &stranger).await;
    assert_eq!(status, 404);
    let outside = Page::open(b, &id, &stranger).await;
    assert_eq!(outside.last["code"], "no_circle", "{}", outside.last);

    // Ravi opens the link: the circle's name; he has no name, so one is asked.
    let (status, seen) = get(a, &format!("/api/invites/{invite}"), &ravi).await;
    assert_eq!(status, 200, "{seen}");
    assert_eq!(
        (seen["name"].as_str(), seen["member"].as_bool()),
        (Some("Rao family"), Some(false))
    );
    let path = format!("/api/invites/{invite}");
    let (status, refused) = send(a, "POST", &path, &ravi, json!({})).await;
    assert_eq!((status, refused["code"].as_str()), (400, Some("bad_name")));
    let (status, _) = send(a, "POST", &path, &ravi, json!({"name": "Computer 2"})).await;
    assert_eq!(status, 400, "names are checked as everywhere");
    let (status, joined) = send(a, "POST", &path, &ravi, json!({"name": "Ravi"})).await;
    assert_eq!(
        (status, joined["circle"].as_str()),
        (200, Some(id.as_str()))
    );
    let (status, _) = send(a, "POST", &path, &meena, json!({})).await;
    assert_eq!(status, 200);

    // Asha's page (on b) sees them all; Meena's page is open too.
    let mut ashas = Page::open(b, &id, &asha).await;
    let c = ashas
        .until(|c| c["members"].as_array().unwrap().len() == 3)
        .await;
    let names: Vec<&str> = (c["members"].as_array().unwrap().iter())
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Asha", "Ravi", "Meena"]);
    assert_eq!(c["members"][0]["creator"], true);
    assert_eq!(c["members"][0]["here"], true);
    let mut meenas = Page::open(b, &id, &meena).await;
    assert_eq!(meenas.last["type"], "circle");
    let (status, mine) = get(a, "/api/me/circles", &ravi).await;
    assert_eq!(status, 200);
    assert_eq!(mine["circles"][0]["members"], 3, "{mine}");

    // A new game: every member is invited; the page shows its lobby.
    let body = json!({"name": "Asha", "players": 2, "options": {"pawns": 1}, "public": true});
    let (status, made) = send(a, "POST", &format!("/api/circles/{id}/games"), &asha, body).await;
    assert_eq!(status, 201, "{made}");
    let code = made["code"].as_str().unwrap().to_string();
    let c = ashas
        .until(|c| c["games"]["lobbies"].as_array().unwrap().len() == 1)
        .await;
    assert_eq!(c["games"]["lobbies"][0]["code"], code.as_str());
    let (_, open) = chowka_tests::get(&a.base, "/api/rooms").await;
    assert!(
        !open.to_string().contains(&code),
        "a circle's game is never listed"
    );
    let (_, games) = get(a, "/api/me/games", &ravi).await;
    assert_eq!(games["invitations"][0]["code"], code.as_str(), "{games}");
    assert_eq!(games["invitations"][0]["by"], "Asha");
    assert_eq!(games["invitations"][0]["circle"]["name"], "Rao family");
    let (_, games) = get(a, "/api/me/games", &asha).await;
    assert_eq!(games["invitations"], json!([]), "the host has her seat");
    assert_eq!(games["games"][0]["circle"]["id"], id.as_str());

    // Ravi takes the seat; the game is played to the end.
    let seat_path = format!("/api/rooms/{code}/seats");
    let (status, seat) = send(a, "POST", &seat_path, &ravi, json!({"name": "Ravi"})).await;
    assert_eq!(status, 201, "{seat}");
    let (_, games) = get(a, "/api/me/games", &ravi).await;
    assert_eq!(games["invitations"], json!([]), "{games}");
    let tokens = [
        made["token"].as_str().unwrap().to_string(),
        seat["token"].as_str().unwrap().to_string(),
    ];
    let clients = play_out(start_game(a, &code, &tokens).await).await;
    // A game can end in a draw (R14): nobody wins it then.
    let winner = clients[0].state["game"]["result"]["winner"].as_u64();

    // The standings count it, from the archive, on every open page.
    let c = ashas
        .until(|c| c["games"]["finished"].as_array().unwrap().len() == 1)
        .await;
    assert_eq!(c["games"]["finished"][0]["winner"], json!(winner));
    assert_eq!(c["games"]["finished"][0]["counted"], true);
    let preset = c["games"]["finished"][0]["preset"].as_str().unwrap();
    let standing = |name: &str| {
        let rows = c["standings"]["members"].as_array().unwrap();
        let member = member_named(&c, name);
        let row = rows
            .iter()
            .find(|r| r["member"] == member.as_str())
            .unwrap();
        (
            row["played"].as_i64().unwrap(),
            row["won"].as_i64().unwrap(),
            row["presets"].clone(),
        )
    };
    for (seat, name) in ["Asha", "Ravi"].into_iter().enumerate() {
        let won = i64::from(winner == Some(seat as u64));
        let (played, w, presets) = standing(name);
        assert_eq!((played, w), (1, won), "{name}: {c}");
        assert_eq!(presets[preset], json!({"played": 1, "won": won}));
    }
    assert_eq!(standing("Meena").0, 0, "Meena did not play");
    if let Some(w) = winner {
        let top = c["standings"]["members"][0]["member"].clone();
        assert_eq!(top, member_named(&c, ["Asha", "Ravi"][w as usize]).as_str());
    }
    let versus = &c["standings"]["versus"];
    assert_eq!(versus.as_array().unwrap().len(), 1, "{versus}");
    assert_eq!(versus[0]["played"], 1);
    assert_eq!(versus[0]["a"], member_named(&c, "Asha").as_str());
    let wins = versus[0]["a_won"].as_i64().unwrap() + versus[0]["b_won"].as_i64().unwrap();
    assert_eq!(wins, i64::from(winner.is_some()));
    meenas
        .until(|c| c["games"]["finished"].as_array().unwrap().len() == 1)
        .await;

    // A rematch stays in the circle: its lobby shows on the circle's page.
    let mut clients = clients;
    clients[1].send(json!({"type": "rematch"})).await;
    let asked = clients[1]
        .until(|m| m["type"] == "state" && m["room"]["rematch"].is_string())
        .await;
    let rematch = asked["room"]["rematch"].as_str().unwrap().to_string();
    ashas
        .until(|c| c["games"]["lobbies"].to_string().contains(&rematch))
        .await;
    let (_, games) = get(a, "/api/me/games", &meena).await;
    assert_eq!(games["invitations"], json!([]), "no seat left: {games}");
    drop(clients);

    // Meena is removed by Asha: her open page is told and closed at once,
    // her requests refused.
    let meena_id = member_named(&c, "Meena");
    let ravi_id = member_named(&c, "Ravi");
    let member_path = |m: &str| format!("/api/circles/{id}/members/{m}");
    let (status, _) = call(
        a,
        "DELETE",
        &member_path(&meena_id),
        Some(&ravi),
        None,
        None,
    )
    .await;
    assert_eq!(status, 403, "only admins remove");
    let (status, _) = call(
        a,
        "DELETE",
        &member_path(&meena_id),
        Some(&asha),
        None,
        None,
    )
    .await;
    assert_eq!(status, 204);
    // (A frame of an earlier change may come first.)
    while meenas.next().await["type"] == "circle" {}
    assert_eq!(meenas.last["type"], "removed", "{}", meenas.last);
    assert_eq!(meenas.next().await["closed"], 4403);
    let (status, _) = get(a, &format!("/api/circles/{id}"), &meena).await;
    assert_eq!(status, 404);
    ashas
        .until(|c| c["members"].as_array().unwrap().len() == 2)
        .await;

    // Ravi is made an admin; the creator stays until then, and then may go.
    let asha_id = member_named(&c, "Asha");
    let (status, body) = call(a, "DELETE", &member_path(&asha_id), Some(&asha), None, None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("circle_creator"))
    );
    let (status, c) = send(
        a,
        "PATCH",
        &member_path(&ravi_id),
        &asha,
        json!({"admin": true}),
    )
    .await;
    assert_eq!(status, 200, "{c}");
    let (status, _) = send(
        a,
        "PATCH",
        &member_path(&asha_id),
        &ravi,
        json!({"admin": false}),
    )
    .await;
    assert_eq!(
        status, 409,
        "only the creator takes admin away, never her own"
    );

    // The link renewed: the old one refused, the new one works.
    let (status, c) = call(
        a,
        "POST",
        &format!("/api/circles/{id}/invite"),
        Some(&ravi),
        None,
        None,
    )
    .await;
    assert_eq!(status, 200);
    let renewed = c["invite"].as_str().unwrap().to_string();
    assert_ne!(renewed, invite);
    let (status, body) = send(a, "POST", &path, &stranger, json!({})).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("no_invite")));
    // Meena comes back by the new link; then it is turned off.
    let (status, _) = send(
        a,
        "POST",
        &format!("/api/invites/{renewed}"),
        &meena,
        json!({}),
    )
    .await;
    assert_eq!(status, 200);
    let (status, c) = call(
        a,
        "DELETE",
        &format!("/api/circles/{id}/invite"),
        Some(&asha),
        None,
        None,
    )
    .await;
    assert_eq!((status, c["invite"].clone()), (200, Value::Null));
    let (status, _) = get(a, &format!("/api/invites/{renewed}"), &stranger).await;
    assert_eq!(status, 404);
    // The standings still hold the game, read again from the store.
    let (_, c) = get(a, &format!("/api/circles/{id}"), &meena).await;
    let rows = c["standings"]["members"].as_array().unwrap();
    let played: i64 = rows.iter().map(|r| r["played"].as_i64().unwrap()).sum();
    let won: i64 = rows.iter().map(|r| r["won"].as_i64().unwrap()).sum();
    assert_eq!((played, won), (2, i64::from(winner.is_some())), "{c}");
    drop(outside);
}

#[tokio::test]
async fn a_circle_is_made_joined_played_in_and_its_members_changed() {
    let server = TestServer::start().await;
    a_circle_from_its_making_to_its_standings(&server, &server).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL and NATS (TEST_DATABASE_URL, TEST_NATS_URL)"]
async fn a_circle_across_two_nodes_sharing_postgres_and_nats() {
    let db = chowka_tests::services::database_url();
    let nats = chowka_tests::services::nats_url();
    let fresh = chowka_tests::postgres::FreshDatabase::create(&db)
        .await
        .unwrap();
    let cluster = format!("test-{}", chowka_server::ids::RoomCode::random()).to_lowercase();
    let node = |name: &'static str| {
        let (url, nats, cluster) = (fresh.url.clone(), nats.clone(), cluster.clone());
        move |o: &mut chowka_server::config::ServeOpts| {
            o.store.database_url = Some(url);
            o.cluster.nats_url = Some(nats);
            o.cluster.name = cluster;
            o.cluster.node = Some(format!("{name}-{}", std::process::id()));
        }
    };
    let mut a = TestServer::start_with(node("a")).await;
    let mut b = TestServer::start_with(node("b")).await;
    a_circle_from_its_making_to_its_standings(&a, &b).await;
    a.stop().await;
    b.stop().await;
    let _ = fresh.drop_now().await;
}

#[tokio::test]
async fn circles_and_their_joins_are_bounded() {
    let server = TestServer::start_with(|o| o.limits.circle_joins_per_minute = 3).await;
    let asha = player(&server, Some("Asha")).await;
    // Twenty circles each; the twenty-first is refused.
    for i in 0..20 {
        let (status, _) = send(
            &server,
            "POST",
            "/api/circles",
            &asha,
            json!({"name": format!("C{i}")}),
        )
        .await;
        assert_eq!(status, 201);
    }
    let (status, body) = send(
        &server,
        "POST",
        "/api/circles",
        &asha,
        json!({"name": "One more"}),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (409, Some("too_many_circles"))
    );
    let (_, mine) = get(&server, "/api/me/circles", &asha).await;
    let first = &mine["circles"][0];
    let (_, c) = get(
        &server,
        &format!("/api/circles/{}", first["id"].as_str().unwrap()),
        &asha,
    )
    .await;
    let path = format!("/api/invites/{}", c["invite"].as_str().unwrap());
    // Three joins a minute from one address: the fourth waits.
    for i in 0..3 {
        let p = player(&server, Some(&format!("P{i}"))).await;
        let (status, _) = send(&server, "POST", &path, &p, json!({})).await;
        assert_eq!(status, 200);
    }
    let p = player(&server, Some("P3")).await;
    let (status, body) = send(&server, "POST", &path, &p, json!({})).await;
    assert_eq!((status, body["code"].as_str()), (429, Some("rate_limited")));
    // A bad name, a wrong type and an unknown field change nothing.
    for body in [
        json!({"name": ""}),
        json!({"name": 5}),
        json!({"name": "X", "extra": 1}),
    ] {
        let (status, _) = send(&server, "POST", "/api/circles", &p, body).await;
        assert_eq!(status, 400);
    }
    let (_, none) = get(&server, "/api/me/circles", &p).await;
    assert_eq!(none["circles"], json!([]));
    // Without a player nothing is answered.
    let (status, _) = call(&server, "GET", "/api/me/circles", None, None, None).await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn a_full_circle_refuses_one_more() {
    let server = TestServer::start().await;
    let asha = player(&server, Some("Asha")).await;
    let (_, c) = send(
        &server,
        "POST",
        "/api/circles",
        &asha,
        json!({"name": "Big"}),
    )
    .await;
    let path = format!("/api/invites/{}", c["invite"].as_str().unwrap());
    for i in 1..24 {
        let p = player(&server, Some(&format!("P{i}"))).await;
        let (status, body) = send(&server, "POST", &path, &p, json!({})).await;
        assert_eq!(status, 200, "{body}");
    }
    let p = player(&server, Some("P24")).await;
    let (status, body) = send(&server, "POST", &path, &p, json!({})).await;
    assert_eq!((status, body["code"].as_str()), (409, Some("circle_full")));
    // A member's page of a full circle works, and a bad hello is refused.
    let page = Page::open(&server, c["id"].as_str().unwrap(), &asha).await;
    assert_eq!(page.last["circle"]["members"].as_array().unwrap().len(), 24);
    let mut client = Client::connect_raw(&format!("{}/circle", server.ws())).await;
    client
        .send(Message::Text("{\"type\":\"hello\"".into()))
        .await
        .unwrap();
    let answer = tokio::time::timeout(WAIT, client.next()).await.unwrap();
    let Some(Ok(Message::Text(t))) = answer else {
        panic!("an error first: {answer:?}");
    };
    assert!(t.contains("no_circle"), "{t}");
}

#[tokio::test]
async fn a_player_who_deletes_their_data_leaves_their_circles_and_their_pairs() {
    let server = TestServer::start().await;
    let asha = player(&server, Some("Asha")).await;
    let ravi = player(&server, Some("Ravi")).await;
    let (_, c) = send(
        &server,
        "POST",
        "/api/circles",
        &asha,
        json!({"name": "Two"}),
    )
    .await;
    let id = c["id"].as_str().unwrap().to_string();
    let join = format!("/api/invites/{}", c["invite"].as_str().unwrap());
    assert_eq!(send(&server, "POST", &join, &ravi, json!({})).await.0, 200);
    let body = json!({"name": "Asha", "players": 2, "options": {"pawns": 1}});
    let (_, made) = send(
        &server,
        "POST",
        &format!("/api/circles/{id}/games"),
        &asha,
        body,
    )
    .await;
    let code = made["code"].as_str().unwrap().to_string();
    let seats = format!("/api/rooms/{code}/seats");
    let (_, seat) = send(&server, "POST", &seats, &ravi, json!({"name": "Ravi"})).await;
    let tokens = [
        made["token"].as_str().unwrap(),
        seat["token"].as_str().unwrap(),
    ]
    .map(String::from);
    play_out(start_game(&server, &code, &tokens).await).await;
    let mut page = Page::open(&server, &id, &asha).await;
    let c = page
        .until(|c| c["standings"]["versus"].as_array().unwrap().len() == 1)
        .await;
    assert_eq!(c["standings"]["members"].as_array().unwrap().len(), 2);

    let (status, _) = call(&server, "DELETE", "/api/me", Some(&ravi), None, None).await;
    assert_eq!(status, 204);
    let c = page
        .until(|c| c["members"].as_array().unwrap().len() == 1)
        .await;
    assert_eq!(c["standings"]["versus"], json!([]), "{c}");
    assert_eq!(
        c["standings"]["members"][0]["played"], 1,
        "Asha's game stays"
    );
    let finished = &c["games"]["finished"][0];
    assert_eq!(finished["seats"][1]["member"], Value::Null, "{finished}");
}
