// A finished game's turning points on its replay page (issue 33 item 3):
// while the server analyses the game the card says so, then a chart of
// every player's chance turn by turn (a line per player, the three
// turning points numbered on it), the same numbers in a table, and the
// three turning points in plain words, each with a button that shows its
// move on the board. An answer that cannot be had leaves a quiet line and
// the replay working. Desktop and a 360x640 phone, axe, every text in the
// catalog.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser, newPlayer, apiCreateRoom, apiNewPlayer, holdPlayer, openInSeat, playToEnd, gameStatus,
  axeScan, shot, PHONE, DESKTOP,
} from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });
/** The game the first test finished, for the second. */
let finished = null;

/** One h1, no serious or critical axe findings, nothing wider than the screen, every text in the catalog, no script error. */
async function accessible(page, name) {
  assert.equal(await page.locator('h1').count(), 1, `${name}: one h1`);
  assert.deepEqual(await axeScan(page), [], `${name}: no serious or critical axe violations`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name}: nothing wider than the screen`);
  assert.deepEqual(await page.evaluate(() => [...window.__chowkaMissingKeys]), [], `${name}: every text in the catalog`);
  assert.deepEqual(page.errors, [], `${name}: no script errors`);
}

/** A game of Asha against the computer (two pawns each, the gate open), played to its end in `page`. */
async function finishedGame(page) {
  const secret = await apiNewPlayer(env.server.url, 'Asha');
  await holdPlayer(page, env.server.url, secret);
  const room = await apiCreateRoom(env.server.url, {
    name: 'Asha', players: 2, options: { pawns: 2, gate: 'open' }, bots: [{ seat: 1, level: 'easy' }], start: true,
  }, secret);
  await openInSeat(page, env.server.url, room.code, room);
  await page.waitForSelector('.game svg.board .pawn');
  await playToEnd(page, 150000);
  assert.ok((await gameStatus(page)).over, 'the game ended');
  return room.code;
}

/** The analysis from the API, asked for until the server has it. */
async function analysisOf(code) {
  for (let i = 0; i < 60; i++) {
    const res = await fetch(`${env.server.url}/api/games/${code}/analysis`);
    if (res.status === 200) return res.json();
    assert.equal(res.status, 202, 'analysing, or done');
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('no analysis after 30 s');
}

/** Checks the card of `page`, whose replay shows game `code` analysed as `analysis`; returns the swing items' texts. */
async function checkCard(page, analysis, name) {
  const seats = analysis.points[0].chances.length;
  const marks = Math.min(3, analysis.swings.length);
  const chart = page.locator('#analysis svg.analysis-chart');
  await chart.waitFor();
  assert.equal(await page.locator('#analysis h2').textContent(), 'Turning points');
  assert.equal(await chart.getAttribute('role'), 'img');
  const label = await chart.getAttribute('aria-label');
  assert.match(label, /^Winning chances turn by turn/, `${name}: the chart is named`);
  assert.match(label, /Asha finished with \d+%/, `${name}: the chart's name says how Asha finished`);
  assert.equal(await chart.locator('polyline.analysis-line').count(), seats, `${name}: one line per player`);
  assert.equal(await chart.locator('line.guide').count(), 1, `${name}: the 50% guide`);
  assert.deepEqual(await chart.locator('.analysis-mark text').allTextContents(), ['1', '2', '3'].slice(0, marks), `${name}: the turning points numbered`);
  // The table has a row per turn start and the end, a column per player.
  assert.equal(await page.locator('.analysis-table tbody tr').count(), analysis.points.length);
  assert.equal(await page.locator('.analysis-table thead th').count(), 2 + seats);
  assert.match(await page.locator('.analysis-method').textContent(), /chance to win at the start of every turn/);

  const items = page.locator('.analysis-swing');
  assert.equal(await items.count(), marks, `${name}: the turning points listed`);
  const texts = await items.allTextContents();
  for (const [k, text] of texts.entries()) {
    assert.doesNotMatch(text, /[{}]|undefined|NaN|null|\bR\d+\b/, `${name}: turning point ${k + 1} in plain words: ${text}`);
    assert.match(text, /^\d+Round \d+, .+’s turn: .+’s (own )?chance (fell|rose) from \d+% to \d+%\./, `${name}: turning point ${k + 1} says whose chance moved: ${text}`);
    const sw = analysis.swings[k];
    if (sw.decision) {
      assert.match(text, /played: .+\. Better: .+ \(\d+ points? more chance to win\)\. .+\./, `${name}: the move and the better one: ${text}`);
      assert.match(text, /(Move|Bring in) pawns? \d/, `${name}: moves in words: ${text}`);
    } else {
      assert.match(text, /The throws decided this turn\./);
    }
    assert.match(text, /Show$/, `${name}: a button to show it`);
  }
  return texts;
}

test('a finished game\'s turning points: chart, table and three turns in words, each shown on the board', { timeout: 300000 }, async () => {
  const url = env.server.url;
  const asha = await newPlayer(env.browser, DESKTOP);
  const { page } = asha;
  page.setDefaultTimeout(20000);
  const code = await finishedGame(page);
  finished = code;

  // The first to open the replay asks first: the server is still analysing.
  const asked = [];
  page.on('response', (r) => {
    if (r.url().endsWith(`/api/games/${code}/analysis`)) asked.push(r.status());
  });
  await page.goto(`${url}/r/${code}#replay`);
  await page.waitForSelector('#replay-status >> text=Move 0 of');
  await page.locator('#analysis svg.analysis-chart').waitFor();
  assert.ok(asked.length >= 1 && asked.at(-1) === 200, `asked until answered (${asked})`);
  if (asked[0] === 202) {
    assert.ok(asked.length >= 2, 'asked again after "analysing"');
  }
  const analysis = await analysisOf(code);
  assert.equal(analysis.id, code);
  assert.ok(analysis.points.length >= 4, `a few turns (${analysis.points.length})`);
  assert.equal(analysis.swings.length, 3, 'three turning points');
  await checkCard(page, analysis, 'desktop');
  assert.equal(await page.locator('#analysis-note').textContent(), '', 'nothing left of the waiting line');

  // "Show" jumps the replay to the turning point's move.
  const total = (await (await fetch(`${url}/api/games/${code}/replay`)).json()).total;
  const status = page.locator('#replay-status .replay-count');
  assert.equal(await status.textContent(), `Move 0 of ${total}`);
  for (const k of [0, 2]) {
    const button = page.locator('.analysis-show').nth(k);
    const frame = Number(await button.getAttribute('data-frame'));
    const sw = analysis.swings[k];
    const expected = sw.decision ? sw.decision.action + 1 : analysis.points[sw.point].action + 1;
    assert.equal(frame, Math.min(expected, total));
    await button.click();
    await page.waitForSelector(`#replay-status >> text=Move ${frame} of ${total}`);
    assert.equal(new URL(page.url()).hash, `#move=${frame}`);
  }
  // The table opens.
  await page.locator('.analysis-details summary').click();
  assert.ok(await page.locator('.analysis-table').isVisible());
  await accessible(page, 'desktop');
  await page.locator('#analysis').scrollIntoViewIfNeeded();
  await page.locator('.analysis-details summary').click();
  await page.locator('#analysis').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot(page, 'analysis-1280');

  // On a phone: the card fits, and "Show" brings the board into view.
  const phone = await newPlayer(env.browser, PHONE);
  phone.page.setDefaultTimeout(20000);
  await phone.page.goto(`${url}/r/${code}#replay`);
  await checkCard(phone.page, analysis, 'phone');
  const box = await phone.page.locator('svg.analysis-chart').boundingBox();
  assert.ok(box.width >= 280 && box.x >= 0 && box.x + box.width <= 360, `the chart fills the phone's width (${JSON.stringify(box)})`);
  const show = phone.page.locator('.analysis-show').nth(1);
  await show.scrollIntoViewIfNeeded();
  const frame = Number(await show.getAttribute('data-frame'));
  await show.click();
  await phone.page.waitForSelector(`#replay-status >> text=Move ${frame} of ${total}`);
  await phone.page.waitForFunction(() => {
    const r = document.querySelector('#replay-status').getBoundingClientRect();
    return r.top >= -1 && r.bottom <= window.innerHeight + 1;
  }, null, { timeout: 5000 });
  await accessible(phone.page, 'phone');
  await phone.page.locator('#analysis').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot(phone.page, 'analysis-360');
  await phone.page.locator('.analysis-swings').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot(phone.page, 'analysis-swings-360');

  // While the server analyses, the card says so; an answer that never
  // comes leaves a quiet line and the replay working.
  const waiting = await newPlayer(env.browser, PHONE);
  waiting.page.setDefaultTimeout(20000);
  let calls = 0;
  await waiting.page.route(`**/api/games/${code}/analysis`, (route) => {
    calls++;
    return calls < 3 ? route.fulfill({ status: 202, json: { status: 'analysing' } }) : route.fulfill({ status: 500, json: { code: 'internal', message: 'boom' } });
  });
  await waiting.page.goto(`${url}/r/${code}#replay`);
  await waiting.page.waitForSelector('#analysis-note[aria-live="polite"] >> text=Analysing the game…');
  await waiting.page.waitForSelector('#analysis-note >> text=cannot be shown just now');
  assert.equal(calls, 3, 'asked again while analysing, then not after the error');
  assert.equal(await waiting.page.locator('#analysis svg').count(), 0);
  await waiting.page.click('#replay-next');
  await waiting.page.waitForSelector(`#replay-status >> text=Move 1 of ${total}`);
  await accessible(waiting.page, 'phone, analysis failed');

  for (const p of [asha, phone, waiting]) await p.context.close();
});

test('the turning points in Hindi: every text from the catalog, percentages in Latin digits', { timeout: 120000 }, async () => {
  const url = env.server.url;
  const code = finished;
  assert.ok(code, 'the first test finished a game');
  const reader = await newPlayer(env.browser, PHONE, { locale: 'hi-IN' });
  reader.page.setDefaultTimeout(20000);
  await reader.page.goto(`${url}/r/${code}#replay`);
  await reader.page.locator('#analysis svg.analysis-chart').waitFor();
  assert.equal(await reader.page.locator('#analysis h2').textContent(), 'निर्णायक मोड़');
  for (const text of await reader.page.locator('.analysis-swing').allTextContents()) {
    assert.match(text, /^\d+दौर \d+, .+ की बारी: .+ संभावना \d+% से (गिरकर|बढ़कर) \d+% /, text);
    assert.doesNotMatch(text, /[{}]|undefined|NaN|Round|played|Better/, text);
  }
  assert.deepEqual(await reader.page.evaluate(() => [...window.__chowkaMissingKeys]), []);
  assert.deepEqual(await axeScan(reader.page), []);
  await reader.page.locator('#analysis').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot(reader.page, 'analysis-hi-360');
  assert.deepEqual(reader.page.errors, []);
  await reader.context.close();
});
