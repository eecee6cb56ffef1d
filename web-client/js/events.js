// Game events (protocol Event, tagged by "type") as plain sentences for the
// log and the screen-reader live region, and which kind of log line each is.
// The viewer's own seat is "you": the sentences are for the person reading
// them, so "You threw 4 — chowka! Throw again." rather than their own name.

const plural = (n, one, many) => (n === 1 ? one : many);
/** "a 3", "an 8". */
const a = (v) => (v === 8 ? `an ${v}` : `a ${v}`);
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function pawnList(pawns) {
  const ids = pawns.map((p) => p + 1);
  if (ids.length === 1) return `pawn ${ids[0]}`;
  return `pawns ${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}`;
}

/**
 * Names for the seats from one viewer's side: `me` is "you".
 * @param {(seat: number) => string} who
 * @param {number|null|undefined} me
 */
function people(who, me) {
  const isMe = (s) => me !== null && me !== undefined && s === me;
  return {
    isMe,
    /** Subject or object: "Asha" / "you". */
    n: (s) => (isMe(s) ? 'you' : who(s)),
    /** At the start of a sentence: "Asha" / "You". */
    N: (s) => (isMe(s) ? 'You' : who(s)),
    /** Possessive: "Asha's" / "your". */
    of: (s) => (isMe(s) ? 'your' : `${who(s)}'s`),
    /** A verb for the seat: ("has", "have") → "Asha has" / "You have". */
    v: (s, third, second) => (isMe(s) ? `You ${second}` : `${who(s)} ${third}`),
  };
}

/**
 * A sentence for an event, or null for events that need none.
 * @param {object} e the event
 * @param {(seat: number) => string} who a seat's display name
 * @param {number} centre the centre's path position
 * @param {number|null} [me] the viewer's seat, said as "you" (null for a watcher)
 */
export function eventText(e, who, centre, me = null) {
  const p = people(who, me);
  switch (e.type) {
    case 'thrown': {
      const grace = e.value === 4 ? ' — chowka! Throw again.' : e.value === 8 ? ' — bhara! Throw again.' : '.';
      return `${p.N(e.player)} threw ${e.value}${grace}`;
    }
    case 'skipped':
      return `${p.N(e.player)} skipped a throw.`;
    case 'entered':
      return `${p.N(e.player)} brought ${pawnList(e.pawns)} in with ${a(e.value)}.`;
    case 'walked': {
      const pair = e.pawns.length === 2;
      const what = pair ? 'the pair' : pawnList(e.pawns);
      if (e.to === centre) return `${p.N(e.player)} brought ${what} to the centre with ${a(e.value)}!`;
      // With the lap gate (R8) a pawn can wrap round: then to < from.
      const steps = e.to >= e.from ? e.to - e.from : null;
      if (!pair && steps === e.value) return `${p.N(e.player)} moved ${what} forward ${e.value}.`;
      return `${p.N(e.player)} moved ${what}${steps !== null ? ` ${steps} ${plural(steps, 'square', 'squares')}` : ''} with ${a(e.value)}.`;
    }
    case 'pair_committed':
      return `${p.N(e.player)} committed a pair (${pawnList(e.pawns)}): it now moves as one and blocks.`;
    case 'hit': {
      const gone = e.pawns.length === 2 ? 'pair goes' : 'pawn goes';
      return `${p.N(e.player)} hit ${p.n(e.victim)}! ${p.isMe(e.victim) ? 'Your' : 'Their'} ${gone} home, and ${p.isMe(e.player) ? 'you get' : `${who(e.player)} gets`} another throw.`;
    }
    case 'grace_penalty': // R11
      return `Three graces in a row: ${p.isMe(e.player) ? 'you lose' : `${who(e.player)} loses`} the rest of the turn.`;
    case 'turn_undone': // R12, stranded = undo
      return `${p.N(e.player)} could not use every throw, so ${p.isMe(e.player) ? 'your' : 'the'} whole turn is undone.`;
    case 'held_forfeited': // R12, stranded = forfeit
      return `${p.N(e.player)} could not use the throws left, so they are dropped.`;
    case 'turn_began':
      return null; // the turn banner says it; the log gets a divider instead
    case 'truce_offered':
      return `${p.N(e.from)} ${p.isMe(e.from) ? 'offer' : 'offers'} ${p.n(e.to)} a truce against ${p.n(e.leader)}.`;
    case 'truce_accepted':
      return `${p.N(e.b)} accepted: ${p.isMe(e.b) ? `you and ${p.n(e.a)} are` : p.isMe(e.a) ? `you and ${who(e.b)} are` : `${who(e.a)} and ${who(e.b)} are`} allies against ${p.n(e.leader)} for 3 rounds.`;
    case 'truce_declined':
      return `${p.N(e.to)} declined ${p.of(e.from)} truce.`;
    case 'truce_lapsed':
      return `${cap(p.of(e.from))} truce offer to ${p.n(e.to)} lapsed unanswered.`;
    case 'truce_ended':
      if (p.isMe(e.a) || p.isMe(e.b)) return `Your truce with ${who(p.isMe(e.a) ? e.b : e.a)} has ended.`;
      return `The truce of ${who(e.a)} and ${who(e.b)} has ended.`;
    case 'relay':
      return `${p.N(e.player)} hit ${p.isMe(e.ally) ? 'you, an ally,' : `ally ${who(e.ally)}`} but then hit the leader: a relay, the truce stands.`;
    case 'betrayal':
      return `Betrayal! ${p.N(e.player)} hit ${p.isMe(e.ally) ? 'you, an ally' : `ally ${who(e.ally)}`} (round ${e.round}); the truce is over.`;
    case 'won':
      return p.isMe(e.player) ? 'You have every pawn at the centre and win the game!' : `${who(e.player)} has every pawn at the centre and wins the game!`;
    case 'draw': // R14
      return 'Nobody can move any more: the game is a draw.';
    default:
      return null;
  }
}

/** The log line style of an event: '', 'hit', 'penalty', 'truce' or 'win'. */
function kindOf(type) {
  const k = { hit: 'hit', grace_penalty: 'penalty', turn_undone: 'penalty', held_forfeited: 'penalty', betrayal: 'hit', won: 'win' }[type];
  if (k) return k;
  return type.startsWith('truce') || type === 'relay' ? 'truce' : '';
}

/**
 * The table log's lines for one batch of events (one state change), exactly
 * as the live game shows them: each event's sentence, and a "Round N · Asha
 * to play" divider where a turn begins. Pure: the live screen and the
 * history replayed on (re)connect both use it, so they read the same.
 * @param {object[]} events the events of one `state` message
 * @param {(seat: number) => string} who a seat's display name
 * @param {number} centre the centre's path position
 * @param {number|null} [me] the viewer's seat ("you"), null for a watcher
 * @returns {{text: string, kind: ''|'turn'|'hit'|'penalty'|'truce'|'win'}[]}
 */
export function feedLines(events, who, centre, me = null) {
  const lines = [];
  for (const e of events) {
    if (e.type === 'turn_began') {
      const mine = me !== null && me !== undefined && e.player === me;
      lines.push({ text: `Round ${e.round} · ${mine ? 'your turn' : `${who(e.player)} to play`}`, kind: 'turn' });
      continue;
    }
    const text = eventText(e, who, centre, me);
    if (text) lines.push({ text, kind: kindOf(e.type) });
  }
  return lines;
}
