// Issue 14 (play in Kannada, Telugu, Hindi, Marathi, Tamil and English):
// the game log's sentences are built from keys chosen at run time (an
// event's key, plus ".you", ".onYou", ".toYou"... by the viewer's part in
// it), which no scan of the source can check. Here every event type is
// told from every point of view (the subject, the other person, a third
// player, a watcher) in every language: each sentence exists in that
// language's own catalog, fills all its placeholders, and names the
// players it is about. Runs in node, without a browser.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const client = path.resolve(here, '..', '..', 'web-client');
const langs = fs.readdirSync(path.join(client, 'i18n')).filter((d) => fs.existsSync(path.join(client, 'i18n', d, 'game.js'))).sort();

// The little of a browser that i18n.js reads; the language is the "remembered" one.
let chosen = 'en';
globalThis.window = {};
globalThis.navigator = { languages: ['en'] };
globalThis.document = { documentElement: {} };
globalThis.localStorage = { getItem: () => chosen, setItem: () => {} };

const i18n = await import(pathToFileURL(path.join(client, 'js', 'i18n.js')).href);
const { feedLines } = await import(pathToFileURL(path.join(client, 'js', 'events.js')).href);
const { seatName } = await import(pathToFileURL(path.join(client, 'js', 'players.js')).href);

const NAMES = ['Asha', 'Ravi', 'Meena', 'Kiran'];
const who = (s) => NAMES[s];
const CENTRE = 24;
// The 5x5 board's walk facts (facts.js, walkGeometry): its centre, its outer ring's 16 positions.
const GEOMETRY = { centre: CENTRE, ring: 16 };

/** Every event type, in each of its shapes; `seats` are the players the sentence is about. */
const EVENTS = [
  { type: 'thrown', player: 0, value: 3 },
  { type: 'thrown', player: 0, value: 4 },
  { type: 'thrown', player: 0, value: 8 },
  { type: 'skipped', player: 0 },
  { type: 'entered', player: 0, pawns: [0], value: 4 },
  { type: 'entered', player: 0, pawns: [0, 1, 2], value: 8 },
  { type: 'walked', player: 0, pawns: [1], from: 3, to: CENTRE, value: 5 }, // a pawn to the centre
  { type: 'walked', player: 0, pawns: [1, 2], from: 18, to: CENTRE, value: 6 }, // a pair to the centre
  { type: 'walked', player: 0, pawns: [1], from: 3, to: 8, value: 5 }, // forward by its value
  { type: 'walked', player: 0, pawns: [1], from: 3, to: 4, value: 5 }, // one square
  { type: 'walked', player: 0, pawns: [1], from: 3, to: 6, value: 5 }, // a few squares
  { type: 'walked', player: 0, pawns: [1], from: 14, to: 2, value: 5 }, // round the ring again
  { type: 'walked', player: 0, pawns: [1, 2], from: 3, to: 6, value: 6 },
  { type: 'walked', player: 0, pawns: [1, 2], from: 15, to: 2, value: 6 },
  { type: 'pair_committed', player: 0, pawns: [1, 2] },
  { type: 'hit', player: 0, victim: 1, pawns: [0] },
  { type: 'hit', player: 0, victim: 1, pawns: [0, 1] },
  { type: 'grace_penalty', player: 0 },
  { type: 'turn_undone', player: 0 },
  { type: 'held_forfeited', player: 0 },
  { type: 'truce_offered', from: 0, to: 1, leader: 2 },
  { type: 'truce_accepted', a: 0, b: 1, leader: 2 },
  { type: 'truce_declined', from: 0, to: 1 },
  { type: 'truce_lapsed', from: 0, to: 1 },
  { type: 'truce_ended', a: 0, b: 1 },
  { type: 'relay', player: 0, ally: 1 },
  { type: 'betrayal', player: 0, ally: 1, round: 7 },
  { type: 'won', player: 0 },
  { type: 'draw' },
  { type: 'turn_began', player: 0, round: 3 },
];

/** The seats an event names (a walk's from and to are squares, a truce's are players). */
const seatsOf = (e) => ['player', 'victim', 'leader', 'a', 'b', 'ally', ...(e.type.startsWith('truce') ? ['from', 'to'] : [])]
  .filter((k) => k in e).map((k) => e[k]);

for (const lang of langs) {
  test(`${lang}: every game event reads as a whole sentence from every point of view`, async () => {
    chosen = lang;
    await i18n.startLanguage();
    assert.equal(i18n.currentLanguage(), lang);
    window.__chowkaMissingKeys.clear();
    const own = (await import(pathToFileURL(path.join(client, 'i18n', lang, 'game.js')).href)).default;
    const problems = [];
    for (const e of EVENTS) {
      // Seats 0-3 as the viewer (the subject, the other, the leader, nobody named) and a watcher.
      for (const me of [0, 1, 2, 3, null]) {
        const lines = feedLines([e], who, GEOMETRY, me);
        const where = `${e.type} ${JSON.stringify(e)} seen by ${me}`;
        if (lines.length !== 1) problems.push(`${where}: ${lines.length} lines`);
        for (const { text } of lines) {
          if (/\{\w+\}/.test(text)) problems.push(`${where}: a placeholder left in "${text}"`);
          if (/^event\./.test(text)) problems.push(`${where}: no text for ${text}`);
          // In the player's own script, not English standing in (the Indic scripts lie in U+0900-U+0DFF).
          if (lang !== 'en' && !/[\u0900-\u0DFF]/.test(text)) problems.push(`${where}: not in ${lang}: "${text}"`);
          // Every player the event is about and who is not the viewer is named.
          for (const s of seatsOf(e)) {
            if (s !== me && !text.includes(NAMES[s])) problems.push(`${where}: ${NAMES[s]} is not named in "${text}"`);
          }
          if (lang === 'en' && me !== null && seatsOf(e).includes(me) && !/\b(you|your)\b/i.test(text)) problems.push(`${where}: the viewer is not "you" in "${text}"`);
        }
      }
    }
    assert.deepEqual([...window.__chowkaMissingKeys], [], 'keys no catalog has');
    assert.deepEqual(problems, []);
    // The computer players' names, built from their level.
    for (const level of ['easy', 'medium', 'hard']) {
      const name = seatName({ bot: level });
      assert.ok(name && !name.startsWith('players.'), `${lang}: a name for the ${level} computer`);
      assert.ok(`players.computer.${level}` in own, `${lang}: players.computer.${level} is its own`);
    }
  });
}
