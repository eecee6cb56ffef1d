// The replay's controls: first, back, play or pause, forward, last, the
// slider over every move, the speed and the round to jump to. They only
// call back; the replay viewer (replay.js) decides what each does.

import { h, s } from './dom.js';
import { t } from './i18n.js';

/** Playing speeds offered, 1 being one move a second. */
const SPEEDS = [0.5, 1, 2, 4, 8];

/** Icon paths (24x24) of the replay's buttons: drawn, so every phone shows them alike. */
const ICONS = {
  first: 'M5 4h2.5v16H5zM20 4v16L9 12z',
  prev: 'M17 4v16L6 12z',
  play: 'M7 4v16l13-8z',
  pause: 'M6 4h4v16H6zM14 4h4v16h-4z',
  next: 'M7 4v16l11-8z',
  last: 'M16.5 4H19v16h-2.5zM4 4v16l11-8z',
};

/** A replay button's icon. */
export function icon(name) {
  return s('svg', { class: 'icon', viewBox: '0 0 24 24', 'aria-hidden': 'true' }, s('path', { d: ICONS[name] }));
}

/**
 * The controls, calling back `on.go(n)` (a move), `on.step(d)` (one back
 * or on), `on.togglePlay()`, `on.last()` and `on.speed(n)`. Returns the
 * group (`controls`) and each control, for the viewer to update.
 */
export function replayControls(on) {
  const button = (id, label, name, fn) => h('button', { type: 'button', class: 'btn replay-btn', id, 'aria-label': label, title: label, onclick: fn }, icon(name));
  const firstBtn = button('replay-first', t('replay.first'), 'first', () => on.go(0));
  const prevBtn = button('replay-prev', t('replay.prev'), 'prev', () => on.step(-1));
  const playBtn = button('replay-play', t('replay.play'), 'play', () => on.togglePlay());
  playBtn.setAttribute('aria-pressed', 'false');
  const nextBtn = button('replay-next', t('replay.next'), 'next', () => on.step(1));
  const lastBtn = button('replay-last', t('replay.last'), 'last', () => on.last());
  const slider = h('input', { type: 'range', id: 'replay-slider', min: 0, max: 0, value: 0, step: 1, 'aria-label': t('replay.slider') });
  slider.addEventListener('input', () => on.go(Number(slider.value)));
  const speed = h('select', { id: 'replay-speed' }, SPEEDS.map((s) => h('option', { value: s, selected: s === 1, text: t('replay.speedValue', { n: s }) })));
  speed.addEventListener('change', () => on.speed(Number(speed.value)));
  const rounds = h('select', { id: 'replay-round' });
  rounds.addEventListener('change', () => {
    if (rounds.value !== '') on.go(Number(rounds.value));
  });
  const controls = h('div', { class: 'replay-controls', role: 'group', 'aria-label': t('replay.controls') },
    h('div', { class: 'replay-buttons' }, firstBtn, prevBtn, playBtn, nextBtn, lastBtn),
    slider,
    h('div', { class: 'replay-pickers' },
      h('label', { class: 'replay-picker' }, h('span', { text: t('replay.speed') }), speed),
      h('label', { class: 'replay-picker' }, h('span', { text: t('replay.round') }), rounds)));
  return { controls, firstBtn, prevBtn, playBtn, nextBtn, lastBtn, slider, speed, rounds };
}
