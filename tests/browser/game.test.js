// A whole 2-player game through the page: two people create and join a
// room, play to the end by clicking only what the page highlights (throw,
// glowing pawns, marked squares, listed choices), while a third browser
// watches as a spectator; one player reloads mid-game and carries on; the
// end screen offers a rematch that both players reach.
//
// A small set-up keeps it quick: 5x5, one pawn each, gate open (O2, O7).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser, newPlayer, createRoom, joinRoom, playRound, gameStatus, shot, PHONE, DESKTOP,
} from './helpers.js';

const env = serverAndBrowser();

test('two players play a whole game by clicks on highlighted moves; a spectator watches; a reload reconnects; rematch', { timeout: 240000 }, async () => {
  const asha = await newPlayer(env.browser, PHONE);
  const ravi = await newPlayer(env.browser, DESKTOP);
  const watcher = await newPlayer(env.browser, PHONE);
  for (const p of [asha, ravi, watcher]) p.page.setDefaultTimeout(10000);

  const code = await createRoom(asha.page, env.server.url, { name: 'Asha', board: 5, players: 2, pawns: 1, gate: 'open' });
  assert.match(code, /^[A-Z0-9]{4,}$/);
  assert.equal(await asha.page.inputValue('#share-link'), `${env.server.url}/r/${code}`);

  await joinRoom(ravi.page, env.server.url, code, 'Ravi');
  // Seats fill live on the host's page.
  await asha.page.waitForFunction(() => document.querySelectorAll('.seat.taken').length === 2);
  await asha.page.waitForSelector('.seat:not(.me) .presence.on');

  // A third person tries to join by code: the server's refusal is shown as a sentence.
  await watcher.page.goto(`${env.server.url}/`);
  await watcher.page.fill('#join-code', code.toLowerCase());
  await watcher.page.fill('#join-name', 'Meena');
  await watcher.page.click('form.join button[type="submit"]');
  await watcher.page.waitForSelector('.toast-error');
  const refusal = await watcher.page.textContent('form.join .form-status');
  assert.match(refusal, /taken|full/i, `readable refusal: ${refusal}`);

  // So they open the link: every seat is taken, the page says so, and they watch.
  await watcher.page.goto(`${env.server.url}/r/${code}`);
  await watcher.page.waitForSelector('text=Every seat is taken');
  await watcher.page.click('#watch-btn');
  await watcher.page.waitForSelector('.watching:visible');
  assert.equal(await watcher.page.locator('#start-btn').count(), 0);

  // Chat reaches the other player and the spectator, as plain text.
  await asha.page.fill('#chat-input', '<b>good luck</b>');
  await asha.page.press('#chat-input', 'Enter');
  for (const p of [ravi, watcher]) await p.page.waitForSelector('.feed-chat >> text=<b>good luck</b>');
  assert.equal(await watcher.page.locator('.feed-chat b b').count(), 0, 'chat is never parsed as HTML');
  assert.equal(await watcher.page.locator('#chat-input:visible').count(), 0, 'spectators cannot chat');

  await shot(asha.page, 'lobby-360');
  await shot(ravi.page, 'lobby-1280');
  await asha.page.click('#start-btn');
  for (const p of [asha, ravi, watcher]) await p.page.waitForSelector('.game svg.board .pawn');

  // On a 360x640 phone the board and the throw button fit the first screen, with no sideways scroll.
  const fit = await asha.page.evaluate(() => {
    const board = document.querySelector('svg.board').getBoundingClientRect();
    const btn = document.querySelector('#throw-btn').getBoundingClientRect();
    return { overflow: document.documentElement.scrollWidth - innerWidth, boardRight: board.right, btnBottom: btn.bottom, h: innerHeight, w: innerWidth };
  });
  assert.ok(fit.overflow <= 0, `no sideways scroll (${fit.overflow}px)`);
  assert.ok(fit.boardRight <= fit.w && fit.btnBottom <= fit.h, `board and Throw fit 360x640: ${JSON.stringify(fit)}`);
  for (const p of [ravi, watcher]) {
    const overflow = await p.page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `no sideways scroll (${overflow}px)`);
  }

  // The spectator sees the board but can act on nothing.
  assert.ok(await watcher.page.isVisible('.watching'));
  assert.equal(await watcher.page.locator('#throw-btn:visible').count(), 0);
  assert.equal(await watcher.page.locator('.pawn.movable').count(), 0);

  const started = Date.now();
  let actions = 0;
  let reloaded = false;
  let midShot = false;
  const players = [asha, ravi];
  while (Date.now() - started < 200000) {
    const statuses = await Promise.all(players.map((p) => gameStatus(p.page)));
    if (statuses.every((s) => s.over)) break;
    const clicks = await playRound(players.map((p) => p.page), started + 200000);
    if (clicks < 0) break;
    actions += clicks;

    if (!midShot && actions >= 12) {
      midShot = true;
      await shot(asha.page, 'game-5x5-360');
      await shot(ravi.page, 'game-5x5-1280');
    }
    if (!reloaded && actions >= 10) {
      // Mid-game reload: the seat token in localStorage brings Ravi back.
      reloaded = true;
      await ravi.page.reload();
      await ravi.page.waitForSelector('.game svg.board .pawn');
      await ravi.page.waitForSelector('.conn-pill.open');
      assert.equal(await ravi.page.locator('.watching:visible').count(), 0, 'back in the seat, not watching');
      assert.ok(await ravi.page.isVisible('.player.me'));
    }
  }
  const final = await Promise.all(players.map((p) => gameStatus(p.page)));
  assert.ok(final.every((s) => s.over), `the game ended within the time (${actions} clicks)`);
  assert.ok(reloaded, 'the game lasted long enough to reload mid-game');

  // Everyone sees the same winner; the spectator too.
  const banner = await asha.page.textContent('.result-title');
  assert.match(banner, /won|wins|draw/i);
  await watcher.page.waitForSelector('.result:not([hidden])');
  const watcherBanner = await watcher.page.textContent('.result-title');
  assert.match(watcherBanner, /(Asha|Ravi) wins|draw/i);
  assert.equal(await watcher.page.locator('#rematch-btn').count(), 0);
  await shot(asha.page, 'result-360');
  await shot(ravi.page, 'result-1280');

  // Rematch: Asha asks and lands in the new room; Ravi follows the button.
  await asha.page.click('#rematch-btn');
  await asha.page.waitForURL((u) => !u.pathname.endsWith(code));
  await asha.page.waitForSelector('.lobby .seat.me');
  await ravi.page.click('#goto-rematch');
  await ravi.page.waitForSelector('.lobby .seat.me');
  assert.notEqual(asha.page.url(), `${env.server.url}/r/${code}`);
  assert.equal(ravi.page.url(), asha.page.url());

  for (const p of [asha, ravi, watcher]) {
    assert.deepEqual(p.page.errors, [], 'no script errors');
    await p.context.close();
  }
  console.log(`# whole game: ${actions} clicks in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
