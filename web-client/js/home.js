// The home page: one tap to play (the computer, at once; or friends, with
// a private room and its link ready), a custom game (preset, board, seats
// and every option in plain words with a link to its rule), join by code,
// the open public rooms and the recently finished games.

import { h, fill } from './dom.js';
import { PRESETS, OPTIONS, SEATS } from './names.js';
import * as api from './api.js';
import { saveSeat, savedName, saveName, savedLevel, saveLevel } from './storage.js';
import { showError } from './announce.js';
import { showThrow } from './cowries.js';
import { ruleLinksOpenDialogs } from './rules-page.js';
import { ruleHelp, offerShareOnArrival } from './lobby.js';

const REFRESH_MS = 8000;
/** The name a new player gets against the computer if they type none: nobody else sees it. */
const DEFAULT_NAME = 'You';
/** Seats of a room made with "Play with friends": empty ones are dropped at the start. */
const FRIENDS_SEATS = 4;

/** An option's label with its "how it works" link beside it (outside the label, so the control's name stays plain). */
function optionHead(control, label, rule) {
  return h('div', { class: 'option-head' }, h('label', { for: control.id, text: label }), ruleHelp(rule, label));
}

function field(label, control, extra) {
  return h('div', { class: 'field' }, h('label', { for: control.id, text: label }), control, extra);
}

function nameInput(id) {
  return h('input', {
    id, name: 'name', type: 'text', required: true, maxlength: 24, autocomplete: 'nickname',
    placeholder: 'Your name', value: savedName(),
  });
}

/**
 * The creation form: filled once the server's preset table has come, since
 * every default and the allowed pawn counts come from it (GET /api/presets).
 */
function createForm(navigate) {
  const status = h('p', { class: 'form-status', role: 'status', text: 'Loading the rules…' });
  const form = h('form', { class: 'card create', 'aria-labelledby': 'create-title', 'aria-busy': 'true' },
    h('h2', { id: 'create-title', text: 'Custom game' }), status);
  api.presets().then((table) => {
    fillCreateForm(form, table, navigate);
    form.removeAttribute('aria-busy');
  }, (err) => {
    status.textContent = err.message;
  });
  return form;
}

/** Builds the creation form's fields into `form` from the preset table [{rules, pawns}]. */
function fillCreateForm(form, table, navigate) {
  // The boards come from the table too; the first is the default.
  const boards = [...new Set(table.map((t) => t.rules.board))];
  const state = { preset: 'chowka-bhara', board: boards[0] };
  const optionControls = {};
  const name = nameInput('create-name');

  const presetCards = h('div', { class: 'preset-cards' }, PRESETS.map((p, i) =>
    h('label', { class: 'preset-card' },
      h('input', { type: 'radio', name: 'preset', value: p.id, checked: i === 0, onchange: () => { state.preset = p.id; resetOptions(); } }),
      h('span', { class: 'preset-name', text: p.name }),
      h('span', { class: 'preset-blurb', text: p.blurb }))));

  const segmented = (legend, nameAttr, values, current, onchange, fmt) =>
    h('fieldset', { class: 'segmented' },
      h('legend', { text: legend }),
      h('div', { class: 'segments' }, values.map((v) =>
        h('label', {},
          h('input', { type: 'radio', name: nameAttr, value: v, checked: v === current, onchange: () => onchange(v) }),
          h('span', { text: fmt(v) })))));

  const boardSet = segmented('Board', 'board', boards, state.board, (v) => { state.board = v; resetOptions(); }, (v) => `${v}×${v}`);
  const seatsSet = segmented('Players', 'players', [2, 3, 4], 2, () => {}, (v) => `${v}`);

  const pawns = h('select', { id: 'opt-pawns', name: 'pawns' });
  const pawnsNote = h('p', { class: 'hint', id: 'opt-pawns-hint' });
  const optionRows = [
    h('div', { class: 'field option' }, optionHead(pawns, 'Pawns each', 'C10'), pawns, pawnsNote),
  ];
  pawns.setAttribute('aria-describedby', 'opt-pawns-hint');
  for (const [key, opt] of Object.entries(OPTIONS)) {
    const hint = h('p', { class: 'hint', id: `opt-${key}-hint` });
    const sel = h('select', { id: `opt-${key}`, name: key, 'aria-describedby': `opt-${key}-hint` },
      Object.keys(opt.values).map((v) => h('option', { value: v, text: v === 'true' ? 'On' : v === 'false' ? 'Off' : v.replace(/-/g, ' ') })));
    sel.addEventListener('change', () => (hint.textContent = opt.values[sel.value]));
    optionControls[key] = { sel, hint, opt };
    optionRows.push(h('div', { class: 'field option' }, optionHead(sel, opt.label, opt.rule), sel, hint));
  }
  const odds = h('input', { id: 'opt-mouth', name: 'mouth_up', type: 'number', min: 0.05, max: 0.95, step: 0.05, value: 0.5, 'aria-describedby': 'opt-mouth-hint' });
  optionRows.push(h('div', { class: 'field option' }, optionHead(odds, 'Chance a cowrie lands mouth up', 'R5'), odds,
    h('p', { class: 'hint', id: 'opt-mouth-hint', text: '0.5 is a fair shell. Higher makes 3s and 4s (chowka) more common.' })));

  function resetOptions() {
    const entry = table.find((t) => t.rules.preset === state.preset && t.rules.board === state.board);
    const d = entry.rules;
    fill(pawns, entry.pawns.map((k) =>
      h('option', { value: k, selected: k === d.pawns, text: `${k}` })));
    pawnsNote.textContent = `How many pawns each player must bring to the centre. This preset uses ${d.pawns}.`;
    for (const [key, c] of Object.entries(optionControls)) {
      c.sel.value = String(d[key]);
      c.hint.textContent = c.opt.values[c.sel.value];
    }
    odds.value = d.mouth_up;
  }
  resetOptions();

  const clock = h('select', { id: 'opt-clock', 'aria-describedby': 'opt-clock-hint' },
    [['', 'No clock'], ['30', '30 seconds'], ['60', '1 minute'], ['120', '2 minutes']].map(([v, l]) => h('option', { value: v, text: l })));
  // A computer stands in after a minute away by default: a closed tab must
  // never freeze the table.
  const takeover = h('select', { id: 'opt-takeover', 'aria-describedby': 'opt-takeover-hint' },
    [['', 'Never'], ['30', 'After 30 seconds away'], ['60', 'After 1 minute away'], ['120', 'After 2 minutes away']]
      .map(([v, l]) => h('option', { value: v, text: l, selected: v === '60' })));
  optionRows.push(
    h('div', { class: 'field option' }, h('label', { for: 'opt-clock', text: 'Turn clock' }), clock,
      h('p', { class: 'hint', id: 'opt-clock-hint', text: 'When time runs out, the server plays the rest of that turn.' })),
    h('div', { class: 'field option' }, h('label', { for: 'opt-takeover', text: 'Computer stand-in' }), takeover,
      h('p', { class: 'hint', id: 'opt-takeover-hint', text: 'A computer plays for someone who dropped out, until they come back.' })));

  // Private unless the host chooses to list it: a room is meant for friends
  // with the link, and strangers would take the seats meant for them.
  const isPublic = h('input', { id: 'create-public', type: 'checkbox', name: 'public' });
  const status = h('p', { class: 'form-status', role: 'status' });
  const submit = h('button', { type: 'submit', class: 'btn primary big', text: 'Create room' });

  fill(form,
    h('h2', { id: 'create-title', text: 'Custom game' }),
    field('Your name', name),
    h('fieldset', { class: 'presets' }, h('legend', { text: 'Rules' }), presetCards),
    h('div', { class: 'row-2' }, boardSet, seatsSet),
    h('div', { class: 'check' }, isPublic, h('label', { for: 'create-public', text: 'List the room publicly so anyone can join' })),
    h('details', { class: 'options' }, h('summary', { text: 'All options' }), h('div', { class: 'option-grid' }, optionRows)),
    submit, status);

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const fd = new FormData(form);
    const who = String(fd.get('name') || '').trim();
    if (!who) {
      status.textContent = 'Please enter your name.';
      name.focus();
      return;
    }
    saveName(who);
    const options = {
      board: state.board,
      players: Number(fd.get('players')),
      pawns: Number(pawns.value),
      entry: optionControls.entry.sel.value,
      gate: optionControls.gate.sel.value,
      three_grace: optionControls.three_grace.sel.value === 'true',
      stranded: optionControls.stranded.sel.value,
      pairs: optionControls.pairs.sel.value === 'true',
      truce: optionControls.truce.sel.value === 'true',
      mouth_up: Number(odds.value),
    };
    submit.disabled = true;
    status.textContent = 'Creating the room…';
    try {
      const req = { name: who, preset: state.preset, options, players: options.players, public: isPublic.checked };
      if (clock.value) req.turn_clock = Number(clock.value);
      // Absent means the server's default (a minute): "Never" is said as null.
      req.takeover = takeover.value ? Number(takeover.value) : null;
      const res = await api.createRoom(req);
      saveSeat(res.code, { token: res.token, seat: res.seat ?? 0 });
      navigate(`/r/${res.code}`);
    } catch (err) {
      status.textContent = err.message;
      showError(err.message);
    } finally {
      submit.disabled = false;
    }
  });
}

/**
 * One tap to play: against the computer (a game that starts at once, at the
 * level chosen), or with friends (a private room whose link is offered at
 * once). A returning player's name is filled in; a new player may type one.
 */
function quickPlay(navigate) {
  const name = h('input', {
    id: 'quick-name', type: 'text', maxlength: 24, autocomplete: 'nickname', placeholder: 'Your name', value: savedName(),
  });
  const level = savedLevel();
  const levels = h('fieldset', { class: 'segmented quick-levels' },
    h('legend', { text: 'Computer' }),
    h('div', { class: 'segments' }, ['easy', 'medium', 'hard'].map((l) =>
      h('label', {},
        h('input', { type: 'radio', name: 'quick-level', value: l, checked: l === level }),
        h('span', { text: l.charAt(0).toUpperCase() + l.slice(1) })))));
  const status = h('p', { class: 'form-status', role: 'status' });
  const computerBtn = h('button', { type: 'button', class: 'btn primary big', id: 'play-computer' }, 'Play the computer');
  const friendsBtn = h('button', { type: 'button', class: 'btn big', id: 'play-friends' }, 'Play with friends');

  async function create(req, busyText, after) {
    computerBtn.disabled = friendsBtn.disabled = true;
    status.textContent = busyText;
    try {
      const res = await api.createRoom(req);
      saveSeat(res.code, { token: res.token, seat: res.seat ?? 0 });
      after?.(res.code);
      navigate(`/r/${res.code}`);
    } catch (err) {
      status.textContent = err.message;
      showError(err.message);
    } finally {
      computerBtn.disabled = friendsBtn.disabled = false;
    }
  }

  computerBtn.addEventListener('click', () => {
    const typed = name.value.trim();
    if (typed) saveName(typed);
    const l = levels.querySelector('input:checked')?.value ?? 'medium';
    saveLevel(l);
    // The host and one computer: every seat is taken, so it starts at once.
    create({ name: typed || DEFAULT_NAME, players: 2, bots: [{ seat: 1, level: l }], start: true }, 'Starting your game…');
  });
  friendsBtn.addEventListener('click', () => {
    const typed = name.value.trim();
    if (!typed) {
      status.textContent = 'Please type your name first, so your friends know who you are.';
      name.focus();
      return;
    }
    saveName(typed);
    create({ name: typed, players: FRIENDS_SEATS }, 'Making your room…', offerShareOnArrival);
  });

  return h('section', { class: 'card quick', 'aria-labelledby': 'quick-title' },
    h('h2', { id: 'quick-title', class: 'visually-hidden', text: 'Play now' }),
    h('div', { class: 'quick-name' }, h('label', { for: 'quick-name', text: 'Your name' }), name),
    levels,
    h('div', { class: 'quick-buttons' }, computerBtn, friendsBtn),
    status);
}

function joinForm(navigate) {
  const code = h('input', {
    id: 'join-code', name: 'code', type: 'text', required: true, autocomplete: 'off', autocapitalize: 'characters',
    spellcheck: 'false', maxlength: 12, placeholder: 'e.g. K7MPX3Q', inputmode: 'text',
  });
  const name = nameInput('join-name');
  const status = h('p', { class: 'form-status', role: 'status' });
  const form = h('form', { class: 'card join', 'aria-labelledby': 'join-title' },
    h('h2', { id: 'join-title', text: 'Join a friend' }),
    h('div', { class: 'row-2' }, field('Room code', code), field('Your name', name)),
    h('button', { type: 'submit', class: 'btn', text: 'Join' }), status);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const c = code.value.trim().toUpperCase();
    const who = name.value.trim();
    if (!c || !who) {
      status.textContent = !c ? 'Enter the room code.' : 'Please enter your name.';
      return;
    }
    saveName(who);
    status.textContent = 'Joining…';
    try {
      const res = await api.joinRoom(c, who);
      // The server's spelling of the code: the one the room page looks up
      // (a code typed with a dash or a space is the same room).
      saveSeat(res.code, { token: res.token, seat: res.seat });
      navigate(`/r/${res.code}`);
    } catch (err) {
      status.replaceChildren(err.message + ' ', err.status === 404 ? '' : h('a', { href: `/r/${c}`, text: 'Watch the room instead' }));
      showError(err.message);
    }
  });
  return form;
}

function roomItem(r) {
  const preset = PRESETS.find((p) => p.id === r.preset);
  return h('li', { class: 'room-item' },
    h('a', { href: `/r/${r.code}`, class: 'room-link' },
      h('span', { class: 'room-host', text: r.host ? `${r.host}'s room` : r.code }),
      h('span', { class: 'room-meta', text: [preset?.name ?? 'Game', `${r.board}×${r.board}`, `${r.taken}/${r.players} seated`, r.turn_clock && `${r.turn_clock} s turns`].filter(Boolean).join(' · ') })));
}

function ago(ms) {
  const s = Math.max(0, (Date.now() - ms) / 1000);
  if (s < 90) return 'just now';
  if (s < 5400) return `${Math.round(s / 60)} min ago`;
  if (s < 129600) return `${Math.round(s / 3600)} h ago`;
  return new Date(ms).toLocaleDateString();
}

function gameItem(g) {
  const names = (g.players ?? []).map((p, i) => p || `Seat ${i + 1}`);
  const w = g.result?.winner;
  const preset = PRESETS.find((p) => p.id === g.preset);
  const outcome = w !== undefined && w !== null ? `${names[w] ?? SEATS[w]?.colour} won` : 'Draw';
  return h('li', { class: 'game-item' },
    // The link's name is its visible text (no aria-label that would differ).
    h('a', { class: 'game-players', href: `/r/${g.id}` }, names.map((n, i) => [i ? ' vs ' : '', h('span', { class: ['who', i === w && 'winner'], text: n })])),
    h('span', { class: 'game-meta', text: [outcome, preset?.name, g.board && `${g.board}×${g.board}`, g.finished_at && ago(g.finished_at)].filter(Boolean).join(' · ') }));
}

async function loadList(ul, fetcher, render, empty) {
  try {
    const data = await fetcher();
    const list = data?.rooms ?? data?.games ?? [];
    if (!list.length) fill(ul, h('li', { class: 'empty', text: empty }));
    else fill(ul, list.slice(0, 12).map(render));
  } catch (err) {
    fill(ul, h('li', { class: 'error-text', text: err.message }));
  }
}

/** Renders the home page into `container`; returns a cleanup function. */
export function homeView(container, navigate) {
  // Four cowries all mouth up: a chowka, thrown once as the page opens.
  const heroCowries = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  heroCowries.setAttribute('class', 'cowries hero-cowries');
  heroCowries.setAttribute('viewBox', '0 0 240 80');
  heroCowries.setAttribute('aria-hidden', 'true');
  showThrow(heroCowries, 4, true);
  const roomsList = h('ul', { class: 'room-list', 'aria-live': 'polite' }, h('li', { class: 'empty', text: 'Looking for open rooms…' }));
  const gamesList = h('ul', { class: 'game-list' }, h('li', { class: 'empty', text: 'Loading…' }));
  container.replaceChildren(
    h('div', { class: 'home-top' },
      h('section', { class: 'hero' },
        h('div', { class: 'hero-head' },
          h('h1', {}, 'Chowka Bhara', h('span', { class: 'hero-sub', text: 'the cowrie race' })),
          heroCowries),
        // Short, so that both play buttons fit the first screen of a phone.
        h('p', { class: 'lead', text: 'Throw the cowries, race your pawns to the centre: with friends or the computer.' })),
      quickPlay(navigate)),
    h('div', { class: 'home-grid' },
      createForm(navigate),
      h('div', { class: 'home-side' },
        joinForm(navigate),
        h('section', { class: 'card', 'aria-labelledby': 'open-title' }, h('h2', { id: 'open-title', text: 'Open rooms' }), roomsList),
        h('section', { class: 'card', 'aria-labelledby': 'recent-title' }, h('h2', { id: 'recent-title', text: 'Recent games' }), gamesList))));
  ruleLinksOpenDialogs(container);
  const refresh = () => loadList(roomsList, api.openRooms, roomItem, 'No open rooms right now: create one!');
  refresh();
  loadList(gamesList, api.recentGames, gameItem, 'No finished games yet.');
  const timer = setInterval(refresh, REFRESH_MS);
  return () => clearInterval(timer);
}
