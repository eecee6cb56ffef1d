//! A browser's push subscription as `POST /api/me/push` sends it
//! (`PushSubscription.toJSON()` and the page's language), checked before
//! anything is kept: a push service's https address, and keys that are
//! what RFC 8291 needs.

use crate::error::{ErrorCode, Refusal};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::Deserialize;

/// The longest push service address kept (the big ones are about 200
/// characters; the limit keeps a row small).
pub const MAX_ENDPOINT: usize = 1024;

/// The languages a notification can be shown in: the client's.
pub const LANGS: [&str; 6] = ["en", "kn", "te", "hi", "mr", "ta"];

/// A subscription as kept: where to send, the browser's keys, the language.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Subscription {
    /// The push service's address for this browser.
    pub endpoint: String,
    /// The browser's keys.
    pub keys: Keys,
    /// The language its notifications are shown in.
    pub lang: String,
}

/// The browser's keys, base64url as `toJSON()` gives them.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Keys {
    /// Its P-256 public key (65 bytes, uncompressed).
    pub p256dh: String,
    /// Its auth secret (16 bytes).
    pub auth: String,
}

/// Decodes base64url with or without padding.
pub fn unbase64(text: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD.decode(text.trim_end_matches('=')).ok()
}

/// Whether `endpoint` is an address a push may go to: https to one of
/// `services` (`--push-services`: a host named there, or under it), or
/// http(s) to this machine (a local push service, the tests).
pub fn endpoint_ok(endpoint: &str, services: &[String]) -> bool {
    let Ok(uri) = endpoint.parse::<hyper::Uri>() else {
        return false;
    };
    let host = uri.host().unwrap_or("").to_ascii_lowercase();
    let loopback = matches!(host.as_str(), "127.0.0.1" | "localhost" | "[::1]" | "::1");
    let known = services.iter().any(|s| {
        let s = s.trim().to_ascii_lowercase();
        !s.is_empty() && (host == s || host.ends_with(&format!(".{s}")))
    });
    let place_ok = match uri.scheme_str() {
        Some("https") => known || loopback,
        Some("http") => loopback,
        _ => false,
    };
    place_ok && endpoint.len() <= MAX_ENDPOINT
}

impl Subscription {
    /// Refuses (`bad_request`, saying what) an address that is not one
    /// of `services`' ([`endpoint_ok`]), keys of the wrong size or not on
    /// the curve, and a language the client does not have.
    pub fn check(&self, services: &[String]) -> Result<(), Refusal> {
        let bad = |why: &'static str| Err(Refusal::with(ErrorCode::BadRequest, why));
        if !endpoint_ok(&self.endpoint, services) {
            return bad("endpoint: an https address of a browser's push service (--push-services), of at most 1024 characters");
        }
        let key = unbase64(&self.keys.p256dh);
        let on_curve = key.is_some_and(|k| p256_key(&k).is_some());
        if !on_curve {
            return bad("keys.p256dh: a P-256 public key, base64url");
        }
        if unbase64(&self.keys.auth).is_none_or(|a| a.len() != 16) {
            return bad("keys.auth: 16 bytes, base64url");
        }
        if !LANGS.contains(&self.lang.as_str()) {
            return bad("lang: one of en kn te hi mr ta");
        }
        Ok(())
    }
}

/// The browser's public key, if `bytes` is an uncompressed P-256 point.
pub fn p256_key(bytes: &[u8]) -> Option<web_push_native::p256::PublicKey> {
    (bytes.len() == 65)
        .then(|| web_push_native::p256::PublicKey::from_sec1_bytes(bytes).ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sub(endpoint: &str, p256dh: &str, auth: &str, lang: &str) -> Subscription {
        Subscription {
            endpoint: endpoint.into(),
            keys: Keys {
                p256dh: p256dh.into(),
                auth: auth.into(),
            },
            lang: lang.into(),
        }
    }

    /// A real key from a browser's subscription (RFC 8291's example).
    const UA_PUBLIC: &str =
        "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
    const AUTH: &str = "BTBZMqHH6r4Tts7J_aSIgg";

    #[test]
    fn a_browsers_subscription_is_taken_and_anything_else_refused() {
        let good = sub(
            "https://fcm.googleapis.com/fcm/send/abc",
            UA_PUBLIC,
            AUTH,
            "kn",
        );
        let services: Vec<String> = ["fcm.googleapis.com", "push.apple.com"]
            .map(String::from)
            .to_vec();
        assert!(good.check(&services).is_ok());
        let apple = sub("https://web.push.apple.com/QGx", UA_PUBLIC, AUTH, "en");
        assert!(apple.check(&services).is_ok(), "a service's subdomain");
        let local = sub("http://127.0.0.1:9000/p/1", UA_PUBLIC, AUTH, "en");
        assert!(
            local.check(&services).is_ok(),
            "a local push service, for tests"
        );
        for bad in [
            // Not a push service: no posting to addresses of a player's choosing.
            sub("https://intranet.example.org/admin", UA_PUBLIC, AUTH, "en"),
            sub(
                "https://fcm.googleapis.com.evil.org/x",
                UA_PUBLIC,
                AUTH,
                "en",
            ),
            sub("https://evilpush.apple.com.org/x", UA_PUBLIC, AUTH, "en"),
            sub("https://10.0.0.5/x", UA_PUBLIC, AUTH, "en"),
            sub("http://push.example.org/x", UA_PUBLIC, AUTH, "en"),
            sub("ftp://push.example.org/x", UA_PUBLIC, AUTH, "en"),
            sub("not a url", UA_PUBLIC, AUTH, "en"),
            sub(
                &format!("https://fcm.googleapis.com/{}", "x".repeat(1100)),
                UA_PUBLIC,
                AUTH,
                "en",
            ),
            sub("https://fcm.googleapis.com/x", &UA_PUBLIC[..40], AUTH, "en"),
            sub(
                "https://fcm.googleapis.com/x",
                &format!("A{}", &UA_PUBLIC[1..]),
                AUTH,
                "en",
            ),
            sub(
                "https://fcm.googleapis.com/x",
                UA_PUBLIC,
                "BTBZMqHH6r4Tts7J",
                "en",
            ),
            sub("https://fcm.googleapis.com/x", UA_PUBLIC, "%%%", "en"),
            sub("https://fcm.googleapis.com/x", UA_PUBLIC, AUTH, "fr"),
        ] {
            assert!(bad.check(&services).is_err(), "{bad:?}");
        }
    }
}
