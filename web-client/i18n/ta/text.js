// Tamil (தமிழ், ta) texts of the text mode (text-*.js): the game as plain
// text with headings, one command box and short announcements, for players
// who listen with a screen reader. Same keys as ../en/text.js; terms as in
// docs/i18n/ta.md and this language's game.js: காய் (pawn), கட்டம்
// (square), வீட்டுக் கட்டம் (home square), மலை (safe square),
// நடுக்கட்டம் (centre), வெட்டு (hit), போடு (throw), முறை (turn). Names
// take case endings after a hyphen: {who}-இன் (of), {who}-இடம் (to).
// The command words (text.cmd.*) are explained in docs/i18n/ta.md.
// Plural categories: one, other.
export default {
  // Headings of the game's text page.
  'text.heading': 'அறை {code}-இல் ஆட்டம், எழுத்தில்',
  'text.section.status': 'நிலை',
  'text.section.moves': 'உங்கள் நகர்வுகள்',
  'text.section.pawns': 'காய்கள்',
  'text.section.board': 'மலைகள், ஜோடிகள், கூட்டுகள்',
  'text.section.log': 'ஆட்டச் செய்திகள்',
  'text.section.answer': 'பதில்',
  // The command box: its label, its button.
  'text.command.label': 'கட்டளை (பட்டியலுக்கு உதவி என்று எழுதுங்கள்)',
  'text.command.do': 'செய்',

  // ---- Status ----
  'text.round': 'சுற்று {round}.',
  'text.turn.you': 'உங்கள் முறை.',
  'text.turn.other': '{who}-இன் முறை.',
  'text.held': 'கையில் உள்ள எண்கள்: {values}.',
  'text.held.none': 'கையில் எண் எதுவும் இல்லை.',
  'text.pending': {
    one: 'இன்னும் ஒரு வீச்சு போட வேண்டும்.',
    other: 'இன்னும் {n} வீச்சுகள் போட வேண்டும்.',
  },
  'text.canThrow': 'இப்போது போடுங்கள்: போடு என்று எழுதுங்கள், அல்லது T அழுத்துங்கள்.',
  'text.canSkip': 'இந்த வீச்சை விடலாம்: விடு என்று எழுதுங்கள், அல்லது S அழுத்துங்கள்.',
  'text.watching': 'நீங்கள் இந்த ஆட்டத்தைப் பார்க்கிறீர்கள்.',
  'text.standin': 'உங்களுக்காகக் கணினி ஆடுகிறது. மீண்டும் நீங்களே ஆட, நானே என்று எழுதுங்கள்.',

  // ---- Places, on the path of the pawn's own player ----
  // Squares are counted in steps from that player's home square.
  'text.place.waiting': 'உள்ளே வரக் காத்திருக்கிறது',
  'text.place.home': 'வீட்டுக் கட்டத்தில்',
  'text.place.outer': '{n}-ஆவது கட்டத்தில்',
  'text.place.inner': {
    one: 'உள் வளையத்தில், நடுக்கட்டத்திலிருந்து ஒரு கட்டம் தள்ளி',
    other: 'உள் வளையத்தில், நடுக்கட்டத்திலிருந்து {n} கட்டங்கள் தள்ளி',
  },
  'text.place.centre': 'நடுக்கட்டத்தில்',
  // A place that is a safe square: {place} as above.
  'text.place.safe': '{place}, மலை',

  // ---- Pawns ----
  'text.pawns.of': '{who}: {list}.',
  'text.pawns.you': 'நீங்கள்: {list}.',
  'text.pawns.waiting': {
    one: 'ஒரு காய் காத்திருக்கிறது',
    other: '{n} காய்கள் காத்திருக்கின்றன',
  },
  'text.pawns.centre': {
    one: 'ஒரு காய் நடுக்கட்டத்தில்',
    other: '{n} காய்கள் நடுக்கட்டத்தில்',
  },
  'text.pawns.pawn': 'காய் {pawn} {place}',
  'text.pawns.pair': 'காய்கள் {pawns} ஜோடியாக {place}',

  // ---- Safe squares, pairs, truces ----
  'text.safe': 'உங்கள் பாதையில் மலைகள்: {list}.',
  'text.safe.home': 'உங்கள் வீட்டுக் கட்டம்',
  'text.safe.centre': 'நடுக்கட்டம்',
  'text.pairs': 'ஜோடிகள்: {list}.',
  'text.pairs.none': 'ஜோடி எதுவும் இல்லை.',
  'text.pairs.of': '{who}, காய்கள் {pawns}',

  // ---- Moves ----
  'text.moves.notYourTurn': 'உங்கள் முறை இல்லை: {who} ஆடுகிறார்.',
  'text.moves.none': 'கையில் உள்ள எண்களால் நகர்வு இல்லை.',
  'text.moves.over': 'ஆட்டம் முடிந்தது.',
  // An action of the player's is on its way to the table.
  'text.moves.sent': 'அனுப்பப்பட்டது; பதிலுக்குக் காத்திருக்கிறது.',
  // A listed move: {move} the move in words (game.js's move.*), {place} where it ends.
  'text.move': '{move}, பிறகு {place}',
  'text.move.strandsAgain': 'இந்த நகர்வால் முறை முடங்கும். இருந்தாலும் ஆட, நகர்த்து {n} என்று இன்னொரு முறை எழுதுங்கள்.',

  // ---- Announcements ----
  'text.hit': '{who} {place} {victim}-இன் காய் {pawns}-ஐ வெட்டினார்.',
  'text.hit.you': 'நீங்கள் {place} {victim}-இன் காய் {pawns}-ஐ வெட்டினீர்கள்.',
  'text.hit.onYou': '{who} {place} உங்கள் காய் {pawns}-ஐ வெட்டினார்.',
  'text.hit.pair': '{who} {place} {victim}-இன் ஜோடியை வெட்டினார்.',
  'text.hit.pair.you': 'நீங்கள் {place} {victim}-இன் ஜோடியை வெட்டினீர்கள்.',
  'text.hit.pair.onYou': '{who} {place} உங்கள் ஜோடியை வெட்டினார்.',
  'text.chat': '{name} சொல்கிறார்: {text}',
  'text.rematch': 'மறு ஆட்டம் தயார்: அங்கே செல்ல {word} என்று எழுதுங்கள்.',

  // ---- Commands ----
  // The words typed for each command, separated by "|": the bare verb of
  // the buttons and the polite one (போடு|போடுங்கள்). English words always
  // work too. The verb may come last: "ரவி எங்கே".
  'text.cmd.throw': 'போடு|போடுங்கள்',
  'text.cmd.move': 'நகர்த்து|நகர்த்துங்கள்',
  'text.cmd.skip': 'விடு|விடுங்கள்',
  'text.cmd.pawns': 'காய்கள்|காய்',
  'text.cmd.where': 'எங்கே',
  'text.cmd.threats': 'ஆபத்து',
  'text.cmd.hint': 'யோசனை|ஆலோசனை|என்ன செய்வது',
  'text.cmd.last': 'கடைசி|கடைசி முறை',
  'text.cmd.clock': 'நேரம்',
  'text.cmd.board': 'கட்டம்|தாயக்கட்டம்',
  'text.cmd.status': 'நிலை',
  'text.cmd.moves': 'நகர்வுகள்',
  'text.cmd.chat': 'சொல்|அரட்டை',
  'text.cmd.repeat': 'மீண்டும்|மறுபடி',
  'text.cmd.accept': 'ஏற்கிறேன்|சரி',
  'text.cmd.decline': 'வேண்டாம்',
  'text.cmd.truce': 'கூட்டு',
  'text.cmd.back': 'நானே|நானே ஆடுகிறேன்',
  'text.cmd.rematch': 'மறு ஆட்டம்',
  'text.cmd.help': 'உதவி',
  // What each does, for the help: {word} the command word, {key} its key outside the box.
  'text.help.intro': 'பெட்டியில் ஒரு கட்டளையை எழுதி Enter அழுத்துங்கள். பெட்டிக்கு வெளியே, அடைப்புக்குள் உள்ள விசை அதையே செய்யும்.',
  'text.help.throw': '{word} ({key}): சோழிகளைப் போடுங்கள்.',
  'text.help.move': '{word} மற்றும் ஓர் எண், அல்லது எண் மட்டும் ({key}): பட்டியலில் உள்ள அந்த நகர்வை ஆடுங்கள்.',
  'text.help.skip': '{word} ({key}): ஒரு வீச்சை விடுங்கள்.',
  'text.help.pawns': '{word} ({key}): உங்கள் காய்கள் எங்கே உள்ளன.',
  'text.help.where': '{word} மற்றும் ஒரு பெயர் ({key}): அவருடைய காய்கள் எங்கே உள்ளன.',
  'text.help.threats': '{word} ({key}): உங்கள் எந்தக் காயை எதிராளி எந்த எண்ணால் வெட்டலாம்.',
  'text.help.hint': '{word} ({key}): உங்கள் முறையில், கணினி என்ன செய்யும், ஏன்.',
  // A hinted move in the text mode: {n} is its number in the list of moves, {move} the move in words.
  'text.hint.move': 'நகர்வு {n}, {move}',
  'text.help.last': '{word} ({key}): ஒவ்வொருவரின் கடைசி முறை.',
  'text.help.clock': '{word} ({key}): மீதமுள்ள நேரம்.',
  'text.help.board': '{word} ({key}): தாயக்கட்டம், வரிசை வரிசையாக.',
  'text.help.status': '{word} ({key}): யாருடைய முறை, கையில் உள்ள எண்கள்.',
  'text.help.moves': '{word} ({key}): உங்கள் நகர்வுகள்.',
  'text.help.chat': '{word} மற்றும் உங்கள் சொற்கள்: எல்லோருக்கும் எழுதுங்கள்.',
  'text.help.repeat': '{word} ({key}): கடைசிச் செய்தியை மீண்டும் சொல்லும்.',
  'text.help.truce': '{word} மற்றும் ஒரு பெயர், {accept}, {decline}: கூட்டு கேளுங்கள், அல்லது கேட்ட கூட்டுக்குப் பதில் சொல்லுங்கள்.',
  'text.help.back': '{word}: கணினி உங்களுக்காக ஆடிய பிறகு மீண்டும் நீங்களே ஆடுங்கள்.',
  'text.help.rematch': '{word}: ஆட்டம் முடிந்ததும் மறு ஆட்டம் கேளுங்கள்.',
  'text.help.help': '{word} ({key}): இந்தப் பட்டியல்.',
  'text.help.squares': 'கட்டங்கள் ஒவ்வொருவரின் வீட்டுக் கட்டத்திலிருந்து அடிகளாக எண்ணப்படுகின்றன.',

  // ---- Answers ----
  'text.threats.none': 'ஒரே வீச்சில் உங்கள் எந்தக் காயையும் வெட்ட முடியாது.',
  'text.threats.asking': 'தாயக்கட்டத்தைப் பார்க்கிறோம்…',
  'text.threat': '{who} {value}-ஆல் {place} உங்கள் காய் {pawns}-ஐ வெட்டலாம்.',
  'text.last.none': '{who} இன்னும் ஆடவில்லை.',
  'text.last.of': '{who}: {events}',
  // The board: rows from the far side down to yours, columns from your left.
  'text.board.intro': 'கிடைவரிசைகள் எதிர்ப் பக்கத்திலிருந்து உங்கள் பக்கம் வரை, நெடுவரிசைகள் உங்கள் இடப்பக்கத்திலிருந்து.',
  'text.board.row': 'கிடைவரிசை {n}: {squares}.',
  'text.board.rowEmpty': 'கிடைவரிசை {n}: காலி.',
  'text.board.square': 'நெடுவரிசை {n}: {what}',
  'text.board.safe': 'மலை',
  'text.board.centre': 'நடுக்கட்டம்',
  'text.board.pawns': '{who} {pawns}',
  'text.clock.left': {
    one: '{who}: ஒரு விநாடி மீதம்.',
    other: '{who}: {n} விநாடிகள் மீதம்.',
  },
  'text.clock.none': 'இந்த ஆட்டத்தில் முறைக்கு நேர வரம்பு இல்லை.',
  'text.clock.days': '{who}: {left}.',

  // ---- Mistakes ----
  'text.error.unknown': '“{text}” புரியவில்லை. கட்டளைகளுக்கு உதவி என்று எழுதுங்கள்.',
  'text.error.noSuchMove': {
    one: 'நகர்வு {pick} இல்லை: நகர்வு 1 மட்டுமே உள்ளது.',
    other: 'நகர்வு {pick} இல்லை: நகர்வுகள் 1 முதல் {n} வரை.',
  },
  'text.error.whichMove': 'எந்த நகர்வு? அதன் எண்ணைச் சொல்லுங்கள், இப்படி: நகர்த்து 1.',
  'text.error.noMoves': 'இப்போது நீங்கள் ஆட நகர்வு இல்லை.',
  'text.error.notYourTurn': 'இது உங்கள் முறை இல்லை: {who} ஆடுகிறார்.',
  'text.error.cannotThrow': 'இப்போது போட முடியாது.',
  'text.error.cannotSkip': 'இப்போது வீச்சை விட முடியாது.',
  'text.error.noPlayer': '{name} என்ற பெயரில் இங்கே யாரும் ஆடவில்லை.',
  'text.error.whom': 'ஒருவரின் பெயரையும் சொல்லுங்கள், இப்படி: {example}.',
  'text.error.emptyChat': 'என்ன எழுத வேண்டும் என்பதையும் சொல்லுங்கள், இப்படி: {example}.',
  'text.error.watching': 'நீங்கள் பார்வையாளர்: இதை ஆட்டக்காரர்கள் மட்டுமே செய்ய முடியும்.',
  'text.error.notOver': 'ஆட்டம் முடிந்த பிறகுதான் மறு ஆட்டம் கேட்க முடியும்.',
  'text.error.nothingYet': 'இன்னும் எந்தச் செய்தியும் இல்லை.',
  'text.error.noOffer': 'உங்களிடம் யாரும் கூட்டு கேட்கவில்லை.',
  'text.error.noTruce': 'இப்போது {who}-இடம் கூட்டு கேட்க முடியாது.',
  'text.error.notStandin': 'உங்கள் இடத்தில் ஏற்கெனவே நீங்களே ஆடுகிறீர்கள்.',
  'text.error.busy': 'பொறுங்கள்: உங்கள் முந்தைய செயல் இன்னும் போய்க்கொண்டிருக்கிறது.',

  // ---- The replay, in text ----
  'text.replay.pawns': 'இந்த நகர்வுக்குப் பின் காய்கள்',
};
