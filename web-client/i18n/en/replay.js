// English texts of watching games again: the replay viewer, My games (the
// games played in this browser), the game in numbers and its turning
// points (analysis.*). See
// docs/i18n.md. {code} is a room code; {who} a player's name (or a seat's
// colour); {n} a number (a move, a count); {total} the number of moves;
// {round} a round number. A text given as an object is chosen by {n}.
export default {
  // Tab titles.
  'title.replay': 'Replay of room {code} · {game}',
  'title.noReplay': 'No game to replay · {game}',
  'title.myGames': 'My games · {game}',

  // ---- The replay viewer ----
  'replay.heading': 'Replay · room {code}',
  'replay.loading': 'Loading the moves…',
  'replay.none': 'No game to replay here',
  'replay.noneText': 'No game has been played in room {code} yet, or the code is not one of ours.',
  'replay.failed': 'The replay could not be loaded',
  // After the players' names, while the game is still being played.
  'replay.live': 'still being played: the moves so far',
  // A link from the replay of a finished game to its room (final board, rematch).
  'replay.openRoom': 'Open the room',
  // A link to a finished game's replay (home page, end of a game).
  'replay.watch': 'Watch again',
  // The move counter: 0 is the start, {total} the last move.
  'replay.move': 'Move {n} of {total}',
  'replay.start': 'the start',
  'replay.toMove': 'round {round}, {who} to play',
  'replay.controls': 'Replay controls',
  'replay.first': 'To the start',
  'replay.prev': 'Back one move',
  'replay.play': 'Play',
  'replay.next': 'Forward one move',
  'replay.last': 'To the last move',
  // The slider's name: it picks a move.
  'replay.slider': 'Move',
  'replay.speed': 'Speed',
  // A speed, as a multiple of the normal one: "2×".
  'replay.speedValue': '{n}×',
  'replay.round': 'Jump to',
  // The first entry of the round list, before one is chosen.
  'replay.roundPick': 'a round…',
  'replay.roundOption': 'Round {round}',
  'replay.keys': 'Keys: ← and → one move, Home and End, space to play or pause.',
  // The panel of what happened in the move shown.
  'replay.thisMove': 'This move',
  'replay.begins': 'The game begins.',
  'replay.nothing': 'Nothing more to tell.',
  'replay.download': 'Download the game record',
  'replay.copyLink': 'Copy the link to this move',
  'replay.copied': 'Link copied',
  'replay.newer': 'Load newer moves',
  // Checking that the server did not choose the throws.
  'replay.fair.checking': 'Checking that the throws were fair…',
  'replay.fair.ok': {
    one: 'Your browser checked the throw: it comes from the seeds (secret numbers) in this record, and the server\'s seed matches the seal that this record says was shown at the start.',
    other: 'Your browser checked all {n} throws: each one comes from the seeds (secret numbers) in this record, and the server\'s seed matches the seal that this record says was shown at the start.',
  },
  'replay.fair.bad': 'Throw {n} of {total} does not come from the seeds in this record: this record has been changed.',
  'replay.fair.failed': 'The throws could not be checked in this browser.',
  'replay.fair.sealBroken': 'The server\'s seed in this record does not match its seal: this record has been changed.',
  'replay.fair.showMove': 'Show that throw',

  // ---- My games ----
  'mygames.nav': 'My games',
  'mygames.title': 'My games',
  'mygames.draw': 'Draw',
  'mygames.youWon': 'You won',
  'mygames.won': '{who} won',
  'mygames.replay': 'Watch again',
  'mygames.backToGame': 'Back to the game',

  // ---- The game in numbers ----
  'numbers.title': 'The game in numbers',
  // The caption of the table of throws.
  'numbers.throws': {
    one: '{n} throw: each value, and how often the odds expect it',
    other: '{n} throws: each value, and how often the odds expect it',
  },
  'numbers.value': 'Value',
  'numbers.thrown': 'Thrown',
  'numbers.expected': 'Expected',
  'numbers.legend.thrown': 'thrown',
  'numbers.legend.expected': 'expected from the odds',
  'numbers.byPlayer': 'Each player',
  'numbers.player': 'Player',
  'numbers.turns': 'Turns',
  'numbers.hits': 'Hits',
  'numbers.hitBy': 'Was hit',
  'numbers.time': 'Time taken',
  'numbers.minutes': '{m} min {s} s',
  'numbers.seconds': '{s} s',

  // ---- Turning points: a finished game's chances to win, turn by turn (replay-analysis.js) ----
  // The card's heading.
  'analysis.title': 'Turning points',
  // While the server works the chances out (a few seconds at most).
  'analysis.waiting': 'Analysing the game…',
  // When they cannot be shown (an error, or too long a wait): a quiet line, the rest of the replay works.
  'analysis.failed': 'The turning points of this game cannot be shown just now.',
  // Under the chart: how the chances were worked out.
  'analysis.method': 'The computer’s estimate of each player’s chance to win at the start of every turn.',
  // The chart's description for screen readers. {list} is each player's chance at the end, made of analysis.chart.end ("Asha finished with 100% and Ravi finished with 0%").
  'analysis.chart': 'Winning chances turn by turn, with the turning points numbered. {list}.',
  // One item of {list} above: {who} a player, {chance} a percentage ("100%").
  'analysis.chart.end': '{who} finished with {chance}',
  // The name of the chart's horizontal axis, whose numbers are rounds. Keep short.
  'analysis.axis': 'Round',
  // A fold under the chart that opens a table of every turn's chances.
  'analysis.table': 'Every turn’s chances',
  // The table's columns: the round, whose turn starts, then one per player.
  'analysis.table.round': 'Round',
  'analysis.table.turn': 'Turn of',
  // In the "Turn of" column of the last row: the chances when the game was over.
  'analysis.table.end': 'End',
  // When the game was too short for any turn to stand out.
  'analysis.none': 'This game was too short to have turning points.',
  // A turning point. {round} a round; {mover} whose turn it was; {who} whose chance moved; {from} and {to} percentages ("62%").
  'analysis.swing.fell': 'Round {round}, {mover}’s turn: {who}’s chance fell from {from} to {to}.',
  'analysis.swing.rose': 'Round {round}, {mover}’s turn: {who}’s chance rose from {from} to {to}.',
  // The same when the chance that moved was the mover's own ({who} is the mover).
  'analysis.swing.fell.own': 'Round {round}, {who}’s turn: {who}’s own chance fell from {from} to {to}.',
  'analysis.swing.rose.own': 'Round {round}, {who}’s turn: {who}’s own chance rose from {from} to {to}.',
  // The costliest move of that turn. {who} the player who moved; {move} the move in words, as on the game's move buttons ("Move pawn 2 with 3").
  'analysis.played': '{who} played: {move}.',
  // The move that was better, after the sentence above. {move} as above; {n} how much more chance to win it kept, in percentage points.
  'analysis.better': {
    one: 'Better: {move} ({n} point more chance to win).',
    other: 'Better: {move} ({n} points more chance to win).',
  },
  // Instead of the two sentences above when every move of that turn was the computer's best: luck decided it.
  'analysis.throws': 'The throws decided this turn.',
  // Button beside a turning point: shows its move on the board. Keep short.
  'analysis.show': 'Show',
  // Moves in words that the game's move texts (move.*) lack. Two pawns moving together: {pawns} their numbers ("1 and 3").
  'analysis.move.pair': 'Move pawns {pawns} together with {value}',
  // Why the better move was better: one sentence each, after analysis.better. {who} is the player who moved (third person, as the hint's reasons hint.why.* are said to "you").
  // {victim} the player whose pawn it hits.
  'analysis.why.hit': 'That move hits {victim}’s pawn and earns {who} another throw.',
  // {by} one or more players' names ("Ravi" or "Ravi and Meena"); {values} the throws that would hit ("3 and 4"). {n} counts the players.
  'analysis.why.escape': {
    one: '{who}’s pawn was in danger from {by}’s {values}: that move takes it out of reach.',
    other: '{who}’s pawn was in danger from {by} (with {values}): that move takes it out of reach.',
  },
  // As above, when the better move ends on a safe (crossed) square.
  'analysis.why.escape.safe': {
    one: '{who}’s pawn was in danger from {by}’s {values}: that move takes it to a safe square.',
    other: '{who}’s pawn was in danger from {by} (with {values}): that move takes it to a safe square.',
  },
  // {by} as above: the move played left a pawn that player could hit; the better one did not.
  'analysis.why.staySafe': {
    one: 'The move played left a pawn of {who}’s where {by} could hit it.',
    other: 'The move played left a pawn of {who}’s where {by} could hit it.',
  },
  'analysis.why.centre': 'That move brings a pawn of {who}’s home to the centre.',
  'analysis.why.pair': 'That move makes {who} a pair: single pawns cannot hit it.',
  'analysis.why.enter': 'That move brings a waiting pawn of {who}’s onto the board.',
  'analysis.why.inner': 'That move takes a pawn of {who}’s through the gate into the inner ring.',
  // The rest of what the computer weighs: how far the pawns have come, and the values still held to walk with.
  'analysis.why.progress': 'That move leaves {who}’s pawns better placed, counting the values still held.',
  'analysis.why.only': 'That move leaves {who} better placed, all told.',
};
