// Signals (issue 13, item 9) and the stand-in in a game (item 2):
// - the tab title says "● Your turn" on your turn and goes back after;
// - the live region says "Your turn" and reads your own throws in the
//   second person ("You threw 3."), others' in the third;
// - the turn clock's last ten seconds are said, and so is it running out
//   ("Time's up: the computer plays your turn."), to both players;
// - the host lets the computer play a friend's seat; the friend (on a
//   phone) sees that a computer plays for them and takes the seat back.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, playOneClick, inStep, nextVersion, gameStatus, shot, startTwoPlayerGame } from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 300 });

/** Host Asha (desktop) and friend Ravi (phone) in a started 5x5 game. */
function startGame(extra = {}) {
  return startTwoPlayerGame(env, { room: { name: 'Asha', players: 2, options: { board: 5, pawns: 2, gate: 'open' }, ...extra }, friendName: 'Ravi' });
}

const live = (page) => page.evaluate(() => document.getElementById('live').textContent);

/** Starts keeping everything the live region says (it is replaced as the game goes on). */
const keepSaid = (page) => page.evaluate(() => {
  window.__said = [];
  const el = document.getElementById('live');
  new MutationObserver(() => window.__said.push(el.textContent)).observe(el, { childList: true, subtree: true, characterData: true });
});
const said = (page) => page.evaluate(() => window.__said.join('\n'));

/** Plays (both sides) until it is `who`'s turn with a throw to make. */
async function untilTurn(who, other, ms = 30000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const version = await inStep([who.page, other.page]);
    const st = await gameStatus(who.page);
    if (st.mine && st.canThrow && !st.movable) return;
    if (!(await playOneClick(st.mine ? who.page : other.page))) await nextVersion(who.page, version, end - Date.now());
  }
  throw new Error('no turn to throw came');
}

test('the tab title and the live region say "Your turn"; your own throws are read as "You threw"', { timeout: 90000 }, async () => {
  const { code, host, friend } = await startGame();
  await untilTurn(friend, host);
  assert.equal(await friend.page.title(), '● Your turn · Chowka Bhara');
  assert.equal(await host.page.title(), `Room ${code} · Chowka Bhara`, 'not the host\'s turn: the plain title');
  await friend.page.waitForFunction(() => /Your turn/.test(document.getElementById('live').textContent));

  await friend.page.click('#throw-btn');
  await friend.page.waitForFunction(() => /You threw \d/.test(document.getElementById('live').textContent));
  assert.doesNotMatch(await live(friend.page), /Ravi threw/);
  await host.page.waitForFunction(() => /Ravi threw \d/.test(document.getElementById('live').textContent));
  assert.match(await friend.page.textContent('.feed-list'), /You threw \d/, 'the log says "You" too');
  await shot(friend.page, 'signals-your-turn-360');

  // Once the turn has passed, the title is the room's again.
  await untilTurn(host, friend);
  assert.equal(await friend.page.title(), `Room ${code} · Chowka Bhara`);
  assert.equal(await host.page.title(), '● Your turn · Chowka Bhara');
  for (const p of [host, friend]) {
    assert.deepEqual(p.page.errors, []);
    await p.context.close();
  }
});

test('the turn clock: the last ten seconds are said, and running out is said to both players', { timeout: 90000 }, async () => {
  const { host, friend } = await startGame({ turn_clock: 10 });
  await keepSaid(friend.page);
  // The host moves first; let the clock run down on the friend's turn.
  await untilTurn(friend, host);
  // Ten seconds from the friend's turn starting: the warning comes at once or nearly.
  await friend.page.waitForFunction(() => /seconds left/.test(document.getElementById('live').textContent), null, { timeout: 5000 });
  await friend.page.waitForSelector('.clock.low');
  assert.match(await friend.page.textContent('.clock'), /\d+s left/);
  await shot(friend.page, 'signals-clock-low-360');

  await friend.page.waitForSelector(".feed-list >> text=Time's up: the computer plays your turn.", { timeout: 15000 });
  assert.match(await said(friend.page), /Time's up: the computer plays your turn\./);
  await host.page.waitForSelector(".feed-list >> text=Time's up: the computer plays Ravi's turn.", { timeout: 5000 });
  for (const p of [host, friend]) {
    assert.deepEqual(p.page.errors, []);
    await p.context.close();
  }
});

test('the host lets the computer play for a friend; the friend sees it and takes the seat back', { timeout: 90000 }, async () => {
  const { host, friend } = await startGame();
  const btn = host.page.locator('.standin-btn', { hasText: 'Let the computer play for Ravi' });
  await btn.waitFor();
  // Only the host has it, and not for their own seat.
  assert.equal(await friend.page.locator('.standin-btn').count(), 0);
  assert.equal(await host.page.locator('.player.me .standin-btn').count(), 0);
  await btn.click();

  await host.page.waitForSelector('.player:not(.me) >> text=computer playing for them');
  await friend.page.waitForSelector('.standin-mine:not([hidden]) >> text=A computer is playing for you');
  await shot(friend.page, 'signals-standin-360');
  await shot(host.page, 'signals-standin-1280');
  await friend.page.click('#take-back-btn');
  await friend.page.waitForSelector('.standin-mine', { state: 'hidden' });
  await host.page.waitForSelector('.player:not(.me) >> text=computer playing for them', { state: 'detached' });
  await host.page.waitForSelector('.standin-btn >> text=Let the computer play for Ravi');
  for (const p of [host, friend]) {
    assert.deepEqual(p.page.errors, []);
    await p.context.close();
  }
});
