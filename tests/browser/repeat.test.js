// Games that repeat (README.md): with the same CHOWKA_TEST_SEED, a debug
// server and the same players' client seeds, a game played the same way
// by clicks is the same game, throw for throw; another test seed plays
// another game. What makes every other test's games repeatable.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, newPlayer, apiCreateRoom, openInSeat, playToEnd, gameStatus, DESKTOP } from './helpers.js';

/** One game of Asha against the computer, on a server of its own; its actions (without times) and seeds. */
async function playedWith(browser, testSeed) {
  const server = await startServer({ botDelayMs: 20, testSeed });
  try {
    const { page, context } = await newPlayer(browser, DESKTOP, { player: 0 });
    const room = await apiCreateRoom(server.url, { name: 'Asha', players: 2, options: { board: 5, pawns: 1, gate: 'open' }, bots: [{ seat: 1, level: 'easy' }], start: true });
    await openInSeat(page, server.url, room.code, room);
    await page.waitForSelector('.game svg.board .pawn');
    await playToEnd(page, 120000);
    assert.ok((await gameStatus(page)).over, 'the game ended');
    await context.close();
    const { record } = await (await fetch(`${server.url}/api/games/${room.code}`)).json();
    return { actions: record.actions.map(({ at, ...rest }) => rest), fair: record.fair };
  } finally {
    await server.stop();
  }
}

test('the same test seed plays the same game twice; another seed another game', { timeout: 300000 }, async () => {
  const browser = await launchBrowser();
  try {
    const first = await playedWith(browser, '27');
    const again = await playedWith(browser, '27');
    assert.deepEqual(again.fair, first.fair, 'the same seeds: server, commitment and the page\'s');
    assert.deepEqual(again.actions, first.actions, 'the same throws, the same moves, the computer\'s included');
    const other = await playedWith(browser, '28');
    assert.notEqual(other.fair.server_seed, first.fair.server_seed, 'another test seed, another server seed');
  } finally {
    await browser.close();
  }
});
