// The game's words in one place: seat colours and marks, presets, options
// with their plain-words explanations, sides, and readable texts for every
// error code, so the other modules never hard-code phrasing. Every word is
// read from the catalog (i18n.js) when it is asked for, never at import
// time: the catalog loads after this module does.

import { t, has } from './i18n.js';

/** A key's last segment in lowerCamel: 'grace-one' -> 'graceOne', 'three_grace' -> 'threeGrace'. */
const camel = (v) => String(v).replace(/[-_](\w)/g, (m, c) => c.toUpperCase());

/**
 * Per seat: colour name (a getter: the player's language) and the mark
 * drawn on its pawns (colour is never the only cue).
 */
export const SEATS = [
  ['red', 'circle', '●'],
  ['green', 'triangle', '▲'],
  ['blue', 'square', '■'],
  ['gold', 'diamond', '◆'],
].map(([key, mark, symbol]) => ({
  mark,
  symbol,
  get colour() {
    return t(`colour.${key}`);
  },
}));

/** The board's sides by letter (S, E, N, W), each a getter for its name. */
export const SIDE_NAMES = Object.defineProperties({}, Object.fromEntries(
  [['S', 'south'], ['E', 'east'], ['N', 'north'], ['W', 'west']].map(([letter, key]) =>
    [letter, { enumerable: true, get: () => t(`side.${key}`) }])));

/** The presets: id, and getters for the traditional name and a one-line blurb. */
export const PRESETS = ['chowka-bhara', 'chauka-bara', 'ashta-chamma'].map((id) => ({
  id,
  get name() {
    return t(`preset.${camel(id)}.name`);
  },
  get blurb() {
    return t(`preset.${camel(id)}.blurb`);
  },
}));

/** One option: its label, rule id, each value's short name (`names`) and what it means (`values`). */
function option(key, rule, values) {
  const k = camel(key);
  const boolean = values[0] === 'true';
  const map = (text) => Object.defineProperties({}, Object.fromEntries(values.map((v) =>
    [v, { enumerable: true, get: () => text(v) }])));
  return {
    rule,
    get label() {
      return t(`option.${k}.label`);
    },
    names: map((v) => (boolean ? t(v === 'true' ? 'option.on' : 'option.off') : t(`option.${k}.${camel(v)}`))),
    values: map((v) => t(`option.${k}.${camel(v)}.explain`)),
  };
}

/** Every option of room creation: label, rule id, and what each value means. */
export const OPTIONS = {
  entry: option('entry', 'R7', ['home', 'grace-one', 'grace-all', 'ashta-chamma', 'first-grace']),
  gate: option('gate', 'R8', ['hit-first', 'lap', 'open']),
  three_grace: option('three_grace', 'R11', ['true', 'false']),
  stranded: option('stranded', 'R12', ['undo', 'forfeit']),
  pairs: option('pairs', 'R13', ['true', 'false']),
  truce: option('truce', 'R15', ['true', 'false']),
};

/** The computer's levels, as the server names them. */
export const LEVELS = ['easy', 'medium', 'hard'];

/** A computer level's name in the player's language. */
export function levelName(level) {
  return t(`level.${level}`);
}

/** Rule ids the server cites in its sentences, "(R6)" or "(R12, R13)": not for players' eyes. */
const RULE_IDS = /\s*\((?:[RCO]\d{1,2}(?:,\s*)?)+\)/g;

/**
 * A readable sentence for a server error: ours for its code, in the
 * player's language (error.<code>); else the server's own English
 * sentence; else a note with the code itself.
 */
export function errorText(code, message) {
  if (code && has(`error.${code}`)) return t(`error.${code}`);
  if (message && message !== code) return message.replace(RULE_IDS, '');
  return t('error.unknown', { code: code || '?' });
}
