// The rules reference, rendered from the project's own rules text (GET
// /api/rules, the markdown of docs/rules.md). A small markdown reader that
// builds DOM nodes directly (no innerHTML): headings, paragraphs, lists,
// tables, code blocks and inline **bold**, *italic* and `code`. Every rule
// paragraph ("**R7. Entering**", "**C3 (R10)**") gets an id such as
// rule-R7 so options and messages can link straight to it; its id shows as
// a small label before its title. Players learn the game from the guide
// (howto.js); this page is for looking a rule up.
//
// In another language the rules text is that language's translation,
// web-client/i18n/LANG/rules.md, with the same markdown structure and the
// same rule heads ("**R7. ...**"), so the anchors are the same in every
// language; without one, the English text is shown (marked lang="en").

import { h } from './dom.js';
import { t, currentLanguage } from './i18n.js';
import { guideFor } from './howto.js';

/** Inline markup of one line, as DOM nodes. */
function inline(text, links = true) {
  const out = [];
  // Bold text holds a rule's own title ("**R7. Entering**"): no self-links there.
  // Italics need a word boundary outside their stars, so "N*N squares ...
  // N*N-1" (a product) stays plain text.
  const re = links
    ? /(\*\*[^*]+\*\*|`[^`]+`|(?<!\w)\*[^*\s](?:[^*]*[^*\s])?\*(?!\w)|\bR\d{1,2}\b)/g
    : /(`[^`]+`|(?<!\w)\*[^*\s](?:[^*]*[^*\s])?\*(?!\w))/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const tok = m[0];
    if (tok.startsWith('**')) out.push(h('strong', {}, inline(tok.slice(2, -2), false)));
    else if (tok.startsWith('`')) out.push(h('code', { text: tok.slice(1, -1) }));
    else if (tok.startsWith('*')) out.push(h('em', {}, inline(tok.slice(1, -1), links)));
    else out.push(h('a', { href: `#rule-${tok}`, text: tok }));
    last = m.index + tok.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function ruleId(text) {
  const m = /^\*\*([RCO]\d{1,2})\b/.exec(text);
  return m ? `rule-${m[1]}` : undefined;
}

/**
 * A rule's text with its head ("**R7. Entering**") drawn as a small id
 * label and the title in bold; other text as inline markup.
 */
function ruleText(text) {
  const m = /^\*\*([RCO]\d{1,2})\.?\s*([^*]*)\*\*/.exec(text);
  if (!m) return inline(text);
  return [h('span', { class: 'rule-id', text: m[1] }), ' ', h('strong', {}, inline(m[2])), inline(text.slice(m[0].length))];
}

/** A heading's anchor ("sec-pairs"): its words, in any script, joined by hyphens. */
function slug(text) {
  return 'sec-' + text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
}

/** The options whose values the table of options names, by their rule id. */
const OPTION_OF_ROW = { O1: 'entry', O2: 'gate', O3: 'threeGrace', O4: 'stranded', O5: 'pairs', O6: 'truce' };
/** Every value of those options as docs/rules.md writes it, with its catalog key. */
const VALUE_KEYS = {
  entry: { home: 'option.entry.home', 'grace-one': 'option.entry.graceOne', 'grace-all': 'option.entry.graceAll', 'ashta-chamma': 'option.entry.ashtaChamma', 'first-grace': 'option.entry.firstGrace' },
  gate: { 'hit-first': 'option.gate.hitFirst', lap: 'option.gate.lap', open: 'option.gate.open' },
  stranded: { undo: 'option.stranded.undo', forfeit: 'option.stranded.forfeit' },
};
const ON_OFF = { on: 'option.on', off: 'option.off' };

/**
 * A row of the options table in the reader's words: the values of an
 * option ("hit-first, lap, open") are the program's names, the same in
 * every translation of the rules, so each is said as the home page's
 * option picker says it. Any other row, or a value not known here, stays.
 */
function optionRow(row) {
  const option = OPTION_OF_ROW[/^(O\d)\b/.exec(row[0] ?? '')?.[1]];
  if (!option) return row;
  const keys = { ...(VALUE_KEYS[option] ?? {}), ...ON_OFF };
  const say = (word) => (keys[word] ? t(keys[word]) : word);
  return [row[0], ...row.slice(1).map((c) => c.split(/,\s*/).map(say).join(', '))];
}

function cells(line) {
  return line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
}

/** Renders markdown text into an array of block elements. */
function renderMarkdown(md) {
  const lines = md.replace(/\r/g, '').split('\n');
  const blocks = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    if (line.startsWith('```')) {
      const code = [];
      i++;
      while (i < lines.length && !lines[i].startsWith('```')) code.push(lines[i++]);
      i++;
      // The block scrolls sideways on a phone: keyboard users reach it with
      // Tab, and its label says what it is (the paragraph just before it).
      const before = blocks[blocks.length - 1]?.textContent.trim().replace(/:$/, '');
      blocks.push(h('div', { class: 'code-scroll', tabindex: '0', role: 'region', 'aria-label': before && before.length < 80 ? before : t('rulesPage.example') },
        h('pre', {}, h('code', { text: code.join('\n') }))));
      continue;
    }
    const head = /^(#{1,4})\s+(.*)$/.exec(line);
    if (head) {
      // The page has its own h1; markdown levels shift down by one.
      const level = Math.min(6, head[1].length + 1);
      blocks.push(h(`h${level}`, { id: slug(head[2]) }, inline(head[2])));
      i++;
      continue;
    }
    if (line.trim().startsWith('|')) {
      const rows = [];
      while (i < lines.length && lines[i].trim().startsWith('|')) rows.push(lines[i++]);
      const header = cells(rows[0]);
      const body = rows.slice(2).map(cells).map(optionRow);
      blocks.push(
        h('div', { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': header.join(', ') },
          h('table', {},
            h('thead', {}, h('tr', {}, header.map((c) => h('th', { scope: 'col' }, inline(c))))),
            h('tbody', {}, body.map((r) => h('tr', {}, r.map((c) => h('td', {}, inline(c))))))))
      );
      continue;
    }
    if (/^\s*- /.test(line)) {
      const items = [];
      while (i < lines.length && (/^\s*- /.test(lines[i]) || /^\s{2,}\S/.test(lines[i]))) {
        if (/^\s*- /.test(lines[i])) items.push(lines[i].replace(/^\s*- /, ''));
        else items[items.length - 1] += ' ' + lines[i].trim();
        i++;
      }
      // Clarifications are list items ("- **C3 (R10, R13).** ..."): linkable too.
      blocks.push(h('ul', {}, items.map((item) => h('li', { id: ruleId(item), class: ruleId(item) ? 'rule' : undefined }, ruleText(item)))));
      continue;
    }
    const para = [];
    while (i < lines.length && lines[i].trim() && !/^(#|```|\s*- |\s*\|)/.test(lines[i])) para.push(lines[i++].trim());
    const text = para.join(' ');
    blocks.push(h('p', { id: ruleId(text), class: ruleId(text) ? 'rule' : undefined }, ruleText(text)));
  }
  return blocks;
}

let cached = null;

/** The markdown at `url`, or null when the server has none (or cannot be reached). */
async function markdownAt(url) {
  try {
    const r = await fetch(url);
    return r.ok ? await r.text() : null;
  } catch {
    return null;
  }
}

/**
 * Fetches the rules markdown once per page load, in the player's language
 * when it has a translation, else in English: `{text, lang}`. Rejects
 * (with the player's words) when even the English text cannot be had.
 */
async function fetchRules() {
  if (!cached) {
    cached = (async () => {
      const lang = currentLanguage();
      if (lang !== 'en') {
        // Relative to this module, so it also works under the server's
        // versioned prefix (/v/VERSION/js/...).
        const text = await markdownAt(new URL(`../i18n/${lang}/rules.md`, import.meta.url));
        if (text !== null) return { text, lang };
      }
      const text = await markdownAt('/api/rules');
      if (text === null) throw new Error(t('rulesPage.loadFailed'));
      return { text, lang: 'en' };
    })();
    cached.catch(() => (cached = null));
  }
  return cached;
}

/** Marks `el` as English when the rules came in English on a page in another language. */
function markLanguage(el, lang) {
  if (lang !== currentLanguage()) el.setAttribute('lang', lang);
}

/**
 * The reference for players: the rule book without its developers' preface
 * (the first paragraph, which speaks of tests and error messages), with a
 * pointer to the guide and a list of its sections.
 */
function forPlayers(blocks) {
  const out = blocks.slice();
  // The markdown's own title duplicates our h1; the preface follows it,
  // before the first rule (in every language, by the same structure).
  if (out[0]?.tagName === 'H2') out.shift();
  if (out[0]?.tagName === 'P' && !out[0].id) out.shift();
  const sections = out.filter((b) => b.tagName === 'H3');
  const contents = h('nav', { class: 'rules-toc', 'aria-label': t('rulesPage.sections') },
    h('ul', {}, sections.map((s) => h('li', {}, h('a', { href: `#${s.id}`, text: s.textContent })))));
  return [contents, ...out];
}

/** The rules view: the reference, rendered; scrolls to the rule `anchor` ("rule-R7"). */
export async function rulesView(container, anchor) {
  const article = h('article', { class: 'rules', 'aria-busy': 'true' }, h('p', { text: t('rulesPage.loading') }));
  // The lead's link goes where the translation puts {link} in its sentence.
  const lead = t('rulesPage.lead').split(/(\{link\})/).map((piece) =>
    piece === '{link}' ? h('a', { href: '/#how-to-play', text: t('rulesPage.leadLink') }) : piece);
  container.replaceChildren(
    h('h1', { text: t('rulesPage.title') }),
    h('p', { class: 'lead rules-lead' }, lead),
    article
  );
  try {
    const rules = await fetchRules();
    markLanguage(article, rules.lang);
    article.replaceChildren(...forPlayers(renderMarkdown(rules.text)));
  } catch (e) {
    article.replaceChildren(h('p', { class: 'error-text', role: 'alert', text: e.message }));
  }
  article.removeAttribute('aria-busy');
  if (anchor) {
    const target = document.getElementById(anchor);
    if (target) {
      target.classList.add('flash');
      target.scrollIntoView({ block: 'start' });
      target.setAttribute('tabindex', '-1');
      target.focus({ preventScroll: true });
    }
  }
}

/**
 * Shows one rule in a dialog, so a player choosing options or playing does
 * not lose their place: first in plain words with its picture (the guide's
 * section about it), then the exact rule (its paragraph and the lists or
 * tables that follow it), with links to both pages (rule-link.js opens it).
 */
export async function showRule(id) {
  const guide = guideFor(id);
  const exact = h('div', { class: 'exact-rule-body' }, h('p', { text: t('ruleDialog.loading') }));
  const close = h('button', { type: 'button', class: 'btn', text: t('ruleDialog.close') });
  const title = h('h2', { id: 'rule-dialog-title', class: 'rule-dialog-title', tabindex: '-1', text: guide?.title ?? t('ruleDialog.title') });
  const dialog = h('dialog', { class: 'rule-dialog', 'aria-labelledby': 'rule-dialog-title' },
    title,
    guide ? h('div', { class: 'rule-dialog-guide' }, h('figure', { class: 'howto-art' }, guide.art), h('div', { class: 'howto-text' }, guide.text)) : null,
    h('section', { class: 'exact-rule', 'aria-labelledby': 'exact-rule-title' },
      h('h3', { id: 'exact-rule-title', text: t('ruleDialog.exact') }), exact),
    h('div', { class: 'dialog-buttons' },
      close,
      guide ? h('a', { href: `/#${guide.id}`, class: 'btn ghost', target: '_blank', rel: 'noopener', text: t('ruleDialog.howTo') }) : null,
      h('a', { href: `/#rule-${id}`, class: 'btn ghost', target: '_blank', rel: 'noopener', text: t('ruleDialog.fullRules') })));
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => dialog.remove());
  // A click on the backdrop (outside the box) closes it too.
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close();
  });
  document.body.append(dialog);
  dialog.showModal();
  // Reading starts at the top, on the plain words (not on the first link
  // of the exact rule further down).
  title.focus();
  try {
    const rules = await fetchRules();
    markLanguage(exact, rules.lang);
    const blocks = renderMarkdown(rules.text);
    const start = blocks.findIndex((b) => b.id === `rule-${id}`);
    if (start < 0) {
      const item = blocks.map((b) => b.querySelector?.(`#rule-${id}`)).find(Boolean);
      if (!item) throw new Error(t('ruleDialog.notFound'));
      exact.replaceChildren(h('ul', {}, item));
      return;
    }
    const picked = [blocks[start]];
    for (let i = start + 1; i < blocks.length && ['UL', 'DIV'].includes(blocks[i].tagName); i++) picked.push(blocks[i]);
    exact.replaceChildren(...picked);
  } catch (e) {
    exact.replaceChildren(h('p', { class: 'error-text', text: e.message }));
  }
}
