// Accessibility: an axe-core scan of the home page, the rules page, a
// lobby and a game finds no serious or critical violations; the whole turn
// can be played with the keyboard alone; the live region speaks throws.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPlayer, createRoom, axeScan, shot, PHONE, DESKTOP } from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

function report(v) {
  return v.map((x) => `${x.impact} ${x.id}: ${x.help} at ${x.nodes.join(', ')}`).join('\n');
}

test('home, rules, lobby and game have no serious or critical axe violations', { timeout: 120000 }, async () => {
  const { page, context } = await newPlayer(env.browser, DESKTOP);
  await page.goto(env.server.url + '/');
  await page.waitForSelector('.room-list li');
  await shot(page, 'home-1280');
  let v = await axeScan(page);
  assert.equal(v.length, 0, report(v));

  await page.click('details.options > summary');
  v = await axeScan(page);
  assert.equal(v.length, 0, report(v));

  await page.goto(env.server.url + '/#rule-R12');
  await page.waitForSelector('#rule-R12');
  v = await axeScan(page);
  assert.equal(v.length, 0, report(v));

  await createRoom(page, env.server.url, { name: 'Asha', board: 5, players: 3 });
  await page.selectOption('#bot-1', 'medium');
  await page.waitForSelector('text=Computer (medium)');
  v = await axeScan(page);
  assert.equal(v.length, 0, report(v));

  await page.click('#start-btn');
  await page.waitForSelector('.game svg.board .pawn');
  v = await axeScan(page);
  assert.equal(v.length, 0, report(v));
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the home page at 360x640 has no serious violations and fits without sideways scrolling', { timeout: 60000 }, async () => {
  const { page, context } = await newPlayer(env.browser, PHONE);
  await page.goto(env.server.url + '/');
  await page.waitForSelector('.room-list li');
  await shot(page, 'home-360');
  const v = await axeScan(page);
  assert.equal(v.length, 0, report(v));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal overflow (${overflow}px)`);
  await context.close();
});

test('a turn can be played with the keyboard alone, and the live region announces the throw', { timeout: 60000 }, async () => {
  const { page, context } = await newPlayer(env.browser, PHONE);
  await createRoom(page, env.server.url, { name: 'Asha', board: 5, players: 2 });
  await page.selectOption('#bot-1', 'easy');
  await page.waitForSelector('text=Computer (easy)');
  await page.focus('#start-btn');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#throw-btn:visible');
  await page.focus('#throw-btn');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /threw/.test(document.getElementById('live').textContent));
  // After the throw, focus stays in the game: Tab reaches a glowing pawn,
  // Enter picks it, and Enter on a marked square plays the move.
  const movable = await page.locator('.pawn.movable').count();
  if (movable) {
    await page.locator('.pawn.movable').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('.dest');
    const focused = await page.evaluate(() => document.activeElement?.classList.contains('dest') || !!document.activeElement?.closest('.choices'));
    assert.ok(focused, 'focus moves to the first destination');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /moved|brought/.test(document.querySelector('.feed-list').textContent));
  }
  // Re-rendering never drops keyboard focus to the page's start.
  const inGame = await page.evaluate(() => !!document.activeElement?.closest('.game'));
  assert.ok(inGame, 'focus stays in the game after the move');
  await context.close();
});
