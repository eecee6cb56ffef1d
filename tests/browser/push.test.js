// Issue 30, Web Push: on a server started with --push, Asha's Me page
// shows "Tell me on this device when it's my turn, even when Chowka is
// closed", with the sentence that the messages go through the browser
// maker's push service, and quiet hours. Turning it on asks for
// notification permission, subscribes and sends the subscription to the
// server, and again with the page's language on each visit; off tells
// the server at once. The service worker (sw.js, which
// imports sw-push.js) shows a push as a notification in the payload's
// language, one per game: pushes are delivered over the DevTools protocol
// (ServiceWorker.deliverPushMessage), and the notifications read back
// with registration.getNotifications().
//
// Headless Chromium has no push service: pushManager.subscribe is refused
// there ("permission denied"). An init script stands in for it with a
// subscription whose keys WebCrypto makes, on a loopback address: all the
// rest (the page, the real server's checks, the worker) is the real one.
// A server without --push offers no switch.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, startServer, newPlayer, shot, PHONE, DESKTOP } from './helpers.js';

/** These tests are of the service worker: let it install (helpers.js blocks it elsewhere). */
const WORKER = { serviceWorkers: 'allow' };

const env = serverAndBrowser({ args: ['--push', '--push-contact', 'mailto:push-test@example.org'] });

/** The stand-in for the browser's push service (see the header). */
function fakePushService(context, endpoint) {
  return context.addInitScript((address) => {
    // Kept in localStorage, as a browser keeps its subscriptions across visits.
    const KEY = 'test.pushSubscription';
    const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const of = (json) => json && {
      endpoint: json.endpoint,
      toJSON: () => json,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    };
    PushManager.prototype.getSubscription = async () => of(JSON.parse(localStorage.getItem(KEY)));
    PushManager.prototype.subscribe = async (opts) => {
      if (!(opts?.applicationServerKey?.byteLength === 65)) throw new Error('no server key');
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const raw = await crypto.subtle.exportKey('raw', pair.publicKey);
      const json = { endpoint: address, expirationTime: null, keys: { p256dh: b64url(raw), auth: b64url(new Uint8Array(16).fill(7)) } };
      localStorage.setItem(KEY, JSON.stringify(json));
      return of(json);
    };
  }, endpoint);
}

/**
 * The notifications the service worker shows, read in the same look that
 * finds the ones tagged `tags` (tag:lang, sorted) there: the platform's
 * list can lag a moment behind a replaced notification, so a second read
 * could see fewer.
 */
function shownOnce(page, tags) {
  // Looked at in the page until found (page.evaluate awaits a promise;
  // waitForFunction would take an async predicate's promise as true).
  return page.evaluate(async (want) => {
    const reg = await navigator.serviceWorker.getRegistration('/');
    // Not there after 15 s: what is shown, for the assertion to say.
    const until = Date.now() + 15000;
    for (;;) {
      const list = await reg.getNotifications();
      if (list.map((n) => `${n.tag}:${n.lang}`).sort().join() === want || Date.now() > until) {
        return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url }));
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }, tags);
}

test('push: the Me page subscribes and unsubscribes, and the worker shows a push in its language', async () => {
  const { url } = env.server;
  const { context, page } = await newPlayer(env.browser, PHONE, WORKER);
  await context.grantPermissions(['notifications'], { origin: url });
  await fakePushService(context, `${url}/test-push/asha`);
  await page.goto(`${url}/#me`);
  const toggle = page.locator('#me-push');
  await toggle.waitFor();
  assert.equal(await toggle.isChecked(), false);
  const privacy = await page.textContent('#me-push-privacy');
  assert.match(privacy, /push service of your browser's maker \(Google, Mozilla or Apple\)/);
  await page.locator('.me-alerts').scrollIntoViewIfNeeded();
  await shot(page, 'push-me-phone');

  // On: the subscription goes to the server, which keeps it.
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/me/push') && r.method() === 'POST');
  const kept = page.waitForResponse((r) => r.url().endsWith('/api/me/push') && r.request().method() === 'POST');
  await toggle.check();
  const body = JSON.parse((await posted).postData());
  assert.deepEqual(Object.keys(body).sort(), ['endpoint', 'keys', 'lang']);
  assert.equal(body.endpoint, `${url}/test-push/asha`);
  assert.equal(body.lang, 'en');
  assert.equal((await kept).status(), 201);
  const secret = await page.evaluate(() => JSON.parse(localStorage.getItem('chowka.player')).secret);
  const ask = async () => {
    const res = await fetch(`${url}/api/me/push?endpoint=${encodeURIComponent(body.endpoint)}`, { headers: { authorization: `Bearer ${secret}` } });
    return (await res.json()).subscribed;
  };
  assert.equal(await ask(), true);
  await page.waitForFunction(() => !document.querySelector('#me-push').disabled);
  assert.equal(await page.textContent('#me-push-status'), '');

  // Shown checked on the next visit, and the page's language (changed
  // meanwhile) goes to the server for the next pushes.
  await page.evaluate(() => localStorage.setItem('chowka.lang', 'hi'));
  const again = page.waitForRequest((r) => r.url().endsWith('/api/me/push') && r.method() === 'POST');
  await page.reload();
  await page.locator('#me-push:checked').waitFor();
  assert.equal(JSON.parse((await again).postData()).lang, 'hi');
  await page.evaluate(() => localStorage.setItem('chowka.lang', 'en'));
  await page.reload();
  await page.locator('#me-push:checked').waitFor();

  // The worker: a push in Kannada, then a newer one of the same game in
  // Hindi, which replaces it; one of another game stands beside them.
  const cdp = await context.newCDPSession(page);
  const registered = new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${url}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registered;
  const deliver = (payload) => cdp.send('ServiceWorker.deliverPushMessage', { origin: url, registrationId, data: JSON.stringify(payload) });
  const hours = (n) => Date.now() + n * 3600000 + 30 * 60000;
  await deliver({ type: 'turn', room: 'ABC1234', names: ['ಅಜ್ಜಿ', 'ರವಿ'], due_at: hours(5), lang: 'kn' });
  assert.deepEqual(await shownOnce(page, 'ABC1234:kn'), [{ title: 'ಅಜ್ಜಿ ಮತ್ತು ರವಿ ಜೊತೆಗಿನ ಆಟದಲ್ಲಿ ನಿಮ್ಮ ಸರದಿ', body: '5 ಗಂಟೆ ಉಳಿದಿದೆ', tag: 'ABC1234', url: '/r/ABC1234' }]);
  await deliver({ type: 'turn', room: 'ABC1234', names: ['Ajji', 'Ravi'], due_at: hours(1), lang: 'hi' });
  await shownOnce(page, 'ABC1234:hi');
  await deliver({ type: 'turn', room: 'XYZ9876', names: ['Ravi'], due_at: Date.now() + 20 * 60000 + 30000, lang: 'en' });
  // Wait for what the test means: both games shown, the first in Hindi.
  const both = (await shownOnce(page, 'ABC1234:hi,XYZ9876:en')).sort((a, b) => a.tag.localeCompare(b.tag));
  assert.deepEqual(both, [
    { title: 'Ajji और Ravi के साथ खेल में आपकी बारी', body: '1 घंटा बाकी', tag: 'ABC1234', url: '/r/ABC1234' },
    { title: 'Your turn in the game with Ravi', body: '20 minutes left', tag: 'XYZ9876', url: '/r/XYZ9876' },
  ]);
  // A circle's new game (issue 31): who started it, in which circle, in the push's language.
  await deliver({ type: 'invite', room: 'CIR1234', circle: 'ರಾವ್ ಕುಟುಂಬ', by: 'ಆಶಾ', lang: 'kn' });
  assert.deepEqual((await shownOnce(page, 'ABC1234:hi,CIR1234:kn,XYZ9876:en')).find((n) => n.tag === 'CIR1234'),
    { title: 'ಆಶಾ ರಾವ್ ಕುಟುಂಬ ನಲ್ಲಿ ಒಂದು ಆಟ ಶುರು ಮಾಡಿದ್ದಾರೆ', body: 'ಸೇರಲು ಒತ್ತಿ.', tag: 'CIR1234', url: '/r/CIR1234' });

  // Off: the server drops it at once.
  const deleted = page.waitForResponse((r) => r.url().endsWith('/api/me/push') && r.request().method() === 'DELETE');
  await page.locator('#me-push').uncheck();
  assert.equal((await deleted).status(), 204);
  assert.equal(await ask(), false);

  // Quiet hours, in the browser's time zone.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/me/alerts') && r.request().method() === 'PUT');
  await page.selectOption('#me-quiet-from', String(22 * 60));
  await page.selectOption('#me-quiet-to', String(7 * 60));
  await saved;
  await page.waitForFunction(() => document.querySelector('#me-quiet-status').textContent === 'Saved.');
  const res = await fetch(`${url}/api/me/alerts`, { headers: { authorization: `Bearer ${secret}` } });
  const alerts = await res.json();
  assert.equal(alerts.quiet_from, 22 * 60);
  assert.equal(alerts.quiet_to, 7 * 60);
  assert.equal(alerts.tz, await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
  await page.selectOption('#me-quiet-from', '');
  await page.waitForFunction(() => document.querySelector('#me-quiet-to').disabled);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('push: the section on a desktop and in Tamil on a phone, and no section on a server without --push or e-mail', async () => {
  const { url } = env.server;
  const { context, page } = await newPlayer(env.browser, DESKTOP, WORKER);
  await page.goto(`${url}/#me`);
  await page.locator('#me-push').waitFor();
  await page.locator('.me-alerts').scrollIntoViewIfNeeded();
  await shot(page, 'push-me-desktop');
  await context.close();
  // The longest words of the six, on a phone.
  const ta = await newPlayer(env.browser, PHONE, { ...WORKER, locale: 'ta-IN' });
  await ta.page.goto(`${url}/#me`);
  await ta.page.locator('#me-push').waitFor();
  await ta.page.locator('.me-alerts').scrollIntoViewIfNeeded();
  assert.match(await ta.page.textContent('#me-push-privacy'), /Google, Mozilla அல்லது Apple/);
  await shot(ta.page, 'push-me-phone-ta');
  await ta.context.close();

  const off = await startServer();
  try {
    const { context: c2, page: p2 } = await newPlayer(env.browser, PHONE, WORKER);
    await p2.goto(`${off.url}/#me`);
    await p2.locator('#me-name').waitFor();
    // Neither push nor e-mail: no switch, and no quiet hours to keep.
    await p2.locator('.me-alerts').waitFor({ state: 'detached' });
    assert.equal(await p2.locator('#me-push, #me-quiet-from').count(), 0, 'no switch, no quiet hours without --push or e-mail');
    assert.deepEqual(p2.errors, []);
    await c2.close();
  } finally {
    await off.stop();
  }
});
