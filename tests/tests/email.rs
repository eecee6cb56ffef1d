//! The daily e-mail digest against a real server and a local SMTP server
//! (docs/operations.md, "E-mail digest"): the verification e-mail and its
//! link, nothing else before it is opened, the digest once a day at the
//! chosen local time with the games over days where it is the player's
//! turn (never a live game), one-click unsubscribe, quiet hours, a failed
//! send tried again, and the address gone with the player's data. The
//! worker's clock is driven by the test (`Ticks`): no wall-clock wait.

use chowka_server::nudges::mail::{Tally, Ticks};
use chowka_tests::smtp::{Mail, SmtpSink};
use chowka_tests::{http, TestServer};
use serde_json::{json, Value};

/// The site's address in the e-mails' links.
const SITE: &str = "https://chowka.example";

/// A request holding `secret`, if any: the status and the JSON answer.
async fn call(
    server: &TestServer,
    method: &str,
    path: &str,
    secret: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    chowka_tests::call(server, method, path, secret, None, body).await
}

/// A link's page: GET or POST (`body`, a form, for a one-click POST) of
/// `path`; the status and the HTML.
async fn link_page(server: &TestServer, post: Option<&str>, path: &str) -> (u16, String) {
    let url = format!("{}{path}", server.base);
    let req = match post {
        Some(form) => (http().post(url))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body(form.to_string()),
        None => http().get(url),
    };
    let res = req.send().await.expect("request");
    (res.status().as_u16(), res.text().await.unwrap_or_default())
}

/// `PUT /api/me/email` with `body`, as `secret`'s holder.
async fn put_email(server: &TestServer, secret: &str, body: &Value) -> (u16, Value) {
    call(
        server,
        "PUT",
        "/api/me/email",
        Some(secret),
        Some(body.clone()),
    )
    .await
}

/// A new player's secret.
async fn new_player(server: &TestServer, name: &str) -> String {
    let (status, made) = call(
        server,
        "POST",
        "/api/players",
        None,
        Some(json!({"name": name})),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    made["secret"].as_str().unwrap().to_string()
}

/// A two-seat room made by `secret`'s holder, with Ravi in the other
/// seat: its code and the creator's seat token.
async fn room_with_ravi(server: &TestServer, secret: &str) -> (String, String) {
    let body = json!({"name": "Asha", "players": 2});
    let (status, room) = call(server, "POST", "/api/rooms", Some(secret), Some(body)).await;
    assert_eq!(status, 201, "{room}");
    let code = room["code"].as_str().unwrap().to_string();
    let seat = json!({"name": "Ravi"});
    let (status, taken) = call(
        server,
        "POST",
        &format!("/api/rooms/{code}/seats"),
        None,
        Some(seat),
    )
    .await;
    assert_eq!(status, 201, "{taken}");
    (code, room["token"].as_str().unwrap_or_default().to_string())
}

/// A connection to the server's database (SQLite or PostgreSQL).
async fn db(server: &TestServer) -> sqlx::AnyConnection {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    sqlx::AnyConnection::connect(&db_url(server)).await.unwrap()
}

/// The server's database URL: PostgreSQL's if it was given one.
fn db_url(server: &TestServer) -> String {
    let pg = server.dir.path().join("database_url");
    std::fs::read_to_string(pg)
        .unwrap_or_else(|_| format!("sqlite://{}", server.dir.path().join("chowka.db").display()))
}

/// Sets a room's columns as the rooms' pace code would for a game in
/// play: `pace`, the seat to move and its due time.
async fn in_play(server: &TestServer, code: &str, pace: &str, to_move: i64, due_at: i64) {
    sqlx::query(
        "UPDATE rooms SET status = 'playing', pace = $1, to_move = $2, due_at = $3 WHERE code = $4",
    )
    .bind(pace)
    .bind(to_move)
    .bind(due_at)
    .bind(code)
    .execute(&mut db(server).await)
    .await
    .unwrap();
}

/// Rows of `table` for `player`.
async fn rows(server: &TestServer, table: &str, player: &str) -> i64 {
    use sqlx::Row;
    let sql = format!("SELECT COUNT(*) FROM {table} WHERE player = $1");
    let row = sqlx::query(&sql)
        .bind(player)
        .fetch_one(&mut db(server).await)
        .await
        .unwrap();
    row.get(0)
}

/// ms since the epoch of a UTC time ("2030-01-10T13:31:00Z").
fn at(utc: &str) -> i64 {
    let t: jiff::Timestamp = utc.parse().unwrap();
    t.as_millisecond()
}

/// The path and query of a link of the site in `text` starting with `start`.
fn link(text: &str, start: &str) -> String {
    let from = text.find(&format!("{SITE}{start}")).expect("the link") + SITE.len();
    let rest = &text[from..];
    let end = rest
        .find(|c: char| c.is_whitespace() || c == '"' || c == '>')
        .unwrap_or(rest.len());
    rest[..end].to_string()
}

fn sha256_hex(s: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(s.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Nothing secret in an e-mail: no player's secret or hash, no seat token.
fn holds_no_secret(mail: &Mail, secrets: &[&str]) {
    for s in secrets.iter().filter(|s| !s.is_empty()) {
        assert!(!mail.raw.contains(s), "an e-mail holds a secret");
        assert!(!mail.raw.contains(&sha256_hex(s)), "an e-mail holds a hash");
    }
}

async fn server_with_mail(ticks: &Ticks, sink: &SmtpSink) -> TestServer {
    server_on(ticks, sink, None).await
}

/// A server sending e-mail through `sink`, its digest driven by `ticks`,
/// on PostgreSQL at `database` if given (else SQLite). The URL is noted in
/// the data folder for the test's own queries.
async fn server_on(ticks: &Ticks, sink: &SmtpSink, database: Option<String>) -> TestServer {
    let (url, clock) = (sink.url.clone(), ticks.clock());
    let db = database.clone();
    let server = TestServer::start_with(move |o| {
        o.mail.smtp_url = Some(url);
        o.mail.mail_from = Some("Chowka <games@chowka.example>".into());
        o.mail.clock = clock;
        o.http.public_url = Some(SITE.into());
        o.store.database_url = db;
    })
    .await;
    if let Some(url) = database {
        std::fs::write(server.dir.path().join("database_url"), url).unwrap();
    }
    server
}

/// Asks for e-mails at `minute` and opens the verification link: GET
/// shows a button and changes nothing, POST confirms.
async fn confirmed(
    server: &TestServer,
    sink: &mut SmtpSink,
    secret: &str,
    address: &str,
    minute: u16,
) {
    let body = json!({"address": address, "minute": minute, "language": "en"});
    let (status, asked) = put_email(server, secret, &body).await;
    assert_eq!(status, 200, "{asked}");
    assert_eq!(asked["verified"], false);
    let mail = sink.next().await;
    assert_eq!(mail.to, vec![address.to_string()]);
    assert!(
        mail.header("Subject")
            .unwrap()
            .starts_with("Confirm your address"),
        "{:?}",
        mail.header("Subject")
    );
    holds_no_secret(&mail, &[secret]);
    let verify = link(&mail.text(), "/email/verify?t=");
    let (status, html) = link_page(server, None, &verify).await;
    assert_eq!(status, 200);
    assert!(
        html.contains(address) && html.contains("method=\"post\""),
        "{html}"
    );
    let (_, still) = call(server, "GET", "/api/me/email", Some(secret), None).await;
    assert_eq!(
        still["verified"], false,
        "a GET of the link changes nothing"
    );
    let (status, html) = link_page(server, Some(""), &verify).await;
    assert_eq!(status, 200);
    let hh_mm = format!("{:02}:{:02}", minute / 60, minute % 60);
    assert!(html.contains(&format!("at {hh_mm}")), "{html}");
    let (_, now) = call(server, "GET", "/api/me/email", Some(secret), None).await;
    assert_eq!(
        now,
        json!({"address": address, "verified": true, "minute": minute, "language": "en"})
    );
    let (again, _) = link_page(server, Some(""), &verify).await;
    assert_eq!(again, 404, "a link works once");
}

#[tokio::test]
async fn the_digest_comes_once_a_day_at_the_chosen_time_and_stops_in_one_click() {
    a_day_of_digests(None).await;
}

#[tokio::test]
async fn the_digest_tells_of_a_new_game_of_a_circle() {
    let mut sink = SmtpSink::start().await;
    let ticks = Ticks::default();
    let server = server_with_mail(&ticks, &sink).await;
    let asha = new_player(&server, "Asha").await;
    let ravi = new_player(&server, "Ravi").await;
    // Any time of day is past midnight: the next tick sends.
    confirmed(&server, &mut sink, &ravi, "ravi@example.org", 0).await;
    let made = Some(json!({"name": "Rao family"}));
    let (status, circle) = call(&server, "POST", "/api/circles", Some(&asha), made).await;
    assert_eq!(status, 201, "{circle}");
    let join = format!("/api/invites/{}", circle["invite"].as_str().unwrap());
    let (status, _) = call(&server, "POST", &join, Some(&ravi), Some(json!({}))).await;
    assert_eq!(status, 200);
    let new_game = format!("/api/circles/{}/games", circle["id"].as_str().unwrap());
    let body = Some(json!({"name": "Asha", "players": 2, "pace": "days"}));
    let (status, room) = call(&server, "POST", &new_game, Some(&asha), body).await;
    assert_eq!(status, 201, "{room}");

    let tally = ticks
        .tick(chowka_server::store::now_ms() + 60_000)
        .await
        .unwrap();
    assert_eq!(tally.sent, 1, "{tally:?}");
    let digest = sink.next().await;
    assert_eq!(
        digest.header("Subject").unwrap(),
        "A game is waiting for you — Chowka Bhara"
    );
    let text = digest.text();
    let code = room["code"].as_str().unwrap();
    assert!(
        text.starts_with("These games are waiting for you:"),
        "{text}"
    );
    assert!(
        text.contains("Asha invites you to a game in Rao family"),
        "{text}"
    );
    assert!(text.contains(&format!("Join: {SITE}/r/{code}")), "{text}");
    holds_no_secret(&digest, &[&asha, &ravi]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL (TEST_DATABASE_URL)"]
async fn the_digest_on_postgres() {
    let admin = chowka_tests::services::database_url();
    let fresh = chowka_tests::postgres::FreshDatabase::create(&admin)
        .await
        .unwrap();
    a_day_of_digests(Some(fresh.url.clone())).await;
    fresh.drop_now().await.unwrap();
}

/// Verification, the digest at its time and not again that day, never a
/// live game, one-click unsubscribe: on SQLite, or PostgreSQL at `database`.
async fn a_day_of_digests(database: Option<String>) {
    let mut sink = SmtpSink::start().await;
    let ticks = Ticks::default();
    let mut server = server_on(&ticks, &sink, database).await;
    let asha = new_player(&server, "Asha").await;
    let alerts = json!({"tz": "Asia/Kolkata", "quiet_from": null, "quiet_to": null});
    let (status, _) = call(&server, "PUT", "/api/me/alerts", Some(&asha), Some(alerts)).await;
    assert_eq!(status, 200);
    // Her turn in a days game and in a live one; Ravi's turn in another.
    let (days, seat_token) = room_with_ravi(&server, &asha).await;
    let (live, _) = room_with_ravi(&server, &asha).await;
    let (waiting, _) = room_with_ravi(&server, &asha).await;
    let day1 = at("2030-01-10T00:00:00Z");
    in_play(&server, &days, "days", 0, day1 + 20 * 3_600_000).await;
    in_play(&server, &live, "live", 0, day1).await;
    in_play(&server, &waiting, "days", 1, day1).await;

    // Asked, not confirmed: past her time, nothing is sent.
    let body = json!({"address": "asha@example.org", "minute": 19 * 60, "language": "en"});
    let (status, _) = put_email(&server, &asha, &body).await;
    assert_eq!(status, 200);
    let first = sink.next().await;
    let tally = ticks.tick(at("2030-01-10T14:00:00Z")).await.unwrap();
    assert_eq!(tally, Tally::default());
    assert!(
        sink.taken().is_empty(),
        "nothing before the address is confirmed"
    );
    drop(first);

    // Confirmed (a new verification replaces the first), for 19:00 in
    // Kolkata: 13:30 UTC.
    confirmed(&server, &mut sink, &asha, "asha@example.org", 19 * 60).await;
    let tally = ticks.tick(at("2030-01-10T13:29:00Z")).await.unwrap();
    assert_eq!(tally, Tally::default(), "18:59 in Kolkata: not yet");
    let tally = ticks.tick(at("2030-01-10T13:31:00Z")).await.unwrap();
    assert_eq!(tally.sent, 1, "{tally:?}");
    let digest = sink.next().await;
    assert_eq!(digest.to, vec!["asha@example.org".to_string()]);
    assert_eq!(
        digest.header("Subject").unwrap(),
        "Your turn in 1 game — Chowka Bhara"
    );
    let text = digest.text();
    assert!(text.contains(&format!("{SITE}/r/{days}")), "{text}");
    assert!(text.contains("with Ravi"), "{text}");
    assert!(text.contains("6 h left"), "{text}");
    assert!(!text.contains(&live), "never a live game: {text}");
    assert!(
        !text.contains(&waiting),
        "only games where it is her turn: {text}"
    );
    holds_no_secret(&digest, &[&asha, &seat_token]);
    let stop = link(&text, "/email/unsubscribe?t=");
    assert_eq!(
        digest.header("List-Unsubscribe").unwrap(),
        format!("<{SITE}{stop}>")
    );
    assert_eq!(
        digest.header("List-Unsubscribe-Post").unwrap(),
        "List-Unsubscribe=One-Click"
    );
    assert!(digest
        .part("text/html")
        .unwrap()
        .contains(&format!("/r/{days}")));

    // Not again the same local day; again the next.
    let tally = ticks.tick(at("2030-01-10T18:00:00Z")).await.unwrap();
    assert_eq!(tally, Tally::default());
    assert!(sink.taken().is_empty(), "one e-mail a day at most");
    let tally = ticks.tick(at("2030-01-11T13:30:00Z")).await.unwrap();
    assert_eq!(tally.sent, 1, "{tally:?}");
    let next_day = sink.next().await;
    let stop = link(&next_day.text(), "/email/unsubscribe?t=");

    // The unsubscribe page asks first; a mail program's one-click POST
    // stops the e-mails at once.
    let (status, html) = link_page(&server, None, &stop).await;
    assert_eq!(status, 200);
    assert!(html.contains("asha@example.org"), "{html}");
    let (_, still) = call(&server, "GET", "/api/me/email", Some(&asha), None).await;
    assert_eq!(still["verified"], true, "a GET of the link changes nothing");
    let (one_click, _) = link_page(&server, Some("List-Unsubscribe=One-Click"), &stop).await;
    assert_eq!(one_click, 200);
    let (status, gone) = call(&server, "GET", "/api/me/email", Some(&asha), None).await;
    assert_eq!((status, gone), (200, Value::Null));
    let tally = ticks.tick(at("2030-01-12T13:31:00Z")).await.unwrap();
    assert_eq!(tally, Tally::default());
    assert!(sink.taken().is_empty(), "no e-mail once unsubscribed");
    server.stop().await;
}

#[tokio::test]
async fn quiet_hours_hold_the_digest_a_failed_send_is_tried_again_and_deleting_my_data_forgets_the_address(
) {
    let mut sink = SmtpSink::start().await;
    let ticks = Ticks::default();
    let mut server = server_with_mail(&ticks, &sink).await;
    let meena = new_player(&server, "Meena").await;
    // UTC, quiet from 18:00 to 20:00; the digest at 19:00.
    let alerts = json!({"tz": "UTC", "quiet_from": 18 * 60, "quiet_to": 20 * 60});
    let (status, _) = call(&server, "PUT", "/api/me/alerts", Some(&meena), Some(alerts)).await;
    assert_eq!(status, 200);
    let (days, _) = room_with_ravi(&server, &meena).await;
    in_play(&server, &days, "days", 0, at("2030-01-13T00:00:00Z")).await;
    confirmed(&server, &mut sink, &meena, "meena@example.org", 19 * 60).await;
    let tally = ticks.tick(at("2030-01-10T19:05:00Z")).await.unwrap();
    assert_eq!(
        tally,
        Tally {
            held: 1,
            ..Tally::default()
        }
    );
    assert!(sink.taken().is_empty(), "quiet hours hold it");
    // At the end of the quiet hours the SMTP server refuses once: the
    // day is released and the next minute sends it.
    sink.refuse(true);
    let tally = ticks.tick(at("2030-01-10T20:00:00Z")).await.unwrap();
    assert_eq!(
        tally,
        Tally {
            failed: 1,
            ..Tally::default()
        }
    );
    sink.refuse(false);
    let tally = ticks.tick(at("2030-01-10T20:01:00Z")).await.unwrap();
    assert_eq!(tally.sent, 1, "{tally:?}");
    let digest = sink.next().await;
    assert!(digest.text().contains("2 days left"), "{}", digest.text());

    // A day with nothing to say sends nothing, and marks the day done.
    in_play(&server, &days, "days", 1, at("2030-01-13T00:00:00Z")).await;
    let tally = ticks.tick(at("2030-01-11T20:01:00Z")).await.unwrap();
    assert_eq!(
        tally,
        Tally {
            nothing: 1,
            ..Tally::default()
        }
    );
    assert!(sink.taken().is_empty());

    // Deleting my data deletes the address and its links.
    let hash = sha256_hex(&meena);
    assert_eq!(rows(&server, "player_email", &hash).await, 1);
    assert!(rows(&server, "email_unsubscribe", &hash).await > 0);
    let (status, _) = call(&server, "DELETE", "/api/me", Some(&meena), None).await;
    assert_eq!(status, 204);
    assert_eq!(rows(&server, "player_email", &hash).await, 0);
    assert_eq!(rows(&server, "email_unsubscribe", &hash).await, 0);
    server.stop().await;
}

#[tokio::test]
async fn bad_addresses_and_too_many_verifications_are_refused_and_stop_takes_effect_at_once() {
    let mut sink = SmtpSink::start().await;
    let ticks = Ticks::default();
    let mut server = server_with_mail(&ticks, &sink).await;
    let ravi = new_player(&server, "Ravi").await;
    for bad in [
        json!({"address": "ravi", "minute": 60}),
        json!({"address": "ravi @example.org", "minute": 60}),
        json!({"address": "a@b@example.org", "minute": 60}),
        json!({"address": "ravi@example.org", "minute": 1440}),
        json!({"address": "ravi@example.org", "minute": 60, "extra": 1}),
    ] {
        let (status, e) = put_email(&server, &ravi, &bad).await;
        assert_eq!(
            (status, e["code"].as_str()),
            (400, Some("bad_request")),
            "{bad}"
        );
    }
    let (_, none) = call(&server, "GET", "/api/me/email", Some(&ravi), None).await;
    assert_eq!(none, Value::Null, "a refusal changes nothing");
    let good = json!({"address": "ravi@example.org", "minute": 60, "language": "ta"});
    for _ in 0..3 {
        let (status, _) = put_email(&server, &ravi, &good).await;
        assert_eq!(status, 200);
        let mail = sink.next().await;
        assert!(mail.header("Subject").unwrap().contains("தாயம்"), "in Tamil");
    }
    let (status, e) = put_email(&server, &ravi, &good).await;
    assert_eq!((status, e["code"].as_str()), (429, Some("rate_limited")));
    assert!(sink.taken().is_empty());
    let (status, _) = call(&server, "DELETE", "/api/me/email", Some(&ravi), None).await;
    assert_eq!(status, 204);
    let (_, none) = call(&server, "GET", "/api/me/email", Some(&ravi), None).await;
    assert_eq!(none, Value::Null);
    // An SMTP server that refuses: 502 mail_failed, and no address kept.
    let meena = new_player(&server, "Meena").await;
    sink.refuse(true);
    let hers = json!({"address": "meena@example.org", "minute": 60});
    let (status, e) = put_email(&server, &meena, &hers).await;
    assert_eq!((status, e["code"].as_str()), (502, Some("mail_failed")));
    let (_, none) = call(&server, "GET", "/api/me/email", Some(&meena), None).await;
    assert_eq!(
        none,
        Value::Null,
        "nothing waits for an e-mail that did not go"
    );
    sink.refuse(false);
    // A link of a forgotten address no longer works.
    let unknown = "/email/verify?t=0123456789abcdef0123456789abcdef";
    assert_eq!(link_page(&server, None, unknown).await.0, 404);
    server.stop().await;
}

#[tokio::test]
async fn without_smtp_there_is_no_e_mail_and_smtp_without_the_sites_address_does_not_start() {
    let mut server = TestServer::start().await;
    let asha = new_player(&server, "Asha").await;
    let (status, e) = call(&server, "GET", "/api/me/email", Some(&asha), None).await;
    assert_eq!((status, e["code"].as_str()), (404, Some("email_off")));
    server.stop().await;
    let mut opts = chowka_server::ServeOpts::default();
    let dir = tempfile::tempdir().unwrap();
    opts.store.data_dir = dir.path().to_path_buf();
    opts.mail.smtp_url = Some("smtp://user:hunter2@127.0.0.1:1".into());
    opts.mail.mail_from = Some("games@chowka.example".into());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let refused = chowka_server::run(listener, opts, async {})
        .await
        .unwrap_err();
    let said = refused.to_string();
    assert!(said.contains("--public-url"), "{said}");
    assert!(!said.contains("hunter2"), "{said}");
}

#[tokio::test]
async fn of_two_nodes_ticking_at_once_one_sends_the_days_digest() {
    let mut sink = SmtpSink::start().await;
    let ticks = Ticks::default();
    let mut server = server_with_mail(&ticks, &sink).await;
    let asha = new_player(&server, "Asha").await;
    let (days, _) = room_with_ravi(&server, &asha).await;
    in_play(&server, &days, "days", 0, at("2030-01-12T00:00:00Z")).await;
    confirmed(&server, &mut sink, &asha, "asha@example.org", 9 * 60).await;
    // A second node: its own store connection and mailer, the same database.
    let store = chowka_server::store::Store::connect(&db_url(&server), 2)
        .await
        .unwrap();
    let opts = chowka_server::config::MailOpts {
        smtp_url: Some(sink.url.clone()),
        mail_from: Some("games@chowka.example".into()),
        ..Default::default()
    };
    let mail = chowka_server::nudges::mail::Mail::from_opts(&opts, Some(SITE)).unwrap();
    let other = chowka_server::nudges::mail::Digest::new(store.clone(), mail);
    let now = at("2030-01-10T09:00:00Z");
    let (here, there) = tokio::join!(ticks.tick(now), other.tick(now));
    let here = here.unwrap();
    assert_eq!(here.sent + there.sent, 1, "{here:?} {there:?}");
    sink.next().await;
    let (here, there) = tokio::join!(ticks.tick(now + 60_000), other.tick(now + 60_000));
    assert_eq!((here.unwrap(), there), (Tally::default(), Tally::default()));
    assert!(sink.taken().is_empty(), "one e-mail between them");
    store.close().await;
    server.stop().await;
}

/// docs/performance.md, "E-mail digest": what a tick costs with 2,000
/// confirmed addresses, the minute they all come due and every minute after.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: cargo test -p chowka-tests --test email -- --ignored --nocapture ticks"]
async fn ticks_with_two_thousand_addresses() {
    let sink = SmtpSink::start().await;
    let ticks = Ticks::default();
    let mut server = server_with_mail(&ticks, &sink).await;
    // Answering once, the server has made its database.
    new_player(&server, "Asha").await;
    {
        use sqlx::Connection;
        let mut conn = db(&server).await;
        let mut tx = conn.begin().await.unwrap();
        for i in 0..2000 {
            sqlx::query(
                "INSERT INTO player_email (player, address, language, minute, verified_at,
                   verify_hash, verify_sent_at, last_sent_day, failures, created_at)
                 VALUES ($1, $2, 'en', 540, 1, NULL, 1, NULL, 0, 1)",
            )
            .bind(format!("{i:064x}"))
            .bind(format!("p{i}@example.org"))
            .execute(&mut *tx)
            .await
            .unwrap();
        }
        tx.commit().await.unwrap();
    }
    let now = at("2030-01-10T09:00:00Z");
    let started = std::time::Instant::now();
    let due = ticks.tick(now).await.unwrap();
    let first = started.elapsed();
    assert_eq!(due.nothing, 2000, "{due:?}");
    let started = std::time::Instant::now();
    let after = ticks.tick(now + 60_000).await.unwrap();
    let quiet = started.elapsed();
    assert_eq!(after, Tally::default());
    println!("2,000 addresses: the tick they come due {first:?}, a tick after {quiet:?}");
    server.stop().await;
}
