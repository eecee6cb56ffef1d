// The players panel: colour and mark, name, host, computer level,
// connected or away, whose turn, progress towards the centre, gate open,
// allies and betrayals (R15). Text accompanies every colour and icon.

import { h, fill } from './dom.js';
import { SEATS } from './names.js';

/** A seat's display name: its player's name, or the computer's level. */
export function seatName(seat) {
  if (!seat) return 'Empty seat';
  if (seat.name) return seat.name;
  if (seat.bot) return `Computer (${seat.bot})`;
  return 'Empty seat';
}

/** The small coloured disc with the seat's mark, used wherever a seat is named. */
export function swatch(i) {
  return h('span', { class: `swatch seat-${i}`, 'aria-hidden': 'true', text: SEATS[i].symbol });
}

/**
 * Renders the players list.
 * @param {HTMLElement} ul
 * @param {{room: object, board: object, game: object|null, seat: number|null, presence: object|null}} ctx
 */
export function renderPlayers(ul, ctx) {
  const { room, board, game, seat: me } = ctx;
  const rules = room.rules;
  const maxProgress = board.max_progress;
  const connected = ctx.presence?.connected;
  fill(ul, room.seats.map((seat, i) => {
    const isOn = seat.bot ? true : connected?.[i] ?? seat.connected;
    const toMove = game && game.result === 'ongoing' && game.to_move === i;
    const finished = game ? game.pawns[i].filter((p) => p === board.centre).length : 0;
    const betrayals = game ? game.betrayals.filter((b) => b.player === i).length : 0;
    const allies = game ? game.truces.filter((t) => t.a === i || t.b === i).map((t) => (t.a === i ? t.b : t.a)) : [];
    const progress = game ? game.progress[i] : 0;
    const won = game?.result?.winner === i;
    const badges = [
      seat.host && h('span', { class: 'badge', text: 'host' }),
      seat.standin && h('span', { class: 'badge warn', text: 'computer standing in' }),
      game?.has_hit[i] && h('span', { class: 'badge', title: 'Has hit: the gate is open (R8)', text: 'gate open' }),
      // The clear leader matters only where truces exist (R15).
      board.truces_possible && game?.leader === i && h('span', { class: 'badge badge-lead', text: 'clear leader' }),
      allies.length > 0 && h('span', { class: 'badge ally', text: `ally of ${allies.map((a) => seatName(room.seats[a])).join(', ')}` }),
      betrayals > 0 && h('span', { class: 'badge danger', text: `${betrayals} betrayal${betrayals > 1 ? 's' : ''}` }),
      won && h('span', { class: 'badge win', text: 'winner' }),
    ];
    return h('li', { class: ['player', `seat-${i}`, toMove && 'to-move', i === me && 'me', !isOn && 'away'], 'aria-current': toMove ? 'true' : undefined },
      swatch(i),
      h('div', { class: 'player-main' },
        h('div', { class: 'player-line' },
          h('span', { class: 'player-name', text: seatName(seat) }),
          i === me && h('span', { class: 'you', text: '(you)' }),
          h('span', { class: ['presence', isOn ? 'on' : 'off'], title: isOn ? 'connected' : 'away' },
            h('span', { class: 'dot', 'aria-hidden': 'true' }),
            h('span', { class: 'presence-text', text: seat.bot ? 'computer' : isOn ? 'online' : 'away' }))),
        game && h('div', { class: 'player-progress' },
          h('progress', { max: maxProgress, value: progress, 'aria-label': `${seatName(seat)}: progress` }),
          h('span', { class: 'home-count', text: `${finished}/${rules.pawns} in` })),
        h('div', { class: 'badges' }, badges)),
      toMove && h('span', { class: 'turn-flag', text: 'to move' }));
  }));
}
