// The installable app (issue 30 item 1): the service worker registers and
// controls the page; with the network gone the page comes from the cache
// and a page never kept shows the offline page in the player's language; a
// new version's worker installs beside the old one, which keeps the open
// page, and takes over on the next start, deleting the old version's
// cache; the install offer never shows where a visit lands, shows on My
// games once the browser offers an install (a synthetic
// beforeinstallprompt), and "Not now" hides it for good.
//
// The new version is served by an HTTP proxy written here in front of the
// server, which can give /sw.js another version (its files then come from
// the server's "another version's address" answer: today's files).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { serverAndBrowser, startServer, newPlayer, shot, apiCreateRoom, openInSeat, playToEnd, gameStatus, PHONE } from './helpers.js';

/** These tests are of the service worker: let it install (helpers.js blocks it elsewhere). */
const WORKER = { serviceWorkers: 'allow' };

const env = serverAndBrowser({ botDelayMs: 20 });

/** Waits until `fn(arg)`, run in `page` (it may be async), is true: page.waitForFunction takes a promise for true. */
async function until(page, fn, arg) {
  const deadline = Date.now() + 30000;
  while (!(await page.evaluate(fn, arg))) {
    if (Date.now() > deadline) throw new Error(`not true within 30 s: ${fn}`);
    await page.waitForTimeout(50);
  }
}

/** The version of the worker controlling `page` (from its cache's name), once it controls it. */
async function controlledVersion(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('chowka-')).sort());
}

/** Opens `url` and waits until a worker controls the page (a reload once it is active). */
async function controlled(page, url) {
  await page.goto(url);
  await page.waitForSelector('.nav-mygames');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForSelector('.nav-mygames');
  return controlledVersion(page);
}

/**
 * An HTTP proxy to the server at `target` (WebSockets passed through as
 * bytes). After `newVersion()`, /sw.js names version `ffffffffff` instead
 * of the server's: a new version of the worker, as after an upgrade.
 */
async function versionProxy(target) {
  const { hostname, port } = new URL(target);
  let renamed = false;
  const server = http.createServer((req, res) => {
    const headers = { ...req.headers };
    // The worker always whole and plain, to be rewritten (a 304 would keep the browser's copy).
    if (req.url === '/sw.js') {
      delete headers['if-none-match'];
      delete headers['accept-encoding'];
    }
    const up = http.request({ host: hostname, port, path: req.url, method: req.method, headers }, (answer) => {
      if (!renamed || req.url !== '/sw.js' || answer.statusCode !== 200) {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
        return;
      }
      let body = '';
      answer.setEncoding('utf8');
      answer.on('data', (d) => (body += d));
      answer.on('end', () => {
        const version = /const VERSION = '([0-9a-f]+)'/.exec(body)[1];
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
        res.end(body.replaceAll(version, 'ffffffffff'));
      });
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  server.on('upgrade', (req, socket, head) => {
    const up = net.connect(Number(port), hostname, () => {
      up.write(`${req.method} ${req.url} HTTP/1.1\r\n${Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
      up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    newVersion: () => (renamed = true),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Makes the browser's install offer arrive, as Chrome does once the site is installable; whether it was held back. */
function offerInstall(page) {
  return page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    event.prompt = () => (window.__prompted = true);
    event.userChoice = Promise.resolve({ outcome: 'dismissed', platform: 'web' });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

test('the worker registers and controls the page; its cache is named by the version', async () => {
  const { context, page } = await newPlayer(env.browser, PHONE, WORKER);
  const caches = await controlled(page, env.server.url + '/');
  const sw = await (await fetch(`${env.server.url}/sw.js`)).text();
  const version = /const VERSION = '([0-9a-f]{10})'/.exec(sw)[1];
  assert.deepEqual(caches, [`chowka-${version}`]);
  // Every module the page loaded is kept, under the page's own version.
  const kept = await page.evaluate(async (v) => {
    const cache = await caches.open(`chowka-${v}`);
    return Promise.all(['/', '/offline.html', `/v/${v}/js/main.js`, `/v/${v}/style.css`, `/v/${v}/i18n/en/ui.js`].map(async (u) => !!(await cache.match(u))));
  }, version);
  assert.deepEqual(kept, [true, true, true, true, true]);
  // The page's manifest follows the player's language, and Chromium finds
  // nothing wrong with it: installable, but for the test's incognito profile.
  assert.equal(await page.getAttribute('link[rel="manifest"]', 'href'), '/manifest.en.webmanifest');
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  assert.match(manifest.url, /\/manifest\.en\.webmanifest$/);
  assert.deepEqual(manifest.errors, []);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'), []);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('offline: the kept page shows, and a page never kept shows the offline page in the player language', async () => {
  // A server of its own: it is stopped, as a network that is gone.
  const server = await startServer();
  const { context, page } = await newPlayer(env.browser, PHONE, WORKER);
  try {
    const [cache] = await controlled(page, server.url + '/');
    // In Kannada: its catalogs are kept as the page loads them.
    await page.evaluate(() => localStorage.setItem('chowka.lang', 'kn'));
    await page.reload();
    await page.waitForSelector('html[lang="kn"] .nav-mygames');
    await until(page, async (name) => !!(await (await caches.open(name)).match(`/v/${name.slice(7)}/i18n/kn/ui.js`)), cache);
    assert.deepEqual(page.errors, []);

    await context.setOffline(true);
    await server.stop();
    await page.reload();
    // The app from the cache, in the player's language.
    await page.waitForSelector('html[lang="kn"] .nav-mygames');
    assert.equal(await page.textContent('.nav-mygames'), 'ನನ್ನ ಆಟ');

    await page.goto(server.url + '/r/NEVERSEEN');
    await page.waitForSelector('html[lang="kn"] #offline-text');
    assert.match(await page.textContent('#offline-text'), /ಆಫ್‌ಲೈನ್/);
    await shot(page, 'app-offline-kn-phone');

    await page.evaluate(() => localStorage.setItem('chowka.lang', 'en'));
    await page.click('#offline-retry');
    await page.waitForSelector('html[lang="en"] #offline-text');
    assert.equal(await page.textContent('#offline-text'), 'You are offline. Your games will be here when you are back.');
    assert.equal(await page.textContent('#offline-retry'), 'Try again');
    await shot(page, 'app-offline-phone');
  } finally {
    await context.close();
    await server.stop();
  }
});

test('a new version installs beside the old one and takes over on the next start', async () => {
  const proxy = await versionProxy(env.server.url);
  const { context, page } = await newPlayer(env.browser, PHONE, WORKER);
  try {
    const [old] = await controlled(page, proxy.url + '/');
    assert.notEqual(old, 'chowka-ffffffffff');

    proxy.newVersion();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    // Installed, waiting: the open page keeps its worker and its cache.
    await until(page, async () => !!(await navigator.serviceWorker.getRegistration()).waiting);
    assert.deepEqual(await controlledVersion(page), [old, 'chowka-ffffffffff'].sort());

    // The next start: no page of the old version is left open.
    await page.close();
    const next = await context.newPage();
    await next.goto(proxy.url + '/');
    await next.waitForSelector('.nav-mygames');
    await until(next, async () => (await caches.keys()).join() === 'chowka-ffffffffff');
    await next.waitForFunction(() => navigator.serviceWorker.controller !== null);
    assert.equal(await next.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()).waiting), false);
  } finally {
    await context.close();
    await proxy.close();
  }
});

test('the install offer: never where a visit lands, on My games once the browser offers, gone after Not now', async () => {
  const { context, page } = await newPlayer(env.browser, PHONE, WORKER);
  await page.goto(env.server.url + '/');
  await page.waitForSelector('.nav-mygames');
  assert.equal(await offerInstall(page), true, 'the browser\'s own mini-infobar is held back');
  assert.equal(await page.locator('.install-offer:visible').count(), 0, 'not on the page a visit lands on');

  await page.click('.nav-mygames');
  await page.waitForSelector('.install-offer:visible');
  assert.equal(await page.textContent('.install-title'), 'Add Chowka to your home screen');
  await shot(page, 'app-install-offer-phone');

  await page.click('.install-later');
  await page.waitForSelector('.install-offer', { state: 'hidden' });
  const until = await page.evaluate(() => Number(localStorage.getItem('chowka.installLater')));
  assert.ok(until > Date.now() + 29 * 24 * 3600 * 1000, 'hidden for 30 days');
  // Remembered: not again on the next visit either.
  await page.reload();
  await page.waitForSelector('.mygames-page');
  await offerInstall(page);
  await page.waitForSelector('.mygames-body:not([aria-busy])');
  assert.equal(await page.locator('.install-offer:visible').count(), 0);
  assert.deepEqual(page.errors, []);
  await context.close();

  // "Add" opens the browser's own dialog; turned down there, it is as good as "Not now".
  const other = await newPlayer(env.browser, PHONE, WORKER);
  await other.page.goto(env.server.url + '/#my-games');
  await other.page.waitForSelector('.mygames-page');
  assert.equal(await other.page.locator('.install-offer:visible').count(), 0, 'no offer before the browser has one');
  await offerInstall(other.page);
  await other.page.click('.install-add');
  await other.page.waitForSelector('.install-offer', { state: 'hidden' });
  assert.equal(await other.page.evaluate(() => window.__prompted), true);
  await other.context.close();
});

test('the install offer shows under a finished game\'s result', { timeout: 120000 }, async () => {
  const { context, page } = await newPlayer(env.browser, PHONE, WORKER);
  // One pawn each against the computer: a short game.
  const room = await apiCreateRoom(env.server.url, { name: 'Asha', players: 2, options: { pawns: 1 }, bots: [{ seat: 1, level: 'easy' }], start: true });
  await openInSeat(page, env.server.url, room.code, room);
  await page.waitForSelector('.game svg.board .pawn');
  await offerInstall(page);
  assert.equal(await page.locator('.install-offer:visible').count(), 0, 'not while the game is played');
  await playToEnd(page, 90000);
  assert.ok((await gameStatus(page)).over, 'the game ended');
  const offer = page.locator('.result .install-offer');
  await offer.waitFor();
  await offer.scrollIntoViewIfNeeded();
  await shot(page, 'app-install-after-game-phone');
  await page.click('.result .install-later');
  await page.waitForSelector('.result .install-offer', { state: 'hidden' });
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('on an iPhone the offer says how to add the site from the Share menu', async () => {
  const context = await env.browser.newContext({
    viewport: PHONE,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    locale: 'en-US',
  });
  const page = await context.newPage();
  await page.goto(env.server.url + '/');
  await page.waitForSelector('.nav-mygames');
  assert.equal(await page.locator('.install-offer:visible').count(), 0);
  await page.click('.nav-mygames');
  await page.waitForSelector('.install-offer:visible');
  assert.match(await page.textContent('.install-why'), /Share, then “Add to Home Screen”/);
  assert.equal(await page.locator('.install-add').count(), 0, 'nothing to press but Safari\'s own menu');
  await shot(page, 'app-install-iphone-phone');
  await context.close();
});
