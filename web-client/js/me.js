// Me (/#me): the player without an account (identity.js). Their name (to
// change everywhere at once), the devices holding the identity (this one
// marked, when each was last seen in local time), "Use on another device"
// (the secret in a link's fragment with its QR code, devices.js), a
// "Larger text" switch and the nudges' ("Tell me when it's my turn", "Play
// a sound": nudge.js), remembered in this browser (storage.js), the daily
// e-mail when the server sends e-mail (me-email.js), and
// "Delete my data": the server removes the name from every room and record
// that is not public and forgets the identity; this browser forgets its
// seats and the identity too.

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { notice, showError } from './announce.js';
import { showLinkDialog } from './devices.js';
import { alertsSettings } from './me-alerts.js';
import { ask } from './ask.js';
import { savePlayer, saveName, savedName, forgetSeats, playerSecret, largeText, saveLargeText, applyLargeText, nudgeNotify, saveNudgeNotify, nudgeSound, saveNudgeSound } from './storage.js';
import { when, ago } from './times.js';
import * as api from './api.js';
import { emailSettings } from './me-email.js';

/** The link that moves this player to another device (the secret in the fragment only). */
function playerLink(secret) {
  return `${location.origin}/#player=${secret}`;
}

/** One device holding the identity. */
function deviceItem(d) {
  return h('li', { class: ['device', d.this && 'this'] },
    h('span', { class: 'device-label', text: d.label || t('me.device.unnamed') }),
    d.this && h('span', { class: 'badge', text: t('me.device.this') }),
    h('span', { class: 'device-seen', title: when(d.last_seen), text: t('me.device.seen', { when: ago(d.last_seen), at: when(d.last_seen) }) }));
}

/** Asks before deleting, saying what is removed. Resolves true to go ahead. */
function confirmDelete() {
  return ask({
    name: 'delete-me',
    heading: t('me.delete.title'),
    body: [h('p', { text: t('me.delete.what') }), h('ul', {}, ['names', 'identity', 'browser', 'public'].map((k) => h('li', { text: t(`me.delete.${k}`) })))],
    yes: { id: 'delete-yes', text: t('me.delete.yes'), danger: true },
    no: { id: 'delete-no', text: t('me.delete.no') },
  });
}

/**
 * The larger-text switch: every page's words at about 125%, at once and on
 * every later visit. Drawn before the server answers (it needs nothing of it).
 */
function textSize() {
  const large = switchRow('me-large-text', t('me.text.large'), largeText(), (on) => {
    saveLargeText(on);
    applyLargeText(on);
  });
  return h('section', { class: 'card me-text', 'aria-labelledby': 'me-text-title' },
    h('h2', { id: 'me-text-title', text: t('me.text.title') }),
    large,
    h('p', { class: 'hint', text: t('me.text.hint') }));
}

/** A switch (a checkbox row) that calls `onSet(checked)` when changed. */
export function switchRow(id, label, on, onSet) {
  const box = h('input', { type: 'checkbox', id, role: 'switch', checked: on });
  box.addEventListener('change', () => onSet(box.checked));
  return h('div', { class: 'check' }, box, h('label', { for: id, text: label }));
}

/** What stops the browser from notifying, or null when it may (or may ask). */
function notifyBlock() {
  if (!('Notification' in window)) return 'me.nudge.unsupported';
  return Notification.permission === 'denied' ? 'me.nudge.blocked' : null;
}

/**
 * The nudges' switches (nudge.js): a notification when it is the player's
 * turn in another game, and a sound. The browser's permission is asked for
 * only when the player turns notifications on, never before. Both count at
 * once, in every tab: nudge.js reads them at each nudge.
 */
function nudgeSettings() {
  const why = h('p', { class: 'hint', id: 'me-nudge-why', role: 'status' });
  const explain = () => {
    const block = nudgeNotify() ? notifyBlock() : null;
    why.textContent = block ? t(block) : '';
    why.hidden = !block;
  };
  const notify = switchRow('me-nudge-notify', t('me.nudge.notify'), nudgeNotify(), async (on) => {
    saveNudgeNotify(on);
    if (on && notifyBlock() === null && Notification.permission === 'default') {
      try {
        await Notification.requestPermission();
      } catch {
        /* an old browser's callback form: the state below says what came of it */
      }
    }
    explain();
  });
  const beep = switchRow('me-nudge-sound', t('me.nudge.sound'), nudgeSound(), (on) => saveNudgeSound(on));
  explain();
  return h('section', { class: 'card me-nudge', 'aria-labelledby': 'me-nudge-title' },
    h('h2', { id: 'me-nudge-title', text: t('me.nudge.title') }),
    h('p', { class: 'hint', text: t('me.nudge.lead') }),
    notify, beep, why);
}

/** The Me page (/#me). */
export function meView(container, navigate) {
  const body = h('div', { class: 'me-body', 'aria-busy': 'true' }, h('p', { class: 'loading', text: t('mygames.loading') }));
  fill(container,
    h('section', { class: 'me-page', 'aria-labelledby': 'me-heading' },
      h('h1', { id: 'me-heading', text: t('me.title') }),
      h('p', { class: 'lead', text: t('me.lead') }),
      textSize(),
      nudgeSettings(),
      body));

  function draw(me) {
    // No name yet: the one last typed in this browser, ready to save.
    const name = h('input', { id: 'me-name', type: 'text', maxlength: 24, autocomplete: 'nickname', value: me.name ?? savedName(), placeholder: t('home.namePlaceholder') });
    const status = h('p', { class: 'form-status', role: 'status' });
    const form = h('form', { class: 'card me-name', 'aria-labelledby': 'me-name-title' },
      h('h2', { id: 'me-name-title', text: t('me.name.title') }),
      h('label', { for: 'me-name', class: 'visually-hidden', text: t('home.yourName') }),
      h('div', { class: 'share-row' }, name, h('button', { type: 'submit', class: 'btn primary', id: 'me-rename' }, t('me.name.save'))),
      h('p', { class: 'hint', text: t('me.name.hint') }),
      status);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const typed = name.value.trim();
      if (!typed) {
        status.textContent = t('home.enterName');
        name.focus();
        return;
      }
      try {
        const again = await api.rename(typed);
        saveName(typed);
        status.textContent = t('me.name.saved', { name: again.name ?? typed });
      } catch (err) {
        status.textContent = err.message;
      }
    });
    const devices = h('section', { class: 'card me-devices', 'aria-labelledby': 'me-devices-title' },
      h('h2', { id: 'me-devices-title', text: t('me.devices.title') }),
      h('ul', { class: 'device-list' }, (me.devices ?? []).map(deviceItem)),
      h('p', { class: 'hint', text: t('me.devices.hint') }),
      h('button', { type: 'button', class: 'btn primary', id: 'me-move', onclick: () => showLinkDialog(playerLink(playerSecret()), { heading: 'me.move.title', scan: 'me.move.scan', warning: 'me.move.warning', copied: 'me.move.copied' }) }, t('me.move.button')));
    const forget = h('section', { class: 'card me-delete', 'aria-labelledby': 'me-delete-title' },
      h('h2', { id: 'me-delete-title', text: t('me.delete.heading') }),
      h('p', { class: 'hint', text: t('me.delete.hint') }),
      h('button', { type: 'button', class: 'btn danger', id: 'me-delete', onclick: () => deleteMe() }, t('me.delete.button')));
    // After the identity exists (`load` makes one first): both ask the server about it.
    fill(body, alertsSettings(), emailSettings(), form, devices, forget);
  }

  async function deleteMe() {
    if (!(await confirmDelete())) return;
    try {
      await api.forgetMe();
    } catch (err) {
      showError(err.message);
      return;
    }
    forgetSeats();
    savePlayer(null);
    saveName(null);
    notice(t('me.delete.done'));
    navigate('/');
  }

  async function load() {
    try {
      if (!playerSecret()) await api.newPlayer();
      draw(await api.me());
    } catch (err) {
      fill(body, h('p', { class: 'error-text card', text: err.message }));
    } finally {
      body.removeAttribute('aria-busy');
    }
  }
  load();
}
