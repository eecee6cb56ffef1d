// The Me page's section on being told of one's turn while Chowka is
// closed (issue 30): Web Push on this device, in games over days, shown
// only when the server sends pushes (`--push`) and this browser can take
// them on a secure page, with the plain sentence that the messages go
// through the browser maker's push service; and quiet hours in the
// player's time zone (no push, no e-mail then), kept by the server
// (PUT /api/me/alerts) with the browser's time zone.
//
// The service worker that shows the pushes is /sw.js (sw-push.js): it is
// registered here when none is yet.

import { h } from './dom.js';
import { t, currentLanguage } from './i18n.js';
import { switchRow } from './me.js';
import * as api from './api.js';
import { timeOfDay } from './times.js';

/** Whether this browser can take pushes on this page. */
function canPush() {
  return window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The server's base64url key as the bytes `applicationServerKey` takes. */
function keyBytes(base64url) {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** This page's service worker registration, registering /sw.js if there is none. */
async function registration() {
  const found = await navigator.serviceWorker.getRegistration('/');
  if (!found) await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

/** Subscribes this browser and tells the server; throws a player's sentence if it cannot. */
async function turnOn(key) {
  const allowed = await Notification.requestPermission();
  if (allowed !== 'granted') throw new Error(t('me.push.blocked'));
  let sub;
  try {
    const reg = await registration();
    sub = (await reg.pushManager.getSubscription())
      ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  } catch {
    throw new Error(t('me.push.failed'));
  }
  await send(sub);
}

/** Sends this browser's subscription to the server, with the page's language. */
function send(sub) {
  const { endpoint, keys } = sub.toJSON();
  return api.subscribePush({ endpoint, keys, lang: currentLanguage() });
}

/** Tells the server first (so that it stops at once), then unsubscribes the browser. */
async function turnOff() {
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  await api.unsubscribePush(sub.endpoint);
  await sub.unsubscribe();
}

/**
 * Whether this browser's subscription is one the server holds for the
 * player; if so it is sent again with the page's language, which the
 * player may have changed since.
 */
async function subscribedHere() {
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  if (!sub || !(await api.pushSubscribed(sub.endpoint)).subscribed) return false;
  await send(sub);
  return true;
}

/** The push switch with its status line, or nothing when push cannot be had here. */
async function pushPart() {
  if (!canPush()) return [];
  let key;
  try {
    key = (await api.pushKey()).key;
  } catch {
    return []; // push_off, or the server cannot say: nothing to offer
  }
  const status = h('p', { class: 'hint', id: 'me-push-status', role: 'status', hidden: true });
  const say = (text) => {
    status.textContent = text;
    status.hidden = !text;
  };
  const row = switchRow('me-push', t('me.push.switch'), await subscribedHere().catch(() => false), async (on) => {
    box.disabled = true;
    say('');
    try {
      await (on ? turnOn(key) : turnOff());
    } catch (err) {
      box.checked = !on;
      say(err.message);
    } finally {
      box.disabled = false;
    }
  });
  const box = row.querySelector('input');
  return [row, h('p', { class: 'hint', id: 'me-push-privacy', text: t('me.push.privacy') }), status];
}

/** The quiet hours' selects: whole hours, "none" for no quiet hours, saved on change. */
function quietPart(alerts) {
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const hours = (id, none) => h('select', { id },
    none && h('option', { value: '', text: t('me.quiet.none') }),
    Array.from({ length: 24 }, (_, i) => h('option', { value: String(i * 60), text: timeOfDay(i * 60) })));
  const from = hours('me-quiet-from', true);
  const to = hours('me-quiet-to', false);
  const hourOf = (minute) => String(minute - (minute % 60));
  from.value = alerts.quiet_from == null ? '' : hourOf(alerts.quiet_from);
  to.value = hourOf(alerts.quiet_to ?? 7 * 60);
  const status = h('p', { class: 'form-status', id: 'me-quiet-status', role: 'status' });
  const showTo = () => {
    to.disabled = from.value === '';
  };
  async function save() {
    showTo();
    const quiet = from.value === '' ? { quiet_from: null, quiet_to: null } : { quiet_from: Number(from.value), quiet_to: Number(to.value) };
    if (quiet.quiet_from !== null && quiet.quiet_from === quiet.quiet_to) {
      status.textContent = t('me.quiet.same');
      return;
    }
    try {
      await api.saveAlerts({ tz, ...quiet });
      status.textContent = t('me.quiet.saved');
    } catch (err) {
      status.textContent = err.message;
    }
  }
  from.addEventListener('change', save);
  to.addEventListener('change', save);
  showTo();
  return [
    h('h3', { text: t('me.quiet.title') }),
    h('div', { class: 'quiet-hours' },
      h('span', { class: 'quiet-end' }, h('label', { for: 'me-quiet-from', text: t('me.quiet.from') }), from),
      h('span', { class: 'quiet-end' }, h('label', { for: 'me-quiet-to', text: t('me.quiet.to') }), to)),
    h('p', { class: 'hint', text: t('me.quiet.hint', { tz }) }),
    status,
  ];
}

/** Whether the server sends the e-mail digest (no `email_off`). */
function emailOn() {
  return api.myEmail().then(() => true, (err) => err.code !== 'email_off');
}

/**
 * The section, drawn at once and filled in when the server answers: the
 * push switch (if it can be had) and the quiet hours.
 */
export function alertsSettings() {
  const section = h('section', { class: 'card me-alerts', 'aria-labelledby': 'me-alerts-title', 'aria-busy': 'true' },
    h('h2', { id: 'me-alerts-title', text: t('me.push.title') }));
  (async () => {
    try {
      const [push, alerts, email] = await Promise.all([pushPart(), api.alerts(), emailOn()]);
      // Quiet hours hold back pushes and e-mails: nothing to hold back
      // on a server that sends neither.
      if (!push.length && !email) {
        section.remove();
        return;
      }
      section.append(...push, ...quietPart(alerts));
    } catch (err) {
      section.append(h('p', { class: 'error-text', text: err.message }));
    } finally {
      section.removeAttribute('aria-busy');
    }
  })();
  return section;
}
