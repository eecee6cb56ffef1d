// The "How to play" guide (issue 13, item 7: "Teach the game"): a short
// illustrated page for someone who has never played, apart from the rules
// reference. Before it, the only page about the game was the rule book,
// with "This is the normative rule book..." and rule ids everywhere.
// - every topic a new player needs has its own section with a picture;
// - no rule id (R12, C10, O4) anywhere in the visible text;
// - reachable from the home page's header and straight by its link;
// - its contents links scroll within the guide, and the reference is one
//   link away;
// - fits a 360 px phone without sideways scrolling;
// - a rule's "?" link in a room opens that rule in a dialog in the guide's
//   plain words and picture first, the exact rule below.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serverAndBrowser, newPlayer, shot, SHOTS, apiCreateRoom, openInSeat, PHONE, DESKTOP } from './helpers.js';

const env = serverAndBrowser();

// The topics item 7 asks for, each matched by its section's heading.
const TOPICS = [
  ['race', /race/i],
  ['throws', /throw/i],
  ['graces', /grace/i],
  ['three-graces', /three graces/i],
  ['hits', /hit/i],
  ['safe', /safe/i],
  ['gate', /gate/i],
  ['pairs', /pair/i],
  ['centre', /centre/i],
  ['stuck', /can.t be used/i],
  ['truces', /truce/i],
  ['ways', /ways to play/i],
];

for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`the guide on a ${label} has every section with its picture, no rule ids, and fits the screen`, { timeout: 60000 }, async () => {
    const { page, context } = await newPlayer(env.browser, viewport);
    await page.goto(env.server.url + '/#how-to-play');
    await page.waitForSelector('.howto-step');
    assert.equal(await page.locator('h1').count(), 1, 'one h1');
    assert.equal(await page.textContent('h1'), 'How to play');
    for (const [id, heading] of TOPICS) {
      const sec = page.locator(`section#howto-${id}`);
      assert.equal(await sec.count(), 1, `a section about ${id}`);
      assert.match(await sec.locator('h2').textContent(), heading);
      // A picture: an SVG drawing with words for screen readers, or the
      // table of throws with four cowries on every row.
      const pictures = await sec.locator('figure svg[role="img"][aria-label]').count();
      const cowrieRows = await sec.locator('figure .throw-table li svg .cowrie:nth-child(4)').count();
      assert.ok(pictures === 1 || cowrieRows === 5, `section ${id} has its picture (${pictures} drawings, ${cowrieRows} throw rows)`);
      const box = await sec.locator('figure').boundingBox();
      assert.ok(box.width > 100 && box.height > 40, `section ${id}'s picture is drawn (${box.width}x${box.height})`);
      assert.ok((await sec.locator('.howto-text').innerText()).length > 80, `section ${id} says something`);
    }
    // The throw table: all four mouths up is a 4, none up is an 8.
    const rows = await page.locator('.throw-table li').allInnerTexts();
    assert.deepEqual(rows.map((r) => r.trim().split(/\s+/).pop()), ['1', '2', '3', '4', '8']);
    assert.match(rows[3], /chowka/);
    assert.match(rows[4], /bhara/);

    const text = await page.evaluate(() => document.body.innerText);
    const ids = text.match(/\b[RCO]\d{1,2}\b/g);
    assert.equal(ids, null, `no rule ids in the guide's text: ${ids}`);
    assert.doesNotMatch(text, /normative|\{|\}/, 'no spec wording or set notation');
    for (const preset of ['Chowka Bhara', 'Chauka Bara', 'Ashta Chamma']) assert.match(text, new RegExp(preset), `mentions ${preset}`);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal overflow (${overflow}px)`);
    await shot(page, `howto-${viewport.width}`);
    await page.screenshot({ path: path.join(SHOTS, `howto-${viewport.width}-full.png`), fullPage: true });
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

test('the guide is in the home page header; its contents scroll within it; the reference is one link away', { timeout: 60000 }, async () => {
  const { page, context } = await newPlayer(env.browser, PHONE);
  await page.goto(env.server.url + '/');
  await page.click('header.site-bar nav a:has-text("How to play")');
  await page.waitForSelector('section#howto-gate');
  assert.equal(await page.evaluate(() => location.hash), '#how-to-play');
  assert.equal(await page.getAttribute('header.site-bar nav a:has-text("How to play")', 'aria-current'), 'page');

  // A contents link moves to its section and stays on the guide.
  await page.click('.howto-toc a[href="#howto-pairs"]');
  await page.waitForFunction(() => location.hash === '#howto-pairs');
  assert.equal(await page.locator('h1:has-text("How to play")').count(), 1, 'still the guide');
  const top = await page.evaluate(() => document.getElementById('howto-pairs').getBoundingClientRect().top);
  assert.ok(top >= -1 && top < 80, `the pairs section is at the top of the screen (${top})`);
  // The page's skip link is an anchor too: it must not leave the guide.
  // The page routes on hashchange, at once: once the event has reached a
  // listener added after the page's own, the page has had its say.
  await page.evaluate(() => new Promise((resolve) => {
    addEventListener('hashchange', () => resolve(), { once: true });
    location.hash = '#app';
  }));
  assert.equal(await page.locator('section#howto-gate').count(), 1, 'the skip link keeps the guide');

  // The reference, from the guide's last link, is the rule book.
  await page.click('a:has-text("Full rules (reference)")');
  await page.waitForSelector('#rule-R8');
  assert.equal(await page.textContent('h1'), 'Full rules');
  // And the reference points back to the guide.
  await page.click('.rules-lead a[href="/#how-to-play"]');
  await page.waitForSelector('section#howto-race');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a link to one section of the guide opens the guide there', { timeout: 60000 }, async () => {
  const { page, context } = await newPlayer(env.browser, DESKTOP);
  await page.goto(env.server.url + '/#howto-truces');
  await page.waitForSelector('section#howto-truces');
  const top = await page.evaluate(() => document.getElementById('howto-truces').getBoundingClientRect().top);
  assert.ok(top >= -1 && top < 80, `the truces section is at the top (${top})`);
  assert.equal(await page.evaluate(() => document.title), 'How to play · Chowka Bhara');
  await context.close();
});

test('a rule link in a room opens the rule in plain words with its picture, the exact rule below', { timeout: 60000 }, async () => {
  const room = await apiCreateRoom(env.server.url, { name: 'Asha', players: 3, options: { board: 5 } });
  const { page, context } = await newPlayer(env.browser, PHONE);
  await openInSeat(page, env.server.url, room.code, room);
  await page.waitForSelector('#start-btn');
  await page.click('details.rules-card > summary');
  const hrefs = await page.locator('a.rule-link:visible').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.ok(hrefs.length >= 5, `the room's rules link their rules (${hrefs.length})`);
  for (const href of hrefs) {
    const id = href.split('#rule-')[1];
    await page.click(`a.rule-link[href="${href}"]:visible`);
    await page.waitForSelector(`dialog.rule-dialog[open] #rule-${id}`);
    const dialog = page.locator('dialog.rule-dialog');
    const title = await dialog.locator('h2').textContent();
    assert.doesNotMatch(title, /\b[RCO]\d{1,2}\b/, `rule ${id}'s dialog is titled in words (${title})`);
    assert.equal(await dialog.getAttribute('aria-labelledby'), 'rule-dialog-title');
    assert.equal(await dialog.locator('.rule-dialog-guide figure > svg[role="img"], .rule-dialog-guide figure > .throw-table').count(), 1, `rule ${id}: the guide's picture`);
    const words = await dialog.locator('.rule-dialog-guide').innerText();
    assert.doesNotMatch(words, /\b[RCO]\d{1,2}\b/, `rule ${id}: plain words first`);
    // The plain words come before the exact rule, which is below.
    const [guideTop, exactTop] = await page.evaluate(() => ['.rule-dialog-guide', '.exact-rule'].map((s) => document.querySelector(s).getBoundingClientRect().top));
    assert.ok(guideTop < exactTop);
    assert.equal(await dialog.locator('a[href^="/#howto-"]').count(), 1, 'links the guide');
    await dialog.locator('button:has-text("Close")').click();
    await page.waitForSelector('dialog.rule-dialog', { state: 'detached' });
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});
