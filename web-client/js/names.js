// The game's words in one place: seat colours and marks, presets, options
// with their plain-words explanations, and readable texts for every
// rejection code, so the other modules never hard-code phrasing.

/** Per seat: colour name and the mark drawn on its pawns (colour is never the only cue). */
export const SEATS = [
  { colour: 'Red', mark: 'circle', symbol: '●' },
  { colour: 'Green', mark: 'triangle', symbol: '▲' },
  { colour: 'Blue', mark: 'square', symbol: '■' },
  { colour: 'Gold', mark: 'diamond', symbol: '◆' },
];

export const SIDE_NAMES = { S: 'South', E: 'East', N: 'North', W: 'West' };

export const PRESETS = [
  {
    id: 'chowka-bhara',
    name: 'Chowka Bhara',
    blurb: 'Pawns start at home; pairs, grace runs and truces. The full game.',
  },
  {
    id: 'chauka-bara',
    name: 'Chauka Bara',
    blurb: 'Four pawns enter on a chauka (4) or bara (8); no pairs, no truces.',
  },
  {
    id: 'ashta-chamma',
    name: 'Ashta Chamma',
    blurb: 'Pawns wait outside; a 4 brings in one or two, an 8 up to four.',
  },
];

/** Every option of room creation: label, rule id, and what each value means. */
export const OPTIONS = {
  entry: {
    label: 'How pawns come in',
    rule: 'R7',
    values: {
      home: 'Every pawn starts on its home square.',
      'grace-one': 'Pawns wait outside; a 4 or an 8 brings one in.',
      'grace-all': 'Pawns wait outside; a 4 or an 8 brings them all in.',
      'ashta-chamma': 'Pawns wait outside; a 4 brings one or two in, an 8 up to four.',
      'first-grace': 'The first pawn needs a 4 or an 8; after that any throw brings one in.',
    },
  },
  gate: {
    label: 'The gate to the inner rings',
    rule: 'R8',
    values: {
      'hit-first': 'You must hit someone before any pawn may go inside.',
      lap: 'Before your first hit, pawns keep circling the outer ring.',
      open: 'No gate: pawns go inside whenever they get there.',
    },
  },
  three_grace: {
    label: 'Three graces in a row',
    rule: 'R11',
    values: {
      true: 'A third 4 or 8 in a row loses the rest of the turn.',
      false: 'Throw 4s and 8s as often as they come.',
    },
  },
  stranded: {
    label: 'When held throws cannot move',
    rule: 'R12',
    values: {
      undo: 'The whole turn is undone, hits included.',
      forfeit: 'The unusable throws are dropped; moves made stand.',
    },
  },
  pairs: {
    label: 'Pairs',
    rule: 'R13',
    values: {
      true: 'Two pawns together just inside the gate can march as a blocking pair.',
      false: 'Every pawn moves alone.',
    },
  },
  truce: {
    label: 'Truces (3-4 players)',
    rule: 'R15',
    values: {
      true: 'Players behind a clear leader may make a truce against them.',
      false: 'Every player for themselves.',
    },
  },
};

/** Readable texts for rejection and protocol codes; the server's own message is shown too. */
const CODE_TEXT = {
  not_your_turn: 'It is not your turn.',
  game_over: 'The game is over.',
  no_throw_pending: 'You have no throw left.',
  value_not_held: 'You do not hold that value.',
  no_such_pawn: 'That pawn cannot move.',
  bad_target: 'That player cannot be hit by this move.',
  not_a_pair: 'Those pawns are not a pair.',
  pair_cannot_split: 'A committed pair cannot split.',
  pair_needs_even: 'A pair moves only with an even value.',
  past_centre: 'That would go past the centre: finish by exact count.',
  gate_closed: 'The gate is closed until you hit someone.',
  square_full: 'That square is full.',
  blocked_by_pair: 'A committed pair blocks the way.',
  cannot_enter: 'That throw cannot bring a pawn in.',
  target_required: 'Choose whom to hit.',
  skip_not_allowed: 'You cannot skip now.',
  truce_not_allowed: 'A truce is not possible now.',
  stale_version: 'The game moved on before your action arrived; here is the latest position.',
  not_host: 'Only the host can do that.',
  bad_message: 'The server did not understand that message.',
  rate_limited: 'Slow down a little.',
  not_lobby: 'That can only be done before the game starts.',
  not_playing: 'That can only be done while the game is on.',
  not_seated: 'Only players in a seat can do that.',
  seat_taken: 'That seat is taken.',
  bad_seat: 'There is no such seat.',
};

/** Rule ids the server cites in its sentences, "(R6)" or "(R12, R13)": not for players' eyes. */
const RULE_IDS = /\s*\((?:[RCO]\d{1,2}(?:,\s*)?)+\)/g;

/** A readable sentence for a server error: the server's own sentence when it
 * sent one, else our text for the code, else the code itself. */
export function errorText(code, message) {
  if (message && message !== code) return message.replace(RULE_IDS, '');
  return CODE_TEXT[code] || `Something went wrong (${code || 'unknown error'}).`;
}
