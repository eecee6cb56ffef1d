// The players panel: colour and mark, name, host, computer level,
// connected or away, whose turn, progress towards the centre, gate open,
// allies and betrayals (R15). Text accompanies every colour and icon.
// During a game the host can hand another person's seat to a computer
// (someone away, or gone for good), so a table never freezes.

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
 * @param {{onStandIn?: (seat: number) => void}} [opts] the host's "let the computer play" action
 */
export function renderPlayers(ul, ctx, opts = {}) {
  const { room, board, game, seat: me } = ctx;
  const rules = room.rules;
  const maxProgress = board.max_progress;
  const connected = ctx.presence?.connected;
  const amHost = me !== null && me !== undefined && room.seats[me]?.host;
  const playing = room.status === 'playing' && game && game.result === 'ongoing';
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
      seat.standin && !seat.bot && h('span', { class: 'badge warn', text: i === me ? 'computer playing for you' : 'computer playing for them' }),
      // The gate (R8): after a first hit, pawns may go on to the inner squares.
      game?.has_hit[i] && h('span', { class: 'badge', title: 'Has hit someone, so these pawns may go inside', text: 'gate open' }),
      // The clear leader matters only where truces exist (R15).
      board.truces_possible && game?.leader === i && h('span', { class: 'badge badge-lead', text: 'clear leader' }),
      allies.length > 0 && h('span', { class: 'badge ally', text: `ally of ${allies.map((a) => seatName(room.seats[a])).join(', ')}` }),
      betrayals > 0 && h('span', { class: 'badge danger', text: `${betrayals} betrayal${betrayals > 1 ? 's' : ''}` }),
      won && h('span', { class: 'badge win', text: 'winner' }),
    ];
    const name = seatName(seat);
    // Another person's seat, which the host may hand to a computer.
    const canStandIn = amHost && playing && opts.onStandIn && i !== me && !seat.bot && !seat.standin;
    return h('li', { class: ['player', `seat-${i}`, toMove && 'to-move', i === me && 'me', !isOn && 'away'], 'aria-current': toMove ? 'true' : undefined },
      swatch(i),
      h('div', { class: 'player-main' },
        h('div', { class: 'player-line' },
          // One line, cut short with an ellipsis: the full name is its title.
          h('span', { class: 'player-name', title: name, text: name }),
          i === me && h('span', { class: 'you', text: '(you)' }),
          h('span', { class: ['presence', isOn ? 'on' : 'off'], title: isOn ? 'connected' : 'away' },
            h('span', { class: 'dot', 'aria-hidden': 'true' }),
            h('span', { class: 'presence-text', text: seat.bot ? 'computer' : isOn ? 'online' : 'away' }))),
        game && h('div', { class: 'player-progress' },
          h('progress', { max: maxProgress, value: progress, 'aria-label': `${seatName(seat)}: progress` }),
          h('span', { class: 'home-count', text: `${finished}/${rules.pawns} in` })),
        h('div', { class: 'badges' }, badges),
        canStandIn && h('button', {
          type: 'button', class: ['btn', 'small', 'standin-btn', isOn ? 'ghost' : 'away'], 'data-seat': i,
          onclick: () => opts.onStandIn(i),
        }, h('span', { class: 'standin-label' }, 'Let the computer play for ', h('span', { class: 'standin-name', text: name })))),
      toMove && h('span', { class: 'turn-flag', text: 'to move' }));
  }));
}
