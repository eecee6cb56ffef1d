// Issue 29 item 4, "the invitation does not greet": a guest opening a room
// link on a phone (in Kannada, as a grandmother would) is greeted with the
// host's name, the room in one line, one name field and one button that
// sits them; none of the host's controls (the invite card, computers,
// start) and no "Watching" badge before they decide; a remembered name or
// the player's own name fills the field, so one tap sits them; a full
// lobby says so and offers to watch. The host, on a desktop, has a "Share
// on WhatsApp" link beside copy and share that carries the room's link.
// The room link's preview tags and picture are tested over HTTP
// (tests/tests/invite.rs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverAndBrowser, newPlayer, createRoom, axeScan, apiCreateRoom, apiTakeSeat, apiNewPlayer, holdPlayer, shot, PHONE, DESKTOP } from './helpers.js';

const env = serverAndBrowser();
const here = path.dirname(fileURLToPath(import.meta.url));

/** A language's catalog of the web client's words (web-client/i18n). */
async function catalog(lang, part) {
  return (await import(path.join(here, '..', '..', 'web-client', 'i18n', lang, `${part}.js`))).default;
}

/** `template` with its {placeholders} filled from `values`. */
function fillIn(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, k) => String(values[k]));
}

/** What a guest must not see: the host's controls and the watcher's badge. */
async function hostControlsShown(page) {
  return page.evaluate(() => ['.share', '#share-link', '#share-whatsapp', '#start-btn', '.seat select', '[id^="remove-"]', '.watching']
    .filter((sel) => [...document.querySelectorAll(sel)].some((el) => el.checkVisibility())));
}

test('a phone guest in Kannada is greeted by the host\'s name, types a name and sits with one tap', { timeout: 60000 }, async () => {
  const kn = await catalog('kn', 'ui');
  const room = await apiCreateRoom(env.server.url, { name: 'Asha', players: 3, options: { board: 7 } });
  const { page, context } = await newPlayer(env.browser, PHONE, { locale: 'kn-IN' });
  page.setDefaultTimeout(10000);
  await page.goto(`${env.server.url}/r/${room.code}`);
  await page.waitForSelector('.greeting:visible');
  const greeting = fillIn(kn['lobby.greet'], { host: 'Asha', game: kn['site.gameName'] });
  assert.equal(await page.textContent('.greeting h1'), greeting);
  assert.equal(await page.locator('h1:visible').count(), 1, 'the greeting is the page\'s one heading');
  assert.equal(await page.textContent('.greeting-rules'), fillIn(kn['lobby.greetRules'], { seats: 3, size: 7 }));
  assert.deepEqual(await hostControlsShown(page), [], 'no host control and no "Watching" for a guest');
  assert.equal(await page.inputValue('#lobby-name'), '', 'nothing remembered yet');
  assert.equal(await page.locator('.greeting button:visible').count(), 1, 'one button');
  await shot(page, 'invite-guest-kn-360');
  assert.deepEqual((await axeScan(page)).map((v) => v.id), [], 'no serious or critical axe violation');

  await page.fill('#lobby-name', 'ರವಿ');
  await page.click('#take-seat');
  await page.waitForSelector('.seat.me');
  assert.equal(await page.locator('.greeting:visible').count(), 0, 'greeted no more once seated');
  assert.equal(await page.textContent('.seat.me .seat-name'), 'ರವಿ');
  assert.deepEqual(await hostControlsShown(page), [], 'a seated guest has no host control either');
  await shot(page, 'invite-guest-seated-kn-360');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a guest whose name is remembered, or who holds a player, sits with one tap', { timeout: 60000 }, async () => {
  const en = await catalog('en', 'ui');
  const room = await apiCreateRoom(env.server.url, { name: 'Asha', players: 4 });
  // A name typed here before.
  const remembered = await newPlayer(env.browser, PHONE);
  remembered.page.setDefaultTimeout(10000);
  await remembered.page.goto(`${env.server.url}/favicon.svg`);
  await remembered.page.evaluate(() => localStorage.setItem('chowka.name', 'Ravi'));
  await remembered.page.goto(`${env.server.url}/r/${room.code}`);
  await remembered.page.waitForSelector('.greeting:visible');
  assert.equal(await remembered.page.textContent('.greeting h1'), fillIn(en['lobby.greet'], { host: 'Asha', game: en['site.gameName'] }));
  assert.equal(await remembered.page.inputValue('#lobby-name'), 'Ravi');
  await shot(remembered.page, 'invite-guest-en-360');
  await remembered.page.click('#take-seat');
  await remembered.page.waitForSelector('.seat.me >> text=Ravi');

  // A player made on another device, with no name typed in this browser.
  const secret = await apiNewPlayer(env.server.url, 'Meena');
  const held = await newPlayer(env.browser, PHONE);
  held.page.setDefaultTimeout(10000);
  await holdPlayer(held.page, env.server.url, secret);
  await held.page.goto(`${env.server.url}/r/${room.code}`);
  await held.page.waitForFunction(() => document.querySelector('#lobby-name')?.value === 'Meena');
  await held.page.click('#take-seat');
  await held.page.waitForSelector('.seat.me >> text=Meena');
  assert.deepEqual([...remembered.page.errors, ...held.page.errors], []);
  await remembered.context.close();
  await held.context.close();
});

test('a full lobby says so plainly and offers to watch', { timeout: 60000 }, async () => {
  const kn = await catalog('kn', 'ui');
  const room = await apiCreateRoom(env.server.url, { name: 'Asha', players: 2 });
  await apiTakeSeat(env.server.url, room.code, 'Ravi');
  const { page, context } = await newPlayer(env.browser, PHONE, { locale: 'kn-IN' });
  page.setDefaultTimeout(10000);
  await page.goto(`${env.server.url}/r/${room.code}`);
  await page.waitForSelector('.greeting-full');
  assert.equal(await page.textContent('.greeting-full'), kn['lobby.greetFull']);
  assert.equal(await page.locator('#lobby-name').count(), 0, 'no name field where no seat is left');
  assert.deepEqual(await hostControlsShown(page), []);
  await shot(page, 'invite-full-kn-360');
  await page.click('#watch-btn');
  await page.waitForSelector('.watching:visible');
  assert.equal(await page.locator('.greeting:visible').count(), 0);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the host on a desktop shares on WhatsApp: the link carries the invitation and the room\'s address', { timeout: 60000 }, async () => {
  const en = await catalog('en', 'ui');
  const { page, context } = await newPlayer(env.browser, DESKTOP);
  page.setDefaultTimeout(10000);
  const code = await createRoom(page, env.server.url, { name: 'Asha', board: 5, players: 2, publicRoom: false });
  await page.waitForSelector('#share-whatsapp:visible');
  assert.equal(await page.locator('.greeting:visible').count(), 0, 'the host is not greeted');
  assert.ok(await page.isVisible('#start-btn'));
  const link = page.locator('#share-whatsapp');
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.equal(await link.getAttribute('rel'), 'noopener');
  const href = await link.getAttribute('href');
  assert.ok(href.startsWith('https://wa.me/?text='), href);
  const text = decodeURIComponent(href.slice('https://wa.me/?text='.length));
  assert.equal(text, `${fillIn(en['lobby.shareText'], { game: en['site.gameName'] })} ${env.server.url}/r/${code}`);
  // Beside copy (and share, where the browser has it), in the same row.
  assert.equal(await page.locator('.share-row >> #share-whatsapp').count(), 1);
  await shot(page, 'invite-host-desktop');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a room made from a Kannada page previews its invitation in Kannada; the host\'s phone lobby in Kannada and English', { timeout: 60000 }, async () => {
  const kn = await catalog('kn', 'ui');
  for (const [lang, locale] of [['kn', 'kn-IN'], ['en', 'en-US']]) {
    const { page, context } = await newPlayer(env.browser, PHONE, { locale });
    page.setDefaultTimeout(10000);
    const code = await createRoom(page, env.server.url, { name: 'Asha', board: 7, players: 4, publicRoom: false });
    await page.waitForSelector('#share-whatsapp:visible');
    const box = await page.locator('#share-whatsapp').boundingBox();
    assert.ok(box.height >= 44 && box.width >= 44, `a 44 px target: ${JSON.stringify(box)}`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'no sideways scroll');
    await shot(page, `invite-host-${lang}-360`);
    // What a chat app reads from the link: the page's head, before any script.
    const head = await (await fetch(`${env.server.url}/r/${code}`)).text();
    const title = lang === 'kn' ? fillIn(kn['lobby.greet'], { host: 'Asha', game: kn['site.gameName'] }) : 'Asha invites you to play Chowka Bhara';
    assert.ok(head.includes(`<meta property="og:title" content="${title}">`), head.slice(0, 2000));
    assert.ok(head.includes(`<meta property="og:image" content="${env.server.url}/r/${code}/card.png">`));
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});
