// All my games (/#my-games): every room of the player's, on every device
// that holds the identity, from the server (GET /api/me/games), in four
// sections: games where it is their turn (the time left on their clock),
// games waiting for others ("Waiting for Asha, 5 h left"; a live game:
// "Playing now"), lobbies they sit in, and finished games with the result,
// the replay (replay.js) and the game record to download (docs/record.md,
// the file `chowka replay` reads). Each entry is one tap to its room, a
// finished one to its replay. The list keeps itself fresh while the page
// is in view. The home page has a card with the count of games waiting for
// the player and a link here. Above the list: the offer to install the app
// (install.js), when the browser has one. Games of the player's circles
// name their circle; the invitations to a circle's lobby come first, and
// "My circles" last (mygames-circles.js).

import { h, fill } from './dom.js';
import { seatName } from './players.js';
import { presets } from './names.js';
import { t } from './i18n.js';
import { showError } from './announce.js';
import { hasPlayer } from './identity.js';
import { span, leftText, untilText, ago, when } from './times.js';
import * as api from './api.js';
import { installOffer } from './install.js';
import { invitationsSection, circlesSection } from './mygames-circles.js';

/** How often the list is asked for again while the page is in view. */
const POLL_MS = 15000;
/** The sections, in the server's order. */
const SECTIONS = ['turn', 'waiting', 'lobby', 'finished'];

/** Offers `value` as a JSON file called `name` for the browser to save. */
export function saveJson(name, value) {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = h('a', { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** The file name of a game's record. */
export const recordFile = (code) => `chowka-${code}.json`;

/** Downloads the record of finished game `code` from the archive. */
async function downloadRecord(code) {
  try {
    const game = await api.archivedGame(code);
    saveJson(recordFile(code), game.record);
  } catch (err) {
    showError(err.message);
  }
}

/** Which section a game of the list belongs in. */
function sectionOf(g) {
  if (g.status === 'lobby') return 'lobby';
  if (g.status === 'finished') return 'finished';
  return g.to_move !== null && g.to_move !== undefined && g.to_move === g.seat ? 'turn' : 'waiting';
}

/** A seat's name; a person whose name was removed (their data deleted) is "Player N". */
function nameOf(g, i) {
  const s = g.seats[i];
  return s?.name || s?.bot ? seatName(s) : t('mygames.playerN', { n: i + 1 });
}

/** What the entry says of where the game is, seen at `now` (the server's clock). */
function statusText(g, now) {
  switch (sectionOf(g)) {
    case 'turn':
      return g.due_at ? `${leftText(g.due_at, now)} · ${untilText(g.due_at, now)}` : t('mygames.turnVacation');
    case 'waiting':
      if (g.pace !== 'days' || g.to_move === null || g.to_move === undefined) return t('mygames.playingNow');
      return g.due_at ? t('mygames.waitingLeft', { name: nameOf(g, g.to_move), time: span(g.due_at - now) }) : t('mygames.waitingVacation', { name: nameOf(g, g.to_move) });
    case 'lobby':
      return `${t('mygames.lobbySeats', { n: g.seats.filter((s) => s.name || s.bot).length, total: g.seats.length })} · ${ago(g.created_at, now)}`;
    default: {
      const w = g.result?.winner;
      const result = w === undefined || w === null ? t('mygames.draw') : w === g.seat ? t('mygames.youWon') : t('mygames.won', { who: nameOf(g, w) });
      return g.finished_at ? `${result} · ${when(g.finished_at)}` : result;
    }
  }
}

/** One game: its players (the viewer marked) and where it is, as one link; a finished one has its record too. */
function gameEntry(g, now) {
  const section = sectionOf(g);
  const over = section === 'finished';
  const w = g.result?.winner;
  const preset = presets().find((p) => p.id === g.preset);
  // A lobby names who sits there so far; a game, every seat.
  const seats = g.seats.map((s, i) => i).filter((i) => section !== 'lobby' || g.seats[i].name || g.seats[i].bot);
  const names = seats.map((i, k) => [
    k ? t('home.recent.vs') : '',
    h('span', { class: ['who', i === w && 'winner'] }, nameOf(g, i), i === g.seat ? ` ${t('players.you')}` : ''),
  ]);
  const meta = [g.circle?.name && t('mygames.inCircle', { circle: g.circle.name }), preset?.name, g.board && t('home.boardSize', { size: g.board }), g.pace === 'days' && g.turn_hours && t('mygames.perTurn', { time: span(g.turn_hours * 3600000) })];
  return h('li', { class: ['mygame', section, over && (w === g.seat ? 'won' : 'lost')], 'data-code': g.code },
    h('a', { class: 'mygame-link', href: over ? `/r/${g.code}#replay` : `/r/${g.code}` },
      h('span', { class: 'mygame-players' }, names),
      h('strong', { class: 'mygame-status', text: statusText(g, now) }),
      h('span', { class: 'mygame-meta', text: meta.filter(Boolean).join(' · ') })),
    over && h('div', { class: 'mygame-actions' },
      h('a', { class: 'btn small', href: `/r/${g.code}#replay` }, t('mygames.replay')),
      h('button', { type: 'button', class: 'btn small ghost', 'data-code': g.code, onclick: () => downloadRecord(g.code) }, t('replay.download'))),
    section !== 'lobby' && !over && ongoingActions(g.code));
}

/**
 * A game in play: back into it first (the room, where the seat is), its
 * replay so far only second.
 */
function ongoingActions(code) {
  return h('div', { class: 'mygame-actions' },
    h('a', { class: 'btn small primary mygame-play', href: `/r/${code}` }, t('mygames.backToGame')),
    h('a', { class: 'btn small ghost mygame-replay', href: `/r/${code}#replay` }, t('mygames.replaySoFar')));
}

/** The four sections of the list (an empty one is left out). */
function sectionsOf(games, serverNow) {
  // The server's clock at its answer (drawn at once): a phone's wrong clock
  // does not change how much time is left.
  const now = serverNow ?? Date.now();
  const by = Object.fromEntries(SECTIONS.map((s) => [s, []]));
  for (const g of games) by[sectionOf(g)].push(g);
  return SECTIONS.filter((s) => by[s].length).map((s) =>
    h('section', { class: ['card', 'mygames-section', `mygames-${s}`], id: `mygames-${s}`, 'aria-labelledby': `mygames-${s}-title` },
      h('h2', { id: `mygames-${s}-title` }, t(`mygames.section.${s}`), ' ', h('span', { class: 'count', text: `(${by[s].length})` })),
      h('ul', { class: 'mygames-list' }, by[s].map((g) => gameEntry(g, now)))));
}

/** How many games in play the home page lists (the rest are in My games). */
const HOME_ONGOING = 3;

/**
 * Fills the home page's card (drawn by home.js without this module): the
 * count of games waiting for the player's move into `said`, and into
 * `ongoing` the games in play (those where it is the player's turn first),
 * each one tap back into its room.
 */
export function fillMyGamesCard(said, ongoing) {
  if (!hasPlayer()) return;
  api.myGames().then(({ games, now }) => {
    const mine = games.filter((g) => sectionOf(g) === 'turn').length;
    if (mine) said.textContent = t('mygames.cardTurn', { n: mine });
    // The server's order already puts the player's turn first.
    const inPlay = games.filter((g) => ['turn', 'waiting'].includes(sectionOf(g))).slice(0, HOME_ONGOING);
    if (!inPlay.length) return;
    fill(ongoing,
      h('h2', { id: 'home-ongoing-title', text: t('home.ongoing.title') }),
      h('ul', { class: 'mygames-list' }, inPlay.map((g) => gameEntry(g, now ?? Date.now()))));
    ongoing.hidden = false;
  }, () => {});
}

/** The My games page (/#my-games); returns a function that stops its updates. */
export function myGamesView(container, navigate) {
  const body = h('div', { class: 'mygames-body', 'aria-busy': 'true' }, h('p', { class: 'loading', text: t('mygames.loading') }));
  const circles = circlesSection(navigate);
  fill(container,
    h('section', { class: 'mygames-page', 'aria-labelledby': 'mygames-heading' },
      h('h1', { id: 'mygames-heading', text: t('mygames.title') }),
      h('p', { class: 'lead', text: t('mygames.lead') }),
      installOffer(),
      body,
      circles.el));
  let stopped = false;
  let asking = false;
  let loads = 0;
  async function load() {
    if (stopped || asking) return;
    asking = true;
    if (loads++) circles.refresh();
    try {
      const { games, now, invitations } = await api.myGames();
      if (stopped) return;
      fill(body, invitationsSection(invitations, now ?? Date.now()),
        games.length ? sectionsOf(games, now) : h('p', { class: 'empty card', text: t('mygames.none') }));
      body.dataset.loaded = String(Date.now());
    } catch (err) {
      if (!stopped) fill(body, h('p', { class: 'error-text card', text: err.message }));
    } finally {
      asking = false;
      body.removeAttribute('aria-busy');
    }
  }
  const visible = () => document.visibilityState === 'visible';
  const onVisible = () => visible() && load();
  const timer = setInterval(() => visible() && load(), POLL_MS);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', onVisible);
  load();
  return () => {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', onVisible);
  };
}
