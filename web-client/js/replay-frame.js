// One frame of the replay as drawn beside the board: what its events did
// on the board (the walks, hits and entries to animate, the squares to
// light up, the throw), the values held, and the players' list. Pure
// drawing from the server's frame (docs/protocol.md, "GET /api/games/{id}/replay").

import { h } from './dom.js';
import { t, formatNumber } from './i18n.js';
import { swatch } from './players.js';
import { isGrace } from './facts.js';

/**
 * What a frame's events did on the board: the walks and hits to animate,
 * the squares of the last move to light up (as in live play) and the
 * value thrown, if any. Walks are the server's (`f.walks`).
 */
export function frameMoves(f, board) {
  let trail = [];
  let walk = 0;
  const walks = [];
  const hits = [];
  let thrown = null;
  for (const e of f.events) {
    if (e.type === 'walked') {
      const positions = f.walks[walk++] ?? [e.from, e.to];
      trail = positions.map((p) => board.paths[e.player][p]);
      walks.push({ seat: e.player, pawns: e.pawns, positions: positions.slice(0, -1) });
    } else if (e.type === 'entered') {
      trail = [board.paths[e.player][0]];
      hits.push({ seat: e.player, pawns: e.pawns });
    } else if (e.type === 'hit') {
      hits.push({ seat: e.victim, pawns: e.pawns });
    } else if (e.type === 'thrown') {
      thrown = e.value;
    }
  }
  return { trail, walks, hits, thrown };
}

/** The values held by the player to move at a frame, and the throws to come. */
export function heldLine(g, who) {
  const values = g.held.slice().sort((a, b) => a - b);
  return [
    h('span', { class: 'held-label', text: t('game.holds', { who: who(g.to_move) }) }), ' ',
    values.length ? values.map((v) => h('span', { class: ['chip', 'static', isGrace(v) && 'grace'], text: formatNumber(v) })) : h('span', { class: 'none', text: t('game.nothingYet') }),
    h('span', { class: 'pending', text: ` ${g.pending ? t('game.pending.toCome', { n: g.pending }) : t('game.pending.none')}` }),
  ];
}

/** The players' list at a frame: name, progress, pawns at the centre, gate opened, winner. */
export function playerItems(r, g, who, me) {
  const over = g.result !== 'ongoing';
  const w = g.result?.winner;
  return r.seats.map((seat, i) => {
    const home = g.pawns[i].filter((p) => p === r.board.centre).length;
    return h('li', { class: ['player', `seat-${i}`, !over && g.to_move === i && 'to-move', i === me && 'me'] },
      swatch(i),
      h('div', { class: 'player-main' },
        h('div', { class: 'player-line' },
          h('span', { class: 'player-name', title: who(i), text: who(i) }),
          i === me && h('span', { class: 'you', text: t('players.you') })),
        h('div', { class: 'player-progress' },
          h('progress', { max: r.board.max_progress, value: g.progress[i], 'aria-label': t('players.progress', { who: who(i) }) }),
          h('span', { class: 'home-count', text: t('players.in', { n: home, total: r.rules.pawns }) })),
        h('div', { class: 'badges' },
          g.has_hit[i] && h('span', { class: 'badge', title: t('players.gate.title'), text: t('players.gate') }),
          w === i && h('span', { class: 'badge win', text: t('players.winner') }))));
  });
}
