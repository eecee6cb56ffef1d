// A circle's games on its page: those in play (whose turn it is and, over
// days, the time left on their clock), the lobbies waiting for players
// (one tap to join), and the finished ones with who won and a replay. A
// game the circle left to the computers is marked as not counted in the
// standings.

import { h } from './dom.js';
import { t } from './i18n.js';
import { presets } from './names.js';
import { seatName } from './players.js';
import { span, leftText, untilText, when, ago } from './times.js';

/** A seat's name; a person whose name was removed (their data deleted) is "Player N". */
function nameOf(g, i) {
  const s = g.seats[i];
  return s?.name || s?.bot ? seatName(s) : t('mygames.playerN', { n: i + 1 });
}

/** The seats' names, "Asha vs Ravi vs Computer (easy)", the winner marked. */
function playersOf(g, c, seats) {
  return seats.map((i, k) => [
    k ? t('home.recent.vs') : '',
    h('span', { class: ['who', i === g.winner && 'winner'] }, nameOf(g, i), g.seats[i].member && g.seats[i].member === c.me ? ` ${t('players.you')}` : ''),
  ]);
}

/** Preset, board and pace, "Chowka Bhara · 5x5 · over days". */
function metaOf(g) {
  const preset = presets().find((p) => p.id === g.preset);
  return [preset?.name, g.board && t('home.boardSize', { size: g.board }), g.pace === 'days' && t('pace.days')].filter(Boolean).join(' · ');
}

/** Where a game in play is: "Your turn · 5 h left", "Waiting for Ravi, 5 h left", "Playing now". */
function playingStatus(g, c, now) {
  const known = g.to_move !== null && g.to_move !== undefined;
  if (!known) return t('mygames.playingNow');
  const mine = g.seats[g.to_move]?.member === c.me;
  if (g.pace !== 'days' || !g.due_at) return mine ? t('mygames.section.turn') : t('circle.games.turnOf', { name: nameOf(g, g.to_move) });
  if (mine) return `${t('mygames.section.turn')} · ${leftText(g.due_at, now)} · ${untilText(g.due_at, now)}`;
  return t('mygames.waitingLeft', { name: nameOf(g, g.to_move), time: span(g.due_at - now) });
}

/** One game in play: one tap back into it. */
function playingItem(g, c, now) {
  return h('li', { class: 'mygame circle-game', 'data-code': g.code },
    h('a', { class: 'mygame-link', href: `/r/${g.code}` },
      h('span', { class: 'mygame-players' }, playersOf(g, c, g.seats.map((s, i) => i))),
      h('strong', { class: 'mygame-status', text: playingStatus(g, c, now) }),
      h('span', { class: 'mygame-meta', text: metaOf(g) })));
}

/** One lobby: who sits there so far, and Join (or Open, for one already seated). */
function lobbyItem(g, c, now) {
  const taken = g.seats.map((s, i) => i).filter((i) => g.seats[i].name || g.seats[i].bot);
  const seated = g.seats.some((s) => s.member && s.member === c.me);
  return h('li', { class: 'mygame stacked circle-game lobby', 'data-code': g.code },
    h('span', { class: 'mygame-players' }, playersOf(g, c, taken)),
    h('strong', { class: 'mygame-status', text: `${t('mygames.lobbySeats', { n: taken.length, total: g.seats.length })} · ${ago(g.created_at, now)}` }),
    h('span', { class: 'mygame-meta', text: metaOf(g) }),
    h('div', { class: 'mygame-actions' },
      h('a', { class: 'btn small primary circle-join-game', href: `/r/${g.code}` }, t(seated ? 'circle.games.open' : 'circle.games.join'))));
}

/** One finished game: who won (or a draw), when, and its replay. */
function finishedItem(g, c) {
  const w = g.winner;
  const won = w !== null && w !== undefined;
  const result = !won ? t('mygames.draw') : g.seats[w]?.member && g.seats[w].member === c.me ? t('mygames.youWon') : t('mygames.won', { who: nameOf(g, w) });
  return h('li', { class: 'mygame stacked circle-game finished', 'data-code': g.code },
    h('span', { class: 'mygame-players' }, playersOf(g, c, g.seats.map((s, i) => i))),
    h('strong', { class: 'mygame-status', text: g.finished_at ? `${result} · ${when(g.finished_at)}` : result }),
    h('span', { class: 'mygame-meta', text: [metaOf(g), g.counted === false && t('circle.games.notCounted')].filter(Boolean).join(' · ') }),
    h('div', { class: 'mygame-actions' },
      h('a', { class: 'btn small', href: `/r/${g.code}#replay` }, t('mygames.replay'))));
}

/**
 * The games section: in play, lobbies and finished (an empty list left
 * out), with `newGame` (the "New game" button) at its head.
 * @param {object} c the circle
 * @param {Node} newGame
 * @param {number} now the time to count clocks from
 */
export function gamesSection(c, newGame, now = Date.now()) {
  const { playing = [], lobbies = [], finished = [] } = c.games ?? {};
  const part = (key, list, item) => (!list.length ? null : h('div', { class: `circle-games-${key}` },
    h('h3', { id: `circle-games-${key}`, text: t(`circle.games.${key}`) }),
    h('ul', { class: 'mygames-list', 'aria-labelledby': `circle-games-${key}` }, list.map((g) => item(g, c, now)))));
  const none = !playing.length && !lobbies.length && !finished.length;
  return h('section', { class: 'card circle-games-card', 'aria-labelledby': 'circle-games-title' },
    h('div', { class: 'circle-games-head' },
      h('h2', { id: 'circle-games-title', text: t('circle.games.title') }),
      newGame),
    none ? h('p', { class: 'empty', text: t('circle.games.none') }) : null,
    part('lobbies', lobbies, lobbyItem),
    part('playing', playing, playingItem),
    part('finished', finished, finishedItem));
}
