// The pace a room is made with (docs/protocol.md, "Pace"): live (everyone
// plays at once, with the live options: turn clock and computer stand-in)
// or over days (each player moves when they can, with a clock per turn of
// 1 hour, 8 hours, 1 day or 3 days; no stand-in ever, the computer plays
// only a turn whose clock ran out).

import { h } from './dom.js';
import { t } from './i18n.js';
import { span } from './times.js';

/** The turn clocks offered for a game over days, in hours; one day is the default. */
export const TURN_HOURS = [1, 8, 24, 72];
const DEFAULT_HOURS = 24;

/** A turn clock's name: "1 hour", "1 day"... (another one, made through the API: "12 h"). */
export function turnHoursName(hours) {
  return TURN_HOURS.includes(hours) ? t(`pace.hours.${hours}`) : span(hours * 3600000);
}

/**
 * The pace fieldset of the creation form. `liveRows` are the live-only
 * options, hidden while "Over days" is chosen. Returns `{el, apply(req)}`:
 * apply writes the pace into a creation request (a days game sends
 * pace and turn_hours, and no takeover or turn_clock).
 */
export function paceField(liveRows) {
  const hint = h('p', { class: 'hint', id: 'pace-hint' });
  const hours = h('select', { id: 'pace-hours', 'aria-describedby': 'pace-hint' },
    TURN_HOURS.map((n) => h('option', { value: n, text: turnHoursName(n), selected: n === DEFAULT_HOURS })));
  const hoursRow = h('div', { class: 'field pace-hours', hidden: true }, h('label', { for: 'pace-hours', text: t('pace.turnClock') }), hours);
  const radio = (value) => h('label', {},
    h('input', { type: 'radio', name: 'pace', value, checked: value === 'live', onchange: show }),
    h('span', { text: t(`pace.${value}`) }));
  const set = h('fieldset', { class: 'segmented pace' },
    h('legend', { text: t('pace.title') }),
    h('div', { class: 'segments' }, radio('live'), radio('days')));
  const days = () => set.querySelector('input[value="days"]').checked;
  function show() {
    hoursRow.hidden = !days();
    for (const row of liveRows) row.hidden = days();
    hint.textContent = days() ? t('pace.days.explain', { time: turnHoursName(Number(hours.value)) }) : t('pace.live.explain');
  }
  hours.addEventListener('change', show);
  show();
  return {
    el: h('div', { class: 'pace-field' }, set, hoursRow, hint),
    apply(req) {
      if (!days()) return req;
      delete req.takeover;
      delete req.turn_clock;
      return { ...req, pace: 'days', turn_hours: Number(hours.value) };
    },
  };
}
