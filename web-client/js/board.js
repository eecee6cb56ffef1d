// The SVG board: squares, safe-square crosses, each side's home in its
// colour, pawns, stacks, loose pairs (dotted ring) and committed pairs
// (solid ring), waiting pawns beside their home edge, and the destination
// markers of the move being chosen. It only draws: which pawns may move and
// where comes from the server's legal moves via game.js.
//
// The board is turned so that the viewer's own home is at the bottom: a
// square [row, col] (R1, as seen by South) is turned a quarter clockwise
// per side from South (E 1, N 2, W 3).
//
// Tap targets are whole squares: a tap anywhere on a square with a pawn
// that can move picks that pawn, and anywhere on a marked square picks that
// destination; a tap anywhere in a yard picks a waiting pawn. On an 11x11
// board on a 360 px phone a square is about 30 px (27 px with yards),
// where a pawn's disc alone would be under 20 px.

import { s, reducedMotion } from './dom.js';
import { SEATS } from './names.js';
import { sound } from './sound.js';
import { t, formatNumber } from './i18n.js';

const CELL = 100;
// Room for the yards; 90 keeps a yard's tap area at 24 px on an 11x11 board on a 360 px phone.
const MARGIN = 90;
const TURNS = { S: 0, E: 1, N: 2, W: 3 };
const STEP_MS = 130;

export class BoardView {
  /**
   * @param {SVGSVGElement} svg
   * @param {{onPawn: (seat: number, pawn: number) => void, onDest: (key: string) => void}} handlers
   */
  constructor(svg, handlers) {
    this.svg = svg;
    this.handlers = handlers;
    this.geom = null;
    this.turns = 0;
  }

  /** Sets the board geometry (from `welcome`) and the seat whose home goes at the bottom. */
  setGeometry(board, viewerSeat) {
    this.geom = board;
    const bottom = viewerSeat ?? 0;
    this.turns = TURNS[board.sides[bottom]] ?? 0;
    this.safe = new Set(board.safe.map((q) => `${q.row},${q.col}`));
    this.centre = board.paths[0][board.centre];
  }

  /** Display row/col of a board square after turning the viewer's side to the bottom. */
  display(q) {
    const n = this.geom.size;
    let r = q.row;
    let c = q.col;
    for (let i = 0; i < this.turns; i++) [r, c] = [c, n - 1 - r];
    return { r, c };
  }

  /** Centre of a square in SVG units. */
  point(q) {
    const { r, c } = this.display(q);
    return { x: c * CELL + CELL / 2, y: r * CELL + CELL / 2 };
  }

  /** Square of `seat`'s pawn at path position `pos`. */
  square(seat, pos) {
    return this.geom.paths[seat][pos];
  }

  /**
   * Draws the whole board.
   * @param {object} game GameView
   * @param {object} opts {movable: Set<"s:i">, selected: Set<"s:i">, dests: [{square, key, label, aria}], trail: [square], seatLabel(seat)}
   */
  render(game, opts) {
    const g = this.geom;
    const n = g.size;
    // Room beside the edges only when pawns start waiting outside (R7).
    const margin = g.start === null ? MARGIN : 16;
    const span = n * CELL + 2 * margin;
    this.svg.setAttribute('viewBox', `${-margin} ${-margin} ${span} ${span}`);
    // Numbers on the board (a destination's values, a stack's count) grow
    // with the board, and with the yards' margins, which shrink it on
    // screen, so they stay readable where squares are small.
    this.numberScale = Math.max(1, (n / 7) * span / (n * CELL + 32));
    const layers = {
      cells: s('g', { class: 'cells' }),
      trail: s('g', { class: 'trail-layer', 'aria-hidden': 'true' }),
      pawns: s('g', { class: 'pawns' }),
      dests: s('g', { class: 'dests' }),
    };
    layers.cells.append(s('rect', { class: 'board-bg', x: -12, y: -12, width: n * CELL + 24, height: n * CELL + 24, rx: 14 }));
    const homes = new Map(g.paths.map((p, seat) => [`${p[0].row},${p[0].col}`, seat]));
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        const q = { row, col };
        const { x, y } = this.point(q);
        const key = `${row},${col}`;
        const home = homes.get(key);
        const isCentre = row === this.centre.row && col === this.centre.col;
        // Rings alternate in tone so the spiral of the path reads at a glance.
        const ring = Math.min(row, col, n - 1 - row, n - 1 - col);
        const cls = ['cell', `ring-${ring % 2}`, home !== undefined && `home home-${home}`, isCentre && 'centre'];
        layers.cells.append(s('rect', { class: cls, x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL }));
        if (this.safe.has(key)) {
          const d = CELL / 2 - 14;
          layers.cells.append(
            s('path', { class: ['cross', home !== undefined && `cross-${home}`], d: `M${x - d} ${y - d}L${x + d} ${y + d}M${x + d} ${y - d}L${x - d} ${y + d}` })
          );
        }
      }
    }
    for (const q of opts.trail || []) {
      const { x, y } = this.point(q);
      layers.trail.append(s('rect', { class: 'trail', x: x - CELL / 2 + 6, y: y - CELL / 2 + 6, width: CELL - 12, height: CELL - 12, rx: 10 }));
    }
    this.drawPawns(layers.pawns, game, opts);
    for (const d of opts.dests || []) {
      const { x, y } = this.point(d.square);
      const marker = s('g', {
        class: ['dest', d.hit && 'dest-hit', d.strands && 'dest-strand'],
        transform: `translate(${x} ${y})`,
        tabindex: '0',
        role: 'button',
        'aria-label': d.aria,
        'data-key': d.key,
      },
        s('rect', { class: 'tap-target', x: -CELL / 2, y: -CELL / 2, width: CELL, height: CELL }),
        s('circle', { class: 'dest-ring', r: 40 }),
        s('g', { transform: `translate(28 -31) scale(${this.numberScale})` },
          s('rect', { class: 'dest-tag', x: -18, y: -15, width: 36, height: 30, rx: 8 }),
          s('text', { class: 'dest-label', x: 0, y: 6, 'text-anchor': 'middle', text: d.label })));
      this.activate(marker, () => this.handlers.onDest(d.key));
      layers.dests.append(marker);
    }
    this.svg.replaceChildren(layers.cells, layers.trail, layers.pawns, layers.dests);
    this.svg.setAttribute('aria-label', t('board.label', { n }));
  }

  /** Makes an SVG element act like a button for mouse, touch and keyboard. */
  activate(el, fn) {
    el.addEventListener('click', (e) => {
      e.stopPropagation();
      fn();
    });
    el.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        fn();
      }
    });
  }

  /** Groups pawns into what is drawn on each square: singles, pairs, finished heaps; and the waiting yards. */
  drawPawns(layer, game, opts) {
    const centrePos = this.geom.centre;
    const bySquare = new Map();
    const add = (q, item) => {
      const k = `${q.row},${q.col}`;
      if (!bySquare.has(k)) bySquare.set(k, { q, items: [] });
      bySquare.get(k).items.push(item);
    };
    // Committed and loose pairs (both from the server) draw as one ring.
    const paired = new Map();
    for (const [seat, pawns] of game.pairs) for (const p of pawns) paired.set(`${seat}:${p}`, { pawns, committed: true });
    for (const [seat, pawns] of game.loose_pairs) for (const p of pawns) paired.set(`${seat}:${p}`, { pawns, committed: false });
    game.pawns.forEach((pawns, seat) => {
      const waiting = [];
      const finished = [];
      const singlesAt = new Map();
      pawns.forEach((pos, i) => {
        if (pos === null || pos === undefined) waiting.push(i);
        else if (pos === centrePos) finished.push(i);
        else if (paired.has(`${seat}:${i}`)) {
          const { pawns: pair, committed } = paired.get(`${seat}:${i}`);
          if (pair[0] === i) add(this.square(seat, pos), { kind: 'pair', committed, seat, pawns: pair, pos });
        } else {
          if (!singlesAt.has(pos)) singlesAt.set(pos, []);
          singlesAt.get(pos).push(i);
        }
      });
      for (const [pos, idx] of singlesAt) {
        // Singles of one seat on one square are interchangeable: one
        // stacked disc with a count keeps crowded homes readable.
        add(this.square(seat, pos), { kind: 'stack', seat, pawns: idx, pos });
      }
      if (finished.length) add(this.square(seat, centrePos), { kind: 'stack', seat, pawns: finished, pos: centrePos });
      if (waiting.length) this.drawYard(layer, seat, waiting, opts);
    });
    const canMove = (item) => item.pawns.some((p) => opts.movable?.has(`${item.seat}:${p}`));
    for (const { q, items } of bySquare.values()) {
      const { x, y } = this.point(q);
      const slots = layout(items.length);
      // The square's tap target lies over the pawns that cannot move and
      // under those that can, so a tap on a disc still picks that very pawn.
      const lead = items.find(canMove);
      let target = lead && this.tapTarget(x - CELL / 2, y - CELL / 2, CELL, CELL, [lead.seat, lead.pawns.find((p) => opts.movable.has(`${lead.seat}:${p}`))]);
      const drawn = items.map((item, j) => [item, slots[j]]);
      for (const [item, [dx, dy, r]] of [...drawn.filter(([i]) => !canMove(i)), ...drawn.filter(([i]) => canMove(i))]) {
        if (target && canMove(item)) {
          layer.append(target);
          target = null;
        }
        this.drawItem(layer, item, x + dx, y + dy, r, opts);
      }
    }
  }

  drawYard(layer, seat, waiting, opts) {
    const n = this.geom.size;
    const home = this.point(this.square(seat, 0));
    const { r, c } = this.display(this.square(seat, 0));
    // Outward from the home edge, into the margin.
    const out = r === n - 1 ? [0, 1] : r === 0 ? [0, -1] : c === 0 ? [-1, 0] : [1, 0];
    const along = [Math.abs(out[1]), Math.abs(out[0])];
    // Big enough to tap on a phone; closer together when many wait.
    const gap = waiting.length > 6 ? 44 : 52;
    // The whole yard, from the board's edge to the margin's, picks a
    // waiting pawn: any of them enters the same way.
    const first = waiting.find((p) => opts.movable?.has(`${seat}:${p}`));
    if (first !== undefined) {
      const long = Math.max(waiting.length * gap, CELL);
      const mid = { x: home.x + out[0] * (CELL + MARGIN) / 2, y: home.y + out[1] * (CELL + MARGIN) / 2 };
      const [w, hgt] = along[0] ? [long, MARGIN] : [MARGIN, long];
      layer.append(this.tapTarget(mid.x - w / 2, mid.y - hgt / 2, w, hgt, [seat, first]));
    }
    waiting.forEach((pawn, j) => {
      const off = (j - (waiting.length - 1) / 2) * gap;
      const x = home.x + out[0] * (CELL / 2 + 40) + along[0] * off;
      const y = home.y + out[1] * (CELL / 2 + 40) + along[1] * off;
      this.drawItem(layer, { kind: 'stack', seat, pawns: [pawn], pos: null }, x, y, 20, opts);
    });
  }

  drawItem(layer, item, x, y, r, opts) {
    if (item.kind === 'stack') {
      // The disc stands for the first of its pawns that can move.
      const lead = item.pawns.find((p) => opts.movable?.has(`${item.seat}:${p}`)) ?? item.pawns[0];
      layer.append(this.pawn(item.seat, lead, x, y, r, item.pos, opts, item.pawns));
      return;
    }
    // A pair: a ring (dotted when loose, solid when committed) round two pawns.
    const ring = s('circle', {
      class: ['pair-ring', `seat-${item.seat}`, item.committed ? 'committed' : 'loose'],
      cx: x, cy: y, r: r + 4,
      'aria-hidden': 'true',
    });
    layer.append(ring);
    const pr = r * 0.52;
    item.pawns.forEach((p, k) => {
      layer.append(this.pawn(item.seat, p, x + (k ? 1 : -1) * r * 0.47, y, pr, item.pos, opts, [p], t(item.committed ? 'board.pair.committed' : 'board.pair.loose')));
    });
  }

  /**
   * A bigger target for a pawn that can move: an invisible area that picks
   * it when tapped. Pointer only; the pawn itself is the keyboard's button.
   */
  tapTarget(x, y, width, height, [seat, pawn]) {
    const area = s('rect', { class: 'tap-target', x, y, width, height, 'aria-hidden': 'true', 'data-seat': seat, 'data-pawn': pawn });
    area.addEventListener('click', (e) => {
      e.stopPropagation();
      this.handlers.onPawn(seat, pawn);
    });
    return area;
  }

  /** One pawn: a disc in its seat's colour with the seat's mark, focusable when it can move. */
  pawn(seat, idx, x, y, r, pos, opts, all = [idx], pairNote = '') {
    const key = `${seat}:${idx}`;
    const count = all.length;
    const movable = opts.movable?.has(key);
    const selected = opts.selected?.has(key);
    const centre = this.geom.centre;
    const where = pos === null ? t('board.where.waiting') : pos === 0 ? t('board.where.home') : pos === centre ? t('board.where.centre') : t('board.where.step', { step: pos, last: centre });
    const who = opts.seatLabel ? opts.seatLabel(seat) : SEATS[seat].colour;
    const what = count > 1 ? t('board.pawns', { n: count, who }) : t('board.pawn', { who, pawn: idx + 1 });
    const state = selected ? t('board.selected') : movable ? t('board.canMove') : '';
    // A list of short phrases, each whole in the catalog: who, [pair], where, [state].
    const label = [what, pairNote, where, state].filter(Boolean).join(', ');
    const outer = s('g', {
      class: ['pawn', `seat-${seat}`, movable && 'movable', selected && 'selected'],
      transform: `translate(${x} ${y})`,
      'data-seat': seat,
      'data-pawn': idx,
      'data-pawns': all.join(' '),
      'data-x': x,
      'data-y': y,
    });
    const body = s('g', { class: 'mover' });
    if (movable || selected) body.append(s('circle', { class: 'halo', r: r + 7 }));
    body.append(s('circle', { class: 'disc', r }), mark(SEATS[seat].mark, r * 0.42));
    if (count > 1) {
      body.append(s('g', { transform: `translate(${r * 0.8} ${-r * 0.8}) scale(${this.numberScale})` },
        s('circle', { class: 'count-bg', r: 13 }),
        s('text', { class: 'count', y: 5, 'text-anchor': 'middle', text: formatNumber(count) })));
    }
    outer.append(body);
    if (movable) {
      outer.setAttribute('tabindex', '0');
      outer.setAttribute('role', 'button');
      outer.setAttribute('aria-label', label);
      outer.setAttribute('aria-pressed', String(!!selected));
      this.activate(outer, () => this.handlers.onPawn(seat, idx));
    } else {
      outer.append(s('title', { text: label }));
    }
    return outer;
  }

  /**
   * Walks pawns square by square along their path (events `walked`), and
   * pops hit pawns back home. Called right after render() with the new
   * state, so each pawn is already drawn where it ends; the animation plays
   * the way there. Resolves when done.
   */
  async animate(walks, hits) {
    if (reducedMotion() || !this.geom) return;
    const jobs = [];
    let longest = 0;
    for (const w of walks) {
      const squares = w.positions.map((p) => this.square(w.seat, p));
      longest = Math.max(longest, squares.length);
      for (const pawn of w.pawns) {
        const el = this.svg.querySelector(`.pawn[data-seat="${w.seat}"][data-pawns~="${pawn}"]`);
        if (el?.classList.contains('walking')) continue; // a stack walks once
        if (!el) continue;
        const fx = +el.dataset.x;
        const fy = +el.dataset.y;
        const frames = squares.map((q) => {
          const { x, y } = this.point(q);
          return { transform: `translate(${x - fx}px, ${y - fy}px)` };
        });
        frames.push({ transform: 'translate(0px, 0px)' });
        const mover = el.querySelector('.mover');
        el.classList.add('walking');
        const anim = mover.animate(frames, { duration: STEP_MS * frames.length, easing: 'linear' });
        jobs.push(anim.finished.catch(() => {}).then(() => el.classList.remove('walking')));
      }
    }
    for (const hit of hits) {
      for (const pawn of hit.pawns) {
        const el = this.svg.querySelector(`.pawn[data-seat="${hit.seat}"][data-pawns~="${pawn}"] .mover`);
        if (el) jobs.push(el.animate([{ transform: 'scale(0.1)', opacity: 0 }, { transform: 'scale(1.3)', opacity: 1, offset: 0.7 }, { transform: 'scale(1)' }], { duration: 450, delay: STEP_MS * longest }).finished.catch(() => {}));
      }
    }
    // One soft click per step, capped so a long bot turn is not a drumroll.
    for (let i = 1; i < Math.min(longest, 12); i++) setTimeout(() => sound.step(), i * STEP_MS);
    await Promise.all(jobs);
  }
}

/** Offsets [dx, dy, radius] for k things sharing one square. */
function layout(k) {
  if (k === 1) return [[0, 0, 30]];
  if (k === 2) return [[-23, 0, 21], [23, 0, 21]];
  if (k <= 4) return [[-23, -23, 19], [23, -23, 19], [-23, 23, 19], [23, 23, 19]];
  const out = [];
  for (let j = 0; j < k; j++) out.push([((j % 3) - 1) * 31, (Math.floor(j / 3) - 1) * 31, 14]);
  return out;
}

/** The seat's mark, so colour is never the only cue. */
function mark(kind, r) {
  switch (kind) {
    case 'triangle':
      return s('path', { class: 'mark', d: `M0 ${-r}L${r * 0.95} ${r * 0.75}L${-r * 0.95} ${r * 0.75}Z` });
    case 'square':
      return s('rect', { class: 'mark', x: -r * 0.8, y: -r * 0.8, width: r * 1.6, height: r * 1.6 });
    case 'diamond':
      return s('path', { class: 'mark', d: `M0 ${-r * 1.1}L${r} 0L0 ${r * 1.1}L${-r} 0Z` });
    default:
      return s('circle', { class: 'mark', r: r * 0.8 });
  }
}

