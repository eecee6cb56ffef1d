// The game in words, for the text mode (text-game.js): where each pawn is,
// the safe squares, the pairs, the board row by row, a threat. Pure: they
// read the server's state and the welcome's board, and keep no rule of
// their own (where a path runs, which squares are safe, what can be hit
// are all the server's).
//
// A place is said on the path of the pawn's own player, counted in steps
// from that player's home square (path position 0): "on square 6", "in the
// inner ring, 2 from the centre", "at the centre".

import { t } from './i18n.js';
import { listOf } from './events.js';
import { walkGeometry } from './facts.js';

/** Quarter turns that bring a side to the bottom of the drawn board, as board.js turns it. */
const TURNS = { S: 0, E: 1, N: 2, W: 3 };

/** A square's key, to compare squares of different paths. */
const key = (q) => `${q.row},${q.col}`;

/**
 * Where path position `pos` of `seat` is, in words ("on square 6, safe"),
 * or "waiting" for a pawn not yet on the board (null).
 * @param {object} board the welcome's board
 */
export function placeText(board, seat, pos) {
  if (pos === null || pos === undefined) return t('text.place.waiting');
  if (pos === board.centre) return t('text.place.centre');
  if (pos === 0) return t('text.place.home');
  const { ring } = walkGeometry(board);
  const place = pos < ring ? t('text.place.outer', { n: pos }) : t('text.place.inner', { n: board.centre - pos });
  return isSafe(board, seat, pos) ? t('text.place.safe', { place }) : place;
}

/** Whether `seat`'s path position `pos` is a safe square (the board's facts). */
function isSafe(board, seat, pos) {
  const q = board.paths[seat][pos];
  return board.safe.some((s) => s.row === q.row && s.col === q.col);
}

/**
 * One player's pawns in words ("pawn 1 on square 4, pawns 2 and 3 as a
 * pair on square 6, one pawn waiting, one at the centre"), by pawn number,
 * the waiting and the finished counted.
 */
export function pawnsText(board, game, seat) {
  const pawns = game.pawns[seat];
  const paired = new Map();
  for (const [s, pair] of game.pairs) if (s === seat) for (const p of pair) paired.set(p, pair);
  const parts = [];
  const done = new Set();
  pawns.forEach((pos, p) => {
    if (done.has(p) || pos === null || pos === board.centre) return;
    const pair = paired.get(p);
    if (pair) {
      pair.forEach((q) => done.add(q));
      parts.push(t('text.pawns.pair', { pawns: listOf(pair.map((q) => q + 1)), place: placeText(board, seat, pos) }));
    } else {
      parts.push(t('text.pawns.pawn', { pawn: p + 1, place: placeText(board, seat, pos) }));
    }
  });
  const waiting = pawns.filter((p) => p === null).length;
  const centre = pawns.filter((p) => p === board.centre).length;
  if (waiting) parts.push(t('text.pawns.waiting', { n: waiting }));
  if (centre) parts.push(t('text.pawns.centre', { n: centre }));
  return listOf(parts);
}

/** A player's pawns as a sentence: "Asha: …" or "You: …". */
export function playerPawnsText(board, game, seat, me, who) {
  const list = pawnsText(board, game, seat);
  return seat === me ? t('text.pawns.you', { list }) : t('text.pawns.of', { who: who(seat), list });
}

/**
 * The safe squares on `seat`'s path, as steps from its home square: "your
 * home square, 4, 8, 12, and the centre" (a square met twice, on the outer
 * and the inner ring, is said once per place).
 */
export function safeText(board, seat) {
  const safe = new Set(board.safe.map(key));
  const steps = [];
  let home = false;
  let centre = false;
  board.paths[seat].forEach((q, pos) => {
    if (!safe.has(key(q))) return;
    if (pos === 0) home = true;
    else if (pos === board.centre) centre = true;
    else steps.push(pos);
  });
  const { ring } = walkGeometry(board);
  const items = [
    home && t('text.safe.home'),
    ...steps.map((pos) => (pos < ring ? String(pos) : t('text.place.inner', { n: board.centre - pos }))),
    centre && t('text.safe.centre'),
  ].filter(Boolean);
  return t('text.safe', { list: listOf(items) });
}

/** The committed pairs on the board, in words. */
export function pairsText(game, who) {
  if (!game.pairs.length) return t('text.pairs.none');
  return t('text.pairs', { list: listOf(game.pairs.map(([s, pair]) => t('text.pairs.of', { who: who(s), pawns: listOf(pair.map((p) => p + 1)) }))) });
}

/**
 * The board row by row as the viewer's screen draws it (their home side at
 * the bottom, `seat` null: South's): each row's squares with a pawn, the
 * safe ones and the centre; other squares are left out.
 * @returns {string[]} the lines: an introduction, then one per row
 */
export function boardLines(board, game, seat, who) {
  const n = board.size;
  const turns = TURNS[board.sides[seat ?? 0]] ?? 0;
  const view = (q) => {
    let [r, c] = [q.row, q.col];
    for (let i = 0; i < turns; i++) [r, c] = [c, n - 1 - r];
    return [r, c];
  };
  const cells = Array.from({ length: n }, () => Array.from({ length: n }, () => ({ safe: false, centre: false, pawns: new Map() })));
  const at = (q) => {
    const [r, c] = view(q);
    return cells[r][c];
  };
  for (const q of board.safe) at(q).safe = true;
  at(board.paths[0][board.centre]).centre = true;
  if (game) {
    game.pawns.forEach((pawns, s) => pawns.forEach((pos, p) => {
      if (pos === null || pos === board.centre) return;
      const cell = at(board.paths[s][pos]);
      if (!cell.pawns.has(s)) cell.pawns.set(s, []);
      cell.pawns.get(s).push(p + 1);
    }));
  }
  const lines = [t('text.board.intro')];
  cells.forEach((row, r) => {
    const squares = [];
    row.forEach((cell, c) => {
      const what = [
        cell.centre && t('text.board.centre'),
        cell.safe && !cell.centre && t('text.board.safe'),
        ...[...cell.pawns.entries()].map(([s, ps]) => t('text.board.pawns', { who: who(s), pawns: listOf(ps) })),
      ].filter(Boolean);
      if (what.length) squares.push(t('text.board.square', { n: c + 1, what: listOf(what) }));
    });
    lines.push(squares.length ? t('text.board.row', { n: r + 1, squares: squares.join('; ') }) : t('text.board.rowEmpty', { n: r + 1 }));
  });
  return lines;
}

/**
 * Where a hit happened, on the victim's own path: the square the mover
 * landed on (its path position `to`), found on the victim's path.
 */
export function hitPlace(board, mover, to, victim) {
  const q = board.paths[mover][to];
  const pos = board.paths[victim].findIndex((v) => v.row === q.row && v.col === q.col);
  return pos >= 0 ? placeText(board, victim, pos) : '';
}

/**
 * One threat of the server's answer (`threats`, docs/protocol.md) in
 * words: who could hit which of the viewer's pawns, where, with what throw.
 */
export function threatText(board, threat, seat, who) {
  return t('text.threat', {
    who: who(threat.by),
    pawns: listOf(threat.pawns.map((p) => p + 1)),
    place: placeText(board, seat, threat.square),
    value: threat.value,
  });
}
