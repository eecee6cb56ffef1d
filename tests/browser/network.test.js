// A connection that notices and recovers within seconds (issue 29): a
// phone's socket that dies silently (a network change, a lift) is seen
// dead by the page within 10 s and by the others at the table as away;
// play resumes within 10 s of the network coming back; a throw sent into
// the dead socket is never played twice and the page says it was not
// sent. A page shown again probes its socket with a short deadline. The
// browser's own offline switch shows "Offline" at once and coming back
// online reconnects at once.
//
// The silent death is a TCP proxy written here: the grandmother's phone
// opens the room through it, and mid-game it black-holes every socket
// (bytes dropped both ways, no FIN, no RST: the sockets stay open), then
// lets new connections through again.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import {
  serverAndBrowser, newPlayer, apiCreateRoom, apiTakeSeat, openInSeat, gameStatus, inStep,
  playOneClick, nextVersion, shot, PHONE, DESKTOP,
} from './helpers.js';

const env = serverAndBrowser();

/**
 * A TCP proxy to `port` on 127.0.0.1. `blackHole()` makes every open
 * connection, and every one made until `restore()`, drop its bytes both
 * ways while staying open (a dead network, not a closed one); after
 * `restore()` new connections pass again, the black-holed ones stay dead.
 */
async function blackHoleProxy(port) {
  const conns = new Set();
  let down = false;
  const server = net.createServer((client) => {
    const c = { client, upstream: null, dead: down };
    conns.add(c);
    client.on('error', () => {});
    // Read and drop: a connect into a dead network hears nothing back.
    client.on('data', (d) => c.upstream && !c.dead && c.upstream.write(d));
    if (c.dead) return;
    c.upstream = net.connect(port, '127.0.0.1');
    c.upstream.on('error', () => {});
    c.upstream.on('data', (d) => !c.dead && client.write(d));
    // A close passes only while the network is up: a dead one carries no FIN or RST.
    c.upstream.on('close', () => !c.dead && client.destroy());
    client.on('close', () => !c.dead && c.upstream.destroy());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    blackHole() {
      down = true;
      for (const c of conns) c.dead = true;
    },
    restore() {
      down = false;
    },
    close() {
      for (const c of conns) {
        c.client.destroy();
        c.upstream?.destroy();
      }
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** How many "threw" lines about `name` the table log of `page` holds. */
async function throwsOf(page, name) {
  const log = await page.locator('.feed-list li').allTextContents();
  return log.filter((line) => line.startsWith(`${name} threw`)).length;
}

/** Plays both pages' turns until it is `page`'s turn to throw; returns its version then. */
async function untilThrowIsMine(pages, page, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const version = await inStep(pages);
    const st = await gameStatus(page);
    if (st.mine && st.canThrow && !st.busy) return st.version;
    let clicked = false;
    for (const p of pages) if (await playOneClick(p)) clicked = true;
    if (!clicked) await nextVersion(pages[0], version, until - Date.now());
  }
  throw new Error('never my turn to throw');
}

/** A 2-player game with no turn clock and no stand-in: nothing but the players moves it. */
async function twoPlayerRoom() {
  const room = await apiCreateRoom(env.server.url, { name: 'Asha', players: 2, takeover: null, options: { pawns: 1, gate: 'open' } });
  const seat = await apiTakeSeat(env.server.url, room.code, 'Ajji');
  return { room, seat };
}

test('a socket that dies silently is seen within 10 s, by the page and the table; play resumes within 10 s of the network; the throw in flight is not played twice', { timeout: 120000 }, async () => {
  const proxy = await blackHoleProxy(Number(new URL(env.server.url).port));
  const { room, seat } = await twoPlayerRoom();
  const host = await newPlayer(env.browser, DESKTOP);
  const ajji = await newPlayer(env.browser, PHONE);
  for (const p of [host, ajji]) p.page.setDefaultTimeout(10000);
  await openInSeat(host.page, env.server.url, room.code, room);
  // The grandmother's phone reaches the server through the proxy only.
  await openInSeat(ajji.page, proxy.url, room.code, seat);
  await host.page.waitForSelector('.seat:not(.me) .presence.on');
  await host.page.click('#start-btn');
  for (const p of [host, ajji]) await p.page.waitForSelector('.game svg.board .pawn');
  const pages = [host.page, ajji.page];
  const version = await untilThrowIsMine(pages, ajji.page, 60000);
  const thrown = await throwsOf(host.page, 'Ajji');
  assert.match(await ajji.page.textContent('.conn-pill'), /Live/);

  // The lift: nothing goes through, yet the socket looks open and takes the throw.
  proxy.blackHole();
  const lost = Date.now();
  await ajji.page.click('#throw-btn');
  await ajji.page.waitForSelector('.game[data-busy="true"]');

  // Within 10 s the phone no longer says "Live", and the throw is in doubt, not "Sending…".
  await ajji.page.waitForSelector('.conn-pill:not(.open)', { timeout: 10000 });
  const seen = Date.now() - lost;
  assert.ok(seen < 10000, `the phone saw the dead socket after ${seen} ms`);
  assert.match(await ajji.page.textContent('.conn-pill'), /Reconnecting/);
  await ajji.page.waitForSelector('#move-hint:has-text("whether your move arrived")');
  assert.equal((await gameStatus(ajji.page)).busy, true, 'no second throw can be sent meanwhile');

  // The host sees her connection drop, in words, within about 10 s:
  // "reconnecting…" first, as she may be back in a moment.
  await host.page.waitForSelector('.player.seat-1.away', { timeout: 12000 });
  const away = Date.now() - lost;
  assert.ok(away < 11000, `the table saw her away after ${away} ms`);
  assert.equal((await host.page.textContent('.player.seat-1 .presence-text')).trim(), 'reconnecting…');
  await shot(ajji.page, 'network-lost-360');
  await shot(host.page, 'network-away-1280');

  // The network comes back: within 10 s she is live again, told the throw was not sent.
  proxy.restore();
  const back = Date.now();
  await ajji.page.waitForSelector('.conn-pill.open', { timeout: 10000 });
  await ajji.page.waitForSelector('.game[data-busy="false"]', { state: 'attached' });
  await ajji.page.waitForSelector('.toast-error:has-text("Not sent: the connection dropped. Try again.")');
  assert.equal(await ajji.page.textContent('#move-hint'), 'Not sent: the connection dropped. Try again.');
  const after = await gameStatus(ajji.page);
  assert.equal(after.version, version, 'the throw never reached the server');
  assert.ok(after.canThrow && after.mine, 'Throw is back for her to press again');
  await shot(ajji.page, 'network-not-sent-360');

  // She throws again: answered, the version goes up, all within 10 s of the network.
  await ajji.page.click('#throw-btn');
  assert.ok(await nextVersion(ajji.page, version, 10000 - (Date.now() - back)), 'the throw was answered');
  const resumed = Date.now() - back;
  assert.ok(resumed < 10000, `play resumed ${resumed} ms after the network came back`);

  // The host sees her back, and one throw of hers, not two.
  await host.page.waitForSelector('.player.seat-1:not(.away) .presence.on');
  await host.page.waitForFunction((v) => Number(document.querySelector('.game').dataset.version) > v, version);
  await inStep(pages);
  assert.equal(await throwsOf(host.page, 'Ajji'), thrown + 1, 'the throw was played once');
  for (const p of [host, ajji]) assert.deepEqual(p.page.errors, []);
  await host.context.close();
  await ajji.context.close();
  await proxy.close();
});

test('a page shown again probes its socket: a dead one is replaced within seconds, not after the heartbeat\'s deadline', { timeout: 90000 }, async () => {
  const proxy = await blackHoleProxy(Number(new URL(env.server.url).port));
  const { room, seat } = await twoPlayerRoom();
  const ajji = await newPlayer(env.browser, PHONE);
  ajji.page.setDefaultTimeout(10000);
  await openInSeat(ajji.page, proxy.url, room.code, seat);
  await ajji.page.waitForSelector('.lobby');
  await ajji.page.waitForSelector('.conn-pill.open');
  // The phone wakes from the pocket: its old socket is dead, and the page is shown again.
  proxy.blackHole();
  const woke = Date.now();
  await ajji.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await ajji.page.waitForSelector('.conn-pill:not(.open)', { timeout: 5000 });
  const seen = Date.now() - woke;
  // The probe's deadline is 3 s; the heartbeat alone would take about 7.
  assert.ok(seen < 5000, `the probe found the dead socket after ${seen} ms`);
  proxy.restore();
  await ajji.page.waitForSelector('.conn-pill.open', { timeout: 10000 });
  assert.deepEqual(ajji.page.errors, []);
  await ajji.context.close();
  await proxy.close();
});

test('the browser going offline shows "Offline" at once, in her language; back online it reconnects at once', { timeout: 90000 }, async () => {
  const { room, seat } = await twoPlayerRoom();
  const host = await newPlayer(env.browser, DESKTOP);
  const ajji = await newPlayer(env.browser, PHONE, { locale: 'kn' });
  for (const p of [host, ajji]) p.page.setDefaultTimeout(10000);
  await openInSeat(host.page, env.server.url, room.code, room);
  await openInSeat(ajji.page, env.server.url, room.code, seat);
  await host.page.waitForSelector('.seat:not(.me) .presence.on');
  await host.page.click('#start-btn');
  for (const p of [host, ajji]) await p.page.waitForSelector('.game svg.board .pawn');
  await ajji.page.waitForSelector('.conn-pill.open');
  const sockets = [];
  ajji.page.on('websocket', (ws) => sockets.push(ws));

  await ajji.context.setOffline(true);
  // At once: no waiting for a ping to go unanswered.
  await ajji.page.waitForSelector('.conn-pill.offline', { timeout: 2000 });
  assert.equal(await ajji.page.textContent('.conn-pill'), 'ನೆಟ್‌ವರ್ಕ್ ಇಲ್ಲ');
  assert.match(await ajji.page.textContent('.conn-banner'), /ನೆಟ್‌ವರ್ಕ್ ಇಲ್ಲ/);
  await shot(ajji.page, 'network-offline-kn-360');

  const version = await gameStatus(ajji.page).then((st) => st.version);
  await ajji.context.setOffline(false);
  // At once, not after a backoff step or a ping's deadline: a fresh socket, welcomed.
  await ajji.page.waitForSelector('.conn-pill.open', { timeout: 3000 });
  assert.ok(sockets.length >= 1, 'a fresh socket was opened');
  assert.equal(await ajji.page.textContent('.conn-pill'), 'ಲೈವ್');

  // And it is live: the host's move reaches her.
  await inStep([host.page, ajji.page]);
  assert.equal(await playOneClick(host.page), 'throw', 'the host starts');
  assert.ok(await nextVersion(ajji.page, version, 10000), 'the host\'s throw reached her');
  for (const p of [host, ajji]) assert.deepEqual(p.page.errors, []);
  await host.context.close();
  await ajji.context.close();
});
