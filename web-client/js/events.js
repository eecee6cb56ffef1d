// Game events (protocol Event, tagged by "type") as plain sentences for the
// log and the screen-reader live region, and which kind of log line each is.
// The viewer's own seat is "you": the sentences are for the person reading
// them, so "You threw 4 — chowka! Throw again." rather than their own name.
// The sentences are the catalog's (web-client/i18n/LANG/game.js, event.*).

import { t, currentLanguage, formatNumber } from './i18n.js';
import { graceName } from './facts.js';

/**
 * Items (pawn numbers, names) as one list in the player's language:
 * "1, 2, and 3" ('conjunction') or "3 or 5" ('disjunction').
 * @param {(string|number)[]} items
 * @param {'conjunction'|'disjunction'} [type]
 */
export function listOf(items, type = 'conjunction') {
  return new Intl.ListFormat(currentLanguage(), { type }).format(items.map((v) => (typeof v === 'number' ? formatNumber(v) : String(v))));
}

/** Pawn numbers as players count them (from 1), as a list. */
const pawnsOf = (pawns) => listOf(pawns.map((p) => p + 1));

/**
 * A sentence for an event, or null for events that need none. Each event
 * has a whole sentence per point of view (never glued from pieces): the
 * third person, and where the viewer takes part a variant of the key said
 * to them (".you" when they are its subject, ".onYou", ".toYou"... when
 * they are the other person).
 * @param {object} e the event
 * @param {(seat: number) => string} who a seat's display name
 * @param {{centre: number, ring: number}} geometry the centre's path position,
 *   and how many path positions the outer ring has (facts.js, walkGeometry)
 * @param {number|null} [me] the viewer's seat, said as "you" (null for a watcher)
 */
export function eventText(e, who, geometry, me = null) {
  const isMe = (s) => me !== null && me !== undefined && s === me;
  // The key's variant for the first of `cases` ([seat, suffix]) that is the viewer.
  const variant = (key, ...cases) => {
    const hit = cases.find(([seat]) => isMe(seat));
    return hit ? `${key}.${hit[1]}` : key;
  };
  // A sentence whose subject is `seat` ({who}): ".you" when it is the viewer.
  const say = (key, seat, params = {}) => t(variant(key, [seat, 'you']), { who: who(seat), ...params });
  switch (e.type) {
    case 'thrown': {
      const grace = graceName(e.value);
      const key = grace ? `event.thrown.${grace}` : 'event.thrown';
      return say(key, e.player, { value: e.value });
    }
    case 'skipped':
      return say('event.skipped', e.player);
    case 'entered':
      return say('event.entered', e.player, { n: e.pawns.length, pawns: pawnsOf(e.pawns), value: e.value });
    case 'walked': {
      const pair = e.pawns.length === 2;
      const params = { pawn: pawnsOf(e.pawns), value: e.value };
      if (e.to === geometry.centre) return say(pair ? 'event.walked.pair.centre' : 'event.walked.centre', e.player, params);
      // Path positions below `ring` are the outer ring. A walk that goes
      // past its end (the lap gate, R8) comes round to its start again, so
      // it lands `ring` positions further on than its position says.
      const ahead = e.to - e.from;
      const steps = ahead >= 0 ? ahead : ahead + geometry.ring;
      const lap = e.from + steps >= geometry.ring && e.to < geometry.ring;
      if (lap) return say(pair ? 'event.walked.pair.lap' : 'event.walked.lap', e.player, params);
      if (!pair && steps === e.value) return say('event.walked.forward', e.player, params);
      return say(pair ? 'event.walked.pair.steps' : 'event.walked.steps', e.player, { ...params, n: steps });
    }
    case 'pair_committed':
      return say('event.pairCommitted', e.player, { pawns: pawnsOf(e.pawns) });
    case 'hit': {
      const key = variant(e.pawns.length === 2 ? 'event.hit.pair' : 'event.hit', [e.player, 'you'], [e.victim, 'onYou']);
      return t(key, { who: who(e.player), victim: who(e.victim) });
    }
    case 'grace_penalty': // R11
      return say('event.gracePenalty', e.player);
    case 'turn_undone': // R12, stranded = undo
      return say('event.turnUndone', e.player);
    case 'held_forfeited': // R12, stranded = forfeit
      return say('event.heldForfeited', e.player);
    case 'turn_began':
      return null; // the turn banner says it; the log gets a divider instead
    case 'truce_offered':
      return t(variant('event.truceOffered', [e.from, 'you'], [e.to, 'toYou'], [e.leader, 'againstYou']),
        { from: who(e.from), to: who(e.to), leader: who(e.leader) });
    case 'truce_accepted':
      return t(variant('event.truceAccepted', [e.b, 'you'], [e.a, 'withYou'], [e.leader, 'againstYou']),
        { a: who(e.a), b: who(e.b), leader: who(e.leader) });
    case 'truce_declined':
      return t(variant('event.truceDeclined', [e.to, 'you'], [e.from, 'yours']), { from: who(e.from), to: who(e.to) });
    case 'truce_lapsed':
      return t(variant('event.truceLapsed', [e.from, 'you'], [e.to, 'toYou']), { from: who(e.from), to: who(e.to) });
    case 'truce_ended':
      if (isMe(e.a) || isMe(e.b)) return t('event.truceEnded.you', { other: who(isMe(e.a) ? e.b : e.a) });
      return t('event.truceEnded', { a: who(e.a), b: who(e.b) });
    case 'relay':
      return t(variant('event.relay', [e.player, 'you'], [e.ally, 'onYou']), { who: who(e.player), ally: who(e.ally) });
    case 'betrayal':
      return t(variant('event.betrayal', [e.player, 'you'], [e.ally, 'onYou']), { who: who(e.player), ally: who(e.ally), round: e.round });
    case 'won':
      return say('event.won', e.player);
    case 'draw': // R14
      return t('event.draw');
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
 * @param {{centre: number, ring: number}} geometry as for eventText
 * @param {number|null} [me] the viewer's seat ("you"), null for a watcher
 * @param {number|null} [standIn] the seat a computer played these events for, if it did
 * @returns {{text: string, kind: ''|'turn'|'hit'|'penalty'|'truce'|'win', standin?: boolean}[]}
 */
export function feedLines(events, who, geometry, me = null, standIn = null) {
  const lines = [];
  const marked = standIn !== null && standIn !== undefined;
  const { actor, viewer } = standInView(who, me, standIn);
  for (const e of events) {
    if (e.type === 'turn_began') {
      const mine = me !== null && me !== undefined && e.player === me;
      lines.push({ text: t(mine ? 'event.turnBegan.you' : 'event.turnBegan', { round: e.round, who: who(e.player) }), kind: 'turn' });
      continue;
    }
    const text = eventText(e, actor, geometry, viewer);
    if (text) lines.push({ text: marked ? capitalized(text) : text, kind: kindOf(e.type), standin: marked });
  }
  return lines;
}

/**
 * The names to tell a change with: a computer's moves for an absent
 * person are said as the computer's ("the computer (for you) threw 4"),
 * never as theirs ("You threw 4"). Returns `{actor, viewer}`, the `who`
 * and `me` for eventText.
 */
export function standInView(who, me, standIn) {
  if (standIn === null || standIn === undefined) return { actor: who, viewer: me };
  const actor = (s) => (s !== standIn ? who(s)
    : s === me ? t('feed.standinFor.you') : t('feed.standinFor', { who: who(s) }));
  return { actor, viewer: me === standIn ? null : me };
}

/** A sentence that may now start with "the computer", capitalized where the script has cases. */
export function capitalized(text) {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
