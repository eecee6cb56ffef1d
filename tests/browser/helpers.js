// Shared set-up of the browser tests: the real chowka binary on a free port
// with a temporary data folder, Debian's chromium through playwright-core,
// and small drivers that play through the page exactly as a person would:
// clicking only what the page highlights.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

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
 * Starts the server; resolves once /healthz answers.
 * @param {{botDelayMs?: number, args?: string[]}} opts (args: more options)
 * @returns {Promise<{url: string, stop: () => Promise<void>, logs: () => string}>}
 */
export async function startServer(opts = {}) {
  const bin = chowkaBin();
  if (!fs.existsSync(bin)) throw new Error(`No chowka binary at ${bin}: run cargo build -p chowka-server (or set CHOWKA_BIN)`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chowka-browser-'));
  const args = [
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
  const url = `http://127.0.0.1:${port}`;
  async function launch() {
    child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const deadline = Date.now() + 30000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`chowka exited with ${child.exitCode}:\n${output}`);
      try {
        const res = await fetch(`${url}/healthz`);
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`chowka did not answer /healthz within 30 s:\n${output}`);
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

/** Debian's chromium, headless (no browser download is possible here). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export const PHONE = { width: 360, height: 640 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * A fresh browser context (its own localStorage, like another person) and page.
 * Page errors and console errors are collected so tests can assert none happened.
 */
export async function newPlayer(browser, viewport = PHONE, opts = {}) {
  // English unless a test asks for another locale: navigator.languages picks the site's language on a first visit.
  const context = await browser.newContext({ viewport, reducedMotion: opts.reducedMotion ?? 'reduce', deviceScaleFactor: 1, locale: opts.locale ?? 'en-US' });
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

/** Fills the home page's creation form and creates a room; returns its code. */
export async function createRoom(page, url, { name, board = 5, players = 2, preset, pawns, gate, publicRoom = true }) {
  await page.goto(url + '/');
  await page.fill('#create-name', name);
  if (preset) await page.check(`input[name="preset"][value="${preset}"]`, { force: true });
  await page.click(`input[name="board"][value="${board}"] + span`);
  await page.click(`input[name="players"][value="${players}"] + span`);
  await page.setChecked('#create-public', publicRoom);
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
  }));
}

/**
 * Makes one click of play if it is this page's turn, choosing only among
 * highlighted things: throw, a glowing pawn then a marked square, a listed
 * choice, the strand warning's confirm, or skip. Returns what it clicked.
 */
export async function playOneClick(page) {
  const st = await gameStatus(page);
  if (st.over || !st.mine) return null;
  if (st.confirm) {
    await page.click('#strand-confirm');
    return 'confirm';
  }
  if (st.choices) {
    await page.click('.choices button >> nth=0');
    return 'choice';
  }
  if (st.dests) {
    await page.click('.dest >> nth=0');
    return 'dest';
  }
  // Moving first uses held values before throwing again: games end sooner.
  if (st.movable) {
    await page.click('.pawn.movable >> nth=0');
    return 'pawn';
  }
  if (st.canThrow) {
    await page.click('#throw-btn');
    return 'throw';
  }
  if (st.canSkip) {
    await page.click('#skip-btn');
    return 'skip';
  }
  return null;
}

/** The game's version as the page last saw it changes after an action: wait for any DOM change of the banner/controls. */
export async function settle(page, ms = 30) {
  await page.waitForTimeout(ms);
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
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/**
 * Creates a room through the HTTP API (not the home page's form), e.g.
 * `{name: 'Asha', players: 2, turn_clock: 10}`; returns `{code, seat, token, room}`.
 */
export async function apiCreateRoom(url, body) {
  const res = await fetch(`${url}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`POST /api/rooms: ${res.status} ${await res.text()}`);
  return res.json();
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
 * WebSocket from the first frame).
 */
export async function startTwoPlayerGame(env, { room: body, friendName, hostView = DESKTOP, friendView = PHONE, onPlayer }) {
  const room = await apiCreateRoom(env.server.url, body);
  const seat = await apiTakeSeat(env.server.url, room.code, friendName);
  const host = await newPlayer(env.browser, hostView);
  const friend = await newPlayer(env.browser, friendView);
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
 * Clicks through `page`'s own moves (playOneClick) while `more(n)` says so
 * (n: clicks made) and `ms` has not passed; returns how many clicks.
 */
export async function playWhile(page, ms, more) {
  let n = 0;
  const until = Date.now() + ms;
  while ((await more(n)) && Date.now() < until) {
    try {
      if (await playOneClick(page)) n++;
      else await page.waitForTimeout(25);
    } catch {
      /* the state moved on under the click: look again */
    }
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
