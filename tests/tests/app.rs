//! The installable app as served, over real sockets (issue 30 item 1): the
//! manifest in each language and in the browser's, the icons (PNGs of
//! their sizes), the service worker (this version and its files, never
//! kept without asking) and the offline page; the templates at no other
//! address; the page's policy naming the worker and the manifest.

use chowka_tests::*;
use serde_json::Value;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_manifest_speaks_each_language_and_the_browsers() {
    let mut server = TestServer::start().await;
    for (lang, name) in [("en", "Chowka Bhara"), ("te", "అష్టా చెమ్మా"), ("ta", "தாயம்")]
    {
        let res = fetch(&server.base, &format!("/manifest.{lang}.webmanifest"), &[]).await;
        assert_eq!(res.status(), 200, "{lang}");
        assert_eq!(header(&res, "content-type"), "application/manifest+json");
        assert_eq!(header(&res, "cache-control"), "no-cache");
        let etag = header(&res, "etag").to_string();
        let m: Value = res.json().await.unwrap();
        assert_eq!(m["name"], name);
        assert_eq!(m["lang"], lang);
        assert_eq!(m["start_url"], "/#my-games");
        assert_eq!(m["scope"], "/");
        assert_eq!(m["display"], "standalone");
        assert_eq!(m["theme_color"], "#7a2e1d");
        assert!(m["background_color"].is_string());
        let again = fetch(
            &server.base,
            &format!("/manifest.{lang}.webmanifest"),
            &[("if-none-match", &etag)],
        )
        .await;
        assert_eq!(again.status(), 304);
    }
    let res = fetch(
        &server.base,
        "/manifest.webmanifest",
        &[("accept-language", "fr-FR,hi;q=0.8,en;q=0.5")],
    )
    .await;
    assert_eq!(header(&res, "vary"), "Accept-Language");
    let m: Value = res.json().await.unwrap();
    assert_eq!(m["lang"], "hi");
    let m: Value = fetch(&server.base, "/manifest.webmanifest", &[])
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(m["lang"], "en");
    // A language the site does not speak has no manifest.
    let res = fetch(&server.base, "/manifest.fr.webmanifest", &[]).await;
    assert_eq!(res.status(), 404);
    // Every icon it names is there.
    for icon in m["icons"].as_array().unwrap() {
        let res = fetch(&server.base, icon["src"].as_str().unwrap(), &[]).await;
        assert_eq!(res.status(), 200, "{icon}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_icons_are_pngs_of_their_sizes() {
    let mut server = TestServer::start().await;
    for (path, size) in [
        ("/icon-192.png", 192u32),
        ("/icon-512.png", 512),
        ("/icon-maskable-512.png", 512),
        ("/apple-touch-icon.png", 180),
    ] {
        let res = fetch(&server.base, path, &[]).await;
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(header(&res, "content-type"), "image/png");
        assert!(header(&res, "cache-control").contains("max-age="), "{path}");
        let png = res.bytes().await.unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{path}");
        assert_eq!(&png[12..16], b"IHDR", "{path}");
        let w = u32::from_be_bytes(png[16..20].try_into().unwrap());
        let h = u32::from_be_bytes(png[20..24].try_into().unwrap());
        assert_eq!((w, h), (size, size), "{path}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_worker_names_this_version_and_its_files_and_is_never_kept() {
    let mut server = TestServer::start().await;
    let page = fetch(&server.base, "/", &[]).await.text().await.unwrap();
    let at = page.find("src=\"/v/").expect("a versioned script") + "src=\"/v/".len();
    let v = page[at..].split('/').next().unwrap();
    assert!(page.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"));

    let res = fetch(&server.base, "/sw.js", &[]).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        header(&res, "content-type"),
        "text/javascript; charset=utf-8"
    );
    assert_eq!(header(&res, "cache-control"), "no-cache");
    let sw = res.text().await.unwrap();
    assert!(sw.contains(&format!("const VERSION = '{v}';")), "{sw}");
    assert!(!sw.contains("__VERSION__") && !sw.contains("__PRECACHE__"));
    for kept in [
        "\"/\"".to_string(),
        "\"/offline.html\"".to_string(),
        format!("\"/v/{v}/js/main.js\""),
        format!("\"/v/{v}/style.css\""),
        format!("\"/v/{v}/i18n/en/ui.js\""),
        format!("\"/v/{v}/js/offline.js\""),
    ] {
        assert!(sw.contains(&kept), "{kept} is kept");
    }
    assert!(
        !sw.contains(&format!("/v/{v}/i18n/kn/")),
        "other languages as they load"
    );

    let res = fetch(&server.base, "/offline.html", &[]).await;
    assert_eq!(res.status(), 200);
    assert_eq!(header(&res, "cache-control"), "no-cache");
    let csp = header(&res, "content-security-policy").to_string();
    let offline = res.text().await.unwrap();
    assert!(offline.contains(&format!("src=\"/v/{v}/js/offline.js\"")));
    assert!(offline.contains("You are offline. Your games will be here when you are back."));
    assert!(
        !csp.contains("unsafe") && csp.contains("script-src 'self';"),
        "{csp}"
    );
    for part in ["worker-src 'self'", "manifest-src 'self'"] {
        assert!(csp.contains(part), "{csp}");
    }
    // The templates are served filled in, at their own addresses only.
    for path in [format!("/v/{v}/sw.js"), "/v/x/offline.html".to_string()] {
        assert_eq!(
            fetch(&server.base, &path, &[]).await.status(),
            404,
            "{path}"
        );
    }
    server.stop().await;
}
