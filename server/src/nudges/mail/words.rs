//! The e-mails' and the links' pages' words in the six languages of the
//! web client, as `invite/words.rs` keeps the previews'. The language is
//! the page's when the player asked for the e-mails, kept with the address.
//! Placeholders: `{game}` the game's name in that language
//! (`invite::Language::words`), `{n}` a number, `{names}` the other
//! players, `{time}` "19:00", `{address}` the address.

use crate::invite::Language;

/// The words of one language.
#[derive(Debug)]
pub struct MailWords {
    /// The verification e-mail's subject.
    pub verify_subject: &'static str,
    /// Its one paragraph, above the link.
    pub verify_body: &'static str,
    /// Below the link: what to do if it was not them.
    pub verify_ignore: &'static str,
    /// The digest's subject with one game.
    pub subject_one: &'static str,
    /// With `{n}` games.
    pub subject_many: &'static str,
    /// The digest's first line.
    pub intro: &'static str,
    /// A game's other players.
    pub with: &'static str,
    /// Time left, in hours.
    pub hours_left: &'static str,
    /// Time left, in days.
    pub days_left: &'static str,
    /// The link to a game.
    pub play: &'static str,
    /// A new game of one of the player's circles: `{by}` made it in
    /// `{circle}` (the web client's "all my games" says the same).
    pub invited: &'static str,
    /// The link to join it.
    pub join: &'static str,
    /// The digest's subject when it has only invitations.
    pub subject_invited: &'static str,
    /// Its first line then.
    pub intro_invited: &'static str,
    /// Why this e-mail came, at the bottom.
    pub footer: &'static str,
    /// The unsubscribe link.
    pub stop: &'static str,
    /// The verification page's question.
    pub confirm_ask: &'static str,
    /// Its button.
    pub confirm_button: &'static str,
    /// After confirming.
    pub confirmed: &'static str,
    /// The unsubscribe page's question.
    pub stop_ask: &'static str,
    /// Its button.
    pub stop_button: &'static str,
    /// After unsubscribing.
    pub stopped: &'static str,
    /// A link that is unknown, used, or too old.
    pub bad_link: &'static str,
    /// The link back to the site.
    pub back: &'static str,
}

impl MailWords {
    /// The words of `lang`.
    pub fn of(lang: Language) -> &'static MailWords {
        match lang {
            Language::En => &EN,
            Language::Kn => &KN,
            Language::Hi => &HI,
            Language::Mr => &MR,
            Language::Ta => &TA,
            Language::Te => &TE,
        }
    }
}

const EN: MailWords = MailWords {
    verify_subject: "Confirm your address — {game}",
    verify_body: "Open this link to get an e-mail when it is your turn in {game}:",
    verify_ignore: "If you did not ask for this, ignore this e-mail: nothing more will be sent.",
    subject_one: "Your turn in 1 game — {game}",
    subject_many: "Your turn in {n} games — {game}",
    intro: "It is your turn in these games:",
    with: "with {names}",
    hours_left: "{n} h left",
    days_left: "{n} days left",
    play: "Play",
    invited: "{by} invites you to a game in {circle}",
    join: "Join",
    subject_invited: "A game is waiting for you — {game}",
    intro_invited: "These games are waiting for you:",
    footer: "You get one e-mail a day at most, at {time}, when it is your turn somewhere.",
    stop: "Stop these e-mails",
    confirm_ask: "Get an e-mail at {address} when it is your turn?",
    confirm_button: "Confirm",
    confirmed: "Your address is confirmed: you will get one e-mail a day at most, at {time}, when it is your turn somewhere.",
    stop_ask: "Stop the e-mails to {address}?",
    stop_button: "Stop e-mails",
    stopped: "Done: no more e-mails will be sent to {address}.",
    bad_link: "This link no longer works. You can ask for e-mails again on your page (Me).",
    back: "Go to {game}",
};

const KN: MailWords = MailWords {
    verify_subject: "ನಿಮ್ಮ ವಿಳಾಸವನ್ನು ದೃಢೀಕರಿಸಿ — {game}",
    verify_body: "{game} ಆಟದಲ್ಲಿ ನಿಮ್ಮ ಸರದಿ ಬಂದಾಗ ಇ-ಮೇಲ್ ಪಡೆಯಲು ಈ ಲಿಂಕ್ ತೆರೆಯಿರಿ:",
    verify_ignore: "ನೀವು ಇದನ್ನು ಕೇಳದಿದ್ದರೆ, ಈ ಇ-ಮೇಲ್ ಅನ್ನು ಕಡೆಗಣಿಸಿ: ಇನ್ನೇನೂ ಕಳುಹಿಸುವುದಿಲ್ಲ.",
    subject_one: "1 ಆಟದಲ್ಲಿ ನಿಮ್ಮ ಸರದಿ — {game}",
    subject_many: "{n} ಆಟಗಳಲ್ಲಿ ನಿಮ್ಮ ಸರದಿ — {game}",
    intro: "ಈ ಆಟಗಳಲ್ಲಿ ನಿಮ್ಮ ಸರದಿ:",
    with: "{names} ಜೊತೆ",
    hours_left: "{n} ಗಂಟೆ ಉಳಿದಿದೆ",
    days_left: "{n} ದಿನ ಉಳಿದಿದೆ",
    play: "ಆಡಿ",
    invited: "{by} ಅವರು {circle} ಬಳಗದ ಆಟಕ್ಕೆ ನಿಮ್ಮನ್ನು ಕರೆದಿದ್ದಾರೆ",
    join: "ಸೇರಿ",
    subject_invited: "ಒಂದು ಆಟ ನಿಮಗಾಗಿ ಕಾಯುತ್ತಿದೆ — {game}",
    intro_invited: "ಈ ಆಟಗಳು ನಿಮಗಾಗಿ ಕಾಯುತ್ತಿವೆ:",
    footer: "ಎಲ್ಲಾದರೂ ನಿಮ್ಮ ಸರದಿ ಇದ್ದಾಗ, ದಿನಕ್ಕೆ ಹೆಚ್ಚೆಂದರೆ ಒಂದು ಇ-ಮೇಲ್, {time}ಕ್ಕೆ ಬರುತ್ತದೆ.",
    stop: "ಈ ಇ-ಮೇಲ್‌ಗಳನ್ನು ನಿಲ್ಲಿಸಿ",
    confirm_ask: "ನಿಮ್ಮ ಸರದಿ ಬಂದಾಗ {address} ಗೆ ಇ-ಮೇಲ್ ಬೇಕೇ?",
    confirm_button: "ದೃಢೀಕರಿಸಿ",
    confirmed: "ನಿಮ್ಮ ವಿಳಾಸ ದೃಢವಾಯಿತು: ಎಲ್ಲಾದರೂ ನಿಮ್ಮ ಸರದಿ ಇದ್ದಾಗ, ದಿನಕ್ಕೆ ಹೆಚ್ಚೆಂದರೆ ಒಂದು ಇ-ಮೇಲ್, {time}ಕ್ಕೆ ಬರುತ್ತದೆ.",
    stop_ask: "{address} ಗೆ ಇ-ಮೇಲ್‌ಗಳನ್ನು ನಿಲ್ಲಿಸಬೇಕೇ?",
    stop_button: "ಇ-ಮೇಲ್ ನಿಲ್ಲಿಸಿ",
    stopped: "ಆಯಿತು: {address} ಗೆ ಇನ್ನು ಇ-ಮೇಲ್ ಬರುವುದಿಲ್ಲ.",
    bad_link: "ಈ ಲಿಂಕ್ ಈಗ ಕೆಲಸ ಮಾಡುವುದಿಲ್ಲ. ನಿಮ್ಮ ಪುಟದಲ್ಲಿ (ನಾನು) ಮತ್ತೆ ಇ-ಮೇಲ್ ಕೇಳಬಹುದು.",
    back: "{game} ಗೆ ಹೋಗಿ",
};

const HI: MailWords = MailWords {
    verify_subject: "अपना पता पक्का करें — {game}",
    verify_body: "{game} में आपकी बारी आने पर ई-मेल पाने के लिए यह लिंक खोलें:",
    verify_ignore: "अगर आपने यह नहीं माँगा, तो इस ई-मेल को अनदेखा करें: और कुछ नहीं भेजा जाएगा।",
    subject_one: "1 खेल में आपकी बारी — {game}",
    subject_many: "{n} खेलों में आपकी बारी — {game}",
    intro: "इन खेलों में आपकी बारी है:",
    with: "{names} के साथ",
    hours_left: "{n} घंटे बाकी",
    days_left: "{n} दिन बाकी",
    play: "खेलें",
    invited: "{by} आपको {circle} में एक खेल के लिए बुला रहे हैं",
    join: "शामिल हों",
    subject_invited: "एक खेल आपकी राह देख रहा है — {game}",
    intro_invited: "ये खेल आपकी राह देख रहे हैं:",
    footer: "जब कहीं आपकी बारी हो, दिन में ज़्यादा से ज़्यादा एक ई-मेल, {time} बजे आता है।",
    stop: "ये ई-मेल बंद करें",
    confirm_ask: "आपकी बारी आने पर {address} पर ई-मेल चाहिए?",
    confirm_button: "पक्का करें",
    confirmed:
        "आपका पता पक्का हो गया: जब कहीं आपकी बारी हो, दिन में ज़्यादा से ज़्यादा एक ई-मेल, {time} बजे आएगा।",
    stop_ask: "{address} पर ई-मेल बंद करें?",
    stop_button: "ई-मेल बंद करें",
    stopped: "हो गया: {address} पर अब कोई ई-मेल नहीं भेजा जाएगा।",
    bad_link: "यह लिंक अब काम नहीं करता। आप अपने पन्ने (मैं) पर फिर से ई-मेल माँग सकते हैं।",
    back: "{game} पर जाएँ",
};

const MR: MailWords = MailWords {
    verify_subject: "तुमचा पत्ता निश्चित करा — {game}",
    verify_body: "{game} मध्ये तुमची पाळी आल्यावर ई-मेल मिळवण्यासाठी ही लिंक उघडा:",
    verify_ignore: "तुम्ही हे मागितले नसेल तर या ई-मेलकडे दुर्लक्ष करा: आणखी काहीही पाठवले जाणार नाही.",
    subject_one: "1 खेळात तुमची पाळी — {game}",
    subject_many: "{n} खेळांत तुमची पाळी — {game}",
    intro: "या खेळांत तुमची पाळी आहे:",
    with: "{names} यांच्यासोबत",
    hours_left: "{n} तास बाकी",
    days_left: "{n} दिवस बाकी",
    play: "खेळा",
    invited: "{by} तुम्हाला {circle} मधील डावासाठी बोलावत आहेत",
    join: "सामील व्हा",
    subject_invited: "एक डाव तुमची वाट पाहत आहे — {game}",
    intro_invited: "हे डाव तुमची वाट पाहत आहेत:",
    footer: "कुठेही तुमची पाळी असेल तेव्हा, दिवसातून जास्तीत जास्त एक ई-मेल, {time} वाजता येतो.",
    stop: "हे ई-मेल थांबवा",
    confirm_ask: "तुमची पाळी आल्यावर {address} वर ई-मेल हवा आहे?",
    confirm_button: "निश्चित करा",
    confirmed: "तुमचा पत्ता निश्चित झाला: कुठेही तुमची पाळी असेल तेव्हा, दिवसातून जास्तीत जास्त एक ई-मेल, {time} वाजता येईल.",
    stop_ask: "{address} वरचे ई-मेल थांबवायचे?",
    stop_button: "ई-मेल थांबवा",
    stopped: "झाले: {address} वर आता कोणताही ई-मेल पाठवला जाणार नाही.",
    bad_link: "ही लिंक आता चालत नाही. तुमच्या पानावर (मी) पुन्हा ई-मेल मागू शकता.",
    back: "{game} वर जा",
};

const TA: MailWords = MailWords {
    verify_subject: "உங்கள் முகவரியை உறுதிசெய்யுங்கள் — {game}",
    verify_body: "{game} ஆட்டத்தில் உங்கள் முறை வரும்போது மின்னஞ்சல் பெற இந்த இணைப்பைத் திறங்கள்:",
    verify_ignore: "இதை நீங்கள் கேட்கவில்லை என்றால், இந்த மின்னஞ்சலைப் புறக்கணியுங்கள்: வேறு எதுவும் அனுப்பப்படாது.",
    subject_one: "1 ஆட்டத்தில் உங்கள் முறை — {game}",
    subject_many: "{n} ஆட்டங்களில் உங்கள் முறை — {game}",
    intro: "இந்த ஆட்டங்களில் உங்கள் முறை:",
    with: "{names} உடன்",
    hours_left: "{n} மணி நேரம் மீதம்",
    days_left: "{n} நாள் மீதம்",
    play: "ஆடுங்கள்",
    invited: "{by} உங்களை {circle} இல் ஒரு ஆட்டத்துக்கு அழைக்கிறார்",
    join: "சேருங்கள்",
    subject_invited: "ஒரு ஆட்டம் உங்களுக்காகக் காத்திருக்கிறது — {game}",
    intro_invited: "இந்த ஆட்டங்கள் உங்களுக்காகக் காத்திருக்கின்றன:",
    footer: "எங்காவது உங்கள் முறை இருக்கும்போது, நாளுக்கு அதிகபட்சம் ஒரு மின்னஞ்சல், {time} மணிக்கு வரும்.",
    stop: "இந்த மின்னஞ்சல்களை நிறுத்துங்கள்",
    confirm_ask: "உங்கள் முறை வரும்போது {address} க்கு மின்னஞ்சல் வேண்டுமா?",
    confirm_button: "உறுதிசெய்",
    confirmed: "உங்கள் முகவரி உறுதியானது: எங்காவது உங்கள் முறை இருக்கும்போது, நாளுக்கு அதிகபட்சம் ஒரு மின்னஞ்சல், {time} மணிக்கு வரும்.",
    stop_ask: "{address} க்கு மின்னஞ்சல்களை நிறுத்தவா?",
    stop_button: "மின்னஞ்சலை நிறுத்து",
    stopped: "முடிந்தது: {address} க்கு இனி மின்னஞ்சல் அனுப்பப்படாது.",
    bad_link: "இந்த இணைப்பு இனி வேலை செய்யாது. உங்கள் பக்கத்தில் (நான்) மீண்டும் மின்னஞ்சல் கேட்கலாம்.",
    back: "{game} க்குச் செல்லுங்கள்",
};

const TE: MailWords = MailWords {
    verify_subject: "మీ చిరునామాను నిర్ధారించండి — {game}",
    verify_body: "{game} ఆటలో మీ వంతు వచ్చినప్పుడు ఇ-మెయిల్ పొందడానికి ఈ లింక్ తెరవండి:",
    verify_ignore: "మీరు ఇది అడగకపోతే, ఈ ఇ-మెయిల్‌ను పట్టించుకోకండి: ఇంకేమీ పంపబడదు.",
    subject_one: "1 ఆటలో మీ వంతు — {game}",
    subject_many: "{n} ఆటల్లో మీ వంతు — {game}",
    intro: "ఈ ఆటల్లో మీ వంతు:",
    with: "{names} తో",
    hours_left: "{n} గంటలు మిగిలాయి",
    days_left: "{n} రోజులు మిగిలాయి",
    play: "ఆడండి",
    invited: "{by} మిమ్మల్ని {circle}లో ఒక ఆటకు ఆహ్వానిస్తున్నారు",
    join: "చేరండి",
    subject_invited: "ఒక ఆట మీ కోసం ఎదురుచూస్తోంది — {game}",
    intro_invited: "ఈ ఆటలు మీ కోసం ఎదురుచూస్తున్నాయి:",
    footer: "ఎక్కడైనా మీ వంతు ఉన్నప్పుడు, రోజుకు గరిష్ఠంగా ఒక ఇ-మెయిల్, {time}కి వస్తుంది.",
    stop: "ఈ ఇ-మెయిల్‌లను ఆపండి",
    confirm_ask: "మీ వంతు వచ్చినప్పుడు {address} కి ఇ-మెయిల్ కావాలా?",
    confirm_button: "నిర్ధారించండి",
    confirmed: "మీ చిరునామా నిర్ధారించబడింది: ఎక్కడైనా మీ వంతు ఉన్నప్పుడు, రోజుకు గరిష్ఠంగా ఒక ఇ-మెయిల్, {time}కి వస్తుంది.",
    stop_ask: "{address} కి ఇ-మెయిల్‌లు ఆపాలా?",
    stop_button: "ఇ-మెయిల్ ఆపండి",
    stopped: "అయింది: {address} కి ఇక ఇ-మెయిల్ పంపబడదు.",
    bad_link: "ఈ లింక్ ఇప్పుడు పనిచేయదు. మీ పేజీలో (నేను) మళ్ళీ ఇ-మెయిల్ అడగవచ్చు.",
    back: "{game} కి వెళ్ళండి",
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The placeholders of a text, sorted.
    fn places(text: &str) -> Vec<&str> {
        let mut found: Vec<&str> = text
            .split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}').map(|(p, _)| p))
            .collect();
        found.sort();
        found
    }

    #[test]
    fn every_language_keeps_the_english_placeholders() {
        let texts = |w: &MailWords| {
            [
                w.verify_subject,
                w.verify_body,
                w.verify_ignore,
                w.subject_one,
                w.subject_many,
                w.intro,
                w.with,
                w.hours_left,
                w.days_left,
                w.play,
                w.footer,
                w.stop,
                w.confirm_ask,
                w.confirm_button,
                w.confirmed,
                w.stop_ask,
                w.stop_button,
                w.stopped,
                w.bad_link,
                w.back,
            ]
        };
        let en = texts(MailWords::of(Language::En));
        for lang in Language::ALL {
            for (i, text) in texts(MailWords::of(lang)).iter().enumerate() {
                assert!(!text.is_empty());
                assert_eq!(places(text), places(en[i]), "{} {text}", lang.code());
            }
        }
    }
}
