// Provably fair throws in the browser (issue 16, docs/record.md "Fair
// throws"): each player's page sends a seed of its own when the game
// starts, and the server's archived record holds exactly that seed; the
// page's verifyThrows (web-client/js/fair.js, WebCrypto) agrees with
// `chowka verify` on an honest record and on one with a throw changed, and
// gives the documented known-answer vector, so the browser and the server
// implement the same scheme.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverAndBrowser, startTwoPlayerGame, playToEnd, chowkaBin, shot, apiCreateRoom, openInSeat, newPlayer, PHONE } from './helpers.js';

const env = serverAndBrowser({ botDelayMs: 20 });

/** Runs `chowka verify` on a record: `{ok, said}` (stdout, or stderr on failure). */
function chowkaVerify(record) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chowka-fair-'));
  const file = path.join(dir, 'record.json');
  fs.writeFileSync(file, JSON.stringify(record));
  try {
    return { ok: true, said: execFileSync(chowkaBin(), ['verify', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim() };
  } catch (e) {
    return { ok: false, said: String(e.stderr).trim() };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** verifyThrows of fair.js, run in `page`. */
function pageVerify(page, record) {
  return page.evaluate(async (r) => (await import('/js/fair.js')).verifyThrows(r), record);
}

/** The seeds a page sends over its WebSocket, as they leave it. */
function seedsSent(page) {
  const seeds = [];
  page.on('websocket', (ws) => ws.on('framesent', (f) => {
    // The client sends only JSON text.
    const msg = JSON.parse(f.payload);
    if (msg.type === 'seed') seeds.push(msg.seed);
  }));
  return seeds;
}

test('each page\'s own seed is in the archived record, and the page and chowka verify agree on every throw', { timeout: 180000 }, async () => {
  // Every seed each page sends, from its first frame on.
  const sent = new Map();
  const { code, host, friend } = await startTwoPlayerGame(env, {
    room: { name: 'Asha', players: 2, options: { pawns: 1 } },
    friendName: 'Ravi',
    onPlayer: (p) => sent.set(p.page, seedsSent(p.page)),
  });
  await Promise.all([playToEnd(host.page, 120000), playToEnd(friend.page, 120000)]);
  await shot(friend.page, 'fair-end-360');

  const game = await fetch(`${env.server.url}/api/games/${code}`).then((r) => r.json());
  const record = game.record;
  assert.equal(record.fair.scheme, 'chowka-fair/1');
  assert.match(record.fair.server_seed, /^[0-9a-f]{64}$/, 'revealed after the game');
  // The seed each page sent is the one the server mixed in for its seat.
  for (const [seat, p] of [[0, host.page], [1, friend.page]]) {
    const own = sent.get(p);
    assert.equal(own.length, 1, `seat ${seat} sent one seed`);
    assert.equal(record.fair.client_seeds[seat], own[0], `seat ${seat}'s seed is in the record`);
  }
  const throws = record.actions.filter((a) => a.do === 'throw').length;
  const cli = chowkaVerify(record);
  assert.deepEqual(cli, { ok: true, said: `all ${throws} throws verified` });
  const inPage = await pageVerify(host.page, record);
  assert.deepEqual(inPage, { ok: true, total: throws, firstBad: null, firstBadAction: null });

  // One throw changed: both name it.
  const changed = structuredClone(record);
  const actions = changed.actions.map((a, i) => [a, i]).filter(([a]) => a.do === 'throw');
  const k = Math.min(3, actions.length - 1);
  const [action, at] = actions[k];
  const was = action.value;
  action.value = was === 2 ? 3 : 2;
  const cliBad = chowkaVerify(changed);
  assert.equal(cliBad.ok, false);
  assert.equal(cliBad.said, `not verified: throw ${k} (action ${at}) differs: the record says ${action.value}, the seeds give ${was}`);
  const pageBad = await pageVerify(friend.page, changed);
  assert.deepEqual(pageBad, { ok: false, total: throws, firstBad: k, firstBadAction: at, reason: 'throw' });

  // A server seed that is not the committed one, and a record without seeds.
  const swapped = structuredClone(record);
  swapped.fair.server_seed = 'ee'.repeat(32);
  assert.equal((await pageVerify(host.page, swapped)).reason, 'commitment');
  assert.equal(chowkaVerify(swapped).ok, false);
  const plain = structuredClone(record);
  delete plain.fair;
  assert.deepEqual(await pageVerify(host.page, plain), { ok: false, total: throws, firstBad: null, firstBadAction: null, reason: 'no_fair' });

  // Nothing was shown for the seeds: no error toast, no script error.
  for (const p of [host.page, friend.page]) assert.deepEqual(p.errors, []);
  await host.context.close();
  await friend.context.close();
});

test('a game against the computer, started before the page opened, has the page\'s seed and none for the computer', { timeout: 120000 }, async () => {
  const room = await apiCreateRoom(env.server.url, {
    name: 'Asha', players: 2, options: { pawns: 1 }, bots: [{ seat: 1, level: 'easy' }], start: true,
  });
  const { page, context } = await newPlayer(env.browser, PHONE);
  page.setDefaultTimeout(10000);
  const sent = seedsSent(page);
  await openInSeat(page, env.server.url, room.code, room);
  await page.waitForSelector('.game svg.board .pawn');
  await playToEnd(page, 100000);
  const { record } = await fetch(`${env.server.url}/api/games/${room.code}`).then((r) => r.json());
  assert.equal(sent.length, 1);
  assert.deepEqual(record.fair.client_seeds, [sent[0], null]);
  const v = await pageVerify(page, record);
  assert.equal(v.ok, true, JSON.stringify(v));
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('the page derives the documented known-answer vector', { timeout: 30000 }, async () => {
  const context = await env.browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${env.server.url}/`);
  const got = await page.evaluate(async () => {
    const f = await import('/js/fair.js');
    const bytes = (from) => Uint8Array.from({ length: 32 }, (_, i) => from + i);
    const key = await f.fairKey(bytes(0), [bytes(32), null]);
    const row = (p) => Promise.all([...Array(16).keys()].map((n) => f.fairThrow(key, n, f.mouthUpBound(p))));
    return { key: f.toHex(key), half: await row(0.5), biased: await row(0.3), bound: String(f.mouthUpBound(0.3)) };
  });
  // docs/record.md, "Known-answer vector" (also protocol/src/throw.rs).
  assert.deepEqual(got, {
    key: '8bb86de21e4ffd383053a863077a17c2b3b2dacc6b033ee4f01e10c5614403d0',
    half: [2, 3, 2, 2, 3, 3, 4, 2, 1, 3, 3, 1, 3, 4, 8, 2],
    biased: [1, 3, 2, 2, 3, 2, 2, 2, 1, 1, 2, 1, 1, 1, 8, 1],
    bound: '5534023222112865280',
  });
  await context.close();
});
