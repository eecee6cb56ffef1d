// What a new state of the game screen says: each event as a log line, a
// sound, an animation of the board and, for the big ones, a message over
// the board (digest); and a sentence when a computer begins or stops
// playing a person's seat (takeoverText).

import { showThrow } from './cowries.js';
import { capitalized, eventText, feedLines, standInView } from './events.js';
import { t } from './i18n.js';
import { sound } from './sound.js';
import { isGrace } from './facts.js';

/** Events worth a message over the board, not only a line in the log. */
const FLASH = new Set(['hit', 'grace_penalty', 'turn_undone', 'held_forfeited', 'truce_offered', 'truce_accepted', 'betrayal', 'relay']);

/**
 * A sentence when a computer has just begun to play a person's seat: the
 * turn clock ran out, the player is away, or the host handed it over.
 * The server says so only by the seat's `standin` flag; the clock running
 * out is told apart by the clock's deadline having passed.
 */
export function takeoverText(screen) {
  const { room, game } = screen.ctx;
  const before = screen.standins;
  screen.standins = room.seats.map((s) => !!s.standin);
  if (!game || game.result !== 'ongoing' || !before.length) return null;
  const me = screen.ctx.seat;
  const said = [];
  room.seats.forEach((seat, i) => {
    if (seat.bot || !!seat.standin === before[i]) return;
    if (!seat.standin) {
      // A turn played for a clock run out ends by itself: nothing to say.
      if (screen.timedOut.delete(i)) return;
      said.push(i === me ? t('game.back.you') : t('game.back.other', { who: screen.who(i) }));
      return;
    }
    // A clock over days ran out: its own message said so (days.js).
    if (screen.timedOut.has(i)) return;
    const timeUp = i === game.to_move && screen.clockEnd !== null && Date.now() >= screen.clockEnd - 1500;
    if (timeUp) {
      screen.timedOut.add(i);
      said.push(i === me ? t('game.timeUp.you') : t('game.timeUp.other', { who: screen.who(i) }));
    } else {
      said.push(i === me ? t('game.standin.you') : t('game.standin.other', { who: screen.who(i) }));
    }
  });
  return said.length ? said.join(' ') : null;
}

/** Turns events into log lines, sounds and animations; returns them with the sentences to speak. */
export function digest(screen, events) {
  const walks = [];
  const hits = [];
  let trail = null;
  const who = (s) => screen.who(s);
  const me = screen.ctx.seat;
  // A computer's moves for an absent person are said as the computer's.
  const { actor, viewer } = standInView(who, me, screen.ctx.standIn);
  for (const e of events) {
    switch (e.type) {
      case 'thrown':
        screen.lastThrow = e.value;
        showThrow(screen.cowries, e.value, true);
        screen.showThrowValue(e.value);
        sound.throw();
        if (isGrace(e.value)) sound.grace();
        break;
      case 'walked': {
        // The squares walked are the server's: the walk of screen move among
        // the legal moves of the state before. Should that state have been
        // missed, the pawn hops straight to where it ended.
        const positions = walkOf(screen, e) ?? [e.from, e.to];
        walks.push({ seat: e.player, pawns: e.pawns, positions: positions.slice(0, -1) });
        trail = positions.map((p) => screen.geom.paths[e.player][p]);
        break;
      }
      case 'entered':
        hits.push({ seat: e.player, pawns: e.pawns });
        trail = [screen.geom.paths[e.player][0]];
        break;
      case 'hit':
        hits.push({ seat: e.victim, pawns: e.pawns });
        setTimeout(() => sound.hit(), 300);
        break;
      case 'grace_penalty':
      case 'turn_undone':
      case 'held_forfeited':
        sound.lose();
        break;
      case 'turn_began':
        screen.lastThrow = null;
        showThrow(screen.cowries, null, false);
        screen.showThrowValue(null);
        if (e.player === me) setTimeout(() => sound.turn(), 250);
        break;
      case 'won':
      case 'draw':
        sound.win();
        break;
      default:
        break;
    }
    if (FLASH.has(e.type)) {
      const text = eventText(e, actor, screen.walks, viewer);
      if (text) screen.flash(capitalized(text), e.type);
    }
  }
  // The log: one source with the history replayed on (re)connect.
  const lines = feedLines(events, who, screen.walks, me, screen.ctx.standIn);
  for (const l of lines) screen.feed.event(l.text, l.kind, l.standin);
  const spoken = lines.filter((l) => l.kind !== 'turn').map((l) => l.text);
  if (trail) screen.trail = trail;
  if (!events.length) {
    // A fresh full state: nothing to animate, no throw to show.
    showThrow(screen.cowries, null, false);
    screen.showThrowValue(null);
  }
  return { walks, hits, spoken };
}

/** The walk (path positions) the server gave the move of a `walked` event, if it was among the last legal moves. */
function walkOf(screen, e) {
  if (screen.lastMoves.seat !== e.player) return null;
  const same = (a, b) => a.length === b.length && a.every((p, i) => p === b[i]);
  const m = screen.lastMoves.legal.find((l) => l.value === e.value && same(l.pawns, e.pawns));
  const w = m?.walk;
  return w && w[0] === e.from && w[w.length - 1] === e.to ? w : null;
}
