//! The invitation's words in the six languages of the web client, for the
//! room link's preview tags (a chat app shows them before anyone opens the
//! link). Taken from the client's catalogs (`web-client/i18n/{lang}/`),
//! which a test checks they still match, so a preview says what the
//! greeting on the page says.

use serde::{Deserialize, Serialize};

/// A language of the web client. The inviter's is kept with the room; one
/// not among these (or none, as in rooms made before) is English.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// English, the fallback.
    #[default]
    En,
    /// Kannada.
    Kn,
    /// Hindi.
    Hi,
    /// Marathi.
    Mr,
    /// Tamil.
    Ta,
    /// Telugu.
    Te,
}

impl Language {
    /// Every language, English first.
    pub const ALL: [Language; 6] = [
        Language::En,
        Language::Kn,
        Language::Hi,
        Language::Mr,
        Language::Ta,
        Language::Te,
    ];

    /// The language's code, as the client and `<html lang>` spell it.
    pub fn code(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Kn => "kn",
            Language::Hi => "hi",
            Language::Mr => "mr",
            Language::Ta => "ta",
            Language::Te => "te",
        }
    }

    /// The language a page's code names (`kn`, `kn-IN`, `KN`), else English.
    pub fn from_code(code: &str) -> Language {
        let base = code.split(['-', '_']).next().unwrap_or_default();
        Language::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(base))
            .unwrap_or_default()
    }

    /// Reads a stored or requested language leniently: anything that is not
    /// one of the six is English, never an error.
    pub fn lenient<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Language, D::Error> {
        let code = Option::<String>::deserialize(d)?;
        Ok(code.map(|c| Language::from_code(&c)).unwrap_or_default())
    }

    /// The invitation's words in this language.
    pub fn words(self) -> &'static Words {
        match self {
            Language::En => &EN,
            Language::Kn => &KN,
            Language::Hi => &HI,
            Language::Mr => &MR,
            Language::Ta => &TA,
            Language::Te => &TE,
        }
    }
}

/// The words of one language, each the client's text of the key named.
#[derive(Debug)]
pub struct Words {
    /// `site.gameName`: what the game is called in this language.
    pub game: &'static str,
    /// `site.brand`: the site's short name (the app's name under its icon).
    pub brand: &'static str,
    /// `home.lead`: the site in one sentence (the app's description).
    pub lead: &'static str,
    /// `lobby.greet`: "{host} invites you to play {game}".
    pub greet: &'static str,
    /// `lobby.greetNoHost`: the same without the host's name.
    pub greet_no_host: &'static str,
    /// `lobby.greetRules`: "{seats} players, {size}×{size} board".
    pub rules: &'static str,
    /// `pace.live`: everyone plays at once.
    pub live: &'static str,
    /// `pace.days`: a game over days.
    pub days: &'static str,
}

impl Words {
    /// The greeting, with the host's name (as given: escaping is the page's business).
    pub fn greeting(&self, host: Option<&str>) -> String {
        match host.filter(|h| !h.is_empty()) {
            Some(host) => self
                .greet
                .replace("{host}", host)
                .replace("{game}", self.game),
            None => self.greet_no_host.replace("{game}", self.game),
        }
    }

    /// The room in one line: seats, board and pace.
    pub fn room_line(&self, seats: u8, size: u8, days: bool) -> String {
        let rules = (self.rules)
            .replace("{seats}", &seats.to_string())
            .replace("{size}", &size.to_string());
        format!("{rules} · {}", if days { self.days } else { self.live })
    }
}

const EN: Words = Words {
    game: "Chowka Bhara",
    brand: "Chowka",
    lead: "Throw the cowries, race your pawns to the centre: with friends or the computer.",
    greet: "{host} invites you to play {game}",
    greet_no_host: "You are invited to play {game}",
    rules: "{seats} players, {size}×{size} board",
    live: "Live",
    days: "Over days",
};

const KN: Words = Words {
    game: "ಚೌಕಾಬಾರ",
    brand: "ಚೌಕ",
    lead: "ಕವಡೆ ಹಾಕಿ, ನಿಮ್ಮ ಕಾಯಿಗಳನ್ನು ನಡುಮನೆಗೆ ಓಡಿಸಿ: ಗೆಳೆಯರ ಜೊತೆ ಅಥವಾ ಕಂಪ್ಯೂಟರ್ ಜೊತೆ.",
    greet: "{host} ಅವರು ನಿಮ್ಮನ್ನು {game} ಆಡಲು ಕರೆದಿದ್ದಾರೆ",
    greet_no_host: "ನಿಮ್ಮನ್ನು {game} ಆಡಲು ಕರೆದಿದ್ದಾರೆ",
    rules: "{seats} ಆಟಗಾರರು, {size}×{size} ಮಣೆ",
    live: "ಈಗಲೇ ಒಟ್ಟಿಗೆ",
    days: "ದಿನಗಳ ಕಾಲ",
};

const HI: Words = Words {
    game: "कन्ना कौड़ी",
    brand: "चौका",
    lead: "कौड़ियाँ फेंकिए और अपनी गोटियाँ दौड़ाकर बीच तक पहुँचाइए: दोस्तों के साथ या कंप्यूटर से।",
    greet: "{host} आपको {game} खेलने बुला रहे हैं",
    greet_no_host: "आपको {game} खेलने का न्योता है",
    rules: "{seats} खिलाड़ी, {size}×{size} बिसात",
    live: "अभी साथ में",
    days: "कई दिनों में",
};

const MR: Words = Words {
    game: "चंपूल",
    brand: "चंपूल",
    lead: "कवड्या टाका, आपल्या सोंगट्या पळवत मधल्या घरात आणा: मित्रांसोबत किंवा कॉम्प्युटरसोबत.",
    greet: "{host} तुम्हाला {game} खेळायला बोलवत आहेत",
    greet_no_host: "तुम्हाला {game} खेळायचे आमंत्रण आहे",
    rules: "{seats} खेळाडू, {size}×{size} पट",
    live: "आत्ता एकत्र",
    days: "अनेक दिवसांत",
};

const TA: Words = Words {
    game: "தாயம்",
    brand: "சௌகா",
    lead: "சோழி போடுங்கள், உங்கள் காய்களை நடுக்கட்டத்துக்குக் கொண்டு சேருங்கள்: நண்பர்களோடு அல்லது கணினியோடு.",
    greet: "{host} உங்களை {game} ஆட அழைக்கிறார்",
    greet_no_host: "உங்களை {game} ஆட அழைக்கிறார்கள்",
    rules: "{seats} ஆட்கள், {size}×{size} கட்டம்",
    live: "இப்போதே ஒன்றாக",
    days: "பல நாட்களாக",
};

const TE: Words = Words {
    game: "అష్టా చెమ్మా",
    brand: "చౌకా",
    lead: "గవ్వలు వేయండి, మీ పావులను మధ్య గడికి చేర్చండి: స్నేహితులతో గానీ కంప్యూటర్‌తో గానీ.",
    greet: "{host} మిమ్మల్ని {game} ఆడటానికి పిలుస్తున్నారు",
    greet_no_host: "మిమ్మల్ని {game} ఆడటానికి పిలుస్తున్నారు",
    rules: "{seats} ఆటగాళ్ళు, {size}×{size} పటం",
    live: "ఇప్పుడే కలిసి",
    days: "రోజుల తరబడి",
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of `key` in a catalog file's source (`'key': 'text',`).
    fn catalog_text(source: &str, key: &str) -> Option<String> {
        let start = source.find(&format!("'{key}': '"))? + key.len() + 5;
        let mut out = String::new();
        let mut chars = source[start..].chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => out.push(chars.next()?),
                '\'' => return Some(out),
                c => out.push(c),
            }
        }
        None
    }

    #[test]
    fn the_words_are_the_web_clients() {
        let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../web-client/i18n"));
        for lang in Language::ALL {
            let read = |part: &str| {
                std::fs::read_to_string(dir.join(lang.code()).join(format!("{part}.js")))
                    .unwrap_or_else(|e| panic!("{} {part}: {e}", lang.code()))
            };
            let (ui, people) = (read("ui"), read("people"));
            let w = lang.words();
            for (source, key, ours) in [
                (&ui, "site.gameName", w.game),
                (&ui, "site.brand", w.brand),
                (&ui, "home.lead", w.lead),
                (&ui, "lobby.greet", w.greet),
                (&ui, "lobby.greetNoHost", w.greet_no_host),
                (&ui, "lobby.greetRules", w.rules),
                (&people, "pace.live", w.live),
                (&people, "pace.days", w.days),
            ] {
                assert_eq!(
                    catalog_text(source, key).as_deref(),
                    Some(ours),
                    "{} {key}",
                    lang.code()
                );
            }
        }
    }

    #[test]
    fn an_unknown_language_is_english() {
        assert_eq!(Language::from_code("kn-IN"), Language::Kn);
        assert_eq!(Language::from_code("TE"), Language::Te);
        for code in ["fr", "", "knx", "<b>"] {
            assert_eq!(Language::from_code(code), Language::En, "{code}");
        }
        let read = |json: &str| -> Language {
            #[derive(Deserialize)]
            struct S {
                #[serde(default, deserialize_with = "Language::lenient")]
                language: Language,
            }
            serde_json::from_str::<S>(json).unwrap().language
        };
        assert_eq!(read(r#"{"language":"mr"}"#), Language::Mr);
        assert_eq!(read(r#"{"language":"xx"}"#), Language::En);
        assert_eq!(read(r#"{"language":null}"#), Language::En);
        assert_eq!(read("{}"), Language::En);
    }

    #[test]
    fn the_greeting_and_the_line_fill_their_places() {
        let w = Language::En.words();
        assert_eq!(
            w.greeting(Some("Asha")),
            "Asha invites you to play Chowka Bhara"
        );
        assert_eq!(w.greeting(Some("")), "You are invited to play Chowka Bhara");
        assert_eq!(w.room_line(3, 7, true), "3 players, 7×7 board · Over days");
    }
}
