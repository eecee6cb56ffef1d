//! The web client as served, over real sockets (issue 13 item 10, speed on
//! phones): the page is revalidated and links every file at its versioned
//! address, preloading its first view's modules; a file at the current version is
//! cached as immutable, at another version (a client mid-upgrade) or at its
//! plain address it is served but revalidated; text is compressed as the
//! browser accepts, and a WebSocket upgrade is left alone.

use chowka_tests::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// A file of the web client as it is on disk.
fn on_disk(path: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web-client");
    std::fs::read_to_string(dir.join(path)).expect("web-client file")
}

/// The client's version, from the page's entry module.
fn version_of(page: &str) -> String {
    let at = page.find("src=\"/v/").expect("a versioned script") + "src=\"/v/".len();
    page[at..].split('/').next().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_is_revalidated_and_links_every_file_at_its_version() {
    let mut server = TestServer::start().await;
    for path in ["/", "/r/ABCDEFG"] {
        let res = fetch(&server.base, path, &[]).await;
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(header(&res, "cache-control"), "no-cache", "{path}");
        assert_eq!(header(&res, "content-type"), "text/html; charset=utf-8");
        let etag = header(&res, "etag").to_string();
        let csp = header(&res, "content-security-policy").to_string();
        assert!(csp.contains("style-src 'self' 'sha256-"), "{csp}");
        assert!(!csp.contains("unsafe"), "{csp}");
        let page = res.text().await.unwrap();
        let v = version_of(&page);
        assert!(page.contains(&format!(
            "<script type=\"module\" src=\"/v/{v}/js/main.js\">"
        )));
        assert!(page.contains(&format!(
            "<link rel=\"stylesheet\" href=\"/v/{v}/style.css\">"
        )));
        assert!(page.contains(&format!("href=\"/v/{v}/favicon.svg\"")));
        // The first view's modules are preloaded (the home page's, or on a
        // room's address the room's), a later page's are not.
        let preloaded = |module: &str| {
            page.contains(&format!(
                "<link rel=\"modulepreload\" href=\"/v/{v}/js/{module}\">"
            ))
        };
        let room = path.starts_with("/r/");
        assert_eq!(preloaded("home.js"), !room, "{path}: home.js");
        for module in ["main.js", "i18n.js", "dom.js"] {
            assert!(preloaded(module), "{path}: {module} is preloaded");
        }
        for module in ["room.js", "game.js", "lobby.js"] {
            assert_eq!(preloaded(module), room, "{path}: {module}");
        }
        assert!(!preloaded("howto.js"), "{path}: the guide loads later");
        // Revalidation: a 304 with the same policy, since a browser takes
        // the headers of a 304 over those it kept.
        let again = fetch(&server.base, path, &[("if-none-match", &etag)]).await;
        assert_eq!(again.status(), 304, "{path}");
        assert_eq!(header(&again, "etag"), etag);
        assert_eq!(header(&again, "cache-control"), "no-cache");
        assert_eq!(header(&again, "content-security-policy"), csp);
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_at_the_current_version_are_immutable_and_others_revalidated() {
    let mut server = TestServer::start().await;
    let page = fetch(&server.base, "/", &[]).await.text().await.unwrap();
    let v = version_of(&page);
    for file in ["js/main.js", "style.css", "favicon.svg"] {
        let res = fetch(&server.base, &format!("/v/{v}/{file}"), &[]).await;
        assert_eq!(res.status(), 200, "{file}");
        assert_eq!(header(&res, "cache-control"), IMMUTABLE, "{file}");
        assert_eq!(header(&res, "x-content-type-options"), "nosniff");
        assert!(!header(&res, "etag").is_empty(), "{file}");
        assert_eq!(res.text().await.unwrap(), on_disk(file), "{file}");
    }
    let js = fetch(&server.base, &format!("/v/{v}/js/main.js"), &[]).await;
    assert_eq!(
        header(&js, "content-type"),
        "text/javascript; charset=utf-8"
    );
    // Another version (a page from before an upgrade) and the plain
    // address: today's file, kept only until the next visit.
    for path in ["/v/0123456789/js/main.js", "/v/x/js/main.js", "/js/main.js"] {
        let res = fetch(&server.base, path, &[]).await;
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(header(&res, "cache-control"), "no-cache", "{path}");
        let etag = header(&res, "etag").to_string();
        assert_eq!(res.text().await.unwrap(), on_disk("js/main.js"), "{path}");
        let again = fetch(&server.base, path, &[("if-none-match", &etag)]).await;
        assert_eq!(again.status(), 304, "{path}");
    }
    for path in [format!("/v/{v}/no-such.js"), format!("/v/{v}/api/rooms")] {
        let res = fetch(&server.base, &path, &[]).await;
        assert_eq!(res.status(), 404, "{path}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_is_compressed_as_the_browser_accepts() {
    let mut server = TestServer::start().await;
    let page = fetch(&server.base, "/", &[]).await.text().await.unwrap();
    let v = version_of(&page);
    for path in [
        "/".to_string(),
        format!("/v/{v}/js/game.js"),
        format!("/v/{v}/style.css"),
        "/api/rules".to_string(),
        "/api/presets".to_string(),
    ] {
        for (accept, expect) in [
            ("gzip, deflate, br, zstd", "br"),
            ("gzip", "gzip"),
            ("br;q=0, gzip", "gzip"),
            ("identity", ""),
        ] {
            let res = fetch(&server.base, &path, &[("accept-encoding", accept)]).await;
            assert_eq!(res.status(), 200, "{path}");
            assert_eq!(header(&res, "content-encoding"), expect, "{path} {accept}");
            assert!(
                header(&res, "vary")
                    .to_lowercase()
                    .contains("accept-encoding"),
                "{path} {accept}"
            );
            // The hardening headers stay on a compressed answer.
            assert!(!header(&res, "content-security-policy").is_empty());
            let body = res.bytes().await.unwrap();
            if expect.is_empty() {
                continue;
            }
            let plain = fetch(&server.base, &path, &[]).await.bytes().await.unwrap();
            assert!(
                body.len() * 2 < plain.len(),
                "{path} over {expect}: {} of {} bytes",
                body.len(),
                plain.len()
            );
        }
    }
    // Tiny answers and images go as they are.
    let res = fetch(&server.base, "/healthz", &[("accept-encoding", "br")]).await;
    assert_eq!(header(&res, "content-encoding"), "");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_upgrade_asking_for_compression_is_left_alone() {
    let mut server = TestServer::start().await;
    let (code, _) = room_of(&server.base, 2, json!({})).await;
    let mut req = server.ws().into_client_request().unwrap();
    req.headers_mut()
        .insert("accept-encoding", "gzip, deflate, br".parse().unwrap());
    let (mut ws, res) = tokio::time::timeout(WAIT, tokio_tungstenite::connect_async(req))
        .await
        .expect("connect in time")
        .expect("upgrade");
    assert_eq!(res.status(), 101);
    assert!(res.headers().get("content-encoding").is_none());
    let hello = json!({"type": "hello", "room": code}).to_string();
    ws.send(Message::Text(hello.into())).await.unwrap();
    let welcome = tokio::time::timeout(WAIT, ws.next())
        .await
        .expect("a message in time")
        .expect("open")
        .expect("a frame");
    let welcome: serde_json::Value = serde_json::from_str(welcome.to_text().unwrap()).unwrap();
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    server.stop().await;
}
