// The rules and pace of a game to be made, as a form's fields: preset,
// board, seats, pace, every option in plain words with a link to its rule,
// and, where a form offers them, computer players for the last seats. The
// home page's creation form (home.js) and a circle's "New game" dialog
// (circle-new-game.js) are both built on it, so a game is made the same
// way from either.

import { h, fill } from './dom.js';
import { presets, options, LEVELS, levelName } from './names.js';
import { t, formatNumber } from './i18n.js';
import { ruleHelp } from './rule-link.js';
import { paceField } from './pace.js';
import { takeoverSetting } from './takeover-setting.js';

/** An option's label with its "how it works" link beside it (outside the label, so the control's name stays plain). */
function optionHead(control, label, rule) {
  return h('div', { class: 'option-head' }, h('label', { for: control.id, text: label }), ruleHelp(rule, label));
}

/** A row of radio buttons drawn as one segmented control. */
function segmented(legend, nameAttr, values, current, onchange, fmt) {
  return h('fieldset', { class: 'segmented' },
    h('legend', { text: legend }),
    h('div', { class: 'segments' }, values.map((v) =>
      h('label', {},
        h('input', { type: 'radio', name: nameAttr, value: v, checked: v === current, onchange: () => onchange(v) }),
        h('span', { text: fmt(v) })))));
}

/**
 * The computer players' fields: how many of the seats (the last ones) and
 * at which level. Returns `{el, bots(players)}`: the `bots` of a creation
 * request for a game of `players` seats (at least one seat is left to the
 * creator).
 */
function computerFields() {
  const count = h('select', { id: 'opt-computers', name: 'computers' },
    [0, 1, 2, 3].map((n) => h('option', { value: n, text: n ? formatNumber(n) : t('gameForm.computers.none') })));
  const level = h('select', { id: 'opt-computer-level', name: 'computer_level' },
    LEVELS.map((l) => h('option', { value: l, text: levelName(l), selected: l === 'medium' })));
  return {
    el: h('div', { class: 'row-2 computers' },
      h('div', { class: 'field' }, h('label', { for: 'opt-computers', text: t('gameForm.computers') }), count),
      h('div', { class: 'field' }, h('label', { for: 'opt-computer-level', text: t('gameForm.computerLevel') }), level)),
    bots(players) {
      const n = Math.min(Number(count.value), players - 1);
      return Array.from({ length: n }, (_, i) => ({ seat: players - 1 - i, level: level.value }));
    },
  };
}

/**
 * The fields of a game's rules and pace, built from the server's preset
 * table [{rules, pawns}] (every default and the allowed pawn counts come
 * from it). With `opts.computers`, a choice of computer players too.
 * Returns `{el, details, request(form)}`: `el` the fields (a list of
 * nodes), `details` every other option, folded away, and `request` the creation request's rules part read from `form` (the form
 * element the fields are in): preset, options, players, the pace's fields,
 * and bots.
 * @param {Array<object>} table
 * @param {{computers?: boolean}} [opts]
 */
export function gameFields(table, opts = {}) {
  // The boards come from the table too; the first is the default.
  const boards = [...new Set(table.map((e) => e.rules.board))];
  const state = { preset: 'chowka-bhara', board: boards[0] };
  const optionControls = {};

  const presetCards = h('div', { class: 'preset-cards' }, presets().map((p, i) =>
    h('label', { class: 'preset-card' },
      h('input', { type: 'radio', name: 'preset', value: p.id, checked: i === 0, onchange: () => { state.preset = p.id; resetOptions(); } }),
      h('span', { class: 'preset-name', text: p.name }),
      h('span', { class: 'preset-blurb', text: p.blurb }))));

  const boardSet = segmented(t('home.board'), 'board', boards, state.board, (v) => { state.board = v; resetOptions(); }, (v) => t('home.boardSize', { size: v }));
  const seatsSet = segmented(t('home.players'), 'players', [2, 3, 4], 2, () => {}, (v) => formatNumber(v));

  const pawns = h('select', { id: 'opt-pawns', name: 'pawns' });
  const pawnsNote = h('p', { class: 'hint', id: 'opt-pawns-hint' });
  const optionRows = [
    h('div', { class: 'field option' }, optionHead(pawns, t('home.pawns'), 'C10'), pawns, pawnsNote),
  ];
  pawns.setAttribute('aria-describedby', 'opt-pawns-hint');
  for (const [key, opt] of Object.entries(options())) {
    const hint = h('p', { class: 'hint', id: `opt-${key}-hint` });
    const sel = h('select', { id: `opt-${key}`, name: key, 'aria-describedby': `opt-${key}-hint` },
      Object.keys(opt.values).map((v) => h('option', { value: v, text: opt.names[v] })));
    sel.addEventListener('change', () => (hint.textContent = opt.values[sel.value]));
    optionControls[key] = { sel, hint, opt };
    optionRows.push(h('div', { class: 'field option' }, optionHead(sel, opt.label, opt.rule), sel, hint));
  }
  const odds = h('input', { id: 'opt-mouth', name: 'mouth_up', type: 'number', min: 0.05, max: 0.95, step: 0.05, value: 0.5, 'aria-describedby': 'opt-mouth-hint' });
  optionRows.push(h('div', { class: 'field option' }, optionHead(odds, t('home.mouthUp'), 'R5'), odds,
    h('p', { class: 'hint', id: 'opt-mouth-hint', text: t('home.mouthUpHint') })));

  function resetOptions() {
    const entry = table.find((e) => e.rules.preset === state.preset && e.rules.board === state.board);
    const d = entry.rules;
    fill(pawns, entry.pawns.map((k) =>
      h('option', { value: k, selected: k === d.pawns, text: formatNumber(k) })));
    pawnsNote.textContent = t('home.pawnsHint', { n: d.pawns });
    for (const [key, c] of Object.entries(optionControls)) {
      c.sel.value = String(d[key]);
      c.hint.textContent = c.opt.values[c.sel.value];
    }
    odds.value = d.mouth_up;
  }
  resetOptions();

  const clock = h('select', { id: 'opt-clock', 'aria-describedby': 'opt-clock-hint' },
    ['', '30', '60', '120'].map((v) => h('option', { value: v, text: t(`home.clock.${v || 'none'}`) })));
  // A computer stands in after a minute away by default: a closed tab must
  // never freeze the table.
  // The same control the host changes it with later (lobby, game).
  const takeoverField = takeoverSetting('opt-takeover', 60);
  const takeover = takeoverField.querySelector('select');
  const liveRows = [
    h('div', { class: 'field option' }, h('label', { for: 'opt-clock', text: t('home.clock') }), clock,
      h('p', { class: 'hint', id: 'opt-clock-hint', text: t('home.clockHint') })),
    takeoverField];
  optionRows.push(...liveRows);
  const pace = paceField(liveRows);
  const computers = opts.computers ? computerFields() : null;

  return {
    el: [
      h('fieldset', { class: 'presets' }, h('legend', { text: t('home.rules') }), presetCards),
      h('div', { class: 'row-2' }, boardSet, seatsSet),
      computers?.el,
      pace.el,
    ],
    details: h('details', { class: 'options' }, h('summary', { text: t('home.allOptions') }), h('div', { class: 'option-grid' }, optionRows)),
    request(form) {
      const fd = new FormData(form);
      const players = Number(fd.get('players'));
      const chosen = {
        board: state.board,
        players,
        pawns: Number(pawns.value),
        entry: optionControls.entry.sel.value,
        gate: optionControls.gate.sel.value,
        three_grace: optionControls.three_grace.sel.value === 'true',
        stranded: optionControls.stranded.sel.value,
        pairs: optionControls.pairs.sel.value === 'true',
        truce: optionControls.truce.sel.value === 'true',
        mouth_up: Number(odds.value),
      };
      const req = { preset: state.preset, options: chosen, players };
      if (clock.value) req.turn_clock = Number(clock.value);
      // Absent means the server's default (a minute): "Never" is said as null.
      req.takeover = takeover.value ? Number(takeover.value) : null;
      const bots = computers?.bots(players) ?? [];
      if (bots.length) req.bots = bots;
      return pace.apply(req);
    },
  };
}
