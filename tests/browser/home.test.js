// The home page: presets fill the options, every option's rule link opens
// that rule, public rooms are listed, and the rules page is rendered from
// the server's own rules text with a linkable id per rule.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPlayer, PHONE, DESKTOP } from './helpers.js';

const env = serverAndBrowser();

test('choosing a preset sets its options, each explained in words with a working rule link', { timeout: 60000 }, async () => {
  const { page, context } = await newPlayer(env.browser, PHONE);
  await page.goto(env.server.url + '/');
  await page.click('details.options > summary');
  await page.check('input[name="preset"][value="chauka-bara"]', { force: true });
  assert.equal(await page.inputValue('#opt-entry'), 'first-grace');
  assert.equal(await page.inputValue('#opt-pawns'), '4');
  assert.match(await page.textContent('#opt-entry-hint'), /4 or an 8/);
  await page.check('input[name="preset"][value="chowka-bhara"]', { force: true });
  assert.equal(await page.inputValue('#opt-entry'), 'home');
  await page.click('input[name="board"][value="7"] + span');
  assert.equal(await page.inputValue('#opt-pawns'), '6', 'N-1 pawns on 7x7 (C10)');

  const links = await page.locator('form.create a.rule-link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  assert.ok(links.length >= 7, `every option links its rule (${links.length})`);
  for (const href of links) {
    const id = href.split('#rule-')[1];
    await page.click(`form.create a.rule-link[href="${href}"]`);
    await page.waitForSelector(`dialog.rule-dialog #rule-${id}`);
    assert.equal(await page.locator('dialog.rule-dialog .error-text').count(), 0, `rule ${id} found`);
    await page.click('dialog.rule-dialog button:has-text("Close")');
    await page.waitForSelector('dialog.rule-dialog', { state: 'detached' });
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a public room shows in the open rooms list; a private one does not', { timeout: 60000 }, async () => {
  const post = (body) => fetch(`${env.server.url}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
  const pub = await post({ name: 'Lakshmi', public: true, players: 3 });
  const priv = await post({ name: 'Hidden', public: false });
  const { page, context } = await newPlayer(env.browser, DESKTOP);
  await page.goto(env.server.url + '/');
  await page.waitForSelector(`.room-list a[href="/r/${pub.code}"]`);
  assert.match(await page.textContent(`.room-list a[href="/r/${pub.code}"]`), /Lakshmi's room.*1\/3 seated/);
  assert.equal(await page.locator(`.room-list a[href="/r/${priv.code}"]`).count(), 0);
  await context.close();
});

// Issue 13, items 7 and 11: the rule book reads as a reference for players
// (no developers' preface, a pointer to the guide, ids as small labels) and
// its sideways-scrolling code block is a labelled region reachable by Tab.
test('the rules page is the reference: the rules text with an anchor per rule, rule ids as labels, a focusable code block', { timeout: 60000 }, async () => {
  const { page, context } = await newPlayer(env.browser, PHONE);
  await page.goto(env.server.url + '/#rules');
  await page.waitForSelector('#rule-R15');
  for (let i = 1; i <= 15; i++) assert.equal(await page.locator(`#rule-R${i}`).count(), 1, `R${i} has an anchor`);
  assert.ok(await page.locator('.rules table').count() >= 2, 'tables rendered');
  assert.ok(await page.locator('.rules h3').count() >= 5, 'sections rendered');
  assert.equal(await page.locator('h1').count(), 1, 'one h1');
  assert.equal(await page.locator('#rule-R7 > .rule-id').textContent(), 'R7', 'the id is a label before the title');
  assert.equal(await page.locator('#rule-R7 > strong').first().textContent(), 'Entering');
  // *chowka* is italic; the product N*N ... N*N-1 is not.
  assert.deepEqual(await page.locator('#rule-R5 em').allTextContents(), ['chowka', 'bhara']);
  assert.equal(await page.locator('#rule-R3 em').count(), 0);
  assert.match(await page.textContent('#rule-R3'), /N\*N squares/);
  const text = await page.evaluate(() => document.body.innerText);
  assert.doesNotMatch(text, /normative|tests, error messages/, 'no developers\' preface');
  assert.equal(await page.locator('.rules-lead a[href="/#how-to-play"]').count(), 1, 'points to the guide');
  const code = page.locator('.rules .code-scroll');
  assert.equal(await code.getAttribute('tabindex'), '0');
  assert.equal(await code.getAttribute('role'), 'region');
  assert.ok((await code.getAttribute('aria-label')).length > 3, 'the code block is labelled');
  // A link to another rule inside the text jumps there.
  await page.click('#rule-R12 a[href="#rule-R15"]');
  await page.waitForFunction(() => location.hash === '#rule-R15');
  // The section list jumps within the page.
  await page.click('.rules-toc a[href="#sec-pairs"]');
  await page.waitForFunction(() => location.hash === '#sec-pairs');
  assert.equal(await page.locator('#rule-R13').count(), 1, 'still the rules page');
  await context.close();
});

test('a friend who types the code with a dash and in small letters gets the seat, not a watcher\'s view', { timeout: 60000 }, async () => {
  const host = await fetch(`${env.server.url}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Asha' }) }).then((r) => r.json());
  const typed = `${host.code.slice(0, 3)}-${host.code.slice(3)}`.toLowerCase();
  const { page, context } = await newPlayer(env.browser, PHONE);
  await page.goto(env.server.url + '/');
  await page.fill('form.join input >> nth=0', typed);
  await page.fill('form.join input >> nth=1', 'Ravi');
  await page.click('form.join button[type="submit"]');
  await page.waitForURL(new RegExp(`/r/${host.code}$`));
  await page.waitForSelector('.seat.me');
  assert.equal(await page.locator('text=Watching').isVisible(), false, 'not shown as watching');
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a room made with the form as it comes is private: not listed among the open rooms', { timeout: 60000 }, async () => {
  const { page, context } = await newPlayer(env.browser, DESKTOP);
  await page.goto(env.server.url + '/');
  assert.equal(await page.isChecked('#create-public'), false, 'listing is a choice');
  await page.fill('#create-name', 'Meena');
  await page.click('form.create button[type="submit"]');
  await page.waitForURL(/\/r\/[A-Z0-9]+$/);
  const code = page.url().split('/r/')[1];
  const listed = await fetch(`${env.server.url}/api/rooms`).then((r) => r.json());
  assert.equal(listed.rooms.filter((r) => r.code === code).length, 0, 'not listed');
  assert.deepEqual(page.errors, []);
  await context.close();
});

// Issue 13 item 2: a closed tab must never freeze the table, so the form's
// "Computer stand-in" starts at one minute; "Never" is still a choice, and
// is sent as such (an absent field now means the server's one minute).
test('the custom game form lets a computer stand in after a minute by default, and "Never" means never', { timeout: 60000 }, async () => {
  const { page, context } = await newPlayer(env.browser, DESKTOP);
  const made = async (takeover) => {
    await page.goto(env.server.url + '/');
    await page.fill('#create-name', 'Meena');
    await page.click('details.options > summary');
    if (takeover !== undefined) await page.selectOption('#opt-takeover', takeover);
    await page.click('form.create button[type="submit"]');
    await page.waitForSelector('.lobby');
    const code = page.url().split('/r/')[1];
    return (await fetch(`${env.server.url}/api/rooms/${code}`).then((r) => r.json())).room;
  };
  await page.goto(env.server.url + '/');
  await page.click('details.options > summary');
  assert.equal(await page.inputValue('#opt-takeover'), '60');
  const options = await page.locator('#opt-takeover option').allTextContents();
  assert.deepEqual(options, ['Never', 'After 30 seconds away', 'After 1 minute away', 'After 2 minutes away', 'After 5 minutes away']);
  assert.equal((await made()).takeover, 60);
  assert.equal((await made('')).takeover, null);
  assert.equal((await made('120')).takeover, 120);
  assert.deepEqual(page.errors, []);
  await context.close();
});
