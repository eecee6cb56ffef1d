// Issue 29, items 5-7: readable and reachable on a 360x640 phone, back
// into a game in one tap, and small points. Before this change labels were
// 11.5-13 px, icon buttons 36x40 px, the "?" links 24x24 px, there was no
// larger-text switch, a game in play was not listed on the home page (and
// its replay's "Back to the game" was a plain button), two 24-character
// names made the lobby wider than a phone, a flash covered the board's
// middle row, and the first seconds of loading were in English.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  serverAndBrowser, newPlayer, shot, apiCreateRoom, apiTakeSeat, apiNewPlayer, holdPlayer, openInSeat, PHONE,
} from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

/** Two names of 24 characters, the longest the server takes. */
const LONG_A = 'Chandrasekharaniyengarrr';
const LONG_B = 'Venkatalakshmiramaswamyy';

/**
 * What is too small on the page now: controls (buttons, links, pickers,
 * fields, checkbox and radio rows: the label is the target) under 44x44 px,
 * and text under 16 px. Board squares are exempt (11x11 boards have 24 px
 * squares by design, board11.test.js), and so are links inside a sentence
 * (a paragraph's words; WCAG 2.5.8's inline exception).
 */
function smallThings(page) {
  return page.evaluate(() => {
    const shown = (el) => {
      if (el.closest('svg, [hidden], .visually-hidden, dialog:not([open]), option')) return false;
      const cs = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return cs.visibility !== 'hidden' && cs.display !== 'none' && r.width > 0 && r.height > 0 && r.bottom > 0;
    };
    const name = (el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''} "${(el.textContent || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 24)}"`;
    const targets = [];
    for (const el of document.querySelectorAll('button, a[href], select, input:not([type="hidden"]), summary, textarea, [role="button"]')) {
      if (!shown(el) && !(el.matches('input[type="checkbox"], input[type="radio"]') && el.closest('label'))) continue;
      if (el.matches('a') && getComputedStyle(el).display === 'inline' && el.closest('p')) continue;
      let box = el.getBoundingClientRect();
      // A checkbox or a radio is hit through its label too: the row is the target.
      if (el.matches('input[type="checkbox"], input[type="radio"]')) {
        const label = el.closest('label') || (el.id && document.querySelector(`label[for="${el.id}"]`));
        const row = label?.closest('.check') || label;
        if (row) box = row.getBoundingClientRect();
      }
      if (box.width < 43.5 || box.height < 43.5) targets.push(`${name(el)} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!n.textContent.trim() || seen.has(el) || !shown(el)) continue;
      seen.add(el);
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 15.95) texts.push(`${name(el)} ${size}px`);
    }
    for (const el of document.querySelectorAll('select, input[type="text"], input[type="number"], button')) {
      if (!shown(el) || seen.has(el)) continue;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 15.95) texts.push(`${name(el)} ${size}px`);
    }
    return { targets, texts, width: document.documentElement.scrollWidth };
  });
}

/** Asserts nothing on `page` is too small or too wide, naming every offender. */
async function assertReachable(page, where) {
  const s = await smallThings(page);
  assert.ok(!s.targets.length && !s.texts.length, `${where}: controls under 44x44 px:\n${s.targets.join('\n')}\ntext under 16 px:\n${s.texts.join('\n')}`);
  assert.ok(s.width <= PHONE.width, `${where}: no sideways scroll (${s.width}px)`);
}

/** A player on a phone, in `lang` (the browser's language). */
async function phonePlayer(lang) {
  const p = await newPlayer(env.browser, PHONE, { locale: lang === 'kn' ? 'kn-IN' : 'en-US' });
  p.page.setDefaultTimeout(15000);
  return p;
}

/** A player (`secret`) with a game against the computer in play; returns its room code. */
async function gameInPlay(secret, name) {
  return (await apiCreateRoom(env.server.url, { name, players: 2, bots: [{ seat: 1, level: 'easy' }], start: true }, secret)).code;
}

for (const lang of ['en', 'kn']) {
  test(`${lang}: every control on home, lobby, game, My games and Me is 44x44 px or more, text 16 px or more`, { timeout: 120000 }, async () => {
    const url = env.server.url;
    const { page, context } = await phonePlayer(lang);
    const secret = await apiNewPlayer(url, 'Asha');
    await holdPlayer(page, url, secret);
    const code = await gameInPlay(secret, 'Asha');

    await page.goto(`${url}/`);
    await page.waitForSelector('#home-ongoing:not([hidden]) .mygame');
    await page.waitForSelector('.room-list .room-item, .room-list .empty');
    await page.locator('details.options').evaluate((d) => { d.open = true; });
    await assertReachable(page, `${lang} home`);
    await shot(page, `reach-home-${lang}-360`);

    await page.goto(`${url}/#my-games`);
    await page.waitForSelector(`.mygame[data-code="${code}"]`);
    await assertReachable(page, `${lang} my games`);
    await shot(page, `reach-mygames-${lang}-360`);

    await page.goto(`${url}/#me`);
    await page.waitForSelector('#me-rename');
    await assertReachable(page, `${lang} me`);

    // A lobby with two 24-character names, as its host sees it.
    const room = await apiCreateRoom(url, { name: LONG_A, players: 3 });
    await apiTakeSeat(url, room.code, LONG_B);
    await openInSeat(page, url, room.code, room);
    await page.waitForSelector(`.seat-name >> text=${LONG_B}`);
    await assertReachable(page, `${lang} lobby`);
    await shot(page, `reach-lobby-${lang}-360`);

    await page.goto(`${url}/r/${code}`);
    await page.waitForSelector('.game[data-version] svg.board .pawn');
    await assertReachable(page, `${lang} game`);
    await shot(page, `reach-game-${lang}-360`);
    await context.close();
  });
}

test('larger text: the Me page switch scales the words by a quarter, is remembered across a reload, no sideways scroll', { timeout: 90000 }, async () => {
  const url = env.server.url;
  const { page, context } = await phonePlayer('kn');
  const secret = await apiNewPlayer(url, 'Asha');
  await holdPlayer(page, url, secret);
  const code = await gameInPlay(secret, 'Asha');
  await page.goto(`${url}/#me`);
  await page.waitForSelector('#me-rename');
  const size = (sel) => page.locator(sel).first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const before = await size('.lead');
  await page.locator('#me-large-text').check();
  // Sizes change through the (reduced-motion, 0.01 ms) transition every
  // element has: wait for the new size to be the one computed.
  await page.waitForFunction((b) => parseFloat(getComputedStyle(document.querySelector('.lead')).fontSize) > b, before);
  const after = await size('.lead');
  assert.ok(after >= before * 1.2 && after <= before * 1.3, `the words grow about 125% (${before} -> ${after})`);
  await page.reload();
  await page.waitForSelector('#me-rename');
  await page.waitForFunction((a) => parseFloat(getComputedStyle(document.querySelector('.lead')).fontSize) === a, after);
  assert.ok(await page.locator('#me-large-text').isChecked());
  await shot(page, 'reach-me-large-kn-360');
  for (const [where, path, ready] of [['home', '/', '#play-computer'], ['my games', '/#my-games', `.mygame[data-code="${code}"]`], ['game', `/r/${code}`, '.game[data-version] svg.board .pawn']]) {
    await page.goto(`${url}${path}`);
    await page.waitForSelector(ready);
    await page.waitForFunction(() => parseFloat(getComputedStyle(document.body).fontSize) >= 19.9);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `${where}: no sideways scroll with larger text (${width}px)`);
    await shot(page, `reach-large-${where.replace(' ', '')}-kn-360`);
  }
  // Off again: the usual size.
  await page.goto(`${url}/#me`);
  await page.locator('#me-large-text').uncheck();
  await page.waitForFunction((b) => parseFloat(getComputedStyle(document.querySelector('.lead')).fontSize) === b, before);
  assert.equal(await page.evaluate(() => localStorage.getItem('chowka.largeText')), null, 'forgotten when off');
  await context.close();
});

test('a game in play is one tap from the home page and from My games: the game itself, the replay second', { timeout: 90000 }, async () => {
  const url = env.server.url;
  const { page, context } = await phonePlayer('en');
  const secret = await apiNewPlayer(url, 'Asha');
  await holdPlayer(page, url, secret);
  const code = await gameInPlay(secret, 'Asha');
  const landsInGame = async (where) => {
    await page.waitForSelector('.game[data-version] svg.board .pawn');
    assert.equal(new URL(page.url()).pathname, `/r/${code}`, `${where}: the room`);
    assert.equal(new URL(page.url()).hash, '', `${where}: not the replay`);
    assert.equal(await page.locator('.replay').count(), 0, `${where}: not the replay`);
  };
  await page.goto(`${url}/`);
  const entry = page.locator(`#home-ongoing .mygame[data-code="${code}"]`);
  await entry.waitFor();
  // The first thing to tap is the game; the replay comes after it.
  assert.deepEqual(await entry.locator('a').evaluateAll((as) => as.map((a) => new URL(a.href).hash)), ['', '', '#replay']);
  assert.ok(await entry.locator('a.mygame-play').evaluate((a) => a.classList.contains('primary')), 'back into the game is the primary button');
  await entry.locator('a.mygame-link').click();
  await landsInGame('home');

  // My games is in the phone's header.
  const nav = page.locator('.site-bar nav a.nav-mygames');
  await page.goto(`${url}/`);
  await nav.waitFor();
  const box = await nav.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= 120, `My games in the phone header: ${JSON.stringify(box)}`);
  await nav.click();
  const mine = page.locator(`.mygame[data-code="${code}"]`);
  await mine.waitFor();
  assert.deepEqual(await mine.locator('.mygame-actions a').evaluateAll((as) => as.map((a) => [new URL(a.href).hash, a.classList.contains('primary')])), [['', true], ['#replay', false]]);
  await mine.locator('a.mygame-play').click();
  await landsInGame('my games');

  // The replay of a game in play says "Back to the game" as its primary button.
  await page.goto(`${url}/r/${code}#replay`);
  const back = page.locator('.replay-links a').first();
  await back.waitFor();
  assert.equal((await back.textContent()).trim(), 'Back to the game');
  assert.ok(await back.evaluate((a) => a.classList.contains('primary')));
  await context.close();
});

test('a flash over the board leaves its middle row clear, and the banner', { timeout: 60000 }, async () => {
  const url = env.server.url;
  const { page, context } = await phonePlayer('en');
  const secret = await apiNewPlayer(url, 'Asha');
  await holdPlayer(page, url, secret);
  for (const board of [5, 7, 11]) {
    const made = await apiCreateRoom(url, { name: 'Asha', players: 2, options: { board }, bots: [{ seat: 1, level: 'easy' }], start: true }, secret);
    await page.goto(`${url}/r/${made.code}`);
    await page.waitForSelector('.game[data-version] svg.board .pawn');
    // The longest flash there is, shown as the game shows one (game.js flash()).
    const boxes = await page.evaluate(() => {
      const f = document.querySelector('.flash-msg');
      f.textContent = 'Chandrasekharan Iyengarr hit you! Your pawn goes home, and Chandrasekharan Iyengarr gets another throw.';
      f.className = 'flash-msg flash-hit';
      f.hidden = false;
      const cells = [...document.querySelectorAll('svg.board .cell')].map((c) => c.getBoundingClientRect());
      const rows = [...new Set(cells.map((c) => Math.round(c.top)))].sort((a, b) => a - b);
      const middle = rows[(rows.length - 1) / 2];
      const row = cells.filter((c) => Math.round(c.top) === middle);
      const r = (b) => ({ top: b.top, bottom: b.bottom, left: b.left, right: b.right });
      return { flash: r(f.getBoundingClientRect()), row: { top: Math.min(...row.map((c) => c.top)), bottom: Math.max(...row.map((c) => c.bottom)) }, banner: r(document.querySelector('.turn-banner').getBoundingClientRect()), rows: rows.length };
    });
    assert.equal(boxes.rows, board, `${board}x${board}: its rows found`);
    assert.ok(boxes.flash.top >= boxes.row.bottom || boxes.flash.bottom <= boxes.row.top, `${board}x${board}: the flash ${JSON.stringify(boxes.flash)} leaves the middle row ${JSON.stringify(boxes.row)} clear`);
    assert.ok(boxes.flash.top >= boxes.banner.bottom, `${board}x${board}: the flash is below the banner`);
    if (board === 5) await shot(page, 'reach-flash-en-360');
  }
  await context.close();
});

test('the loading line is in the player\'s language before any module runs (the browser\'s, or the one chosen before)', { timeout: 60000 }, async () => {
  const url = env.server.url;
  for (const [locale, stored, lang, words] of [['kn-IN', null, 'kn', 'ಆಟ ಬರುತ್ತಿದೆ…'], ['en-US', 'ta', 'ta', 'ஆட்டம் வருகிறது…'], ['fr-FR', null, null, 'Loading the game…']]) {
    const { page, context } = await newPlayer(env.browser, PHONE, { locale });
    const refused = [];
    page.on('console', (m) => /Content Security Policy|Refused/.test(m.text()) && refused.push(m.text()));
    if (stored) {
      await page.goto(`${url}/favicon.svg`);
      await page.evaluate((l) => localStorage.setItem('chowka.lang', l), stored);
    }
    // No module ever comes: what shows is the shell alone.
    await page.route('**/*.js', (r) => r.abort());
    await page.goto(`${url}/`);
    const line = page.locator('.shell-loading');
    await line.waitFor();
    assert.equal((await line.textContent()).trim(), words, `${locale}${stored ? ` (chose ${stored})` : ''}`);
    // A language the site does not speak leaves the page's English (its <html lang>) as it is.
    assert.equal(await line.getAttribute('lang'), lang);
    assert.deepEqual(refused, [], 'the inline script is allowed by its hash');
    if (lang === 'kn') await shot(page, 'reach-loading-kn-360');
    await context.close();
  }
});

test('the rules page names option values in the reader\'s language (Tamil, Marathi), not the program\'s English', { timeout: 60000 }, async () => {
  const url = env.server.url;
  for (const [lang, gate] of [['ta', 'முதலில் வெட்டு, சுற்றிக்கொண்டே, திறந்தது'], ['mr', 'आधी मारा, फेरा, उघडे'], ['en', 'hit first, lap, open']]) {
    const { page, context } = await newPlayer(env.browser, PHONE);
    await page.goto(`${url}/favicon.svg`);
    await page.evaluate((l) => localStorage.setItem('chowka.lang', l), lang);
    await page.goto(`${url}/#rules`);
    const row = page.locator('table tr', { hasText: 'O2' });
    await row.waitFor();
    assert.equal((await row.locator('td').nth(1).textContent()).trim(), gate, `${lang}: the gate's values`);
    const text = await page.locator('table', { hasText: 'O2' }).textContent();
    if (lang !== 'en') assert.doesNotMatch(text, /hit-first|grace-one|forfeit|\bundo\b|\blap\b/, `${lang}: no option value left in English`);
    await context.close();
  }
});
