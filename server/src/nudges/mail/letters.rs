//! The e-mails: the verification e-mail and the daily digest, each with
//! a text and an HTML part in the player's language. They carry links to
//! the site only: a room's public address, a verification or unsubscribe
//! link with its own one-use token; never a seat token, the player's
//! secret or their hash.

use super::words::MailWords;
use crate::invite::tags::escape;
use crate::invite::Language;
use lettre::message::header::{Header, HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::Message;

/// An e-mail before it is addressed.
#[derive(Clone, Debug)]
pub struct Letter {
    /// Subject line.
    pub subject: String,
    /// The text part.
    pub text: String,
    /// The HTML part.
    pub html: String,
    /// The one-click unsubscribe link (RFC 8058), for `List-Unsubscribe`.
    pub unsubscribe: Option<String>,
}

/// `List-Unsubscribe: <https://…>`.
#[derive(Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }
    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(s.trim().to_string()))
    }
    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click`: a mail program
/// may unsubscribe with one POST, without opening a page.
#[derive(Clone)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }
    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribePost)
    }
    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".into())
    }
}

impl Letter {
    /// The message from `from` to `to`.
    pub fn build(self, from: Mailbox, to: Mailbox) -> Result<Message, lettre::error::Error> {
        // A Message-ID of this host's name: mail servers mark mail without one.
        let mut builder = (Message::builder().from(from).to(to))
            .subject(self.subject)
            .message_id(None);
        if let Some(link) = self.unsubscribe {
            builder = builder
                .header(ListUnsubscribe(format!("<{link}>")))
                .header(ListUnsubscribePost);
        }
        builder.multipart(MultiPart::alternative_plain_html(self.text, self.html))
    }
}

/// One game of a digest.
#[derive(Clone, Debug, PartialEq)]
pub struct DigestGame {
    /// The room's code (its public address is `/r/{code}`).
    pub code: String,
    /// The other players' names (unnamed seats left out).
    pub others: Vec<String>,
    /// When the player's clock runs out, ms since the epoch.
    pub due_at: Option<i64>,
    /// A new game of one of their circles waiting for them, not their
    /// turn: the circle's name and who made it.
    pub invited: Option<(String, String)>,
}

/// "19:00" for a minute of the day.
pub fn clock_time(minute: u16) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

/// The page around an HTML e-mail's body: the language, and no more.
fn html_page(lang: Language, body: &str) -> String {
    format!(
        "<!DOCTYPE html><html lang=\"{}\"><head><meta charset=\"utf-8\"></head>\
         <body style=\"font-family:sans-serif;line-height:1.5\">{body}</body></html>",
        lang.code()
    )
}

/// The verification e-mail: the link that confirms the address.
pub fn verify_letter(lang: Language, site: &str, token: &str) -> Letter {
    let w = MailWords::of(lang);
    let game = lang.words().game;
    let link = format!("{site}/email/verify?t={token}");
    let body = w.verify_body.replace("{game}", game);
    Letter {
        subject: w.verify_subject.replace("{game}", game),
        text: format!("{body}\n\n{link}\n\n{}\n", w.verify_ignore),
        html: html_page(
            lang,
            &format!(
                "<p>{}</p><p><a href=\"{link}\">{}</a></p><p>{}</p>",
                escape(&body),
                escape(w.confirm_button),
                escape(w.verify_ignore)
            ),
        ),
        unsubscribe: None,
    }
}

/// "5 h left", "2 days left": a whole number, rounded down, at least 1.
fn time_left(w: &MailWords, due_at: i64, now: i64) -> String {
    let hours = ((due_at - now).max(0) / 3_600_000).max(1);
    if hours >= 48 {
        w.days_left.replace("{n}", &(hours / 24).to_string())
    } else {
        w.hours_left.replace("{n}", &hours.to_string())
    }
}

/// The digest: the games where it is the player's turn, each with its
/// other players, its time left and its link; the unsubscribe link.
pub fn digest_letter(
    lang: Language,
    site: &str,
    games: &[DigestGame],
    minute: u16,
    unsubscribe_token: &str,
    now: i64,
) -> Letter {
    let w = MailWords::of(lang);
    let game_name = lang.words().game;
    let n = games.iter().filter(|g| g.invited.is_none()).count();
    let subject = match n {
        0 => w.subject_invited,
        1 => w.subject_one,
        _ => w.subject_many,
    };
    let stop = format!("{site}/email/unsubscribe?t={unsubscribe_token}");
    let footer = w.footer.replace("{time}", &clock_time(minute));
    let intro = if n == 0 { w.intro_invited } else { w.intro };
    let mut text = format!("{intro}\n\n");
    let mut items = String::new();
    for g in games {
        let link = format!("{site}/r/{}", g.code);
        let mut facts = Vec::new();
        let mut go = w.play;
        if let Some((circle, by)) = &g.invited {
            facts.push(w.invited.replace("{by}", by).replace("{circle}", circle));
            go = w.join;
        } else if !g.others.is_empty() {
            facts.push(w.with.replace("{names}", &g.others.join(", ")));
        }
        if let Some(due) = g.due_at {
            facts.push(time_left(w, due, now));
        }
        let facts = facts.join(" · ");
        text.push_str(&format!("- {facts}\n  {go}: {link}\n"));
        items.push_str(&format!(
            "<li>{} — <a href=\"{link}\">{}</a></li>",
            escape(&facts),
            escape(go)
        ));
    }
    text.push_str(&format!("\n{footer}\n{}: {stop}\n", w.stop));
    let html = format!(
        "<p>{}</p><ul>{items}</ul><p style=\"color:#555;font-size:small\">{}<br>\
         <a href=\"{stop}\">{}</a></p>",
        escape(intro),
        escape(&footer),
        escape(w.stop)
    );
    Letter {
        subject: subject
            .replace("{n}", &n.to_string())
            .replace("{game}", game_name),
        text,
        html: html_page(lang, &html),
        unsubscribe: Some(stop),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_digest_lists_each_game_with_its_link_and_escapes_names() {
        let games = [
            DigestGame {
                code: "ABCD".into(),
                others: vec!["Ravi".into(), "<b>Meena</b>".into()],
                due_at: Some(5 * 3_600_000 + 60_000),
                invited: None,
            },
            DigestGame {
                code: "WXYZ".into(),
                others: vec![],
                due_at: Some(3 * 24 * 3_600_000),
                invited: None,
            },
            DigestGame {
                code: "NEWG".into(),
                others: vec![],
                due_at: None,
                invited: Some(("Rao family".into(), "Asha".into())),
            },
        ];
        let l = digest_letter(Language::En, "https://c.org", &games, 19 * 60, "tok", 0);
        assert_eq!(l.subject, "Your turn in 2 games — Chowka Bhara");
        assert!(
            l.text.contains("with Ravi, <b>Meena</b> · 5 h left"),
            "{}",
            l.text
        );
        assert!(l.text.contains("https://c.org/r/ABCD"));
        assert!(
            l.text
                .contains("Asha invites you to a game in Rao family\n  Join: https://c.org/r/NEWG"),
            "{}",
            l.text
        );
        assert!(l.text.contains("3 days left"));
        assert!(l.text.contains("at 19:00"));
        assert!(l.html.contains("&lt;b&gt;Meena"), "{}", l.html);
        assert!(!l.html.contains("<b>Meena"));
        assert_eq!(
            l.unsubscribe.as_deref(),
            Some("https://c.org/email/unsubscribe?t=tok")
        );
        let one = digest_letter(Language::Kn, "https://c.org", &games[..1], 0, "t", 0);
        assert!(one.subject.starts_with("1 "), "{}", one.subject);
        let invited = digest_letter(Language::En, "https://c.org", &games[2..], 0, "t", 0);
        assert_eq!(invited.subject, "A game is waiting for you — Chowka Bhara");
    }

    #[test]
    fn the_message_has_both_parts_and_the_one_click_headers() {
        let l = digest_letter(Language::Hi, "https://c.org", &[], 60, "tok", 0);
        let m = l
            .build("C <c@c.org>".parse().unwrap(), "a@b.org".parse().unwrap())
            .unwrap();
        let raw = String::from_utf8(m.formatted()).unwrap();
        assert!(raw.contains("List-Unsubscribe: <https://c.org/email/unsubscribe?t=tok>"));
        assert!(raw.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
        assert!(raw.contains("text/plain") && raw.contains("text/html"));
        assert!(raw.contains("Message-ID: <"), "{raw}");
    }
}
