//! A room link pasted in a chat app (issue 29 item 4), over real HTTP: the
//! page of `/r/{code}` carries Open Graph and Twitter card tags with the
//! host's invitation in the language of the page that made the room (the
//! host's name escaped), the room in one line and the absolute address of
//! the picture of its board; an unknown code gets the site's own tags; the
//! ETag differs from room to room. The picture is a 1200x630 PNG, drawn
//! once per set-up and then served from memory, cacheable.

use chowka_tests::*;
use serde_json::json;
use std::time::Instant;

/// The page of `path`: its status, ETag and text.
async fn page(base: &str, path: &str) -> (u16, String, String) {
    let res = http()
        .get(format!("{base}{path}"))
        .send()
        .await
        .expect("page");
    let status = res.status().as_u16();
    let etag = res.headers()["etag"].to_str().unwrap().to_string();
    (status, etag, res.text().await.unwrap())
}

/// The `content` of the `<meta>` tag named `name` (`og:title`...).
fn meta<'a>(page: &'a str, name: &str) -> Option<&'a str> {
    let at = page
        .find(&format!("property=\"{name}\" content=\""))
        .or_else(|| page.find(&format!("name=\"{name}\" content=\"")))?;
    let rest = &page[at..];
    let rest = &rest[rest.find("content=\"")? + 9..];
    Some(&rest[..rest.find('"')?])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_link_previews_the_hosts_invitation_in_the_inviters_language() {
    let mut server = TestServer::start().await;
    let base = server.base.clone();
    let (status, made) = post(
        &base,
        "/api/rooms",
        json!({"name": "Asha <b>&\"", "players": 3, "options": {"board": 7}, "language": "kn"}),
    )
    .await;
    assert_eq!(status, 201, "{made}");
    let code = made["code"].as_str().unwrap().to_string();
    let (status, etag, html) = page(&base, &format!("/r/{code}")).await;
    assert_eq!(status, 200);
    let title = "Asha &lt;b&gt;&amp;&quot; ಅವರು ನಿಮ್ಮನ್ನು ಚೌಕಾಬಾರ ಆಡಲು ಕರೆದಿದ್ದಾರೆ";
    assert!(html.contains(&format!("<title>{title}</title>")), "{html}");
    assert_eq!(html.matches("<title>").count(), 1);
    assert!(!html.contains("<b>&"), "the name is escaped");
    assert_eq!(meta(&html, "og:title"), Some(title));
    assert_eq!(meta(&html, "twitter:title"), Some(title));
    assert_eq!(
        meta(&html, "og:description"),
        Some("3 ಆಟಗಾರರು, 7×7 ಮಣೆ · ಈಗಲೇ ಒಟ್ಟಿಗೆ")
    );
    assert_eq!(meta(&html, "twitter:card"), Some("summary_large_image"));
    assert_eq!(
        meta(&html, "og:url"),
        Some(format!("{base}/r/{code}").as_str())
    );
    let image = meta(&html, "og:image").unwrap();
    assert_eq!(
        image,
        format!("{base}/r/{code}/card.png"),
        "absolute, from the Host header"
    );
    assert_eq!(meta(&html, "og:image:width"), Some("1200"));
    assert_eq!(meta(&html, "og:image:height"), Some("630"));

    // A room made with no language (an older client), or one not among the six, speaks English.
    let (_, plain) = post(
        &base,
        "/api/rooms",
        json!({"name": "Ravi", "language": "fr"}),
    )
    .await;
    let plain = plain["code"].as_str().unwrap().to_string();
    let (_, other_etag, other) = page(&base, &format!("/r/{plain}")).await;
    assert_eq!(
        meta(&other, "og:title"),
        Some("Ravi invites you to play Chowka Bhara")
    );
    assert_ne!(etag, other_etag, "each room's page has its own ETag");

    // The ETag still answers a revalidation with 304, and a changed page
    // (another Host, so other addresses in its tags) with the page.
    let res = http()
        .get(format!("{base}/r/{code}"))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 304);
    let res = http()
        .get(format!("{base}/r/{code}"))
        .header("if-none-match", &etag)
        .header("host", "play.example.org")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let moved = res.text().await.unwrap();
    assert_eq!(
        meta(&moved, "og:image"),
        Some(format!("http://play.example.org/r/{code}/card.png").as_str())
    );

    // An unknown code, or a malformed one, gets the site's own tags.
    for path in ["/r/ZZZZZZZ", "/r/%3Cb%3E", "/"] {
        let (status, _, html) = page(&base, path).await;
        assert_eq!(status, 200, "{path}");
        assert!(
            html.contains("<title>Chowka Bhara</title>"),
            "{path}: {html}"
        );
        assert_eq!(meta(&html, "og:title"), Some("Chowka Bhara"), "{path}");
        assert_eq!(
            meta(&html, "og:image"),
            Some(format!("{base}/card.png").as_str()),
            "{path}"
        );
        assert!(!html.contains("<b>"), "{path}");
    }
    server.stop().await;
}

/// GETs `path` whole: its status, headers, body and how long it took.
async fn fetch(
    base: String,
    path: String,
) -> (
    u16,
    reqwest::header::HeaderMap,
    Vec<u8>,
    std::time::Duration,
) {
    let started = Instant::now();
    let res = http().get(format!("{base}{path}")).send().await.unwrap();
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    (
        status,
        headers,
        res.bytes().await.unwrap().to_vec(),
        started.elapsed(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_picture_is_a_1200_by_630_png_drawn_once_per_set_up() {
    let mut server = TestServer::start().await;
    let base = server.base.clone();
    let (code, _) = room_of(&base, 2, json!({"board": 11})).await;
    let fetch = |path: String| fetch(base.clone(), path);
    let (status, headers, png, first) = fetch(format!("/r/{code}/card.png")).await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "image/png");
    assert!(headers["cache-control"]
        .to_str()
        .unwrap()
        .starts_with("public, max-age="));
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG signature");
    assert_eq!(&png[12..16], b"IHDR");
    let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
    assert_eq!((width, height), (1200, 630));
    // The second time from memory: the same bytes, at once.
    let (status, again_headers, again, second) = fetch(format!("/r/{code}/card.png")).await;
    assert_eq!(status, 200);
    assert_eq!(again, png);
    assert_eq!(again_headers["etag"], headers["etag"]);
    println!("card: first {first:?} (drawn), second {second:?} (kept)");
    // Another room of the same set-up shares it.
    let (twin, _) = room_of(&server.base, 2, json!({"board": 11})).await;
    let (_, twin_headers, twin_png, _) = fetch(format!("/r/{twin}/card.png")).await;
    assert_eq!(
        (twin_headers["etag"].clone(), twin_png),
        (headers["etag"].clone(), png.clone())
    );
    // Revalidated with its ETag: nothing sent again.
    let res = http()
        .get(format!("{}/r/{code}/card.png", server.base))
        .header("if-none-match", headers["etag"].clone())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 304);
    // A bad code is refused, never a panic; the site's picture is always there.
    for bad in ["/r/ZZZZZZZ/card.png", "/r/%FF%FE/card.png", "/r/x/card.png"] {
        let (status, _, _, _) = fetch(bad.to_string()).await;
        assert_eq!(status, 404, "{bad}");
    }
    let (status, headers, site, _) = fetch("/card.png".to_string()).await;
    assert_eq!(
        (status, &headers["content-type"]),
        (200, &"image/png".parse().unwrap())
    );
    assert_eq!(&site[..8], b"\x89PNG\r\n\x1a\n");
    server.stop().await;
}
