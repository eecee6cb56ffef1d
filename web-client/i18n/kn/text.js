// Kannada (ಕನ್ನಡ) texts of the text mode (text-*.js): the game as plain
// text with headings, one command box and short announcements, for players
// who listen with a screen reader. Same keys as ../en/text.js; terms as in
// docs/i18n/kn.md and this language's game.js: ಕಾಯಿ (pawn), ಮನೆ (square),
// ಮೂಲಮನೆ (home square), ಸುರಕ್ಷಿತ ಮನೆ, ನಡುಮನೆ (centre), ಹೊಡೆ (hit),
// ಹಾಕು (throw), ಸರದಿ (turn). The player is ನೀವು, others the polite plural.
// The command words (text.cmd.*) are what a player types; docs/i18n/kn.md
// says why each was chosen. Plural categories in Kannada: one (0 and 1),
// other; so the one forms say {n} too.
export default {
  // Headings of the game's text page.
  'text.heading': 'ಕೋಣೆ {code} ರಲ್ಲಿ ಆಟ, ಅಕ್ಷರಗಳಲ್ಲಿ',
  'text.section.status': 'ಸ್ಥಿತಿ',
  'text.section.moves': 'ನಿಮ್ಮ ನಡೆಗಳು',
  'text.section.pawns': 'ಕಾಯಿಗಳು',
  'text.section.board': 'ಸುರಕ್ಷಿತ ಮನೆಗಳು, ಜೋಡಿಗಳು, ಒಪ್ಪಂದಗಳು',
  'text.section.log': 'ಆಟದ ಸುದ್ದಿ',
  'text.section.answer': 'ಉತ್ತರ',
  // The command box: its label, its button.
  'text.command.label': 'ಆಜ್ಞೆ (ಪಟ್ಟಿಗಾಗಿ ಸಹಾಯ ಎಂದು ಬರೆಯಿರಿ)',
  'text.command.do': 'ಮಾಡಿ',

  // ---- Status ----
  'text.round': '{round}ನೇ ಸುತ್ತು.',
  'text.turn.you': 'ನಿಮ್ಮ ಸರದಿ.',
  'text.turn.other': '{who} ಅವರ ಸರದಿ.',
  'text.held': 'ಕೈಯಲ್ಲಿ: {values}.',
  'text.held.none': 'ಕೈಯಲ್ಲಿ ಏನೂ ಇಲ್ಲ.',
  'text.pending': {
    one: 'ಇನ್ನೂ {n} ಸಲ ಹಾಕಬೇಕು.',
    other: 'ಇನ್ನೂ {n} ಸಲ ಹಾಕಬೇಕು.',
  },
  'text.canThrow': 'ಈಗ ಹಾಕಿ: ಹಾಕಿ ಎಂದು ಬರೆಯಿರಿ, ಅಥವಾ T ಒತ್ತಿ.',
  'text.canSkip': 'ಈ ಸಲ ಬಿಡಬಹುದು: ಬಿಡಿ ಎಂದು ಬರೆಯಿರಿ, ಅಥವಾ S ಒತ್ತಿ.',
  'text.watching': 'ನೀವು ಈ ಆಟ ನೋಡುತ್ತಿದ್ದೀರಿ.',
  'text.standin': 'ನಿಮ್ಮ ಬದಲಿಗೆ ಕಂಪ್ಯೂಟರ್ ಆಡುತ್ತಿದೆ. ಮತ್ತೆ ನೀವೇ ಆಡಲು ಮರಳಿ ಎಂದು ಬರೆಯಿರಿ.',

  // ---- Places, on the path of the pawn's own player ----
  // Squares are counted in steps from that player's home square. Places
  // are said in the locative (ಮನೆಯಲ್ಲಿ), so they follow a pawn directly.
  'text.place.waiting': 'ಒಳಗೆ ಬರಲು ಕಾಯುತ್ತಿದೆ',
  'text.place.home': 'ಮೂಲಮನೆಯಲ್ಲಿ',
  'text.place.outer': '{n}ನೇ ಮನೆಯಲ್ಲಿ',
  'text.place.inner': {
    one: 'ಒಳಸುತ್ತಿನಲ್ಲಿ, ನಡುಮನೆಯಿಂದ {n} ಮನೆ ದೂರ',
    other: 'ಒಳಸುತ್ತಿನಲ್ಲಿ, ನಡುಮನೆಯಿಂದ {n} ಮನೆ ದೂರ',
  },
  'text.place.centre': 'ನಡುಮನೆಯಲ್ಲಿ',
  // A place that is a safe square: {place} as above.
  'text.place.safe': '{place}, ಸುರಕ್ಷಿತ ಮನೆ',

  // ---- Pawns ----
  'text.pawns.of': '{who}: {list}.',
  'text.pawns.you': 'ನೀವು: {list}.',
  'text.pawns.waiting': {
    one: '{n} ಕಾಯಿ ಕಾಯುತ್ತಿದೆ',
    other: '{n} ಕಾಯಿಗಳು ಕಾಯುತ್ತಿವೆ',
  },
  'text.pawns.centre': {
    one: '{n} ಕಾಯಿ ನಡುಮನೆಯಲ್ಲಿ',
    other: '{n} ಕಾಯಿಗಳು ನಡುಮನೆಯಲ್ಲಿ',
  },
  'text.pawns.pawn': '{pawn}ನೇ ಕಾಯಿ {place}',
  'text.pawns.pair': 'ಕಾಯಿಗಳು {pawns} ಜೋಡಿಯಾಗಿ {place}',

  // ---- Safe squares, pairs, truces ----
  'text.safe': 'ನಿಮ್ಮ ದಾರಿಯ ಸುರಕ್ಷಿತ ಮನೆಗಳು: {list}.',
  'text.safe.home': 'ನಿಮ್ಮ ಮೂಲಮನೆ',
  'text.safe.centre': 'ನಡುಮನೆ',
  'text.pairs': 'ಜೋಡಿಗಳು: {list}.',
  'text.pairs.none': 'ಯಾವ ಜೋಡಿಯೂ ಇಲ್ಲ.',
  'text.pairs.of': '{who}, ಕಾಯಿಗಳು {pawns}',

  // ---- Moves ----
  'text.moves.notYourTurn': 'ನಿಮ್ಮ ಸರದಿ ಅಲ್ಲ: {who} ಆಡುತ್ತಿದ್ದಾರೆ.',
  'text.moves.none': 'ಕೈಯಲ್ಲಿರುವುದರಿಂದ ನಡೆ ಇಲ್ಲ.',
  'text.moves.over': 'ಆಟ ಮುಗಿದಿದೆ.',
  // An action of the player's is on its way to the table.
  'text.moves.sent': 'ಕಳಿಸಿದೆ; ಉತ್ತರಕ್ಕೆ ಕಾಯುತ್ತಿದೆ.',
  // A listed move: {move} the move in words (game.js's move.*), {place} where it ends.
  'text.move': '{move}, ಆಮೇಲೆ {place}',
  'text.move.strandsAgain': 'ಈ ನಡೆಯಿಂದ ಸರದಿ ಸಿಕ್ಕಿಬೀಳುತ್ತದೆ. ಆದರೂ ಆಡಲು ನಡೆಸಿ {n} ಎಂದು ಇನ್ನೊಮ್ಮೆ ಬರೆಯಿರಿ.',

  // ---- Announcements ----
  'text.hit': '{who} {victim} ಅವರ ಕಾಯಿ {pawns} {place} ಹೊಡೆದರು.',
  'text.hit.you': 'ನೀವು {victim} ಅವರ ಕಾಯಿ {pawns} {place} ಹೊಡೆದಿರಿ.',
  'text.hit.onYou': '{who} ನಿಮ್ಮ ಕಾಯಿ {pawns} {place} ಹೊಡೆದರು.',
  'text.hit.pair': '{who} {victim} ಅವರ ಜೋಡಿಯನ್ನು {place} ಹೊಡೆದರು.',
  'text.hit.pair.you': 'ನೀವು {victim} ಅವರ ಜೋಡಿಯನ್ನು {place} ಹೊಡೆದಿರಿ.',
  'text.hit.pair.onYou': '{who} ನಿಮ್ಮ ಜೋಡಿಯನ್ನು {place} ಹೊಡೆದರು.',
  'text.chat': '{name} ಹೇಳುತ್ತಾರೆ: {text}',
  'text.rematch': 'ಮತ್ತೊಂದು ಆಟ ಸಿದ್ಧವಿದೆ: ಅಲ್ಲಿಗೆ ಹೋಗಲು {word} ಎಂದು ಬರೆಯಿರಿ.',

  // ---- Commands ----
  // The words typed for each command, separated by "|": the informal and
  // the polite imperative where both are typed (ಹಾಕು|ಹಾಕಿ). English words
  // always work too. The verb may come last: "ರವಿ ಎಲ್ಲಿ", "2 ನಡೆಸಿ".
  'text.cmd.throw': 'ಹಾಕು|ಹಾಕಿ',
  'text.cmd.move': 'ನಡೆಸು|ನಡೆಸಿ',
  'text.cmd.skip': 'ಬಿಡು|ಬಿಡಿ',
  'text.cmd.pawns': 'ಕಾಯಿಗಳು|ಕಾಯಿ',
  'text.cmd.where': 'ಎಲ್ಲಿ|ಎಲ್ಲಿದೆ',
  'text.cmd.threats': 'ಅಪಾಯ',
  'text.cmd.hint': 'ಸಲಹೆ|ಏನು ಮಾಡಲಿ',
  'text.cmd.last': 'ಹಿಂದಿನದು|ಕೊನೆಯದು',
  'text.cmd.clock': 'ಸಮಯ|ಗಡಿಯಾರ',
  'text.cmd.board': 'ಮಣೆ',
  'text.cmd.status': 'ಸ್ಥಿತಿ',
  'text.cmd.moves': 'ನಡೆಗಳು',
  'text.cmd.chat': 'ಹೇಳು|ಹೇಳಿ',
  'text.cmd.repeat': 'ಮತ್ತೆ|ಪುನಃ',
  'text.cmd.accept': 'ಒಪ್ಪು|ಒಪ್ಪಿ',
  'text.cmd.decline': 'ಬೇಡ',
  'text.cmd.truce': 'ಒಪ್ಪಂದ',
  'text.cmd.back': 'ಮರಳಿ|ನಾನೇ ಆಡುತ್ತೇನೆ',
  'text.cmd.rematch': 'ಮತ್ತೊಂದು ಆಟ',
  'text.cmd.help': 'ಸಹಾಯ',
  // What each does, for the help: {word} the command word, {key} its key outside the box.
  'text.help.intro': 'ಪೆಟ್ಟಿಗೆಯಲ್ಲಿ ಆಜ್ಞೆ ಬರೆದು Enter ಒತ್ತಿ. ಪೆಟ್ಟಿಗೆಯ ಹೊರಗೆ, ಆವರಣದಲ್ಲಿರುವ ಕೀಲಿ ಅದನ್ನೇ ಮಾಡುತ್ತದೆ.',
  'text.help.throw': '{word} ({key}): ಕವಡೆ ಹಾಕಿ.',
  'text.help.move': '{word} ಮತ್ತು ಒಂದು ಸಂಖ್ಯೆ, ಅಥವಾ ಸಂಖ್ಯೆ ಮಾತ್ರ ({key}): ಪಟ್ಟಿಯಲ್ಲಿರುವ ಆ ನಡೆ ಆಡಿ.',
  'text.help.skip': '{word} ({key}): ಒಂದು ಸಲ ಬಿಡಿ.',
  'text.help.pawns': '{word} ({key}): ನಿಮ್ಮ ಕಾಯಿಗಳು ಎಲ್ಲಿವೆ.',
  'text.help.where': '{word} ಮತ್ತು ಒಂದು ಹೆಸರು ({key}): ಆ ಆಟಗಾರರ ಕಾಯಿಗಳು ಎಲ್ಲಿವೆ.',
  'text.help.threats': '{word} ({key}): ನಿಮ್ಮ ಯಾವ ಕಾಯಿಯನ್ನು ಎದುರಾಳಿ ಹೊಡೆಯಬಹುದು, ಯಾವ ಸಂಖ್ಯೆಯಿಂದ.',
  'text.help.hint': '{word} ({key}): ನಿಮ್ಮ ಸರದಿಯಲ್ಲಿ, ಕಂಪ್ಯೂಟರ್ ಏನು ಮಾಡುತ್ತಿತ್ತು, ಏಕೆ.',
  // A hinted move in the text mode: {n} is its number in the list of moves, {move} the move in words.
  'text.hint.move': 'ನಡೆ {n}, {move}',
  'text.help.last': '{word} ({key}): ಪ್ರತಿಯೊಬ್ಬರ ಹಿಂದಿನ ಸರದಿ.',
  'text.help.clock': '{word} ({key}): ಉಳಿದ ಸಮಯ.',
  'text.help.board': '{word} ({key}): ಮಣೆ, ಸಾಲು ಸಾಲಾಗಿ.',
  'text.help.status': '{word} ({key}): ಯಾರ ಸರದಿ, ಕೈಯಲ್ಲಿರುವ ಸಂಖ್ಯೆಗಳು.',
  'text.help.moves': '{word} ({key}): ನಿಮ್ಮ ನಡೆಗಳು.',
  'text.help.chat': '{word} ಮತ್ತು ನಿಮ್ಮ ಮಾತು: ಎಲ್ಲರಿಗೂ ಬರೆಯಿರಿ.',
  'text.help.repeat': '{word} ({key}): ಕೊನೆಯ ಸುದ್ದಿಯನ್ನು ಮತ್ತೆ ಹೇಳುತ್ತದೆ.',
  'text.help.truce': '{word} ಮತ್ತು ಒಂದು ಹೆಸರು, {accept}, {decline}: ಒಪ್ಪಂದ ಕೇಳಿ, ಅಥವಾ ಕೇಳಿದ ಒಪ್ಪಂದಕ್ಕೆ ಉತ್ತರಿಸಿ.',
  'text.help.back': '{word}: ಕಂಪ್ಯೂಟರ್ ನಿಮ್ಮ ಬದಲಿಗೆ ಆಡಿದ ಮೇಲೆ ಮತ್ತೆ ನೀವೇ ಆಡಿ.',
  'text.help.rematch': '{word}: ಆಟ ಮುಗಿದ ಮೇಲೆ ಮತ್ತೊಂದು ಆಟ ಕೇಳಿ.',
  'text.help.help': '{word} ({key}): ಈ ಪಟ್ಟಿ.',
  'text.help.squares': 'ಮನೆಗಳನ್ನು ಪ್ರತಿ ಆಟಗಾರರ ಮೂಲಮನೆಯಿಂದ ಹೆಜ್ಜೆಗಳಲ್ಲಿ ಎಣಿಸಲಾಗುತ್ತದೆ.',

  // ---- Answers ----
  'text.threats.none': 'ಒಂದೇ ಸಲ ಹಾಕಿ ನಿಮ್ಮ ಯಾವ ಕಾಯಿಯನ್ನೂ ಹೊಡೆಯಲಾಗದು.',
  'text.threats.asking': 'ಮಣೆ ನೋಡುತ್ತಿದೆ…',
  'text.threat': '{who} {value}ರಿಂದ ನಿಮ್ಮ ಕಾಯಿ {pawns} {place} ಹೊಡೆಯಬಹುದು.',
  'text.last.none': '{who} ಇನ್ನೂ ಆಡಿಲ್ಲ.',
  'text.last.of': '{who}: {events}',
  // The board: rows from the far side down to yours, columns from your left.
  'text.board.intro': 'ಸಾಲುಗಳು ಆಚೆ ಬದಿಯಿಂದ ನಿಮ್ಮ ಬದಿಗೆ, ಕಾಲಂಗಳು ನಿಮ್ಮ ಎಡದಿಂದ.',
  'text.board.row': '{n}ನೇ ಸಾಲು: {squares}.',
  'text.board.rowEmpty': '{n}ನೇ ಸಾಲು: ಖಾಲಿ.',
  'text.board.square': '{n}ನೇ ಕಾಲಂ: {what}',
  'text.board.safe': 'ಸುರಕ್ಷಿತ',
  'text.board.centre': 'ನಡುಮನೆ',
  'text.board.pawns': '{who} ಅವರ {pawns}',
  'text.clock.left': {
    one: '{who}: {n} ಸೆಕೆಂಡು ಬಾಕಿ.',
    other: '{who}: {n} ಸೆಕೆಂಡು ಬಾಕಿ.',
  },
  'text.clock.none': 'ಈ ಆಟದಲ್ಲಿ ಸರದಿಗೆ ಸಮಯದ ಮಿತಿ ಇಲ್ಲ.',
  'text.clock.days': '{who}: {left}.',

  // ---- Mistakes ----
  'text.error.unknown': '“{text}” ನನಗೆ ತಿಳಿಯಲಿಲ್ಲ. ಆಜ್ಞೆಗಳ ಪಟ್ಟಿಗಾಗಿ ಸಹಾಯ ಎಂದು ಬರೆಯಿರಿ.',
  'text.error.noSuchMove': {
    one: 'ನಡೆ {pick} ಇಲ್ಲ: ಇರುವುದು {n} ನಡೆ ಮಾತ್ರ.',
    other: 'ನಡೆ {pick} ಇಲ್ಲ: ನಡೆಗಳು 1 ರಿಂದ {n} ರವರೆಗೆ.',
  },
  'text.error.whichMove': 'ಯಾವ ನಡೆ? ಅದರ ಸಂಖ್ಯೆ ಹೇಳಿ, ಹೀಗೆ: ನಡೆಸಿ 1.',
  'text.error.noMoves': 'ಈಗ ನಿಮಗೆ ಆಡಲು ನಡೆ ಇಲ್ಲ.',
  'text.error.notYourTurn': 'ಇದು ನಿಮ್ಮ ಸರದಿ ಅಲ್ಲ: {who} ಆಡುತ್ತಿದ್ದಾರೆ.',
  'text.error.cannotThrow': 'ಈಗ ಹಾಕಲಾಗದು.',
  'text.error.cannotSkip': 'ಈಗ ಬಿಡಲಾಗದು.',
  'text.error.noPlayer': '{name} ಎಂಬ ಆಟಗಾರರು ಇಲ್ಲಿ ಇಲ್ಲ.',
  'text.error.whom': 'ಆಟಗಾರರ ಹೆಸರನ್ನೂ ಹೇಳಿ, ಹೀಗೆ: {example}.',
  'text.error.emptyChat': 'ಏನು ಬರೆಯಬೇಕು ಎಂದೂ ಹೇಳಿ, ಹೀಗೆ: {example}.',
  'text.error.watching': 'ನೀವು ನೋಡುತ್ತಿದ್ದೀರಿ: ಇದನ್ನು ಆಟಗಾರರು ಮಾತ್ರ ಮಾಡಬಹುದು.',
  'text.error.notOver': 'ಆಟ ಮುಗಿದ ಮೇಲೆ ಮತ್ತೊಂದು ಆಟ ಕೇಳಬಹುದು.',
  'text.error.nothingYet': 'ಇನ್ನೂ ಯಾವ ಸುದ್ದಿಯೂ ಇಲ್ಲ.',
  'text.error.noOffer': 'ನಿಮ್ಮನ್ನು ಯಾರೂ ಒಪ್ಪಂದ ಕೇಳಿಲ್ಲ.',
  'text.error.noTruce': 'ಈಗ {who} ಅವರನ್ನು ಒಪ್ಪಂದ ಕೇಳಲಾಗದು.',
  'text.error.notStandin': 'ನಿಮ್ಮ ಜಾಗದಲ್ಲಿ ಈಗಾಗಲೇ ನೀವೇ ಆಡುತ್ತಿದ್ದೀರಿ.',
  'text.error.busy': 'ಸ್ವಲ್ಪ ಕಾಯಿರಿ: ನಿಮ್ಮ ಹಿಂದಿನ ನಡೆ ಹೋಗುತ್ತಿದೆ.',

  // ---- The replay, in text ----
  'text.replay.pawns': 'ಈ ನಡೆಯ ನಂತರ ಕಾಯಿಗಳು',
};
