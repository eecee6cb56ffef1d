// The turning points of a finished game, on its replay page: every
// player's chance to win at the start of every turn as a chart (one line
// per player in the seat's colour, the three turning points numbered on
// it), the same numbers as a table, and the three turns that moved a
// chance most, in words: whose chance moved and how, the costliest move
// of that turn beside the better one and why, and a button that shows the
// turn on the board. The server works the chances out once, after the game
// (docs/protocol.md, "GET /api/games/{id}/analysis"); this module asks
// for them until they are there, and only draws and words them.

import { h, s, fill, reducedMotion } from './dom.js';
import { t, formatNumber, numberLocale } from './i18n.js';
import { listOf } from './events.js';
import { swatch } from './players.js';
import * as api from './api.js';

/** How often the server is asked again while it analyses the game, and how many times at most. */
const POLL_MS = 1500;
const POLLS = 40;

/** The chart's drawing box (viewBox units): the plot runs from LEFT to RIGHT and TOP (100%) to BASE (0%). */
const W = 320;
const H = 186;
const LEFT = 42;
const RIGHT = 310;
const TOP = 12;
const BASE = 150;
/** The numbered marks' radius. */
const MARK_R = 9;
/** Each seat's line pattern, so that the lines differ without their colours too. */
const DASHES = [null, '8 4', '2 3', '9 3 2 3'];

/** The percentage format of the language in use, made once. */
let percents = null;

/** A chance (0-1) as a whole percentage in the player's language: "62%". */
export function percent(x) {
  if (percents?.locale !== numberLocale()) percents = { locale: numberLocale(), f: new Intl.NumberFormat(numberLocale(), { style: 'percent', maximumFractionDigits: 0 }) };
  return percents.f.format(x);
}

/**
 * The card of a finished game's turning points.
 * @param {object} o
 * @param {string} o.code the game's id (its room code)
 * @param {(seat: number) => string} o.who a seat's name
 * @param {(n: number) => object|undefined} o.frameAt the replay's frame `n`, if loaded (to word moves)
 * @param {number} o.centre the centre's path position (facts.js walkGeometry)
 * @param {(n: number) => void} o.show shows frame `n` of the replay
 * @returns {{el: HTMLElement, close: () => void}}
 */
export function analysisView({ code, who, frameAt, centre, show }) {
  let closed = false;
  let timer = null;
  // Polite: "Analysing the game…" is read when it comes, after what is being said.
  const note = h('p', { class: 'analysis-note', id: 'analysis-note', 'aria-live': 'polite' });
  const content = h('div', { class: 'analysis-content' });
  const el = h('section', { class: 'card analysis', id: 'analysis', 'aria-labelledby': 'analysis-title' },
    h('h2', { id: 'analysis-title', class: 'panel-title', text: t('analysis.title') }), note, content);

  /** Asks the server for the analysis (the `n`-th time); asks again while it is being worked out. */
  async function ask(n) {
    if (closed) return;
    let data;
    try {
      data = await api.gameAnalysis(code);
    } catch (err) {
      if (closed) return;
      // Too many questions from this address for a moment: ask again later.
      if (err.status === 429 && n < POLLS) return later(n);
      return quiet();
    }
    if (closed) return;
    if (!Array.isArray(data?.points)) {
      if (n >= POLLS) return quiet();
      note.textContent = t('analysis.waiting');
      return later(n);
    }
    try {
      draw(data);
      note.textContent = '';
    } catch {
      // An answer this page cannot read: the rest of the replay works.
      content.replaceChildren();
      quiet();
    }
  }

  function later(n) {
    timer = setTimeout(() => ask(n + 1), POLL_MS);
  }

  function quiet() {
    note.classList.add('quiet');
    note.textContent = t('analysis.failed');
  }

  /** Draws the chart, its table and the turning points. */
  function draw({ points, swings }) {
    if (points.length < 2) {
      fill(content, h('p', { class: 'hint', text: t('analysis.none') }));
      return;
    }
    const seats = points[0].chances.length;
    const turning = (swings ?? []).slice(0, 3);
    const ids = turning.map((_, k) => `analysis-swing-${k + 1}`);
    fill(content,
      h('figure', { class: 'analysis-figure' },
        chart(points, turning, seats, who),
        h('figcaption', {},
          h('ul', { class: 'analysis-legend' }, Array.from({ length: seats }, (_, i) => h('li', {},
            lineKey(i), swatch(i), h('span', { class: 'analysis-legend-name', text: who(i) })))),
          h('p', { class: 'hint analysis-method', text: t('analysis.method') }))),
      table(points, seats, who),
      turning.length
        ? h('ol', { class: 'analysis-swings' }, turning.map((sw, k) => swingItem(sw, k, ids[k], points)))
        : h('p', { class: 'hint', text: t('analysis.none') }));
  }

  /** One turning point: its number, what happened, the move and the better one, and its button. */
  function swingItem(sw, k, id, points) {
    const start = points[sw.point];
    const end = points[sw.point + 1] ?? start;
    const from = start.chances[sw.player];
    const to = end.chances[sw.player];
    const rose = to > from;
    const own = sw.mover === sw.player;
    const head = t(`analysis.swing.${rose ? 'rose' : 'fell'}${own ? '.own' : ''}`, {
      round: start.round, mover: who(sw.mover), who: who(sw.player), from: percent(from), to: percent(to),
    });
    const d = sw.decision;
    const said = d ? decisionWords(d, sw.mover) : [t('analysis.throws')];
    // A decision is shown as its move; a turn of the throws' from its first throw.
    const frame = d ? d.action + 1 : start.action + 1;
    return h('li', { class: 'analysis-swing' },
      h('span', { class: ['analysis-num', `seat-${sw.player}`], text: formatNumber(k + 1) }),
      h('div', { class: 'analysis-swing-main' },
        h('p', { class: 'analysis-swing-head', id, text: head }),
        h('p', { class: 'analysis-swing-move', text: said.join(' ') })),
      h('button', {
        type: 'button', class: 'btn small analysis-show', 'aria-describedby': id, dataset: { frame },
        onclick: () => show(frame),
      }, t('analysis.show')));
  }

  /** The move made, the better one and why, as sentences. */
  function decisionWords(d, mover) {
    const before = frameAt(d.action);
    const after = frameAt(d.action + 1);
    const made = moveWords(d.made, mover, before, after?.events);
    const better = moveWords(d.better, mover, before, null);
    const points = Math.max(1, Math.round((d.lost ?? 0) * 100));
    return [
      t('analysis.played', { who: who(mover), move: made }),
      t('analysis.better', { move: better, n: points }),
      reason(d.why ?? {}, mover),
    ];
  }

  /**
   * A move (as a client sends it) in words, as the game's move buttons say
   * it (move.*): a waiting pawn comes in; `events`, the move's own (for the
   * move made), tell a walk to the centre and a hit.
   */
  function moveWords(action, seat, before, events) {
    const pawns = action?.pawns ?? [];
    const value = action?.value;
    const at = before?.game?.pawns?.[seat];
    const waiting = !!at && pawns.length > 0 && pawns.every((p) => at[p] === null);
    const reached = (events ?? []).some((e) => e.type === 'walked' && e.player === seat && e.to === centre);
    const params = { pawn: (pawns[0] ?? 0) + 1, value };
    let text;
    if (pawns.length > 1) {
      text = waiting ? t('move.enter.many', { value, n: pawns.length }) : t('analysis.move.pair', { pawns: listOf(pawns.map((p) => p + 1)), value });
    } else if (waiting) text = t('move.enter.pawn', params);
    else if (reached) text = t('move.pawn.centre', params);
    else text = t('move.pawn', params);
    const hit = (events ?? []).find((e) => e.type === 'hit' && e.player === seat);
    if (hit) text = t('move.hitting', { move: text, victim: who(hit.victim) });
    return text;
  }

  /** Why the better move was better, said of the mover. */
  function reason(why, mover) {
    const names = (list) => listOf((list ?? []).map(who));
    const p = { who: who(mover) };
    switch (why.why) {
      case 'hit': return t('analysis.why.hit', { ...p, victim: who(why.victim) });
      case 'escape': return t(why.safe ? 'analysis.why.escape.safe' : 'analysis.why.escape', {
        ...p, by: names(why.by), values: listOf(why.values ?? []), n: why.by?.length ?? 1,
      });
      case 'stay_safe': return t('analysis.why.staySafe', { ...p, by: names(why.by), n: why.by?.length ?? 1 });
      case 'centre': case 'pair': case 'enter': case 'inner': case 'only': case 'progress':
        return t(`analysis.why.${why.why}`, p);
      default: return t('analysis.why.progress', p);
    }
  }

  ask(1);
  return {
    el,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}

/** A short stretch of seat `i`'s line, as the chart draws it: the legend's key. */
function lineKey(i) {
  return s('svg', { class: 'analysis-key', viewBox: '0 0 28 10', 'aria-hidden': 'true' },
    s('line', { class: ['analysis-line', `seat-${i}`], x1: 1, y1: 5, x2: 27, y2: 5, 'stroke-dasharray': DASHES[i] ?? undefined }));
}

/** Round numbers to label on the horizontal axis: a handful, evenly spaced. */
function roundTicks(points) {
  const last = points[points.length - 1].round;
  const step = [1, 2, 5, 10, 20, 50, 100, 200, 500].find((n) => last / n <= 6) ?? 1000;
  const ticks = [];
  const seen = new Set();
  points.forEach((p, i) => {
    if (seen.has(p.round)) return;
    seen.add(p.round);
    if (p.round === 1 || p.round % step === 0) ticks.push({ round: p.round, i });
  });
  return ticks;
}

/**
 * The chart: a line per player of their chance at every turn's start, a
 * guide at 50%, and each turning point numbered on the line of the player
 * whose chance moved, halfway through the turn. An image to screen
 * readers, named by who finished with what; the table has the numbers.
 */
function chart(points, turning, seats, who) {
  const n = points.length;
  const x = (i) => LEFT + ((RIGHT - LEFT) * i) / (n - 1);
  const y = (c) => BASE - (BASE - TOP) * Math.max(0, Math.min(1, c));
  const parts = [];
  for (const c of [0, 0.5, 1]) {
    parts.push(s('line', { class: c === 0.5 ? 'guide' : 'grid', x1: LEFT, y1: y(c), x2: RIGHT, y2: y(c) }),
      s('text', { class: 'tick', x: LEFT - 5, y: y(c) + 4, 'text-anchor': 'end', text: percent(c) }));
  }
  for (const { round, i } of roundTicks(points)) {
    parts.push(s('line', { class: 'grid', x1: x(i), y1: BASE, x2: x(i), y2: BASE + 4 }),
      s('text', { class: 'tick', x: x(i), y: BASE + 17, 'text-anchor': 'middle', text: formatNumber(round) }));
  }
  parts.push(s('text', { class: 'axis-name', x: (LEFT + RIGHT) / 2, y: H - 3, 'text-anchor': 'middle', text: t('analysis.axis') }));
  for (let seat = 0; seat < seats; seat++) {
    parts.push(s('polyline', {
      class: ['analysis-line', `seat-${seat}`],
      points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.chances[seat]).toFixed(1)}`).join(' '),
      'stroke-dasharray': DASHES[seat] ?? undefined,
    }));
  }
  // Marks too close to one placed already move up (or down) out of its way.
  const placed = [];
  turning.forEach((sw, k) => {
    const a = points[sw.point];
    const b = points[sw.point + 1] ?? a;
    const mx = (x(sw.point) + x(Math.min(sw.point + 1, n - 1))) / 2;
    let my = (y(a.chances[sw.player]) + y(b.chances[sw.player])) / 2;
    const clash = (yy) => placed.some((m) => Math.hypot(m.x - mx, m.y - yy) < 2 * MARK_R + 1);
    for (let step = 1; clash(my) && step < 6; step++) {
      const up = my - step * (MARK_R + 1);
      const down = my + step * (MARK_R + 1);
      if (up - MARK_R >= TOP - 6 && !clash(up)) my = up;
      else if (down + MARK_R <= BASE + 6 && !clash(down)) my = down;
    }
    my = Math.max(TOP - 6 + MARK_R, Math.min(BASE + 6 - MARK_R, my));
    placed.push({ x: mx, y: my });
    parts.push(s('g', { class: ['analysis-mark', `seat-${sw.player}`], dataset: { swing: k + 1 } },
      s('circle', { cx: mx, cy: my, r: MARK_R }),
      s('text', { x: mx, y: my + 4, 'text-anchor': 'middle', text: formatNumber(k + 1) })));
  });
  const last = points[n - 1];
  const ends = Array.from({ length: seats }, (_, i) => t('analysis.chart.end', { who: who(i), chance: percent(last.chances[i]) }));
  return s('svg', { class: 'analysis-chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': t('analysis.chart', { list: listOf(ends) }) }, parts);
}

/** Every turn's chances as a table, folded away under the chart. */
function table(points, seats, who) {
  const last = points.length - 1;
  return h('details', { class: 'analysis-details' },
    h('summary', { text: t('analysis.table') }),
    // Scrolls within itself: reachable from the keyboard, and named for screen readers.
    h('div', { class: 'analysis-table-wrap', tabindex: 0, role: 'region', 'aria-label': t('analysis.table') },
      h('table', { class: 'analysis-table' },
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col', class: 'analysis-round', text: t('analysis.table.round') }),
          h('th', { scope: 'col', text: t('analysis.table.turn') }),
          Array.from({ length: seats }, (_, i) => h('th', { scope: 'col' }, swatch(i), ' ', who(i))))),
        h('tbody', {}, points.map((p, k) => h('tr', {},
          h('th', { scope: 'row', text: formatNumber(p.round) }),
          h('td', { text: k === last ? t('analysis.table.end') : who(p.to_move) }),
          p.chances.map((c) => h('td', { text: percent(c) }))))))));
}

/** Whether `el` is on screen now (its top edge at least). */
export function inView(el) {
  const r = el.getBoundingClientRect();
  return r.top >= 0 && r.top < window.innerHeight - 40;
}

/** Scrolls `el` into view unless it is already, smoothly unless the player asked for less motion. */
export function bringIntoView(el) {
  if (!inView(el)) el.scrollIntoView({ block: 'start', behavior: reducedMotion() ? 'auto' : 'smooth' });
}
