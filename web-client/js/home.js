// The home page: one tap to play (the computer, at once; or friends, with
// a private room and its link ready), a custom game (preset, board, seats
// and every option in plain words with a link to its rule), join by code,
// the games played in this browser, the open public rooms and the recently
// finished games, each with its replay.

import { h, fill } from './dom.js';
import { presets, SEATS, LEVELS, levelName } from './names.js';
import { t } from './i18n.js';
import * as api from './api.js';
import { saveSeat, savedName, saveName, savedLevel, saveLevel } from './storage.js';
import { showError } from './announce.js';
import { ruleLinksOpenDialogs } from './rule-link.js';
import { gameFields } from './game-form.js';
import { ago } from './times.js';

const REFRESH_MS = 8000;
/** Seats of a room made with "Play with friends": empty ones are dropped at the start. */
const FRIENDS_SEATS = 4;

function field(label, control, extra) {
  return h('div', { class: 'field' }, h('label', { for: control.id, text: label }), control, extra);
}

function nameInput(id) {
  return h('input', {
    id, name: 'name', type: 'text', required: true, maxlength: 24, autocomplete: 'nickname',
    placeholder: t('home.namePlaceholder'), value: savedName(),
  });
}

/**
 * The creation form: filled once the server's preset table has come, since
 * every default and the allowed pawn counts come from it (GET /api/presets).
 */
function createForm(navigate) {
  const status = h('p', { class: 'form-status', role: 'status', text: t('home.loadingRules') });
  const form = h('form', { class: 'card create', 'aria-labelledby': 'create-title', 'aria-busy': 'true' },
    h('h2', { id: 'create-title', text: t('home.custom') }), status);
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
  const name = nameInput('create-name');
  const game = gameFields(table);
  // Private unless the host chooses to list it: a room is meant for friends
  // with the link, and strangers would take the seats meant for them.
  const isPublic = h('input', { id: 'create-public', type: 'checkbox', name: 'public' });
  const status = h('p', { class: 'form-status', role: 'status' });
  const submit = h('button', { type: 'submit', class: 'btn primary big', text: t('home.create') });

  fill(form,
    h('h2', { id: 'create-title', text: t('home.custom') }),
    field(t('home.yourName'), name),
    game.el,
    h('div', { class: 'check' }, isPublic, h('label', { for: 'create-public', text: t('home.public') })),
    game.details,
    submit, status);

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const who = name.value.trim();
    if (!who) {
      status.textContent = t('home.enterName');
      name.focus();
      return;
    }
    saveName(who);
    submit.disabled = true;
    status.textContent = t('home.creating');
    try {
      const res = await api.createRoom({ name: who, ...game.request(form), public: isPublic.checked });
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
    id: 'quick-name', type: 'text', maxlength: 24, autocomplete: 'nickname', placeholder: t('home.namePlaceholder'), value: savedName(),
  });
  const level = savedLevel();
  const levels = h('fieldset', { class: 'segmented quick-levels' },
    h('legend', { text: t('home.computer') }),
    h('div', { class: 'segments' }, LEVELS.map((l) =>
      h('label', {},
        h('input', { type: 'radio', name: 'quick-level', value: l, checked: l === level }),
        h('span', { text: levelName(l) })))));
  const status = h('p', { class: 'form-status', role: 'status' });
  const computerBtn = h('button', { type: 'button', class: 'btn primary big', id: 'play-computer' }, t('home.playComputer'));
  const friendsBtn = h('button', { type: 'button', class: 'btn big', id: 'play-friends' }, t('home.playFriends'));

  async function create(req, busyText, after) {
    computerBtn.disabled = friendsBtn.disabled = true;
    status.textContent = busyText;
    try {
      const res = await api.createRoom(req);
      saveSeat(res.code, { token: res.token, seat: res.seat ?? 0 });
      await after?.(res.code);
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
    // A name nobody else sees: the player's own "You", in their language.
    create({ name: typed || t('home.defaultName'), players: 2, bots: [{ seat: 1, level: l }], start: true }, t('home.starting'));
  });
  friendsBtn.addEventListener('click', () => {
    const typed = name.value.trim();
    if (!typed) {
      status.textContent = t('home.nameFirst');
      name.focus();
      return;
    }
    saveName(typed);
    // The lobby offers the invite link once it shows (lobby.js, loaded with the room).
    create({ name: typed, players: FRIENDS_SEATS }, t('home.making'), async (code) => (await import('./lobby.js')).offerShareOnArrival(code));
  });

  return h('section', { class: 'card quick', 'aria-labelledby': 'quick-title' },
    h('h2', { id: 'quick-title', class: 'visually-hidden', text: t('home.playNow') }),
    h('div', { class: 'quick-name' }, h('label', { for: 'quick-name', text: t('home.yourName') }), name),
    levels,
    h('div', { class: 'quick-buttons' }, computerBtn, friendsBtn),
    status);
}

function joinForm(navigate) {
  const code = h('input', {
    id: 'join-code', name: 'code', type: 'text', required: true, autocomplete: 'off', autocapitalize: 'characters',
    spellcheck: 'false', maxlength: 12, placeholder: t('home.join.codePlaceholder'), inputmode: 'text',
  });
  const name = nameInput('join-name');
  const status = h('p', { class: 'form-status', role: 'status' });
  const form = h('form', { class: 'card join', 'aria-labelledby': 'join-title' },
    h('h2', { id: 'join-title', text: t('home.join.title') }),
    h('div', { class: 'row-2' }, field(t('home.join.code'), code), field(t('home.yourName'), name)),
    h('button', { type: 'submit', class: 'btn', text: t('home.join.button') }), status);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const c = code.value.trim().toUpperCase();
    const who = name.value.trim();
    if (!c || !who) {
      status.textContent = !c ? t('home.join.enterCode') : t('home.enterName');
      return;
    }
    saveName(who);
    status.textContent = t('home.join.joining');
    try {
      const res = await api.joinRoom(c, who);
      // The server's spelling of the code: the one the room page looks up
      // (a code typed with a dash or a space is the same room).
      saveSeat(res.code, { token: res.token, seat: res.seat });
      navigate(`/r/${res.code}`);
    } catch (err) {
      status.replaceChildren(err.message + ' ', err.status === 404 ? '' : h('a', { href: `/r/${c}`, text: t('home.join.watch') }));
      showError(err.message);
    }
  });
  return form;
}

function roomItem(r) {
  const preset = presets().find((p) => p.id === r.preset);
  return h('li', { class: 'room-item' },
    h('a', { href: `/r/${r.code}`, class: 'room-link' },
      h('span', { class: 'room-host', text: r.host ? t('home.open.hostRoom', { host: r.host }) : r.code }),
      h('span', { class: 'room-meta', text: [preset?.name ?? t('home.open.game'), t('home.boardSize', { size: r.board }), t('home.open.seated', { n: r.taken, players: r.players }), r.turn_clock && t('home.open.clock', { n: r.turn_clock })].filter(Boolean).join(' · ') })));
}

/**
 * A name from the archive in the player's language: the archive keeps a
 * computer's seat as the server's English "Computer (easy)", a name no
 * person may take (the server refuses names that read as a computer's).
 */
function archivedName(name) {
  const bot = /^Computer \((easy|medium|hard)\)$/.exec(name || '');
  return bot ? t(`players.computer.${bot[1]}`) : name;
}

function gameItem(g) {
  const names = (g.players ?? []).map((p, i) => archivedName(p) || t('home.recent.seat', { n: i + 1 }));
  const w = g.result?.winner;
  const preset = presets().find((p) => p.id === g.preset);
  const outcome = w !== undefined && w !== null ? t('home.recent.won', { who: names[w] ?? SEATS[w]?.colour }) : t('home.recent.draw');
  return h('li', { class: 'game-item' },
    // The link's name is its visible text (no aria-label that would differ).
    h('a', { class: 'game-players', href: `/r/${g.id}` }, names.map((n, i) => [i ? t('home.recent.vs') : '', h('span', { class: ['who', i === w && 'winner'], text: n })])),
    h('span', { class: 'game-meta' }, [outcome, preset?.name, g.board && t('home.boardSize', { size: g.board }), g.finished_at && ago(g.finished_at)].filter(Boolean).join(' · '),
      ' · ', h('a', { class: 'game-replay', href: `/r/${g.id}#replay`, text: t('replay.watch') })));
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

/**
 * The card that is one tap to all my games, saying how many wait for the
 * player's move, and under it the games in play: filled in by mygames.js
 * (loaded after the page is drawn) when the list comes.
 */
function myGamesCard() {
  const said = h('span', { class: 'mygames-count', text: t('mygames.cardText') });
  const ongoing = h('section', { class: 'card home-ongoing', id: 'home-ongoing', 'aria-labelledby': 'home-ongoing-title', hidden: true });
  import('./mygames.js').then((mine) => mine.fillMyGamesCard(said, ongoing), () => {});
  return h('div', { class: 'mygames-home' },
    h('a', { class: 'card mygames-card', href: '/#my-games', id: 'mygames-card' },
      h('span', { class: 'mygames-card-title', text: t('mygames.title') }), said),
    ongoing);
}

/** Renders the home page into `container`; returns a cleanup function. */
export function homeView(container, navigate) {
  // Four cowries all mouth up: a chowka, thrown once as the page opens.
  const heroCowries = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  heroCowries.setAttribute('class', 'cowries hero-cowries');
  heroCowries.setAttribute('viewBox', '0 0 240 80');
  heroCowries.setAttribute('aria-hidden', 'true');
  // A picture only: its module comes after the page is usable.
  import('./cowries.js').then((cowries) => cowries.showThrow(heroCowries, 4, true), () => {});
  const roomsList = h('ul', { class: 'room-list', 'aria-live': 'polite' }, h('li', { class: 'empty', text: t('home.open.looking') }));
  const gamesList = h('ul', { class: 'game-list' }, h('li', { class: 'empty', text: t('home.recent.loading') }));
  container.replaceChildren(
    h('div', { class: 'home-top' },
      h('section', { class: 'hero' },
        h('div', { class: 'hero-head' },
          h('h1', {}, t('site.gameName'), h('span', { class: 'hero-sub', text: t('home.subtitle') })),
          heroCowries),
        // Short, so that both play buttons fit the first screen of a phone.
        h('p', { class: 'lead', text: t('home.lead') })),
      quickPlay(navigate),
      myGamesCard()),
    h('div', { class: 'home-grid' },
      createForm(navigate),
      h('div', { class: 'home-side' },
        joinForm(navigate),
        h('section', { class: 'card', 'aria-labelledby': 'open-title' }, h('h2', { id: 'open-title', text: t('home.open.title') }), roomsList),
        h('section', { class: 'card', 'aria-labelledby': 'recent-title' }, h('h2', { id: 'recent-title', text: t('home.recent.title') }), gamesList))));
  ruleLinksOpenDialogs(container);
  const refresh = () => loadList(roomsList, api.openRooms, roomItem, t('home.open.none'));
  refresh();
  loadList(gamesList, api.recentGames, gameItem, t('home.recent.none'));
  const timer = setInterval(refresh, REFRESH_MS);
  return () => clearInterval(timer);
}
