// Times as the player reads them: in their own time zone (the browser's)
// and their language (i18n.js numberLocale, Latin digits like every other
// number on the page). Clocks of games played over days ("5 h 12 min
// left", "until Tue 18:30"), how long ago something happened, and dates.

import { t, numberLocale } from './i18n.js';

const MINUTE = 60000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A span of time, to the minute, in the player's words: "2 d 5 h",
 * "5 h 12 min", "12 min" (at least a minute while any time is left).
 */
export function span(ms) {
  const total = Math.max(0, ms);
  const d = Math.floor(total / DAY);
  const hrs = Math.floor((total % DAY) / HOUR);
  const min = Math.floor((total % HOUR) / MINUTE);
  if (d) return hrs ? t('time.dh', { d, h: hrs }) : t('time.d', { d });
  if (hrs) return min ? t('time.hm', { h: hrs, m: min }) : t('time.h', { h: hrs });
  return t('time.m', { m: Math.max(total > 0 ? 1 : 0, min) });
}

/** The time left until `at` (ms since the epoch), seen at `now`: "5 h 12 min left". */
export function leftText(at, now = Date.now()) {
  return t('time.left', { time: span(at - now) });
}

/**
 * A moment to come or just past, as a clock on the wall: "Tue 18:30"
 * within a week, else "12 Dec, 18:30".
 */
export function wallTime(at, now = Date.now()) {
  const near = Math.abs(at - now) < 6 * DAY;
  const opts = near ? { weekday: 'short', hour: 'numeric', minute: '2-digit' } : { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' };
  return new Intl.DateTimeFormat(numberLocale(), opts).format(new Date(at));
}

/** "until Tue 18:30". */
export function untilText(at, now = Date.now()) {
  return t('time.until', { when: wallTime(at, now) });
}

/** How long ago `ms` was, in the player's language (the browser knows how each language says it). */
export function ago(ms, now = Date.now()) {
  const s = Math.max(0, (now - ms) / 1000);
  if (s < 90) return t('home.recent.justNow');
  const rel = new Intl.RelativeTimeFormat(numberLocale(), { numeric: 'always', style: 'short' });
  if (s < 5400) return rel.format(-Math.round(s / 60), 'minute');
  if (s < 129600) return rel.format(-Math.round(s / 3600), 'hour');
  return new Date(ms).toLocaleDateString(numberLocale());
}

/** A time of day given as minutes after midnight ("19:00", "7:00 PM"), as the player's language writes it. */
export function timeOfDay(minute) {
  const at = new Date(2000, 0, 1, Math.floor(minute / 60), minute % 60);
  return new Intl.DateTimeFormat(numberLocale(), { hour: 'numeric', minute: '2-digit' }).format(at);
}

/** A date and time in the player's language, short. */
export function when(ms) {
  return new Date(ms).toLocaleString(numberLocale(), { dateStyle: 'medium', timeStyle: 'short' });
}
