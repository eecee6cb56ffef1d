// Issue 14 ("Play in Kannada, Telugu, Hindi, Marathi, Tamil and English"),
// the guide's part: the "How to play" guide, the rules reference and the
// rule dialogs in the player's language. Before it, every word of them was
// an English literal in howto.js, howto-art.js and rules-page.js, and the
// rules text was always the server's English.
// - every text of the guide (headings, paragraphs, the throw table, the
//   pictures' descriptions and values) comes from the guide catalog;
// - the rules page and a rule's dialog read that language's rules.md, with
//   the same anchors per rule (#rule-R7), fetched relative to the module
//   (the server's versioned prefix), and the page's own words from the
//   catalog;
// - a language without its rules.md shows the English rules, marked
//   lang="en" for screen readers, not an error.
// The language's catalog and rules text are stand-ins served by the test
// (each English text marked "ಕ "), so the test doesn't depend on a
// translation's exact words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, newPlayer, shot, PHONE, DESKTOP } from './helpers.js';

const env = serverAndBrowser();
const MARK = 'ಕ ';

/** A Kannada guide catalog for the test: the English one with every text marked. */
const FAKE_GUIDE = `import en from '../en/guide.js';
export default Object.fromEntries(Object.entries(en).map(([k, v]) => [k, ${JSON.stringify(MARK)} + v]));`;

/** A rules text in the structure translators keep: a title, a preface, sections, rule heads, clarifications as a list. */
function fakeRules() {
  const rule = (id) => `**${id}. ನಿಯಮ ${id}.** ಈ ನಿಯಮದ ಪಠ್ಯ, ನೋಡಿ R1.`;
  const rs = Array.from({ length: 15 }, (_, i) => rule(`R${i + 1}`)).join('\n\n');
  const cs = Array.from({ length: 10 }, (_, i) => `- **C${i + 1} (R1).** ಸ್ಪಷ್ಟನೆ.`).join('\n');
  const os = Array.from({ length: 8 }, (_, i) => rule(`O${i + 1}`)).join('\n\n');
  return `# ಚೌಕಾ ಭಾರ: ನಿಯಮಗಳು\n\nಮುನ್ನುಡಿ, ಆಟಗಾರರಿಗಲ್ಲ.\n\n## ಹಲಗೆ\n\n${rs}\n\n## ಸ್ಪಷ್ಟನೆಗಳು\n\n${cs}\n\n## ಆಯ್ಕೆಗಳು\n\n${os}\n`;
}

/** A player whose browser speaks Kannada, with the stand-in catalog; `rules`: serve a rules.md or answer 404. */
async function kannadaPlayer(viewport, { rules = true } = {}) {
  const { page, context } = await newPlayer(env.browser, viewport, { locale: 'kn-IN' });
  const asked = [];
  await page.route(/\/i18n\/kn\/guide\.js$/, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_GUIDE }));
  await page.route(/\/i18n\/kn\/rules\.md$/, (route) => {
    asked.push(new URL(route.request().url()).pathname);
    return rules
      ? route.fulfill({ status: 200, contentType: 'text/markdown; charset=utf-8', body: fakeRules() })
      : route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found\n' });
  });
  return { page, context, asked };
}

const missingKeys = (page) => page.evaluate(() => [...window.__chowkaMissingKeys]);

for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`the guide on a ${label} is all in the player's language: headings, paragraphs, throw table, pictures`, { timeout: 60000 }, async () => {
    const { page, context } = await kannadaPlayer(viewport);
    await page.goto(env.server.url + '/#how-to-play');
    await page.waitForSelector('.howto-step');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'kn');
    assert.equal(await page.textContent('article.howto h1'), MARK + 'How to play');
    const texts = await page.evaluate(() => [
      ...[...document.querySelectorAll('.howto-head .lead, .howto-toc a, .howto-step h2, .howto-text > p, .howto-text li, .howto-foot a')].map((e) => e.textContent),
      ...[...document.querySelectorAll('.throw-table .throw-fall > span, .throw-table .throw-name, .throw-table .throw-worth')].map((e) => e.textContent),
      ...[...document.querySelectorAll('.howto svg[role="img"]')].map((e) => e.getAttribute('aria-label')),
      ...[...document.querySelectorAll('.howto svg text')].map((e) => e.textContent),
      document.querySelector('.throw-table').getAttribute('aria-label'),
      document.querySelector('.howto-toc').getAttribute('aria-label'),
    ]);
    assert.ok(texts.length > 80, `found the guide's texts (${texts.length})`);
    const english = texts.filter((x) => !x.trim().startsWith(MARK.trim()));
    assert.deepEqual(english, [], 'every text comes from the catalog');
    // The ways to play: the name in bold where the translation puts it.
    assert.equal(await page.locator('ul.ways li strong').first().textContent(), MARK + 'Chowka Bhara');
    assert.deepEqual(await missingKeys(page), []);
    // The guide's own content fits (the site header is the ui's, tested there).
    const wide = await page.evaluate(() => [...document.querySelectorAll('article.howto *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5).map((e) => e.tagName + '.' + e.getAttribute('class')));
    assert.deepEqual(wide, [], 'nothing in the guide goes past the right edge');
    await shot(page, `guide-kn-${viewport.width}`);
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

test("the rules page reads the language's rules.md beside the module, with the same rule anchors and the page's words from the catalog", { timeout: 60000 }, async () => {
  const { page, context, asked } = await kannadaPlayer(PHONE);
  await page.goto(env.server.url + '/#rule-R7');
  await page.waitForSelector('#rule-R7');
  // Fetched under the versioned prefix, like the module that asks.
  assert.match(asked[0], /^\/v\/[^/]+\/i18n\/kn\/rules\.md$/);
  assert.equal(await page.textContent('h1'), MARK + 'Full rules');
  assert.match(await page.textContent('.rules-lead'), new RegExp(`^${MARK}Every rule`));
  assert.equal(await page.textContent('.rules-lead a[href="/#how-to-play"]'), MARK + 'Start with How to play');
  assert.equal(await page.getAttribute('.rules-toc', 'aria-label'), MARK + 'Sections');
  // The translation's own words, the rule's id as its label, links between rules.
  assert.equal(await page.locator('#rule-R7 > .rule-id').textContent(), 'R7');
  assert.equal(await page.locator('#rule-R7 > strong').first().textContent(), 'ನಿಯಮ R7.');
  assert.equal(await page.locator('#rule-R7 a[href="#rule-R1"]').count(), 1);
  assert.equal(await page.locator('li#rule-C3').count(), 1);
  // Its title and preface are not repeated under the page's own heading.
  assert.doesNotMatch(await page.textContent('article.rules'), /ಮುನ್ನುಡಿ|ನಿಯಮಗಳು/);
  // Section anchors work in any script.
  assert.deepEqual(await page.locator('.rules-toc a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))), ['#sec-ಹಲಗೆ', '#sec-ಸ್ಪಷ್ಟನೆಗಳು', '#sec-ಆಯ್ಕೆಗಳು']);
  assert.equal(await page.getAttribute('article.rules', 'lang'), null, 'the rules are in the page language');
  assert.deepEqual(await missingKeys(page), []);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("a rule's dialog shows the guide's section and the exact rule in the player's language", { timeout: 60000 }, async () => {
  const { page, context } = await kannadaPlayer(PHONE);
  await page.goto(env.server.url + '/');
  await page.click('details.options > summary');
  await page.click('form.create a.rule-link[href="/#rule-R7"]');
  const dialog = page.locator('dialog.rule-dialog[open]');
  await page.waitForSelector('dialog.rule-dialog[open] #rule-R7');
  assert.equal(await dialog.locator('h2').textContent(), MARK + 'Three ways to play');
  assert.match(await dialog.locator('.rule-dialog-guide p').first().textContent(), new RegExp(`^${MARK}When you make a room`));
  assert.equal(await dialog.locator('#exact-rule-title').textContent(), MARK + 'The exact rule');
  assert.match(await dialog.locator('#rule-R7').textContent(), /ನಿಯಮ R7/);
  assert.deepEqual(await dialog.locator('.dialog-buttons > *').allTextContents(), [MARK + 'Close', MARK + 'How to play', MARK + 'Full rules']);
  await shot(page, 'guide-kn-rule-dialog');
  await dialog.locator('button').click();
  await page.waitForSelector('dialog.rule-dialog', { state: 'detached' });
  assert.deepEqual(await missingKeys(page), []);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a language without its rules text shows the English rules, marked as English', { timeout: 60000 }, async () => {
  const { page, context, asked } = await kannadaPlayer(PHONE, { rules: false });
  await page.goto(env.server.url + '/#rules');
  await page.waitForSelector('#rule-R7');
  assert.equal(asked.length, 1, 'asked for the translation first');
  assert.equal(await page.textContent('h1'), MARK + 'Full rules');
  assert.equal(await page.locator('#rule-R7 > strong').first().textContent(), 'Entering');
  assert.equal(await page.getAttribute('article.rules', 'lang'), 'en');
  assert.equal(await page.locator('.rules .error-text').count(), 0);
  // The dialog's exact rule too.
  await page.goto(env.server.url + '/');
  await page.click('details.options > summary');
  await page.click('form.create a.rule-link[href="/#rule-R7"]');
  await page.waitForSelector('dialog.rule-dialog[open] #rule-R7');
  assert.equal(await page.getAttribute('.exact-rule-body', 'lang'), 'en');
  assert.equal(await page.locator('dialog .error-text').count(), 0);
  await context.close();
});
