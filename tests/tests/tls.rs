//! HTTPS served by chowka itself (`--tls-cert`, `--tls-key`), over real
//! sockets with a self-signed certificate for 127.0.0.1: HTTP/2 when the
//! client offers it, HTTP/1.1 otherwise, WebSockets over wss://, a
//! handshake that never ends closed after the header timeout, and
//! unusable files refused at start-up with a sentence naming them.

use chowka_tests::*;
use futures_util::{SinkExt, StreamExt};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::CertificateDer;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::AsyncWriteExt;
use tokio_tungstenite::tungstenite::Message;

/// A self-signed certificate for 127.0.0.1 and localhost, written as PEM
/// files in a folder of its own.
struct Certificate {
    dir: tempfile::TempDir,
    pem: String,
}

impl Certificate {
    fn new() -> Certificate {
        let names = vec!["127.0.0.1".to_string(), "localhost".to_string()];
        let made = rcgen::generate_simple_self_signed(names).expect("certificate");
        let dir = tempfile::tempdir().expect("temp dir");
        let pem = made.cert.pem();
        std::fs::write(dir.path().join("cert.pem"), &pem).expect("write cert");
        std::fs::write(dir.path().join("key.pem"), made.key_pair.serialize_pem())
            .expect("write key");
        Certificate { dir, pem }
    }

    fn cert(&self) -> PathBuf {
        self.dir.path().join("cert.pem")
    }

    fn key(&self) -> PathBuf {
        self.dir.path().join("key.pem")
    }

    /// A server over HTTPS with this certificate.
    async fn serve(&self, tune: impl FnOnce(&mut ServeOpts)) -> TestServer {
        let (cert, key) = (self.cert(), self.key());
        TestServer::start_with(move |o| {
            o.http.tls_cert = Some(cert);
            o.http.tls_key = Some(key);
            tune(o);
        })
        .await
    }

    /// An HTTP client that trusts only this certificate.
    fn client(&self) -> reqwest::ClientBuilder {
        let root = reqwest::Certificate::from_pem(self.pem.as_bytes()).expect("pem");
        reqwest::Client::builder()
            .use_rustls_tls()
            .tls_built_in_root_certs(false)
            .add_root_certificate(root)
            .timeout(WAIT)
    }

    /// A rustls client configuration that trusts only this certificate.
    fn rustls(&self) -> Arc<rustls::ClientConfig> {
        let mut roots = rustls::RootCertStore::empty();
        let der = CertificateDer::from_pem_slice(self.pem.as_bytes());
        roots.add(der.expect("pem")).expect("root");
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("versions")
            .with_root_certificates(roots)
            .with_no_client_auth();
        Arc::new(config)
    }
}

/// The server's address over https.
fn https(server: &TestServer) -> String {
    server.base.replacen("http://", "https://", 1)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browsers_get_http2_and_older_clients_http1_over_the_same_port() {
    let cert = Certificate::new();
    let mut server = cert.serve(|_| {}).await;
    let base = https(&server);
    for (client, version) in [
        (cert.client().build().unwrap(), reqwest::Version::HTTP_2),
        (
            cert.client().http1_only().build().unwrap(),
            reqwest::Version::HTTP_11,
        ),
    ] {
        let res = client
            .get(format!("{base}/healthz"))
            .send()
            .await
            .expect("answered over https");
        assert_eq!(res.status(), 200);
        assert_eq!(res.version(), version);
        // The page and an API call go through the same router.
        let page = client.get(format!("{base}/")).send().await.unwrap();
        assert_eq!(page.status(), 200);
        assert_eq!(page.version(), version);
        assert!(page.text().await.unwrap().contains("<html"));
        let (code, _) = try_room_of(&client, &base, json!({"name": "Asha", "players": 2}), 1)
            .await
            .expect("a room made over https");
        let room = client.get(format!("{base}/api/rooms/{code}")).send().await;
        assert_eq!(room.unwrap().status(), 200, "room {code} is there");
    }
    // Plain HTTP is not served on the HTTPS port.
    let plain = http().get(format!("{}/healthz", server.base)).send().await;
    assert!(plain.map(|r| !r.status().is_success()).unwrap_or(true));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_over_wss_says_hello_and_is_welcomed() {
    let cert = Certificate::new();
    let mut server = cert.serve(|_| {}).await;
    let base = https(&server);
    let client = cert.client().build().unwrap();
    let body = json!({"name": "Asha", "players": 2});
    let (code, tokens) = try_room_of(&client, &base, body, 2).await.unwrap();
    let url = format!("{}/ws", base.replacen("https://", "wss://", 1));
    let connector = tokio_tungstenite::Connector::Rustls(cert.rustls());
    let connect =
        tokio_tungstenite::connect_async_tls_with_config(url, None, false, Some(connector));
    let (mut ws, _) = tokio::time::timeout(WAIT, connect)
        .await
        .expect("connects in time")
        .expect("a wss connection");
    let hello = json!({"type": "hello", "room": code, "token": tokens[0]});
    ws.send(Message::Text(hello.to_string().into()))
        .await
        .unwrap();
    let welcome = loop {
        let next = tokio::time::timeout(WAIT, ws.next()).await.expect("answer");
        match next.expect("open").expect("frame") {
            Message::Text(t) => break serde_json::from_str::<Value>(&t).unwrap(),
            _ => continue,
        }
    };
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    assert_eq!(welcome["seat"], 0);
    drop(ws);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_handshake_never_finished_is_closed_after_the_header_timeout() {
    let cert = Certificate::new();
    let mut server = cert.serve(|o| o.http.header_timeout_secs = 1).await;
    let started = Instant::now();
    let mut silent = connect_from(std::net::Ipv4Addr::LOCALHOST, &server.base).await;
    // The first bytes of a ClientHello, and nothing after them.
    let mut half = connect_from(std::net::Ipv4Addr::LOCALHOST, &server.base).await;
    half.write_all(&[0x16, 0x03, 0x01, 0x02, 0x00, 0x01])
        .await
        .unwrap();
    let streams: Vec<(&str, &mut (dyn tokio::io::AsyncRead + Unpin))> =
        vec![("nothing", &mut silent), ("half a hello", &mut half)];
    closed_after_a_second(started, streams).await;
    // Meanwhile the server still answers.
    let res = cert.client().build().unwrap();
    let res = res.get(format!("{}/healthz", https(&server))).send().await;
    assert_eq!(res.expect("answered").status(), 200);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_http2_connection_that_says_nothing_is_closed_after_the_header_timeout() {
    let cert = Certificate::new();
    let mut server = cert.serve(|o| o.http.header_timeout_secs = 1).await;
    let mut config = (*cert.rustls()).clone();
    config.alpn_protocols = vec![b"h2".to_vec()];
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
    let started = Instant::now();
    let tcp = connect_from(std::net::Ipv4Addr::LOCALHOST, &server.base).await;
    let name = rustls::pki_types::ServerName::try_from("127.0.0.1").unwrap();
    let mut tls = connector.connect(name, tcp).await.expect("handshake");
    assert_eq!(tls.get_ref().1.alpn_protocol(), Some(&b"h2"[..]));
    // Not even the connection preface: the server's own SETTINGS come,
    // then the connection is closed.
    closed_after_a_second(started, vec![("nothing after the handshake", &mut tls)]).await;
    // A client that goes quiet between requests opens a new connection.
    let client = cert.client().build().unwrap();
    let url = format!("{}/healthz", https(&server));
    for _ in 0..2 {
        let res = client.get(&url).send().await.expect("answered");
        assert_eq!(res.version(), reqwest::Version::HTTP_2);
        tokio::time::sleep(Duration::from_millis(1500)).await;
    }
    server.stop().await;
}

/// Why a server with these TLS options would not start.
async fn refusal(cert: Option<&Path>, key: Option<&Path>) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut opts = ServeOpts::default();
    opts.store.data_dir = dir.path().to_path_buf();
    opts.http.tls_cert = cert.map(Path::to_path_buf);
    opts.http.tls_key = key.map(Path::to_path_buf);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let run = chowka_server::run(listener, opts, std::future::pending());
    let refused = tokio::time::timeout(WAIT, run)
        .await
        .expect("refused at once");
    match refused {
        Err(e @ chowka_server::StartError::Tls(_)) => e.to_string(),
        other => panic!("not refused for its TLS files: {other:?}"),
    }
}

#[tokio::test]
async fn missing_or_unusable_certificate_files_refuse_to_start() {
    let cert = Certificate::new();
    let other = Certificate::new();
    let (c, k) = (cert.cert(), cert.key());
    let said = refusal(Some(&c), None).await;
    assert!(said.contains("--tls-cert needs --tls-key"), "{said}");
    let said = refusal(None, Some(&k)).await;
    assert!(said.contains("--tls-key needs --tls-cert"), "{said}");
    let missing = cert.dir.path().join("nowhere.pem");
    let said = refusal(Some(&missing), Some(&k)).await;
    assert!(
        said.contains("cannot read the certificate") && said.contains("nowhere.pem"),
        "{said}"
    );
    // The key where the certificate should be, and the other way round.
    let said = refusal(Some(&k), Some(&k)).await;
    assert!(
        said.contains(&format!("{} holds no usable PEM certificate", k.display())),
        "{said}"
    );
    let said = refusal(Some(&c), Some(&c)).await;
    assert!(
        said.contains(&format!("{} holds no usable PEM private key", c.display())),
        "{said}"
    );
    let garbled = cert.dir.path().join("garbled.pem");
    std::fs::write(&garbled, "-----BEGIN CERTIFICATE-----\n!!!\n").unwrap();
    let said = refusal(Some(&garbled), Some(&k)).await;
    assert!(said.contains("garbled.pem holds no usable PEM"), "{said}");
    // A key of another certificate.
    let said = refusal(Some(&c), Some(&other.key())).await;
    assert!(
        said.contains("cannot be used together") && said.contains("cert.pem"),
        "{said}"
    );
}
