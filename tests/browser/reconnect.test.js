// Reconnection: when the connection drops (here: the server restarts in
// the middle of a game), the page says it is reconnecting, comes back by
// itself with its seat token, and play carries on.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPlayer, createRoom, PHONE, playClicks } from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

test('a dropped connection shows that it is reconnecting, comes back by itself, and play continues', { timeout: 120000 }, async () => {
  const { page, context } = await newPlayer(env.browser, PHONE);
  page.setDefaultTimeout(15000);
  await createRoom(page, env.server.url, { name: 'Asha', board: 5, players: 2 });
  await page.selectOption('#bot-1', 'easy');
  await page.waitForSelector('text=Computer (easy)');
  await page.click('#start-btn');
  await page.waitForSelector('.game svg.board .pawn');
  assert.ok((await playClicks(page, 6, 15000)) >= 3);
  const roundBefore = await page.textContent('.turn-banner');

  // Watch the page for the reconnecting notice while the server is away.
  await page.evaluate(() => {
    window.__sawReconnecting = false;
    const check = () => {
      const b = document.querySelector('.conn-banner');
      if (b && !b.hidden && /reconnect/i.test(b.textContent)) window.__sawReconnecting = true;
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await env.server.restart(1500);
  // While it was down, or right after, the page said so.
  const sawReconnecting = await page.evaluate(() => window.__sawReconnecting);
  await page.waitForSelector('.conn-pill.open', { timeout: 30000 });
  assert.ok(sawReconnecting, 'the page showed that it was reconnecting');
  assert.equal(await page.locator('.watching:visible').count(), 0, 'still in the seat');

  // Play carries on after the restart.
  const more = await playClicks(page, 6, 20000);
  assert.ok(more >= 2, `played ${more} clicks after reconnecting (was: ${roundBefore})`);
  assert.deepEqual(page.errors.filter((e) => !/WebSocket|ERR_CONNECTION|Failed to load/.test(e)), []);
  await context.close();
});
