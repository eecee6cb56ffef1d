// English texts of the site's frame: header, home page, lobby, room bar,
// connection and seat notices, devices dialog, chat and log chrome, errors
// by code, names of presets, options, colours and sides, the language
// picker and page titles. See docs/i18n.md. Keys are never renamed or
// removed once translated; {name} placeholders are filled in by the code
// and must stay as they are (their order may change). A text given as an
// object is chosen by the number {n}: one form per plural category.
export default {
  // The game's own name in this language's tradition (page title, home heading, share text).
  'site.gameName': 'Chowka Bhara',
  // The site's short brand beside its logo in the top bar: keep very short.
  'site.brand': 'Chowka',
  // Screen-reader name of the logo link to the home page.
  'site.homeLink': 'Chowka home',
  // The site's main navigation (screen readers say "Site, navigation").
  'site.nav': 'Site',
  'site.howto': 'How to play',
  'site.rules': 'Rules',
  // The first control of every page, hidden until it takes focus: a page
  // of plain text for players who listen with a screen reader
  // (docs/text-mode.md). A switch: it says whether the mode is on.
  'textMode.toggle': 'Text mode for screen readers',
  // Said when the switch is used.
  'textMode.on': 'Text mode is on.',
  'textMode.off': 'Text mode is off.',

  // Page titles (the browser tab). {game} is site.gameName.
  'title.home': '{game} · play the cowrie race online',
  'title.rules': 'Rules · {game}',
  'title.howto': 'How to play · {game}',
  // {code} is the room code, e.g. K7MPX3Q.
  'title.room': 'Room {code} · {game}',
  'title.noRoom': 'No such room · {game}',

  // The language picker: the label of the list of languages (each language is named in itself).
  'lang.label': 'Language',
  // The room bar's button that opens the list of languages (icon only; this is its name and tooltip).
  'lang.choose': 'Choose language',
  'lang.close': 'Close',

  // The sound switch in every top bar (an icon): its name, and its tooltip when sound is off / on.
  'sound.mute': 'Mute sounds',
  'sound.isOff': 'Sound is off',
  'sound.isOn': 'Sound is on',

  // Home page.
  'home.subtitle': 'the cowrie race',
  'home.lead': 'Throw the cowries, race your pawns to the centre: with friends or the computer.',
  'home.playNow': 'Play now',
  'home.yourName': 'Your name',
  // Placeholder in the name box.
  'home.namePlaceholder': 'Your name',
  // The name a player gets against the computer if they type none (only they see it).
  'home.defaultName': 'You',
  // Legend of the computer level choice (easy, medium, hard).
  'home.computer': 'Computer',
  // Big buttons: keep short.
  'home.playComputer': 'Play the computer',
  'home.playFriends': 'Play with friends',
  'home.starting': 'Starting your game…',
  'home.making': 'Making your room…',
  'home.nameFirst': 'Please type your name first, so your friends know who you are.',
  'home.enterName': 'Please enter your name.',
  'home.custom': 'Custom game',
  'home.loadingRules': 'Loading the rules…',
  'home.rules': 'Rules',
  'home.board': 'Board',
  'home.players': 'Players',
  // {size} is the number of squares on a side, e.g. 5×5.
  'home.boardSize': '{size}×{size}',
  'home.public': 'List the room publicly so anyone can join',
  'home.allOptions': 'All options',
  'home.pawns': 'Pawns each',
  // {n} is the preset's number of pawns.
  'home.pawnsHint': 'How many pawns each player must bring to the centre. This preset uses {n}.',
  'home.mouthUp': 'Chance a cowrie lands mouth up',
  'home.mouthUpHint': '0.5 is a fair shell. Higher makes 3s and 4s (chowka) more common.',
  'home.clock': 'Turn clock',
  'home.clockHint': 'When time runs out, the server plays the rest of that turn.',
  'home.clock.none': 'No clock',
  'home.clock.30': '30 seconds',
  'home.clock.60': '1 minute',
  'home.clock.120': '2 minutes',
  'home.takeover': 'Computer stand-in',
  'home.takeoverHint': 'A computer plays for someone who dropped out, until they come back.',
  'home.takeover.never': 'Never',
  'home.takeover.30': 'After 30 seconds away',
  'home.takeover.60': 'After 1 minute away',
  'home.takeover.120': 'After 2 minutes away',
  'home.takeover.300': 'After 5 minutes away',
  'home.takeover.secs': 'After {n} seconds away',
  // Button: keep short.
  'home.create': 'Create room',
  'home.creating': 'Creating the room…',
  'home.join.title': 'Join a friend',
  'home.join.code': 'Room code',
  // Placeholder in the room code box: an example code (keep the code itself).
  'home.join.codePlaceholder': 'e.g. K7MPX3Q',
  // Button: keep short.
  'home.join.button': 'Join',
  'home.join.enterCode': 'Enter the room code.',
  'home.join.joining': 'Joining…',
  'home.join.watch': 'Watch the room instead',
  'home.open.title': 'Open rooms',
  'home.open.looking': 'Looking for open rooms…',
  'home.open.none': 'No open rooms right now: create one!',
  // {host} is the name of the player who made the room.
  'home.open.hostRoom': '{host}\'s room',
  // {n} people sit in the room's {players} seats.
  'home.open.seated': '{n}/{players} seated',
  // {n} is the seconds each turn may take.
  'home.open.clock': '{n} s turns',
  // A game in a list whose preset is unknown.
  'home.open.game': 'Game',
  'home.recent.title': 'Recent games',
  'home.recent.loading': 'Loading…',
  'home.recent.none': 'No finished games yet.',
  // Between two players' names in a finished game: "Asha vs Ravi". Keep the spaces.
  'home.recent.vs': ' vs ',
  // {n} is the seat number, for a seat with no name.
  'home.recent.seat': 'Seat {n}',
  // {who} is the winner's name.
  'home.recent.won': '{who} won',
  'home.recent.draw': 'Draw',
  'home.recent.justNow': 'just now',

  // Computer levels.
  'level.easy': 'Easy',
  'level.medium': 'Medium',
  'level.hard': 'Hard',

  // Seat colours (with a mark on each pawn, so colour is never the only cue).
  'colour.red': 'Red',
  'colour.green': 'Green',
  'colour.blue': 'Blue',
  'colour.gold': 'Gold',

  // The side of the board a seat's home is on.
  'side.south': 'South',
  'side.east': 'East',
  'side.north': 'North',
  'side.west': 'West',

  // The three ways to play (presets): traditional names, then a one-line summary.
  'preset.chowkaBhara.name': 'Chowka Bhara',
  'preset.chowkaBhara.blurb': 'Pawns start at home; pairs, grace runs and truces. The full game.',
  // chauka = 4, bara = 8: the throws that bring pawns in.
  'preset.chaukaBara.name': 'Chauka Bara',
  'preset.chaukaBara.blurb': 'Four pawns enter on a chauka (4) or bara (8); no pairs, no truces.',
  'preset.ashtaChamma.name': 'Ashta Chamma',
  'preset.ashtaChamma.blurb': 'Pawns wait outside; a 4 brings in one or two, an 8 up to four.',

  // Room options: each has a label, short names of its choices (in a drop-down list), and a sentence per choice.
  'option.on': 'On',
  'option.off': 'Off',
  'option.entry.label': 'How pawns come in',
  'option.entry.home': 'home',
  'option.entry.graceOne': 'grace one',
  'option.entry.graceAll': 'grace all',
  'option.entry.ashtaChamma': 'ashta chamma',
  'option.entry.firstGrace': 'first grace',
  'option.entry.home.explain': 'Every pawn starts on its home square.',
  'option.entry.graceOne.explain': 'Pawns wait outside; a 4 or an 8 brings one in.',
  'option.entry.graceAll.explain': 'Pawns wait outside; a 4 or an 8 brings them all in.',
  'option.entry.ashtaChamma.explain': 'Pawns wait outside; a 4 brings one or two in, an 8 up to four.',
  'option.entry.firstGrace.explain': 'The first pawn needs a 4 or an 8; after that any throw brings one in.',
  'option.gate.label': 'The gate to the inner rings',
  'option.gate.hitFirst': 'hit first',
  'option.gate.lap': 'lap',
  'option.gate.open': 'open',
  'option.gate.hitFirst.explain': 'You must hit someone before any pawn may go inside.',
  'option.gate.lap.explain': 'Before your first hit, pawns keep circling the outer ring.',
  'option.gate.open.explain': 'No gate: pawns go inside whenever they get there.',
  // A grace is a throw of 4 or 8, which earns another throw.
  'option.threeGrace.label': 'Three graces in a row',
  'option.threeGrace.true.explain': 'A third 4 or 8 in a row loses the rest of the turn.',
  'option.threeGrace.false.explain': 'Throw 4s and 8s as often as they come.',
  'option.stranded.label': 'When held throws cannot move',
  'option.stranded.undo': 'undo',
  'option.stranded.forfeit': 'forfeit',
  'option.stranded.undo.explain': 'The whole turn is undone, hits included.',
  'option.stranded.forfeit.explain': 'The unusable throws are dropped; moves made stand.',
  'option.pairs.label': 'Pairs',
  'option.pairs.true.explain': 'Two pawns together just inside the gate can march as a blocking pair.',
  'option.pairs.false.explain': 'Every pawn moves alone.',
  'option.truce.label': 'Truces (3-4 players)',
  'option.truce.true.explain': 'Players behind a clear leader may make a truce against them.',
  'option.truce.false.explain': 'Every player for themselves.',

  // The small "?" link beside an option: its name for screen readers ({what} is the option's label) and its tooltip.
  'rule.help': '{what}: how it works',
  'rule.helpTitle': 'How it works',

  // Lobby.
  'lobby.title': 'Waiting for players',
  // Followed by the room code.
  'lobby.invite': 'Invite friends · code',
  'lobby.roomLink': 'Room link',
  // Buttons: keep short.
  'lobby.copy': 'Copy link',
  'lobby.share': 'Share…',
  // A link beside them that opens WhatsApp with the invitation; its name for screen readers.
  'lobby.whatsapp': 'WhatsApp',
  'lobby.whatsappLabel': 'Share the link on WhatsApp',
  'lobby.copied': 'Link copied',
  'lobby.copyByHand': 'Press Ctrl+C (or long-press) to copy the selected link',
  // The message sent with the room link by the phone's share sheet. {game} is site.gameName.
  'lobby.shareText': 'Join my {game} game',
  'lobby.seats': 'Seats',
  'lobby.rulesOfRoom': 'Rules of this room',
  'lobby.previewCaption': 'The board, turned so your home is at the bottom. Pawns appear as seats fill.',
  // {size} is the number of squares on a side.
  'lobby.previewLabel': 'Board preview, {size} by {size}',
  'lobby.devices.title': 'Play on another device',
  'lobby.devices.hint': 'Your seat lives in this browser. To carry on from another phone or computer, open your personal link there.',
  'lobby.devices.button': 'Show my link and QR code',
  // The host's choice for an empty seat: {n} is the seat number.
  'lobby.seatChoice': 'Seat {n}: empty, or a computer player',
  // Said to screen readers when someone takes or leaves a seat of the lobby: {who} a
  // player's name (or a computer's), {n} the seat's number.
  'lobby.seatTaken': '{who} took seat {n}.',
  'lobby.seatEmptied': '{who} left seat {n}.',
  'lobby.emptyForFriend': 'Empty (for a friend)',
  // {level} is a computer level (Easy, Medium, Hard).
  'lobby.computerLevel': 'Computer · {level}',
  // Button: keep short. Its screen-reader name: {name} is the player, {n} the seat number.
  'lobby.remove': 'Remove',
  'lobby.removeLabel': 'Remove {name} from seat {n}',
  'lobby.leaveSeat': 'Leave seat',
  'lobby.sitHere': 'Sit here',
  'lobby.emptySeat': 'Empty seat',
  // Beside the viewer's own seat.
  'lobby.you': '(you)',
  // A small badge beside the room's host.
  'lobby.host': 'host',
  'lobby.online': 'online',
  'lobby.away': 'away',
  'lobby.yourName': 'Your name',
  'lobby.takeSeat': 'Take a seat',
  // A guest's greeting, the heading of the lobby for someone without a seat: {host} is the host's name, {game} is site.gameName.
  'lobby.greet': '{host} invites you to play {game}',
  // The same when the host's name is not known.
  'lobby.greetNoHost': 'You are invited to play {game}',
  // Under the greeting: {seats} seats, a board of {size} squares a side.
  'lobby.greetRules': '{seats} players, {size}×{size} board',
  // Over the name field: {button} is lobby.takeSeat.
  'lobby.greetHow': 'Type your name and tap “{button}”.',
  // A guest opening the link of a lobby whose every seat is taken, and the button under it.
  'lobby.greetFull': 'Every seat is taken, so you cannot play in this game. You can watch it.',
  'lobby.watch': 'Watch the game',
  'lobby.full': 'Every seat is taken: you are watching.',
  'lobby.start': 'Start the game',
  // {n} seats are taken.
  'lobby.ready': {
    one: '{n} player ready. Empty seats are left out when you start.',
    other: '{n} players ready. Empty seats are left out when you start.',
  },
  'lobby.needTwo': 'At least two seats must be taken: share the link, or put a computer in a seat.',
  // {host} is the host's name.
  'lobby.waitingFor': 'Waiting for {host} to start the game.',
  'lobby.waitingForHost': 'Waiting for the host to start the game.',
  'lobby.nameFirst': 'Please enter your name first.',
  // The first line of a room's rules: {size} squares a side, {seats} seats, {n} pawns each.
  'lobby.summary': {
    one: '{size}×{size} board, {seats} seats, {n} pawn each',
    other: '{size}×{size} board, {seats} seats, {n} pawns each',
  },
  // {chance} is a number such as 0.6.
  'lobby.mouthUp': 'Cowries land mouth up with chance {chance}.',

  // The room's top bar and notices.
  // Before the room code in the top bar.
  'room.word': 'Room',
  // The connection's state, a small label in the top bar: keep short.
  'room.connecting': 'Connecting…',
  'room.live': 'Live',
  'room.reconnecting': 'Reconnecting…',
  'room.disconnected': 'Disconnected',
  'room.noRoomShort': 'No such room',
  'room.loading': 'Connecting to the room…',
  // Shown to someone who has no seat: keep short.
  'room.watching': 'Watching',
  // {s} seconds until the next try; {n} is which try it is.
  'room.lostIn': 'Connection lost. Reconnecting in {s} s (attempt {n})…',
  'room.reconnectingTry': 'Reconnecting (attempt {n})…',
  // The browser says this device has no network: the pill (keep short) and the banner under the bar.
  'room.offline': 'Offline',
  'room.offlineBanner': 'No network on this device. The game reconnects by itself when the network is back.',
  'room.closed': 'The server closed the connection.',
  // The same seat was opened in too many windows; this older one was closed.
  'room.replaced': 'Your seat was opened in another window, so this one was closed.',
  'room.devices': 'Play on another device',
  'room.howto': 'How to play (opens a new tab)',
  'room.notConnected': 'Not connected right now: reconnecting, please try again in a moment.',
  'room.started': 'The game has started.',
  'room.leftSeat': 'You left your seat. You are watching now, and can take a seat again while the game has not started.',
  'room.seatGivenAway': 'The host gave your seat away. You are watching now.',
  'room.ok': 'OK',
  'room.linkStale': 'This personal link no longer opens a seat: it may be old, or the seat was given to someone else. You are watching this room.',
  // {error} is an error sentence, e.g. error.bad_token.
  'room.badTokenWatching': '{error} You are watching this room.',
  'room.noRoom': 'No such room',
  // {code} is the room code the player typed or opened.
  'room.noRoomText': 'There is no room with the code {code}. It may have been closed, or the code is mistyped.',
  'room.backHome': 'Back to the home page',

  // The "play on another device" dialog.
  'devices.title': 'Play on another device',
  'devices.scan': 'Scan this code with your other phone, or open the link there: it takes you straight back into your seat.',
  'devices.keep': 'Keep it to yourself.',
  'devices.warning': 'Anyone with this link can play as you. To invite friends, send the room link instead.',
  'devices.drawing': 'Drawing the QR code…',
  'devices.noQr': 'The QR code could not be drawn here; use the link below.',
  'devices.qrLabel': 'QR code of your personal link',
  'devices.link': 'Your personal link',
  'devices.copy': 'Copy',
  'devices.copied': 'Your link is copied',
  'devices.done': 'Done',

  // The table: the game log and chat in one list.
  'feed.title': 'Table',
  // The empty table log, before any move or chat line.
  'feed.empty': 'Moves and chat appear here.',
  'feed.label': 'Game log and chat',
  'feed.placeholder': 'Say something…',
  'feed.message': 'Chat message',
  // Button: keep short.
  'feed.send': 'Send',
  // Before a chat line: {name} is who wrote it.
  'feed.from': '{name}: ',
  // Who made a move the computer played for an absent person, in the log:
  // it stands where a name stands ("{who} threw 4"), so it starts with a
  // small letter where the language has them (a line's first letter is
  // made capital).
  'feed.standinFor': 'the computer (for {who})',
  'feed.standinFor.you': 'the computer (for you)',

  // Notices.
  'notice.dismiss': 'Dismiss',

  // Errors, by the server's code (shown to the player; plain words, no codes).
  'error.network': 'The server cannot be reached. Check your connection and try again.',
  // An answer the site cannot read: {status} is the HTTP status number.
  'error.http': 'The server refused (HTTP {status}).',
  // An error without a known code: {code} is the code, for someone helping.
  'error.unknown': 'Something went wrong ({code}).',
  'error.not_your_turn': 'It is not your turn.',
  'error.game_over': 'The game is over.',
  'error.no_throw_pending': 'You have no throw left.',
  'error.value_not_held': 'You do not hold that value.',
  'error.no_such_pawn': 'That pawn cannot move.',
  'error.bad_target': 'That player cannot be hit by this move.',
  'error.not_a_pair': 'Those pawns are not a pair.',
  'error.pair_cannot_split': 'A committed pair cannot split.',
  'error.pair_needs_even': 'A pair moves only with an even value.',
  'error.past_centre': 'That would go past the centre: finish by exact count.',
  'error.gate_closed': 'The gate is closed until you hit someone.',
  'error.square_full': 'That square is full.',
  'error.blocked_by_pair': 'A committed pair blocks the way.',
  'error.cannot_enter': 'That throw cannot bring a pawn in.',
  'error.target_required': 'Choose whom to hit.',
  'error.skip_not_allowed': 'You cannot skip now.',
  'error.truce_not_allowed': 'A truce is not possible now.',
  'error.bad_message': 'The server did not understand that message.',
  'error.unknown_type': 'The server did not understand that request.',
  'error.too_big': 'That message is too long.',
  'error.rate_limited': 'Slow down a little.',
  'error.hello_first': 'The connection started wrongly; it will try again.',
  'error.already_joined': 'This window is already in the room.',
  'error.no_such_room': 'There is no room with that code.',
  'error.bad_token': 'That seat is no longer yours.',
  'error.not_seated': 'Only players in a seat can do that.',
  'error.stale_version': 'The game moved on before your action arrived; here is the latest position.',
  'error.not_playing': 'That can only be done while the game is on.',
  'error.not_host': 'Only the host can do that.',
  'error.not_lobby': 'That can only be done before the game starts.',
  'error.not_enough_players': 'At least two seats must be taken to start.',
  'error.bad_seat': 'There is no such seat.',
  'error.seat_taken': 'That seat is taken.',
  'error.bad_level': 'There is no such computer level.',
  'error.bad_chat': 'A chat message must have 1 to 300 characters.',
  'error.not_finished': 'The game is not over yet.',
  'error.room_full': 'Every seat in this room is taken.',
  'error.no_such_game': 'There is no such game.',
  'error.bad_name': 'Please choose another name: up to 24 letters, and not one that looks like a computer\'s.',
  'error.bad_request': 'The server could not accept that request.',
  'error.bad_content_type': 'The server could not accept that request.',
  'error.bad_rules': 'Those options do not make a playable game.',
  'error.store_unavailable': 'The server could not save that. Nothing changed: please try again.',
  'error.too_many_rooms': 'The server is full of rooms right now. Please try again later.',
  'error.server_busy': 'The server is busy. Please try again in a moment.',
  'error.too_many_connections': 'Too many windows are open from here. Close some and try again.',
  'error.bad_origin': 'This page cannot connect from another site.',
  'error.room_unreadable': 'This room\'s saved game cannot be opened.',
  // The browser's seed for the fair throws came after the first throw, or twice (docs/record.md); the page does not show it.
  'error.seed_closed': 'This game\'s throws are already sealed: nothing changed.',
  'error.bad_player': 'This player is not known here (it may have been deleted).',
  'error.not_days': 'This game is not played over days.',
  'error.no_vacation_left': 'You have no vacation left in this game.',
  'error.clock_ran_out': 'Your time for this turn ran out: the computer is playing it for you. Your next turn is yours again.',
  // The offline page (shown when a page cannot load without the network, sw.js): its one sentence.
  'offline.text': 'You are offline. Your games will be here when you are back.',
  // The offline page's button that loads the page again.
  'offline.retry': 'Try again',
  // The offer to install the site as an app (after a finished game, on My games). {app} is site.brand.
  'install.title': 'Add {app} to your home screen',
  // Below the offer's title: what installing gives.
  'install.why': 'It opens like an app, straight to your games, even on a slow network.',
  // The offer's button that opens the browser's install dialog (short).
  'install.add': 'Add',
  // The offer's button that hides it for 30 days (short).
  'install.later': 'Not now',
  // On iPhones (no install dialog): how to add the site by hand, with the names of Safari's own buttons.
  'install.iphone': 'On an iPhone: tap Share, then “Add to Home Screen”.',
  'error.email_off': 'This server sends no e-mail.',
  'error.mail_failed': 'The e-mail could not be sent: try again later.',
  'error.push_off': 'This server does not send notifications.',
  // Circles (issue 31).
  'error.no_circle': 'This circle is private, or you are no longer in it.',
  'error.no_invite': 'This invite link no longer works. Ask a member of the circle for the new one.',
  'error.not_circle_admin': 'Only an admin of the circle can do that.',
  'error.circle_full': 'This circle is full: it has 24 members.',
  'error.too_many_circles': 'You are already in 20 circles: leave one first.',
  'error.circle_creator': 'The one who made the circle cannot be removed, and can leave only once another member is an admin.',
};
