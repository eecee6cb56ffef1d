// Hindi (हिन्दी) texts of the text mode (text-*.js): the game as plain text
// with headings, one command box and short announcements, for players who
// listen with a screen reader. Same keys as ../en/text.js; terms as in
// docs/i18n/hi.md and this language's game.js: गोटी (pawn), खाना
// (square), घर (home square), सुरक्षित खाना, बीच (centre), काटना (hit),
// दाँव (throw), बारी (turn). Sentences about other players use "ने" or
// "की" so that the verb does not depend on the player's gender. The
// command words (text.cmd.*) are explained in docs/i18n/hi.md.
// Plural forms: one (0 and 1), other; so the one forms say {n} too.
export default {
  // Headings of the game's text page.
  'text.heading': 'कमरा {code} में खेल, शब्दों में',
  'text.section.status': 'हाल',
  'text.section.moves': 'आपकी चालें',
  'text.section.pawns': 'गोटियाँ',
  'text.section.board': 'सुरक्षित खाने, जोड़ियाँ और समझौते',
  'text.section.log': 'खेल की ख़बरें',
  'text.section.answer': 'जवाब',
  // The command box: its label, its button.
  'text.command.label': 'आदेश (सूची के लिए मदद लिखिए)',
  'text.command.do': 'करें',

  // ---- Status ----
  'text.round': 'दौर {round}।',
  'text.turn.you': 'आपकी बारी।',
  'text.turn.other': '{who} की बारी।',
  'text.held': 'हाथ में दाँव: {values}।',
  'text.held.none': 'हाथ में कोई दाँव नहीं।',
  'text.pending': {
    one: '{n} दाँव और फेंकना है।',
    other: '{n} दाँव और फेंकने हैं।',
  },
  'text.canThrow': 'अभी फेंकिए: फेंको लिखिए, या T दबाइए।',
  'text.canSkip': 'यह दाँव छोड़ सकते हैं: छोड़ो लिखिए, या S दबाइए।',
  'text.watching': 'आप यह खेल देख रहे हैं।',
  'text.standin': 'आपकी जगह कंप्यूटर खेल रहा है। फिर ख़ुद खेलने के लिए वापस लिखिए।',

  // ---- Places, on the path of the pawn's own player ----
  // Squares are counted in steps from that player's home square.
  'text.place.waiting': 'अंदर आने के इंतज़ार में',
  'text.place.home': 'घर पर',
  'text.place.outer': 'खाना {n} पर',
  'text.place.inner': {
    one: 'अंदर के घेरे में, बीच से {n} खाना दूर',
    other: 'अंदर के घेरे में, बीच से {n} खाने दूर',
  },
  'text.place.centre': 'बीच में',
  // A place that is a safe square: {place} as above.
  'text.place.safe': '{place}, सुरक्षित',

  // ---- Pawns ----
  'text.pawns.of': '{who}: {list}।',
  'text.pawns.you': 'आप: {list}।',
  'text.pawns.waiting': {
    one: '{n} गोटी इंतज़ार में',
    other: '{n} गोटियाँ इंतज़ार में',
  },
  'text.pawns.centre': {
    one: '{n} गोटी बीच में',
    other: '{n} गोटियाँ बीच में',
  },
  'text.pawns.pawn': 'गोटी {pawn} {place}',
  'text.pawns.pair': 'गोटियाँ {pawns} जोड़ी में {place}',

  // ---- Safe squares, pairs, truces ----
  'text.safe': 'आपकी राह के सुरक्षित खाने: {list}।',
  'text.safe.home': 'आपका घर',
  'text.safe.centre': 'बीच का खाना',
  'text.pairs': 'जोड़ियाँ: {list}।',
  'text.pairs.none': 'कोई जोड़ी नहीं।',
  'text.pairs.of': '{who}, गोटियाँ {pawns}',

  // ---- Moves ----
  'text.moves.notYourTurn': 'आपकी बारी नहीं: अभी {who} की बारी है।',
  'text.moves.none': 'हाथ के दाँवों से कोई चाल नहीं बनती।',
  'text.moves.over': 'खेल ख़त्म हो गया।',
  // An action of the player's is on its way to the table.
  'text.moves.sent': 'भेज दिया; जवाब का इंतज़ार है।',
  // A listed move: {move} the move in words (game.js's move.*), {place} where it ends.
  'text.move': '{move}, फिर {place}',
  'text.move.strandsAgain': 'इस चाल से बारी अटक जाएगी। फिर भी चलनी हो तो चलो {n} एक बार और लिखिए।',

  // ---- Announcements ----
  'text.hit': '{who} ने {place} {victim} की गोटी {pawns} काट दी।',
  'text.hit.you': 'आपने {place} {victim} की गोटी {pawns} काट दी।',
  'text.hit.onYou': '{who} ने {place} आपकी गोटी {pawns} काट दी।',
  'text.hit.pair': '{who} ने {place} {victim} की जोड़ी काट दी।',
  'text.hit.pair.you': 'आपने {place} {victim} की जोड़ी काट दी।',
  'text.hit.pair.onYou': '{who} ने {place} आपकी जोड़ी काट दी।',
  'text.chat': '{name} का संदेश: {text}',
  'text.rematch': 'अगली बाज़ी तैयार है: वहाँ जाने के लिए {word} लिखिए।',

  // ---- Commands ----
  // The words typed for each command, separated by "|": the familiar and
  // the polite imperative where both are typed (फेंको|फेंकें). English
  // words always work too. The verb may come last: "रवि कहाँ".
  'text.cmd.throw': 'फेंको|फेंकें',
  'text.cmd.move': 'चलो|चलें',
  'text.cmd.skip': 'छोड़ो|छोड़ें',
  'text.cmd.pawns': 'गोटियाँ|गोटी',
  'text.cmd.where': 'कहाँ',
  'text.cmd.threats': 'ख़तरा|खतरा',
  'text.cmd.hint': 'सलाह|क्या करूँ|क्या करूं',
  'text.cmd.last': 'पिछला|पिछली बारी',
  'text.cmd.clock': 'समय|घड़ी',
  'text.cmd.board': 'बिसात',
  'text.cmd.status': 'हाल',
  'text.cmd.moves': 'चालें',
  'text.cmd.chat': 'कहो|बोलो',
  'text.cmd.repeat': 'दोहराओ|फिर से',
  'text.cmd.accept': 'मानो|मानें',
  'text.cmd.decline': 'मना|नहीं',
  'text.cmd.truce': 'समझौता',
  'text.cmd.back': 'वापस|अपनी जगह',
  'text.cmd.rematch': 'एक और बाज़ी|दोबारा',
  'text.cmd.help': 'मदद',
  // What each does, for the help: {word} the command word, {key} its key outside the box.
  'text.help.intro': 'डिब्बे में आदेश लिखकर Enter दबाइए। डिब्बे के बाहर, कोष्ठक वाली कुंजी वही काम करती है।',
  'text.help.throw': '{word} ({key}): कौड़ियाँ फेंकिए।',
  'text.help.move': '{word} और एक नंबर, या सिर्फ़ नंबर ({key}): सूची की वह चाल चलिए।',
  'text.help.skip': '{word} ({key}): एक दाँव छोड़िए।',
  'text.help.pawns': '{word} ({key}): आपकी गोटियाँ कहाँ हैं।',
  'text.help.where': '{word} और एक नाम ({key}): उस खिलाड़ी की गोटियाँ कहाँ हैं।',
  'text.help.threats': '{word} ({key}): आपकी कौन-सी गोटी किसी विरोधी के किस दाँव से कट सकती है।',
  'text.help.hint': '{word} ({key}): अपनी बारी में, कंप्यूटर क्या करता, और क्यों।',
  // A hinted move in the text mode: {n} is its number in the list of moves, {move} the move in words.
  'text.hint.move': 'चाल {n}, {move}',
  'text.help.last': '{word} ({key}): हर खिलाड़ी की पिछली बारी।',
  'text.help.clock': '{word} ({key}): बचा हुआ समय।',
  'text.help.board': '{word} ({key}): बिसात, एक-एक पंक्ति।',
  'text.help.status': '{word} ({key}): किसकी बारी है, और हाथ के दाँव।',
  'text.help.moves': '{word} ({key}): आपकी चालें।',
  'text.help.chat': '{word} और आपकी बात: सबको लिखिए।',
  'text.help.repeat': '{word} ({key}): पिछली घोषणा फिर से सुनिए।',
  'text.help.truce': '{word} और एक नाम, {accept}, {decline}: समझौते की पेशकश कीजिए, या किसी पेशकश का जवाब दीजिए।',
  'text.help.back': '{word}: कंप्यूटर के आपकी जगह खेलने के बाद फिर ख़ुद खेलिए।',
  'text.help.rematch': '{word}: खेल ख़त्म होने पर एक और बाज़ी माँगिए।',
  'text.help.help': '{word} ({key}): यह सूची।',
  'text.help.squares': 'खाने हर खिलाड़ी के अपने घर से क़दमों में गिने जाते हैं।',

  // ---- Answers ----
  'text.threats.none': 'एक दाँव में आपकी कोई गोटी नहीं कट सकती।',
  'text.threats.asking': 'बिसात देख रहे हैं…',
  'text.threat': '{who} के {value} से {place} आपकी गोटी {pawns} कट सकती है।',
  'text.last.none': '{who} की अभी कोई बारी नहीं आई।',
  'text.last.of': '{who}: {events}',
  // The board: rows from the far side down to yours, columns from your left.
  'text.board.intro': 'पंक्तियाँ दूर वाली तरफ़ से आपकी तरफ़, कॉलम आपके बाएँ से।',
  'text.board.row': 'पंक्ति {n}: {squares}।',
  'text.board.rowEmpty': 'पंक्ति {n}: ख़ाली।',
  'text.board.square': 'कॉलम {n}: {what}',
  'text.board.safe': 'सुरक्षित',
  'text.board.centre': 'बीच का खाना',
  'text.board.pawns': '{who} की {pawns}',
  'text.clock.left': {
    one: '{who}: {n} सेकंड बचा।',
    other: '{who}: {n} सेकंड बचे।',
  },
  'text.clock.none': 'इस खेल में बारी की कोई समय-सीमा नहीं।',
  'text.clock.days': '{who}: {left}।',

  // ---- Mistakes ----
  'text.error.unknown': '“{text}” समझ नहीं आया। आदेशों के लिए मदद लिखिए।',
  'text.error.noSuchMove': {
    one: 'चाल {pick} नहीं है: सिर्फ़ {n} चाल है।',
    other: 'चाल {pick} नहीं है: चालें 1 से {n} तक हैं।',
  },
  'text.error.whichMove': 'कौन-सी चाल? उसका नंबर बताइए, जैसे: चलो 1।',
  'text.error.noMoves': 'अभी आपके पास चलने को कोई चाल नहीं।',
  'text.error.notYourTurn': 'अभी आपकी बारी नहीं: {who} की बारी है।',
  'text.error.cannotThrow': 'अभी फेंका नहीं जा सकता।',
  'text.error.cannotSkip': 'अभी दाँव छोड़ा नहीं जा सकता।',
  'text.error.noPlayer': 'यहाँ {name} नाम का कोई खिलाड़ी नहीं।',
  'text.error.whom': 'किसी खिलाड़ी का नाम भी बताइए, जैसे: {example}।',
  'text.error.emptyChat': 'क्या लिखना है, वह भी बताइए, जैसे: {example}।',
  'text.error.watching': 'आप देख रहे हैं: यह सिर्फ़ खिलाड़ी कर सकते हैं।',
  'text.error.notOver': 'खेल ख़त्म होने पर ही एक और बाज़ी माँगी जा सकती है।',
  'text.error.nothingYet': 'अभी तक कोई घोषणा नहीं हुई।',
  'text.error.noOffer': 'आपको किसी ने समझौते की पेशकश नहीं की।',
  'text.error.noTruce': 'अभी {who} को समझौते की पेशकश नहीं हो सकती।',
  'text.error.notStandin': 'अपनी जगह पर आप ख़ुद ही खेल रहे हैं।',
  'text.error.busy': 'रुकिए: आपका पिछला क़दम अभी पहुँच रहा है।',

  // ---- The replay, in text ----
  'text.replay.pawns': 'इस चाल के बाद गोटियाँ',
};
