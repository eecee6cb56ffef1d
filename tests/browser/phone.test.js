// The game screen on a phone (issue 13, item 8), and its headings and axe
// scan (items 7 and 11):
// - on a 360x640 phone the turn banner (whose turn, the clock) and Throw
//   are in view at every step of a whole game, with no sideways scroll even
//   with 24-character names (the page was 434-478 px wide); the desktop
//   side column is not widened by them either (names end in an ellipsis,
//   the full name in the title); scrolled down to the log, the banner is
//   still in view and carries a Throw of its own;
// - a flash (hit, lost turn...) shows over the board, never over the banner
//   (it used to cover whose turn it is);
// - identical moves are one choice: two pawns at home and a value make
//   "Move a pawn from home with 3", not one button per pawn;
// - in phone landscape (640x360) the board is beside the controls, and
//   Throw and the banner are in view without scrolling;
// - one h1 on the game and the result screens; no serious axe violations.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, playOneClick, playRound, inStep, nextVersion, answered, gameStatus, shot, axeScan, PHONE, DESKTOP, startTwoPlayerGame } from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

// Both 24 characters, the longest a name may be; one without a space.
const HOST = 'Chandrasekharan Iyengars';
const FRIEND = 'Bhagyalakshmi-Venkatesan';
const LANDSCAPE = { width: 640, height: 360 };

function report(v) {
  return v.map((x) => `${x.impact} ${x.id}: ${x.help} at ${x.nodes.join(', ')}`).join('\n');
}

/**
 * Host and friend in a started 2-player game, the host on `hostView`, the
 * friend on `friendView`; `autoMove: false` for moves chosen by hand only.
 */
function startGame(hostView, friendView, options = { board: 5, pawns: 2, gate: 'open' }, autoMove = undefined) {
  return startTwoPlayerGame(env, { room: { name: HOST, players: 2, options, turn_clock: 600 }, friendName: FRIEND, hostView, friendView, autoMove });
}

/** Where things are on the page now, read from the DOM. */
function layout(page) {
  return page.evaluate(() => {
    const r = (el) => {
      if (!el || el.hidden || !el.getClientRects().length) return null;
      const b = el.getBoundingClientRect();
      return { top: b.top, bottom: b.bottom, left: b.left, right: b.right };
    };
    return {
      w: innerWidth,
      h: innerHeight,
      scrollY,
      pageWidth: document.documentElement.scrollWidth,
      banner: r(document.querySelector('.turn-banner')),
      throwBtn: r(document.querySelector('#throw-btn')),
      board: r(document.querySelector('svg.board')),
      flash: r(document.querySelector('.flash-msg')),
      side: r(document.querySelector('.side-col')),
      names: [...document.querySelectorAll('.player-name')].map((n) => ({ ...r(n), title: n.title })),
    };
  });
}

const inView = (box, l) => box && box.top >= 0 && box.bottom <= l.h + 0.5 && box.left >= 0 && box.right <= l.w + 0.5;
const overlaps = (a, b) => a && b && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Asserts what must hold at every step on the phone. */
function checkPhone(l, where) {
  assert.ok(l.pageWidth <= l.w, `${where}: no sideways scroll (page ${l.pageWidth}px wide on ${l.w})`);
  assert.ok(inView(l.banner, l), `${where}: the turn banner is in view: ${JSON.stringify(l.banner)} at scrollY ${l.scrollY}`);
  if (l.throwBtn) assert.ok(inView(l.throwBtn, l), `${where}: Throw is in view: ${JSON.stringify(l.throwBtn)} at scrollY ${l.scrollY}`);
  if (l.flash) assert.ok(!overlaps(l.flash, l.banner), `${where}: the flash does not cover the banner`);
  for (const n of l.names) assert.ok(n.right <= l.w + 0.5, `${where}: a long name stays inside the page (${n.right})`);
}

test('phone portrait: banner and Throw in view at every step of a whole game, long names never widen the page, flashes over the board, merged moves; one h1 and axe clean', { timeout: 240000 }, async () => {
  // The merged choice is listed by a tap on the value, which a lone move
  // playing by itself would race: moves are chosen by hand here.
  const { host, friend } = await startGame(DESKTOP, PHONE, undefined, false);
  const phone = friend.page;

  // The friend's first turn: after a throw, the value alone lists the moves,
  // and the two pawns at home make one choice.
  const players = [host, friend];
  let merged = null;
  const started = Date.now();
  while (!merged && Date.now() - started < 60000) {
    const version = await inStep([host.page, phone]);
    const st = await gameStatus(phone);
    if (st.mine) {
      const chip = phone.locator('.held .chip:not([disabled])');
      if (await chip.count()) {
        await chip.first().click();
        await phone.waitForSelector('.choices button');
        merged = await phone.locator('.choices button').allTextContents();
        await shot(phone, 'phone-merged-choice-360');
        await phone.click('.choices button >> nth=0');
        break;
      }
      if (st.canThrow) {
        await phone.click('#throw-btn');
        await answered(phone);
      } else if (!(await playOneClick(phone))) {
        await nextVersion(phone, version);
      }
    } else if (!(await playOneClick(host.page))) {
      await nextVersion(phone, version);
    }
  }
  assert.ok(merged, 'the friend got a turn with a usable value');
  assert.equal(merged.length, 1, `one choice for two pawns at home: ${JSON.stringify(merged)}`);
  // The move may hit a pawn of the host's waiting where it lands (the label
  // then names whom): still one choice.
  assert.match(merged[0], /^Move a pawn from home with \d(, hitting .+)?$/);

  // Scrolled down to read the log on their turn: the banner stays, with a Throw.
  // Only the seat to move clicks, after the phone's state is read: when both
  // clicked in one round, the friend threw as soon as the host's turn ended,
  // and a quick server could keep that from ever being seen.
  let ready = false;
  for (let i = 0; i < 400 && !ready; i++) {
    const version = await inStep([host.page, phone]);
    const st = await gameStatus(phone);
    ready = st.mine && st.canThrow && !st.movable;
    if (!ready && !(await playOneClick(st.mine ? phone : host.page))) await nextVersion(phone, version);
  }
  assert.ok(ready, 'the friend has a turn with a throw to make and nothing to move');
  await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await phone.waitForSelector('.banner-throw:not([hidden])');
  const scrolled = await layout(phone);
  assert.ok(scrolled.scrollY > 100, 'the page scrolled down');
  assert.ok(inView(scrolled.banner, scrolled), `scrolled down, the banner is in view: ${JSON.stringify(scrolled.banner)}`);
  await shot(phone, 'phone-scrolled-360');
  const throws = () => phone.evaluate(() => [...document.querySelectorAll('.feed-event')].filter((li) => /^You threw/.test(li.textContent)).length);
  const before = await throws();
  await phone.click('.banner-throw');
  await phone.waitForFunction((n) => [...document.querySelectorAll('.feed-event')].filter((li) => /^You threw/.test(li.textContent)).length > n, before);
  await phone.evaluate(() => window.scrollTo(0, 0));
  await phone.waitForSelector('.banner-throw', { state: 'hidden' });

  // The rest of the game, checking the phone at every step.
  let steps = 0;
  let flashes = 0;
  let shots = 0;
  while (Date.now() - started < 200000) {
    const statuses = await Promise.all(players.map((p) => gameStatus(p.page)));
    if (statuses.every((s) => s.over)) break;
    const clicks = await playRound(players.map((p) => p.page), started + 200000);
    if (clicks < 0) break;
    steps += clicks;
    const l = await layout(phone);
    checkPhone(l, `step ${steps}`);
    if (l.flash) {
      flashes++;
      if (flashes === 1) await shot(phone, 'phone-flash-360');
    }
    if (steps > 8 && shots === 0) {
      shots++;
      await shot(phone, 'phone-game-360');
      await shot(host.page, 'phone-game-host-1280');
    }
    // The host's side column holds the long names without growing.
    if (steps % 10 === 0) {
      const d = await layout(host.page);
      assert.ok(d.pageWidth <= d.w, 'desktop: no sideways scroll');
      for (const n of d.names) assert.ok(n.right <= d.side.right + 0.5, `desktop: a long name stays in the side column (${n.right} > ${d.side.right})`);
    }
  }
  const final = await Promise.all(players.map((p) => gameStatus(p.page)));
  assert.ok(final.every((s) => s.over), `the game ended (${steps} clicks)`);
  console.log(`# phone game: ${steps} clicks, ${flashes} checks with a flash showing`);

  // Names are cut short with the whole name in the title.
  const names = (await layout(phone)).names;
  assert.deepEqual(names.map((n) => n.title).sort(), [FRIEND, HOST].sort());

  // Should no hit have happened, a flash is shown by hand: it sits over the
  // board, clear of the banner (the CSS is what is checked), with the page
  // where the game was played. The result scrolls itself into view a frame
  // after it shows, which puts the board under the banner: that scroll is
  // waited for and undone, so that the check never races it.
  if (!flashes) {
    await phone.waitForSelector('.result:not([hidden])');
    await phone.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await phone.evaluate(() => window.scrollTo(0, 0));
    await phone.evaluate(() => {
      const f = document.querySelector('.flash-msg');
      f.textContent = 'Chandrasekharan Iyengars hit you! Your pawn goes home, and Chandrasekharan Iyengars gets another throw.';
      f.hidden = false;
    });
    checkPhone(await layout(phone), 'a flash by hand');
  }

  // The result screen: one h1, no serious axe violation, nothing too wide.
  for (const p of [phone, host.page]) {
    await p.waitForSelector('.result:not([hidden])');
    assert.equal(await p.locator('h1').count(), 1, 'one h1 on the result screen');
    const v = await axeScan(p);
    assert.equal(v.length, 0, report(v));
  }
  const end = await layout(phone);
  assert.ok(end.pageWidth <= end.w, `result: no sideways scroll (${end.pageWidth})`);
  await shot(phone, 'phone-result-360');
  await shot(host.page, 'phone-result-host-1280');

  for (const p of players) {
    assert.deepEqual(p.page.errors, [], 'no script errors');
    await p.context.close();
  }
});

test('the game screen has one h1 and no serious axe violations, on the phone and the desktop', { timeout: 60000 }, async () => {
  const { host, friend } = await startGame(DESKTOP, PHONE);
  for (const p of [host.page, friend.page]) {
    assert.equal(await p.locator('h1').count(), 1, 'one h1 on the game screen');
    const v = await axeScan(p);
    assert.equal(v.length, 0, report(v));
  }
  for (const p of [host, friend]) await p.context.close();
});

test('phone landscape 640x360: board on the left, controls on the right, Throw and the banner in view without scrolling', { timeout: 120000 }, async () => {
  const { host, friend } = await startGame(DESKTOP, LANDSCAPE, { board: 5, pawns: 4 });
  const phone = friend.page;
  let steps = 0;
  let seenThrow = 0;
  const started = Date.now();
  while (steps < 40 && Date.now() - started < 80000) {
    const version = await inStep([host.page, phone]);
    let clicked = false;
    for (const p of [host, friend]) {
      if (p === friend) {
        // Looked at just before the phone's own click, which may be the
        // very Throw that the host's last click made appear.
        const before = await layout(phone);
        checkPhone(before, `landscape before step ${steps}`);
        if (before.throwBtn) seenThrow++;
      }
      if (await playOneClick(p.page)) {
        steps++;
        clicked = true;
      }
    }
    // Between two people someone always has a click, but for a game just over.
    if (!clicked && !(await gameStatus(phone)).over) await nextVersion(phone, version);
    const l = await layout(phone);
    assert.equal(l.scrollY, 0, 'the page has not scrolled');
    checkPhone(l, `landscape step ${steps}`);
    if (l.throwBtn) seenThrow++;
    assert.ok(l.board.right <= l.side.left + 1, `the board is left of the controls: ${JSON.stringify({ board: l.board, side: l.side })}`);
    if (steps === 6) await shot(phone, 'phone-landscape-640');
    if ((await gameStatus(phone)).over) break;
  }
  assert.ok(seenThrow > 0, 'Throw was shown at least once');
  for (const p of [host, friend]) {
    assert.deepEqual(p.page.errors, [], 'no script errors');
    await p.context.close();
  }
});
