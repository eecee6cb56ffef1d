// A person against three computer players (easy, medium, hard) plays a
// whole 4-player game to the end in the env.browser, clicking only what the
// page highlights; the result screen names the winner.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPlayer, createRoom, gameStatus, shot, DESKTOP, playToEnd } from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

test('a game against three computer players plays to the end', { timeout: 240000 }, async () => {
  const me = await newPlayer(env.browser, DESKTOP);
  // One pawn each and no gate keep a whole 4-player game to a few minutes.
  await createRoom(me.page, env.server.url, { name: 'Asha', board: 5, players: 4, pawns: 1, gate: 'open' });
  for (const [seat, level] of [[1, 'easy'], [2, 'medium'], [3, 'hard']]) {
    await me.page.selectOption(`#bot-${seat}`, level);
    await me.page.waitForSelector(`.seat.taken >> text=Computer (${level})`);
  }
  await me.page.click('#start-btn');
  await me.page.waitForSelector('.game svg.board .pawn');
  const clicks = await playToEnd(me.page, 200000);
  assert.ok((await gameStatus(me.page)).over, `the game ended (after ${clicks} clicks)`);
  const result = await me.page.textContent('.result');
  // The person's own win reads "You won!"; anyone else's names them.
  assert.match(result, /You won!|Computer \((easy|medium|hard)\) wins|A draw/);
  await shot(me.page, 'result-computers-1280');
  assert.deepEqual(me.page.errors, []);
  await me.context.close();
});
