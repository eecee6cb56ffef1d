//! What a page's head tells a link preview (Open Graph and Twitter card
//! tags, and the `<title>`): for a room, "{host} invites you to play ..."
//! in the inviter's language, the room in one line and the picture of its
//! board; for any other page (an unknown room code included), the site's
//! own words and the picture of a usual board.

use super::card::{self, CardKey};
use super::words::Language;
use crate::rooms::Details;
use chowka_protocol::messages::{Pace, RoomStatus};

/// The site's own title and description, as `index.html` has them: the
/// preview of a page that is no room's.
const SITE_TITLE: &str = "Chowka Bhara";
const SITE_DESCRIPTION: &str =
    "Play Chowka Bhara, the Indian cowrie-shell race game, online with friends or the computer.";

/// A page's preview.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preview {
    /// The title (the tab's too).
    pub title: String,
    /// One line under it.
    pub description: String,
    /// The page's absolute address, when known.
    pub url: Option<String>,
    /// The picture's absolute address, when known.
    pub image: Option<String>,
    /// The language the words are in.
    pub language: Language,
}

impl Preview {
    /// The preview of a page that is no room's (the home page's), at
    /// `base` (the site's absolute address, when known).
    pub fn site(base: Option<&str>) -> Preview {
        Preview {
            title: SITE_TITLE.to_string(),
            description: SITE_DESCRIPTION.to_string(),
            url: base.map(|b| format!("{b}/")),
            image: base.map(|b| format!("{b}/card.png")),
            language: Language::En,
        }
    }

    /// The preview of a room's link: its host's invitation in the language
    /// of the page that made the room.
    pub fn room(details: &Details, base: Option<&str>) -> Preview {
        let room = &details.room;
        let words = details.language.words();
        let host = room
            .seats
            .iter()
            .find(|s| s.host)
            .and_then(|s| s.name.as_deref());
        let days = room.pace == Pace::Days;
        let seats = match room.status {
            RoomStatus::Lobby => room.rules.players,
            _ => room.seats.len() as u8,
        };
        Preview {
            title: words.greeting(host),
            description: words.room_line(seats, room.rules.board, days),
            url: base.map(|b| format!("{b}/r/{}", room.code)),
            image: base.map(|b| format!("{b}/r/{}/card.png", room.code)),
            language: details.language,
        }
    }

    /// The picture's set-up, for the default site picture.
    pub fn site_card() -> CardKey {
        let rules = chowka_protocol::Rules::with(
            chowka_protocol::Preset::default(),
            chowka_protocol::Overrides::default(),
        );
        match rules {
            Ok(rules) => CardKey::of(&rules, rules.players as usize),
            Err(_) => CardKey {
                size: 7,
                seats: 4,
                pawns: 4,
                start_home: true,
            },
        }
    }

    /// The tags, as HTML for the page's head: every value escaped (a
    /// host's name is whatever they typed).
    pub fn html(&self) -> String {
        let mut out = format!("<title>{}</title>\n", escape(&self.title));
        let mut meta = |attr: &str, name: &str, value: &str| {
            out.push_str(&format!(
                "  <meta {attr}=\"{name}\" content=\"{}\">\n",
                escape(value)
            ));
        };
        meta("property", "og:type", "website");
        meta("property", "og:site_name", SITE_TITLE);
        meta("property", "og:title", &self.title);
        meta("property", "og:description", &self.description);
        meta("property", "og:locale", locale(self.language));
        if let Some(url) = &self.url {
            meta("property", "og:url", url);
        }
        if let Some(image) = &self.image {
            meta("property", "og:image", image);
            meta("property", "og:image:type", "image/png");
            meta("property", "og:image:width", &card::WIDTH.to_string());
            meta("property", "og:image:height", &card::HEIGHT.to_string());
        }
        meta("name", "twitter:card", "summary_large_image");
        meta("name", "twitter:title", &self.title);
        meta("name", "twitter:description", &self.description);
        if let Some(image) = &self.image {
            meta("name", "twitter:image", image);
        }
        out
    }
}

/// The Open Graph locale of a language (`kn_IN`).
fn locale(language: Language) -> &'static str {
    match language {
        Language::En => "en_IN",
        Language::Kn => "kn_IN",
        Language::Hi => "hi_IN",
        Language::Mr => "mr_IN",
        Language::Ta => "ta_IN",
        Language::Te => "te_IN",
    }
}

/// `text` safe inside an HTML element or a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `page` (the rendered `index.html`) with its `<title>` replaced by
/// `tags` (a preview's [`Preview::html`]); a page without a title gets
/// them at the top of its head.
pub fn with_tags(page: &str, tags: &str) -> String {
    match (page.find("<title>"), page.find("</title>")) {
        (Some(start), Some(end)) if start < end => {
            let end = end + "</title>".len();
            let tags = tags.trim_end_matches('\n');
            format!("{}{tags}{}", &page[..start], &page[end..])
        }
        _ => match page.find("<head>") {
            Some(at) => {
                let at = at + "<head>".len();
                format!("{}\n{tags}{}", &page[..at], &page[at..])
            }
            None => format!("{tags}{page}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn preview(title: &str) -> Preview {
        Preview {
            title: title.to_string(),
            description: "2 players, 5×5 board · Live".to_string(),
            url: Some("https://example.org/r/K7MPX3Q".to_string()),
            image: Some("https://example.org/r/K7MPX3Q/card.png".to_string()),
            language: Language::Kn,
        }
    }

    #[test]
    fn a_hosts_name_is_escaped_everywhere() {
        let html = preview("<script>x</script>\"' & co invites you").html();
        assert!(!html.contains("<script>"), "{html}");
        assert!(html.contains("&lt;script&gt;x&lt;/script&gt;&quot;&#39; &amp; co"));
        assert!(html.contains("<meta property=\"og:locale\" content=\"kn_IN\">"));
        assert!(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"));
        assert!(html.contains("<meta property=\"og:image:width\" content=\"1200\">"));
    }

    #[test]
    fn the_preview_takes_the_place_of_the_title() {
        let page = "<head>\n  <meta charset=\"utf-8\">\n  <title>Chowka Bhara</title>\n  <link rel=\"icon\">\n</head>";
        let out = with_tags(page, &preview("Asha invites you").html());
        assert!(out.starts_with("<head>\n  <meta charset=\"utf-8\">\n  <title>Asha invites you</title>\n  <meta property="), "{out}");
        assert!(
            out.ends_with("\">\n  <link rel=\"icon\">\n</head>"),
            "{out}"
        );
        assert_eq!(out.matches("<title>").count(), 1);
        let bare = with_tags("<head></head>", &preview("Asha").html());
        assert!(bare.starts_with("<head>\n<title>Asha</title>"), "{bare}");
    }

    #[test]
    fn a_page_without_a_known_address_has_no_address_tags() {
        let html = Preview::site(None).html();
        assert!(html.contains("<title>Chowka Bhara</title>"));
        assert!(
            !html.contains("og:url") && !html.contains("og:image"),
            "{html}"
        );
        let html = Preview::site(Some("http://x")).html();
        assert!(html.contains("content=\"http://x/card.png\""), "{html}");
    }
}
