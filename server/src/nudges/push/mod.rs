//! Web Push (RFC 8030, 8291, 8292), on only with `--push`: telling a
//! player on their device that it is their turn in a game over days when
//! no page of theirs is open (docs/operations.md, "Telling players it is
//! their turn").
//!
//! The encryption (aes128gcm) and the VAPID key pair are the
//! `web-push-native` crate's (RustCrypto); its VAPID header is made here
//! only because that crate's audience drops the port.
//!
//! # Layout
//! - here: [`Push`], the service handlers and the worker share: the
//!   server's key, the HTTP client, one push sent and what came of it.
//! - `subscription`: a browser's subscription, checked.
//! - `worker`: each node's look for turns to tell, its claims and retries.

mod subscription;
mod worker;

pub use subscription::{endpoint_ok, p256_key, unbase64, Keys, Subscription, LANGS};
pub use worker::{spawn_worker, RetryWaits, Turn};

use crate::config::PushOpts;
use crate::metrics::Metrics;
use crate::store::{Store, StoreError};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use bytes::Bytes;
use http_body_util::Full;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use std::sync::Arc;
use std::time::Duration;
use web_push_native::jwt_simple::prelude::{
    Claims, Duration as JwtDuration, ECDSAP256KeyPairLike, ECDSAP256PublicKeyLike, ES256KeyPair,
};
use web_push_native::WebPushBuilder;

/// The name of the VAPID private key in `server_keys`.
const VAPID_KEY: &str = "vapid";

/// How long one push request may take.
const SEND_TIMEOUT: Duration = Duration::from_secs(15);

/// How long a VAPID signature holds (push services take at most 24 hours).
const VAPID_HOURS: u64 = 12;

/// The HTTP client pushes go out on: https (webpki roots) or plain http.
type HttpClient = Client<hyper_rustls::HttpsConnector<HttpConnector>, Full<Bytes>>;

/// Web Push, when the operator turned it on: `None` inside otherwise.
#[derive(Clone, Default)]
pub struct Push(Option<Arc<Sender>>);

/// What sending takes: the server's key pair, its contact, a client.
pub struct Sender {
    key: ES256KeyPair,
    /// The public key, base64url, uncompressed: `applicationServerKey`.
    public: String,
    contact: String,
    client: HttpClient,
    metrics: Arc<Metrics>,
    opts: PushOpts,
}

/// What came of one push.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The push service took it (2xx).
    Sent,
    /// The subscription is gone (404, 410): drop it.
    Gone,
    /// Worth another try later (429, 5xx, timeout, no connection).
    Retry,
    /// Refused for good (400, 403, 413 ...): logged, not tried again.
    Refused,
}

impl Push {
    /// Push off: every push route answers `push_off`.
    pub fn off() -> Push {
        Push(None)
    }

    /// Push on: the VAPID key pair is read from the store, made and kept
    /// there first if no node made it yet (insert if absent, then read
    /// back, so that every node signs with the same key).
    pub async fn start(
        opts: &PushOpts,
        store: &Store,
        metrics: Arc<Metrics>,
    ) -> Result<Push, StoreError> {
        let fresh = URL_SAFE_NO_PAD.encode(ES256KeyPair::generate().to_bytes());
        let kept = store.server_key(VAPID_KEY, &fresh).await?;
        let bytes = unbase64(&kept).unwrap_or_default();
        let key = ES256KeyPair::from_bytes(&bytes)
            .map_err(|e| StoreError::Corrupt(format!("server_keys.{VAPID_KEY}: {e}")))?;
        let public = URL_SAFE_NO_PAD.encode(key.public_key().public_key().to_bytes_uncompressed());
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_webpki_roots()
            .https_or_http()
            .enable_http1()
            .build();
        let client = Client::builder(TokioExecutor::new()).build(https);
        Ok(Push(Some(Arc::new(Sender {
            key,
            public,
            contact: opts.push_contact.clone().unwrap_or_default(),
            client,
            metrics,
            opts: opts.clone(),
        }))))
    }

    /// The sender, when push is on.
    pub fn on(&self) -> Option<&Arc<Sender>> {
        self.0.as_ref()
    }
}

impl Sender {
    /// The push services subscriptions may name (`--push-services`).
    pub fn services(&self) -> &[String] {
        &self.opts.push_services
    }

    /// The server's public key, base64url: `applicationServerKey`.
    pub fn public_key(&self) -> &str {
        &self.public
    }

    /// The options it runs with.
    pub fn opts(&self) -> &PushOpts {
        &self.opts
    }

    /// The metrics it counts in.
    pub fn metrics(&self) -> &Metrics {
        &self.metrics
    }

    /// The VAPID `Authorization` header for `endpoint` (RFC 8292): a JWT
    /// whose audience is the endpoint's origin, port included.
    fn vapid(&self, endpoint: &hyper::Uri) -> Option<String> {
        let scheme = endpoint.scheme_str()?;
        let authority = endpoint.authority()?;
        let claims = Claims::create(JwtDuration::from_hours(VAPID_HOURS))
            .with_audience(format!("{scheme}://{authority}"))
            .with_subject(&self.contact);
        let token = self.key.sign(claims).ok()?;
        Some(format!("vapid t={token}, k={}", self.public))
    }

    /// Sends `payload` to `sub`, encrypted for it (RFC 8291), kept by the
    /// push service at most `ttl` and replacing any earlier push of the
    /// same `topic`.
    pub async fn send(
        &self,
        sub: &Subscription,
        payload: &[u8],
        ttl: Duration,
        topic: &str,
    ) -> Outcome {
        let (Ok(uri), Some(ua_public), Some(auth)) = (
            sub.endpoint.parse::<hyper::Uri>(),
            unbase64(&sub.keys.p256dh).and_then(|k| p256_key(&k)),
            unbase64(&sub.keys.auth).filter(|a| a.len() == 16),
        ) else {
            return Outcome::Refused;
        };
        let auth = web_push_native::Auth::clone_from_slice(&auth);
        let built = WebPushBuilder::new(uri.clone(), ua_public, auth)
            .with_valid_duration(ttl)
            .build(payload.to_vec());
        let (Ok(request), Some(vapid)) = (built, self.vapid(&uri)) else {
            return Outcome::Refused;
        };
        let (mut parts, body) = request.into_parts();
        let headers = &mut parts.headers;
        let values = [
            ("authorization", vapid),
            ("urgency", "normal".into()),
            ("topic", topic.into()),
        ];
        for (name, value) in values {
            match hyper::header::HeaderValue::try_from(value) {
                Ok(v) => headers.insert(name, v),
                Err(_) => return Outcome::Refused,
            };
        }
        let request = hyper::Request::from_parts(parts, Full::new(Bytes::from(body)));
        let answer = tokio::time::timeout(SEND_TIMEOUT, self.client.request(request)).await;
        match answer {
            Ok(Ok(res)) => outcome_of(res.status().as_u16()),
            Ok(Err(e)) => {
                tracing::debug!("push: cannot reach {}: {e}", uri.host().unwrap_or(""));
                Outcome::Retry
            }
            Err(_) => Outcome::Retry,
        }
    }
}

/// What a push service's status says.
fn outcome_of(status: u16) -> Outcome {
    match status {
        200..=299 => Outcome::Sent,
        404 | 410 => Outcome::Gone,
        429 | 500..=599 => Outcome::Retry,
        _ => Outcome::Refused,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_push_services_answer_says_what_to_do() {
        assert_eq!(outcome_of(201), Outcome::Sent);
        assert_eq!(outcome_of(410), Outcome::Gone);
        assert_eq!(outcome_of(404), Outcome::Gone);
        assert_eq!(outcome_of(503), Outcome::Retry);
        assert_eq!(outcome_of(429), Outcome::Retry);
        assert_eq!(outcome_of(413), Outcome::Refused);
        assert_eq!(outcome_of(400), Outcome::Refused);
    }
}
