// English: the "How to play" guide (howto.js, the pictures of
// howto-art.js), the rules reference page (rules-page.js) and the rule
// dialogs. The rules text itself is not here: it is rules.md beside this
// file in other languages (English: docs/rules.md, served by the server).
//
// For translators: write for someone who has never played, in plain
// everyday words, with your language's traditional terms for the game
// (the throws, pawn, home, safe square, hit, centre). Every paragraph is
// one key: reorder its sentences freely. {name}-style placeholders are
// filled in by the page; keep them (in any position).
//
// rules.md (the rules reference, translated from docs/rules.md) must keep
// its markdown structure, which the page reads: the title line "# ...",
// then one preface paragraph (both hidden on the page), "## " sections,
// each rule as a paragraph starting with its head in bold with its id,
// "**R7. Title.**" (the id makes its link, #rule-R7), clarifications as
// list items "- **C3 (R10).** ...", tables and ``` blocks. Rule ids in the
// text (R7, C3, O2) stay as they are: they become links.
export default {
  // ---- The guide's page (howto.js) ----
  // The guide's main heading and its link text elsewhere.
  'guide.title': 'How to play',
  // The first paragraph under the heading.
  'guide.lead': 'Chowka Bhara is a race game from India, played with four cowrie shells instead of dice. Two to four players race their pawns round a square board to the centre, and knock each other back on the way. Here is all you need for your first game.',
  // For screen readers: the name of the list of the guide's sections.
  'guide.contents': 'In this guide',
  // Buttons at the end of the guide: to the home page, and to the rules reference.
  'guide.startGame': 'Start a game',
  'guide.fullRules': 'Full rules (reference)',

  // ---- The throw table (section "Throwing the cowries") ----
  // For screen readers: the name of the table of throws.
  'guide.throws.tableLabel': 'What each throw is worth',
  // How the four cowries fell: how many landed mouth (the toothed slit) up. Short.
  'guide.throws.fall.1': '1 mouth up',
  'guide.throws.fall.2': '2 mouths up',
  'guide.throws.fall.3': '3 mouths up',
  'guide.throws.fall.4': 'All 4 up',
  'guide.throws.fall.8': 'None up',
  // The traditional names of the throws worth 4 and 8 (in Kannada chowka and
  // bhara; in Telugu ashta and chamma): the names your players use.
  'guide.throws.name.4': 'chowka',
  'guide.throws.name.8': 'bhara',
  // Beside the throws of 4 and 8: the player throws once more. Short.
  'guide.throws.again': 'throw again',

  // A throw's value as written in the throw table and drawn in the
  // pictures (on chips and round badges, about two characters wide). Use
  // the digits players read on the game screen.
  'guide.value.1': '1',
  'guide.value.2': '2',
  'guide.value.3': '3',
  'guide.value.4': '4',
  'guide.value.8': '8',

  // ---- The guide's sections ----
  // Each section has a heading (.title), a short name for the list of
  // sections at the top (.short, one to three words) and paragraphs
  // (.p1, .p2, ...). The three ways to play are named as on the home page:
  // Chowka Bhara, Chauka Bara, Ashta Chamma.
  'guide.race.title': 'The race',
  'guide.race.short': 'The race',
  'guide.race.p1': 'Each player sits at one side of a square board and has a few pawns: 4 each on the 5×5 board. Your pawns start on your home square, the middle square of your edge, marked with a cross (in some ways to play they first wait beside it).',
  'guide.race.p2': 'They run anticlockwise all the way round the outer ring, then step inside and wind round the inner rings to the centre. Everyone follows the same kind of path, starting from their own side.',
  'guide.race.p3': 'The first player to bring all their pawns to the centre wins.',

  'guide.throws.title': 'Throwing the cowries',
  'guide.throws.short': 'Throws',
  'guide.throws.p1': 'On your turn, throw the four cowrie shells and count how many land mouth up, with the toothed slit showing. One, two or three mouths up are worth 1, 2 or 3; all four up is a 4, and none up is an 8.',
  'guide.throws.p2': 'Then move one of your pawns forward that many squares along its path. You choose which pawn. A 2 comes up most often; a 4 or an 8 only about once in 16 throws each.',

  // A "grace" is a throw of 4 or 8, which earns one more throw.
  'guide.graces.title': 'Graces: a 4 or an 8 throws again',
  'guide.graces.short': 'Graces',
  'guide.graces.p1': 'A 4 (chowka) or an 8 (bhara) is a grace: you keep it and throw again, until a 1, 2 or 3 comes up.',
  'guide.graces.p2': 'Each value you hold is used for one move; you can’t split a value in two. Use them in any order, on the same pawn or different ones, and move between throws if you like. Your turn ends when you have no throws left and have used every value.',

  'guide.threeGraces.title': 'Three graces in a row',
  'guide.threeGraces.short': 'Three in a row',
  'guide.threeGraces.p1': 'Careful: a third 4 or 8 in a row loses the rest of your turn. The values you still hold and any throws still to come are gone. Moves you already made stay.',
  'guide.threeGraces.p2': 'A 1, 2 or 3 starts the count again, and a 4 or 8 you have already moved with no longer counts. After two graces in a row you may skip a throw and just move with what you hold.',
  'guide.threeGraces.p3': 'Chauka Bara has no such limit: throw 4s and 8s as often as they come.',

  'guide.hits.title': 'Hitting',
  'guide.hits.short': 'Hitting',
  'guide.hits.p1': 'If your pawn ends its move where another player’s pawn stands, that pawn is hit: it goes back to its own home square. Safe squares and pairs are the exceptions (see below).',
  'guide.hits.p2': 'Every hit gives you one more throw. Passing over a pawn does nothing; only landing counts. One pawn is hit per move: if two other players have pawns there, you choose whom to hit.',

  'guide.safe.title': 'Safe squares',
  'guide.safe.short': 'Safe squares',
  'guide.safe.p1': 'Squares with a cross are safe: nobody is ever hit there, and any number of pawns can share them. They are the four home squares and the centre, and on the 7×7, 9×9 and 11×11 boards some corners of the inner rings.',
  'guide.safe.p2': 'On the rest of the outer ring you can’t put two of your own pawns on one square. On the inner rings, up to two of your pawns (and a pair) can share a square.',

  // The gate: the last square of the outer ring, which a player's pawns
  // may not pass until that player has hit someone.
  'guide.gate.title': 'The gate',
  'guide.gate.short': 'The gate',
  'guide.gate.p1': 'Your gate is the last square of the outer ring, just left of your home. Until you have hit someone, none of your pawns may go past it: a throw that would carry a pawn beyond the gate can’t be used for that pawn.',
  'guide.gate.p2': 'Your first hit opens the gate for all your pawns for the rest of the game. So go hunting!',
  'guide.gate.p3': 'A room can change this: pawns may instead keep circling the outer ring until you hit, or there may be no gate at all.',

  // A pair: two pawns of one player moving together as one.
  'guide.pairs.title': 'Pairs',
  'guide.pairs.short': 'Pairs',
  'guide.pairs.p1': 'In Chowka Bhara, two of your pawns that meet on your first square inside the gate can team up. Move them together with an even throw and the pair goes half as far: a 2 moves it 1 square, a 4 moves it 2, an 8 moves it 4. A pair can’t use a 1 or a 3, and it stays together all the way to the centre.',
  'guide.pairs.p2': 'A pair is a wall: other players’ single pawns can’t jump over it. They must first stop exactly on its square, then go on with a later move. Your own pawns pass freely.',
  'guide.pairs.p3': 'A single pawn can’t hit a pair, and a pair doesn’t hit single pawns: they just share the square. Only a pair can hit a pair, and then both its pawns go home. Until you move the two together they are two ordinary pawns, and moving one alone breaks them up.',

  'guide.centre.title': 'Reaching the centre',
  'guide.centre.short': 'The centre',
  'guide.centre.p1': 'A pawn needs the exact number to land on the centre: a throw that would take it past can’t be used for that pawn. A pawn on the centre has finished and never moves again.',
  'guide.centre.p2': 'The first player with all their pawns on the centre wins. In the rare case that nobody could move at all, the game is a draw.',

  'guide.stuck.title': 'When a throw can’t be used',
  'guide.stuck.short': 'Stuck throws',
  'guide.stuck.p1': 'Sometimes you have no throws left but still hold a value that no pawn can use: the gate, a pair, a full square or the centre is in the way.',
  'guide.stuck.p2': 'In Chowka Bhara your whole turn is then undone: every move of it, hits too, goes back, and the next player goes. In Chauka Bara and Ashta Chamma only the values that can’t be used are dropped; your moves stay.',
  'guide.stuck.p3': 'The game warns you before a move that would leave you stuck, so think about the order of your moves.',

  // A truce: two players agree not to hit each other and to play against the leader.
  'guide.truces.title': 'Truces (3 or 4 players)',
  'guide.truces.short': 'Truces',
  'guide.truces.p1': 'With 3 or 4 players in Chowka Bhara, the players behind can gang up on a runaway leader. A clear leader is a player whose pawns, counted together, are well ahead of everyone else’s: by at least 8 squares on the 5×5 board, 12 on 7×7, 16 on 9×9 and 20 on 11×11.',
  'guide.truces.p2': 'On your turn, if you are neither the leader nor already in a truce, you may offer a truce to another player who isn’t either. They can accept until your turn ends. Then you are allies against the leader for three rounds.',
  'guide.truces.p3': 'A truce is a promise, not a rule: allies can still hit each other. But hitting your ally is a betrayal, shown to everyone, and it ends the truce, unless later in that same turn you also hit the leader. Everyone’s betrayals are on show, and computer players think twice before trusting a betrayer.',

  'guide.ways.title': 'Three ways to play',
  'guide.ways.short': 'Ways to play',
  // Followed by a list of the three ways to play.
  'guide.ways.p1': 'When you make a room you pick one of three traditional ways to play:',
  // The three ways to play, as named on the home page. Shown in bold at
  // the start of their item in the list below ({name}).
  'guide.ways.chowkaBhara.name': 'Chowka Bhara',
  'guide.ways.chaukaBara.name': 'Chauka Bara',
  'guide.ways.ashtaChamma.name': 'Ashta Chamma',
  // One item of the list each: {name} is the way to play's name, in bold.
  'guide.ways.chowkaBhara': '{name}: every pawn starts on its home square. Pairs, truces and the three-graces rule; a stuck turn is undone.',
  'guide.ways.chaukaBara': '{name}: 4 pawns each, waiting beside the board. Your first pawn needs a 4 or an 8 to come in; after that any throw brings one in. No pairs or truces, no limit on graces; stuck values are dropped.',
  'guide.ways.ashtaChamma': '{name}: pawns wait beside the board. A 4 brings in one or two, an 8 up to four. Three graces in a row lose the turn; no pairs or truces; stuck values are dropped.',
  'guide.ways.p2': 'Bringing pawns in uses up the whole throw: they stop on your home square. A pawn that is hit goes back to its home square, not beside the board. The host can also change single rules, and every room shows the rules it plays.',

  // The section about playing on the screen: the only move playing by itself, one tap for a pawn with one square, and the keyboard. Quote the game's setting as it reads there (game.auto.setting).
  'guide.screen.title': 'Fewer taps, playing with keys, and stepping away',
  'guide.screen.short': 'Taps and keys',
  'guide.screen.p1': 'When a throw leaves you only one move, it plays by itself after a moment: the pawn and its square light up, and a line over the board says what moves. Tap Cancel, or anywhere on the board, to stop it and choose yourself. When there are several moves, tap a pawn: if it can go to one square only, it moves at once; if it can go to several, tap one of its marked squares. To always choose yourself, untick "Move by itself when there is only one move" under the game.',
  'guide.screen.p2': 'On a computer you can play a whole turn with the keyboard. When your turn starts, Throw is ready: press T or Space to throw. N and P (or the arrow keys) go to the next or previous pawn that can move, Enter moves the chosen pawn or plays the chosen square, S skips a throw when that is allowed, and Esc cancels. The keys are also listed under the board.',
  'guide.screen.p3': 'If you must step away during a live game, tap "I\'ll be right back" beside your name: the others see it, and no computer plays for you for five minutes. If you are away longer, or your connection drops, a computer plays your turns after the time the host chose, and the log marks every move it makes for you. When you come back your seat is yours again, and you are told how many turns the computer played.',
  // The section's picture: a table of keys (.keys: the keys' own labels, as on a keyboard) and what each does (short).
  'guide.keys.label': 'Keys for playing',
  'guide.keys.throw.keys': 'T, Space',
  'guide.keys.throw': 'Throw',
  'guide.keys.next.keys': 'N, →',
  'guide.keys.next': 'Next pawn',
  'guide.keys.prev.keys': 'P, ←',
  'guide.keys.prev': 'Previous pawn',
  'guide.keys.move.keys': 'Enter',
  'guide.keys.move': 'Move',
  'guide.keys.skip.keys': 'S',
  'guide.keys.skip': 'Skip a throw',
  'guide.keys.cancel.keys': 'Esc',
  'guide.keys.cancel': 'Cancel',

  // ---- The guide's pictures (howto-art.js) ----
  // Each picture's description for screen readers (people who cannot see
  // it): say what the drawing shows. Pawns are red (yours), green and
  // blue, each with its own shape.
  'guide.art.race': 'A 5 by 5 board. Your pawn starts on your home square in the middle of the bottom edge, runs anticlockwise all the way round the outer ring, then steps inside and spirals to the centre.',
  'guide.art.safe': 'A 7 by 7 board. Crosses mark the safe squares: the four home squares, the centre, and on this board the four corners of the first inner ring. A red and a green pawn share a safe corner.',
  'guide.art.gate': 'A 5 by 5 board. Your pawn waits on the gate, the last square of the outer ring, just left of your home. A bar closes the way inside until you have hit someone.',
  'guide.art.hit': 'Your red pawn moves 3 and lands on a green pawn. The green pawn goes back to its home square, and you get one more throw.',
  'guide.art.pair': 'Two red pawns move together as a pair. A green pawn cannot jump over the pair; it must first stop on the pair’s square.',
  'guide.art.centre': 'Your pawn is two squares from the centre. A 2 takes it exactly to the centre; a 3 would go past it, so the 3 cannot move this pawn.',
  'guide.art.grace': 'You throw a 4: throw again. An 8: throw again. Then a 3: no more throws. You move with the 4, the 8 and the 3.',
  'guide.art.three': 'A 4, an 8, and then a third grace in a row: the turn is lost, with everything still held.',
  'guide.art.stuck': 'You hold a 3, but your only pawn is one square from the centre, so the 3 fits nowhere. The turn goes back to how it began.',
  'guide.art.truce': 'Blue is far ahead of everyone. Red and green, both well behind, agree a truce: allies against blue for three rounds.',
  'guide.art.enter': 'Four pawns wait beside the board below your home square. A 4 brings one in onto the home square.',
  // Drawn in the hitting picture, in a small pill about three characters
  // wide: "one more throw".
  'guide.art.oneMoreThrow': '+1',

  // ---- The rules reference page (rules-page.js) ----
  // The page's main heading; the page lists every rule, each with its id (R1, R2, ...).
  'rulesPage.title': 'Full rules',
  // The first paragraph. {link} is a link whose words are rulesPage.leadLink.
  // Keep "R7" as it is: it is how the rules are labelled on the page.
  'rulesPage.lead': 'Every rule of the game, for looking things up. Each rule has a short label (like R7) so it can be linked. New to the game? {link}.',
  'rulesPage.leadLink': 'Start with How to play',
  // For screen readers: the name of the list of the page's sections.
  'rulesPage.sections': 'Sections',
  'rulesPage.loading': 'Loading the rules…',
  // Shown on the rules page and in a rule's dialog when the rules text cannot be fetched.
  'rulesPage.loadFailed': 'The rules could not be loaded. Check your connection and try again.',
  // For screen readers: the name of a worked example in the rules, shown
  // in a box of its own, when no better name is at hand.
  'rulesPage.example': 'Example',

  // ---- A rule's dialog (opened by the "?" beside an option or a rule) ----
  // Shows the guide's section about the rule, then the rule's exact text.
  // The dialog's heading when the guide has no section for the rule.
  'ruleDialog.title': 'The rule',
  // The heading above the rule's exact text from the rules reference.
  'ruleDialog.exact': 'The exact rule',
  'ruleDialog.loading': 'Loading…',
  'ruleDialog.notFound': 'This rule is not in the rules text.',
  // Buttons: close the dialog; open the guide; open the rules reference.
  'ruleDialog.close': 'Close',
  'ruleDialog.howTo': 'How to play',
  'ruleDialog.fullRules': 'Full rules',
};
