// Shared set-up of the browser tests: the real chowka binary on a free port
// with a temporary data folder, Debian's chromium through playwright-core,
// and small drivers that play through the page exactly as a person would:
// clicking only what the page highlights.

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium, errors } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
export const SHOTS = path.join(here, 'screenshots');

/**
 * The chowka binary: $CHOWKA_BIN, else target/release/chowka if it exists,
 * else target/debug/chowka. When both exist, the newer one wins: the web
 * client is embedded at compile time, so a stale release build would test
 * old pages.
 */
export function chowkaBin() {
  if (process.env.CHOWKA_BIN) return process.env.CHOWKA_BIN;
  const release = path.join(repo, 'target', 'release', 'chowka');
  const debug = path.join(repo, 'target', 'debug', 'chowka');
  const mtime = (f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : -1);
  if (mtime(release) < 0) return debug;
  return mtime(debug) > mtime(release) ? debug : release;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The seed every game's throws come from (README.md, "Games that repeat"):
 * `$CHOWKA_TEST_SEED`, else 1. The server derives each game's server seed
 * from it (debug builds only), and each player's page its client seeds.
 */
export const TEST_SEED = process.env.CHOWKA_TEST_SEED ?? '1';

/** Players made by this test file so far: the n-th player's client seeds are the n-th sequence. */
let players = 0;

/**
 * A self-signed certificate for localhost and 127.0.0.1, made by the
 * openssl command in `dir`: the PEM files, and the SHA-256 of its public
 * key (base64), which Chromium is told to trust (launchBrowser).
 */
export function makeCertificate(dir) {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'pipe' });
  const publicKey = execFileSync('openssl', ['x509', '-in', cert, '-pubkey', '-noout']);
  const der = execFileSync('openssl', ['pkey', '-pubin', '-outform', 'der'], { input: publicKey });
  const spki = execFileSync('openssl', ['dgst', '-sha256', '-binary'], { input: der }).toString('base64');
  return { cert, key, pem: fs.readFileSync(cert, 'utf8'), spki };
}

/**
 * fetch() to a server of these tests: over https, trusting its own
 * certificate `ca` (Node's fetch has no option for that), else Node's fetch.
 */
function serverFetch(ca) {
  if (!ca) return fetch;
  return (url, init = {}) =>
    new Promise((resolve, reject) => {
      const req = https.request(url, { method: init.method ?? 'GET', headers: init.headers, ca }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const headers = Object.entries(res.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]]));
          const body = [204, 304].includes(res.statusCode) ? null : Buffer.concat(chunks);
          resolve(new Response(body, { status: res.statusCode, headers }));
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(init.body);
    });
}

/**
 * Starts the server; resolves once /healthz answers. With `tls` it serves
 * HTTPS (HTTP/2 and HTTP/1.1) with a certificate of its own
 * (makeCertificate), and `url` is https://.
 * @param {{botDelayMs?: number, args?: string[], testSeed?: string, tls?: boolean}} opts (args: more options; testSeed: instead of TEST_SEED)
 * @returns {Promise<{url: string, fetch: typeof fetch, certificate?: object, stop: () => Promise<void>, logs: () => string}>}
 */
export async function startServer(opts = {}) {
  const bin = chowkaBin();
  if (!fs.existsSync(bin)) throw new Error(`No chowka binary at ${bin}: run cargo build -p chowka-server (or set CHOWKA_BIN)`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chowka-browser-'));
  const certificate = opts.tls ? makeCertificate(dataDir) : undefined;
  const tlsArgs = certificate ? ['--tls-cert', certificate.cert, '--tls-key', certificate.key] : [];
  const get = serverFetch(certificate?.pem);
  const args = [
    ...tlsArgs,
    '--bind', `127.0.0.1:${port}`,
    '--data-dir', dataDir,
    '--bot-delay-ms', String(opts.botDelayMs ?? 50),
    '--rooms-per-minute', '1000',
    '--messages-per-second', '200',
    '--log', 'warn',
    ...(opts.args ?? []),
  ];
  let child;
  let output = '';
  const url = `${certificate ? 'https' : 'http'}://127.0.0.1:${port}`;
  async function launch() {
    child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CHOWKA_TEST_SEED: opts.testSeed ?? TEST_SEED } });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const deadline = Date.now() + 30000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`chowka exited with ${child.exitCode}:\n${output}`);
      // Refused until it listens: the last refusal is kept for the report.
      const res = await get(`${url}/healthz`).catch((e) => e);
      if (res.ok) return;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`chowka did not answer /healthz within 30 s (${res.cause?.code ?? res.status ?? res}):\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  async function halt() {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
    await exited;
    clearTimeout(timer);
  }
  await launch();
  return {
    url,
    certificate,
    /** fetch() that trusts this server's certificate. */
    fetch: get,
    logs: () => output,
    /** Stops the server (gracefully) and starts it again on the same port and data. */
    async restart(downMs = 0) {
      await halt();
      if (downMs) await new Promise((r) => setTimeout(r, downMs));
      await launch();
    },
    async stop() {
      await halt();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Debian's chromium, headless (no browser download is possible here).
 * `certificate` (makeCertificate's) is trusted as a real one would be:
 * pages over it are cached and may have service workers, unlike pages
 * whose certificate errors are merely ignored.
 */
export function launchBrowser(certificate) {
  const trust = certificate ? [`--ignore-certificate-errors-spki-list=${certificate.spki}`] : [];
  return chromium.launch({
    executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...trust],
  });
}

export const PHONE = { width: 360, height: 640 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * A fresh browser context (its own localStorage, like another person) and page.
 * Page errors and console errors are collected so tests can assert none happened.
 * `opts.player` picks the client seeds' sequence (else the next one of this file);
 * `opts.locale` and `opts.timezoneId` the browser's language and time zone;
 * `opts.autoMove: false` turns off "Move by itself when there is only one
 * move" (on by default), for a test that counts on choosing each move.
 * `opts.serviceWorkers: 'allow'` lets the app's service worker install:
 * blocked otherwise, because a page it controls fetches through it, out of
 * reach of a test's `page.route` stand-ins, from whenever it takes over
 * (app.test.js and push.test.js test the worker itself). `opts.touch`
 * makes it a phone's browser: touch events and a mobile viewport.
 */
export async function newPlayer(browser, viewport = PHONE, opts = {}) {
  // English unless a test asks for another locale: navigator.languages picks the site's language on a first visit.
  // The time zone too (`opts.timezoneId`, e.g. 'Asia/Kolkata'): times are read in the player's own.
  const context = await browser.newContext({ viewport, reducedMotion: opts.reducedMotion ?? 'reduce', deviceScaleFactor: 1, locale: opts.locale ?? 'en-US', timezoneId: opts.timezoneId, serviceWorkers: opts.serviceWorkers ?? 'block', ...(opts.touch ? { hasTouch: true, isMobile: true } : {}) });
  // The seed this player's client adds to each game's throws comes from
  // crypto.getRandomValues (web-client/js/fair.js, its only caller): here
  // it is a fixed sequence per player, so the throws repeat on every run.
  await context.addInitScript(([seed, n]) => {
    let state = (Number(BigInt.asUintN(32, BigInt(seed) * 2654435761n)) ^ Math.imul(n + 1, 0x9e3779b9)) >>> 0;
    // mulberry32: small, and plenty for a test's stand-in for chance.
    const next = () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = Math.imul(state ^ (state >>> 15), state | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return (t ^ (t >>> 14)) >>> 0;
    };
    Crypto.prototype.getRandomValues = function getRandomValues(array) {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 0xff;
      return array;
    };
  }, [TEST_SEED, opts.player ?? players++]);
  if (opts.autoMove === false) await autoMoveOff(context);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    // The browser logs every refused HTTP request (a 409 for a full room is
    // expected and shown to the player); only script errors count here.
    if (m.type() === 'error' && !/Failed to load resource|WebSocket connection/.test(m.text())) page.errors.push(m.text());
  });
  return { context, page };
}

/**
 * Turns off, in `context`'s pages, the setting that plays a lone move by
 * itself and moves a pawn with one square on one tap, as a player would
 * untick it (storage.js): each move is then chosen pawn, then square.
 */
export function autoMoveOff(context) {
  return context.addInitScript(() => {
    try {
      if (localStorage.getItem('chowka.autoMove') === null) localStorage.setItem('chowka.autoMove', '0');
    } catch {
      /* a page with no storage (about:blank) */
    }
  });
}

/** Fills the home page's creation form and creates a room; returns its code. */
export async function createRoom(page, url, { name, board = 5, players = 2, preset, pawns, gate, publicRoom = true, turnHours }) {
  await page.goto(url + '/');
  await page.fill('#create-name', name);
  if (preset) await page.check(`input[name="preset"][value="${preset}"]`, { force: true });
  await page.click(`input[name="board"][value="${board}"] + span`);
  await page.click(`input[name="players"][value="${players}"] + span`);
  await page.setChecked('#create-public', publicRoom);
  // A game over days, with this clock per turn (hours).
  if (turnHours) {
    await page.click('input[name="pace"][value="days"] + span');
    await page.selectOption('#pace-hours', String(turnHours));
  }
  if (pawns || gate) {
    await page.click('details.options > summary');
    if (pawns) await page.selectOption('#opt-pawns', String(pawns));
    if (gate) await page.selectOption('#opt-gate', gate);
  }
  await page.click('form.create button[type="submit"]');
  await page.waitForURL(/\/r\/[A-Z0-9]+$/);
  await page.waitForSelector('.lobby');
  return page.url().split('/r/')[1];
}

/** Opens a room link and takes a seat through the lobby's form. */
export async function joinRoom(page, url, code, name) {
  await page.goto(`${url}/r/${code}`);
  await page.waitForSelector('#lobby-name');
  await page.fill('#lobby-name', name);
  await page.click('.join-inline button[type="submit"]');
  await page.waitForSelector('.seat.me');
}

/** What the page shows about the game right now (read from the DOM only). */
export function gameStatus(page) {
  return page.evaluate(() => ({
    over: !!document.querySelector('.result:not([hidden])'),
    canThrow: !!document.querySelector('#throw-btn:not([hidden]):not([disabled])'),
    canSkip: !!document.querySelector('#skip-btn:not([hidden]):not([disabled])'),
    movable: document.querySelectorAll('.pawn.movable').length,
    dests: document.querySelectorAll('.dest').length,
    choices: document.querySelectorAll('.choices button').length,
    confirm: !!document.querySelector('dialog.confirm[open]'),
    mine: !!document.querySelector('.turn-banner.mine'),
    // The only move, shown and about to play by itself (game-auto.js).
    auto: !!document.querySelector('#auto-move:not([hidden])'),
    // The game screen marks each render with the state version it shows,
    // and whether an action of ours awaits the server's answer.
    version: Number(document.querySelector('.game')?.dataset.version ?? -1),
    busy: document.querySelector('.game')?.dataset.busy === 'true',
  }));
}

/** The state version `page`'s game screen shows (-1 before the game). */
export async function shownVersion(page) {
  return (await gameStatus(page)).version;
}

/**
 * Waits until `page`'s game screen shows a state version above `version`;
 * false if `ms` passed first (a test's own deadline), true otherwise.
 */
export async function nextVersion(page, version, ms = 30000) {
  try {
    await page.waitForFunction((v) => Number(document.querySelector('.game')?.dataset.version ?? -1) > v, version, { timeout: Math.max(1, ms) });
    return true;
  } catch (e) {
    if (e instanceof errors.TimeoutError) return false;
    throw e;
  }
}

/**
 * Waits until every page shows at least the newest state version any of
 * them showed, and returns that version: then they agree on whose turn it
 * is (or one has moved on since, which waiting on it finds at once).
 */
export async function inStep(pages) {
  const newest = Math.max(...(await Promise.all(pages.map(shownVersion))));
  await Promise.all(pages.map((p) => p.waitForFunction((v) => Number(document.querySelector('.game')?.dataset.version ?? -1) >= v, newest)));
  return newest;
}

/**
 * Makes one click of play if it is this page's turn, choosing only among
 * highlighted things: throw, a glowing pawn then a marked square, a listed
 * choice, the strand warning's confirm, or skip; then waits for what the
 * click meant: what it shows at once (a pawn's squares, a move's choices,
 * the warning), or the server's answer to what it sent. Returns what it
 * clicked (null: nothing of this page's to click, or the only move about to
 * play by itself: the next state comes without a click).
 */
export async function playOneClick(page) {
  const st = await gameStatus(page);
  if (st.over || !st.mine || st.busy || st.auto) return null;
  const [selector, what] =
    (st.confirm && ['#strand-confirm', 'confirm']) ||
    (st.choices && ['.choices button >> nth=0', 'choice']) ||
    (st.dests && ['.dest >> nth=0', 'dest']) ||
    // Moving first uses held values before throwing again: games end sooner.
    (st.movable && ['.pawn.movable >> nth=0', 'pawn']) ||
    (st.canThrow && ['#throw-btn', 'throw']) ||
    (st.canSkip && ['#skip-btn', 'skip']) ||
    [null, null];
  if (!what) return null;
  await page.click(selector);
  await answered(page);
  return what;
}

/**
 * Waits until no action of `page`'s awaits the server: its answer (the
 * next state, or a refusal) is shown. A click's own changes (a chosen
 * pawn, the strand warning) are drawn before the click returns.
 */
export function answered(page) {
  return page.waitForSelector('.game[data-busy="false"]', { state: 'attached' });
}

/**
 * One round of play for `pages` (each a player's page): once they all show
 * the same version, each clicks if it is its turn; when none could (a
 * computer's turn), waits for the next version. Returns the clicks made,
 * or -1 when `until` (a Date.now() deadline) passed while waiting.
 */
export async function playRound(pages, until) {
  const version = await inStep(pages);
  let clicks = 0;
  for (const page of pages) if (await playOneClick(page)) clicks++;
  if (clicks) return clicks;
  if ((await gameStatus(pages[0])).over) return 0;
  return (await nextVersion(pages[0], version, until - Date.now())) ? 0 : -1;
}

/** Axe scan of the current page; returns the serious and critical violations. */
export async function axeScan(page) {
  // Evaluated through the debugging protocol, which the page's
  // Content-Security-Policy does not govern: a <script> tag added to the
  // page would be an inline script, which the policy (rightly) refuses.
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    await page.evaluate(fs.readFileSync(path.join(here, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8'));
  }
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  return page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/**
 * Starts a chowka server and a browser before a test file's tests and stops
 * both after them; `env.server` and `env.browser` are set once started.
 */
export function serverAndBrowser(opts = {}) {
  const env = {};
  before(async () => {
    env.server = await startServer(opts);
    env.browser = await launchBrowser(env.server.certificate);
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/**
 * Creates a room through the HTTP API (not the home page's form), e.g.
 * `{name: 'Asha', players: 2, turn_clock: 10}`, as player `secret` if given;
 * returns `{code, seat, token, room}`.
 */
export async function apiCreateRoom(url, body, secret) {
  const headers = { 'content-type': 'application/json' };
  // As a player (apiNewPlayer): the room is linked to them, in all their games.
  if (secret) headers.authorization = `Bearer ${secret}`;
  const res = await fetch(`${url}/api/rooms`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`POST /api/rooms: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Makes a player through the HTTP API (POST /api/players); returns its secret. */
export async function apiNewPlayer(url, name) {
  const res = await fetch(`${url}/api/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  if (res.status !== 201) throw new Error(`POST /api/players: ${res.status} ${await res.text()}`);
  return (await res.json()).secret;
}

/** Makes `page`'s browser hold player `secret`, as the Me page's link would. */
export async function holdPlayer(page, url, secret) {
  await page.goto(`${url}/favicon.svg`);
  await page.evaluate((s) => localStorage.setItem('chowka.player', JSON.stringify({ secret: s })), secret);
}

/** Takes a seat in a room's lobby through the HTTP API; returns `{code, seat, token, room}`. */
export async function apiTakeSeat(url, code, name, seat) {
  const res = await fetch(`${url}/api/rooms/${code}/seats`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(seat === undefined ? { name } : { name, seat }) });
  if (res.status !== 201) throw new Error(`POST /api/rooms/${code}/seats: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Opens room `code` in the seat `{token, seat}`, stored first where the page keeps it. */
export async function openInSeat(page, url, code, held) {
  await page.goto(`${url}/favicon.svg`);
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [`chowka.seat.${code}`, JSON.stringify({ token: held.token, seat: held.seat })]);
  await page.goto(`${url}/r/${code}`);
}

/**
 * A host and a friend, each in their own browser context, in a started
 * 2-player game made through the HTTP API: `room` is the creation body
 * (`{name, players: 2, options, ...}`), `friendName` the friend's name.
 * Returns `{code, host, friend}` (each `{page, context}`). `onPlayer`, if
 * given, sees each player's page before it opens the room (to listen to its
 * WebSocket from the first frame); `autoMove: false` turns off both
 * players' moves that play by themselves (newPlayer).
 */
export async function startTwoPlayerGame(env, { room: body, friendName, hostView = DESKTOP, friendView = PHONE, onPlayer, autoMove }) {
  const room = await apiCreateRoom(env.server.url, body);
  const seat = await apiTakeSeat(env.server.url, room.code, friendName);
  const host = await newPlayer(env.browser, hostView, { autoMove });
  const friend = await newPlayer(env.browser, friendView, { autoMove });
  for (const p of [host, friend]) {
    p.page.setDefaultTimeout(10000);
    onPlayer?.(p);
  }
  await openInSeat(host.page, env.server.url, room.code, room);
  await openInSeat(friend.page, env.server.url, room.code, seat);
  await host.page.waitForSelector('#start-btn:not([disabled])');
  await host.page.click('#start-btn');
  for (const p of [host, friend]) await p.page.waitForSelector('.game svg.board .pawn');
  return { code: room.code, host, friend };
}

/**
 * Plays rounds (playRound) of `pages` until they made `clicks` clicks
 * between them, the game is over or `ms` passed; returns the clicks made.
 */
export async function playRounds(pages, clicks, ms) {
  const until = Date.now() + ms;
  let made = 0;
  while (made < clicks && Date.now() < until) {
    const n = await playRound(pages, until);
    if (n < 0 || (n === 0 && (await gameStatus(pages[0])).over)) break;
    made += n;
  }
  return made;
}

/**
 * Clicks through `page`'s own moves (playOneClick) while `more(n)` says so
 * (n: clicks made), the game is on and `ms` has not passed; between its
 * turns it waits for the others' moves. Returns how many clicks.
 */
export async function playWhile(page, ms, more) {
  let n = 0;
  const until = Date.now() + ms;
  while ((await more(n)) && Date.now() < until) {
    const st = await gameStatus(page);
    if (st.over) break;
    if (await playOneClick(page)) n++;
    else if (!(await nextVersion(page, st.version, until - Date.now()))) break;
  }
  return n;
}

/** Clicks through `page`'s own moves until `clicks` moves were made or `ms` passed; returns how many. */
export function playClicks(page, clicks, ms) {
  return playWhile(page, ms, (n) => n < clicks);
}

/** Plays `page`'s part until the game is over (the others play theirs) or `ms` passed; returns the clicks made. */
export function playToEnd(page, ms) {
  return playWhile(page, ms, async () => !(await gameStatus(page)).over);
}
