// Issue 29 item 3, "the stand-in, in the open": a grandmother on a phone
// closes her tab mid-game; a computer takes her seat after the host's
// takeover time and plays. Her host's log says which moves the computer
// made for her, and so does hers when she comes back ("The computer (for
// you) threw...", never "You threw..."), with "While you were away, the
// computer played N turns for you" under the banner. The replay of the
// game marks the same moves. She says "I'll be right back": her host sees
// it in the log and on her seat until she is back. The host changes the
// takeover time during the game.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, startTwoPlayerGame, gameStatus, nextVersion, playOneClick, shot, apiCreateRoom, apiTakeSeat, newPlayer, openInSeat, PHONE } from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

/** The host plays their turns until `done()` holds in the host's page (or 60 s pass). */
async function hostPlaysUntil(page, done) {
  const until = Date.now() + 60000;
  while (Date.now() < until && !(await page.evaluate(done))) {
    const st = await gameStatus(page);
    if (st.over) break;
    if (!(await playOneClick(page))) await nextVersion(page, st.version, Math.max(1, until - Date.now()));
  }
  return page.evaluate(done);
}

test('a computer plays for the grandmother while she is away, in the open, and she is told how many turns', { timeout: 120000 }, async () => {
  const { code, host, friend } = await startTwoPlayerGame(env, {
    room: { name: 'Ravi', players: 2, takeover: 5 },
    friendName: 'Ajji',
  });
  // She closes her tab: for a few seconds she may just be changing
  // networks; five seconds later a computer plays for her.
  await friend.page.close();
  await host.page.waitForFunction(() => document.querySelector('.player.seat-1 .presence-text')?.textContent === 'reconnecting…');
  await host.page.waitForSelector('.player.seat-1 .badge.warn');
  // The host plays on until the computer has played two of her turns.
  const marked = () => document.querySelectorAll('.feed-event.ev-standin').length;
  const twoTurns = () => [...document.querySelectorAll('.feed-event.ev-turn')].filter((li) => li.previousElementSibling?.classList.contains('ev-standin')).length >= 2;
  assert.ok(await hostPlaysUntil(host.page, twoTurns), 'the computer played two turns for her');
  // Gone for longer, she is away.
  await host.page.waitForFunction(() => document.querySelector('.player.seat-1 .presence-text')?.textContent === 'away', null, { timeout: 20000 });
  const lines = await host.page.$$eval('.feed-event.ev-standin', (els) => els.map((e) => e.textContent));
  assert.ok(lines.length >= 2 && lines.every((l) => l.startsWith('The computer (for Ajji)')), lines.join('\n'));
  await shot(host.page, 'standin-host-log-desktop');

  // She comes back on her phone: her seat is hers again, she is told.
  const page = await friend.context.newPage();
  page.setDefaultTimeout(10000);
  await page.goto(`${env.server.url}/r/${code}`);
  await page.waitForSelector('.standin-mine:not([hidden])');
  const said = await page.textContent('.standin-mine .standin-text');
  assert.match(said, /^While you were away, the computer played \d+ turns for you\.$/);
  // Her log says it was the computer, never "You threw".
  const hers = await page.$$eval('.feed-event.ev-standin', (els) => els.map((e) => e.textContent));
  assert.ok(hers.length >= 2, 'her log marks the computer\'s moves');
  assert.ok(hers.every((l) => l.startsWith('The computer (for you)')), hers.join('\n'));
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'standin-back-360');
  await page.click('#away-ok');
  await page.waitForSelector('.standin-mine', { state: 'hidden' });
  assert.equal(await page.evaluate(marked) >= 2, true);

  // The replay marks the same moves: each frame's action says so.
  const replay = await (await fetch(`${env.server.url}/api/rooms/${code}/replay`)).json();
  const byComputer = replay.frames.filter((f) => f.action?.stand_in);
  assert.ok(byComputer.length >= 2 && byComputer.every((f) => f.action.by === 1), JSON.stringify(byComputer[0]));

  // "I'll be right back": the host sees it in the log and on her seat.
  await page.click('#right-back-btn');
  await host.page.waitForSelector('.player.seat-1 .badge.vacation');
  assert.match(await host.page.textContent('.player.seat-1 .badge.vacation'), /^back by /);
  assert.ok((await host.page.$$eval('.feed-event', (els) => els.map((e) => e.textContent))).includes('Ajji will be right back.'));
  await page.waitForSelector('.standin-mine:not([hidden])');
  assert.match(await page.textContent('.standin-mine .standin-text'), /^The table is waiting for you until /);
  await shot(page, 'standin-right-back-360');
  // Back: one tap, and the badge goes.
  await page.click('#take-back-btn');
  await host.page.waitForSelector('.player.seat-1 .badge.vacation', { state: 'detached' });
  // Her own page shows the state that ended the hold (the host's may come first).
  await page.waitForSelector('#right-back-btn');
  assert.equal(await page.locator('#right-back-btn').count(), 1, 'she can say it again');
  assert.deepEqual(page.errors ?? [], []);
  assert.deepEqual(host.page.errors, []);
  await host.context.close();
  await friend.context.close();
});

test('the host changes during the game when a computer stands in', { timeout: 60000 }, async () => {
  const { host, friend } = await startTwoPlayerGame(env, {
    room: { name: 'Ravi', players: 2, takeover: null },
    friendName: 'Ajji',
    hostView: PHONE,
  });
  await host.page.waitForSelector('#game-takeover');
  assert.equal(await host.page.inputValue('#game-takeover'), '', 'never, as created');
  assert.equal(await friend.page.locator('#game-takeover').count(), 0, 'the host\'s alone');
  await friend.page.close();
  await host.page.waitForSelector('.player.seat-1 .presence.off');
  await host.page.selectOption('#game-takeover', '30');
  // The server's own value comes back, and the count starts from now.
  await host.page.waitForFunction(() => document.querySelector('#game-takeover')?.value === '30');
  await host.page.evaluate(() => document.querySelector('#game-takeover').scrollIntoView({ block: 'center' }));
  await shot(host.page, 'standin-host-setting-360');
  await host.page.waitForSelector('.player.seat-1 .badge.warn', { timeout: 45000 });
  assert.deepEqual(host.page.errors, []);
  await host.context.close();
  await friend.context.close();
});

test('in the lobby the host chooses when a computer stands in; a guest does not see the choice', { timeout: 60000 }, async () => {
  const room = await apiCreateRoom(env.server.url, { name: 'Ravi', players: 2 });
  const seat = await apiTakeSeat(env.server.url, room.code, 'Ajji');
  const host = await newPlayer(env.browser, PHONE);
  const friend = await newPlayer(env.browser, PHONE);
  await openInSeat(host.page, env.server.url, room.code, room);
  await openInSeat(friend.page, env.server.url, room.code, seat);
  await host.page.waitForSelector('#lobby-takeover');
  assert.equal(await host.page.inputValue('#lobby-takeover'), '60', 'a minute, the default');
  await host.page.selectOption('#lobby-takeover', '300');
  const details = async () => (await (await fetch(`${env.server.url}/api/rooms/${room.code}`)).json()).room.takeover;
  await host.page.waitForFunction(() => document.querySelector('#lobby-takeover')?.value === '300');
  // The select shows the choice at once; the server's state follows it.
  await host.page.waitForFunction((code) => fetch(`/api/rooms/${code}`).then((r) => r.json()).then((d) => d.room?.takeover === 300).catch(() => false), room.code, { polling: 250 });
  assert.equal(await details(), 300, 'the server has it');
  await friend.page.waitForSelector('.seat.me');
  assert.equal(await friend.page.locator('#lobby-takeover').count(), 0, 'the host\'s alone');
  await host.page.evaluate(() => document.querySelector('#lobby-takeover').scrollIntoView({ block: 'center' }));
  await shot(host.page, 'standin-lobby-setting-360');
  assert.deepEqual(host.page.errors, []);
  await host.context.close();
  await friend.context.close();
});
