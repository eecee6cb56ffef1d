//! The daily e-mail digest (docs/operations.md, "E-mail digest"): off
//! unless the operator gives an SMTP server (`--smtp-url`). A player who
//! asks for it confirms their address by a link before anything else is
//! sent; then at most one e-mail a day, at the local time they chose,
//! lists the games over days where it is their turn. Every e-mail has a
//! one-click unsubscribe link (RFC 8058). No seat token, secret or player
//! hash is ever in an e-mail.
//!
//! - here: [`Mail`], the service: the SMTP transport, the sender, the
//!   site's address, and the limit on verification e-mails.
//! - `words`: the e-mails' and pages' words in the six languages.
//! - `letters`: the e-mails themselves.
//! - `digest`: the worker that sends the digests ([`Digest`]).
//! - `pages`: the pages of the links, `/email/verify` and `/email/unsubscribe`.

mod digest;
mod letters;
pub mod pages;
mod words;

pub use digest::{Digest, DigestClock, Tally, Ticks};
pub use letters::{verify_letter, Letter};
pub use words::MailWords;

use crate::config::MailOpts;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use lettre::message::Mailbox;
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

/// Verification e-mails one player, or one address, may be sent at once;
/// then one more every [`VERIFY_EVERY`].
pub const VERIFY_BURST: u32 = 3;
/// How often another verification e-mail may go once the burst is used.
pub const VERIFY_EVERY: Duration = Duration::from_secs(8 * 3600);
/// How long a verification link works.
pub const VERIFY_FOR_MS: i64 = 48 * 3600 * 1000;
/// The longest address kept (RFC 5321 allows 254 in a path).
pub const MAX_ADDRESS: usize = 254;

/// The e-mail service: `None` inside when the server sends no e-mail.
#[derive(Clone, Default)]
pub struct Mail(Option<Arc<Mailer>>);

/// What sending needs: the transport, the sender and the site's address.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    /// `--public-url`, without a trailing `/`: the links' base.
    site: String,
    /// Verification e-mails, by player and by address.
    verifies: DefaultKeyedRateLimiter<String>,
}

impl std::fmt::Debug for Mail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Some(m) => write!(f, "Mail(from {}, site {})", m.from, m.site),
            None => write!(f, "Mail(off)"),
        }
    }
}

impl Mail {
    /// The service the options ask for: off without `--smtp-url`; an
    /// error, in words for the operator, if it is given without a sender
    /// or a public address, or cannot be read.
    pub fn from_opts(opts: &MailOpts, public_url: Option<&str>) -> Result<Mail, String> {
        let Some(url) = opts.smtp_url.as_deref().filter(|u| !u.trim().is_empty()) else {
            return Ok(Mail(None));
        };
        let shown = crate::store::redact(url);
        let from = (opts.mail_from.as_deref())
            .ok_or("--smtp-url needs --mail-from, the sender (\"Chowka <games@example.org>\")")?;
        let from: Mailbox = from
            .parse()
            .map_err(|e| format!("--mail-from {from:?} is not an address: {e}"))?;
        let site = public_url
            .map(|u| u.trim().trim_end_matches('/'))
            .filter(|u| u.starts_with("https://") || u.starts_with("http://"))
            .ok_or("--smtp-url needs --public-url (https://...): the e-mails' links point there")?;
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| format!("--smtp-url {shown}: {e}"))?
            .timeout(Some(Duration::from_secs(20)))
            .build();
        let burst = NonZeroU32::new(VERIFY_BURST).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::with_period(VERIFY_EVERY)
            .unwrap_or_else(|| Quota::per_hour(NonZeroU32::MIN))
            .allow_burst(burst);
        tracing::info!("e-mail digest on: SMTP {shown}, from {from}");
        Ok(Mail(Some(Arc::new(Mailer {
            transport,
            from,
            site: site.to_string(),
            verifies: RateLimiter::keyed(quota),
        }))))
    }

    /// The mailer, if the server sends e-mail.
    pub fn mailer(&self) -> Option<&Arc<Mailer>> {
        self.0.as_ref()
    }
}

impl Mailer {
    /// The site's address, for links.
    pub fn site(&self) -> &str {
        &self.site
    }

    /// Whether one more verification e-mail may go to this player and
    /// this address (each counted).
    pub fn may_verify(&self, player: &str, address: &str) -> bool {
        let player_ok = self.verifies.check_key(&format!("p:{player}")).is_ok();
        player_ok
            && (self.verifies)
                .check_key(&format!("a:{}", address.to_lowercase()))
                .is_ok()
    }

    /// Forgets the limits' keys that are full again (memory).
    pub fn prune(&self) {
        self.verifies.retain_recent();
    }

    /// Sends `letter` to `to`; the SMTP server's refusal in words.
    pub async fn send(&self, to: &str, letter: letters::Letter) -> Result<(), String> {
        let to: Mailbox = to.parse().map_err(|e| format!("address: {e}"))?;
        let message: Message = letter
            .build(self.from.clone(), to)
            .map_err(|e| format!("message: {e}"))?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

/// The address typed, trimmed, if it can be one: at most
/// [`MAX_ADDRESS`] characters, one `@`, no spaces or control characters,
/// and what lettre's parser takes. The reason in words otherwise.
pub fn check_address(typed: &str) -> Result<String, String> {
    let a = typed.trim();
    if a.is_empty() || a.len() > MAX_ADDRESS {
        return Err(format!("address: 1 to {MAX_ADDRESS} characters"));
    }
    if a.matches('@').count() != 1 || a.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err("address: one @, no spaces".into());
    }
    a.parse::<Address>()
        .map(|_| a.to_string())
        .map_err(|e| format!("address: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_checked() {
        assert_eq!(
            check_address(" asha@example.org ").unwrap(),
            "asha@example.org"
        );
        for bad in [
            "",
            "asha",
            "a@b@c.org",
            "asha @example.org",
            "asha@exa\u{0}mple.org",
            "asha@",
            "@example.org",
            &format!("{}@example.org", "a".repeat(250)),
        ] {
            assert!(check_address(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn e_mail_needs_a_sender_and_the_sites_address() {
        let opts = |url: Option<&str>, from: Option<&str>| MailOpts {
            smtp_url: url.map(String::from),
            mail_from: from.map(String::from),
            ..MailOpts::default()
        };
        assert!(Mail::from_opts(&opts(None, None), None)
            .unwrap()
            .0
            .is_none());
        let smtp = Some("smtp://user:hunter2@localhost:2525");
        let no_from = Mail::from_opts(&opts(smtp, None), Some("https://x.org")).unwrap_err();
        assert!(no_from.contains("--mail-from"), "{no_from}");
        let no_site = Mail::from_opts(&opts(smtp, Some("C <c@x.org>")), None).unwrap_err();
        assert!(no_site.contains("--public-url"), "{no_site}");
        let bad = Mail::from_opts(
            &opts(Some("ftp://user:hunter2@x"), Some("c@x.org")),
            Some("https://x.org"),
        );
        let bad = bad.unwrap_err();
        assert!(
            !bad.contains("hunter2"),
            "the password is never shown: {bad}"
        );
    }
}
