// The host's choice of whether a computer plays for someone away from a
// live game, and after how long: at creation (home.js) and in the lobby
// or during the game (the `set_takeover` request), with this one control.
// The server counts the new time from the change for anyone already away.

import { h } from './dom.js';
import { t } from './i18n.js';

/** The choices, in seconds ('' is never). */
const TAKEOVER_CHOICES = ['', '30', '60', '120', '300'];

/**
 * The select of the takeover time for the host, showing the room's own
 * (a time set by the API that is not among the choices is added).
 * @param {string} id the element id (one per screen)
 * @param {number|null} secs the room's takeover time
 * @param {(secs: number|null) => void} [onSet] called on each change (the
 *   creation form reads the select's value when it is sent instead)
 */
export function takeoverSetting(id, secs, onSet) {
  const current = secs ? String(secs) : '';
  const values = TAKEOVER_CHOICES.includes(current) ? TAKEOVER_CHOICES : [...TAKEOVER_CHOICES, current];
  const select = h('select', { id, 'aria-describedby': `${id}-hint` },
    values.map((v) => h('option', { value: v, selected: v === current, text: label(v) })));
  if (onSet) select.addEventListener('change', () => onSet(select.value ? Number(select.value) : null));
  return h('div', { class: 'field option takeover-setting' },
    h('label', { for: id, text: t('home.takeover') }), select,
    h('p', { class: 'hint', id: `${id}-hint`, text: t('home.takeoverHint') }));
}

function label(v) {
  if (TAKEOVER_CHOICES.includes(v)) return t(`home.takeover.${v || 'never'}`);
  return t('home.takeover.secs', { n: Number(v) });
}
