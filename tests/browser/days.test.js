// Issue 28, "pace: live or over days" in the browser: a game over days
// between a grandmother's phone (360x640, in India) and a grandson's
// desktop (1280x800, in California). Each reads the clock of the player to
// move in their own time zone ("23 h 59 min left · until ..."); a break
// taken on the phone shows on the desktop as "On vacation until ..."; the
// server restarts in the middle of the game and both pages come back by
// themselves to the same game with the same clock (the same due time: the
// time used is kept, not restarted); play goes on.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPlayer, createRoom, joinRoom, shot, axeScan, playRounds, inStep, PHONE, DESKTOP } from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

/** Records the rooms' views a page receives: the newest is `seen.room`. */
function watchStates(page) {
  const seen = { room: null };
  page.on('websocket', (ws) => ws.on('framereceived', (f) => {
    try {
      const msg = JSON.parse(f.payload);
      if (msg.type === 'state') seen.room = msg.room;
    } catch {
      /* not JSON: not ours */
    }
  }));
  return seen;
}

const bannerClock = (page) => page.locator('.turn-banner .days-clock').textContent();

test('a game over days on a phone and a desktop: local clocks, a break seen by the other, a server restart with the clock kept', { timeout: 180000 }, async () => {
  const url = env.server.url;
  const desk = await newPlayer(env.browser, DESKTOP, { timezoneId: 'America/Los_Angeles' });
  const phone = await newPlayer(env.browser, PHONE, { timezoneId: 'Asia/Kolkata' });
  for (const p of [desk, phone]) p.page.setDefaultTimeout(15000);
  const deskSeen = watchStates(desk.page);
  const phoneSeen = watchStates(phone.page);

  // The form says what "over days" means, with the clock chosen.
  await desk.page.goto(`${url}/`);
  await desk.page.click('input[name="pace"][value="days"] + span');
  assert.equal(await desk.page.textContent('#pace-hint'), 'Each player moves when they can; you have 1 day for each turn.');
  assert.ok(await desk.page.locator('#opt-takeover').isHidden(), 'no computer stand-in over days');
  const code = await createRoom(desk.page, url, { name: 'Arjun', board: 5, players: 2, turnHours: 24 });
  await joinRoom(phone.page, url, code, 'Ajji');
  await desk.page.click('#start-btn');
  for (const p of [desk, phone]) await p.page.waitForSelector('.game svg.board .pawn');
  assert.equal(deskSeen.room.pace, 'days');
  assert.equal(deskSeen.room.turn_hours, 24);

  // Arjun (seat 0) moves first: both banners give his clock, each in its own time zone.
  await desk.page.waitForSelector('.turn-banner.mine .days-clock:not([hidden])');
  const deskClock = await bannerClock(desk.page);
  const phoneClock = await bannerClock(phone.page);
  assert.match(deskClock, /^2[34] h( \d+ min)? left · until \w{3} \d{1,2}:\d\d\s?[AP]M$/);
  assert.match(phoneClock, /^2[34] h( \d+ min)? left · until \w{3} \d{1,2}:\d\d\s?[AP]M$/);
  assert.notEqual(deskClock.split('until')[1], phoneClock.split('until')[1], 'California and India read different wall times');
  assert.match(await desk.page.textContent('.turn-banner'), /Your turn/);

  // Ajji takes a day's break: the desktop shows it on her seat.
  await phone.page.click('#vacation-btn');
  await phone.page.waitForSelector('dialog.vacation-dialog[open]');
  assert.match(await phone.page.textContent('dialog.vacation-dialog'), /You have 3 d of vacation left in this game/);
  await shot(phone.page, 'days-vacation-dialog-360');
  await phone.page.click('#vacation-go');
  await phone.page.waitForSelector('#back-btn');
  const badge = desk.page.locator('.player.seat-1 .badge.vacation');
  await badge.waitFor();
  assert.match(await badge.textContent(), /^On vacation until \w{3} \d{1,2}:\d\d\s?[AP]M$/);
  assert.deepEqual(await axeScan(phone.page), [], 'days game on a phone: no serious accessibility violations');
  await shot(desk.page, 'days-1280');
  await shot(phone.page, 'days-360');
  // Back early: the badge goes, the vacation left is what was not used.
  await phone.page.click('#back-btn');
  await badge.waitFor({ state: 'detached' });
  await phone.page.waitForSelector('#vacation-btn');

  // A few moves, then the server restarts in the middle of the game.
  await playRounds([desk.page, phone.page], 4, 30000);
  const version = await inStep([desk.page, phone.page]);
  const before = { due: deskSeen.room.due_at, toMove: await desk.page.locator('.turn-banner').getAttribute('class') };
  assert.ok(before.due > Date.now(), 'a due time to come');
  await env.server.restart();
  for (const p of [desk, phone]) {
    await p.page.waitForSelector('.conn-pill.open');
    await p.page.waitForFunction((v) => Number(document.querySelector('.game')?.dataset.version ?? -1) >= v, version);
  }
  // The same turn, with the same due time: the clock was not restarted.
  assert.equal(deskSeen.room.due_at, before.due);
  assert.equal(phoneSeen.room.due_at, before.due);
  assert.equal(await desk.page.locator('.turn-banner').getAttribute('class'), before.toMove);
  assert.match(await bannerClock(phone.page), /left · until/);

  // And the game goes on.
  assert.ok((await playRounds([desk.page, phone.page], 4, 30000)) > 0, 'play goes on after the restart');
  for (const p of [desk, phone]) {
    assert.deepEqual(p.page.errors, []);
    await p.context.close();
  }
});
