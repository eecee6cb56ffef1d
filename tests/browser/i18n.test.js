// Issue 14 (play in Kannada, Telugu, Hindi, Marathi, Tamil and English):
// every language whose catalogs are all there renders home, a lobby, a
// game and a result on a 360x640 phone with no missing key, `<html lang>`
// set, no sideways scrolling and no button whose words are cut; the
// pickers switch the language and it is remembered; a first visit takes
// the browser's language; two players in one room each see their own.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  serverAndBrowser, newPlayer, PHONE, DESKTOP, apiCreateRoom, apiTakeSeat, openInSeat, gameStatus, answered, shot, playToEnd,
} from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const I18N = path.resolve(here, '..', '..', 'web-client', 'i18n');
/** The languages whose three catalogs exist (English first). */
const LANGS = ['en', ...fs.readdirSync(I18N).filter((d) => d !== 'en'
  && ['ui', 'game', 'guide'].every((a) => fs.existsSync(path.join(I18N, d, `${a}.js`)))).sort()];

/** One catalog area's texts (imported from its source: web-client has no package.json). */
async function catalog(lang, area) {
  const src = fs.readFileSync(path.join(I18N, lang, `${area}.js`), 'utf8');
  return (await import(`data:text/javascript;base64,${Buffer.from(src).toString('base64')}`)).default;
}

const env = serverAndBrowser();

/** Remembers `lang` as this browser's choice, as the picker does (before any page of the site loads). */
async function chooseByStorage(page, lang) {
  await page.goto(`${env.server.url}/favicon.svg`);
  await page.evaluate((l) => localStorage.setItem('chowka.lang', l), lang);
}

/** What must hold on every screen in every language; returns the problems found. */
async function check(page, lang, screen) {
  // Measured once the fonts are in (a script's fallback font has other
  // widths) and the screen is laid out: the frame after the next.
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
  const found = await page.evaluate(() => ({
    missing: [...(window.__chowkaMissingKeys ?? ['(no i18n)'])],
    lang: document.documentElement.lang,
    // The server's English name of a computer's seat, never shown as it is outside English.
    serverBotName: /Computer \((easy|medium|hard)\)/.test(document.body.innerText),
    width: document.documentElement.scrollWidth,
    // Buttons whose words do not fit their box (cut off, or spilling out).
    cut: [...document.querySelectorAll('button, .btn')]
      .filter((b) => b.getClientRects().length && b.scrollWidth > b.clientWidth + 1)
      .map((b) => `${b.id || b.className}: "${b.textContent.trim()}" ${b.scrollWidth}>${b.clientWidth}`),
  }));
  await shot(page, `i18n-${lang}-${screen}-360`);
  const problems = [];
  if (found.missing.length) problems.push(`${lang} ${screen}: missing keys ${found.missing.join(', ')}`);
  if (lang !== 'en' && found.serverBotName) problems.push(`${lang} ${screen}: a computer named in English`);
  if (found.lang !== lang) problems.push(`${lang} ${screen}: <html lang="${found.lang}">`);
  if (found.width > 360) problems.push(`${lang} ${screen}: the page is ${found.width} px wide`);
  for (const c of found.cut) problems.push(`${lang} ${screen}: button text cut: ${c}`);
  return problems;
}

/** A finished 5x5 one-pawn game against the computer, played out once; every language views its result. */
let finished = null;
async function finishedGame() {
  if (finished) return finished;
  const { page, context } = await newPlayer(env.browser, DESKTOP);
  const room = await apiCreateRoom(env.server.url, { name: 'Asha', players: 2, public: true, options: { board: 5, pawns: 1, gate: 'open' }, bots: [{ seat: 1, level: 'easy' }], start: true });
  await openInSeat(page, env.server.url, room.code, room);
  await page.waitForSelector('.game svg.board .pawn');
  await playToEnd(page, 150000);
  assert.ok((await gameStatus(page)).over, 'the game ended');
  await context.close();
  finished = room;
  return room;
}

for (const lang of LANGS) {
  test(`${lang}: home, lobby, game and result on a 360x640 phone: every key there, <html lang>, nothing too wide or cut`, { timeout: 240000 }, async () => {
    const url = env.server.url;
    const done = await finishedGame();
    const { page, context } = await newPlayer(env.browser, PHONE);
    page.setDefaultTimeout(15000);
    await chooseByStorage(page, lang);
    const problems = [];

    // Home, with a finished game in the recent games and the form's options filled in.
    await page.goto(`${url}/`);
    await page.waitForSelector('#play-computer');
    await page.waitForSelector('#opt-pawns option', { state: 'attached' });
    await page.waitForSelector('.game-list .game-item');
    problems.push(...await check(page, lang, 'home'));
    await page.click('details.options > summary');
    problems.push(...await check(page, lang, 'options'));

    // A lobby as its host: a friend seated (a remove button), a computer in a seat, one seat empty.
    const room = await apiCreateRoom(url, { name: 'Asha', players: 3, options: { board: 5 }, bots: [{ seat: 2, level: 'easy' }] });
    await apiTakeSeat(url, room.code, 'Ravi', 1);
    await openInSeat(page, url, room.code, room);
    await page.waitForSelector('#start-btn:not([disabled])');
    await page.waitForSelector('#remove-1');
    problems.push(...await check(page, lang, 'lobby'));

    // The game, as it starts, and after a throw if the first turn is ours.
    await page.click('#start-btn');
    await page.waitForSelector('.game svg.board .pawn');
    if ((await gameStatus(page)).canThrow) {
      await page.click('#throw-btn');
      await answered(page);
    }
    problems.push(...await check(page, lang, 'game'));

    // The result of the finished game, in the winner's or loser's seat.
    await openInSeat(page, url, done.code, done);
    await page.waitForSelector('.result:not([hidden])');
    problems.push(...await check(page, lang, 'result'));

    assert.deepEqual(page.errors, []);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('the header picker switches the language and it is remembered; the room bar has one too', { timeout: 120000 }, async () => {
  const url = env.server.url;
  const { page, context } = await newPlayer(env.browser, PHONE);
  await page.goto(`${url}/`);
  await page.waitForSelector('#play-computer');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  // The picker is named in words, and each language in itself.
  assert.equal(await page.locator('#lang-select').evaluate((s) => s.labels[0].textContent.trim()), 'Language');
  assert.equal(await page.locator('#lang-select option[value="kn"]').textContent(), 'ಕನ್ನಡ');
  const kn = await catalog('kn', 'ui').catch(() => null);
  await Promise.all([page.waitForEvent('load'), page.selectOption('#lang-select', 'kn')]);
  await page.waitForSelector('#play-computer');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'kn');
  if (kn) assert.equal((await page.textContent('#play-computer')).trim(), kn['home.playComputer']);
  // Remembered: a new visit, even in another tab, is in Kannada.
  const again = await context.newPage();
  again.errors = [];
  again.on('pageerror', (e) => again.errors.push(e.message));
  await again.goto(`${url}/`);
  await again.waitForSelector('#play-computer');
  assert.equal(await again.evaluate(() => [document.documentElement.lang, localStorage.getItem('chowka.lang')].join()), 'kn,kn');
  if (kn) assert.match(await again.title(), new RegExp(kn['site.gameName']));

  // In a room: the globe button opens the languages; choosing one redraws the room in it.
  const room = await apiCreateRoom(url, { name: 'Asha', players: 2 });
  await openInSeat(again, url, room.code, room);
  await again.waitForSelector('.lobby');
  await again.click('#lang-btn');
  await again.waitForSelector('dialog.lang-dialog[open]');
  await shot(again, 'i18n-room-picker-360');
  assert.equal(await again.getAttribute('dialog.lang-dialog button[aria-current="true"]', 'lang'), 'kn');
  await Promise.all([again.waitForEvent('load'), again.click('dialog.lang-dialog button[lang="te"]')]);
  await again.waitForSelector('.lobby');
  assert.equal(await again.evaluate(() => [document.documentElement.lang, localStorage.getItem('chowka.lang')].join()), 'te,te');
  // Still in the seat: the host's start button is there.
  await again.waitForSelector('#start-btn');
  assert.deepEqual([...page.errors, ...again.errors], []);
  await context.close();
});

test('a first visit takes the browser\'s language (kn-IN: Kannada); an unknown one gets English', async () => {
  const url = env.server.url;
  const kannada = await newPlayer(env.browser, PHONE, { locale: 'kn-IN' });
  await kannada.page.goto(`${url}/`);
  await kannada.page.waitForSelector('#play-computer');
  assert.equal(await kannada.page.evaluate(() => document.documentElement.lang), 'kn');
  const other = await newPlayer(env.browser, PHONE, { locale: 'fr-FR' });
  await other.page.goto(`${url}/`);
  await other.page.waitForSelector('#play-computer');
  assert.equal(await other.page.evaluate(() => document.documentElement.lang), 'en');
  await kannada.context.close();
  await other.context.close();
});

test('two players in one room each see it in their own language', { timeout: 90000 }, async () => {
  const url = env.server.url;
  const [en, hi] = [await catalog('en', 'ui'), await catalog('hi', 'ui').catch(() => null)];
  const other = hi ? 'hi' : 'kn';
  const theirs = hi ?? await catalog('kn', 'ui');
  const room = await apiCreateRoom(url, { name: 'Asha', players: 2, options: { board: 5, pawns: 1, gate: 'open' } });
  const seat = await apiTakeSeat(url, room.code, 'Ravi');
  const host = await newPlayer(env.browser, DESKTOP);
  const friend = await newPlayer(env.browser, PHONE);
  await chooseByStorage(friend.page, other);
  await openInSeat(host.page, url, room.code, room);
  await openInSeat(friend.page, url, room.code, seat);
  await host.page.waitForSelector('.lobby');
  await friend.page.waitForSelector('.lobby');
  assert.equal(await host.page.textContent('#lobby-title'), en['lobby.title']);
  assert.equal(await friend.page.textContent('#lobby-title'), theirs['lobby.title']);
  await host.page.click('#start-btn');
  for (const p of [host, friend]) await p.page.waitForSelector('.game svg.board .pawn');
  assert.equal(await host.page.textContent('#feed-title'), en['feed.title']);
  assert.equal(await friend.page.textContent('#feed-title'), theirs['feed.title']);
  assert.equal(await host.page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await friend.page.evaluate(() => document.documentElement.lang), other);
  assert.deepEqual([...host.page.errors, ...friend.page.errors], []);
  await host.context.close();
  await friend.context.close();
});

test('a server error is shown by its code in the player\'s language (a full room, in Kannada)', async () => {
  const url = env.server.url;
  const kn = await catalog('kn', 'ui');
  const room = await apiCreateRoom(url, { name: 'Asha', players: 2 });
  await apiTakeSeat(url, room.code, 'Ravi');
  const { page, context } = await newPlayer(env.browser, PHONE);
  await chooseByStorage(page, 'kn');
  await page.goto(`${url}/`);
  await page.fill('#join-code', room.code);
  await page.fill('#join-name', 'Meena');
  await page.click('form.join button[type="submit"]');
  await page.waitForSelector('.toast-error');
  assert.equal((await page.textContent('.toast-error span')).trim(), kn['error.room_full']);
  assert.ok((await page.textContent('form.join .form-status')).startsWith(kn['error.room_full']));
  await context.close();
});
