// Issue 30 item 2, nudges while any chowka page is open: Asha holds a
// player and two tabs, one showing her game A (her turn there), one her Me
// page where she turns on "Tell me when it's my turn". When Ravi moves in
// game B, so that it is her turn there, the tab on A says "(1)" in its
// title and its favicon becomes a drawn data: image with the count, and a
// notification naming Ravi is shown once for that turn (never for A, the
// game she looks at), whichever tab polls. Turned off, the next turn (game
// C) is counted in the title but notifies nothing.
//
// Headless Chromium's notifications cannot be observed: an init script
// puts a stand-in for window.Notification that writes each one to
// localStorage (`test.notes`, shared by the tabs). The polls come every
// 300 ms here (localStorage `chowka.nudge.pollMs`, read by nudge.js for
// tests only).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPlayer, apiNewPlayer, apiCreateRoom, apiTakeSeat, holdPlayer, openInSeat, gameStatus, playWhile, shot, PHONE, DESKTOP } from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

/** The notifications recorded by the stand-in, in `page`'s browser. */
const notes = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('test.notes') || '[]'));

/** Records notifications instead of showing them, and polls often. */
function stubNotifications(context) {
  return context.addInitScript(() => {
    class Recorded {
      constructor(title, opts = {}) {
        const list = JSON.parse(localStorage.getItem('test.notes') || '[]');
        list.push({ title, body: opts.body, tag: opts.tag });
        localStorage.setItem('test.notes', JSON.stringify(list));
      }
      close() {}
    }
    Recorded.permission = 'granted';
    Recorded.requestPermission = async () => 'granted';
    window.Notification = Recorded;
    try {
      localStorage.setItem('chowka.nudge.pollMs', '300');
    } catch {
      /* about:blank has no storage */
    }
  });
}

/**
 * A days game of Ravi's (he moves first) with Asha (player `secret`) in
 * seat 1, started; Ravi plays his turn until it is hers. Returns its code.
 */
async function ravisTurnPlayed(url, ravi, secret) {
  const room = await apiCreateRoom(url, { name: 'Ravi', players: 2, pace: 'days', turn_hours: 24 });
  const res = await fetch(`${url}/api/rooms/${room.code}/seats`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify({ name: 'Asha' }) });
  assert.equal(res.status, 201);
  await openInSeat(ravi.page, url, room.code, room);
  await ravi.page.click('#start-btn');
  await ravi.page.waitForSelector('.turn-banner.mine');
  await playWhile(ravi.page, 30000, async () => (await gameStatus(ravi.page)).mine);
  assert.equal((await gameStatus(ravi.page)).mine, false, 'Ravi played his turn');
  return room.code;
}

/** Waits until `page`'s browser asked for the player's games `n` more times. */
function polls(context, n) {
  return new Promise((resolve) => {
    let seen = 0;
    const on = (req) => {
      if (!req.url().endsWith('/api/me/games')) return;
      if (++seen >= n) {
        context.off('requestfinished', on);
        resolve();
      }
    };
    context.on('requestfinished', on);
  });
}

test('a turn in another game: the title and favicon count it, one notification per turn, none for the game looked at, none once turned off', { timeout: 120000 }, async () => {
  const url = env.server.url;
  const secret = await apiNewPlayer(url, 'Asha');
  const asha = await newPlayer(env.browser, PHONE);
  await asha.context.grantPermissions(['notifications']);
  await stubNotifications(asha.context);
  const ravi = await newPlayer(env.browser, DESKTOP, { autoMove: false });
  for (const p of [asha, ravi]) p.page.setDefaultTimeout(15000);

  // Game A: Asha's, her turn first; she looks at it.
  const a = await apiCreateRoom(url, { name: 'Asha', players: 2, pace: 'days', turn_hours: 24 }, secret);
  await apiTakeSeat(url, a.code, 'Ravi');
  await holdPlayer(asha.page, url, secret);
  await asha.page.goto(`${url}/r/${a.code}`);
  await asha.page.click('#start-btn');
  await asha.page.waitForSelector('.turn-banner.mine');

  // Her Me page in a second tab: notifications on (asked for only now).
  const me = await asha.context.newPage();
  await me.goto(`${url}/#me`);
  await me.waitForSelector('#me-nudge-notify');
  assert.equal(await me.isChecked('#me-nudge-notify'), false, 'off by default');
  await me.check('#me-nudge-notify');
  assert.ok(await me.locator('#me-nudge-why').isHidden(), 'allowed: nothing to explain');
  await shot(me, 'nudge-me-360');
  await asha.page.bringToFront();

  // Game B: Ravi moves, then it is Asha's turn there.
  const b = await ravisTurnPlayed(url, ravi, secret);
  await asha.page.waitForFunction(() => document.title.startsWith('(1) '));
  assert.match(await asha.page.title(), /^\(1\) ● Your turn · /, "A's own turn is not counted in A's tab");
  await asha.page.waitForFunction(() => document.querySelector('link[rel="icon"]').getAttribute('href').startsWith('data:image/png'));
  await asha.page.waitForFunction(() => JSON.parse(localStorage.getItem('test.notes') || '[]').length > 0);
  // More polls: still one notification for B's turn, none for A.
  await polls(asha.context, 4);
  const once = await notes(asha.page);
  assert.deepEqual(once.map((n) => n.tag), [`chowka-${b}`], 'one notification, for B only');
  assert.equal(once[0].title, 'Your turn against Ravi');
  assert.match(once[0].body, new RegExp(`Room ${b}`));
  // The Me tab counts both games (it shows neither).
  await me.waitForFunction(() => document.title.startsWith('(2) '));

  // Turned off: the next turn is counted, not notified.
  await me.uncheck('#me-nudge-notify');
  const c = await ravisTurnPlayed(url, ravi, secret);
  await asha.page.waitForFunction(() => document.title.startsWith('(2) '));
  await polls(asha.context, 4);
  assert.deepEqual((await notes(asha.page)).map((n) => n.tag), [`chowka-${b}`], `no notification for ${c} once turned off`);
  await shot(asha.page, 'nudge-room-360');

  // Looking at B: its tab leaves B out of its count.
  await asha.page.goto(`${url}/r/${b}`);
  await asha.page.waitForSelector('.turn-banner.mine');
  await asha.page.waitForFunction(() => document.title.startsWith('(2) '));
  assert.deepEqual(asha.page.errors, []);
  assert.deepEqual(me.errors ?? [], []);
  await asha.context.close();
  await ravi.context.close();
});
