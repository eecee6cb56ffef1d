// One tap per move (issue 29, item 2): a 2-player game took a grandmother
// on a phone three taps a throw (Throw, the pawn, its square), and a
// keyboard player a dozen Tabs to reach a pawn.
// - the same reproducible game (CHOWKA_TEST_SEED, the same page seeds) on
//   a 360x640 phone against the computer, played to the end once with
//   "Move by itself when there is only one move" off (pawn, then square,
//   as before) and once with it on (the default): the same game, throw
//   for throw and move for move, in at most half the taps;
// - Cancel on the line "... Tap to cancel" stops the move about to play
//   by itself: time runs on (the page's clock fast-forwarded) and nothing
//   is sent; the player then chooses;
// - with several moves, a tap on a pawn that can go to one square only
//   moves it at once; with the setting off the same tap marks its square;
// - on a desktop a whole turn is played with keys alone (no Tab): focus is
//   on Throw when the turn starts, T throws, N picks a pawn, Enter moves,
//   Escape cancels a move about to play by itself; a T typed in the chat
//   throws nothing; the keys are listed under the board.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, serverAndBrowser, newPlayer, apiCreateRoom, openInSeat, playToEnd, playOneClick, nextVersion, answered,
  gameStatus, shot, PHONE, DESKTOP,
} from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

/**
 * A started game of Asha against the computer (easy), on `server`:
 * `opts.options` the room's options, `opts.seen` set to the page's last
 * state (lastState) from the first frame on; newPlayer's options besides.
 */
async function againstComputer(server, viewport, opts = {}) {
  const player = await newPlayer(env.browser, viewport, opts);
  player.page.setDefaultTimeout(10000);
  if (opts.seen) lastState(player.page, opts.seen);
  const room = await apiCreateRoom(server.url, { name: 'Asha', players: 2, options: opts.options ?? { board: 5, pawns: 2, gate: 'open' }, bots: [{ seat: 1, level: 'easy' }], start: true, turn_clock: 600 });
  await openInSeat(player.page, server.url, room.code, room);
  await player.page.waitForSelector('.game svg.board .pawn');
  return { ...player, code: room.code };
}

/**
 * Keeps in `seen.state` the last state the page was sent: the legal moves
 * are the server's, never worked out here.
 */
function lastState(page, seen) {
  page.on('websocket', (ws) => ws.on('framereceived', (f) => {
    const msg = JSON.parse(f.payload);
    if (msg.type === 'state') seen.state = msg;
  }));
}

/** Plays `page`'s part (the computer plays the other) until `stop(status)` says so; false if the game ended first. */
async function playUntil(page, stop, ms = 60000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const st = await gameStatus(page);
    if (await stop(st)) return true;
    if (st.over) return false;
    if (!(await playOneClick(page))) await nextVersion(page, st.version, until - Date.now());
  }
  return false;
}

/**
 * One whole game with these room options on its own server with test seed
 * 41, the phone player's client seeds the first sequence: the player's
 * taps, and the game's actions (without times).
 */
async function tapsForAGame(options, autoMove) {
  const server = await startServer({ botDelayMs: 20, testSeed: '41' });
  try {
    const { page, context, code } = await againstComputer(server, PHONE, { player: 0, autoMove, options });
    const taps = await playToEnd(page, 240000);
    assert.ok((await gameStatus(page)).over, `the game ended (setting ${autoMove ? 'on' : 'off'}, ${taps} taps)`);
    assert.deepEqual(page.errors, []);
    await context.close();
    const { record } = await (await fetch(`${server.url}/api/games/${code}`)).json();
    return { taps, actions: record.actions.map(({ at, ...rest }) => rest) };
  } finally {
    await server.stop();
  }
}

/** The same game played with the setting off, then on: the taps of each, the player's throws and moves. */
async function compared(options) {
  const before = await tapsForAGame(options, false);
  const after = await tapsForAGame(options, true);
  assert.deepEqual(after.actions, before.actions, 'the same game, throw for throw and move for move');
  const mine = before.actions.filter((a) => a.by === 0);
  const throws = mine.filter((a) => a.do === 'throw').length;
  console.log(`# ${JSON.stringify(options)}: ${throws} throws and ${mine.length - throws} moves and skips of the player, ${before.taps} taps with the setting off, ${after.taps} with it on`);
  return { off: before.taps, on: after.taps, throws, moves: mine.length - throws };
}

test('the same game on a phone takes at most half the taps with moves that play by themselves', { timeout: 600000 }, async () => {
  // One pawn each, as in the grandmother's game every throw then had a
  // pawn and a square to tap: her 3 taps a move become about 1.
  const one = await compared({ board: 7, pawns: 1, gate: 'open' });
  assert.ok(one.on * 2 <= one.off, `at most half the taps: ${one.on} against ${one.off}`);
  // Four pawns each: a move is often a real choice between pawns, but it
  // never takes more than one tap besides the throw (it took two).
  const four = await compared({ board: 5, pawns: 4 });
  assert.ok(four.on <= four.throws + four.moves, `at most one tap a move: ${four.on} taps for ${four.throws} throws and ${four.moves} moves`);
  assert.ok(four.off >= four.throws + 2 * four.moves, `before, two taps a move: ${four.off}`);
});

test('Cancel stops a move about to play by itself, and the player chooses', { timeout: 120000 }, async () => {
  const { page, context } = await againstComputer(env.server, PHONE);
  // The page's clock stands still from just before each throw: a move that
  // would play by itself waits for the test, however slow the machine.
  await page.clock.install();
  let armed = false;
  const until = Date.now() + 90000;
  while (!armed && Date.now() < until) {
    const st = await gameStatus(page);
    assert.ok(!st.over, 'the game is still on');
    if (st.mine && !st.busy && st.canThrow && !st.movable) {
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1));
      await page.click('#throw-btn');
      await answered(page);
      armed = (await gameStatus(page)).auto;
      if (!armed) await page.clock.resume();
    } else if (!(await playOneClick(page))) {
      await nextVersion(page, st.version, until - Date.now());
    }
  }
  assert.ok(armed, 'a throw left a single move');
  const shown = await page.evaluate(() => ({
    line: document.querySelector('#auto-move').textContent,
    selected: document.querySelectorAll('.pawn.selected').length,
    dests: document.querySelectorAll('.dest').length,
  }));
  assert.match(shown.line, /^Only one move, so it plays by itself: .+\. Tap to cancel\.Cancel$/);
  assert.equal(shown.selected, 1, 'its pawn is highlighted');
  assert.equal(shown.dests, 1, 'its square is marked');
  await shot(page, 'onetap-auto-360');
  const { version } = await gameStatus(page);
  await page.click('#auto-cancel');
  await page.waitForSelector('#auto-move', { state: 'hidden' });
  // Well past the pause, by the page's own clock: nothing was sent.
  await page.clock.runFor(5000);
  await page.clock.resume();
  const st = await gameStatus(page);
  assert.equal(st.version, version, 'no move was played');
  assert.equal(st.busy, false, 'nothing awaits the server');
  assert.ok(st.movable >= 1 && st.dests === 0, 'the pawn waits to be chosen');
  // The player chooses as usual: one tap on the pawn (one square) plays it.
  await page.click('.pawn.movable >> nth=0');
  await answered(page);
  assert.ok((await gameStatus(page)).version > version, 'the chosen move was played');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('with several moves, a tap on a pawn with one square moves it at once; with the setting off it marks the square', { timeout: 180000 }, async () => {
  for (const autoMove of [true, false]) {
    const seen = { state: null };
    const { page, context } = await againstComputer(env.server, PHONE, { autoMove, seen, options: { board: 5, pawns: 4, gate: 'open' } });
    // A turn with several moves where some pawn can go to one square only.
    let pawn = null;
    await playUntil(page, (st) => {
      const g = seen.state?.game;
      if (!st.mine || st.busy || st.auto || !st.movable || st.dests || st.choices || !g || seen.state.version !== st.version) return false;
      if (new Set(g.legal.map((m) => `${m.pawns}:${m.to}`)).size < 2) return false;
      const shown = [...new Set(g.legal.flatMap((m) => m.pawns))];
      pawn = shown.find((p) => new Set(g.legal.filter((m) => m.pawns.includes(p)).map((m) => m.to)).size === 1 && !g.legal.some((m) => m.pawns.includes(p) && m.strands)) ?? null;
      return pawn !== null;
    }, 120000);
    assert.ok(pawn !== null, 'a turn came with a pawn that has one square among several moves');
    const el = page.locator(`.pawn.movable[data-pawn="${pawn}"]`);
    // The disc drawn for a stack stands for its first movable pawn: the same square, the same move.
    const target = (await el.count()) ? el : page.locator(`.pawn.movable[data-pawns~="${pawn}"]`).first();
    const { version } = await gameStatus(page);
    await target.click();
    if (autoMove) {
      await answered(page);
      const st = await gameStatus(page);
      assert.ok(st.version > version, 'one tap played the move');
      assert.match(await page.textContent('.feed-list'), /You (moved|brought)/);
    } else {
      await page.waitForSelector('.dest');
      const st = await gameStatus(page);
      assert.equal(st.version, version, 'with the setting off, nothing was played');
      assert.equal(st.dests, 1, 'its one square is marked, to be tapped');
    }
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});

test('a whole turn with the keyboard alone on a desktop: focus on Throw, T, N, Enter, Escape; never while typing in the chat', { timeout: 180000 }, async () => {
  const { page, context } = await againstComputer(env.server, DESKTOP);
  assert.ok(await page.isVisible('#keys-hint'), 'the keys are listed under the board on a desktop');
  assert.match(await page.textContent('#keys-hint'), /T or Space/);
  const keys = [];
  const press = async (key) => {
    keys.push(key);
    await page.keyboard.press(key);
  };
  let turns = 0;
  let typed = false;
  let escaped = false;
  const onEscape = () => {
    escaped = true;
  };
  const until = Date.now() + 150000;
  // Two of the player's turns, each from its first throw to the computer's turn.
  while (turns < 2 && Date.now() < until) {
    const st = await gameStatus(page);
    if (st.over) break;
    if (!st.mine) {
      await nextVersion(page, st.version, until - Date.now());
      continue;
    }
    if (st.canThrow && !st.movable && !st.busy) {
      // A turn starts: Throw has the focus.
      const focused = await page.evaluate(() => document.activeElement?.id);
      assert.equal(focused, 'throw-btn', 'focus is on Throw when the turn starts');
      if (!typed) {
        // A T typed in the chat is a letter of the message, not a throw.
        typed = true;
        await page.click('#chat-input');
        await page.keyboard.type('t');
        assert.equal(await page.inputValue('#chat-input'), 't');
        assert.equal((await gameStatus(page)).version, st.version, 'no throw from the chat');
        await page.fill('#chat-input', '');
        await page.evaluate(() => document.activeElement.blur());
      }
    }
    turns += await keyboardTurn(page, press, onEscape);
  }
  assert.equal(turns, 2, 'two turns played');
  assert.ok(!keys.includes('Tab'), 'no Tab');
  console.log(`# keys for two turns: ${keys.join(' ')}${escaped ? ' (a move about to play cancelled with Escape)' : ''}`);
  await shot(page, 'onetap-keys-1280');
  assert.deepEqual(page.errors, []);
  await context.close();
});

/**
 * Plays the viewer's turn with keys until it passes to the computer;
 * returns 1 when it did. The first move about to play by itself is
 * cancelled with Escape (`escaped()` is told), then chosen with N and
 * Enter; later ones play by themselves.
 */
async function keyboardTurn(page, press, escaped) {
  for (let i = 0; i < 40; i++) {
    const st = await gameStatus(page);
    if (st.over || !st.mine) return 1;
    if (st.busy) {
      await answered(page);
      continue;
    }
    if (st.auto && escaped.done) {
      await nextVersion(page, st.version);
      continue;
    }
    if (st.auto) {
      escaped.done = true;
      escaped();
      await press('Escape');
      await page.waitForSelector('#auto-move', { state: 'hidden' });
      assert.equal((await gameStatus(page)).dests, 0, 'Escape took the highlight away');
      continue;
    }
    if (st.confirm) {
      await page.focus('#strand-confirm');
      await press('Enter');
    } else if (st.choices) {
      // Focus went to the first choice.
      await press('Enter');
    } else if (st.dests || st.movable) {
      await press('n');
      const on = await page.evaluate(() => document.activeElement?.matches('.pawn.movable, .dest'));
      assert.ok(on, 'N put the focus on a pawn that can move (or its square)');
      await press('Enter');
    } else if (st.canThrow) {
      await press('t');
    } else if (st.canSkip) {
      await press('s');
    } else {
      await nextVersion(page, st.version);
      continue;
    }
    // What the key showed at once (squares, choices) or sent and was answered.
    await answered(page);
  }
  return 0;
}
