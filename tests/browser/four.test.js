// A 4-player start with four browsers, each seeing its own home at the
// bottom of the board; then a few turns on a 7x7 board for screenshots,
// with the host putting a computer player in a seat first.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser, newPlayer, createRoom, joinRoom, playRound, gameStatus, shot, PHONE, DESKTOP,
} from './helpers.js';

const env = serverAndBrowser();

/** The display row of the home square of `seat` (the bottom row is the largest y). */
function homeAtBottom(page, seat) {
  return page.evaluate((s) => {
    const rects = [...document.querySelectorAll('svg.board rect.cell')];
    const maxY = Math.max(...rects.map((r) => +r.getAttribute('y')));
    const home = document.querySelector(`svg.board rect.home-${s}`);
    return +home.getAttribute('y') === maxY;
  }, seat);
}

test('four players start a 4-player game, each with its own home at the bottom', { timeout: 120000 }, async () => {
  const names = ['Asha', 'Ravi', 'Meena', 'Kiran'];
  const people = [];
  for (let i = 0; i < 4; i++) people.push(await newPlayer(env.browser, i === 0 ? DESKTOP : PHONE));
  const code = await createRoom(people[0].page, env.server.url, { name: names[0], board: 7, players: 4 });
  for (let i = 1; i < 4; i++) await joinRoom(people[i].page, env.server.url, code, names[i]);
  await people[0].page.waitForFunction(() => document.querySelectorAll('.seat.taken').length === 4);
  await people[0].page.click('#start-btn');
  for (const p of people) await p.page.waitForSelector('.game svg.board .pawn');

  for (let i = 0; i < 4; i++) {
    const page = people[i].page;
    assert.equal(await page.locator('.players .player').count(), 4, 'four players listed');
    assert.ok(await homeAtBottom(page, i), `seat ${i} sees its home at the bottom`);
    assert.ok(await page.isVisible('.truce'), 'truces shown in a 4-player game');
    assert.equal(await page.locator('svg.board rect.cell').count(), 49);
  }
  // Only seat 0 may act first.
  assert.ok(await people[0].page.isVisible('#throw-btn'));
  for (let i = 1; i < 4; i++) assert.equal(await people[i].page.locator('#throw-btn:visible').count(), 0);

  // A few rounds of real play for the 7x7 screenshots.
  let actions = 0;
  const until = Date.now() + 15000;
  while (actions < 40 && Date.now() < until) {
    const clicks = await playRound(people.map((p) => p.page), until);
    if (clicks < 0 || (await gameStatus(people[0].page)).over) break;
    actions += clicks;
  }
  assert.ok(actions > 0);
  await shot(people[0].page, 'game-7x7-4p-1280');
  await shot(people[1].page, 'game-7x7-4p-360');
  for (const p of people) {
    assert.deepEqual(p.page.errors, []);
    await p.context.close();
  }
});

test('the host puts a computer in an empty seat and plays it on 7x7', { timeout: 120000 }, async () => {
  // With motion on: moves walk square by square and cowries tumble.
  const host = await newPlayer(env.browser, PHONE, { reducedMotion: 'no-preference' });
  const desk = await newPlayer(env.browser, DESKTOP, { reducedMotion: 'no-preference' });
  const code = await createRoom(host.page, env.server.url, { name: 'Asha', board: 7, players: 2 });
  await host.page.selectOption('#bot-1', 'easy');
  await host.page.waitForSelector('.seat.taken >> text=Computer (easy)');
  // Another browser watching sees it too, live.
  await desk.page.goto(`${env.server.url}/r/${code}`);
  await desk.page.waitForSelector('text=Computer (easy)');
  await host.page.click('#start-btn');
  await host.page.waitForSelector('.game svg.board .pawn');
  let actions = 0;
  const until = Date.now() + 20000;
  while (actions < 30 && Date.now() < until) {
    const clicks = await playRound([host.page], until);
    if (clicks < 0 || (await gameStatus(host.page)).over) break;
    actions += clicks;
  }
  assert.ok(actions >= 5, `played ${actions} clicks against the computer`);
  await shot(host.page, 'game-7x7-360');
  await shot(desk.page, 'game-7x7-1280');
  assert.deepEqual(host.page.errors, []);
  await host.context.close();
  await desk.context.close();
});
