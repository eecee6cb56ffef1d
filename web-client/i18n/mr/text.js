// Marathi (मराठी) texts of the text mode (text-*.js): the game as plain
// text with headings, one command box and short announcements, for players
// who listen with a screen reader. Translated from web-client/i18n/en/text.js;
// terms and tone in docs/i18n/mr.md and this language's game.js (सोंगटी
// pawn, घर square, मूळ घर home square, सुरक्षित घर, मधले घर centre,
// मारणे hit, दान throw, पाळी turn). Case endings are joined to the name
// ("{who}ने", "{who}ची") and ने-sentences keep the verb free of the
// player's gender. The command words (text.cmd.*) are explained in
// docs/i18n/mr.md. Plural categories: one, other.
export default {
  // Headings of the game's text page.
  'text.heading': 'खोली {code} मधला डाव, शब्दांत',
  'text.section.status': 'स्थिती',
  'text.section.moves': 'तुमच्या चाली',
  'text.section.pawns': 'सोंगट्या',
  'text.section.board': 'सुरक्षित घरे, जोड्या आणि तह',
  'text.section.log': 'डावातल्या बातम्या',
  'text.section.answer': 'उत्तर',
  // The command box: its label, its button.
  'text.command.label': 'आज्ञा (यादीसाठी मदत असे लिहा)',
  'text.command.do': 'करा',

  // ---- Status ----
  'text.round': 'फेरी {round}.',
  'text.turn.you': 'तुमची पाळी.',
  'text.turn.other': '{who}ची पाळी.',
  'text.held': 'हातातली दाने: {values}.',
  'text.held.none': 'हातात एकही दान नाही.',
  'text.pending': {
    one: 'अजून एक दान टाकायचे आहे.',
    other: 'अजून {n} दाने टाकायची आहेत.',
  },
  'text.canThrow': 'आता दान टाका: टाका असे लिहा, किंवा T दाबा.',
  'text.canSkip': 'हे दान सोडता येईल: सोडा असे लिहा, किंवा S दाबा.',
  'text.watching': 'तुम्ही हा डाव बघताय.',
  'text.standin': 'तुमच्याऐवजी कॉम्प्युटर खेळतोय. पुन्हा स्वतः खेळायला जागा घ्या असे लिहा.',

  // ---- Places, on the path of the pawn's own player ----
  // Squares are counted in steps from that player's home square.
  'text.place.waiting': 'आत यायला थांबलेली',
  'text.place.home': 'मूळ घरात',
  'text.place.outer': 'घर {n}मध्ये',
  'text.place.inner': {
    one: 'आतल्या फेऱ्यात, मधल्या घरापासून एक घर दूर',
    other: 'आतल्या फेऱ्यात, मधल्या घरापासून {n} घरे दूर',
  },
  'text.place.centre': 'मधल्या घरात',
  // A place that is a safe square: {place} as above.
  'text.place.safe': '{place}, सुरक्षित',

  // ---- Pawns ----
  'text.pawns.of': '{who}: {list}.',
  'text.pawns.you': 'तुम्ही: {list}.',
  'text.pawns.waiting': {
    one: 'एक सोंगटी थांबलेली',
    other: '{n} सोंगट्या थांबलेल्या',
  },
  'text.pawns.centre': {
    one: 'एक सोंगटी मधल्या घरात',
    other: '{n} सोंगट्या मधल्या घरात',
  },
  'text.pawns.pawn': 'सोंगटी {pawn} {place}',
  'text.pawns.pair': 'सोंगट्या {pawns} जोडीने {place}',

  // ---- Safe squares, pairs, truces ----
  'text.safe': 'तुमच्या वाटेवरची सुरक्षित घरे: {list}.',
  'text.safe.home': 'तुमचे मूळ घर',
  'text.safe.centre': 'मधले घर',
  'text.pairs': 'जोड्या: {list}.',
  'text.pairs.none': 'एकही जोडी नाही.',
  'text.pairs.of': '{who}, सोंगट्या {pawns}',

  // ---- Moves ----
  'text.moves.notYourTurn': 'तुमची पाळी नाही: आत्ता {who}ची पाळी.',
  'text.moves.none': 'हातातल्या दानांनी एकही चाल होत नाही.',
  'text.moves.over': 'डाव संपला.',
  // An action of the player's is on its way to the table.
  'text.moves.sent': 'पाठवले; उत्तराची वाट पाहत आहे.',
  // A listed move: {move} the move in words (game.js's move.*), {place} where it ends.
  'text.move': '{move}, मग {place}',
  'text.move.strandsAgain': 'या चालीने पाळी अडकेल. तरीही खेळायची असेल तर चाल {n} असे आणखी एकदा लिहा.',

  // ---- Announcements ----
  'text.hit': '{who}ने {place} {victim}ची सोंगटी {pawns} मारली.',
  'text.hit.you': 'तुम्ही {place} {victim}ची सोंगटी {pawns} मारली.',
  'text.hit.onYou': '{who}ने {place} तुमची सोंगटी {pawns} मारली.',
  'text.hit.pair': '{who}ने {place} {victim}ची जोडी मारली.',
  'text.hit.pair.you': 'तुम्ही {place} {victim}ची जोडी मारली.',
  'text.hit.pair.onYou': '{who}ने {place} तुमची जोडी मारली.',
  'text.chat': '{name} म्हणतात: {text}',
  'text.rematch': 'पुन्हा डाव तयार आहे: तिथे जाण्यासाठी {word} असे लिहा.',

  // ---- Commands ----
  // The words typed for each command, separated by "|": the polite and
  // the short imperative where both are typed (टाका|टाक). English words
  // always work too. The verb may come last: "रवी कुठे".
  'text.cmd.throw': 'टाका|टाक',
  'text.cmd.move': 'चाल|न्या',
  'text.cmd.skip': 'सोडा|सोड',
  'text.cmd.pawns': 'सोंगट्या|सोंगटी',
  'text.cmd.where': 'कुठे',
  'text.cmd.threats': 'धोका',
  'text.cmd.hint': 'सल्ला|काय करू',
  'text.cmd.last': 'मागची|मागची पाळी',
  'text.cmd.clock': 'वेळ|घड्याळ',
  'text.cmd.board': 'पट',
  'text.cmd.status': 'स्थिती',
  'text.cmd.moves': 'चाली',
  'text.cmd.chat': 'बोला|गप्पा',
  'text.cmd.repeat': 'पुन्हा सांगा|परत सांगा',
  'text.cmd.accept': 'मान्य|हो',
  'text.cmd.decline': 'नको',
  'text.cmd.truce': 'तह',
  'text.cmd.back': 'जागा घ्या|जागा परत',
  'text.cmd.rematch': 'पुन्हा डाव',
  'text.cmd.help': 'मदत',
  // What each does, for the help: {word} the command word, {key} its key outside the box.
  'text.help.intro': 'चौकटीत आज्ञा लिहून Enter दाबा. चौकटीबाहेर, कंसातली कळ तेच काम करते.',
  'text.help.throw': '{word} ({key}): कवड्या टाका.',
  'text.help.move': '{word} आणि एक क्रमांक, किंवा फक्त क्रमांक ({key}): यादीतली ती चाल खेळा.',
  'text.help.skip': '{word} ({key}): एक दान सोडा.',
  'text.help.pawns': '{word} ({key}): तुमच्या सोंगट्या कुठे आहेत.',
  'text.help.where': '{word} आणि एक नाव ({key}): त्या खेळाडूच्या सोंगट्या कुठे आहेत.',
  'text.help.threats': '{word} ({key}): तुमची कोणती सोंगटी विरोधक कोणत्या दानावर मारू शकतात.',
  'text.help.hint': '{word} ({key}): तुमच्या पाळीत, कॉम्प्युटर काय करेल, आणि का.',
  // A hinted move in the text mode: {n} is its number in the list of moves, {move} the move in words.
  'text.hint.move': 'चाल {n}, {move}',
  'text.help.last': '{word} ({key}): प्रत्येकाची मागची पाळी.',
  'text.help.clock': '{word} ({key}): उरलेला वेळ.',
  'text.help.board': '{word} ({key}): पट, एकेक ओळ.',
  'text.help.status': '{word} ({key}): कोणाची पाळी, आणि हातातली दाने.',
  'text.help.moves': '{word} ({key}): तुमच्या चाली.',
  'text.help.chat': '{word} आणि तुमचे शब्द: सगळ्यांना लिहा.',
  'text.help.repeat': '{word} ({key}): शेवटची बातमी पुन्हा ऐका.',
  'text.help.truce': '{word} आणि एक नाव, {accept}, {decline}: तह सुचवा, किंवा सुचवलेल्या तहाला उत्तर द्या.',
  'text.help.back': '{word}: कॉम्प्युटर तुमच्याऐवजी खेळल्यानंतर पुन्हा स्वतः खेळा.',
  'text.help.rematch': '{word}: डाव संपल्यावर पुन्हा डाव मागा.',
  'text.help.help': '{word} ({key}): ही यादी.',
  'text.help.squares': 'घरे प्रत्येक खेळाडूच्या मूळ घरापासून पावलांत मोजली आहेत.',

  // ---- Answers ----
  'text.threats.none': 'एका दानात तुमची कोणतीही सोंगटी मारली जाऊ शकत नाही.',
  'text.threats.asking': 'पट बघत आहे…',
  'text.threat': '{who} {value}वर {place} तुमची सोंगटी {pawns} मारू शकतात.',
  'text.last.none': '{who}ची अजून एकही पाळी झाली नाही.',
  'text.last.of': '{who}: {events}',
  // The board: rows from the far side down to yours, columns from your left.
  'text.board.intro': 'ओळी पलीकडच्या बाजूपासून तुमच्या बाजूकडे, स्तंभ तुमच्या डावीकडून.',
  'text.board.row': 'ओळ {n}: {squares}.',
  'text.board.rowEmpty': 'ओळ {n}: रिकामी.',
  'text.board.square': 'स्तंभ {n}: {what}',
  'text.board.safe': 'सुरक्षित',
  'text.board.centre': 'मधले घर',
  'text.board.pawns': '{who} {pawns}',
  'text.clock.left': {
    one: '{who}: एक सेकंद बाकी.',
    other: '{who}: {n} सेकंद बाकी.',
  },
  'text.clock.none': 'या डावात पाळीला वेळेची मर्यादा नाही.',
  'text.clock.days': '{who}: {left}.',

  // ---- Mistakes ----
  'text.error.unknown': '“{text}” समजले नाही. आज्ञांसाठी मदत असे लिहा.',
  'text.error.noSuchMove': {
    one: 'चाल {pick} नाही: फक्त चाल 1 आहे.',
    other: 'चाल {pick} नाही: चाली 1 ते {n} आहेत.',
  },
  'text.error.whichMove': 'कोणती चाल? तिचा क्रमांक सांगा, असा: चाल 1.',
  'text.error.noMoves': 'आत्ता तुमच्याकडे खेळायला एकही चाल नाही.',
  'text.error.notYourTurn': 'ही तुमची पाळी नाही: आत्ता {who}ची पाळी आहे.',
  'text.error.cannotThrow': 'आत्ता दान टाकता येत नाही.',
  'text.error.cannotSkip': 'आत्ता दान सोडता येत नाही.',
  'text.error.noPlayer': 'इथे {name} नावाचे कोणी खेळत नाही.',
  'text.error.whom': 'खेळाडूचे नावही सांगा, असे: {example}.',
  'text.error.emptyChat': 'काय लिहायचे तेही सांगा, असे: {example}.',
  'text.error.watching': 'तुम्ही बघताय: हे फक्त खेळाडू करू शकतात.',
  'text.error.notOver': 'डाव संपल्यावरच पुन्हा डाव मागता येतो.',
  'text.error.nothingYet': 'अजून कोणतीही बातमी नाही.',
  'text.error.noOffer': 'तुम्हाला कोणी तह सुचवलेला नाही.',
  'text.error.noTruce': 'आत्ता {who}ला तह सुचवता येत नाही.',
  'text.error.notStandin': 'तुमच्या जागेवर तुम्हीच खेळत आहात.',
  'text.error.busy': 'थांबा: तुमची आधीची कृती अजून पोहोचतेय.',

  // ---- The replay, in text ----
  'text.replay.pawns': 'या चालीनंतर सोंगट्या',
};
