// Issue 14 (play in Kannada, Telugu, Hindi, Marathi, Tamil and English):
// the catalogs, checked without a browser. Every key the modules use
// exists in English; every language has exactly English's keys, the same
// placeholders and only the plural forms its language has; every language
// has its rules reference with the same rule ids as docs/rules.md; and no
// player-visible English is left written into the modules.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const JS = path.join(repo, 'web-client', 'js');
const I18N = path.join(repo, 'web-client', 'i18n');
const read = (f) => fs.readFileSync(f, 'utf8');
/** The catalog areas, as i18n.js loads them: a new area is checked as soon as it is loaded. */
const AREAS = JSON.parse(read(path.join(JS, 'i18n.js')).match(/const AREAS = (\[[^\]]*\]);/)[1].replace(/'/g, '"'));
const modules = fs.readdirSync(JS).filter((f) => f.endsWith('.js')).sort();

/**
 * A catalog file's object. The web client has no package.json saying its
 * .js files are ES modules, so each is imported from its text.
 */
async function catalog(lang, area) {
  const file = path.join(I18N, lang, `${area}.js`);
  const src = read(file);
  const mod = await import(`data:text/javascript;base64,${Buffer.from(src).toString('base64')}`);
  return mod.default;
}

async function english() {
  const out = {};
  for (const area of AREAS) out[area] = await catalog('en', area);
  return out;
}

const languages = () => fs.readdirSync(I18N).filter((d) => d !== 'en' && fs.statSync(path.join(I18N, d)).isDirectory()).sort();

/** Every error code of docs/protocol.md's "Error codes": the rules codes and the protocol table. */
function errorCodes() {
  const doc = read(path.join(repo, 'docs', 'protocol.md'));
  const section = doc.slice(doc.indexOf('### Error codes'), doc.indexOf('### Closing'));
  const rules = section.slice(0, section.indexOf('Protocol codes'));
  const codes = new Set([...rules.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]));
  for (const m of section.matchAll(/^\| `([a-z_]+)` \|/gm)) codes.add(m[1]);
  return [...codes];
}

/** Source with comments blanked out (line by line; good enough for our own plain style). */
function withoutComments(src) {
  return src
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '))
    .split('\n')
    .map((line) => {
      // A // that starts a comment: at the line's start, or after code with no string open.
      const i = line.search(/(^|\s)\/\/(?!\/)/);
      if (i < 0) return line;
      const before = line.slice(0, i);
      const open = (before.match(/'/g) || []).length % 2 || (before.match(/"/g) || []).length % 2 || (before.match(/`/g) || []).length % 2;
      return open ? line : before;
    })
    .join('\n');
}

/** The keys a module names literally: t('key'), t("key"), t(`key`) without ${}, has('key'). */
function literalKeys(src) {
  const keys = new Set();
  for (const m of src.matchAll(/\b(?:t|has)\(\s*(['"`])([^'"`$]+?)\1/g)) keys.add(m[2]);
  return keys;
}

test('every key the modules use literally is in the English catalog', async () => {
  const en = await english();
  const all = Object.assign({}, ...Object.values(en));
  const missing = [];
  for (const f of modules) {
    for (const key of literalKeys(withoutComments(read(path.join(JS, f))))) {
      if (!(key in all)) missing.push(`${f}: ${key}`);
    }
  }
  assert.deepEqual(missing, [], 'keys used but missing from web-client/i18n/en/');
});

test('every error code of docs/protocol.md has its error.<code> text', async () => {
  const { ui } = await english();
  const codes = errorCodes();
  assert.ok(codes.length > 40, `found the error codes (${codes.length})`);
  assert.deepEqual(codes.filter((c) => !(`error.${c}` in ui)), []);
});

test('the keys names.js and the ui modules build at run time exist', async () => {
  const { ui, people } = await english();
  // names.js: colours, sides, presets, options (label, value names, explanations), levels.
  const keys = [
    ...['red', 'green', 'blue', 'gold'].map((c) => `colour.${c}`),
    ...['south', 'east', 'north', 'west'].map((s) => `side.${s}`),
    ...['chowkaBhara', 'chaukaBara', 'ashtaChamma'].flatMap((p) => [`preset.${p}.name`, `preset.${p}.blurb`]),
    ...['easy', 'medium', 'hard'].map((l) => `level.${l}`),
    // home.js: the turn clock and the stand-in delay.
    ...['none', '30', '60', '120'].map((v) => `home.clock.${v}`),
    ...['never', '30', '60', '120'].map((v) => `home.takeover.${v}`),
    // pace.js, mygames.js, me.js: the paces and turn clocks, the sections of all my games, what deleting removes.
    ...['live', 'days'].map((v) => `pace.${v}`),
    ...[1, 8, 24, 72].map((n) => `pace.hours.${n}`),
    ...['turn', 'waiting', 'lobby', 'finished'].map((s) => `mygames.section.${s}`),
    ...['names', 'identity', 'browser', 'public'].map((k) => `me.delete.${k}`),
    // circle-games.js: the parts of a circle's games.
    ...['playing', 'lobbies', 'finished'].map((s) => `circle.games.${s}`),
  ];
  const options = {
    entry: ['home', 'graceOne', 'graceAll', 'ashtaChamma', 'firstGrace'],
    gate: ['hitFirst', 'lap', 'open'],
    threeGrace: ['true', 'false'],
    stranded: ['undo', 'forfeit'],
    pairs: ['true', 'false'],
    truce: ['true', 'false'],
  };
  for (const [opt, values] of Object.entries(options)) {
    keys.push(`option.${opt}.label`);
    for (const v of values) {
      keys.push(`option.${opt}.${v}.explain`);
      if (v !== 'true' && v !== 'false') keys.push(`option.${opt}.${v}`);
    }
  }
  assert.deepEqual(keys.filter((k) => !(k in ui) && !(k in people)), []);
});

/** The {placeholders} of a text (all forms of a plural text together). */
function placeholders(text) {
  const forms = typeof text === 'object' ? Object.values(text) : [text];
  return [...new Set(forms.flatMap((f) => [...String(f).matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();
}

test('English plural texts have an "other" form and only English categories', async () => {
  const en = await english();
  const allowed = new Intl.PluralRules('en').resolvedOptions().pluralCategories;
  for (const area of AREAS) {
    for (const [key, text] of Object.entries(en[area])) {
      if (typeof text === 'string') continue;
      assert.equal(typeof text, 'object', `${area} ${key}`);
      assert.ok(typeof text.other === 'string', `en ${area} ${key}: an "other" form`);
      for (const form of Object.keys(text)) assert.ok(allowed.includes(form), `en ${area} ${key}: "${form}" is not an English plural category`);
    }
  }
});

for (const lang of languages()) {
  test(`${lang}: every area has exactly English's keys, the same placeholders, and its own plural forms`, async () => {
    const en = await english();
    const allowed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const area of AREAS) {
      assert.ok(fs.existsSync(path.join(I18N, lang, `${area}.js`)), `web-client/i18n/${lang}/${area}.js exists`);
      const cat = await catalog(lang, area);
      const mine = Object.keys(cat).sort();
      const theirs = Object.keys(en[area]).sort();
      assert.deepEqual(theirs.filter((k) => !(k in cat)), [], `${lang}/${area}.js lacks these English keys`);
      assert.deepEqual(mine.filter((k) => !(k in en[area])), [], `${lang}/${area}.js has keys English does not`);
      for (const [key, text] of Object.entries(cat)) {
        if (!(key in en[area])) continue;
        assert.deepEqual(placeholders(text), placeholders(en[area][key]), `${lang} ${key}: placeholders`);
        if (typeof text === 'object') {
          assert.ok(typeof text.other === 'string', `${lang} ${key}: an "other" form`);
          for (const form of Object.keys(text)) assert.ok(allowed.includes(form), `${lang} ${key}: "${form}" is not a plural category of ${lang} (${allowed.join(', ')})`);
        } else {
          assert.equal(typeof text, 'string', `${lang} ${key}`);
          assert.ok(text.trim() || !en[area][key].trim(), `${lang} ${key}: not empty`);
        }
      }
    }
  });

  test(`${lang}: rules.md is there with docs/rules.md's rule ids`, () => {
    const ids = (src) => [...new Set([...src.matchAll(/\*\*([RCO]\d+)\b/g)].map((m) => m[1]))].sort();
    const file = path.join(I18N, lang, 'rules.md');
    assert.ok(fs.existsSync(file), `web-client/i18n/${lang}/rules.md exists`);
    const text = read(file);
    assert.ok(text.trim().length > 500, `${lang}/rules.md is not empty`);
    assert.deepEqual(ids(text), ids(read(path.join(repo, 'docs', 'rules.md'))));
  });
}

// ---- No English left in the modules ----

/**
 * The string and template literals of a module's source, in order, with
 * where each starts: a small lexer that knows comments, regular
 * expressions and ${} nesting, so a quote inside a regex or a backtick
 * inside a string is not mistaken for a literal's edge.
 * @returns {Array<{kind: 'str'|'tpl', text: string, start: number}>}
 */
function literals(src) {
  const out = [];
  let i = 0;
  let prev = ''; // the last significant character, to tell a regex from a division
  const stack = []; // open template literals' brace depths
  let depth = 0;
  function resumeTemplate(frame) {
    // Reads a template literal's text from `i` (just past its backquote, or
    // past the closing brace of one of its ${...}) to its end, or to its
    // next ${, where the expression is lexed as code (its literals are
    // found too) and the frame waits on the stack.
    let text = frame.text;
    for (;;) {
      const c = src[i];
      if (c === undefined) break;
      if (c === '\\') {
        text += src.slice(i, i + 2);
        i += 2;
      } else if (c === '`') {
        i++;
        break;
      } else if (c === '$' && src[i + 1] === '{') {
        text += ' \u0000 ';
        i += 2;
        stack.push({ depth, start: frame.start, text });
        depth = 0;
        return;
      } else {
        text += c;
        i++;
      }
    }
    out.push({ kind: 'tpl', text, start: frame.start });
    prev = '`';
  }
  while (i < src.length) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '/' && src[i + 1] === '*') {
      const e = src.indexOf('*/', i + 2);
      i = e < 0 ? src.length : e + 2;
    } else if (c === '/' && (prev === '' || '(,=:[!&|?{};+-*%<>~^'.includes(prev) || /\breturn$|\btypeof$/.test(src.slice(Math.max(0, i - 8), i).trimEnd()))) {
      // A regular expression literal.
      i++;
      let cls = false;
      while (i < src.length) {
        const r = src[i];
        if (r === '\\') i += 2;
        else {
          if (r === '[') cls = true;
          else if (r === ']') cls = false;
          else if (r === '/' && !cls) break;
          else if (r === '\n') break;
          i++;
        }
      }
      i++;
      while (/[a-z]/.test(src[i] || '')) i++;
      prev = '/';
    } else if (c === '\'' || c === '"') {
      const start = i;
      i++;
      let text = '';
      while (i < src.length && src[i] !== c && src[i] !== '\n') {
        if (src[i] === '\\') {
          text += src.slice(i, i + 2);
          i += 2;
        } else text += src[i++];
      }
      i++;
      out.push({ kind: 'str', text, start });
      prev = c;
    } else if (c === '`') {
      i++;
      resumeTemplate({ depth, start: i - 1, text: '' });
    } else if (c === '{') {
      depth++;
      prev = c;
      i++;
    } else if (c === '}') {
      if (depth === 0 && stack.length) {
        i++;
        const frame = stack.pop();
        depth = frame.depth;
        resumeTemplate(frame);
      } else {
        depth--;
        prev = c;
        i++;
      }
    } else {
      if (!/\s/.test(c)) prev = /[\w$]/.test(c) ? 'w' : c;
      if (/[\w$]/.test(c)) {
        // A word: `return /x/` keeps prev as the keyword's end for the regex test above.
        while (/[\w$]/.test(src[i + 1] || '')) i++;
        prev = 'w';
      }
      i++;
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * Literals that look like words but are not player-facing text, with why.
 * Keep this short: text belongs in a catalog.
 */
const ALLOWED = new Set([
  // Nothing yet: add 'file.js: literal' with a comment saying why it is not text.
]);

/** Small English words that plain sentences almost always hold and CSS classes and ids do not. */
const STOPWORDS = /\b(the|a|an|of|to|and|or|is|are|be|you|your|yours|each|in|on|with|for|from|by|at|no|not|it|its|this|that|has|have|can|may|must|will|who|what|how|all|more)\b/i;
/** Two words of two or more letters, separated by spaces ("Play now", "the host"). */
const TWO_WORDS = /\b[A-Za-z][a-z']+[,:;.!?]?\s+[A-Za-z][a-z']+\b/;
/** Looks like English for a player: a capitalised word, or two words with a small English one. */
const looksEnglish = (text) => /\b[A-Z][a-z]+\b/.test(text) || (TWO_WORDS.test(text) && STOPWORDS.test(text));
/** Any word of two or more letters: in a place that is surely text (text:, aria-label...). */
const A_WORD = /[A-Za-z]{2,}/;

/**
 * Where a literal is surely shown to a player, by the code just before it:
 * text:, 'aria-label':, title:, placeholder:, alt:, label:, textContent =,
 * setAttribute('aria-label', ...), showError/notice/announce(...).
 */
const SHOWN = /(?:(?:\btext|'aria-label'|\btitle|\bplaceholder|\balt|\blabel)\s*:|\.(?:textContent|title|placeholder)\s*=|setAttribute\(\s*'(?:aria-label|title|placeholder|alt)'\s*,|\b(?:showError|notice|announce|showSeatNotice|new Error)\()\s*$/;
/** A child of h(tag, {...}, ...) or fill(el, ...): after "}, " or "), " or "fill(x, ". */
const CHILD = /(?:[})]\s*,|\bfill\(\s*[\w.]+\s*,)\s*$/;
/** Not text: the code before a literal says it is a class, a path, an id... */
const NOT_TEXT = /(?:\bclass|\bid|\bd|\bhref|\btransform|\bviewBox|\bpoints|\btype|\bname|\bvalue|\bfor|\bkey)\s*:\s*$|setAttribute\(\s*'(?:class|d|transform|viewBox|points)'\s*,\s*$|\bclassName\s*=\s*$/;

/** Suspect literals of a module: [line, literal]. */
function englishLiterals(src) {
  const found = [];
  const lineOf = (i) => src.slice(0, i).split('\n').length;
  for (const lit of literals(src)) {
    const before = src.slice(Math.max(0, lit.start - 60), lit.start);
    const text = lit.text.replace(/\u0000/g, ' ');
    if (NOT_TEXT.test(before)) continue;
    let suspect;
    if (SHOWN.test(before)) suspect = A_WORD.test(text);
    else if (CHILD.test(before)) suspect = looksEnglish(text);
    else suspect = lit.kind === 'tpl' && TWO_WORDS.test(text) && looksEnglish(text);
    if (suspect) found.push([lineOf(lit.start), text]);
  }
  return found;
}

test('no player-visible English is written into the modules of web-client/js', () => {
  const left = [];
  for (const f of modules) {
    if (f === 'i18n.js') continue; // the catalog machinery: language names in themselves, no text
    for (const [line, text] of englishLiterals(read(path.join(JS, f)))) {
      if (!ALLOWED.has(`${f}: ${text}`)) left.push(`${f}:${line}: ${text}`);
    }
  }
  assert.deepEqual(left, [], 'English literals left in modules (move them into web-client/i18n/en/)');
});
