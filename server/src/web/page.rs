//! The page and the client's version: `index.html` rendered with
//! versioned links, a `modulepreload` per module and the rules' facts
//! ([`facts`]), its ETag and its Content-Security-Policy, worked out once
//! (again in a debug build whenever a file changed).

use super::{facts, Assets, INDEX};
use crate::routes::CONTENT_SECURITY_POLICY;
use axum::body::Bytes;
use axum::http::HeaderValue;
use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use sha2::{Digest, Sha256};
use std::sync::{Arc, RwLock};

/// The client as served: its version and its rendered page.
pub(super) struct Client {
    /// Short hash over every embedded file but the page.
    pub(super) version: String,
    /// `index.html` as served ([`render`]).
    pub(super) page: Bytes,
    /// The page's ETag (its SHA-256, shortened).
    pub(super) page_etag: String,
    /// The page's Content-Security-Policy: the server's, with the hashes of
    /// the page's inline stylesheets added to `style-src` and of its inline
    /// scripts to `script-src`.
    pub(super) page_csp: HeaderValue,
}

/// The client: worked out once in a release build, where the files are
/// fixed; in a debug build again whenever a file under `web-client/`
/// changed, since rust-embed reads them from disk there.
pub(super) fn client() -> Arc<Client> {
    static CURRENT: RwLock<Option<(u64, Arc<Client>)>> = RwLock::new(None);
    let stamp = disk_stamp();
    if let Some((seen, c)) = CURRENT.read().unwrap_or_else(|e| e.into_inner()).as_ref() {
        if *seen == stamp {
            return c.clone();
        }
    }
    let c = Arc::new(Client::load());
    *CURRENT.write().unwrap_or_else(|e| e.into_inner()) = Some((stamp, c.clone()));
    c
}

/// What the files on disk look like (names, sizes, modification times),
/// cheaply: a debug build works the client out again when this changes.
#[cfg(debug_assertions)]
fn disk_stamp() -> u64 {
    use std::hash::{Hash, Hasher};
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../web-client"));
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for path in Assets::iter() {
        path.hash(&mut h);
        if let Ok(m) = std::fs::metadata(dir.join(&*path)) {
            m.len().hash(&mut h);
            m.modified().ok().hash(&mut h);
        }
    }
    h.finish()
}

/// A release build serves the files it was built with.
#[cfg(not(debug_assertions))]
fn disk_stamp() -> u64 {
    0
}

impl Client {
    fn load() -> Client {
        let mut files: Vec<(String, [u8; 32])> = Assets::iter()
            .filter(|p| p != INDEX)
            .filter_map(|p| Assets::get(&p).map(|f| (p.into_owned(), f.metadata.sha256_hash())))
            .collect();
        files.sort();
        let mut hash = Sha256::new();
        for (path, sum) in &files {
            hash.update(path.as_bytes());
            hash.update([0]);
            hash.update(sum);
        }
        let version = hex::encode(&hash.finalize()[..5]);
        let names: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
        let (page, inline) = match Assets::get(INDEX) {
            Some(f) => render(&String::from_utf8_lossy(&f.data), &version, &names),
            None => (String::new(), Inline::default()),
        };
        let page = Bytes::from(page);
        let page_etag = format!("\"{}\"", hex::encode(&Sha256::digest(&page)[..16]));
        Client {
            version,
            page_etag,
            page_csp: csp_with(&inline),
            page,
        }
    }
}

/// The page's inline stylesheets and scripts, as written, for their hashes.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Inline {
    /// The bodies of the `<style>` elements (the shell's look).
    styles: Vec<String>,
    /// The bodies of the `<script>` elements that run (no `src`, not data):
    /// the shell's loading line in the player's language.
    scripts: Vec<String>,
}

/// The SHA-256 of each text, as CSP sources (` 'sha256-...'` each).
fn hashes(texts: &[String]) -> String {
    texts
        .iter()
        .map(|text| {
            format!(
                " 'sha256-{}'",
                BASE64.encode(Sha256::digest(text.as_bytes()))
            )
        })
        .collect()
}

/// The server's Content-Security-Policy, allowing exactly these inline
/// stylesheets and scripts by their SHA-256 (no `unsafe-inline`: an
/// injected `<style>`, `<script>` or `style` attribute is still refused).
fn csp_with(inline: &Inline) -> HeaderValue {
    let csp = CONTENT_SECURITY_POLICY
        .replacen(
            "style-src 'self'",
            &format!("style-src 'self'{}", hashes(&inline.styles)),
            1,
        )
        .replacen(
            "script-src 'self'",
            &format!("script-src 'self'{}", hashes(&inline.scripts)),
            1,
        );
    HeaderValue::from_str(&csp).unwrap_or(HeaderValue::from_static(CONTENT_SECURITY_POLICY))
}

/// The bodies of the template's plain `<script>` elements: those with no
/// attribute (a module with `src`, or the facts' JSON, is not one).
fn inline_scripts(template: &str) -> Vec<String> {
    template
        .split("<script>")
        .skip(1)
        .filter_map(|rest| rest.split_once("</script>").map(|(js, _)| js.to_string()))
        .collect()
}

/// `index.html` as served, from its `template`:
/// - every `="/{file}"` attribute naming an embedded file points at
///   `/v/{version}/{file}`;
/// - the rules' facts go into a JSON data block ([`facts`]);
/// - a `modulepreload` link for every module under `js/`, and for the
///   English catalogs under `i18n/en/` (every page needs them, beneath the
///   player's language), goes at the end of the head: the browser fetches
///   them all at once instead of finding each import only once its
///   importer has arrived. Other languages' catalogs load on demand.
///
/// Returns the page and its inline stylesheets (the shell's look, which
/// must not wait for `style.css`) and scripts (the loading line's
/// language), for their hashes in the CSP.
fn render(template: &str, version: &str, files: &[&str]) -> (String, Inline) {
    let mut page = template.to_string();
    for file in files {
        page = page.replace(
            &format!("=\"/{file}\""),
            &format!("=\"/v/{version}/{file}\""),
        );
    }
    let preloads: String = files
        .iter()
        .filter(|f| (f.starts_with("js/") || f.starts_with("i18n/en/")) && f.ends_with(".js"))
        .map(|f| format!("  <link rel=\"modulepreload\" href=\"/v/{version}/{f}\">\n"))
        .collect();
    // The rules' facts, as data (no script runs, so the CSP allows it),
    // before the preloads: the modules read them as they start.
    let head = format!(
        "  <script type=\"application/json\" id=\"{}\">{}</script>\n{preloads}",
        facts::ELEMENT_ID,
        facts::json_for_page()
    );
    match page.find("</head>") {
        Some(at) => page.insert_str(at, &head),
        None => page.insert_str(0, &head),
    }
    let styles = page
        .split("<style>")
        .skip(1)
        .filter_map(|rest| rest.split_once("</style>").map(|(css, _)| css.to_string()))
        .collect();
    let scripts = inline_scripts(&page);
    (page, Inline { styles, scripts })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEMPLATE: &str = "<head>\n  <link rel=\"icon\" href=\"/favicon.svg\">\n  \
        <style>\n  h1 { color: red; }\n  </style>\n  \
        <script type=\"module\" src=\"/js/main.js\"></script>\n</head>\n\
        <body><p>x</p><script>say(1);</script>\n\
        <a href=\"/\">home</a> <a href=\"/#rules\">rules</a> <a href=\"/style.css.map\">x</a>\n\
        <link rel=\"stylesheet\" href=\"/style.css\"></body>";

    #[test]
    fn the_page_links_versioned_files_and_preloads_every_module() {
        let files = ["favicon.svg", "js/dom.js", "js/main.js", "style.css"];
        let (page, inline) = render(TEMPLATE, "abc123", &files);
        assert!(page.contains("href=\"/v/abc123/favicon.svg\""), "{page}");
        assert!(
            page.contains("<link rel=\"stylesheet\" href=\"/v/abc123/style.css\">"),
            "{page}"
        );
        assert!(page.contains("src=\"/v/abc123/js/main.js\""), "{page}");
        assert!(page.contains(
            "  <link rel=\"modulepreload\" href=\"/v/abc123/js/dom.js\">\n  \
             <link rel=\"modulepreload\" href=\"/v/abc123/js/main.js\">\n</head>"
        ));
        assert_eq!(page.matches("modulepreload").count(), 2);
        // Links that name no embedded file stay as they are.
        assert!(page.contains(
            "<a href=\"/\">home</a> <a href=\"/#rules\">rules</a> <a href=\"/style.css.map\">"
        ));
        assert_eq!(inline.styles, ["\n  h1 { color: red; }\n  "]);
        assert_eq!(
            inline.scripts,
            ["say(1);"],
            "the module and the facts are not inline scripts"
        );
    }

    #[test]
    fn the_page_policy_allows_exactly_its_inline_stylesheets_and_scripts() {
        let css = "h1 { color: red; }";
        let js = "say(1);";
        let csp = csp_with(&Inline {
            styles: vec![css.to_string()],
            scripts: vec![js.to_string()],
        });
        let csp = csp.to_str().unwrap();
        assert!(!csp.contains("unsafe"), "{csp}");
        let hash = format!(" 'sha256-{}'", BASE64.encode(Sha256::digest(css)));
        let js_hash = format!(" 'sha256-{}'", BASE64.encode(Sha256::digest(js)));
        assert!(csp.contains(&format!("style-src 'self'{hash};")), "{csp}");
        assert!(
            csp.contains(&format!("script-src 'self'{js_hash};")),
            "{csp}"
        );
        assert_eq!(
            csp.replacen(&hash, "", 1).replacen(&js_hash, "", 1),
            CONTENT_SECURITY_POLICY,
            "otherwise the server's policy"
        );
    }

    #[test]
    fn the_version_covers_every_file_and_the_page_uses_it() {
        let c = client();
        assert_eq!(c.version.len(), 10);
        let page = String::from_utf8_lossy(&c.page);
        assert!(page.contains(&format!("/v/{}/js/main.js", c.version)));
        assert!(
            page.contains(&format!(
                "<script type=\"application/json\" id=\"{}\">{{",
                facts::ELEMENT_ID
            )),
            "the rules' facts are in the page"
        );
        assert!(
            c.page_csp
                .to_str()
                .unwrap()
                .contains("style-src 'self' 'sha256-"),
            "the shell's look is allowed by its hash"
        );
        for file in Assets::iter().filter(|f| f.starts_with("js/")) {
            assert!(
                page.contains(&format!(
                    "<link rel=\"modulepreload\" href=\"/v/{}/{file}\">",
                    c.version
                )),
                "{file} is preloaded"
            );
        }
    }
}
