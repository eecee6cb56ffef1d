// Issue 13 item 3, "a seat lives in one browser": each seated player has a
// personal link (the seat token in the URL fragment only) with a QR code,
// in the lobby and during the game. Opening it in another browser takes
// the seat; the fragment leaves the address bar at once; the token never
// appears in a request's path or query, a WebSocket URL, or the server's
// log. An old link falls back to watching, saying why. Before this change
// another browser could only watch.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPlayer, createRoom, shot, PHONE, DESKTOP } from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

test('the personal link opens the seat in another browser, and the token stays out of every request', { timeout: 90000 }, async () => {
  const desk = await newPlayer(env.browser, DESKTOP);
  desk.page.setDefaultTimeout(10000);
  const code = await createRoom(desk.page, env.server.url, { name: 'Asha', board: 5, players: 2, publicRoom: false });
  const token = await desk.page.evaluate((c) => JSON.parse(localStorage.getItem(`chowka.seat.${c}`)).token, code);

  // The lobby offers it, with its warning and a QR code.
  await desk.page.click('#devices-open');
  await desk.page.waitForSelector('dialog.devices-dialog[open] svg.qr path');
  const link = await desk.page.inputValue('#device-link');
  assert.equal(link, `${env.server.url}/r/${code}#seat=${token}`);
  assert.match(await desk.page.textContent('dialog.devices-dialog'), /Anyone with this link can play as you/);
  const modules = await desk.page.getAttribute('svg.qr', 'viewBox');
  assert.match(modules, /^0 0 \d+ \d+$/);
  await shot(desk.page, 'devices-dialog-1280');
  await desk.page.click('dialog.devices-dialog button:has-text("Done")');
  await desk.page.waitForSelector('dialog.devices-dialog', { state: 'detached' });

  // The phone opens the link: same seat, fragment gone, token never sent in a URL.
  const phone = await newPlayer(env.browser, PHONE);
  phone.page.setDefaultTimeout(10000);
  const urls = [];
  phone.page.on('request', (r) => urls.push(r.url()));
  phone.page.on('websocket', (ws) => urls.push(ws.url()));
  await phone.page.goto(link);
  await phone.page.waitForSelector('.lobby .seat.me');
  assert.equal(await phone.page.evaluate(() => location.hash), '', 'the fragment is gone from the address bar');
  assert.equal(phone.page.url(), `${env.server.url}/r/${code}`);
  assert.equal(await phone.page.locator('.watching:visible').count(), 0, 'playing, not watching');
  assert.match(await phone.page.textContent('.seat.me'), /Asha/);
  assert.equal(await phone.page.locator('#start-btn').count(), 1, 'the host seat, host buttons and all');
  // A reload keeps the seat: the token was saved for this room.
  await phone.page.reload();
  await phone.page.waitForSelector('.lobby .seat.me');

  // During the game the link is a button away, on the phone and on the desktop.
  await phone.page.selectOption('#bot-1', 'easy');
  await phone.page.waitForSelector('.seat.taken >> text=Computer (easy)');
  await phone.page.click('#start-btn');
  for (const p of [phone.page, desk.page]) {
    await p.waitForSelector('.game svg.board .pawn');
    await p.click('#devices-btn');
    await p.waitForSelector('dialog.devices-dialog[open] svg.qr');
    assert.equal(await p.inputValue('#device-link'), link);
  }
  await shot(phone.page, 'devices-dialog-360');
  await phone.page.keyboard.press('Escape');
  await phone.page.waitForSelector('dialog.devices-dialog', { state: 'detached' });

  for (const u of urls) {
    const parsed = new URL(u);
    assert.ok(!(parsed.pathname + parsed.search).includes(token), `token in a request: ${u}`);
  }
  assert.ok(urls.some((u) => u.startsWith('ws')), 'the WebSocket was watched');
  assert.ok(!env.server.logs().includes(token), 'the token is not in the server log');
  assert.deepEqual(phone.page.errors, []);
  assert.deepEqual(desk.page.errors, []);
  await phone.context.close();
  await desk.context.close();
});

test('an old or wrong personal link falls back to watching and says why', { timeout: 60000 }, async () => {
  const host = await fetch(`${env.server.url}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Asha' }) }).then((r) => r.json());
  const { page, context } = await newPlayer(env.browser, PHONE);
  page.setDefaultTimeout(10000);
  await page.goto(`${env.server.url}/r/${host.code}#seat=${'0'.repeat(32)}`);
  await page.waitForSelector('.seat-notice:visible');
  assert.match(await page.textContent('.seat-notice'), /no longer opens a seat/);
  await page.waitForSelector('.watching:visible');
  assert.equal(await page.evaluate(() => location.hash), '');
  assert.equal(await page.evaluate((c) => localStorage.getItem(`chowka.seat.${c}`), host.code), null, 'the bad token is forgotten');
  assert.equal(await page.locator('#devices-btn:visible').count(), 0, 'a watcher has no personal link');
  await context.close();
});
