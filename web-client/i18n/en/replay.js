// English texts of watching games again: the replay viewer, My games (the
// games played in this browser) and the game in numbers. See
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
};
