// Small static drawings for the "How to play" guide: a mini board with the
// path, safe squares and the gate, strips of squares for hits, pairs and
// the centre, held-throw chips, and the truce tracks. Each returns one SVG
// with role="img" and a sentence for screen readers. They only draw; the
// game's own board (board.js) stays the one that plays.
//
// The geometry is the server's (facts.js): a square is [row, col] as South
// sees it (R1); South's path, the homes, the safe squares and the gate come
// with the page, so the guide draws exactly the board the game plays on.

import { s } from './dom.js';
import { t } from './i18n.js';
import { isGrace, boardFacts, rulesFacts } from './facts.js';
import { showThrow } from './cowries.js';

const CELL = 40;

/** A square of the server's facts as [row, col]. */
const rc = (q) => [q.row, q.col];

/** South's path on an n x n board: [row, col] each, home first, centre last (R3). */
const southPath = (n) => boardFacts(n).path.map(rc);

/** The safe squares of an n x n board as "r,c" keys (R4). */
const safeSquares = (n) => new Set(boardFacts(n).safe.map((q) => `${q.row},${q.col}`));

/** Home squares by seat (S, E, N, W for seats 0-3). */
const homes = (n) => boardFacts(n).homes.map(rc);

const centreOf = ([r, c]) => [c * CELL + CELL / 2, r * CELL + CELL / 2];

/** An SVG picture with a text alternative. */
function picture(viewBox, label, cls, ...children) {
  return s('svg', { viewBox, role: 'img', 'aria-label': label, class: ['howto-svg', cls] }, ...children);
}

/** A cross on a safe square, as on the game's board. */
function cross(x, y, d, seat) {
  return s('path', { class: ['cross', seat !== undefined && `cross-${seat}`], d: `M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}` });
}

/** A square at the top-left (x, y): plain, a home in a seat's tint, or the centre. */
function square(x, y, { home, centre, safe, ring = 0, size = CELL } = {}) {
  const g = s('g', {});
  g.append(s('rect', { class: ['cell', `ring-${ring % 2}`, home !== undefined && `home home-${home}`, centre && 'centre'], x, y, width: size, height: size }));
  if (safe) g.append(cross(x + size / 2, y + size / 2, size / 2 - 8, home));
  return g;
}

/** The seat's mark, so colour is never the only cue (as on the game's pawns). */
function mark(seat, r) {
  switch (seat) {
    case 1:
      return s('path', { class: 'mark', d: `M0 ${-r}L${r * 0.95} ${r * 0.75}L${-r * 0.95} ${r * 0.75}Z` });
    case 2:
      return s('rect', { class: 'mark', x: -r * 0.8, y: -r * 0.8, width: r * 1.6, height: r * 1.6 });
    case 3:
      return s('path', { class: 'mark', d: `M0 ${-r * 1.1}L${r} 0L0 ${r * 1.1}L${-r} 0Z` });
    default:
      return s('circle', { class: 'mark', r: r * 0.8 });
  }
}

/** A pawn of `seat` at (x, y); `ghost` draws where it was. */
function pawn(x, y, seat, { r = 12, ghost = false } = {}) {
  return s('g', { class: ['pawn', `seat-${seat}`, ghost && 'ghost'], transform: `translate(${x} ${y})` },
    s('circle', { class: 'disc', r }), mark(seat, r * 0.42));
}

/** A two-pawn pair in its ring, as the game draws a pair that moves as one. */
function pair(x, y, seat, r = 15) {
  return s('g', {},
    s('circle', { class: ['pair-ring', `seat-${seat}`, 'committed'], cx: x, cy: y, r: r + 3 }),
    pawn(x - r * 0.47, y, seat, { r: r * 0.52 }),
    pawn(x + r * 0.47, y, seat, { r: r * 0.52 }));
}

/**
 * An arrow along points [[x, y], ...]; with `bend` a single curved hop from
 * the first point to the last, bulging up by `bend` units.
 */
function arrow(points, { cls = '', bend = 0, head = 7 } = {}) {
  let d;
  let tail;
  const end = points[points.length - 1];
  if (bend) {
    const [a, b] = [points[0], end];
    const ctrl = [(a[0] + b[0]) / 2, Math.min(a[1], b[1]) - bend];
    d = `M${a[0]} ${a[1]}Q${ctrl[0]} ${ctrl[1]} ${b[0]} ${b[1]}`;
    tail = ctrl;
  } else {
    d = 'M' + points.map((p) => p.join(' ')).join('L');
    tail = points[points.length - 2];
  }
  const ang = Math.atan2(end[1] - tail[1], end[0] - tail[0]);
  const hx = (turn) => end[0] - head * Math.cos(ang + turn);
  const hy = (turn) => end[1] - head * Math.sin(ang + turn);
  return s('g', { class: ['arrow', cls] },
    s('path', { class: 'arrow-line', d }),
    s('path', { class: 'arrow-head', d: `M${hx(-0.5)} ${hy(-0.5)}L${end[0]} ${end[1]}L${hx(0.5)} ${hy(0.5)}Z` }));
}

/** A small round badge with a value or sign. */
function badge(x, y, text, cls = '') {
  return s('g', { class: ['badge-svg', cls], transform: `translate(${x} ${y})` },
    s('circle', { r: 11 }),
    s('text', { y: 4.5, 'text-anchor': 'middle', text }));
}

/** A tick (yes) or a cross (no) in a circle. */
function verdict(x, y, ok) {
  return s('g', { class: ['verdict', ok ? 'ok' : 'no'], transform: `translate(${x} ${y})` },
    s('circle', { r: 10 }),
    s('path', { d: ok ? 'M-5 0L-1.5 4L5 -4' : 'M-4 -4L4 4M4 -4L-4 4' }));
}

/** The board drawn as squares, with optional crosses and the homes of `seats` tinted. */
function boardCells(n, seats = 4) {
  const g = s('g', { class: 'cells' });
  const safe = safeSquares(n);
  const homeOf = new Map(homes(n).slice(0, seats).map(([r, c], seat) => [`${r},${c}`, seat]));
  const centre = southPath(n).at(-1).join(',');
  g.append(s('rect', { class: 'board-bg', x: -6, y: -6, width: n * CELL + 12, height: n * CELL + 12, rx: 8 }));
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const key = `${r},${c}`;
      g.append(square(c * CELL, r * CELL, {
        home: homeOf.get(key), centre: key === centre, safe: safe.has(key), ring: Math.min(r, c, n - 1 - r, n - 1 - c),
      }));
    }
  }
  return g;
}

/** Arrowheads every few steps along a path of squares, so its direction reads at a glance. */
function pathLine(squares, cls) {
  const pts = squares.map(centreOf);
  const g = s('g', { class: ['path-line', cls] });
  g.append(s('path', { class: 'arrow-line', d: 'M' + pts.map((p) => p.join(' ')).join('L') }));
  for (let i = 2; i < pts.length; i += 4) {
    const [a, b] = [pts[i - 1], pts[i]];
    const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    g.append(arrow([a, mid], { head: 7 }));
  }
  g.append(arrow([pts[pts.length - 2], pts[pts.length - 1]], { head: 8 }));
  return g;
}

const boardBox = (n) => `-10 -10 ${n * CELL + 20} ${n * CELL + 20}`;

/** The race: your pawn on its home, the path round the outer ring and inwards to the centre. */
export function raceArt() {
  const n = 5;
  const path = southPath(n);
  const [hx, hy] = centreOf(path[0]);
  return picture(boardBox(n), t('guide.art.race'), 'board-art',
    boardCells(n, 2),
    pathLine(path, 'race'),
    pawn(hx, hy, 0, { r: 13 }));
}

/** Safe squares: the crosses on a 7x7 board, pawns of two players sharing one. */
export function safeArt() {
  const n = 7;
  const safe = safeSquares(n);
  const home = homes(n)[0];
  const path = southPath(n);
  const same = ([r, c]) => ([r2, c2]) => r === r2 && c === c2;
  // The first cross on South's way that is neither a home nor the centre (the path's last square).
  const shared = path.find((q) => safe.has(`${q[0]},${q[1]}`) && !homes(n).some(same(q)) && !same(q)(path.at(-1)));
  const [sx, sy] = centreOf(shared);
  const [hx, hy] = centreOf(home);
  return picture(boardBox(n), t('guide.art.safe'), 'board-art',
    boardCells(n, 4),
    pawn(sx - 8, sy - 7, 0, { r: 10 }), pawn(sx + 8, sy + 7, 1, { r: 10 }),
    pawn(hx - 8, hy - 7, 0, { r: 10 }), pawn(hx + 8, hy + 7, 2, { r: 10 }));
}

/** The gate: the last outer square before home, closed until the first hit. */
export function gateArt() {
  const n = 5;
  const path = southPath(n);
  const { gate: g, ring } = boardFacts(n);
  const gate = path[g];
  const inner = path[ring];
  const [gx, gy] = centreOf(gate);
  const [ix, iy] = centreOf(inner);
  return picture(boardBox(n), t('guide.art.gate'), 'board-art',
    boardCells(n, 2),
    pathLine(path.slice(0, ring), 'race faint'),
    s('rect', { class: 'gate-square', x: gate[1] * CELL + 3, y: gate[0] * CELL + 3, width: CELL - 6, height: CELL - 6, rx: 4 }),
    s('path', { class: 'gate-bar', d: `M${gx - 17} ${gy - CELL / 2}L${gx + 17} ${gy - CELL / 2}` }),
    pawn(gx, gy + 2, 0, { r: 12 }),
    s('g', { class: 'lock', transform: `translate(${ix} ${iy})` },
      s('rect', { x: -9, y: -4, width: 18, height: 14, rx: 3 }),
      s('path', { d: 'M-5 -4V-9A5 5 0 0 1 5 -9V-4' })));
}

/** A row of squares; `cells` describe each: {home, centre, safe}. */
function strip(cells, y = 40, x0 = 0) {
  return s('g', {},
    s('rect', { class: 'board-bg', x: x0 - 4, y: y - 4, width: cells.length * CELL + 8, height: CELL + 8, rx: 6 }),
    cells.map((c, i) => square(x0 + i * CELL, y, c)));
}

/** A hit: your pawn lands on another player's single pawn, which goes back home; you throw again. */
export function hitArt() {
  const cells = [{ home: 1, safe: true }, {}, {}, {}, {}, {}];
  const y = 52;
  const cy = y + CELL / 2;
  const x = (i) => i * CELL + CELL / 2;
  return picture('-8 0 256 124', t('guide.art.hit'), 'strip-art',
    strip(cells, y),
    pawn(x(1), cy, 0, { ghost: true }),
    arrow([[x(1), cy - 15], [x(4) - 4, cy - 15]], { bend: 30 }),
    badge(x(2.5), cy - 40, t('guide.value.3')),
    pawn(x(4) + 9, cy + 9, 1, { r: 9, ghost: true }),
    arrow([[x(4) + 4, cy + 22], [x(0) + 2, cy + 20]], { bend: -26, cls: 'back' }),
    pawn(x(0), cy, 1, { r: 11 }),
    pawn(x(4) - 4, cy - 3, 0),
    s('g', { class: 'plus-throw', transform: `translate(${x(5)} ${cy - 38})` },
      s('rect', { x: -22, y: -12, width: 44, height: 22, rx: 11 }),
      s('text', { y: 4, 'text-anchor': 'middle', text: t('guide.art.oneMoreThrow') })));
}

/** Pairs: two pawns move as one; another player's single pawn must stop on their square. */
export function pairArt() {
  const y = 40;
  const cy = y + CELL / 2;
  const x = (i) => i * CELL + CELL / 2;
  return picture('-6 0 212 104', t('guide.art.pair'), 'strip-art',
    strip([{}, {}, {}, {}, {}], y),
    pawn(x(0), cy, 1),
    arrow([[x(0), cy - 14], [x(4), cy - 14]], { bend: 40, cls: 'blocked' }),
    verdict(x(4), cy - 42, false),
    arrow([[x(0) + 4, cy + 18], [x(2) - 4, cy + 18]], { bend: -14, cls: 'okay' }),
    verdict(x(1), cy + 42, true),
    pair(x(2), cy, 0));
}

/** The centre: a pawn needs the exact count to finish. */
export function centreArt() {
  const y = 40;
  const cy = y + CELL / 2;
  const x = (i) => i * CELL + CELL / 2;
  return picture('-6 0 212 112', t('guide.art.centre'), 'strip-art',
    strip([{}, {}, {}, { centre: true, safe: true }], y),
    pawn(x(1), cy, 0),
    arrow([[x(1), cy - 14], [x(3), cy - 14]], { bend: 24, cls: 'okay' }),
    badge(x(2), cy - 38, t('guide.value.2')),
    verdict(x(3) + 18, cy - 32, true),
    arrow([[x(1), cy + 16], [x(4) + 2, cy + 16]], { bend: -16, cls: 'blocked' }),
    badge(x(2.5), cy + 40, t('guide.value.3')),
    verdict(x(4) + 16, cy + 14, false));
}

/** A held-throw chip as in the game: a 4 or 8 in gold. */
function chip(x, y, value, cls = '') {
  const grace = isGrace(value);
  return s('g', { class: ['chip-svg', grace && 'grace', cls], transform: `translate(${x} ${y})` },
    s('rect', { x: -17, y: -19, width: 34, height: 38, rx: 9 }),
    s('text', { y: 7, 'text-anchor': 'middle', text: t(`guide.value.${value}`) }));
}

/** "Throw again": a small looping arrow. */
function again(x, y) {
  return s('g', { class: 'again', transform: `translate(${x} ${y})` },
    s('path', { class: 'arrow-line', d: 'M-10 4A10 10 0 1 1 4 9' }),
    s('path', { class: 'arrow-head', d: 'M-15 0L-10 8L-4 1Z' }));
}

/** Four cowries as they fell for `value`, small, above a chip (the game's own drawing). */
function throwAt(x, y, value) {
  const svg = s('svg', { x: x - 30, y: y - 10, width: 60, height: 20, viewBox: '0 0 240 80', 'aria-hidden': 'true' });
  showThrow(svg, value, false);
  return svg;
}

/** The largest throw value that is no grace (the 3 of the pictures). */
const plainValue = () => Math.max(...rulesFacts().values.filter((v) => !isGrace(v)));

/** Graces: a 4 and an 8 each give one more throw; then all the values are yours to move. */
export function graceArt() {
  const [chowka, bhara] = rulesFacts().grace;
  return picture('0 0 250 96', t('guide.art.grace'), 'chips-art',
    [[26, chowka], [106, bhara], [186, plainValue()]].map(([x, v]) => [throwAt(x, 18, v), chip(x, 60, v)]),
    again(66, 60), again(146, 60),
    arrow([[210, 60], [226, 60]], { head: 6 }),
    pawn(240, 60, 0, { r: 9 }));
}

/** Three graces in a row: the third loses the rest of the turn. */
export function threeArt() {
  const [chowka, bhara] = rulesFacts().grace;
  return picture('0 0 250 96', t('guide.art.three'), 'chips-art',
    [[26, chowka], [106, bhara], [186, chowka]].map(([x, v]) => [throwAt(x, 18, v), chip(x, 60, v, x === 186 && 'lost')]),
    again(66, 60), again(146, 60),
    s('path', { class: 'strike', d: 'M170 42L202 78M202 42L170 78' }),
    verdict(230, 60, false));
}

/** A stuck throw: the 3 fits no pawn; the turn is undone (or the 3 dropped). */
export function stuckArt() {
  const y = 44;
  const cy = y + CELL / 2;
  const x0 = 56;
  const x = (i) => x0 + i * CELL + CELL / 2;
  return picture('0 0 262 112', t('guide.art.stuck'), 'strip-art',
    chip(22, cy, 3, 'stuck'),
    verdict(38, cy - 20, false),
    strip([{}, {}, { centre: true, safe: true }], y, x0),
    pawn(x(1), cy, 0),
    arrow([[x(1), cy + 16], [x(3) + 6, cy + 16]], { bend: -18, cls: 'blocked' }),
    s('g', { class: 'undo', transform: `translate(${x(3) + 30} ${cy - 6})` },
      s('path', { class: 'arrow-line', d: 'M16 10A16 16 0 1 0 -12 12' }),
      s('path', { class: 'arrow-head', d: 'M-19 6L-10 18L-6 6Z' })));
}

/** Truces: two players far behind a clear leader team up against them. */
export function truceArt() {
  const track = (y, seat, at, extra) => s('g', {},
    s('rect', { class: 'track', x: 10, y: y - 5, width: 216, height: 10, rx: 5 }),
    s('rect', { class: ['track-fill', `seat-${seat}`], x: 10, y: y - 5, width: at - 10, height: 10, rx: 5 }),
    pawn(at, y, seat, { r: 11 }), extra);
  const crown = s('path', { class: 'crown', d: 'M198 14L203 24L209 12L215 24L220 14L219 29H199Z' });
  return picture('0 0 236 112', t('guide.art.truce'), 'track-art',
    track(36, 2, 208, crown),
    track(68, 0, 88),
    track(98, 1, 70),
    s('g', { class: 'allies', transform: 'translate(120 83)' },
      s('circle', { cx: -7, r: 9 }), s('circle', { cx: 7, r: 9 })),
    // Together, against the leader.
    arrow([[138, 76], [190, 46]], { cls: 'blocked', bend: 6 }));
}

/** Coming in: pawns waiting beside the board; a 4 brings one onto the home square. */
export function enterArt() {
  const y = 10;
  const x = (i) => i * CELL + CELL / 2;
  const wy = y + CELL + 34;
  return picture('-6 0 232 112', t('guide.art.enter'), 'strip-art',
    s('rect', { class: 'board-bg', x: -4, y: y - 4, width: 5 * CELL + 8, height: CELL + 8, rx: 6 }),
    strip([{}, {}, { home: 0, safe: true }, {}, {}], y),
    pawn(x(2), y + CELL / 2, 0, { r: 11 }),
    [1, 2, 3].map((i) => pawn(x(2) + (i - 2) * 28, wy, 0, { r: 11 })),
    pawn(x(2) + 2 * 28, wy, 0, { r: 11, ghost: true }),
    arrow([[x(2) + 2 * 28, wy - 14], [x(2) + 12, y + CELL / 2 + 10]], { bend: 4 }),
    chip(x(4) + 20, wy, 4));
}
