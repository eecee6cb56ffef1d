// The players panel: colour and mark, name, host, computer level,
// connected or away, whose turn, progress towards the centre, gate open,
// allies and betrayals (R15). Text accompanies every colour and icon.
// During a game the host can hand another person's seat to a computer
// (someone away, or gone for good), so a table never freezes.

import { h, fill } from './dom.js';
import { SEATS } from './names.js';
import { t } from './i18n.js';
import { listOf } from './events.js';
import { vacationText } from './days.js';
import { wallTime } from './times.js';

/** A seat's display name: its player's name, or the computer's level. */
export function seatName(seat) {
  if (!seat) return t('players.emptySeat');
  // A computer's seat is named in the viewer's language, not by the server's English name.
  if (seat.bot) return t(`players.computer.${seat.bot}`);
  if (seat.name) return seat.name;
  return t('players.emptySeat');
}

/** What a seat is called at a table (`ctx`, room.js's): its name, else its colour. */
export function seatLabel(ctx, seat) {
  return seatName(ctx?.room.seats[seat]) || SEATS[seat]?.colour;
}

/** Whether the viewer is the seat to move in an ongoing game (`ctx`, room.js's). */
export function isMyTurn(c) {
  return !!(c && c.game && c.seat !== null && c.game.result === 'ongoing' && c.game.to_move === c.seat && c.room.status === 'playing');
}

/**
 * A catalog text with elements in place of some placeholders, as a list of
 * strings and nodes for h(): `textWith('game.banner.turn', {}, {who: span})`.
 * Spaces beside an element are non-breaking, so a flex container (which
 * drops an item's edge spaces) keeps them.
 * @param {string} key
 * @param {object} params plain placeholders
 * @param {Object<string, Node>} nodes placeholders filled with elements
 */
export function textWith(key, params, nodes) {
  const names = Object.keys(nodes);
  const marked = { ...params };
  names.forEach((name, i) => (marked[name] = `\u0001${i}\u0001`));
  return t(key, marked).split(/\u0001(\d+)\u0001/)
    .map((part, j) => (j % 2 ? nodes[names[Number(part)]] : part.replace(/^ | $/g, '\u00a0')))
    .filter((part) => part !== '');
}

/** The small coloured disc with the seat's mark, used wherever a seat is named. */
export function swatch(i) {
  return h('span', { class: `swatch seat-${i}`, 'aria-hidden': 'true', text: SEATS[i].symbol });
}

/** Whether seat `i` is connected now, by the latest presence (a computer always is). */
export function seatOnline(seat, i, presence) {
  return seat.bot ? true : presence?.connected?.[i] ?? seat.connected;
}

/**
 * Renders the players list.
 * @param {HTMLElement} ul
 * @param {{room: object, board: object, game: object|null, seat: number|null, presence: object|null}} ctx
 * @param {{onStandIn?: (seat: number) => void, onRightBack?: () => void, reconnecting?: Set<number>}} [opts] the host's "let the computer play" action, the player's own "I'll be right back", and the seats whose connection dropped moments ago
 */
export function renderPlayers(ul, ctx, opts = {}) {
  const { room, board, game, seat: me } = ctx;
  const rules = room.rules;
  const maxProgress = board.max_progress;
  const amHost = me !== null && me !== undefined && room.seats[me]?.host;
  const playing = room.status === 'playing' && game && game.result === 'ongoing';
  fill(ul, room.seats.map((seat, i) => {
    const isOn = seatOnline(seat, i, ctx.presence);
    const toMove = game && game.result === 'ongoing' && game.to_move === i;
    const finished = game ? game.pawns[i].filter((p) => p === board.centre).length : 0;
    const betrayals = game ? game.betrayals.filter((b) => b.player === i).length : 0;
    const allies = game ? game.truces.filter((tr) => tr.a === i || tr.b === i).map((tr) => (tr.a === i ? tr.b : tr.a)) : [];
    const progress = game ? game.progress[i] : 0;
    const won = game?.result?.winner === i;
    const badges = [
      seat.host && h('span', { class: 'badge', text: t('players.host') }),
      seat.standin && !seat.bot && h('span', { class: 'badge warn', text: t(i === me ? 'players.standin.you' : 'players.standin.other') }),
      // Over days: a player on a break, and until when (their local time).
      vacationText(seat) && h('span', { class: 'badge vacation', text: vacationText(seat) }),
      // Live: a player who will be right back, and when (their local time).
      seat.back_by && h('span', { class: 'badge vacation', text: t('players.backSoon', { time: wallTime(seat.back_by) }) }),
      // The gate (R8): after a first hit, pawns may go on to the inner squares.
      game?.has_hit[i] && h('span', { class: 'badge', title: t('players.gate.title'), text: t('players.gate') }),
      // The clear leader matters only where truces exist (R15).
      board.truces_possible && game?.leader === i && h('span', { class: 'badge badge-lead', text: t('players.leader') }),
      allies.length > 0 && h('span', { class: 'badge ally', text: t('players.ally', { names: listOf(allies.map((a) => seatName(room.seats[a]))) }) }),
      betrayals > 0 && h('span', { class: 'badge danger', text: t('players.betrayals', { n: betrayals }) }),
      won && h('span', { class: 'badge win', text: t('players.winner') }),
    ];
    const name = seatName(seat);
    // Another person's seat, which the host may hand to a computer.
    // Never over days: there a clock run out is the computer's only turn (docs/protocol.md, "Pace").
    const canStandIn = amHost && playing && room.pace !== 'days' && opts.onStandIn && i !== me && !seat.bot && !seat.standin;
    // The player's own "I'll be right back": the table waits a few minutes before a computer plays for them.
    const canStepAway = playing && room.pace !== 'days' && opts.onRightBack && i === me && !seat.standin && !seat.back_by;
    return h('li', { class: ['player', `seat-${i}`, toMove && 'to-move', i === me && 'me', !isOn && 'away'], 'aria-current': toMove ? 'true' : undefined },
      swatch(i),
      h('div', { class: 'player-main' },
        h('div', { class: 'player-line' },
          // One line, cut short with an ellipsis: the full name is its title.
          h('span', { class: 'player-name', title: name, text: name }),
          i === me && h('span', { class: 'you', text: t('players.you') }),
          h('span', { class: ['presence', isOn ? 'on' : 'off'], title: t(isOn ? 'players.connected' : 'players.awayTitle') },
            h('span', { class: 'dot', 'aria-hidden': 'true' }),
            h('span', { class: 'presence-text', text: t(seat.bot ? 'players.computerShort' : isOn ? 'players.online' : opts.reconnecting?.has(i) ? 'players.reconnecting' : 'players.away') }))),
        game && h('div', { class: 'player-progress' },
          h('progress', { max: maxProgress, value: progress, 'aria-label': t('players.progress', { who: seatName(seat) }) }),
          h('span', { class: 'home-count', text: t('players.in', { n: finished, total: rules.pawns }) })),
        h('div', { class: 'badges' }, badges),
        canStandIn && h('button', {
          type: 'button', class: ['btn', 'small', 'standin-btn', isOn ? 'ghost' : 'away'], 'data-seat': i,
          onclick: () => opts.onStandIn(i),
        }, h('span', { class: 'standin-label' }, textWith('players.standIn', {}, { name: h('span', { class: 'standin-name', text: name }) }))),
        canStepAway && h('button', { type: 'button', class: ['btn', 'small', 'ghost', 'right-back-btn'], id: 'right-back-btn', onclick: () => opts.onRightBack() }, t('players.rightBack'))),
      toMove && h('span', { class: 'turn-flag', text: t('players.toMove') }));
  }));
}
