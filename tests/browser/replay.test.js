// Issue 16, items 1, 2 and 4: every game can be watched again. A finished
// game is stepped through move by move (buttons, the slider, the keys, a
// link to one move) with the board, the move counter and the live log's
// words changing as it goes; My games remembers it; its record downloads
// and the real `chowka replay` accepts the file; the game in numbers adds
// up; a game still being played shows its moves so far; a code with no
// game says so. Phone and desktop, axe, one h1, every text in the catalog.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  serverAndBrowser, newPlayer, apiCreateRoom, apiNewPlayer, holdPlayer, openInSeat, playToEnd, playRounds, gameStatus, startTwoPlayerGame,
  axeScan, shot, chowkaBin, PHONE, DESKTOP,
} from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

/** Where every pawn is drawn: a fingerprint of the board. */
const pawnsAt = (page) => page.$$eval('svg.board .pawn', (els) => els.map((e) => `${e.dataset.seat}:${e.dataset.pawns}@${e.getAttribute('transform')}`).sort().join(' '));
const status = (page) => page.locator('#replay-status').textContent();
const events = (page) => page.locator('#replay-events').textContent();
const atMove = (page, n, total) => page.waitForSelector(`#replay-status >> text=Move ${n} of ${total}`);

/** Serious or critical axe findings and the h1 count: what every page must pass. */
async function accessible(page, name) {
  assert.equal(await page.locator('h1').count(), 1, `${name}: one h1`);
  assert.deepEqual(await axeScan(page), [], `${name}: no serious or critical axe violations`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name}: nothing wider than the screen`);
  assert.deepEqual(await page.evaluate(() => [...window.__chowkaMissingKeys]), [], `${name}: every text in the catalog`);
}

/**
 * A game of Asha against the computer (one pawn each, so it is short),
 * played to its end in `page`, whose browser holds Asha's player.
 */
async function finishedGame(page) {
  const secret = await apiNewPlayer(env.server.url, 'Asha');
  await holdPlayer(page, env.server.url, secret);
  const room = await apiCreateRoom(env.server.url, { name: 'Asha', players: 2, options: { pawns: 1 }, bots: [{ seat: 1, level: 'easy' }], start: true }, secret);
  await openInSeat(page, env.server.url, room.code, room);
  await page.waitForSelector('.game svg.board .pawn');
  await playToEnd(page, 90000);
  assert.ok((await gameStatus(page)).over, 'the game ended');
  return room.code;
}

let finished = null;

test('a finished game is watched again move by move: buttons, keys, slider, a link to a move, its numbers and its record', { timeout: 240000 }, async () => {
  const url = env.server.url;
  const asha = await newPlayer(env.browser, DESKTOP);
  const { page } = asha;
  page.setDefaultTimeout(15000);
  // The page's timers run on a clock the test can move on (time still
  // flows by itself): "paused stays put" is then checked without waiting.
  await page.clock.install();
  const code = await finishedGame(page);
  finished = code;
  const replay = await (await fetch(`${url}/api/games/${code}/replay`)).json();
  const total = replay.total;
  const { record } = await (await fetch(`${url}/api/games/${code}`)).json();
  assert.equal(total, record.actions.length);
  assert.ok(total >= 4, `a few moves at least (${total})`);

  // The end of the game offers its replay; all my games lists the game,
  // finished, with its result (the player made it from this browser).
  await page.waitForSelector('#watch-replay');
  await page.goto(`${url}/#my-games`);
  const entry = page.locator('#mygames-finished .mygame');
  await entry.waitFor();
  assert.equal(await entry.count(), 1);
  const said = await entry.textContent();
  assert.match(said, /Asha \(you\)/);
  const w = replay.result.winner;
  assert.match(said, w === 0 ? /You won/ : w === 1 ? /Computer \(easy\) won/ : /Draw/);
  await accessible(page, 'my games');
  await shot(page, 'mygames-1280');
  await entry.getByRole('link', { name: 'Watch again' }).click();

  // The start, then one move forward: the throw, in the live log's words.
  await atMove(page, 0, total);
  assert.match(await events(page), /begins/);
  const start = await pawnsAt(page);
  await page.click('#replay-next');
  await atMove(page, 1, total);
  assert.match(await events(page), /threw \d/i);
  assert.equal(new URL(page.url()).hash, '#move=1', 'the address is the link to the move shown');

  // On with the arrow key to the first move of a pawn: the board changes.
  const walk = replay.frames.findIndex((f) => f.events.some((e) => e.type === 'walked'));
  assert.ok(walk > 1, 'a pawn walks after a throw');
  for (let n = 1; n < walk; n++) await page.keyboard.press('ArrowRight');
  await atMove(page, walk, total);
  assert.match(await events(page), /moved pawn 1|brought pawn 1/);
  const moved = await pawnsAt(page);
  assert.notEqual(moved, start, 'the pawn stands somewhere else');
  assert.ok(await page.locator('svg.board .trail').count() > 0, 'the squares walked light up, as in live play');
  // And back: the board is as it was.
  await page.keyboard.press('ArrowLeft');
  await atMove(page, walk - 1, total);
  assert.equal(await pawnsAt(page), start);
  await page.click('#replay-prev');
  await atMove(page, walk - 2, total);

  // End and Home; space plays and pauses.
  await page.keyboard.press('End');
  await atMove(page, total, total);
  assert.match(await status(page), /won|draw/i);
  assert.ok(await page.locator('#replay-next').isDisabled());
  await page.keyboard.press('Home');
  await atMove(page, 0, total);
  await page.selectOption('#replay-speed', '8');
  // Out of the speed list (where space would choose), onto the page itself.
  await page.locator('#replay-heading').click();
  await page.keyboard.press(' ');
  assert.equal(await page.getAttribute('#replay-play', 'aria-pressed'), 'true');
  await page.waitForFunction(() => /Move ([3-9]|\d\d+) of/.test(document.querySelector('#replay-status').textContent));
  await page.keyboard.press(' ');
  assert.equal(await page.getAttribute('#replay-play', 'aria-pressed'), 'false');
  const paused = await status(page);
  // Five frames' time at this speed: every timer due in it fires.
  await page.clock.runFor(600);
  assert.equal(await status(page), paused, 'paused stays put');

  // The slider and the round list jump anywhere.
  const mid = Math.floor(total / 2);
  await page.locator('#replay-slider').fill(String(mid));
  await atMove(page, mid, total);
  const round2 = replay.frames.findIndex((f) => f.game.round === 2);
  await page.selectOption('#replay-round', String(round2));
  await atMove(page, round2, total);
  assert.match(await status(page), /round 2/);

  // A hit shows over the board, as in live play. A one-pawn game is won
  // only past the gate, which opens with a hit (R8); a draw may have none.
  const hit = replay.frames.findIndex((f) => f.events.some((e) => e.type === 'hit'));
  assert.ok(w === undefined || hit > 0, 'the winner hit someone');
  if (hit > 0) {
    await page.locator('#replay-slider').fill(String(hit));
    await atMove(page, hit, total);
    assert.match(await page.locator('.flash-msg.flash-hit:not([hidden])').textContent(), /hit/);
    await page.locator('#replay-slider').fill(String(hit - 1));
    await atMove(page, hit - 1, total);
    assert.equal(await page.locator('.flash-msg:not([hidden])').count(), 0, 'and is gone from the move before');
  }

  // A link to a move opens there; a move typed into the address bar too.
  await page.goto(`${url}/r/${code}#move=${mid}`);
  await atMove(page, mid, total);
  await page.evaluate(() => (location.hash = 'move=2'));
  await atMove(page, 2, total);

  // The game in numbers: every throw counted, against the odds.
  const throws = record.actions.filter((a) => a.do === 'throw').length;
  const thrown = await page.$$eval('.numbers-table tbody td:nth-child(2)', (tds) => tds.map((td) => Number(td.textContent)));
  assert.equal(thrown.length, 5, 'a row per value: 1, 2, 3, 4, 8');
  assert.equal(thrown.reduce((a, b) => a + b, 0), throws);
  assert.match(await page.locator('.numbers-table caption').first().textContent(), new RegExp(`^${throws} throws?`));
  assert.equal(await page.locator('.numbers-players li').count(), 2, 'each player\'s figures');
  assert.match(await page.locator('.numbers-players li').first().textContent(), /Asha \(you\)Turns\d+Hits\d+Was hit\d+Time taken\d+ (s|min)/);
  assert.equal(await page.locator('svg.numbers-chart rect.bar').count(), 5);

  // Fair throws: a record with its seeds has every throw checked in the
  // page (fair.js, issue 16 item 3, lands beside this viewer).
  const fairChecked = record.fair && fs.existsSync(new URL('../../web-client/js/fair.js', import.meta.url));
  if (fairChecked) {
    await page.waitForSelector('.replay-fair.ok');
    assert.match(await page.locator('.replay-fair').textContent(), new RegExp(`checked all ${throws} throws: each one comes from the seeds`));
  }

  // The record downloads, and the real chowka replays the file to the same end.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#replay-download')]);
  assert.equal(download.suggestedFilename(), `chowka-${code}.json`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chowka-record-')), download.suggestedFilename());
  await download.saveAs(file);
  assert.deepEqual(JSON.parse(fs.readFileSync(file, 'utf8')), record);
  const replayed = JSON.parse(execFileSync(chowkaBin(), ['replay', file], { encoding: 'utf8' }));
  assert.deepEqual(replayed.result, replay.result);
  assert.equal(replayed.actions, total);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });

  await accessible(page, 'replay, desktop');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'replay-1280');
  // A record with one throw changed: the page names that throw and shows it.
  if (fairChecked) {
    const changed = structuredClone(record);
    const first = changed.actions.findIndex((a) => a.do === 'throw');
    changed.actions[first].value = changed.actions[first].value === 1 ? 2 : 1;
    await page.route(`**/api/games/${code}`, (route) => route.fulfill({ json: { id: code, finished_at: 0, result: replay.result, record: changed } }));
    // A new page load (a new hash alone would stay on the same page).
    await page.reload();
    await page.waitForSelector('.replay-fair.bad');
    assert.match(await page.locator('.replay-fair').textContent(), new RegExp(`Throw 1 of ${throws} does not come from the seeds in this record`));
    await page.locator('.replay-fair a').click();
    await atMove(page, first + 1, total);
    await page.unrouteAll();
  }

  await page.goto(`${url}/`);
  await page.waitForSelector('#mygames-card');
  await accessible(page, 'home with my games');

  // On a phone: the same replay, a move opened by its link.
  const phone = await newPlayer(env.browser, PHONE);
  phone.page.setDefaultTimeout(15000);
  await phone.page.goto(`${url}/r/${code}#move=${walk}`);
  await atMove(phone.page, walk, total);
  assert.equal(await pawnsAt(phone.page), moved, 'the same board from the link');
  await accessible(phone.page, 'replay, phone');
  await shot(phone.page, 'replay-360');

  for (const p of [asha, phone]) {
    assert.deepEqual(p.page.errors, []);
    await p.context.close();
  }
});

test('the moves so far of a game still being played, and a room with no game', { timeout: 120000 }, async () => {
  const url = env.server.url;
  const { code, host, friend } = await startTwoPlayerGame(env, { room: { name: 'Asha', players: 2 }, friendName: 'Ravi' });
  // Asha throws first; a few of her clicks and Ravi's.
  await playRounds([host.page, friend.page], 5, 15000);
  const { total } = await (await fetch(`${url}/api/rooms/${code}/replay`)).json();
  assert.ok(total >= 2, `some moves were made (${total})`);

  const watcher = await newPlayer(env.browser, PHONE);
  watcher.page.setDefaultTimeout(15000);
  await watcher.page.goto(`${url}/r/${code}#replay`);
  await atMove(watcher.page, 0, total);
  assert.match(await watcher.page.locator('.replay-sub').textContent(), /still being played/);
  await watcher.page.keyboard.press('End');
  await atMove(watcher.page, total, total);
  assert.equal(await watcher.page.locator('.numbers').count(), 0, 'the numbers wait for the end');
  await watcher.page.getByRole('link', { name: 'Back to the game' }).waitFor();
  await accessible(watcher.page, 'live replay, phone');
  await shot(watcher.page, 'replay-live-360');

  // A code with no game behind it says so.
  await watcher.page.goto(`${url}/r/ZZZZZZZ#replay`);
  await watcher.page.waitForSelector('h1 >> text=No game to replay here');
  await accessible(watcher.page, 'no game to replay');

  for (const p of [host, friend, watcher]) {
    assert.deepEqual(p.page.errors, []);
    await p.context.close();
  }
});

test('the replay in Kannada: every text from the catalog', { timeout: 60000 }, async () => {
  assert.ok(finished, 'the first test finished a game');
  const reader = await newPlayer(env.browser, PHONE, { locale: 'kn-IN' });
  reader.page.setDefaultTimeout(15000);
  await reader.page.goto(`${env.server.url}/r/${finished}#move=1`);
  await reader.page.waitForSelector('#replay-status >> text=ನಡೆ 1');
  assert.equal(await reader.page.getAttribute('html', 'lang'), 'kn');
  assert.match(await reader.page.locator('#replay-heading').textContent(), /ರೀಪ್ಲೇ/);
  await accessible(reader.page, 'replay in Kannada');
  await shot(reader.page, 'replay-kn-360');
  assert.deepEqual(reader.page.errors, []);
  await reader.context.close();
});
