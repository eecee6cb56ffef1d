// Choosing a move on the game screen, over the server's legal moves: which
// moves are one choice for the player (merged), where the selected pawn can
// go (destinations), a move in words (describe), and the question before a
// move that strands the turn (R12). The client never works out a rule here:
// walks, hits and warnings are the server's.

import { h, fill } from './dom.js';
import { t, formatNumber } from './i18n.js';
import { listOf } from './events.js';

/**
 * One move for each different outcome: moves whose pawns stand on the
 * same square(s) with the same value, destination, hit and warning are
 * the same choice for the player (four pawns at home, each "with 1"),
 * so the first stands for them all; `same` counts them.
 */
export function merged(screen, moves) {
  const g = screen.ctx.game;
  const me = screen.ctx.seat;
  const groups = new Map();
  for (const m of moves) {
    const from = m.pawns.map((p) => g.pawns[me][p]).sort((a, b) => (a ?? -1) - (b ?? -1));
    const key = JSON.stringify([from, m.value, m.to, m.hits ?? null, m.target ?? null, !!m.strands, !!m.commits]);
    const known = groups.get(key);
    if (known) known.same++;
    else groups.set(key, { ...m, same: 1 });
  }
  return [...groups.values()];
}

/**
 * The squares the selected pawn can go to: one marker each, with the
 * values that take it there (several moves to one square are one marker).
 */
export function destinations(screen) {
  const seat = screen.ctx.seat;
  const groups = new Map();
  for (const m of screen.candidates()) {
    const key = screen.destKey(m);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(m);
  }
  return [...groups.entries()].map(([key, moves]) => {
    const values = [...new Set(moves.map((m) => m.value))].sort((a, b) => a - b);
    const hit = moves.some((m) => m.hits !== null && m.hits !== undefined);
    return {
      key,
      square: screen.geom.paths[seat][moves[0].to],
      label: values.map((v) => formatNumber(v)).join('/'),
      hit,
      strands: moves.every((m) => m.strands),
      // Short phrases, each whole in the catalog, joined by commas.
      aria: [t('game.dest', { values: listOf(values, 'disjunction') }), hit && t('game.dest.hits'), moves.some((m) => m.strands) && t('game.dest.strands')].filter(Boolean).join(', '),
    };
  });
}

export function confirmStrand(screen, m) {
  const undo = screen.ctx.room.rules.stranded === 'undo';
  fill(screen.dialog,
    h('h2', { id: 'confirm-title', text: t('game.strand.title') }),
    // The move on a line of its own, then what it leads to: two whole sentences.
    h('p', { class: 'strand-move' }, h('strong', { text: describe(m, screen, false) })),
    h('p', { text: t(undo ? 'game.strand.undo' : 'game.strand.forfeit') }),
    h('div', { class: 'dialog-buttons' },
      h('button', { type: 'button', class: 'btn', autofocus: true, onclick: () => screen.dialog.close() }, t('game.strand.another')),
      h('button', {
        type: 'button', class: 'btn danger', id: 'strand-confirm',
        onclick: () => {
          screen.dialog.close();
          screen.play({ ...m, strands: false });
        },
      }, t('game.strand.anyway'))));
  screen.dialog.showModal();
}


/**
 * A move in words, for the choice buttons and the strand warning: one
 * whole sentence of the catalog per kind of move (move.*), then the hit
 * and, unless `warn` is false, the stranding as sentences around it.
 */
export function describe(m, screen, warn = true) {
  const g = screen.ctx.game;
  const me = screen.ctx.seat;
  const waiting = m.pawns.every((p) => g.pawns[me][p] === null);
  // The squares walked, counted from the server's walk (a pair walks half
  // its value, a lap wraps round: the client need not know).
  const steps = m.walk.length - 1;
  // Several pawns on one square make the same move: any of them will do.
  const any = (m.same ?? 1) > 1;
  const params = { pawn: m.pawns[0] + 1, value: m.value, n: steps };
  let text;
  if (waiting) {
    if (m.pawns.length > 1) text = t('move.enter.many', { ...params, n: m.pawns.length });
    else text = t(any ? 'move.enter.any' : 'move.enter.pawn', params);
  } else if (m.pawns.length === 2) text = t(m.commits ? 'move.pair.commit' : 'move.pair', params);
  else {
    const from = g.pawns[me][m.pawns[0]];
    if (m.to === screen.geom.centre) text = t(any ? 'move.any.centre' : 'move.pawn.centre', params);
    else if (steps !== m.value) text = t(any ? 'move.any.steps' : 'move.pawn.steps', params);
    else if (from === 0) text = t(any ? 'move.any.fromHome' : 'move.pawn.fromHome', params);
    else text = t(any ? 'move.any' : 'move.pawn', params);
  }
  if (m.hits !== null && m.hits !== undefined) text = t('move.hitting', { move: text, victim: screen.who(m.hits) });
  if (m.strands && warn) text = t('move.strands', { move: text });
  return text;
}
