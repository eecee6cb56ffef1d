// Issue 13 item 2, "a table can freeze forever" (the lobby and the host's
// hand): in the lobby the host keeps the control of a seat a computer took
// (to change its level or empty the seat; before this change it vanished
// once a computer sat), removes a person, and a person leaves their seat;
// a seat given up is forgotten by that browser and said in plain words.
// During a game the host hands an away player's seat to a computer and the
// game goes on without them. Item 9 (part): an unknown room says so, and
// the status pill no longer says "Connecting…".

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPlayer, createRoom, joinRoom, shot, apiCreateRoom, openInSeat, PHONE, DESKTOP, playToEnd } from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

const savedSeat = (page, code) => page.evaluate((c) => localStorage.getItem(`chowka.seat.${c}`), code);

test('in the lobby the host changes and removes a computer, removes a person, and a person leaves their seat', { timeout: 90000 }, async () => {
  const host = await newPlayer(env.browser, DESKTOP);
  const friend = await newPlayer(env.browser, PHONE);
  for (const p of [host, friend]) p.page.setDefaultTimeout(10000);
  const code = await createRoom(host.page, env.server.url, { name: 'Asha', board: 5, players: 3, publicRoom: false });

  // A computer sits; its control stays, to change the level...
  await host.page.selectOption('#bot-1', 'easy');
  await host.page.waitForSelector('.seat-1 >> text=Computer (easy)');
  assert.equal(await host.page.inputValue('#bot-1'), 'easy', 'the control is still there');
  await host.page.selectOption('#bot-1', 'hard');
  await host.page.waitForSelector('.seat-1 >> text=Computer (hard)');
  // ...or to empty the seat again.
  await host.page.selectOption('#bot-1', '');
  await host.page.waitForSelector('.seat-1.empty');

  // A friend sits; the host can remove them.
  await joinRoom(friend.page, env.server.url, code, 'Ravi');
  assert.notEqual(await savedSeat(friend.page, code), null);
  await host.page.waitForSelector('.seat >> text=Ravi');
  const seat = await host.page.locator('.seat:has-text("Ravi")').getAttribute('data-seat');
  assert.match(await host.page.getAttribute(`#remove-${seat}`, 'aria-label'), /Remove Ravi/);
  await host.page.click(`#remove-${seat}`);
  await friend.page.waitForSelector('.seat-notice:visible');
  assert.match(await friend.page.textContent('.seat-notice'), /The host gave your seat away/);
  await friend.page.waitForSelector('.watching:visible');
  assert.equal(await friend.page.locator('.seat.me').count(), 0);
  assert.equal(await savedSeat(friend.page, code), null, 'the old seat is forgotten');
  await host.page.waitForFunction(() => !document.querySelector('.seat-list').textContent.includes('Ravi'));
  // The host's screen reader hears who left: the list changed out of sight.
  assert.match(await host.page.textContent('#live'), /Ravi left seat \d/);
  await shot(friend.page, 'lobby-removed-360');

  // The friend sits again, then leaves by themselves.
  await friend.page.fill('#lobby-name', 'Ravi');
  await friend.page.click('.join-inline button[type="submit"]');
  await friend.page.waitForSelector('.seat.me');
  assert.equal(await friend.page.locator('.seat-notice:visible').count(), 0, 'the old notice goes');
  await shot(friend.page, 'lobby-guest-360');
  await friend.page.click('#leave-seat');
  await friend.page.waitForSelector('.seat-notice:visible');
  assert.match(await friend.page.textContent('.seat-notice'), /You left your seat/);
  assert.equal(await savedSeat(friend.page, code), null);
  await host.page.waitForFunction(() => !document.querySelector('.seat-list').textContent.includes('Ravi'));
  assert.match(await host.page.textContent('#live'), /Ravi left seat \d/);
  // The host has no leave button: the room is theirs.
  assert.equal(await host.page.locator('#leave-seat').count(), 0);
  await shot(host.page, 'lobby-host-1280');
  assert.deepEqual(host.page.errors, []);
  assert.deepEqual(friend.page.errors, []);
  await host.context.close();
  await friend.context.close();
});

test('during a game the host hands a closed tab\'s seat to a computer, and the game goes on', { timeout: 120000 }, async () => {
  // No automatic stand-in: only the host's hand unfreezes this table.
  const made = await apiCreateRoom(env.server.url, { name: 'Asha', players: 2, takeover: null, options: { pawns: 1, gate: 'open' } });
  const code = made.code;
  const host = await newPlayer(env.browser, DESKTOP);
  const friend = await newPlayer(env.browser, PHONE);
  for (const p of [host, friend]) p.page.setDefaultTimeout(10000);
  await openInSeat(host.page, env.server.url, code, made);
  await host.page.waitForSelector('.seat.me');
  await joinRoom(friend.page, env.server.url, code, 'Ravi');
  await host.page.waitForSelector('.seat:not(.me) .presence.on');
  await host.page.click('#start-btn');
  await friend.page.waitForSelector('.game svg.board .pawn');

  // The friend's tab closes for good.
  await friend.context.close();
  await host.page.waitForSelector('.player.seat-1.away');

  // The host's button (the game screen's) hands the seat to a computer.
  const button = '.player.seat-1 .standin-btn';
  await host.page.waitForSelector(button);
  await shot(host.page, 'game-stand-in-offer-1280');
  await host.page.click(button);
  await host.page.waitForSelector('.player.seat-1 >> text=/computer play/i');

  // The game goes on to the end without the friend.
  await playToEnd(host.page, 90000);
  assert.ok(await host.page.locator('.result:not([hidden])').count(), 'the game ended');
  // The table log tells of the friend's throws, made by the computer for them.
  const log = await host.page.locator('.feed-list li').allTextContents();
  assert.ok(log.some((line) => /^The computer \(for Ravi\) threw/.test(line)), `the computer played the friend's turns:\n${log.join('\n')}`);
  assert.ok(!log.some((line) => /^Ravi threw/.test(line)), 'never as if Ravi had');
  assert.deepEqual(host.page.errors, []);
  await host.context.close();
});

test('an unknown room says so plainly, status pill included', { timeout: 30000 }, async () => {
  const { page, context } = await newPlayer(env.browser, PHONE);
  await page.goto(`${env.server.url}/r/ZZZZ22Z`);
  await page.waitForSelector('h1:has-text("No such room")');
  const pill = await page.textContent('.conn-pill');
  assert.doesNotMatch(pill, /Connecting/);
  assert.match(pill, /No such room/);
  assert.equal(await page.locator('text=Connecting').count(), 0);
  await context.close();
});

test('a connection that is never welcomed does not stay at "Connecting…"', { timeout: 60000 }, async () => {
  const made = await apiCreateRoom(env.server.url, { name: 'Asha' });
  const { page, context } = await newPlayer(env.browser, PHONE);
  // A socket that opens and then hears nothing back (a proxy that swallows
  // frames, a server stuck before its welcome).
  await page.routeWebSocket(/\/ws$/, () => {});
  await page.goto(`${env.server.url}/r/${made.code}`);
  // The page is drawn once its language has loaded: wait for the pill first.
  await page.waitForSelector('.conn-pill');
  await page.waitForFunction(() => !/Connecting/.test(document.querySelector('.conn-pill').textContent), null, { timeout: 20000 });
  assert.match(await page.textContent('.conn-pill'), /Reconnecting/);
  assert.match(await page.textContent('.conn-banner'), /Reconnect/);
  await context.close();
});
