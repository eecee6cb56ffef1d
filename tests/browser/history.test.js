// Issue 13 item 4, "history vanishes": the welcome carries the room's
// recent history, and the table log shows it as if seen live. A player who
// reloads mid-game finds the moves and chat so far; a spectator arriving
// mid-game sees earlier moves and chat. Before this change both saw an
// empty log. Item 11 (part): the log is a keyboard-scrollable region.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPlayer, createRoom, joinRoom, shot, axeScan, PHONE, DESKTOP, playRounds } from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

const feedLines = (page) => page.locator('.feed-list li').allTextContents();

test('a reload mid-game and a spectator arriving mid-game both find the moves and the chat so far', { timeout: 120000 }, async () => {
  const asha = await newPlayer(env.browser, DESKTOP);
  const ravi = await newPlayer(env.browser, PHONE);
  for (const p of [asha, ravi]) p.page.setDefaultTimeout(10000);
  const code = await createRoom(asha.page, env.server.url, { name: 'Asha', board: 5, players: 2, publicRoom: false });
  await joinRoom(ravi.page, env.server.url, code, 'Ravi');
  await ravi.page.fill('#chat-input', 'hello from the lobby');
  await ravi.page.press('#chat-input', 'Enter');
  await asha.page.waitForSelector('.feed-chat >> text=hello from the lobby');
  await asha.page.click('#start-btn');
  for (const p of [asha, ravi]) await p.page.waitForSelector('.game svg.board .pawn');

  // A few moves each, and a chat line mid-game.
  await playRounds([asha.page, ravi.page], 18, 30000);
  await asha.page.fill('#chat-input', 'well thrown!');
  await asha.page.press('#chat-input', 'Enter');
  await ravi.page.waitForSelector('.feed-chat >> text=well thrown!');
  const seen = await feedLines(ravi.page);
  const moves = seen.filter((l) => /threw|moved|brought/.test(l));
  assert.ok(moves.length >= 2, `moves in the log before the reload: ${seen.join(' | ')}`);

  // Ravi reloads: the log comes back, in order, with nothing twice.
  await ravi.page.reload();
  await ravi.page.waitForSelector('.game svg.board .pawn');
  await ravi.page.waitForSelector('.feed-chat >> text=well thrown!');
  const after = await feedLines(ravi.page);
  for (const line of seen) assert.ok(after.includes(line), `kept after the reload: ${line}`);
  assert.equal(after.filter((l) => l.includes('well thrown!')).length, 1, 'each line once');
  assert.ok(after.some((l) => l.includes('hello from the lobby')), 'the lobby chat too');
  // Quietly: no flash over the board for old hits or penalties.
  assert.equal(await ravi.page.locator('.flash-msg:not([hidden])').count(), 0);
  await shot(ravi.page, 'history-reload-360');

  // A spectator arriving now sees the same past.
  const watcher = await newPlayer(env.browser, DESKTOP);
  watcher.page.setDefaultTimeout(10000);
  await watcher.page.goto(`${env.server.url}/r/${code}`);
  await watcher.page.waitForSelector('.game svg.board .pawn');
  await watcher.page.waitForSelector('.feed-chat >> text=well thrown!');
  const watched = await feedLines(watcher.page);
  assert.ok(watched.filter((l) => /threw|moved|brought/.test(l)).length >= moves.length, `the spectator sees earlier moves: ${watched.join(' | ')}`);
  assert.ok(watched.some((l) => l.includes('hello from the lobby')));

  // The log scrolls from the keyboard: it takes focus and has a name.
  const list = watcher.page.locator('.feed-list');
  assert.equal(await list.getAttribute('tabindex'), '0');
  assert.ok(await list.getAttribute('aria-label'));
  const v = (await axeScan(watcher.page)).filter((x) => x.id === 'scrollable-region-focusable');
  assert.deepEqual(v, []);
  await shot(watcher.page, 'history-spectator-1280');

  for (const p of [asha, ravi, watcher]) {
    assert.deepEqual(p.page.errors, []);
    await p.context.close();
  }
});
