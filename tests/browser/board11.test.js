// 11x11 boards (issue 17) on a 360x640 touch phone and a desktop:
// - a 2-player 11x11 room made through the API starts with ten pawns a
//   seat and all 121 squares drawn (R1, C10);
// - the phone player plays its turns only by tapping: Throw, then a square
//   holding a pawn that can move, then a marked destination, each tapped
//   near a corner of the square, off the pawn's disc and the marker's ring:
//   whole squares are the tap targets, each at least 24 px each way;
// - with Ashta Chamma's entry the ten waiting pawns stand in a yard beside
//   the home edge, and a tap anywhere in the yard picks one to enter (R7);
// - a destination's values and a stack's count stay readable (their tags
//   at least 12 px high); no sideways scroll on the phone; screenshots of
//   the phone (a pawn chosen, its destinations marked) and of the desktop.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, apiCreateRoom, apiTakeSeat, newPlayer, openInSeat, playOneClick, inStep, nextVersion, answered, gameStatus, shot, autoMoveOff, DESKTOP, PHONE } from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

/** The smallest a tap target may be on the phone, in CSS pixels. */
const MIN_TARGET = 24;

/**
 * A phone that taps (touch events, no mouse) in its own browser context;
 * each move chosen by hand, a pawn then its square (the setting that plays
 * lone moves by itself is off): those are the targets measured here.
 */
async function touchPhone() {
  const context = await env.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 1, reducedMotion: 'reduce', locale: 'en-US' });
  await autoMoveOff(context);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.setDefaultTimeout(10000);
  return { context, page };
}

/** A started 2-player 11x11 game: the host on a desktop, the friend on a touch phone. */
async function startEleven(options) {
  const room = await apiCreateRoom(env.server.url, { name: 'Asha', players: 2, options: { board: 11, ...options }, turn_clock: 600 });
  const seat = await apiTakeSeat(env.server.url, room.code, 'Ravi');
  const host = await newPlayer(env.browser, DESKTOP);
  host.page.setDefaultTimeout(10000);
  const phone = await touchPhone();
  await openInSeat(host.page, env.server.url, room.code, room);
  await openInSeat(phone.page, env.server.url, room.code, seat);
  await host.page.waitForSelector('#start-btn:not([disabled])');
  await host.page.click('#start-btn');
  for (const p of [host, phone]) await p.page.waitForSelector('.game svg.board .pawn');
  return { host, phone };
}

/** Box of an element in CSS pixels. */
function box(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const b = el.getBoundingClientRect();
    return { left: b.left, top: b.top, width: b.width, height: b.height };
  }, selector);
}

/** Taps 3 px inside the top-left corner of the element's box: on its square, off any disc or ring. */
async function tapCorner(page, selector) {
  const b = await box(page, selector);
  assert.ok(b, `${selector} is on the page`);
  await page.touchscreen.tap(b.left + 3, b.top + 3);
}

/** Every tap target on the board and every square, measured. */
function targets(page) {
  return page.evaluate(() => {
    const size = (el) => {
      const b = el.getBoundingClientRect();
      return { w: b.width, h: b.height, cls: el.getAttribute('class'), pawn: el.dataset.pawn };
    };
    return {
      cells: [...document.querySelectorAll('.game svg.board .cell')].map(size),
      taps: [...document.querySelectorAll('.game svg.board .tap-target')].map(size),
      tags: [...document.querySelectorAll('.game svg.board .dest-tag, .game svg.board .count-bg')].map(size),
      pageWidth: document.documentElement.scrollWidth,
      width: innerWidth,
    };
  });
}

function checkTargets(t, where) {
  assert.equal(t.cells.length, 121, `${where}: 121 squares`);
  assert.ok(t.pageWidth <= t.width, `${where}: no sideways scroll (${t.pageWidth}px on ${t.width})`);
  for (const c of [...t.cells, ...t.taps]) {
    assert.ok(c.w >= MIN_TARGET && c.h >= MIN_TARGET, `${where}: ${c.cls} is ${c.w.toFixed(1)}x${c.h.toFixed(1)} px`);
  }
  // A destination's values and a stack's count grow with the board.
  for (const c of t.tags) assert.ok(c.h >= 12, `${where}: ${c.cls} is ${c.h.toFixed(1)} px high`);
}

/**
 * One step of the phone player's turn, by touch only: Throw, the strand
 * warning's confirm, a listed choice, a marked square, a square with a
 * pawn that can move, or Skip; then waits for the server's answer to what
 * it sent, if anything. Returns what it tapped, or null when it is not the
 * phone's turn.
 */
async function tapOnce(page) {
  const st = await gameStatus(page);
  if (st.over || !st.mine || st.busy) return null;
  let what = null;
  if (st.confirm) {
    await page.tap('#strand-confirm');
    what = 'confirm';
  } else if (st.choices) {
    await page.tap('.choices button >> nth=0');
    what = 'choice';
  } else if (st.dests) {
    await tapCorner(page, '.dest .tap-target');
    what = 'dest';
  } else if (st.movable) {
    await tapCorner(page, '.tap-target[data-pawn]');
    what = 'pawn';
  } else if (st.canThrow) {
    await page.tap('#throw-btn');
    what = 'throw';
  } else if (st.canSkip) {
    await page.tap('#skip-btn');
    what = 'skip';
  }
  if (what) await answered(page);
  return what;
}

/**
 * Plays both sides until the phone has made `moves` moves: a tap on a
 * destination, a choice or the strand warning's confirm that leaves nothing
 * more to choose.
 */
async function playPhoneMoves(host, phone, moves, where) {
  let made = 0;
  let pawnTaps = 0;
  const until = Date.now() + 90000;
  while (made < moves && Date.now() < until) {
    const version = await inStep([host.page, phone.page]);
    const tapped = await tapOnce(phone.page);
    if (tapped === 'dest' || tapped === 'choice' || tapped === 'confirm') {
      // Answered: the move was played, or a choice or the warning is up.
      const after = await gameStatus(phone.page);
      if (!after.choices && !after.confirm) made++;
    }
    if (tapped === 'pawn') {
      // A tap on the square chose the pawn: its destinations are marked, or
      // its moves listed.
      await phone.page.waitForFunction(() => document.querySelector('.pawn.selected, .dest, .choices button'));
      if (!pawnTaps++) {
        checkTargets(await targets(phone.page), `${where}, a pawn chosen`);
        if ((await gameStatus(phone.page)).dests) await shot(phone.page, `board11-dests-360`);
      }
    }
    if (!tapped && !(await playOneClick(host.page))) await nextVersion(phone.page, version, until - Date.now());
  }
  assert.equal(made, moves, `${where}: the phone made ${moves} moves by tapping`);
  return pawnTaps;
}

test('11x11 on a touch phone: ten pawns a seat, whole squares as 24 px targets, moves played by tapping', { timeout: 180000 }, async () => {
  const { host, phone } = await startEleven({});
  const pawns = await phone.page.evaluate(() => document.querySelectorAll('.game svg.board .pawn').length);
  assert.ok(pawns >= 2, 'the pawns are drawn');
  const label = await phone.page.getAttribute('.game svg.board', 'aria-label');
  assert.match(label, /11/, 'the board says its size');
  checkTargets(await targets(phone.page), 'start');

  const pawnTaps = await playPhoneMoves(host, phone, 4, '11x11');
  assert.ok(pawnTaps >= 1, 'at least one pawn was chosen by tapping its square');
  checkTargets(await targets(phone.page), 'after four moves');
  // Ten pawns each, wherever they stand.
  const counts = await phone.page.evaluate(() => [0, 1].map((seat) => [...document.querySelectorAll(`.game svg.board .pawn.seat-${seat}`)].reduce((n, el) => n + el.dataset.pawns.split(' ').length, 0)));
  assert.deepEqual(counts, [10, 10], 'C10: ten pawns a seat on 11x11');
  await shot(phone.page, 'board11-game-360');
  await shot(host.page, 'board11-game-1280');
  assert.deepEqual(phone.page.errors, []);
  assert.deepEqual(host.page.errors, []);
  await host.context.close();
  await phone.context.close();
});

test('11x11 Ashta Chamma on a touch phone: ten pawns wait in the yard, and a tap on the yard picks one to enter', { timeout: 180000 }, async () => {
  const { host, phone } = await startEleven({ entry: 'ashta-chamma' });
  const waiting = await phone.page.evaluate(() => document.querySelectorAll('.game svg.board .pawn').length);
  assert.equal(waiting, 20, 'R7: all twenty pawns wait beside the board, one disc each');
  // Throws until the phone holds a value that enters pawns (a 4 or an 8)
  // while the host passes its turns; then a tap on the yard picks a pawn.
  const until = Date.now() + 120000;
  let yard = null;
  while (!yard && Date.now() < until) {
    const version = await inStep([host.page, phone.page]);
    const st = await gameStatus(phone.page);
    if (st.mine && st.movable) {
      yard = await phone.page.evaluate(() => {
        const el = document.querySelector('.tap-target[data-pawn]');
        const b = el.getBoundingClientRect();
        return { w: b.width, h: b.height };
      });
      await shot(phone.page, 'board11-yard-360');
      await tapCorner(phone.page, '.tap-target[data-pawn]');
      await phone.page.waitForFunction(() => document.querySelector('.pawn.selected, .dest, .choices button'));
      break;
    }
    const did = st.mine ? await tapOnce(phone.page) : await playOneClick(host.page);
    if (!did) await nextVersion(phone.page, version, until - Date.now());
  }
  assert.ok(yard, 'the phone could enter a pawn within two minutes');
  assert.ok(Math.min(yard.w, yard.h) >= MIN_TARGET, `the yard's tap area is ${yard.w.toFixed(1)}x${yard.h.toFixed(1)} px`);
  checkTargets(await targets(phone.page), 'a waiting pawn chosen');
  assert.deepEqual(phone.page.errors, []);
  await host.context.close();
  await phone.context.close();
});
