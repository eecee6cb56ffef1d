// Game events (protocol Event, tagged by "type") as plain sentences for the
// log and the screen-reader live region, and which sound each one makes.

const plural = (n, one, many) => (n === 1 ? one : many);
/** "a 3", "an 8". */
const a = (v) => (v === 8 ? `an ${v}` : `a ${v}`);

function pawnList(pawns) {
  const ids = pawns.map((p) => p + 1);
  if (ids.length === 1) return `pawn ${ids[0]}`;
  return `pawns ${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}`;
}

/**
 * A sentence for an event, or null for events that need none.
 * @param {object} e the event
 * @param {(seat: number) => string} who a seat's display name
 * @param {number} centre the centre's path position
 */
export function eventText(e, who, centre) {
  switch (e.type) {
    case 'thrown': {
      const grace = e.value === 4 ? ' — chowka! Throw again.' : e.value === 8 ? ' — bhara! Throw again.' : '.';
      return `${who(e.player)} threw ${e.value}${grace}`;
    }
    case 'skipped':
      return `${who(e.player)} skipped a throw.`;
    case 'entered':
      return `${who(e.player)} brought ${pawnList(e.pawns)} in with ${a(e.value)}.`;
    case 'walked': {
      const pair = e.pawns.length === 2;
      const what = pair ? 'the pair' : pawnList(e.pawns);
      if (e.to === centre) return `${who(e.player)} brought ${what} to the centre with ${a(e.value)}!`;
      // With the lap gate (R8) a pawn can wrap round: then to < from.
      const steps = e.to >= e.from ? e.to - e.from : null;
      if (!pair && steps === e.value) return `${who(e.player)} moved ${what} forward ${e.value}.`;
      return `${who(e.player)} moved ${what}${steps !== null ? ` ${steps} ${plural(steps, 'square', 'squares')}` : ''} with ${a(e.value)}.`;
    }
    case 'pair_committed':
      return `${who(e.player)} committed a pair (${pawnList(e.pawns)}): it now moves as one and blocks.`;
    case 'hit':
      return `${who(e.player)} hit ${who(e.victim)}! ${e.pawns.length === 2 ? 'Their pair goes' : 'Their pawn goes'} home, and ${who(e.player)} gets another throw.`;
    case 'grace_penalty':
      return `Three graces in a row: ${who(e.player)} loses the rest of the turn (R11).`;
    case 'turn_undone':
      return `${who(e.player)} could not use every throw: the whole turn is undone (R12).`;
    case 'held_forfeited':
      return `${who(e.player)} could not use the throws left; they are dropped (R12).`;
    case 'turn_began':
      return null; // the turn banner says it; the log gets a divider instead
    case 'truce_offered':
      return `${who(e.from)} offers ${who(e.to)} a truce against ${who(e.leader)}.`;
    case 'truce_accepted':
      return `${who(e.b)} accepted: ${who(e.a)} and ${who(e.b)} are allies against ${who(e.leader)} for 3 rounds.`;
    case 'truce_declined':
      return `${who(e.to)} declined ${who(e.from)}'s truce.`;
    case 'truce_lapsed':
      return `${who(e.from)}'s truce offer to ${who(e.to)} lapsed unanswered.`;
    case 'truce_ended':
      return `The truce of ${who(e.a)} and ${who(e.b)} has ended.`;
    case 'relay':
      return `${who(e.player)} hit ally ${who(e.ally)} but then hit the leader: a relay, the truce stands.`;
    case 'betrayal':
      return `Betrayal! ${who(e.player)} hit ally ${who(e.ally)} (round ${e.round}); the truce is over.`;
    case 'won':
      return `${who(e.player)} has every pawn at the centre and wins the game!`;
    case 'draw':
      return 'Nobody can move any more: the game is a draw (R14).';
    default:
      return null;
  }
}
