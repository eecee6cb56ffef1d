// Issue 31, "a family's standing table": a circle made by Asha (a
// desktop) from All my games, joined through its invite link by Ravi (a
// 360x640 touch phone) and Meena (a third browser); who is here shows on
// every page; Asha starts a game from the circle's page (3 seats, one a
// computer; 5x5, one pawn, gate open, so it is quick), Ravi finds the
// invitation in his All my games and joins, the game is played to the end,
// and the standings and the head-to-head change on the circle pages left
// open, live over the circle's socket. Asha removes Meena: Meena's open
// page says she is no longer in the circle, and a reload shows nothing of
// it. Asha makes a new link: the old one is refused, the new one works,
// and a fourth member joins by it on a phone in Tamil (no text missing,
// no sideways scroll). Screenshots `circle-*.png` (phone and desktop),
// axe on both.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { serverAndBrowser, newPlayer, playRound, gameStatus, axeScan, shot, SHOTS, PHONE, DESKTOP } from './helpers.js';

const env = serverAndBrowser();

/** A standings row's numbers for `name` on `page`: {played, won}. */
function standing(page, name) {
  return page.evaluate((who) => {
    const row = [...document.querySelectorAll('table.circle-standings tbody tr')].find((tr) => tr.querySelector('th').textContent === who);
    if (!row) return null;
    return { played: Number(row.querySelector('[data-stat="played"]').textContent), won: Number(row.querySelector('[data-stat="won"]').textContent) };
  }, name);
}

/** Waits until `page`'s standings say `name` played `played` games. */
function standingPlayed(page, name, played) {
  return page.waitForFunction(([who, n]) => {
    const row = [...document.querySelectorAll('table.circle-standings tbody tr')].find((tr) => tr.querySelector('th').textContent === who);
    return row && Number(row.querySelector('[data-stat="played"]').textContent) === n;
  }, [name, played], { timeout: 20000 });
}

/**
 * Opens an invite link and joins as `name` (asked only if the site has no
 * name for the player); with `scan`, the invite page is checked by axe first.
 */
async function joinByLink(page, link, name, scan = false) {
  await page.goto(link);
  await page.waitForSelector('#circle-join');
  assert.ok(!page.url().includes('invite='), 'the token left the address bar at once');
  assert.equal(await page.textContent('#circle-heading'), 'Rao family');
  if (scan) {
    assert.equal(await page.locator('h1').count(), 1, 'one h1 on the invite page');
    assert.deepEqual(await axeScan(page), [], 'the invite page: no serious or critical axe violations');
    await shot(page, 'circle-invite-360');
  }
  if (await page.isVisible('#circle-join-name')) await page.fill('#circle-join-name', name);
  await page.click('#circle-join');
  await page.waitForSelector('.circle-members');
}

/** Asserts no sideways scroll on `page`. */
async function fits(page, what) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(overflow <= 0, `${what}: no sideways scroll (${overflow}px)`);
}

test('a circle: joined by link from three browsers, a game started from it played to the end, standings live, a member removed, the link renewed', { timeout: 300000 }, async () => {
  const url = env.server.url;
  const asha = await newPlayer(env.browser, DESKTOP);
  const ravi = await newPlayer(env.browser, PHONE, { touch: true });
  const meena = await newPlayer(env.browser, PHONE);
  for (const p of [asha, ravi, meena]) p.page.setDefaultTimeout(15000);

  // Asha makes the circle from All my games; the site asks her name, having none.
  await asha.page.goto(`${url}/#my-games`);
  await asha.page.waitForSelector('#mygames-circles');
  await asha.page.fill('#circle-new-name', 'Rao family');
  await asha.page.waitForSelector('#circle-new-player:visible');
  await asha.page.fill('#circle-new-player', 'Asha');
  await asha.page.click('#circle-new-create');
  await asha.page.waitForURL(/\/c\/[0-9A-Z]+$/);
  await asha.page.waitForSelector('#circle-heading:text("Rao family")');
  const circleUrl = asha.page.url();
  const link = await asha.page.inputValue('#circle-invite-link');
  assert.ok(link.startsWith(`${circleUrl}#invite=`), `the invite link: ${link}`);
  assert.equal(await asha.page.locator('.circle-invite-card svg.qr').count(), 1, 'the QR code');

  // Before joining, a circle's page shows nothing to anyone.
  await meena.page.goto(circleUrl);
  await meena.page.waitForSelector('#circle-heading:text("This circle is private")');
  assert.ok(!(await meena.page.textContent('body')).includes('Rao family'));
  assert.deepEqual(await axeScan(meena.page), [], 'the private page: no serious or critical axe violations');

  await joinByLink(ravi.page, link, 'Ravi', true);
  await joinByLink(meena.page, link, 'Meena');

  // Presence: all three here, on every page.
  for (const p of [asha, ravi, meena]) await p.page.waitForFunction(() => document.querySelectorAll('.circle-member.here').length === 3, null, { timeout: 20000 });
  assert.equal(await asha.page.locator('.circle-member .member-name').allTextContents().then((n) => n.sort().join()), 'Asha,Meena,Ravi');
  await fits(ravi.page, 'circle page, phone');
  await shot(ravi.page, 'circle-360');
  await shot(asha.page, 'circle-1280');
  for (const p of [asha, ravi]) {
    assert.equal(await p.page.locator('h1').count(), 1, 'one h1');
    assert.deepEqual(await axeScan(p.page), [], 'no serious or critical axe violations');
  }

  // Asha starts a game from the circle's page: three seats, the last a computer.
  await asha.page.click('#circle-new-game');
  const dialog = asha.page.locator('dialog.circle-new-game');
  await dialog.waitFor();
  await dialog.locator('input[name="players"][value="3"] + span').click();
  await dialog.locator('#opt-computers').selectOption('1');
  await dialog.locator('details.options summary').click();
  await dialog.locator('#opt-pawns').selectOption('1');
  await dialog.locator('#opt-gate').selectOption('open');
  await shot(asha.page, 'circle-new-game-1280');
  // Asha keeps a second tab on the circle's page, to see it change live.
  const ashaCircle = await asha.context.newPage();
  ashaCircle.errors = [];
  ashaCircle.on('pageerror', (e) => ashaCircle.errors.push(e.message));
  await ashaCircle.goto(circleUrl);
  await ashaCircle.waitForSelector('.circle-members');
  await dialog.locator('#circle-game-create').click();
  await asha.page.waitForURL(/\/r\/[0-9A-Z]+$/);
  const code = new URL(asha.page.url()).pathname.split('/').pop();
  await asha.page.waitForSelector('.lobby .seat.me');

  // The lobby shows on the circle pages left open, with Join.
  for (const p of [meena.page, ashaCircle]) await p.waitForSelector(`.circle-games-lobbies [data-code="${code}"]`);

  // Ravi finds the invitation in his All my games, and joins from it.
  await ravi.page.goto(`${url}/#my-games`);
  await ravi.page.waitForSelector(`.mygames-invitations [data-code="${code}"]`);
  assert.equal(await ravi.page.textContent(`.mygames-invitations [data-code="${code}"] .mygame-status`), 'Asha invites you to a game in Rao family');
  await fits(ravi.page, 'all my games, phone');
  await shot(ravi.page, 'circle-mygames-360');
  await ravi.page.click(`.mygames-invitations [data-code="${code}"] .invitation-join`);
  await ravi.page.waitForURL(`${url}/r/${code}`);
  await ravi.page.waitForSelector('#take-seat');
  await ravi.page.click('#take-seat');
  await ravi.page.waitForSelector('.lobby .seat.me');
  await asha.page.waitForFunction(() => document.querySelectorAll('.seat.taken').length === 3);
  await asha.page.click('#start-btn');
  for (const p of [asha, ravi]) await p.page.waitForSelector('.game svg.board .pawn');
  await meena.page.waitForSelector(`.circle-games-playing [data-code="${code}"]`);

  // The game, played to the end by clicks on what the pages highlight.
  const players = [asha.page, ravi.page];
  const until = Date.now() + 200000;
  while (Date.now() < until) {
    const st = await Promise.all(players.map((p) => gameStatus(p)));
    if (st.every((s) => s.over)) break;
    if ((await playRound(players, until)) < 0) break;
  }
  const over = await Promise.all(players.map((p) => gameStatus(p)));
  assert.ok(over.every((s) => s.over), 'the game ended');

  // The standings changed live on the pages left open: one game for Asha and Ravi, none for Meena.
  for (const p of [meena.page, ashaCircle]) {
    await standingPlayed(p, 'Asha', 1);
    await standingPlayed(p, 'Ravi', 1);
    assert.deepEqual(await standing(p, 'Meena'), { played: 0, won: 0 });
    await p.waitForSelector(`.circle-games-finished [data-code="${code}"] a[href="/r/${code}#replay"]`);
  }
  const a = await standing(ashaCircle, 'Asha');
  const r = await standing(ashaCircle, 'Ravi');
  assert.ok(a.won + r.won <= 1, `at most one winner of the two (${a.won}, ${r.won})`);
  // Head to head: Asha (the viewer) against the first other member by default; Ravi chosen.
  const ravisId = await ashaCircle.getAttribute('.circle-member:has(.member-name:text-is("Ravi"))', 'data-member');
  await ashaCircle.selectOption('#circle-versus-b', ravisId);
  assert.equal(await ashaCircle.textContent('#circle-versus-text'), `Asha ${a.won} – ${r.won} Ravi, 1 game together`);
  // Ravi, back on the circle's page from his phone, sees the same.
  await ravi.page.goto(circleUrl);
  await standingPlayed(ravi.page, 'Ravi', 1);
  await fits(ravi.page, 'circle page with games, phone');
  await shot(ravi.page, 'circle-standings-360');
  await ravi.page.screenshot({ path: path.join(SHOTS, 'circle-whole-360.png'), fullPage: true });
  await shot(ashaCircle, 'circle-standings-1280');

  // Asha removes Meena: Meena's open page says so, and a reload shows nothing of the circle.
  await ashaCircle.click('.circle-member:has(.member-name:text-is("Meena")) [data-action="remove"]');
  await ashaCircle.click('#circle-remove-yes');
  await meena.page.waitForSelector('#circle-heading:text("You are no longer in this circle")');
  assert.ok(!(await meena.page.textContent('body')).includes('Rao family'));
  await meena.page.reload();
  await meena.page.waitForSelector('#circle-heading:text("This circle is private")');
  assert.ok(!(await meena.page.textContent('body')).includes('Rao family'));
  await ashaCircle.waitForFunction(() => document.querySelectorAll('.circle-member').length === 2);

  // Asha makes a new link: the old one no longer works, the new one does.
  await ashaCircle.click('#circle-renew');
  await ashaCircle.click('#circle-renew-yes');
  await ashaCircle.waitForFunction((old) => document.querySelector('#circle-invite-link')?.value !== old, link);
  const renewed = await ashaCircle.inputValue('#circle-invite-link');
  await meena.page.goto(link);
  await meena.page.waitForSelector('#circle-heading:text("This link no longer works")');
  assert.ok(!(await meena.page.textContent('body')).includes('Rao family'));
  await joinByLink(meena.page, renewed, 'Meena');
  await ashaCircle.waitForFunction(() => document.querySelectorAll('.circle-member').length === 3);

  // A fourth member, on a phone in Tamil: every text of the page in Tamil, no sideways scroll.
  const kavya = await newPlayer(env.browser, PHONE, { locale: 'ta-IN' });
  await joinByLink(kavya.page, renewed, 'Kavya');
  await kavya.page.waitForSelector(`.circle-games-finished [data-code="${code}"]`);
  assert.equal(await kavya.page.getAttribute('html', 'lang'), 'ta');
  assert.deepEqual(await kavya.page.evaluate(() => [...window.__chowkaMissingKeys]), [], 'no missing texts');
  await fits(kavya.page, 'circle page in Tamil, phone');
  await kavya.page.screenshot({ path: path.join(SHOTS, 'circle-ta-360.png'), fullPage: true });

  for (const p of [asha.page, ravi.page, meena.page, ashaCircle, kavya.page]) assert.deepEqual(p.errors, [], 'no script errors');
  for (const p of [asha, ravi, meena, kavya]) await p.context.close();
});
