// My games: the games this browser played in, remembered in localStorage
// (storage.js) as the room page sees them, with their results, a link to
// watch each again (the replay viewer, replay.js) and its game record to
// download (docs/record.md, the file `chowka replay` reads). The page is
// /#my-games; the home page shows the newest few.

import { h, fill } from './dom.js';
import { savedGames, saveGame } from './storage.js';
import { seatName } from './players.js';
import { presets } from './names.js';
import { t, numberLocale } from './i18n.js';
import { showError } from './announce.js';
import * as api from './api.js';

/**
 * Remembers the game of a room this browser holds a seat in: called with
 * the room page's context after every state. Writes only what changed.
 * @param {{code: string, seat: number|null, room: object|null, game: object|null}} ctx
 */
export function noteGame(ctx) {
  const { code, seat, room, game } = ctx;
  if (seat === null || seat === undefined || !room || !game || room.status === 'lobby') return;
  const known = savedGames().find((g) => g.code === code);
  const over = game.result !== 'ongoing';
  const entry = {
    code,
    seat,
    players: room.seats.map((s) => ({ name: s.name ?? null, bot: s.bot ?? null })),
    result: game.result,
    started: known?.started ?? Date.now(),
    finished: known?.finished ?? (over ? Date.now() : null),
    preset: room.rules.preset,
    board: room.rules.board,
  };
  if (known && JSON.stringify(known) === JSON.stringify(entry)) return;
  saveGame(entry);
}

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

/** A date and time in the player's language, short. */
export function when(ms) {
  return new Date(ms).toLocaleString(numberLocale(), { dateStyle: 'medium', timeStyle: 'short' });
}

/** The result of a remembered game, said to the player who played it. */
function resultText(g) {
  if (g.result === 'ongoing') return t('mygames.playing');
  if (g.result === 'draw') return t('mygames.draw');
  const w = g.result?.winner;
  if (w === g.seat) return t('mygames.youWon');
  return t('mygames.won', { who: seatName(g.players[w]) });
}

/**
 * One remembered game: who played (the player marked), the result, when,
 * and what can be done with it; `compact` (the home page's card) has the
 * players as the link to the replay and nothing more.
 */
function gameEntry(g, compact) {
  const w = g.result?.winner;
  const over = g.result !== 'ongoing';
  const preset = presets().find((p) => p.id === g.preset);
  const names = g.players.map((p, i) => [
    i ? t('home.recent.vs') : '',
    h('span', { class: ['who', i === w && 'winner'] }, seatName(p), i === g.seat ? ` ${t('players.you')}` : ''),
  ]);
  return h('li', { class: ['mygame', over ? (w === g.seat ? 'won' : 'lost') : 'on'] },
    compact ? h('a', { class: 'mygame-players', href: `/r/${g.code}#replay` }, names) : h('p', { class: 'mygame-players' }, names),
    h('p', { class: 'mygame-meta' },
      h('strong', { class: 'mygame-result', text: resultText(g) }),
      ` · ${[preset?.name, g.board && t('home.boardSize', { size: g.board }), when(g.finished ?? g.started)].filter(Boolean).join(' · ')}`),
    !compact && h('div', { class: 'mygame-actions' },
      h('a', { class: 'btn small primary', href: `/r/${g.code}#replay` }, t(over ? 'mygames.replay' : 'mygames.soFar')),
      !over && h('a', { class: 'btn small', href: `/r/${g.code}` }, t('mygames.backToGame')),
      over && h('button', { type: 'button', class: 'btn small ghost', 'data-code': g.code, onclick: () => downloadRecord(g.code) }, t('replay.download'))));
}

/** The list of remembered games, newest first, at most `max`; null when there are none. */
function myGamesList(max = Infinity, compact = false) {
  const games = savedGames();
  if (!games.length) return null;
  return h('ul', { class: 'mygames-list' }, games.slice(0, max).map((g) => gameEntry(g, compact)));
}

/** The home page's card: the newest few games and a link to all of them; null when none were played here. */
export function myGamesCard() {
  const list = myGamesList(3, true);
  if (!list) return null;
  return h('section', { class: 'card mygames-card', 'aria-labelledby': 'mygames-title' },
    h('h2', { id: 'mygames-title', text: t('mygames.title') }), list,
    h('p', { class: 'mygames-all' }, h('a', { href: '/#my-games', text: t('mygames.all', { n: savedGames().length }) })));
}

/** The My games page (/#my-games). */
export function myGamesView(container) {
  const list = myGamesList();
  fill(container,
    h('section', { class: 'mygames-page', 'aria-labelledby': 'mygames-heading' },
      h('h1', { id: 'mygames-heading', text: t('mygames.title') }),
      h('p', { class: 'lead', text: t('mygames.lead') }),
      list ?? h('p', { class: 'empty card', text: t('mygames.none') })));
}
