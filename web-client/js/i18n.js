// The player's language: every string a player reads comes from a
// catalog through t(). One catalog per language, in five plain modules
// (web-client/i18n/LANG/ui.js, game.js, guide.js, replay.js, people.js: `export
// default {key: text}`), loaded before the first page is drawn, but for the
// guide's, which only the guide and the rules need: those modules load it
// (loadArea) before they draw. English fills any gap.
// Texts take {name} placeholders; a text whose form depends on a number is
// an object of Intl.PluralRules categories ({one, other, ...}) chosen by
// the `n` parameter. Numbers are written by one formatter per language
// (formatNumber), placeholders included. The choice is remembered in the
// browser; the first visit takes the first of navigator.languages that we speak.

/** The languages the site speaks, each named in itself. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'kn', name: 'ಕನ್ನಡ' },
  { code: 'te', name: 'తెలుగు' },
  { code: 'hi', name: 'हिन्दी' },
  { code: 'mr', name: 'मराठी' },
  { code: 'ta', name: 'தமிழ்' },
];

/** The catalog files of one language, by area. */
const AREAS = ['ui', 'game', 'guide', 'replay', 'people', 'text'];
/**
 * The areas loaded only by the pages that need them (loadArea), so that the
 * first page waits for fewer files (the server preloads the others' English
 * catalogs, server/src/web/page.rs, reading these two lists).
 */
const ON_DEMAND = ['guide', 'text'];
/** Areas loaded (or loading) so far, by name. */
const loaded = new Map();
const STORAGE_KEY = 'chowka.lang';

let lang = 'en';
let texts = {};
let english = {};
let plurals = new Intl.PluralRules('en');
/** Number formats of the language in use, by their count of decimals. */
const formats = new Map();
/** Keys asked for that no catalog has: a bug, listed for the tests. */
const missing = new Set();
window.__chowkaMissingKeys = missing;

function remembered() {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The language to use: the remembered choice, else the browser's first that we speak, else English. */
function preferredLanguage() {
  const known = (code) => LANGUAGES.some((l) => l.code === code);
  const saved = remembered();
  if (saved && known(saved)) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = String(tag || '').toLowerCase().split('-')[0];
    if (known(base)) return base;
  }
  return 'en';
}

async function loadCatalog(code, areas) {
  // An area that cannot load (not translated yet) leaves its keys to English.
  const parts = await Promise.allSettled(areas.map((area) => import(`../i18n/${code}/${area}.js`).then((m) => m.default)));
  if (parts.every((p) => p.status === 'rejected')) throw parts[0].reason;
  return Object.assign({}, ...parts.map((p) => (p.status === 'fulfilled' ? p.value : {})));
}

/**
 * Loads the preferred language (and English beneath it) and sets
 * `<html lang>`; the page is drawn after this resolves.
 */
export async function startLanguage() {
  const code = preferredLanguage();
  const areas = AREAS.filter((area) => !ON_DEMAND.includes(area));
  for (const area of areas) loaded.set(area, Promise.resolve());
  // Both at once: on a slow phone network each is a round trip.
  const [en, chosen] = await Promise.all([
    loadCatalog('en', areas),
    // A catalog that cannot load leaves the page in English, not blank.
    code === 'en' ? null : loadCatalog(code, areas).catch(() => null),
  ]);
  english = en;
  texts = chosen ?? english;
  lang = texts === english ? 'en' : code;
  plurals = new Intl.PluralRules(lang);
  formats.clear();
  document.documentElement.lang = lang;
}

/**
 * Loads one more area of the catalog (one of ON_DEMAND), in the language in
 * use and English beneath it, once; resolves when t() has its texts. Only
 * after startLanguage. Like the first, an area that cannot load in the
 * language leaves its keys to English; one that cannot load at all rejects
 * (and is tried again at the next call).
 */
export function loadArea(area) {
  if (!loaded.has(area)) {
    const load = Promise.all([
      loadCatalog('en', [area]),
      lang === 'en' ? null : loadCatalog(lang, [area]).catch(() => null),
    ]).then(([en, chosen]) => {
      Object.assign(english, en);
      if (texts !== english) Object.assign(texts, chosen ?? {});
    }, (err) => {
      loaded.delete(area);
      throw err;
    });
    loaded.set(area, load);
  }
  return loaded.get(area);
}

/**
 * The locale numbers and dates are written in: the language with Latin
 * digits, the digits every catalog writes ("4 पडले"), so that a page never
 * mixes two digit sets (Intl would give Marathi Devanagari digits of its
 * own accord). docs/i18n.md, "Numbers".
 */
export function numberLocale() {
  return `${lang}-u-nu-latn`;
}

/**
 * A number as the player's language writes it (digits, grouping, decimal
 * mark), with at most `digits` decimals: the one formatter for every
 * number a page shows, and for every number placeholder of t().
 */
export function formatNumber(n, digits = 0) {
  let f = formats.get(digits);
  if (!f) {
    f = new Intl.NumberFormat(numberLocale(), { maximumFractionDigits: digits });
    formats.set(digits, f);
  }
  return f.format(n);
}

/** The language in use, e.g. 'kn'. */
export function currentLanguage() {
  return lang;
}

/** Switches to `code`, remembered for next time; the page is drawn anew in it. */
export function chooseLanguage(code) {
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    /* not remembered; this visit still switches */
  }
  // Every module draws its text when it renders: reloading redraws all of
  // it at once, and a room reconnects with its history in moments.
  location.reload();
}

/**
 * The text of `key` in the player's language, with `{name}` placeholders
 * filled from `params`; plural texts choose their form by `params.n`.
 */
export function t(key, params = {}) {
  let text = texts[key] ?? english[key];
  if (text === undefined) {
    missing.add(key);
    return key;
  }
  if (typeof text === 'object') text = text[plurals.select(Number(params.n ?? 0))] ?? text.other;
  return text.replace(/\{(\w+)\}/g, (m, name) => {
    const v = params[name];
    if (v === undefined) return m;
    return typeof v === 'number' ? formatNumber(v, 3) : String(v);
  });
}

/** Whether the catalog has `key` (for optional texts such as a server error code's). */
export function has(key) {
  return key in texts || key in english;
}
