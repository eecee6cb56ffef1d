// The text mode's commands (text-game.js): what a player types in its
// command box, in their language or in English, read into a command and
// its argument; the key that does the same outside the box; and the help
// that lists them. Which commands exist and what they do is text-game.js.

import { t, englishText } from './i18n.js';

/**
 * Every command, in the order the help lists them, with its key outside
 * the command box (a Latin letter: the same on every keyboard layout the
 * site's languages are typed with), or null for one that needs words.
 */
export const COMMANDS = [
  ['throw', 't'], ['move', null], ['skip', 's'], ['status', 'i'], ['moves', 'm'], ['pawns', 'p'],
  ['where', 'w'], ['threats', 'x'], ['hint', 'a'], ['last', 'l'], ['clock', 'c'], ['board', 'b'], ['repeat', 'r'],
  ['chat', null], ['truce', null], ['accept', null], ['decline', null], ['back', null], ['rematch', null], ['help', 'h'],
];

/** The command a key outside the box does, by its key. */
export const KEYS = new Map(COMMANDS.filter(([, k]) => k).map(([c, k]) => [k, c]));

/** Digits of the site's scripts (Latin, Devanagari, Tamil, Telugu, Kannada): the code point of each one's zero. */
const ZEROS = [0x30, 0x966, 0xbe6, 0xc66, 0xce6];

/** Digits of any of the site's scripts as Latin digits, so "move ೩" is move 3. */
export function latinDigits(text) {
  return text.replace(/\p{Nd}/gu, (d) => {
    const cp = d.codePointAt(0);
    const zero = ZEROS.find((z) => cp >= z && cp <= z + 9);
    return zero === undefined ? d : String(cp - zero);
  });
}

/** Text as the parser compares it: composed, lower case, single spaces, Latin digits. */
function normal(text) {
  return latinDigits(String(text).normalize('NFC').toLocaleLowerCase().replace(/\s+/gu, ' ').trim());
}

/** A command's words: the player's language's, English's, and its key. */
function words(command) {
  const own = t(`text.cmd.${command}`).split('|');
  const english = (englishText(`text.cmd.${command}`) ?? '').split('|');
  const key = COMMANDS.find(([c]) => c === command)[1];
  return [...own, ...english, key].filter(Boolean).map(normal);
}

/**
 * Reads a typed command: `{command, arg}` (the rest of the text, as
 * typed), or `{command: null}` for text that is none. A command's word
 * comes first ("where Ravi"), or last for languages that put the verb
 * there ("ರವಿ ಎಲ್ಲಿ"); the longest word that fits wins ("where is" before
 * "where"); a number alone is a move; "?" is help.
 */
export function parseCommand(input) {
  const text = normal(input);
  if (!text) return { command: null, arg: '' };
  if (text === '?') return { command: 'help', arg: '' };
  if (/^\d+$/.test(text)) return { command: 'move', arg: text };
  const aliases = COMMANDS.flatMap(([c]) => words(c).map((w) => [w, c])).sort((a, b) => b[0].length - a[0].length);
  // The argument keeps the case the player typed (a chat line, a name).
  const typed = String(input).normalize('NFC').trim().replace(/\s+/gu, ' ');
  for (const [word, command] of aliases) {
    if (text === word) return { command, arg: '' };
    if (text.startsWith(`${word} `)) return { command, arg: latinDigits(typed.slice(word.length + 1)).trim() };
  }
  for (const [word, command] of aliases) {
    // Chat keeps its words whole: only a first word makes a chat line.
    if (command !== 'chat' && text.endsWith(` ${word}`)) return { command, arg: latinDigits(typed.slice(0, typed.length - word.length - 1)).trim() };
  }
  return { command: null, arg: '' };
}

/** The first word a command is typed with in the player's language (for the help and examples). */
export function wordFor(command) {
  return t(`text.cmd.${command}`).split('|')[0];
}

/** The help: one line a command, then how squares are counted. */
export function helpLines() {
  const lines = [t('text.help.intro')];
  for (const [command, key] of COMMANDS) {
    if (command === 'accept' || command === 'decline') continue;
    const params = { word: wordFor(command), key: key?.toUpperCase() ?? '' };
    if (command === 'move') params.key = '1-9';
    if (command === 'help') params.key = 'H, ?';
    if (command === 'truce') Object.assign(params, { accept: wordFor('accept'), decline: wordFor('decline') });
    lines.push(t(`text.help.${command}`, params));
  }
  lines.push(t('text.help.squares'));
  return lines;
}
