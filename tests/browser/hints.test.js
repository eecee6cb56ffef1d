// Issue 33 item 2, hints: in their turn a player asks "what would the
// computer do?", sees the move marked on the board with one sentence why,
// and plays it with one tap; the other player never sees it (not on the
// screen, not on the wire); the host turns hints off for the table.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, startTwoPlayerGame, gameStatus, inStep, nextVersion, axeScan, shot } from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

/** The hint box's sentence once the answer is in (not "Thinking…"). */
async function hintSaid(page) {
  await page.waitForFunction(() => /^The computer would/.test(document.querySelector('#hint-text')?.textContent ?? ''));
  return page.textContent('#hint-text');
}

test('a player asks what the computer would do, sees the move and why, and plays it; the host turns hints off', { timeout: 120000 }, async () => {
  // What each page's socket received, by type: a hint goes to its asker alone.
  const received = new Map();
  const listen = (p) => {
    const types = [];
    received.set(p.page, types);
    p.page.on('websocket', (ws) => ws.on('framereceived', (f) => {
      try {
        types.push(JSON.parse(f.payload).type);
      } catch { /* not JSON */ }
    }));
  };
  const { host, friend } = await startTwoPlayerGame(env, { room: { name: 'Asha', players: 2 }, friendName: 'Ravi', autoMove: false, onPlayer: listen });
  const pages = [host.page, friend.page];
  const seen = { throw: 0, move: 0 };
  const shotOf = new Set();
  for (let step = 0; step < 80 && !(seen.throw && seen.move && shotOf.size === 2); step++) {
    await inStep(pages);
    const status = await Promise.all(pages.map(gameStatus));
    const i = status.findIndex((s) => s.mine);
    assert.ok(i >= 0, 'someone is to move');
    const [mover, other] = [pages[i], pages[1 - i]];
    // Only the player to move has the button.
    assert.equal(await other.isVisible('#hint-btn'), false);
    await mover.click('#hint-btn');
    const said = await hintSaid(mover);
    const kind = /would throw/.test(said) ? 'throw' : /would play/.test(said) ? 'move' : 'other';
    if (kind === 'throw') {
      assert.match(said, /Throw first/);
      assert.equal(await mover.locator('#throw-btn.hinted').count(), 1, 'the Throw button is marked');
    } else if (kind === 'move') {
      // The move shows on the board: its pawn picked, its square marked.
      assert.ok((await gameStatus(mover)).dests >= 1, 'the square is marked');
      assert.doesNotMatch(said, /R\d|undefined|\{/, 'plain words');
      // Each player's first: the desktop host's and the phone friend's screens.
      if (!shotOf.has(i)) {
        shotOf.add(i);
        await shot(mover, i === 0 ? 'hint-move-1280' : 'hint-move-360');
        assert.deepEqual(await axeScan(mover), []);
      }
    }
    seen[kind] = (seen[kind] ?? 0) + 1;
    assert.equal(await other.isVisible('.hint-answer'), false, 'the other player sees no hint');
    const version = status[i].version;
    await mover.click('#hint-play');
    // A move that would end the turn with values unspent is asked first (R12).
    if (await mover.isVisible('dialog.confirm[open]')) await mover.click('#strand-confirm');
    assert.ok(await nextVersion(mover, version), 'the hinted action was played');
  }
  assert.ok(seen.throw && seen.move, JSON.stringify(seen));
  const hints = (page) => received.get(page).filter((t) => t === 'hint').length;
  assert.equal(hints(host.page) + hints(friend.page), seen.throw + seen.move + (seen.other ?? 0), 'one answer per question, to the asker');

  // The host turns hints off during the game: nobody has the button any more.
  await host.page.uncheck('#game-hints');
  for (const page of pages) await page.waitForFunction(() => document.querySelector('.computer-hint')?.hidden === true);
  await shot(host.page, 'hints-off-1280');
  assert.deepEqual(host.page.errors, []);
  assert.deepEqual(friend.page.errors, []);
  await host.context.close();
  await friend.context.close();
});
