// Issue 32 (play by ear): a whole 4-player game (three computers) played
// in the text mode, as a screen reader's user plays it: every control is
// found by its role and accessible name, every decision is made from the
// accessibility tree (Playwright's ariaSnapshot) and never from the page's
// markup, and every action is a command typed into the command box. Once
// in English, from the home page's switch through the lobby, the game, the
// replay step by step, My games and the rematch; once in Kannada, with
// Kannada commands. Each run then checks that the announcements log said
// every event of the game once, in order, against the server's own record
// of the game (its replay), and that axe finds nothing serious.
//
// The words looked for are the catalogs' (web-client/i18n), read here as
// the page reads them, so the same steps run in any language.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverAndBrowser, newPlayer, axeScan, shot, apiCreateRoom, openInSeat, DESKTOP, PHONE } from './helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const I18N = path.join(here, '..', '..', 'web-client', 'i18n');
const env = serverAndBrowser({ botDelayMs: 40 });

/** The events the announcements say (text-game.js, SAID), and a walk that reaches the centre. */
const SAID = new Set(['thrown', 'entered', 'hit', 'grace_penalty', 'turn_undone', 'held_forfeited',
  'truce_offered', 'truce_accepted', 'truce_declined', 'truce_lapsed', 'truce_ended', 'relay', 'betrayal', 'won', 'draw']);

/** A language's catalog (all areas, English beneath), and t() over it as the page fills texts. */
async function words(lang) {
  const load = async (l) => {
    const out = {};
    for (const file of fs.readdirSync(path.join(I18N, l)).filter((f) => f.endsWith('.js'))) {
      const src = fs.readFileSync(path.join(I18N, l, file), 'utf8');
      Object.assign(out, (await import(`data:text/javascript;base64,${Buffer.from(src).toString('base64')}`)).default);
    }
    return out;
  };
  const texts = { ...(await load('en')), ...(lang === 'en' ? {} : await load(lang)) };
  const t = (key, params = {}) => {
    let text = texts[key];
    assert.ok(text !== undefined, `catalog ${lang} has ${key}`);
    if (typeof text === 'object') text = text[params.n === 1 ? 'one' : 'other'] ?? text.other;
    return text.replace(/\{(\w+)\}/g, (m, k) => (params[k] === undefined ? m : String(params[k])));
  };
  return { t, first: (key) => t(key).split('|')[0] };
}

/** Waits (reading the tree again and again) until `read()` gives something `ok` accepts; returns it. */
async function until(read, ok, what, ms = 60000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}; last read:\n${value}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Turns the text mode on as a keyboard user does: the first Tab of the
 * page reaches its switch, Enter presses it. Returns the switch.
 */
async function switchOn(page, w) {
  const toggle = page.getByRole('button', { name: w.t('textMode.toggle') });
  await toggle.waitFor({ state: 'attached' });
  await page.keyboard.press('Tab');
  assert.equal(await toggle.evaluate((el) => el === document.activeElement), true, 'the first Tab reaches the switch');
  await page.keyboard.press('Enter');
  await until(() => toggle.getAttribute('aria-pressed'), (v) => v === 'true', 'the switch on');
  return toggle;
}

/**
 * Plays the game on `page` to its end through the command box alone,
 * deciding from the accessibility tree: throw when told to, else the first
 * listed move (asked twice when it strands the turn), else skip; accept a
 * truce offered. Returns how many commands it typed.
 */
async function playByEar(page, w) {
  const moves = page.getByRole('region', { name: w.t('text.section.moves') });
  const status = page.getByRole('region', { name: w.t('text.section.status') });
  const answer = page.getByRole('region', { name: w.t('text.section.answer') });
  const truce = page.getByRole('region', { name: w.t('truce.title') });
  const box = page.getByRole('textbox', { name: w.t('text.command.label') });
  // A mistake is said in the page's alert: part of what is read, so that one shows in a failure.
  const alert = page.getByRole('alert').last();
  const say = async (command) => {
    await box.fill(command);
    await box.press('Enter');
  };
  let seen = '';
  let typed = 0;
  for (;;) {
    const now = await until(async () => [await moves.ariaSnapshot(), await status.ariaSnapshot(), await answer.ariaSnapshot(), await alert.ariaSnapshot()].join('\n'),
      (v) => v !== seen, 'the table to change', 120000);
    seen = now;
    if (now.includes(w.t('text.moves.over'))) return typed;
    if (now.includes(w.t('text.moves.sent'))) continue;
    if (await truce.getByRole('button', { name: w.t('truce.accept') }).count()) {
      await say(w.first('text.cmd.accept'));
    } else if (/- listitem:\s*\n\s*- '?button/.test(now)) {
      // A move that strands the turn is played by asking for it twice.
      await say(`${w.first('text.cmd.move')} 1`);
    } else if (now.includes(w.t('text.canThrow'))) {
      await say(w.first('text.cmd.throw'));
    } else if (now.includes(w.t('text.canSkip'))) {
      await say(w.first('text.cmd.skip'));
    } else {
      continue;
    }
    typed++;
  }
}

/** A room's replay (the server's record of the game): its board and every frame, following its pages. */
async function replayOf(url, code) {
  const frames = [];
  let board = null;
  let from = 0;
  while (from !== null && from !== undefined) {
    const page = await (await fetch(`${url}/api/rooms/${code}/replay?from=${from}`)).json();
    board ??= page.board;
    frames.push(...page.frames);
    from = page.next;
  }
  return { board, frames };
}

/**
 * What the announcements must say, in order, from the record: each said
 * event, and "your turn" when the turn comes to seat `me`.
 */
function expectedAnnouncements(frames, me, centre) {
  const out = [];
  let wasMine = false;
  for (const f of frames) {
    for (const e of f.events) {
      if (SAID.has(e.type) || (e.type === 'walked' && e.to === centre)) out.push(e);
    }
    const mine = f.game.result === 'ongoing' && f.game.to_move === me;
    if (mine && !wasMine) out.push({ type: 'your_turn' });
    wasMine = mine;
  }
  return out;
}

/** The announcements log's lines, read from the accessibility tree. */
async function announcements(page, w) {
  const snap = await page.getByRole('log', { name: w.t('text.section.log') }).ariaSnapshot();
  return [...snap.matchAll(/^\s*- listitem: (.*)$/gm)].map((m) => m[1].replace(/^"(.*)"$/, '$1'));
}

/** Checks the log against the record: the same number of lines, each in the event's words (English: checked line by line). */
async function checkAnnouncements(page, w, code, lang) {
  const { board, frames } = await replayOf(env.server.url, code);
  const expected = expectedAnnouncements(frames, 0, board.centre);
  const said = await announcements(page, w);
  assert.equal(said.length, expected.length, `one announcement per event, no more, no less:\n${said.join('\n')}\n--- expected ---\n${expected.map((e) => JSON.stringify(e)).join('\n')}`);
  if (lang !== 'en') return;
  expected.forEach((e, i) => {
    const line = said[i];
    const check = {
      thrown: () => line.includes(`threw ${e.value}`) && line.startsWith(e.player === 0 ? 'You' : 'Computer'),
      your_turn: () => line === w.t('game.yourTurnSaid'),
      hit: () => / hit /.test(line),
      walked: () => /centre/.test(line),
      won: () => /wins? the game/.test(line),
    }[e.type];
    if (check) assert.ok(check(), `announcement ${i + 1} says ${JSON.stringify(e)}: "${line}"`);
  });
}

test('a whole 4-player game by ear in English: the switch, the lobby, the game, the replay, My games, the rematch', { timeout: 600000 }, async () => {
  const w = await words('en');
  const me = await newPlayer(env.browser, DESKTOP);
  const page = me.page;
  await page.goto(`${env.server.url}/`);
  const toggle = await switchOn(page, w);

  // The room: 4 players, two pawns each and no gate keep a game short.
  const form = page.getByRole('form', { name: w.t('home.custom') });
  await form.getByRole('textbox', { name: w.t('home.yourName') }).fill('Asha');
  await form.getByRole('group', { name: w.t('home.players') }).getByRole('radio', { name: '4', exact: true }).check({ force: true });
  await form.getByText(w.t('home.allOptions')).click();
  await form.getByRole('combobox', { name: w.t('home.pawns') }).selectOption('2');
  // The options are drawn again for the new number of pawns, folded.
  const gate = form.getByRole('combobox', { name: w.t('option.gate.label') });
  if (!(await gate.isVisible())) await form.getByText(w.t('home.allOptions')).click();
  await gate.selectOption('open');
  await form.getByRole('button', { name: w.t('home.create') }).click();
  // The lobby: a computer in each other seat, then start.
  await page.getByRole('heading', { level: 1, name: w.t('lobby.title') }).waitFor();
  const code = page.url().split('/r/')[1];
  for (const [seat, level] of [[2, 'easy'], [3, 'medium'], [4, 'hard']]) {
    await page.getByRole('combobox', { name: w.t('lobby.seatChoice', { n: seat }) }).selectOption({ label: w.t('lobby.computerLevel', { level: w.t(`level.${level}`) }) });
  }
  // Each seat taken is said, not only drawn.
  const taken = w.t('lobby.seatTaken', { who: w.t('players.computer.hard'), n: 4 });
  await until(() => page.locator('body').ariaSnapshot(), (s) => s.includes(taken), 'the last seat taken said');
  const start = page.getByRole('button', { name: w.t('lobby.start') });
  await until(() => start.isEnabled(), (v) => v, 'the start button');
  await start.click();
  await page.getByRole('heading', { level: 1, name: w.t('text.heading', { code }) }).waitFor();

  // A few commands that answer without acting.
  const box = page.getByRole('textbox', { name: w.t('text.command.label') });
  const answer = page.getByRole('region', { name: w.t('text.section.answer') });
  const ask = async (command, expect) => {
    await box.fill(command);
    await box.press('Enter');
    return until(() => answer.ariaSnapshot(), (s) => s.includes(expect), `the answer to "${command}"`);
  };
  await ask('help', w.t('text.help.squares'));
  await ask('pawns', w.t('text.pawns.pawn', { pawn: 2, place: w.t('text.place.home') }));
  await ask('where comp', 'Computer (easy)');
  await ask('board', w.t('text.board.intro'));
  await ask('threats', w.t('text.threats.none'));
  await ask('frobnicate', w.t('text.section.answer'));
  await until(() => page.getByRole('alert').first().ariaSnapshot(), (s) => s.includes('frobnicate'), 'the mistake said');

  const typed = await playByEar(page, w);
  assert.ok(typed > 0, 'the player acted');
  await checkAnnouncements(page, w, code, 'en');
  const last = await ask('last', 'Computer (hard)');
  assert.ok(last.includes('Asha') || last.includes('You'), last);
  assert.deepEqual(await axeScan(page), []);
  await shot(page, 'text-mode-result-1280');

  // The replay, step by step: the pawns after each move, in words.
  await page.getByRole('link', { name: w.t('replay.watch') }).click();
  const pawnsNow = page.getByRole('region', { name: w.t('text.replay.pawns') });
  await pawnsNow.waitFor();
  const before = await pawnsNow.ariaSnapshot();
  assert.match(before, /on the home square/);
  const forward = page.getByRole('button', { name: w.t('replay.next') });
  let after = before;
  for (let i = 0; i < 8 && after === before; i++) {
    await forward.click();
    after = await pawnsNow.ariaSnapshot();
  }
  assert.notEqual(after, before, 'a step forward changes where the pawns are');
  assert.deepEqual(await axeScan(page), []);

  // My games lists it; the switch is still on there.
  await page.getByRole('link', { name: w.t('mygames.nav') }).first().click();
  await until(() => page.locator('main').ariaSnapshot(), (s) => s.includes(code), 'the game in My games');
  assert.equal(await toggle.getAttribute('aria-pressed'), 'true');

  // Back at the table: the rematch by command lands in the new room's lobby.
  await page.goto(`${env.server.url}/r/${code}`);
  await page.getByRole('heading', { level: 1, name: w.t('text.heading', { code }) }).waitFor();
  await box.fill(w.first('text.cmd.rematch'));
  await box.press('Enter');
  await page.getByRole('heading', { level: 1, name: w.t('lobby.title') }).waitFor();
  assert.notEqual(page.url().split('/r/')[1], code);
  assert.deepEqual(page.errors, []);
  await me.context.close();
});

test('a whole 4-player game by ear in Kannada, with Kannada commands', { timeout: 600000 }, async () => {
  const w = await words('kn');
  const made = await apiCreateRoom(env.server.url, {
    name: 'ಆಶಾ', players: 4, options: { board: 5, pawns: 1, gate: 'open' },
    bots: [{ seat: 1, level: 'easy' }, { seat: 2, level: 'medium' }, { seat: 3, level: 'hard' }],
  });
  const me = await newPlayer(env.browser, PHONE, { locale: 'kn-IN' });
  const page = me.page;
  await openInSeat(page, env.server.url, made.code, made);
  await switchOn(page, w);
  const start = page.getByRole('button', { name: w.t('lobby.start') });
  await until(() => start.isEnabled(), (v) => v, 'the start button');
  await start.click();
  await page.getByRole('heading', { level: 1, name: w.t('text.heading', { code: made.code }) }).waitFor();
  const typed = await playByEar(page, w);
  assert.ok(typed > 0, 'the player acted');
  await checkAnnouncements(page, w, made.code, 'kn');
  assert.deepEqual(await axeScan(page), []);
  await shot(page, 'text-mode-kn-360');
  assert.deepEqual(page.errors, []);
  await me.context.close();
});

test('by ear: the clock\'s last seconds are said once, the clock running out is said, keys work outside the box', { timeout: 120000 }, async () => {
  const w = await words('en');
  const made = await apiCreateRoom(env.server.url, { name: 'Asha', players: 2, turn_clock: 12, bots: [{ seat: 1, level: 'easy' }] });
  const me = await newPlayer(env.browser, PHONE);
  const page = me.page;
  await openInSeat(page, env.server.url, made.code, made);
  await switchOn(page, w);
  await page.getByRole('button', { name: w.t('lobby.start') }).click();
  await page.getByRole('heading', { level: 1, name: w.t('text.heading', { code: made.code }) }).waitFor();

  // A key outside the command box does what its command does: I is the status.
  const answer = page.getByRole('region', { name: w.t('text.section.answer') });
  await page.getByRole('log', { name: w.t('text.section.log') }).focus();
  await page.keyboard.press('i');
  await until(() => answer.ariaSnapshot(), (s) => s.includes(w.t('text.turn.you')), 'the status, by its key');
  // A mistake is said in plain words: there is a throw to make, nothing to skip.
  await page.keyboard.press('s');
  await until(() => page.getByRole('alert').last().ariaSnapshot(), (s) => s.includes(w.t('text.error.cannotSkip')), 'the refusal said');

  // Nothing more from us: the clock's last seconds, then the computer plays the turn.
  const log = page.getByRole('log', { name: w.t('text.section.log') });
  await until(() => announcements(page, w), (lines) => lines.includes(w.t('game.timeUp.you')), 'the clock running out said', 60000);
  const said = await announcements(page, w);
  const warnings = said.filter((line) => /seconds? left: play now/.test(line));
  assert.equal(warnings.length, 1, `the last seconds said once:\n${said.join('\n')}`);
  assert.ok(said.indexOf(warnings[0]) < said.indexOf(w.t('game.timeUp.you')), 'the warning came before the time ran out');
  assert.ok(await log.isVisible());
  assert.deepEqual(page.errors, []);
  await me.context.close();
});
