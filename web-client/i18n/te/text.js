// Telugu (తెలుగు, te) texts of the text mode (text-*.js): the game as plain
// text with headings, one command box and short announcements, for players
// who listen with a screen reader. Same keys as ../en/text.js; terms as in
// docs/i18n/te.md and this language's game.js: పావు (pawn), గడి (square),
// ఇంటి గడి (home square), ఇంటూ గడి (safe square), మధ్య గడి (centre),
// కొట్టు (hit), పందెం వేయండి (throw), వంతు (turn). The player is మీరు.
// Places are said in the locative (గడిలో); a hit says "{place} ఉన్న"
// (that was in ...) so no case ending falls on a digit. The command words
// (text.cmd.*) are explained in docs/i18n/te.md.
// Plural categories: one, other.
export default {
  // Headings of the game's text page.
  'text.heading': 'గది {code}లో ఆట, అక్షరాల్లో',
  'text.section.status': 'స్థితి',
  'text.section.moves': 'మీ నడకలు',
  'text.section.pawns': 'పావులు',
  'text.section.board': 'ఇంటూ గళ్ళు, జంటలు, ఒప్పందాలు',
  'text.section.log': 'ఆట వార్తలు',
  'text.section.answer': 'జవాబు',
  // The command box: its label, its button.
  'text.command.label': 'ఆదేశం (జాబితా కోసం సహాయం అని రాయండి)',
  'text.command.do': 'చేయండి',

  // ---- Status ----
  'text.round': 'రౌండు {round}.',
  'text.turn.you': 'మీ వంతు.',
  'text.turn.other': '{who} వంతు.',
  'text.held': 'చేతిలో ఉన్న పందాలు: {values}.',
  'text.held.none': 'చేతిలో పందాలు లేవు.',
  'text.pending': {
    one: 'ఇంకా ఒక పందెం వేయాలి.',
    other: 'ఇంకా {n} పందాలు వేయాలి.',
  },
  'text.canThrow': 'ఇప్పుడు వేయండి: వేయండి అని రాయండి, లేదా T నొక్కండి.',
  'text.canSkip': 'ఈ పందెం వదులుకోవచ్చు: వదులు అని రాయండి, లేదా S నొక్కండి.',
  'text.watching': 'మీరు ఈ ఆట చూస్తున్నారు.',
  'text.standin': 'మీ బదులు కంప్యూటర్ ఆడుతోంది. మళ్ళీ మీరే ఆడటానికి తిరిగి అని రాయండి.',

  // ---- Places, on the path of the pawn's own player ----
  // Squares are counted in steps from that player's home square.
  'text.place.waiting': 'లోపలికి రావడానికి ఎదురుచూస్తోంది',
  'text.place.home': 'ఇంటి గడిలో',
  'text.place.outer': '{n}వ గడిలో',
  'text.place.inner': {
    one: 'లోపలి వలయంలో, మధ్య గడికి ఒక గడి దూరంలో',
    other: 'లోపలి వలయంలో, మధ్య గడికి {n} గళ్ళ దూరంలో',
  },
  'text.place.centre': 'మధ్య గడిలో',
  // A place that is a safe square: {place} as above.
  'text.place.safe': '{place}, ఇంటూ గడి',

  // ---- Pawns ----
  'text.pawns.of': '{who}: {list}.',
  'text.pawns.you': 'మీరు: {list}.',
  'text.pawns.waiting': {
    one: 'ఒక పావు ఎదురుచూస్తోంది',
    other: '{n} పావులు ఎదురుచూస్తున్నాయి',
  },
  'text.pawns.centre': {
    one: 'ఒక పావు మధ్య గడిలో',
    other: '{n} పావులు మధ్య గడిలో',
  },
  'text.pawns.pawn': '{pawn}వ పావు {place}',
  'text.pawns.pair': 'పావులు {pawns} జంటగా {place}',

  // ---- Safe squares, pairs, truces ----
  'text.safe': 'మీ దారిలో ఇంటూ గళ్ళు: {list}.',
  'text.safe.home': 'మీ ఇంటి గడి',
  'text.safe.centre': 'మధ్య గడి',
  'text.pairs': 'జంటలు: {list}.',
  'text.pairs.none': 'జంటలు లేవు.',
  'text.pairs.of': '{who}, పావులు {pawns}',

  // ---- Moves ----
  'text.moves.notYourTurn': 'మీ వంతు కాదు: {who} ఆడుతున్నారు.',
  'text.moves.none': 'చేతిలో ఉన్న పందాలతో నడక లేదు.',
  'text.moves.over': 'ఆట అయిపోయింది.',
  // An action of the player's is on its way to the table.
  'text.moves.sent': 'పంపాము; జవాబు కోసం చూస్తున్నాం.',
  // A listed move: {move} the move in words (game.js's move.*), {place} where it ends.
  'text.move': '{move}, తర్వాత {place}',
  'text.move.strandsAgain': 'ఈ నడకతో మీ వంతు ఇరుక్కుపోతుంది. అయినా ఆడాలంటే నడుపు {n} అని మళ్ళీ రాయండి.',

  // ---- Announcements ----
  'text.hit': '{who} {place} ఉన్న {victim} పావు {pawns} కొట్టారు.',
  'text.hit.you': 'మీరు {place} ఉన్న {victim} పావు {pawns} కొట్టారు.',
  'text.hit.onYou': '{who} {place} ఉన్న మీ పావు {pawns} కొట్టారు.',
  'text.hit.pair': '{who} {place} ఉన్న {victim} జంటను కొట్టారు.',
  'text.hit.pair.you': 'మీరు {place} ఉన్న {victim} జంటను కొట్టారు.',
  'text.hit.pair.onYou': '{who} {place} ఉన్న మీ జంటను కొట్టారు.',
  'text.chat': '{name} అంటున్నారు: {text}',
  'text.rematch': 'మరో ఆట సిద్ధంగా ఉంది: అక్కడికి వెళ్ళడానికి {word} అని రాయండి.',

  // ---- Commands ----
  // The words typed for each command, separated by "|": the short
  // imperative and the polite one where both are typed (వేయి|వేయండి).
  // English words always work too. The verb may come last: "రవి ఎక్కడ".
  'text.cmd.throw': 'వేయి|వేయండి',
  'text.cmd.move': 'నడుపు|నడపండి',
  'text.cmd.skip': 'వదులు|వదిలేయండి',
  'text.cmd.pawns': 'పావులు',
  'text.cmd.where': 'ఎక్కడ',
  'text.cmd.threats': 'ప్రమాదం',
  'text.cmd.hint': 'సలహా|ఏం చేయాలి',
  'text.cmd.last': 'చివరిది|చివరి వంతు',
  'text.cmd.clock': 'సమయం|టైమ్',
  'text.cmd.board': 'పటం|బోర్డు',
  'text.cmd.status': 'స్థితి',
  'text.cmd.moves': 'నడకలు',
  'text.cmd.chat': 'చాట్|చెప్పు',
  'text.cmd.repeat': 'ఇంకోసారి|మరోసారి',
  'text.cmd.accept': 'సరే|ఒప్పుకుంటాను',
  'text.cmd.decline': 'వద్దు',
  'text.cmd.truce': 'ఒప్పందం',
  'text.cmd.back': 'తిరిగి|నేనే ఆడతాను',
  'text.cmd.rematch': 'మళ్ళీ ఆడదాం',
  'text.cmd.help': 'సహాయం',
  // What each does, for the help: {word} the command word, {key} its key outside the box.
  'text.help.intro': 'పెట్టెలో ఆదేశం రాసి Enter నొక్కండి. పెట్టె బయట, బ్రాకెట్లలో ఉన్న కీ అదే పని చేస్తుంది.',
  'text.help.throw': '{word} ({key}): గవ్వలు వేయండి.',
  'text.help.move': '{word}, ఒక సంఖ్య, లేదా సంఖ్య ఒక్కటే ({key}): జాబితాలోని ఆ నడక ఆడండి.',
  'text.help.skip': '{word} ({key}): ఒక పందెం వదులుకోండి.',
  'text.help.pawns': '{word} ({key}): మీ పావులు ఎక్కడ ఉన్నాయి.',
  'text.help.where': '{word}, ఒకరి పేరు ({key}): వారి పావులు ఎక్కడ ఉన్నాయి.',
  'text.help.threats': '{word} ({key}): మీ ఏ పావును ప్రత్యర్థి కొట్టగలరు, ఏ పందెంతో.',
  'text.help.hint': '{word} ({key}): మీ వంతులో, కంప్యూటర్ అయితే ఏం చేసేది, ఎందుకు.',
  // A hinted move in the text mode: {n} is its number in the list of moves, {move} the move in words.
  'text.hint.move': 'నడక {n}, {move}',
  'text.help.last': '{word} ({key}): ప్రతి ఒక్కరి చివరి వంతు.',
  'text.help.clock': '{word} ({key}): మిగిలిన సమయం.',
  'text.help.board': '{word} ({key}): పటం, వరుస వరుసగా.',
  'text.help.status': '{word} ({key}): ఎవరి వంతు, చేతిలో ఉన్న పందాలు.',
  'text.help.moves': '{word} ({key}): మీ నడకలు.',
  'text.help.chat': '{word}, మీ మాటలు: అందరికీ రాయండి.',
  'text.help.repeat': '{word} ({key}): చివరి వార్తను మళ్ళీ చెబుతుంది.',
  'text.help.truce': '{word}, ఒకరి పేరు, {accept}, {decline}: ఒప్పందం కోరండి, లేదా వచ్చిన ఒప్పందానికి జవాబివ్వండి.',
  'text.help.back': '{word}: కంప్యూటర్ మీ బదులు ఆడిన తర్వాత మళ్ళీ మీరే ఆడండి.',
  'text.help.rematch': '{word}: ఆట అయిపోయాక మళ్ళీ ఆడదామని అడగండి.',
  'text.help.help': '{word} ({key}): ఈ జాబితా.',
  'text.help.squares': 'గళ్ళను ప్రతి ఆటగాడి ఇంటి గడి నుంచి అడుగుల్లో లెక్కిస్తాం.',

  // ---- Answers ----
  'text.threats.none': 'ఒక్క పందెంతో మీ ఏ పావునూ ఎవరూ కొట్టలేరు.',
  'text.threats.asking': 'పటం చూస్తున్నాం…',
  'text.threat': '{who} {value}తో {place} ఉన్న మీ పావు {pawns} కొట్టగలరు.',
  'text.last.none': '{who} ఇంకా ఆడలేదు.',
  'text.last.of': '{who}: {events}',
  // The board: rows from the far side down to yours, columns from your left.
  'text.board.intro': 'అడ్డ వరుసలు అవతలి వైపు నుంచి మీ వైపుకు, నిలువు వరుసలు మీ ఎడమ నుంచి.',
  'text.board.row': 'అడ్డ వరుస {n}: {squares}.',
  'text.board.rowEmpty': 'అడ్డ వరుస {n}: ఖాళీ.',
  'text.board.square': 'నిలువు వరుస {n}: {what}',
  'text.board.safe': 'ఇంటూ',
  'text.board.centre': 'మధ్య గడి',
  'text.board.pawns': '{who} {pawns}',
  'text.clock.left': {
    one: '{who}: ఒక్క సెకను మిగిలింది.',
    other: '{who}: {n} సెకన్లు మిగిలాయి.',
  },
  'text.clock.none': 'ఈ ఆటలో వంతుకు సమయ పరిమితి లేదు.',
  'text.clock.days': '{who}: {left}.',

  // ---- Mistakes ----
  'text.error.unknown': '“{text}” నాకు అర్థం కాలేదు. ఆదేశాల కోసం సహాయం అని రాయండి.',
  'text.error.noSuchMove': {
    one: 'నడక {pick} లేదు: ఉన్నది నడక 1 ఒక్కటే.',
    other: 'నడక {pick} లేదు: నడకలు 1 నుంచి {n} వరకు.',
  },
  'text.error.whichMove': 'ఏ నడక? దాని సంఖ్య చెప్పండి, ఇలా: నడుపు 1.',
  'text.error.noMoves': 'ఇప్పుడు మీకు ఆడటానికి నడక లేదు.',
  'text.error.notYourTurn': 'ఇది మీ వంతు కాదు: {who} ఆడుతున్నారు.',
  'text.error.cannotThrow': 'ఇప్పుడు వేయలేరు.',
  'text.error.cannotSkip': 'ఇప్పుడు వదులుకోలేరు.',
  'text.error.noPlayer': '{name} అనే పేరుతో ఇక్కడ ఎవరూ ఆడటం లేదు.',
  'text.error.whom': 'ఒకరి పేరు కూడా చెప్పండి, ఇలా: {example}.',
  'text.error.emptyChat': 'ఏం రాయాలో కూడా చెప్పండి, ఇలా: {example}.',
  'text.error.watching': 'మీరు చూస్తున్నారు: ఇది ఆడేవారు మాత్రమే చేయగలరు.',
  'text.error.notOver': 'ఆట అయిపోయాకే మళ్ళీ ఆడదామని అడగవచ్చు.',
  'text.error.nothingYet': 'ఇంకా ఏ వార్తా లేదు.',
  'text.error.noOffer': 'మీకు ఎవరూ ఒప్పందం కోరలేదు.',
  'text.error.noTruce': 'ఇప్పుడు {who}తో ఒప్పందం కోరలేరు.',
  'text.error.notStandin': 'మీ చోటులో ఇప్పటికే మీరే ఆడుతున్నారు.',
  'text.error.busy': 'ఆగండి: మీ చివరి పని ఇంకా దారిలో ఉంది.',

  // ---- The replay, in text ----
  'text.replay.pawns': 'ఈ నడక తర్వాత పావులు',
};
