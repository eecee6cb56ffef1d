// A game played over days on the game screen (room.pace === 'days',
// docs/protocol.md "Pace"): the time left on the clock of the player to
// move in the banner, in the player's own time zone ("5 h 12 min left ·
// until Tue 18:30"; "on vacation" while that clock is stopped), the
// vacation card (take a break of 1 to 3 days, out of what is left in this
// game; "I'm back" ends it early), and the log's line when a clock ran out
// and the computer played that one turn.

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { announce } from './announce.js';
import { turnHoursName } from './pace.js';
import { span, leftText, untilText, wallTime } from './times.js';

const DAY = 86400000;
/** How often the time left is written again: it is shown to the minute. */
const TICK_MS = 20000;

/** Whether the screen shows a game over days that is still being played. */
function daysOn(ctx) {
  return ctx?.room?.pace === 'days' && ctx.game && ctx.game.result === 'ongoing' && ctx.room.status === 'playing';
}

/** The banner's clock text for the player to move: time left and when it runs out, or "on vacation". */
export function bannerClock(ctx, now = Date.now()) {
  if (!daysOn(ctx)) return null;
  const due = ctx.room.due_at;
  if (due === null || due === undefined) return t('days.banner.vacation');
  return `${leftText(due, now)} · ${untilText(due, now)}`;
}

/**
 * Keeps the banner's days clock (`screen.daysClockEl`) current while the
 * game is on: written now, and again every little while.
 */
export function startDaysClock(screen) {
  clearInterval(screen.daysTimer);
  const el = screen.daysClockEl;
  const tick = () => {
    const text = bannerClock(screen.ctx);
    el.hidden = !text;
    el.textContent = text ?? '';
  };
  tick();
  if (daysOn(screen.ctx) && screen.ctx.room.due_at) screen.daysTimer = setInterval(() => (screen.el.isConnected ? tick() : clearInterval(screen.daysTimer)), TICK_MS);
}

/** A seat's vacation badge text ("On vacation until Tue 14:00"), or null. */
export function vacationText(seat, now = Date.now()) {
  return seat?.vacation_until && seat.vacation_until > now ? t('days.onVacationUntil', { when: wallTime(seat.vacation_until, now) }) : null;
}

/** Asks how many days of break to take, out of `leftMs`; sends it with `send(days)`. */
async function askBreak(leftMs, send) {
  const most = Math.max(1, Math.min(3, Math.ceil(leftMs / DAY)));
  const choices = h('div', { class: 'segments' }, [1, 2, 3].filter((n) => n <= most).map((n) => h('label', {},
    h('input', { type: 'radio', name: 'vacation-days', value: n, checked: n === 1 }),
    h('span', { text: t('days.break.days', { n }) }))));
  // Seldom asked: its dialog's module loads only then.
  const { ask } = await import('./ask.js');
  const yes = await ask({
    name: 'vacation-dialog',
    heading: t('days.break.title'),
    body: [
      h('p', { text: t('days.break.left', { time: span(leftMs) }) }),
      h('fieldset', { class: 'segmented' }, h('legend', { text: t('days.break.how') }), choices),
      h('p', { class: 'hint', text: t('days.break.explain') }),
    ],
    yes: { id: 'vacation-go', text: t('days.break.go') },
    no: { id: 'vacation-no', text: t('game.cancel') },
  });
  if (yes) send(Number(choices.querySelector('input:checked').value));
}

/**
 * The vacation card (`screen.daysEl`) for a seated player of a game over
 * days: the clock per turn, the vacation left, and "Take a break" or
 * "I'm back".
 */
export function renderDays(screen) {
  const { room, seat } = screen.ctx;
  const el = screen.daysEl;
  const mine = seat !== null && seat !== undefined ? room.seats[seat] : null;
  el.hidden = !daysOn(screen.ctx) || !mine;
  if (el.hidden) return;
  const away = vacationText(mine);
  const left = mine.vacation_left_ms ?? 0;
  fill(el,
    h('h2', { class: 'panel-title', id: 'days-title', text: t('days.title') }),
    h('p', { class: 'hint', text: t('days.perTurn', { time: turnHoursName(room.turn_hours ?? 24) }) }),
    away ? h('p', { class: 'days-away', text: away }) : null,
    h('p', { class: 'days-left', text: left > 0 ? t('days.vacationLeft', { time: span(left) }) : t('days.noVacationLeft') }),
    away
      ? h('button', { type: 'button', class: 'btn primary', id: 'back-btn', onclick: () => screen.actions.back?.() }, t('days.back'))
      : left > 0 && h('button', { type: 'button', class: 'btn', id: 'vacation-btn', onclick: () => askBreak(left, (days) => screen.actions.vacation?.(days)) }, t('days.break.button')));
}

/** The log's sentence for a clock that ran out (a `clock_out` message or history item). */
export function clockOutText(seat, me, who) {
  return seat === me ? t('days.clockOut.you') : t('days.clockOut.other', { name: who(seat) });
}

/**
 * A clock just ran out (the `clock_out` message, just before the state in
 * which the computer plays that turn): said in the log, over the board and
 * aloud; the computer's play that follows is not announced again.
 */
export function clockOut(screen, seat) {
  screen.timedOut.add(seat);
  const text = clockOutText(seat, screen.ctx?.seat, (s) => screen.who(s));
  screen.feed.event(text, 'penalty');
  screen.flash(text, 'standin');
  announce(text);
}
