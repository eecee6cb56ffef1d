// The game's words in one place: seat colours and marks, presets, options
// with their plain-words explanations (the presets and option values
// themselves are the server's, facts.js), sides, and readable texts for every
// error code, so the other modules never hard-code phrasing. Every word is
// read from the catalog (i18n.js) when it is asked for, never at import
// time: the catalog loads after this module does.

import { t, has } from './i18n.js';
import { rulesFacts } from './facts.js';

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

/** A preset by its id: id, and getters for the traditional name and a one-line blurb. */
function preset(id) {
  return {
    id,
    get name() {
      return t(`preset.${camel(id)}.name`);
    },
    get blurb() {
      return t(`preset.${camel(id)}.blurb`);
    },
  };
}

let presetList = null;

/** The presets, in the server's order (facts.js), each with its name and blurb. */
export function presets() {
  presetList ??= rulesFacts().presets.map(preset);
  return presetList;
}

/** One option: its label, rule id, each value's short name (`names`) and what it means (`values`). */
function option(key, rule, values) {
  const k = camel(key);
  const map = (text) => Object.defineProperties({}, Object.fromEntries(values.map((v) =>
    [String(v), { enumerable: true, get: () => text(v) }])));
  return {
    rule,
    get label() {
      return t(`option.${k}.label`);
    },
    names: map((v) => (typeof v === 'boolean' ? t(v ? 'option.on' : 'option.off') : t(`option.${k}.${camel(v)}`))),
    values: map((v) => t(`option.${k}.${camel(v)}.explain`)),
  };
}

/** The rule each option of room creation is explained by (docs/rules.md). */
const OPTION_RULES = { entry: 'R7', gate: 'R8', three_grace: 'R11', stranded: 'R12', pairs: 'R13', truce: 'R15' };

let optionTable = null;

/**
 * Every option of room creation, by key, in the server's order with the
 * values it allows (facts.js): label, rule id, and what each value means.
 * Keys of `names` and `values` are the values as strings ('true', 'lap').
 */
export function options() {
  optionTable ??= Object.fromEntries(rulesFacts().options.map(({ key, values }) => [key, option(key, OPTION_RULES[key], values)]));
  return optionTable;
}

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
