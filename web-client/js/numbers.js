// The game in numbers, for a finished game's replay: how often each throw
// value came against how often the cowries' odds expect it (R5; with other
// odds O8, the server sends each value's chance), hits made and taken, and
// the time each player took. The chart is plain inline SVG; the tables
// beside it carry the same numbers for screen readers and for reading.

import { h, s } from './dom.js';
import { swatch } from './players.js';
import { t, formatNumber as num } from './i18n.js';
import { isGrace } from './facts.js';

const CHART_W = 320;
const CHART_H = 170;
const BASE = 140;
const TOP = 22;

/** A duration (ms) as minutes and seconds, in the player's language. */
export function duration(ms) {
  const total = Math.round(ms / 1000);
  const m = Math.floor(total / 60);
  const sec = total % 60;
  return m ? t('numbers.minutes', { m: num(m), s: num(sec) }) : t('numbers.seconds', { s: num(sec) });
}

/**
 * Bars of the throws of each value, with a mark where the odds put them:
 * the picture of the table beside it (hidden from screen readers, which
 * read the table).
 */
function chart(values, counts, expected) {
  const top = Math.max(1, ...counts, ...expected);
  const slot = CHART_W / values.length;
  const y = (n) => BASE - ((BASE - TOP) * n) / top;
  const parts = [s('line', { class: 'axis', x1: 0, y1: BASE, x2: CHART_W, y2: BASE })];
  values.forEach((v, k) => {
    const x = k * slot + slot / 2;
    const grace = isGrace(v);
    parts.push(
      s('rect', { class: ['bar', grace && 'grace'], x: x - 18, y: y(counts[k]), width: 36, height: BASE - y(counts[k]), rx: 4 }),
      s('line', { class: 'expected', x1: x - 27, y1: y(expected[k]), x2: x + 27, y2: y(expected[k]) }),
      // Above the bar and the expected line both, so neither hides the number.
      s('text', { class: 'count', x, y: Math.min(y(counts[k]), y(expected[k])) - 7, 'text-anchor': 'middle', text: num(counts[k]) }),
      s('text', { class: 'value', x, y: BASE + 22, 'text-anchor': 'middle', text: num(v) }));
  });
  return s('svg', { class: 'numbers-chart', viewBox: `0 0 ${CHART_W} ${CHART_H}`, 'aria-hidden': 'true' }, parts);
}

/**
 * The game in numbers as a card.
 * @param {{values: number[], odds: number[], seats: {throws: number[], hits: number, hit_by: number, turns: number, time_ms: number|null}[]}} numbers from the replay
 * @param {(seat: number) => string} who a seat's name
 * @param {number|null} me the viewer's seat, marked "(you)"
 */
export function numbersView(numbers, who, me) {
  const { values, odds, seats } = numbers;
  const counts = values.map((v, k) => seats.reduce((sum, seat) => sum + seat.throws[k], 0));
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = odds.map((p) => p * total);
  const throwsTable = h('table', { class: 'numbers-table' },
    h('caption', { text: t('numbers.throws', { n: total }) }),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', text: t('numbers.value') }),
      h('th', { scope: 'col', text: t('numbers.thrown') }),
      h('th', { scope: 'col', text: t('numbers.expected') }))),
    h('tbody', {}, values.map((v, k) => h('tr', {},
      h('th', { scope: 'row', text: num(v) }),
      h('td', { text: num(counts[k]) }),
      h('td', { text: num(expected[k], 1) })))));
  // Each player's figures as label and value pairs: they wrap on a phone
  // in every language, where a table's columns would squeeze the words.
  const timed = seats.some((seat) => seat.time_ms !== null && seat.time_ms !== undefined);
  const stat = (key, value) => h('div', { class: 'stat' }, h('dt', { text: t(key) }), h('dd', { text: value }));
  const players = h('div', { class: 'numbers-players' },
    h('h3', { class: 'numbers-sub', text: t('numbers.byPlayer') }),
    h('ul', {}, seats.map((seat, i) => h('li', {},
      h('p', { class: 'numbers-who' }, swatch(i), ` ${who(i)}`, i === me ? ` ${t('players.you')}` : ''),
      h('dl', {},
        stat('numbers.turns', num(seat.turns)),
        stat('numbers.hits', num(seat.hits)),
        stat('numbers.hitBy', num(seat.hit_by)),
        timed && stat('numbers.time', duration(seat.time_ms ?? 0)))))));
  return h('section', { class: 'card numbers', 'aria-labelledby': 'numbers-title' },
    h('h2', { id: 'numbers-title', class: 'panel-title', text: t('numbers.title') }),
    h('figure', { class: 'numbers-figure' },
      chart(values, counts, expected),
      h('figcaption', { class: 'numbers-legend' },
        h('span', { class: 'key bar-key', 'aria-hidden': 'true' }), ` ${t('numbers.legend.thrown')} `,
        h('span', { class: 'key expected-key', 'aria-hidden': 'true' }), ` ${t('numbers.legend.expected')}`)),
    throwsTable, players);
}
