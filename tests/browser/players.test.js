// Issue 28, "a player, without an account": the browser gets a player on
// its first visit; every seat taken while holding it is linked to it; the
// Me page moves it to another device by a link whose secret rides in the
// fragment only (never in a request's path or query, a WebSocket URL or the
// server's log); the second browser sees the same games and opens the same
// seat without any seat token; a rename shows everywhere; "delete my data"
// ends the identity, and the other browser becomes a new player by itself.
// And "all my games": its sections in the server's order, one tap to a room.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPlayer, shot, axeScan, apiCreateRoom, apiTakeSeat, openInSeat, PHONE, DESKTOP } from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

/** The player secret a page's browser holds (null: none). */
const secretOf = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('chowka.player') || 'null')?.secret ?? null);

/** Waits until the page's browser holds a player, and returns its secret. */
async function heldSecret(page) {
  await page.waitForFunction(() => !!localStorage.getItem('chowka.player'));
  return secretOf(page);
}

/** An API call as a player (secret) from a device. */
async function asPlayer(url, method, path, secret, body) {
  const headers = { authorization: `Bearer ${secret}`, 'x-chowka-device': 'ab'.repeat(16) };
  if (body) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

test('one player on a phone and a laptop: moved by its link, the same games and the same seat, renamed, then deleted', { timeout: 120000 }, async () => {
  const url = env.server.url;
  const phone = await newPlayer(env.browser, PHONE);
  phone.page.setDefaultTimeout(10000);
  // The first visit makes a player; the phone then makes a room with friends.
  await phone.page.goto(`${url}/`);
  const secret = await heldSecret(phone.page);
  assert.match(secret, /^[0-9a-f]{32}$/);
  await phone.page.fill('#quick-name', 'Asha');
  await phone.page.click('#play-friends');
  await phone.page.waitForURL(/\/r\/[A-Z0-9]+$/);
  await phone.page.waitForSelector('.lobby .seat.me');
  const code = phone.page.url().split('/r/')[1];
  // A friend sits too: the room is in Asha's lobbies.
  await fetch(`${url}/api/rooms/${code}/seats`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ravi' }) });

  // Me: "Use on another device" gives the link with the secret in the fragment.
  await phone.page.goto(`${url}/#me`);
  await phone.page.waitForSelector('#me-move');
  await shot(phone.page, 'me-360');
  await phone.page.click('#me-move');
  await phone.page.waitForSelector('dialog.devices-dialog[open] svg.qr path');
  const link = await phone.page.inputValue('#device-link');
  assert.equal(link, `${url}/#player=${secret}`);
  await phone.page.click('dialog.devices-dialog button.primary');

  // The laptop opens it: the fragment leaves the address bar, the secret no URL.
  const laptop = await newPlayer(env.browser, DESKTOP);
  laptop.page.setDefaultTimeout(10000);
  const urls = [];
  laptop.page.on('request', (r) => urls.push(r.url()));
  laptop.page.on('websocket', (ws) => urls.push(ws.url()));
  await laptop.page.goto(link);
  await laptop.page.waitForSelector('#play-computer');
  assert.equal(await secretOf(laptop.page), secret, 'the laptop holds the same player');
  assert.equal(new URL(laptop.page.url()).hash, '', 'the fragment is wiped from the address bar');
  // Its home page links to all my games in one tap; the list has Asha's lobby.
  await laptop.page.click('#mygames-card');
  const entry = laptop.page.locator(`#mygames-lobby .mygame[data-code="${code}"]`);
  await entry.waitFor();
  assert.match(await entry.textContent(), /Asha \(you\)/);
  await shot(laptop.page, 'mygames-lobby-1280');
  // One tap to the room, seated there with no seat token of its own.
  await entry.locator('a.mygame-link').click();
  await laptop.page.waitForSelector('.lobby .seat.me');
  assert.equal(await laptop.page.evaluate((c) => localStorage.getItem(`chowka.seat.${c}`), code), null, 'seated by the player, not a token');

  // Me on the laptop: two devices, this one marked; a new name.
  await laptop.page.goto(`${url}/#me`);
  await laptop.page.waitForSelector('.device-list .device');
  assert.equal(await laptop.page.locator('.device-list .device').count(), 2);
  assert.equal(await laptop.page.locator('.device-list .device.this').count(), 1);
  assert.deepEqual(await axeScan(laptop.page), [], 'Me page: no serious accessibility violations');
  await shot(laptop.page, 'me-1280');
  await laptop.page.fill('#me-name', 'Asha Amma');
  await laptop.page.click('#me-rename');
  await laptop.page.waitForSelector('.me-name [role="status"]:has-text("Asha Amma")');
  // The phone's room shows the new name.
  await phone.page.goto(`${url}/r/${code}`);
  await phone.page.waitForSelector('.lobby .seat.me:has-text("Asha Amma")');

  // Delete my data, from the laptop: said plainly first, then done.
  await laptop.page.goto(`${url}/#me`);
  await laptop.page.click('#me-delete');
  await laptop.page.waitForSelector('dialog.delete-me[open]');
  assert.match(await laptop.page.textContent('dialog.delete-me'), /cannot be undone[\s\S]*not public/);
  await laptop.page.click('#delete-yes');
  await laptop.page.waitForURL(`${url}/`);
  assert.equal(await secretOf(laptop.page), null, 'the laptop forgot the player');
  const gone = await asPlayer(url, 'GET', '/api/me', secret);
  assert.equal(gone.status, 401);
  assert.equal(gone.body.code ?? gone.body.error?.code, 'bad_player');
  // The phone, still holding the old secret, becomes a new player by itself.
  await phone.page.goto(`${url}/#my-games`);
  await phone.page.waitForSelector('.mygames-body .empty');
  const fresh = await secretOf(phone.page);
  assert.ok(fresh && fresh !== secret, 'a new player on the phone');

  assert.ok(!urls.some((u) => u.includes(secret)), 'the secret is in no request URL');
  assert.ok(!env.server.logs().includes(secret), 'nor in the server log');
  for (const p of [phone, laptop]) {
    assert.deepEqual(p.page.errors, []);
    await p.context.close();
  }
});

test('a browser that holds another player asks before taking a link\'s player', { timeout: 60000 }, async () => {
  const url = env.server.url;
  const mine = await newPlayer(env.browser, PHONE);
  await mine.page.goto(`${url}/`);
  const kept = await heldSecret(mine.page);
  const other = (await (await fetch(`${url}/api/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Meena"}' })).json()).secret;
  // "Keep the one I have": nothing changes.
  await mine.page.goto(`${url}/#player=${other}`);
  await mine.page.waitForSelector('dialog.switch-player[open]');
  await mine.page.click('#switch-no');
  await mine.page.waitForSelector('#play-computer');
  assert.equal(await secretOf(mine.page), kept);
  assert.equal(new URL(mine.page.url()).hash, '');
  // "Switch": the link's player is this browser's now.
  await mine.page.goto(`${url}/r/ABCDEFG#player=${other}`);
  await mine.page.click('#switch-yes');
  await mine.page.waitForFunction((s) => JSON.parse(localStorage.getItem('chowka.player')).secret === s, other);
  assert.equal(new URL(mine.page.url()).hash, '');
  assert.deepEqual(mine.page.errors, []);
  await mine.context.close();
});

test('all my games: my turn, waiting for others, lobbies, finished, in that order, and kept fresh', { timeout: 120000 }, async () => {
  const url = env.server.url;
  const { page, context } = await newPlayer(env.browser, PHONE);
  page.setDefaultTimeout(15000);
  await page.goto(`${url}/`);
  const secret = await heldSecret(page);
  const make = async (body) => {
    const res = await asPlayer(url, 'POST', '/api/rooms', secret, body);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.code;
  };
  // A lobby; a live game against the computer (started at once).
  const lobby = await make({ name: 'Asha', players: 3 });
  const live = await make({ name: 'Asha', players: 2, bots: [{ seat: 1, level: 'easy' }], start: true });
  // Over days (when the server has paces): one where it is Asha's turn (she
  // hosts, so she moves first) and one waiting for Ravi (his room). A server
  // without paces refuses them: the rest is checked all the same.
  const days = {};
  const made = await asPlayer(url, 'POST', '/api/rooms', secret, { name: 'Asha', players: 2, pace: 'days', turn_hours: 24 });
  if (made.status === 201) {
    await apiTakeSeat(url, made.body.code, 'Ravi');
    days.mine = made.body.code;
    await page.goto(`${url}/r/${days.mine}`);
    await page.click('#start-btn');
    await page.waitForSelector('.game svg.board .pawn');
    const ravisRoom = await apiCreateRoom(url, { name: 'Ravi', players: 2, pace: 'days', turn_hours: 8 });
    assert.equal((await asPlayer(url, 'POST', `/api/rooms/${ravisRoom.code}/seats`, secret, { name: 'Asha' })).status, 201);
    days.theirs = ravisRoom.code;
    const ravi = await newPlayer(env.browser, DESKTOP);
    await openInSeat(ravi.page, url, ravisRoom.code, ravisRoom);
    await ravi.page.click('#start-btn');
    await ravi.page.waitForSelector('.game svg.board .pawn');
    await ravi.context.close();
  }
  await page.goto(`${url}/#my-games`);
  await page.waitForSelector(`.mygame[data-code="${live}"]`);
  // Sections in order, each game in its own.
  const order = await page.$$eval('.mygames-section', (els) => els.map((e) => e.id));
  const expected = days.mine ? ['mygames-turn', 'mygames-waiting', 'mygames-lobby'] : ['mygames-waiting', 'mygames-lobby'];
  assert.deepEqual(order.filter((id) => expected.includes(id)), expected);
  assert.match(await page.locator(`#mygames-waiting .mygame[data-code="${live}"]`).textContent(), /Playing now/);
  assert.match(await page.locator(`#mygames-lobby .mygame[data-code="${lobby}"]`).textContent(), /1 of 3 seats taken/);
  if (days.mine) {
    // My turn, with the time left on my clock; a days game waiting for Ravi
    // comes before the live game (days games by due time, then live ones).
    assert.match(await page.locator(`#mygames-turn .mygame[data-code="${days.mine}"]`).textContent(), /23 h 5\d min left · until /);
    const waiting = await page.$$eval('#mygames-waiting .mygame', (els) => els.map((e) => e.dataset.code));
    assert.deepEqual(waiting, [days.theirs, live]);
    assert.match(await page.locator(`#mygames-waiting .mygame[data-code="${days.theirs}"]`).textContent(), /Waiting for Ravi, 7 h 5\d min left/);
  }
  // Kept fresh: a friend takes a seat in the lobby, the page says so when it
  // is looked at again (a focus, or the next 15 s poll).
  await fetch(`${url}/api/rooms/${lobby}/seats`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ravi' }) });
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.waitForSelector(`#mygames-lobby .mygame[data-code="${lobby}"]:has-text("2 of 3 seats taken")`);
  assert.deepEqual(await axeScan(page), [], 'all my games: no serious accessibility violations');
  await shot(page, 'mygames-360');
  // One tap to a room.
  await page.click(`.mygame[data-code="${live}"] a.mygame-link`);
  await page.waitForSelector('.game svg.board .pawn');
  assert.deepEqual(page.errors, []);
  await context.close();
});
