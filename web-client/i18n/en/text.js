// English texts of the text mode (text-*.js): the game as plain text with
// headings, one command box, and short announcements, for players who
// listen with a screen reader. See docs/i18n.md and docs/text-mode.md.
// {who}, {victim}, {name} are players' names (or a seat's colour); {pawn}
// a pawn's number, {pawns} a list of them; {place} a place in words as in
// text.place.*; {n} a number; {value} a throw's value. A text given as an
// object is chosen by {n}.
export default {
  // Headings of the game's text page.
  'text.heading': 'Game {code}, in text',
  'text.section.status': 'Status',
  'text.section.moves': 'Your moves',
  'text.section.pawns': 'Pawns',
  'text.section.board': 'Safe squares, pairs and truces',
  'text.section.log': 'Announcements',
  'text.section.answer': 'Answer',
  // The command box: its label, its button.
  'text.command.label': 'Command (type help for the list)',
  'text.command.do': 'Do',

  // ---- Status ----
  'text.round': 'Round {round}.',
  'text.turn.you': 'Your turn.',
  'text.turn.other': '{who} to play.',
  'text.held': 'Throws held: {values}.',
  'text.held.none': 'No throws held.',
  'text.pending': {
    one: 'One more throw to make.',
    other: '{n} more throws to make.',
  },
  'text.canThrow': 'Throw now: type throw, or press T.',
  'text.canSkip': 'You may skip this throw: type skip, or press S.',
  'text.watching': 'You are watching this game.',
  'text.standin': 'The computer is playing for you. Type back to play again.',

  // ---- Places, on the path of the pawn's own player ----
  // Squares are counted in steps from that player's home square.
  'text.place.waiting': 'waiting',
  'text.place.home': 'on the home square',
  'text.place.outer': 'on square {n}',
  'text.place.inner': {
    one: 'in the inner ring, one from the centre',
    other: 'in the inner ring, {n} from the centre',
  },
  'text.place.centre': 'at the centre',
  // A place that is a safe square: {place} as above.
  'text.place.safe': '{place}, safe',

  // ---- Pawns ----
  // One player's pawns: {list} joins the groups below.
  'text.pawns.of': '{who}: {list}.',
  'text.pawns.you': 'You: {list}.',
  'text.pawns.waiting': {
    one: 'one pawn waiting',
    other: '{n} pawns waiting',
  },
  'text.pawns.centre': {
    one: 'one at the centre',
    other: '{n} at the centre',
  },
  'text.pawns.pawn': 'pawn {pawn} {place}',
  'text.pawns.pair': 'pawns {pawns} as a pair {place}',

  // ---- Safe squares, pairs, truces ----
  // {list}: the numbers of the squares (as in text.place.outer), then the home square and the centre.
  'text.safe': 'Safe squares on your path: {list}.',
  'text.safe.home': 'your home square',
  'text.safe.centre': 'the centre',
  'text.pairs': 'Pairs: {list}.',
  'text.pairs.none': 'No pairs.',
  'text.pairs.of': '{who}, pawns {pawns}',

  // ---- Moves ----
  'text.moves.notYourTurn': 'Not your turn: {who} is playing.',
  'text.moves.none': 'No moves with what you hold.',
  'text.moves.over': 'The game is over.',
  // An action of the player's is on its way to the table.
  'text.moves.sent': 'Sent; waiting for the table.',
  // A listed move: {move} the move in words, {place} where it ends.
  'text.move': '{move}: lands {place}',
  'text.move.strandsAgain': 'This move strands the turn. Type move {n} again to play it anyway.',

  // ---- Announcements ----
  // A hit, with where it happened on the victim's path.
  'text.hit': '{who} hit {victim}\'s pawn {pawns} {place}.',
  'text.hit.you': 'You hit {victim}\'s pawn {pawns} {place}.',
  'text.hit.onYou': '{who} hit your pawn {pawns} {place}.',
  'text.hit.pair': '{who} hit {victim}\'s pair {place}.',
  'text.hit.pair.you': 'You hit {victim}\'s pair {place}.',
  'text.hit.pair.onYou': '{who} hit your pair {place}.',
  // A chat line arriving: {name} wrote {text}.
  'text.chat': '{name} says: {text}',
  // Said when a rematch room is ready (someone asked): {word} is the rematch command.
  'text.rematch': 'A rematch is ready: type {word} to go there.',

  // ---- Commands ----
  // The words typed for each command, in this language; several are
  // separated by "|". English words always work too.
  'text.cmd.throw': 'throw',
  'text.cmd.move': 'move',
  'text.cmd.skip': 'skip',
  'text.cmd.pawns': 'pawns',
  'text.cmd.where': 'where is|where',
  'text.cmd.threats': 'threats',
  'text.cmd.hint': 'hint|what would the computer do',
  'text.cmd.last': 'last',
  'text.cmd.clock': 'clock',
  'text.cmd.board': 'board',
  'text.cmd.status': 'status',
  'text.cmd.moves': 'moves',
  'text.cmd.chat': 'chat|say',
  'text.cmd.repeat': 'repeat|again',
  'text.cmd.accept': 'accept',
  'text.cmd.decline': 'decline',
  'text.cmd.truce': 'truce',
  'text.cmd.back': 'back',
  'text.cmd.rematch': 'rematch',
  'text.cmd.help': 'help',
  // What each does, for the help: {key} is its key outside the box.
  'text.help.intro': 'Type a command in the box and press Enter. Outside the box, the key in brackets does the same.',
  'text.help.throw': '{word} ({key}): throw the cowries.',
  'text.help.move': '{word} and a number, or the number alone ({key}): play that move of the list.',
  'text.help.skip': '{word} ({key}): skip a throw.',
  'text.help.pawns': '{word} ({key}): where your pawns are.',
  'text.help.where': '{word} and a name ({key}): where that player\'s pawns are.',
  'text.help.threats': '{word} ({key}): which of your pawns an opponent could hit, and with what.',
  'text.help.hint': '{word} ({key}): in your turn, what the computer would do, and why.',
  // A hinted move in the text mode: {n} is its number in the list of moves, {move} the move in words.
  'text.hint.move': 'move {n}, {move}',
  'text.help.last': '{word} ({key}): each player\'s last turn.',
  'text.help.clock': '{word} ({key}): the time left.',
  'text.help.board': '{word} ({key}): the board, row by row.',
  'text.help.status': '{word} ({key}): whose turn, and the throws held.',
  'text.help.moves': '{word} ({key}): your moves.',
  'text.help.chat': '{word} and your words: write to the table.',
  'text.help.repeat': '{word} ({key}): say the last announcement again.',
  'text.help.truce': '{word} and a name, {accept}, {decline}: offer a truce, answer one.',
  'text.help.back': '{word}: play again yourself after the computer played for you.',
  'text.help.rematch': '{word}: ask for a rematch once the game is over.',
  'text.help.help': '{word} ({key}): this list.',
  'text.help.squares': 'Squares are counted in steps from each player\'s home square.',

  // ---- Answers ----
  'text.threats.none': 'No pawn of yours can be hit with one throw.',
  'text.threats.asking': 'Looking at the board…',
  // One threat: {who} could hit your pawn(s) {pawns} {place} with a throw of {value}.
  'text.threat': '{who} could hit your pawn {pawns} {place} with {value}.',
  'text.last.none': '{who} has not played yet.',
  'text.last.of': '{who}: {events}',
  // The board: rows from the far side down to yours, columns from your left.
  'text.board.intro': 'Rows from the far side to your side, columns from your left.',
  'text.board.row': 'Row {n}: {squares}.',
  'text.board.rowEmpty': 'Row {n}: empty.',
  'text.board.square': 'column {n}: {what}',
  'text.board.safe': 'safe',
  'text.board.centre': 'the centre',
  'text.board.pawns': '{who} {pawns}',
  'text.clock.left': {
    one: '{who}: one second left.',
    other: '{who}: {n} seconds left.',
  },
  'text.clock.none': 'This game has no turn clock.',
  'text.clock.days': '{who}: {left}.',

  // ---- Mistakes ----
  'text.error.unknown': 'I do not know “{text}”. Type help for the commands.',
  'text.error.noSuchMove': {
    one: 'There is no move {pick}: there is only move 1.',
    other: 'There is no move {pick}: the moves go from 1 to {n}.',
  },
  'text.error.whichMove': 'Which move? Say its number, like: move 1.',
  'text.error.noMoves': 'You have no move to play now.',
  'text.error.notYourTurn': 'It is not your turn: {who} is playing.',
  'text.error.cannotThrow': 'You cannot throw now.',
  'text.error.cannotSkip': 'You cannot skip now.',
  'text.error.noPlayer': 'No player here is called {name}.',
  'text.error.whom': 'Say a player\'s name too, like: {example}.',
  'text.error.emptyChat': 'Say what to write too, like: {example}.',
  'text.error.watching': 'You are watching: only players can do that.',
  'text.error.notOver': 'A rematch can be asked for once the game is over.',
  'text.error.nothingYet': 'Nothing has been announced yet.',
  'text.error.noOffer': 'No truce is offered to you.',
  'text.error.noTruce': 'You cannot offer {who} a truce now.',
  'text.error.notStandin': 'You are playing your own seat already.',
  'text.error.busy': 'Wait: your last action is on its way.',

  // ---- The replay, in text ----
  'text.replay.pawns': 'Pawns after this move',
};
