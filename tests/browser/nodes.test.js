// Two nodes sharing PostgreSQL and NATS (docs/operations.md, "Several
// nodes"): the host plays on one node's address, the friend on the
// other's, so every one of the friend's moves is relayed to the node that
// runs the room. Midway the room's node restarts (a deploy): it hands the
// room over, both pages reconnect by themselves, and the game plays to the
// end. Needs TEST_DATABASE_URL and TEST_NATS_URL (and psql); skipped without.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startServer, launchBrowser, newPlayer, apiCreateRoom, openInSeat, joinRoom, playOneClick, inStep, nextVersion, playToEnd, gameStatus, shot, DESKTOP, PHONE } from './helpers.js';

const db = process.env.TEST_DATABASE_URL;
const nats = process.env.TEST_NATS_URL;
const skip = db && nats ? false : 'set TEST_DATABASE_URL and TEST_NATS_URL to run two nodes';

function psql(url, sql) {
  execFileSync('psql', [url, '-q', '-c', sql], { stdio: 'pipe' });
}

/** Waits until the node at `url` counts `count` live nodes (its /metrics), within 30 s. */
async function nodesKnown(url, count) {
  const until = Date.now() + 30000;
  for (;;) {
    const text = await (await fetch(`${url}/metrics`)).text();
    const known = Number(/^chowka_nodes (\d+)/m.exec(text)?.[1]);
    if (known === count) return;
    if (Date.now() > until) throw new Error(`${url} knows ${known} nodes, not ${count}, after 30 s`);
    // Asked again in a tenth of a second: a report comes once a second.
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('a game across two nodes plays to the end, through a restart of the room\'s node', { skip, timeout: 300000 }, async () => {
  const name = `chowka_browser_${process.pid}`;
  psql(db, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  psql(db, `CREATE DATABASE ${name}`);
  const url = db.replace(/\/[^/]*$/, `/${name}`);
  const node = (n) => startServer({ botDelayMs: 20, args: ['--database-url', url, '--nats-url', nats, '--node', `${n}-${process.pid}`, '--lease-secs', '2', '--cluster', `browser-${process.pid}`] });
  const nodes = [await node('one'), await node('two')];
  const browser = await launchBrowser();
  try {
    // Both nodes hear each other (they report every second): each counts two.
    for (const n of nodes) await nodesKnown(n.url, 2);
    const room = await apiCreateRoom(nodes[0].url, { name: 'Asha', players: 2 });
    const host = await newPlayer(browser, DESKTOP);
    const friend = await newPlayer(browser, PHONE);
    for (const p of [host, friend]) p.page.setDefaultTimeout(20000);
    await openInSeat(host.page, nodes[0].url, room.code, room);
    // The friend opens the link on the other node and takes a seat there.
    await joinRoom(friend.page, nodes[1].url, room.code, 'Ravi');
    await host.page.waitForSelector('#start-btn:not([disabled])');
    await host.page.click('#start-btn');
    for (const p of [host, friend]) await p.page.waitForSelector('.game svg.board .pawn');
    // The host plays on until the friend has made four moves: a turn with
    // grace throws (R6) can last longer than any fixed number of clicks.
    let friendClicks = 0;
    const until = Date.now() + 30000;
    while (friendClicks < 4 && Date.now() < until) {
      const version = await inStep([host.page, friend.page]);
      if (await playOneClick(friend.page)) friendClicks++;
      else if (!(await playOneClick(host.page))) await nextVersion(host.page, version, until - Date.now());
    }
    assert.equal(friendClicks, 4, 'the friend played through the other node');
    await shot(friend.page, 'nodes-friend-relayed-phone');

    // The room's node restarts: the room moves to the other node, the host's
    // page reconnects to its own address (now relayed), the friend's too.
    await nodes[0].restart(500);
    for (const p of [host, friend]) await p.page.waitForSelector('.conn-pill.open', { timeout: 30000 });
    await Promise.all([playToEnd(host.page, 240000), playToEnd(friend.page, 240000)]);
    for (const p of [host, friend]) assert.ok((await gameStatus(p.page)).over, 'the game ended on both pages');
    await shot(host.page, 'nodes-result-desktop');
    await shot(friend.page, 'nodes-result-phone');
    for (const p of [host, friend]) {
      assert.deepEqual(p.page.errors.filter((e) => !/WebSocket|ERR_CONNECTION|Failed to load/.test(e)), []);
    }
  } finally {
    await browser.close();
    for (const n of nodes) await n.stop();
    psql(db, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
});
