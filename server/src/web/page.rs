//! The page and the client's version: `index.html` rendered with
//! versioned links, a `modulepreload` for each module its first view needs
//! (the static import graph of `js/main.js` and of the first page's module,
//! `js/home.js` or on a room's address `js/room.js`: [`first_view`]) and the rules' facts ([`facts`]), its
//! ETag and its Content-Security-Policy, worked out once (again in a debug
//! build whenever a file changed).

use super::{facts, Assets, INDEX};
use crate::routes::CONTENT_SECURITY_POLICY;
use axum::body::Bytes;
use axum::http::HeaderValue;
use base64::engine::general_purpose::STANDARD as BASE64;
use base64::Engine;
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::sync::{Arc, RwLock};

/// The client's entry module: its static imports are every page's.
const ENTRY: &str = "js/main.js";
/// The module main.js loads for the home page (`/`, and the hash pages:
/// those load theirs after it), with its own static imports.
const HOME: &str = "js/home.js";
/// The module that loads the catalogs, and lists their areas.
const I18N: &str = "js/i18n.js";
/// The module main.js loads for a room's address (`/r/{code}`), with its
/// own static imports.
const ROOM: &str = "js/room.js";
/// The module a room's page runs the moment it arrives, before the
/// others: it opens the room's WebSocket while they load (it imports
/// nothing, so nothing holds it back).
const EARLY_SOCKET: &str = "js/early-socket.js";

/// Which view an address shows first, for the modules its page preloads.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum FirstView {
    /// `/` (and any hash page: those load after the entry's modules).
    Home,
    /// `/r/{code}`: the room (its replay is drawn from the room's modules).
    Room,
}

/// One rendering of the page, for one [`FirstView`].
pub(super) struct Page {
    /// `index.html` as served ([`render`]).
    pub(super) body: Bytes,
    /// Its ETag (its SHA-256, shortened).
    pub(super) etag: String,
}

impl Page {
    fn new(body: String) -> Page {
        let etag = format!("\"{}\"", hex::encode(&Sha256::digest(&body)[..16]));
        Page {
            body: Bytes::from(body),
            etag,
        }
    }
}

/// The client as served: its version and its rendered page.
pub(super) struct Client {
    /// Short hash over every embedded file but the page.
    pub(super) version: String,
    /// The page as served for the home page (and the hash pages).
    home: Page,
    /// The page as served on a room's address.
    room: Page,
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
    /// The page for an address whose first view is `view`.
    pub(super) fn page(&self, view: FirstView) -> &Page {
        match view {
            FirstView::Home => &self.home,
            FirstView::Room => &self.room,
        }
    }

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
        let source =
            |path: &str| Assets::get(path).map(|f| String::from_utf8_lossy(&f.data).into_owned());
        let template = source(INDEX).unwrap_or_default();
        let catalogs = start_catalogs(source(I18N).as_deref(), &names);
        let home = &first_view(&[ENTRY, HOME], source) | &catalogs;
        let room = &first_view(&[ENTRY, ROOM], source) | &catalogs;
        let (home, inline) = render(&template, &version, &names, &home, &[]);
        let (room, _) = render(&template, &version, &names, &room, &[EARLY_SOCKET]);
        Client {
            version,
            page_csp: csp_with(&inline),
            home: Page::new(home),
            room: Page::new(room),
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

/// The English catalogs every page needs, beneath the player's language:
/// `i18n/en/{area}.js` for each area i18n.js (its `source`) loads at start,
/// the areas of its `AREAS` but those of its `ON_DEMAND` (loaded with the
/// pages that need them). If the lists cannot be read, every English
/// catalog among `files`.
fn start_catalogs(source: Option<&str>, files: &[&str]) -> BTreeSet<String> {
    let areas = source.and_then(|s| Some((string_list(s, "AREAS")?, string_list(s, "ON_DEMAND")?)));
    match areas {
        Some((all, later)) => all
            .into_iter()
            .filter(|a| !later.contains(a))
            .map(|a| format!("i18n/en/{a}.js"))
            .collect(),
        None => files
            .iter()
            .filter(|f| f.starts_with("i18n/en/") && f.ends_with(".js"))
            .map(|f| f.to_string())
            .collect(),
    }
}

/// The strings of `const {name} = ['a', 'b'];` in a module's source.
fn string_list<'a>(source: &'a str, name: &str) -> Option<Vec<&'a str>> {
    let start = format!("const {name} = [");
    let rest = &source[source.find(&start)? + start.len()..];
    let list = &rest[..rest.find(']')?];
    Some(
        list.split(',')
            .map(|item| item.trim().trim_matches(['\'', '"']))
            .filter(|item| !item.is_empty())
            .collect(),
    )
}

/// The modules the first view of `entries` needs: each entry and what it
/// imports statically (`import ... from './x.js'`, `export ... from`),
/// transitively, read from the files by `source` (paths from the client's
/// root, `js/main.js`). Dynamic `import()` is left out: that is what loads
/// later. A module that does not exist is left out too (the browser would
/// fail on it the same way).
fn first_view(entries: &[&str], source: impl Fn(&str) -> Option<String>) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<String> = entries.iter().map(|e| e.to_string()).collect();
    while let Some(path) = todo.pop() {
        if seen.contains(&path) {
            continue;
        }
        let Some(text) = source(&path) else { continue };
        todo.extend(
            static_imports(&text)
                .into_iter()
                .filter_map(|spec| resolve(&path, spec)),
        );
        seen.insert(path);
    }
    seen
}

/// The specifiers a module's source imports statically: of each statement
/// that starts a line with `import` (or re-exports: `export {...} from`,
/// `export * from`) and names a module in quotes (`from './x.js'`, or a
/// bare `import './x.js'`), up to its `;`.
fn static_imports(source: &str) -> Vec<&str> {
    let mut specs = Vec::new();
    let mut rest = source;
    while let Some(at) = next_statement(rest) {
        let statement = &rest[at..];
        let end = statement.find(';').unwrap_or(statement.len());
        let (statement, after) = statement.split_at(end);
        rest = after;
        let quoted = match statement.rfind(" from ") {
            Some(from) => &statement[from + 6..],
            None if statement.starts_with("import ") => &statement[7..],
            None => continue,
        };
        let quoted = quoted.trim();
        let Some(quote) = quoted.chars().next().filter(|q| matches!(q, '\'' | '"')) else {
            continue;
        };
        if let Some(spec) = quoted[1..].split(quote).next() {
            specs.push(spec);
        }
    }
    specs
}

/// Where the next line that starts an import (or a re-export) begins.
fn next_statement(text: &str) -> Option<usize> {
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let statement = ["import ", "import{", "export {", "export *"];
        if statement.iter().any(|s| line.starts_with(s)) {
            return Some(at);
        }
        at += line.len();
    }
    None
}

/// The file a relative specifier names, seen from the module at `from`
/// (`./dom.js` from `js/main.js` is `js/dom.js`); None for a bare or absolute
/// one, or one that leaves the client's root.
fn resolve(from: &str, spec: &str) -> Option<String> {
    if !spec.starts_with("./") && !spec.starts_with("../") {
        return None;
    }
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in spec.split('/') {
        match part {
            "." => {}
            ".." => {
                parts.pop()?;
            }
            name => parts.push(name),
        }
    }
    Some(parts.join("/"))
}

/// `index.html` as served, from its `template`:
/// - every `="/{file}"` attribute naming an embedded file points at
///   `/v/{version}/{file}`;
/// - the rules' facts go into a JSON data block ([`facts`]);
/// - a `modulepreload` link for every module in `first` (the first view's
///   modules, [`first_view`], and the English catalogs every page needs,
///   [`start_catalogs`]) goes at the end of the head: the browser fetches them all at once
///   instead of finding each import only once its importer has arrived.
///   Only these: on HTTP/1.1 a phone fetches six files at a time, so every
///   module the first view does not need would hold it up. The other
///   pages' modules load when main.js asks for them (at once once the
///   page is usable), other languages' catalogs on demand.
/// - an `async` module script for each of `early` (modules that import
///   nothing, which the browser runs as soon as each arrives, not after
///   the whole first view: the room's early WebSocket).
///
/// Returns the page and its inline stylesheets (the shell's look, which
/// must not wait for `style.css`) and scripts (the loading line's
/// language), for their hashes in the CSP.
fn render(
    template: &str,
    version: &str,
    files: &[&str],
    first: &BTreeSet<String>,
    early: &[&str],
) -> (String, Inline) {
    if template.is_empty() {
        return (String::new(), Inline::default());
    }
    let mut page = template.to_string();
    for file in files {
        page = page.replace(
            &format!("=\"/{file}\""),
            &format!("=\"/v/{version}/{file}\""),
        );
    }
    let preloads: String = files
        .iter()
        .filter(|f| first.contains(**f))
        .map(|f| format!("  <link rel=\"modulepreload\" href=\"/v/{version}/{f}\">\n"))
        .collect();
    let early: String = (early.iter())
        .map(|f| format!("  <script type=\"module\" async src=\"/v/{version}/{f}\"></script>\n"))
        .collect();
    // The rules' facts, as data (no script runs, so the CSP allows it),
    // before the preloads: the modules read them as they start.
    let head = format!(
        "  <script type=\"application/json\" id=\"{}\">{}</script>\n{early}{preloads}",
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
    fn the_page_links_versioned_files_and_preloads_the_first_views_modules() {
        let files = [
            "favicon.svg",
            "i18n/en/ui.js",
            "i18n/kn/ui.js",
            "js/dom.js",
            "js/main.js",
            "js/room.js",
            "style.css",
        ];
        let first = BTreeSet::from([
            "i18n/en/ui.js".to_string(),
            "js/dom.js".to_string(),
            "js/main.js".to_string(),
        ]);
        let (page, inline) = render(TEMPLATE, "abc123", &files, &first, &[]);
        assert!(page.contains("href=\"/v/abc123/favicon.svg\""), "{page}");
        assert!(
            page.contains("<link rel=\"stylesheet\" href=\"/v/abc123/style.css\">"),
            "{page}"
        );
        assert!(page.contains("src=\"/v/abc123/js/main.js\""), "{page}");
        assert!(page.contains(
            "  <link rel=\"modulepreload\" href=\"/v/abc123/i18n/en/ui.js\">\n  \
             <link rel=\"modulepreload\" href=\"/v/abc123/js/dom.js\">\n  \
             <link rel=\"modulepreload\" href=\"/v/abc123/js/main.js\">\n</head>"
        ));
        assert_eq!(
            page.matches("modulepreload").count(),
            3,
            "only those: not the room's module, nor another language's catalog: {page}"
        );
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
        // A room's page runs its early socket on its own, before the rest.
        let (room, _) = render(TEMPLATE, "abc123", &files, &first, &[EARLY_SOCKET]);
        assert!(room.contains(
            "  <script type=\"module\" async src=\"/v/abc123/js/early-socket.js\"></script>\n  \
             <link rel=\"modulepreload\""
        ));
        assert!(!page.contains("early-socket"), "not on the home page");
    }

    #[test]
    fn the_first_view_is_the_static_import_graph_of_its_entries() {
        let files = [
            ("js/main.js", "// import './comment.js';\nimport { h } from './dom.js';\nimport * as api from \"./api.js\";\n\
                const later = () => import('./room.js');\nexport function f(from) { return from; }\n"),
            ("js/dom.js", "export function h() {}\n"),
            // Over several lines, a re-export, a catalog up a folder, and
            // a module that does not exist.
            ("js/api.js", "import {\n  h,\n} from './dom.js';\nexport { t } from '../i18n/en/ui.js';\nimport './gone.js';\n"),
            ("i18n/en/ui.js", "export default { 'a': 'from \\'./x.js\\'' };\n"),
            ("js/room.js", "import { h } from './dom.js';\nimport { Game } from './game.js';\n"),
            ("js/game.js", "import { Board } from './board.js';\n"),
            ("js/board.js", "export class Board {}\n"),
        ];
        let source = |path: &str| {
            files
                .iter()
                .find(|(p, _)| *p == path)
                .map(|(_, text)| text.to_string())
        };
        let home: Vec<String> = first_view(&["js/main.js"], source).into_iter().collect();
        assert_eq!(
            home,
            ["i18n/en/ui.js", "js/api.js", "js/dom.js", "js/main.js"],
            "static imports only, transitively: not the dynamic import() of room.js"
        );
        let room: Vec<String> = first_view(&["js/main.js", "js/room.js"], source)
            .into_iter()
            .collect();
        assert_eq!(
            room,
            [
                "i18n/en/ui.js",
                "js/api.js",
                "js/board.js",
                "js/dom.js",
                "js/game.js",
                "js/main.js",
                "js/room.js"
            ]
        );
        assert_eq!(
            resolve("js/main.js", "../vendor/qr.js").as_deref(),
            Some("vendor/qr.js")
        );

        // The English catalogs of the areas i18n.js loads at start.
        let i18n = "const AREAS = ['ui', 'game', 'guide'];\nconst ON_DEMAND = ['guide'];\n";
        let files = [
            "i18n/en/game.js",
            "i18n/en/guide.js",
            "i18n/en/ui.js",
            "i18n/kn/ui.js",
        ];
        assert_eq!(
            start_catalogs(Some(i18n), &files),
            BTreeSet::from(["i18n/en/ui.js".to_string(), "i18n/en/game.js".to_string()])
        );
        assert_eq!(
            start_catalogs(Some("const AREAS = ['ui'];"), &files).len(),
            3,
            "lists that cannot be read: every English catalog"
        );
        assert_eq!(resolve("js/main.js", "../../etc/passwd"), None);
        assert_eq!(resolve("js/main.js", "https://example.com/x.js"), None);
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
        let page = String::from_utf8_lossy(&c.page(FirstView::Home).body);
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
        // The home page preloads main.js, home.js and what they import,
        // not the room's modules; a room's page the room's, not home.js.
        let room_page = String::from_utf8_lossy(&c.page(FirstView::Room).body);
        let preload = |file: &str| {
            format!(
                "<link rel=\"modulepreload\" href=\"/v/{}/{file}\">",
                c.version
            )
        };
        assert!(
            !page.contains(&preload("i18n/en/guide.js")),
            "the guide's words load with it"
        );
        assert!(page.contains(&preload("js/home.js")));
        assert!(!room_page.contains(&preload("js/home.js")));
        for file in ["js/main.js", "js/i18n.js", "i18n/en/ui.js"] {
            assert!(page.contains(&preload(file)), "{file} is preloaded");
            assert!(room_page.contains(&preload(file)), "{file} is preloaded");
        }
        for file in ["js/room.js", "js/game.js", "js/board.js"] {
            assert!(
                !page.contains(&preload(file)),
                "{file} is not preloaded at home"
            );
            assert!(
                room_page.contains(&preload(file)),
                "{file} is preloaded in a room"
            );
        }
        assert!(
            !page.contains(&preload("js/howto.js")),
            "a later page's module is not"
        );
    }
}
