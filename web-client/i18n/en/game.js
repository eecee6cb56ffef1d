// English texts of the game screen: the turn banner, throw and move
// controls, move descriptions, the players panel, truces, the result, the
// board's and cowries' labels for screen readers, and the sentences of the
// game log (events). See docs/i18n.md. Keys are never renamed or removed
// once translated; {name} placeholders are filled in by the code and must
// stay as they are (their order may change). A text given as an object is
// chosen by the number {n}: one form per plural category.
//
// Placeholders used throughout: {who}, {from}, {to}, {a}, {b}, {victim},
// {ally}, {leader} are players' names (or a seat's colour, e.g. "Red");
// {value} is a throw's value (1-8); {pawn} is a pawn's number (1-16);
// {pawns} is a list of pawn numbers ("1, 2 and 3"); {round} is a round
// number. Texts ending in ".you" are said to the player themselves, who
// is the subject ("You threw…"); ".toYou", ".onYou", ".withYou",
// ".againstYou" and ".yours" are those where the player is the other
// person in the sentence.
export default {
  // ---- The game screen ----
  // Hidden heading of the game screen, for screen readers (before the room is known).
  'game.heading.plain': 'Game',
  // Hidden heading of the game screen, for screen readers. {code} is the room code, e.g. K7MPX3Q.
  'game.heading': 'Game in room {code}',
  // The browser tab's title when it is the player's turn. {game} is the game's name (site.gameName). Keep the ● first.
  'game.tabTitle.turn': '● Your turn · {game}',
  // The browser tab's title otherwise. {code} is the room code, {game} the game's name.
  'game.tabTitle.room': 'Room {code} · {game}',

  // The big button that throws the cowries: keep short.
  'game.throw': 'Throw',
  // The same button when several throws are due ({n} ≥ 2): keep short.
  'game.throwLeft': {
    one: 'Throw ({n} left)',
    other: 'Throw ({n} left)',
  },
  // Under the Throw button: how many throws the player still has to make.
  'game.pending.toCome': {
    one: '{n} throw to come',
    other: '{n} throws to come',
  },
  'game.pending.none': 'No more throws',
  // After the count above, following a "·": a grace is a 4 or an 8 (earns another throw); {n} of them in a row this turn.
  'game.pending.run': {
    one: '{n} grace in a row',
    other: '{n} graces in a row',
  },
  // The values thrown and not used yet. Label before them, short.
  'game.held': 'Held',
  // The same label on someone else's turn: {who} is the player to move.
  'game.holds': '{who} holds',
  // Shown where the held values go when there are none.
  'game.nothingYet': 'nothing yet',
  // Screen-reader name of a held value's button.
  'game.value': 'Value {value}',
  'game.value.cannot': 'Value {value}, cannot move now',
  // Tooltips of the big number shown beside the cowries after a 4 or an 8 (traditional names of these throws).
  'game.throwValue.chowka': 'Chowka: all four mouths up',
  'game.throwValue.bhara': 'Bhara: no mouth up',
  // Buttons: keep short.
  'game.skip': 'Skip a throw',
  'game.cancel': 'Cancel',
  // A line over the board while the only move left plays by itself (after about a second). {move} is the move in words (move.*).
  'game.auto.moving': 'Only one move, so it plays by itself: {move}. Tap to cancel.',
  // A checkbox under the controls: the only move plays by itself, and a pawn with one square moves on one tap.
  'game.auto.setting': 'Move by itself when there is only one move',
  // Under the board, for keyboard users: the shortcuts. Key names (T, Space, N, P, Enter, S, Esc) are the keys' own labels.
  'game.keys.hint': 'Keys: T or Space throw · N, P or arrows pick a pawn · Enter moves · S skips a throw · Esc cancels',
  // Screen-reader name of the group of buttons listing the possible moves.
  'game.chooseMove': 'Choose the move',
  // Screen-reader name of the panel with the throw and move controls.
  'game.controls': 'Your turn',
  // Title of the players panel (and its screen-reader name).
  'game.players': 'Players',
  // After the players panel's title: {n} people watching the game without a seat.
  'game.watching': {
    one: '· {n} watching',
    other: '· {n} watching',
  },

  // Screen-reader name of a marked square the player can move to. {values} lists the throws that go there ("3 or 5").
  'game.dest': 'Move here with {values}',
  // Added after the sentence above, after a comma: the move hits someone.
  'game.dest.hits': 'hits',
  // Added after the sentence above, after a comma: the move leaves the rest of the throws unusable.
  'game.dest.strands': 'strands the turn',

  // The turn banner over the board (one line on a phone: keep short).
  'game.banner.yourTurn': 'Your turn',
  // {who} is the player to move.
  'game.banner.turn': '{who}\'s turn',
  // After "Your turn" when a computer is playing the player's seat.
  'game.banner.computerPlaysYours': '(the computer plays it)',
  // After "{who}'s turn" when a computer is playing that person's seat.
  'game.banner.computerPlaying': '(computer playing)',
  // After the turn, following a "·": the round number.
  'game.banner.round': '· round {round}',
  'game.banner.youWon': 'You won!',
  // {who} is the winner.
  'game.banner.won': '{who} won',
  'game.banner.draw': 'A draw: nobody can move',
  // The turn clock in the banner, seconds left: "· 42s". Keep very short.
  'game.clock': '· {n}s',
  // The same in the last ten seconds (shown in red).
  'game.clock.low': '· {n}s left',
  // Said aloud (screen readers) when the player's clock has ten seconds left.
  'game.clock.warn': {
    one: '{n} second left: play now, or the computer plays your turn.',
    other: '{n} seconds left: play now, or the computer plays your turn.',
  },
  // Said aloud (screen readers) when the player's turn begins.
  'game.yourTurnSaid': 'Your turn.',

  // A computer takes over a person's seat (they are away, their clock ran out, or the host asked), and gives it back.
  // The first two are also shown in a bar under the banner of the player concerned.
  'game.standin.you': 'A computer is playing for you.',
  'game.standin.other': 'A computer is playing for {who} for now.',
  'game.timeUp.you': 'Time\'s up: the computer plays your turn.',
  'game.timeUp.other': 'Time\'s up: the computer plays {who}\'s turn.',
  // In the bar under the banner, after the player's clock ran out.
  'game.timeUp.mine': 'Time\'s up: the computer is playing this turn for you.',
  'game.back.you': 'You play your own seat again.',
  'game.back.other': '{who} plays again.',
  // Button in that bar: keep short.
  'game.takeBack': 'Take my seat back',
  // The bar under the banner, for a player a computer played for: how many turns,
  // and their "I'll be right back" while the table waits for them.
  'game.away.played': {
    one: 'While you were away, the computer played {n} turn for you.',
    other: 'While you were away, the computer played {n} turns for you.',
  },
  'game.away.playing': {
    one: 'A computer is playing for you: {n} turn so far.',
    other: 'A computer is playing for you: {n} turns so far.',
  },
  'game.away.ok': 'OK',
  // {until} is "until Sun 18:35".
  'game.away.held': 'The table is waiting for you {until}. No computer plays for you before then.',
  'game.away.imBack': 'I\'m back',
  // In the log and over the board when a player says they will be right back.
  'game.rightBack.other': '{who} will be right back.',
  'game.rightBack.you': 'Everyone can see you will be right back.',

  // The hint under the controls: what the player can do now.
  'game.hint.watching': 'You are watching.',
  // {who} is the player to move.
  'game.hint.waiting': 'Waiting for {who}…',
  'game.hint.sending': 'Sending…',
  // The connection dropped after a move was sent, before the server answered.
  'game.hint.inDoubt': 'Connection lost. Waiting to see whether your move arrived…',
  // After the reconnect: the move never reached the server.
  'game.notSent': 'Not sent: the connection dropped. Try again.',
  'game.hint.several': 'Several moves fit: choose one.',
  'game.hint.tapMove': 'Tap the move to play it.',
  'game.hint.chooseSquare': 'Choose a marked square.',
  // The markers on the board carry a small tag with the value that goes there.
  'game.hint.squareOrValue': 'Tap a marked square (the tag shows the value), or a held value.',
  // {value} is the held value the player chose.
  'game.hint.pawnFor': 'Now choose a glowing pawn to move {value}.',
  'game.hint.throwOrMove': 'Throw again, or move: choose a glowing pawn or a held value.',
  'game.hint.move': 'Choose a glowing pawn, or a held value.',
  'game.hint.throw': 'Throw the cowries.',
  'game.hint.skip': 'No move with what you hold: skip a throw.',

  // ---- Moves, on the buttons that list them (start with a capital; imperative, "do this") ----
  // A pawn waiting outside the board enters. {pawn} is its number.
  'move.enter.pawn': 'Bring in pawn {pawn} with {value}',
  // The same when any of several waiting pawns will do.
  'move.enter.any': 'Bring in a pawn with {value}',
  // Several waiting pawns enter at once ({n} ≥ 2).
  'move.enter.many': {
    one: 'Bring in {n} pawn with {value}',
    other: 'Bring in {n} pawns with {value}',
  },
  // A pair (two pawns moving together) moves {n} squares.
  'move.pair': {
    one: 'Move the pair {n} square with {value}',
    other: 'Move the pair {n} squares with {value}',
  },
  // Two pawns become a pair for good (then they block others) as they move.
  'move.pair.commit': {
    one: 'Commit the pair and move it {n} square with {value}',
    other: 'Commit the pair and move it {n} squares with {value}',
  },
  'move.pawn': 'Move pawn {pawn} with {value}',
  // "a pawn": any of several pawns on the same square will do.
  'move.any': 'Move a pawn with {value}',
  // The pawn leaves its home square.
  'move.pawn.fromHome': 'Move pawn {pawn} from home with {value}',
  'move.any.fromHome': 'Move a pawn from home with {value}',
  // The pawn reaches the centre (its goal).
  'move.pawn.centre': 'Move pawn {pawn} with {value} to the centre',
  'move.any.centre': 'Move a pawn with {value} to the centre',
  // The pawn walks {n} squares, not {value} (it goes round the outer ring again).
  'move.pawn.steps': {
    one: 'Move pawn {pawn} with {value} ({n} square)',
    other: 'Move pawn {pawn} with {value} ({n} squares)',
  },
  'move.any.steps': {
    one: 'Move a pawn with {value} ({n} square)',
    other: 'Move a pawn with {value} ({n} squares)',
  },
  // {move} is one of the move texts above; the move also hits {victim}'s pawn.
  'move.hitting': '{move}, hitting {victim}',
  // {move} is one of the texts above (perhaps with "hitting"); after it the held values cannot be used.
  'move.strands': '{move} (strands the turn)',

  // The warning before a move that strands the turn. The move itself (a text above) is shown above the sentence.
  'game.strand.title': 'This move strands your turn',
  'game.strand.undo': 'After this move, the values you still hold cannot move any pawn. Your whole turn will be undone, hits included.',
  'game.strand.forfeit': 'After this move, the values you still hold cannot move any pawn. They will be dropped, and your turn ends.',
  // Buttons.
  'game.strand.another': 'Choose another move',
  'game.strand.anyway': 'Play it anyway',

  // ---- Truces (3-4 players: those behind a clear leader may ally against them) ----
  'truce.title': 'Truces',
  // {who} is the player far ahead of the others.
  'truce.leader': 'Clear leader: {who}.',
  'truce.noLeader': 'No clear leader: no truce can be offered now.',
  'truce.offerToYou': '{from} offers you a truce against {leader}.',
  // Buttons: keep short.
  'truce.accept': 'Accept',
  'truce.decline': 'Decline',
  'truce.offerWaiting': '{from} offered {to} a truce against {leader}; waiting for the answer.',
  // Button (after the player's colour mark): {who} is the player offered a truce.
  'truce.offer': 'Offer {who} a truce',
  // A truce in force: {a} and {b} are the allies; {round} the round it ends.
  'truce.inForce': '{a} and {b} against {leader}, until round {round}.',
  'truce.none': 'No truce in force.',
  // {list} lists the betrayals, each as in truce.betrayal.
  'truce.betrayals': 'Betrayals: {list}.',
  // One betrayal: {who} hit an ally in round {round}.
  'truce.betrayal': '{who} (round {round})',

  // ---- The result, at the end of the game ----
  'result.youWon': 'You won!',
  // {who} is the winner.
  'result.wins': '{who} wins',
  'result.draw': 'A draw',
  // {n} rounds were played; {scores} lists each player as in result.atCentre, separated by "·".
  'result.after': {
    one: 'After {n} round. {scores}.',
    other: 'After {n} rounds. {scores}.',
  },
  // {n} of {who}'s {total} pawns reached the centre.
  'result.atCentre': '{who}: {n}/{total} at the centre',
  // Buttons: keep short.
  'result.gotoRematch': 'Go to the rematch',
  'result.watchRematch': 'Watch the rematch',
  'result.rematch': 'Rematch',
  'result.newGame': 'New game',

  // ---- The players panel ----
  'players.emptySeat': 'Empty seat',
  // A computer player's name, by its level.
  'players.computer.easy': 'Computer (easy)',
  'players.computer.medium': 'Computer (medium)',
  'players.computer.hard': 'Computer (hard)',
  // Beside the player's own name.
  'players.you': '(you)',
  // Small state label beside each name: a computer player, or a person connected / away.
  'players.computerShort': 'computer',
  'players.online': 'online',
  'players.away': 'away',
  // A player whose connection dropped moments ago: they may be back in a second.
  'players.reconnecting': 'reconnecting…',
  // Tooltips of the presence dot.
  'players.connected': 'connected',
  'players.awayTitle': 'away',
  // Screen-reader name of a player's progress bar. {who} is the player.
  'players.progress': '{who}: progress',
  // Pawns at the centre: {n} of {total}. Very short.
  'players.in': '{n}/{total} in',
  // Small badges under a player's name: keep each short.
  'players.host': 'host',
  'players.standin.you': 'computer playing for you',
  'players.standin.other': 'computer playing for them',
  // Button in the player's own row: the table waits five minutes before a computer plays for them.
  'players.rightBack': 'I\'ll be right back',
  // Badge of a player who will be right back; {time} is "Sun 18:35".
  'players.backSoon': 'back by {time}',
  // The player has hit someone, so their pawns may now go to the inner squares.
  'players.gate': 'gate open',
  'players.gate.title': 'Has hit someone, so these pawns may go inside',
  // The player far ahead, against whom others may make a truce.
  'players.leader': 'clear leader',
  // {names} lists the player's allies in a truce.
  'players.ally': 'ally of {names}',
  // How often the player broke a truce by hitting an ally.
  'players.betrayals': {
    one: '{n} betrayal',
    other: '{n} betrayals',
  },
  'players.winner': 'winner',
  // Flag beside the player whose turn it is: very short.
  'players.toMove': 'to move',
  // The host's button beside someone away: a computer takes their seat. {name} is the player.
  'players.standIn': 'Let the computer play for {name}',

  // ---- The board, for screen readers ----
  // {n} squares a side.
  'board.label': 'Board, {n} by {n}',
  // A pawn's label is made of phrases joined by commas: who, [pair], where, [state].
  // {who} is the owner (a name or a colour), {pawn} the pawn's number.
  'board.pawn': '{who} pawn {pawn}',
  // {n} pawns of one player stacked on one square.
  'board.pawns': {
    one: '{n} pawn of {who}',
    other: '{n} pawns of {who}',
  },
  // Two pawns moving together: committed (for good, blocking) or loose.
  'board.pair.committed': 'committed pair',
  'board.pair.loose': 'loose pair',
  'board.where.waiting': 'waiting to enter',
  'board.where.home': 'on the home square',
  'board.where.centre': 'at the centre',
  // {step} is how far along its path the pawn is; {last} is the centre's step.
  'board.where.step': 'on step {step} of {last}',
  'board.selected': 'selected',
  'board.canMove': 'can move',

  // ---- The cowries (four shells thrown; the value is the number landing mouth up, 8 when none) ----
  'cowries.label': {
    one: 'Cowries: {n} mouth up, value {value}',
    other: 'Cowries: {n} mouths up, value {value}',
  },
  'cowries.none': 'Cowries, not thrown yet',

  // ---- The game log: one sentence per event (also said aloud, and big ones shown over the board) ----
  // A divider where a turn begins: {round} is the round, {who} the player.
  'event.turnBegan': 'Round {round} · {who} to play',
  'event.turnBegan.you': 'Round {round} · your turn',
  // A throw. 4 (all four mouths up) is "chowka", 8 (none up) is "bhara": use your tradition's names; both earn another throw.
  'event.thrown': '{who} threw {value}.',
  'event.thrown.you': 'You threw {value}.',
  'event.thrown.chowka': '{who} threw 4 — chowka! Throw again.',
  'event.thrown.chowka.you': 'You threw 4 — chowka! Throw again.',
  'event.thrown.bhara': '{who} threw 8 — bhara! Throw again.',
  'event.thrown.bhara.you': 'You threw 8 — bhara! Throw again.',
  'event.skipped': '{who} skipped a throw.',
  'event.skipped.you': 'You skipped a throw.',
  // Waiting pawns enter the board: {n} pawns, numbered {pawns}.
  'event.entered': {
    one: '{who} brought pawn {pawns} in with {value}.',
    other: '{who} brought pawns {pawns} in with {value}.',
  },
  'event.entered.you': {
    one: 'You brought pawn {pawns} in with {value}.',
    other: 'You brought pawns {pawns} in with {value}.',
  },
  // A pawn reaches the centre (its goal).
  'event.walked.centre': '{who} brought pawn {pawn} to the centre with {value}!',
  'event.walked.centre.you': 'You brought pawn {pawn} to the centre with {value}!',
  // A pawn moves as many squares as the value.
  'event.walked.forward': '{who} moved pawn {pawn} forward {value}.',
  'event.walked.forward.you': 'You moved pawn {pawn} forward {value}.',
  // A pawn moves {n} squares with the value {value}.
  'event.walked.steps': {
    one: '{who} moved pawn {pawn} {n} square with {value}.',
    other: '{who} moved pawn {pawn} {n} squares with {value}.',
  },
  'event.walked.steps.you': {
    one: 'You moved pawn {pawn} {n} square with {value}.',
    other: 'You moved pawn {pawn} {n} squares with {value}.',
  },
  // A pawn goes round the outer ring again (no square count).
  'event.walked.lap': '{who} moved pawn {pawn} with {value}.',
  'event.walked.lap.you': 'You moved pawn {pawn} with {value}.',
  // The same for a pair (two pawns moving together).
  'event.walked.pair.centre': '{who} brought the pair to the centre with {value}!',
  'event.walked.pair.centre.you': 'You brought the pair to the centre with {value}!',
  'event.walked.pair.steps': {
    one: '{who} moved the pair {n} square with {value}.',
    other: '{who} moved the pair {n} squares with {value}.',
  },
  'event.walked.pair.steps.you': {
    one: 'You moved the pair {n} square with {value}.',
    other: 'You moved the pair {n} squares with {value}.',
  },
  'event.walked.pair.lap': '{who} moved the pair with {value}.',
  'event.walked.pair.lap.you': 'You moved the pair with {value}.',
  // Two pawns become a committed pair: {pawns} are their numbers.
  'event.pairCommitted': '{who} committed a pair (pawns {pawns}): it now moves as one and blocks.',
  'event.pairCommitted.you': 'You committed a pair (pawns {pawns}): it now moves as one and blocks.',
  // {who} lands on {victim}'s pawn and sends it back home; hitting earns another throw.
  'event.hit': '{who} hit {victim}! Their pawn goes home, and {who} gets another throw.',
  'event.hit.you': 'You hit {victim}! Their pawn goes home, and you get another throw.',
  'event.hit.onYou': '{who} hit you! Your pawn goes home, and {who} gets another throw.',
  'event.hit.pair': '{who} hit {victim}! Their pair goes home, and {who} gets another throw.',
  'event.hit.pair.you': 'You hit {victim}! Their pair goes home, and you get another throw.',
  'event.hit.pair.onYou': '{who} hit you! Your pair goes home, and {who} gets another throw.',
  // A grace is a 4 or an 8; the third in a row ends the turn.
  'event.gracePenalty': 'Three graces in a row: {who} loses the rest of the turn.',
  'event.gracePenalty.you': 'Three graces in a row: you lose the rest of the turn.',
  // The player could not use all the values thrown: the turn is taken back, moves and hits included.
  'event.turnUndone': '{who} could not use every throw, so the whole turn is undone.',
  'event.turnUndone.you': 'You could not use every throw, so your whole turn is undone.',
  // The player could not use some values thrown: those are lost, moves made stand.
  'event.heldForfeited': '{who} could not use the throws left, so they are dropped.',
  'event.heldForfeited.you': 'You could not use the throws left, so they are dropped.',
  // Truces: {from} offers {to} an alliance against the clear leader {leader}.
  'event.truceOffered': '{from} offers {to} a truce against {leader}.',
  'event.truceOffered.you': 'You offer {to} a truce against {leader}.',
  'event.truceOffered.toYou': '{from} offers you a truce against {leader}.',
  'event.truceOffered.againstYou': '{from} offers {to} a truce against you.',
  // {b} accepted the truce {a} offered.
  'event.truceAccepted': '{b} accepted: {a} and {b} are allies against {leader} for 3 rounds.',
  'event.truceAccepted.you': 'You accepted: you and {a} are allies against {leader} for 3 rounds.',
  'event.truceAccepted.withYou': '{b} accepted: you and {b} are allies against {leader} for 3 rounds.',
  'event.truceAccepted.againstYou': '{b} accepted: {a} and {b} are allies against you for 3 rounds.',
  // {to} declined the truce {from} offered.
  'event.truceDeclined': '{to} declined {from}\'s truce.',
  'event.truceDeclined.you': 'You declined {from}\'s truce.',
  'event.truceDeclined.yours': '{to} declined your truce.',
  'event.truceLapsed': '{from}\'s truce offer to {to} lapsed unanswered.',
  'event.truceLapsed.you': 'Your truce offer to {to} lapsed unanswered.',
  'event.truceLapsed.toYou': '{from}\'s truce offer to you lapsed unanswered.',
  'event.truceEnded': 'The truce of {a} and {b} has ended.',
  // {other} is the player's former ally.
  'event.truceEnded.you': 'Your truce with {other} has ended.',
  // {who} hit an ally, then the leader in the same turn: allowed, the truce goes on.
  'event.relay': '{who} hit ally {ally} but then hit the leader: a relay, the truce stands.',
  'event.relay.you': 'You hit ally {ally} but then hit the leader: a relay, the truce stands.',
  'event.relay.onYou': '{who} hit you, an ally, but then hit the leader: a relay, the truce stands.',
  // {who} hit an ally without hitting the leader: the truce ends.
  'event.betrayal': 'Betrayal! {who} hit ally {ally} (round {round}); the truce is over.',
  'event.betrayal.you': 'Betrayal! You hit ally {ally} (round {round}); the truce is over.',
  'event.betrayal.onYou': 'Betrayal! {who} hit you, an ally (round {round}); the truce is over.',
  'event.won': '{who} has every pawn at the centre and wins the game!',
  'event.won.you': 'You have every pawn at the centre and win the game!',
  'event.draw': 'Nobody can move any more: the game is a draw.',

  // ---- "What would the computer do?" (hints) ----
  // The button a player presses in their turn to see the computer's choice. Keep short.
  'hint.button': 'What would the computer do?',
  // While the computer thinks about the hint.
  'hint.thinking': 'Thinking…',
  // Plays the move the hint shows. Keep short.
  'hint.play': 'Play it',
  // The hint's first sentence when the computer would throw.
  'hint.throw': 'The computer would throw.',
  // When the computer would skip the pending throw after two graces in a row.
  'hint.skip': 'The computer would skip this throw.',
  // {move} is a move in words, as on the move buttons (e.g. "Move pawn 2 with 3").
  'hint.move': 'The computer would play: {move}.',
  // The reasons: one sentence each, after the sentence above.
  'hint.why.throwFirst': 'Throw first: the more values you hold, the better you can choose.',
  'hint.why.skip': 'A third grace in a row would lose everything you hold this turn.',
  'hint.why.only': 'No other move does better: they all come to the same.',
  // {victim} is the name of the player whose pawn is hit.
  'hint.why.hit': 'This hits {victim}’s pawn and earns you another throw.',
  // {by} is one or more players' names ("Ravi" or "Ravi and Meena"); {values} the throws that would hit ("3 and 4"). {n} counts the players.
  'hint.why.escape': {
    one: 'This pawn is in danger from {by}’s {values}: this moves it out of reach.',
    other: 'This pawn is in danger from {by} (with {values}): this moves it out of reach.',
  },
  // As above, when the move ends on a safe (crossed) square.
  'hint.why.escape.safe': {
    one: 'This pawn is in danger from {by}’s {values}: move it to the safe square.',
    other: 'This pawn is in danger from {by} (with {values}): move it to the safe square.',
  },
  // {by} as above: the other moves would leave a pawn that player could hit.
  'hint.why.staySafe': {
    one: 'The other moves would leave a pawn where {by} could hit it.',
    other: 'The other moves would leave a pawn where {by} could hit it.',
  },
  'hint.why.centre': 'This brings a pawn home to the centre.',
  'hint.why.pair': 'This makes a pair: single pawns cannot hit it.',
  'hint.why.enter': 'This brings a waiting pawn onto the board.',
  'hint.why.inner': 'This takes a pawn through the gate into the inner ring.',
  // The rest of what the computer weighs: how far the pawns have come, and the values still held to walk with.
  'hint.why.progress': 'This leaves your pawns best placed, counting the values you still hold.',
  // The host's switch, in the lobby and during the game.
  'hint.setting': 'Players may ask what the computer would do',
  'hint.settingHint': 'Turn this off for a table that plays for keeps. A hint is shown only to the player who asks, in their turn.',
  // In the lobby's list of the room's rules, when the host turned hints off.
  'hint.offAtTable': 'No hints at this table.',
};
