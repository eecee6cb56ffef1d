// The web client's pure logic under `node --test`, no browser: the catalogs' t() (placeholders, plurals, English beneath,
// missing keys recorded), the game log's sentences (events.js), the
// numbers' durations (numbers.js), the fair throws (fair.js, against the
// documented known-answer vector), and the move selection of the game
// screen (which moves are one choice, what a choice leads to); the text
// mode's commands and places in words.
//
// i18n.js reads `window`, `navigator`, `localStorage` and `<html>` (at
// import and when it starts), so the little of a browser it needs is set
// up first; every other module here imports without a document. The rules'
// facts (graces, board geometry) come from the page the real server
// serves, as in a browser (facts.js), so the client's sentences are
// checked against the server's rules, not a copy of them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer } from '../helpers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const js = (name) => pathToFileURL(path.resolve(here, '..', '..', '..', 'web-client', 'js', name)).href;

let remembered = 'en';
globalThis.window = {};
globalThis.navigator = { languages: ['en'] };
globalThis.document = { documentElement: {}, getElementById: () => null };

const server = await startServer();
try {
  const page = await (await fetch(server.url)).text();
  const facts = page.match(/<script type="application\/json" id="chowka-facts">([^<]*)<\/script>/);
  assert.ok(facts, 'the page carries the rules\' facts');
  document.getElementById = (id) => (id === 'chowka-facts' ? { textContent: facts[1] } : null);
} finally {
  await server.stop();
}
globalThis.localStorage = { getItem: () => remembered, setItem: () => {} };

const i18n = await import(js('i18n.js'));
const { eventText, listOf } = await import(js('events.js'));
const { duration } = await import(js('numbers.js'));
const fair = await import(js('fair.js'));
const { GameScreen } = await import(js('game.js'));
const { merged } = await import(js('game-moves.js'));
const { loneMove } = await import(js('game-auto.js'));
const { walkGeometry, boardFacts } = await import(js('facts.js'));
const { parseCommand, latinDigits } = await import(js('text-commands.js'));
const { placeText, pawnsText } = await import(js('text-words.js'));

/** Switches the catalogs to `lang`, as a reload with it remembered would. */
async function speak(lang) {
  remembered = lang;
  await i18n.startLanguage();
  assert.equal(i18n.currentLanguage(), lang);
}

test('t() fills placeholders, picks the plural form by n, and records a missing key', async () => {
  await speak('en');
  assert.equal(i18n.t('event.thrown', { who: 'Asha', value: 3 }), 'Asha threw 3.');
  assert.equal(i18n.t('game.pending.toCome', { n: 1 }), '1 throw to come');
  assert.equal(i18n.t('game.pending.toCome', { n: 3 }), '3 throws to come');
  // A placeholder with no value is left as it is, visibly.
  assert.equal(i18n.t('event.thrown', { value: 3 }), '{who} threw 3.');
  assert.equal(i18n.t('no.such.key'), 'no.such.key');
  assert.ok(window.__chowkaMissingKeys.has('no.such.key'), 'the tests see what is missing');
  assert.equal(i18n.has('no.such.key'), false);
  assert.equal(i18n.has('event.thrown'), true);
});

test('t() speaks the remembered language, with English beneath, and <html lang> follows', async () => {
  await speak('kn');
  assert.equal(document.documentElement.lang, 'kn');
  const kn = i18n.t('event.thrown', { who: 'Asha', value: 3 });
  assert.match(kn, /Asha/);
  assert.notEqual(kn, 'Asha threw 3.', 'a sentence of Kannada, not English');
  await speak('en');
  assert.equal(document.documentElement.lang, 'en');
});

test('the game log tells an event to its subject as "you", to others by name', async () => {
  await speak('en');
  const who = (s) => ['Asha', 'Ravi'][s];
  const board = walkGeometry({ size: 5, centre: 24 });
  assert.equal(board.ring, 16, 'the 5x5 board\'s outer ring, from the facts');
  assert.equal(eventText({ type: 'thrown', player: 0, value: 3 }, who, board, 0), 'You threw 3.');
  assert.equal(eventText({ type: 'thrown', player: 0, value: 3 }, who, board, 1), 'Asha threw 3.');
  assert.equal(eventText({ type: 'thrown', player: 0, value: 3 }, who, board, null), 'Asha threw 3.', 'a watcher');
  // R6: 4 is a grace, named as the server's facts say.
  assert.match(eventText({ type: 'thrown', player: 1, value: 4 }, who, board, 0), /^Ravi threw 4 — chowka!/);
  assert.equal(listOf([1, 2, 3]), '1, 2, and 3');
  assert.equal(listOf([3, 5], 'disjunction'), '3 or 5');
});

test('durations in minutes and seconds, in Latin digits in every language (docs/i18n.md, "Numbers")', async () => {
  await speak('en');
  assert.equal(duration(65_000), '1 min 5 s');
  assert.equal(duration(9_400), '9 s');
  await speak('mr');
  // Every catalog writes Latin digits, Marathi included: one formatter.
  assert.match(duration(65_000), /^1\D+5\D*$/);
  assert.doesNotMatch(duration(65_000), /[०-९]/);
  await speak('en');
});

test('fair throws: hex, malformed seeds refused, and the documented known-answer vector (docs/record.md)', async () => {
  const bytes = (from) => Uint8Array.from({ length: 32 }, (_, i) => from + i);
  assert.equal(fair.toHex(Uint8Array.of(0, 15, 255)), '000fff');
  // Seeds that are not 32 bytes of hex are refused before any throw is checked.
  const record = (server_seed) => ({ fair: { scheme: 'chowka-fair/1', server_seed, commitment: '00'.repeat(32), client_seeds: [] }, actions: [] });
  assert.equal((await fair.verifyThrows(record('zz'.repeat(32)))).reason, 'bad_seeds');
  assert.equal((await fair.verifyThrows(record('00'))).reason, 'bad_seeds');
  const key = await fair.fairKey(bytes(0), [bytes(32), null]);
  const row = (p) => Promise.all([...Array(16).keys()].map((n) => fair.fairThrow(key, n, fair.mouthUpBound(p))));
  assert.equal(fair.toHex(key), '8bb86de21e4ffd383053a863077a17c2b3b2dacc6b033ee4f01e10c5614403d0');
  assert.deepEqual(await row(0.5), [2, 3, 2, 2, 3, 3, 4, 2, 1, 3, 3, 1, 3, 4, 8, 2]);
  assert.deepEqual(await row(0.3), [1, 3, 2, 2, 3, 2, 2, 2, 1, 1, 2, 1, 1, 1, 8, 1]);
  assert.equal(String(fair.mouthUpBound(0.3)), '5534023222112865280');
});

test('a seed is offered once per game and seat, only while the game takes seeds', () => {
  const state = (open, seeded = [false, false]) => ({ fair: { open, seeded, commitment: 'c1' } });
  const sent = [];
  const send = (m) => sent.push(m) > 0;
  assert.equal(fair.offerSeed(state(false), 0, send), false, 'closed: the first throw is made');
  assert.equal(fair.offerSeed(state(true), null, send), false, 'a watcher gives no seed');
  assert.equal(fair.offerSeed(state(true, [true, false]), 0, send), false, 'our seat gave one already');
  assert.equal(fair.offerSeed(state(true), 1, send), true);
  assert.equal(fair.offerSeed(state(true), 1, send), false, 'once per game and seat, whatever the reconnects');
  assert.equal(sent.length, 1);
  assert.match(sent[0].seed, /^[0-9a-f]{64}$/);
});

/** The game screen's move selection, on a game where seat 0 has two pawns at home and one on square 3. */
function selection(legal) {
  const played = [];
  const screen = Object.assign(Object.create(GameScreen.prototype), {
    ctx: { seat: 0, game: { pawns: [[null, null, 3], [null, null, null]] } },
    sel: { pawn: null, value: null },
    choices: null,
    legal: () => legal,
    play: (m) => played.push(m),
  });
  return { screen, played };
}

test('move selection: identical moves are one choice, a pawn\'s moves narrow by value, one move left is played', () => {
  const fromHome = (pawn) => ({ pawns: [pawn], value: 4, to: 0, hits: null });
  const onward = { pawns: [2], value: 4, to: 7, hits: null };
  const { screen, played } = selection([fromHome(0), fromHome(1), onward]);
  const choices = merged(screen, [fromHome(0), fromHome(1), onward]);
  assert.equal(choices.length, 2, 'two pawns at home with 4 are one choice');
  assert.equal(choices[0].same, 2);
  assert.equal(choices[1].same, 1);

  screen.sel = { pawn: 2, value: null };
  assert.deepEqual(screen.candidates(), [onward], 'the chosen pawn\'s moves');
  screen.resolve(screen.candidates());
  assert.deepEqual(played, [{ ...onward, same: 1 }], 'one move left: played at once');

  screen.sel = { pawn: null, value: 4 };
  screen.resolve(screen.candidates());
  assert.equal(screen.choices.length, 2, 'several moves left: listed as choices');
  assert.equal(played.length, 1);
});

test('times over days: spans to the minute in each language, the banner\'s clock, vacation, a clock run out', async () => {
  const { span, leftText } = await import(js('times.js'));
  const days = await import(js('days.js'));
  await speak('en');
  const H = 3600000;
  assert.equal(span(5 * H + 12 * 60000 + 5000), '5 h 12 min');
  assert.equal(span(2 * 24 * H + 5 * H), '2 d 5 h');
  assert.equal(span(3 * H), '3 h');
  assert.equal(span(20000), '1 min', 'a moment left is not "0 min"');
  assert.equal(span(-5), '0 min');
  assert.equal(leftText(1000 + 90 * 60000, 1000), '1 h 30 min left');
  const ctx = (dueAt) => ({ room: { pace: 'days', status: 'playing', due_at: dueAt }, game: { result: 'ongoing' } });
  assert.equal(days.bannerClock(ctx(null)), 'on vacation', 'a stopped clock');
  assert.match(days.bannerClock(ctx(Date.now() + 5 * H + 30000)), /^5 h( 0 min)? left · until /);
  assert.equal(days.bannerClock({ room: { pace: 'live', status: 'playing' }, game: { result: 'ongoing' } }), null, 'live games have no days clock');
  assert.equal(days.vacationText({ vacation_until: Date.now() - 1 }), null, 'a vacation over is not shown');
  const who = (s) => ['Asha', 'Ravi'][s];
  assert.equal(days.clockOutText(1, 0, who), 'Ravi\'s time ran out: the computer played that turn.');
  assert.equal(days.clockOutText(0, 0, who), 'Your time ran out: the computer played that turn.');
  await speak('kn');
  assert.equal(span(5 * H + 12 * 60000), '5 ಗಂ 12 ನಿ');
  assert.equal(days.clockOutText(1, 0, who), 'Ravi ಅವರ ಸಮಯ ಮುಗಿಯಿತು: ಆ ಸರದಿಯನ್ನು ಕಂಪ್ಯೂಟರ್ ಆಡಿತು.');
  await speak('en');
});

test('a lone move plays by itself only when it is the one thing to do, on the player\'s own turn', () => {
  const fromHome = (pawn) => ({ pawns: [pawn], value: 2, to: 2, hits: null });
  const onward = { pawns: [2], value: 2, to: 5, hits: null };
  const screen = (legal, game = {}, opts = {}) => ({
    ctx: { seat: 0, room: { seats: [{ standin: !!opts.standin }, {}] }, game: { pawns: [[0, 0, 3], [null, null, null]], legal, can_throw: false, can_skip: false, ...game } },
    busy: !!opts.busy,
    myTurn: () => opts.mine ?? true,
  });
  assert.deepEqual(loneMove(screen([fromHome(0), fromHome(1)])), { ...fromHome(0), same: 2 }, 'two pawns at home, one value: one move');
  assert.equal(loneMove(screen([fromHome(0), onward])), null, 'two different moves: the player chooses');
  assert.equal(loneMove(screen([])), null, 'nothing to move');
  assert.equal(loneMove(screen([onward], { can_throw: true })), null, 'a throw to make first: the player may throw before moving');
  assert.equal(loneMove(screen([onward], { can_skip: true })), null, 'a skip is a choice too');
  assert.equal(loneMove(screen([{ ...onward, strands: true }])), null, 'a move that strands the turn asks first');
  assert.equal(loneMove(screen([onward], {}, { mine: false })), null, 'not the viewer\'s turn (or a watcher)');
  assert.equal(loneMove(screen([onward], {}, { busy: true })), null, 'an action already sent');
  assert.equal(loneMove(screen([onward], {}, { standin: true })), null, 'a computer plays the seat');
});

test('the text mode reads commands, English words and digits of any script, and says places in words (docs/text-mode.md)', async () => {
  await speak('en');
  await i18n.loadArea('text');
  assert.deepEqual(parseCommand('throw'), { command: 'throw', arg: '' });
  assert.deepEqual(parseCommand('  Move   3 '), { command: 'move', arg: '3' });
  assert.deepEqual(parseCommand('7'), { command: 'move', arg: '7' });
  assert.deepEqual(parseCommand('t'), { command: 'throw', arg: '' });
  assert.deepEqual(parseCommand('hint'), { command: 'hint', arg: '' });
  assert.deepEqual(parseCommand('what would the computer do'), { command: 'hint', arg: '' });
  assert.deepEqual(parseCommand('a'), { command: 'hint', arg: '' });
  // The longest word wins: "where is" before "where"; a name keeps its case.
  assert.deepEqual(parseCommand('where is Ravi'), { command: 'where', arg: 'Ravi' });
  assert.deepEqual(parseCommand('WHERE Ravi'), { command: 'where', arg: 'Ravi' });
  // The verb last, as some languages put it.
  assert.deepEqual(parseCommand('Ravi where'), { command: 'where', arg: 'Ravi' });
  // A chat line is whole, whatever words it holds.
  assert.deepEqual(parseCommand('chat where is the throw?'), { command: 'chat', arg: 'where is the throw?' });
  assert.deepEqual(parseCommand('?'), { command: 'help', arg: '' });
  assert.equal(parseCommand('frobnicate').command, null);
  assert.equal(parseCommand('   ').command, null);
  // Kannada, Devanagari, Tamil and Telugu digits are numbers too.
  assert.equal(latinDigits('೩ १२ ௪ ౫'), '3 12 4 5');
  assert.deepEqual(parseCommand('move ೩'), { command: 'move', arg: '3' });

  // Places on South's path of a 5x5 board, as the server's facts give it.
  const f = boardFacts(5);
  const board = { size: 5, centre: f.centre, paths: [f.path], safe: f.safe, sides: ['S'] };
  assert.equal(placeText(board, 0, null), 'waiting');
  assert.equal(placeText(board, 0, 0), 'on the home square');
  assert.equal(placeText(board, 0, 3), 'on square 3');
  assert.equal(placeText(board, 0, 4), 'on square 4, safe');
  assert.equal(placeText(board, 0, f.centre - 1), 'in the inner ring, one from the centre');
  assert.equal(placeText(board, 0, f.centre), 'at the centre');
  const game = { pawns: [[null, 5, 6, f.centre]], pairs: [] };
  assert.equal(pawnsText(board, game, 0), 'pawn 2 on square 5, pawn 3 on square 6, one pawn waiting, and one at the centre');
  assert.deepEqual([...window.__chowkaMissingKeys].filter((k) => k.startsWith('text.')), []);
});
