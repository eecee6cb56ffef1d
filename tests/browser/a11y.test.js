// Accessibility (issue 13, item 11: "axe: 0 serious violations; every page
// has an h1"): an axe-core scan of every page, on a 360x640 phone and a
// 1280x800 desktop, finds no serious or critical violation, and each page
// has exactly one h1: home (and a rule opened from it in a dialog), how to
// play, the rules reference, an unknown room, a lobby, a game and its
// result. Before, axe found recent-game links whose name differed from
// their text, a game log that could not be scrolled by keyboard and the
// rules' code block out of reach of Tab; the game screen had no h1.
// Also: the whole turn can be played with the keyboard alone, and the live
// region speaks throws.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser, newPlayer, createRoom, axeScan, shot, apiCreateRoom, openInSeat, gameStatus, PHONE, DESKTOP, playToEnd,
} from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

/**
 * Scans the page as it is now and notes what is wrong under `name`: serious
 * or critical axe violations (rule id and nodes) and an h1 count other than 1.
 */
async function check(page, name, problems) {
  const h1s = await page.locator('h1').count();
  if (h1s !== 1) problems.push(`${name}: ${h1s} h1 elements (want exactly one)`);
  for (const v of await axeScan(page)) problems.push(`${name}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.join(', ')}`);
}

for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`every page on a ${label} has one h1 and no serious or critical axe violations`, { timeout: 240000 }, async () => {
    const problems = [];
    const { page, context } = await newPlayer(env.browser, viewport);
    const url = env.server.url;

    // A finished game first (in a listed room), so the home page lists it
    // among the recent games.
    const room = await apiCreateRoom(url, { name: 'Asha', players: 2, public: true, options: { board: 5, pawns: 1, gate: 'open' }, bots: [{ seat: 1, level: 'easy' }] });
    await openInSeat(page, url, room.code, room);
    await page.waitForSelector('#start-btn:not([disabled])');
    await check(page, 'lobby', problems);
    await shot(page, `a11y-lobby-${viewport.width}`);
    // A rule opened from the room's rules in a dialog: the rule's own text,
    // named by its title.
    await page.click('details.rules-card > summary');
    const ruleLink = page.locator('a.rule-link:visible').first();
    if (await ruleLink.count()) {
      const id = (await ruleLink.getAttribute('href')).split('#rule-')[1];
      await ruleLink.click();
      await page.waitForSelector(`dialog.rule-dialog[open] #rule-${id}`);
      await check(page, 'lobby with a rule dialog', problems);
      await page.click('dialog.rule-dialog button:has-text("Close")');
      await page.waitForSelector('dialog.rule-dialog', { state: 'detached' });
    } else {
      problems.push('lobby: no rule link to open in a dialog');
    }
    await page.click('#start-btn');
    await page.waitForSelector('.game svg.board .pawn');
    await check(page, 'game', problems);
    await playToEnd(page, 150000);
    assert.ok((await gameStatus(page)).over, 'the game ended');
    await check(page, 'result', problems);

    await page.goto(url + '/');
    await page.waitForSelector('main#app h1');
    await page.waitForSelector(`.game-list a[href*="${room.code}"], .game-list li a`);
    await check(page, 'home', problems);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`home: ${overflow}px wider than the screen`);

    await page.goto(url + '/#how-to-play');
    await page.waitForSelector('.howto-step');
    await check(page, 'how to play', problems);

    await page.goto(url + '/#rule-R12');
    await page.waitForSelector('#rule-R12');
    await check(page, 'rules', problems);

    await page.goto(url + '/r/ZZZZ9999');
    await page.waitForSelector('h1:has-text("No such room")');
    await check(page, 'unknown room', problems);

    assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

test('the home form at 360x640 fits without sideways scrolling and with its options open has no serious violations', { timeout: 60000 }, async () => {
  const { page, context } = await newPlayer(env.browser, PHONE);
  await page.goto(env.server.url + '/');
  await page.waitForSelector('main#app h1');
  await shot(page, 'home-360');
  const summary = page.locator('details.options > summary');
  if (await summary.count()) await summary.first().click();
  const problems = [];
  await check(page, 'home, options open', problems);
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal overflow (${overflow}px)`);
  await context.close();
});

test('a turn can be played with the keyboard alone, and the live region announces the throw', { timeout: 60000 }, async () => {
  // Pawn, then square, by Tab and Enter: with moves that play by
  // themselves off (onetap.test.js plays a turn with the shortcuts).
  const { page, context } = await newPlayer(env.browser, PHONE, { autoMove: false });
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
