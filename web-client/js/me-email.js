// The Me page's e-mail digest section (docs/operations.md, "E-mail
// digest"): an address and a time of day; Save sends a link the player
// opens to confirm, and nothing else is sent before. Then at most one
// e-mail a day, at that time in the player's time zone (the browser's,
// kept with PUT /api/me/alerts), when it is their turn in a game over
// days. "Stop e-mails" forgets the address at once. The section is left
// out when the server sends no e-mail (`email_off`).
import { h, fill } from './dom.js';
import { t } from './i18n.js';
import * as api from './api.js';
import { timeOfDay } from './times.js';

/** The hours offered, 06:00 to 22:00 local. */
const FIRST_HOUR = 6;
const LAST_HOUR = 22;
/** The hour chosen when none was. */
const DEFAULT_HOUR = 19;

/** The browser's time zone, kept with the server if it is not already. */
async function keepTimeZone() {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!tz) return;
  const alerts = await api.alerts();
  if (alerts.tz !== tz) await api.saveAlerts({ ...alerts, tz });
}

/**
 * The section, empty until the server answers; removed if the server sends
 * no e-mail.
 */
export function emailSettings() {
  const section = h('section', { class: 'card me-email', 'aria-labelledby': 'me-email-title', hidden: true });
  const state = h('p', { class: 'form-status', id: 'me-email-state', role: 'status' });
  const address = h('input', { id: 'me-email-address', type: 'email', maxlength: 254, autocomplete: 'email', placeholder: t('me.email.placeholder') });
  const hours = [];
  for (let hour = FIRST_HOUR; hour <= LAST_HOUR; hour++) hours.push(hour * 60);
  const time = h('select', { id: 'me-email-time' }, hours.map((m) => h('option', { value: String(m), text: timeOfDay(m) })));
  time.value = String(DEFAULT_HOUR * 60);
  const stop = h('button', { type: 'button', class: 'btn', id: 'me-email-stop', hidden: true }, t('me.email.stop'));
  const form = h('form', { class: 'me-email-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'me-email-address', text: t('me.email.address') }), address),
    h('div', { class: 'field' }, h('label', { for: 'me-email-time', text: t('me.email.time') }), time),
    h('div', { class: 'share-row' }, h('button', { type: 'submit', class: 'btn primary', id: 'me-email-save' }, t('me.email.save')), stop));

  /** Shows what is kept: waiting for the link, confirmed, or nothing. */
  function show(mine) {
    stop.hidden = !mine;
    if (!mine) {
      state.textContent = '';
      return;
    }
    address.value = mine.address;
    if (hours.includes(mine.minute)) time.value = String(mine.minute);
    state.textContent = mine.verified
      ? t('me.email.on', { address: mine.address, time: timeOfDay(mine.minute) })
      : t('me.email.sent', { address: mine.address });
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const typed = address.value.trim();
    if (!typed || !address.checkValidity()) {
      state.textContent = t('me.email.bad');
      address.focus();
      return;
    }
    try {
      await keepTimeZone();
      show(await api.askEmail(typed, Number(time.value)));
    } catch (err) {
      state.textContent = err.code === 'bad_request' ? t('me.email.bad') : err.message;
    }
  });
  stop.addEventListener('click', async () => {
    try {
      await api.stopEmail();
      show(null);
      address.value = '';
      state.textContent = t('me.email.stopped');
    } catch (err) {
      state.textContent = err.message;
    }
  });

  fill(section,
    h('h2', { id: 'me-email-title', text: t('me.email.title') }),
    h('p', { class: 'hint', text: t('me.email.lead') }),
    form,
    state);
  api.myEmail().then((mine) => {
    section.hidden = false;
    show(mine);
  }, (err) => {
    if (err.code === 'email_off') section.remove();
    else {
      section.hidden = false;
      state.textContent = err.message;
    }
  });
  return section;
}
