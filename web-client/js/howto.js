// "How to play": a short illustrated guide for someone who has never
// played, in plain words. The rule book (rules-page.js) stays the
// reference; this page says the same things a player needs, without rule
// ids or notation. Every sentence here must agree with docs/rules.md: the
// comments name the rules each section follows.
//
// The words are in the catalogs (web-client/i18n/LANG/guide.js), one key
// per paragraph: guide.<section>.title, .short, .p1, .p2, ...

import { h } from './dom.js';
import { t, loadArea } from './i18n.js';
import { isGrace, rulesFacts } from './facts.js';
import { showThrow } from './cowries.js';
import * as art from './howto-art.js';

// The guide's words (and the rules page's, which imports this module) are
// a catalog area of their own, loaded with these pages only (i18n.js).
await loadArea('guide');

/** The throw table (R5): four cowries as they fell, and the value they give. */
function throwTable() {
  return h('ul', { class: 'throw-table', 'aria-label': t('guide.throws.tableLabel') },
    // Every value the server names (facts.js); a grace has a name and throws again (R5).
    rulesFacts().values.map((value) => {
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.setAttribute('class', 'howto-cowries');
      svg.setAttribute('viewBox', '0 0 240 80');
      showThrow(svg, value, false);
      // The row's words say the same; the drawing is decoration here.
      svg.setAttribute('aria-hidden', 'true');
      svg.removeAttribute('aria-label');
      const grace = isGrace(value);
      return h('li', { class: ['throw-row-howto', grace && 'grace'] },
        svg,
        h('span', { class: 'throw-fall' },
          h('span', { text: t(`guide.throws.fall.${value}`) }),
          grace ? h('em', { class: 'throw-name', text: t(`guide.throws.name.${value}`) }) : null,
          grace ? h('span', { class: 'throw-note', text: t('guide.throws.again') }) : null),
        h('strong', { class: 'throw-worth', text: t(`guide.value.${value}`) }));
    }));
}

/**
 * The keys of the game screen (game-keys.js): each row the keys, as
 * drawn on a keyboard, and what they do.
 */
function keysTable() {
  return h('ul', { class: 'keys-table', 'aria-label': t('guide.keys.label') },
    ['throw', 'next', 'prev', 'move', 'skip', 'cancel'].map((what) =>
      h('li', {},
        h('span', { class: 'keys' }, t(`guide.keys.${what}.keys`).split(', ').map((k) => h('kbd', { text: k }))),
        h('span', { text: t(`guide.keys.${what}`) }))));
}

/**
 * A catalog text with placeholders filled by nodes (`{name}` -> a bold
 * word), so a translation can put them anywhere in its sentence.
 */
function rich(key, nodes) {
  // t() leaves placeholders it has no value for as they are.
  return t(key).split(/\{(\w+)\}/).map((piece, i) => (i % 2 ? nodes[piece]?.cloneNode(true) ?? `{${piece}}` : piece)).filter((p) => p !== '');
}

/** The three ways to play (the presets), each item its name in bold and its summary. */
function waysList() {
  return h('ul', { class: 'ways' },
    ['chowkaBhara', 'chaukaBara', 'ashtaChamma'].map((way) =>
      h('li', {}, rich(`guide.ways.${way}`, { name: h('strong', { text: t(`guide.ways.${way}.name`) }) }))));
}

/**
 * The guide's sections, in reading order: id (the anchor), key (its texts
 * in the catalog: guide.<key>.title, .short, .p1 ...), illustration, the
 * number of paragraphs, and a list built by `list` after paragraph `after`.
 */
const SECTIONS = [
  // R1-R3, C10, R14
  { id: 'race', key: 'race', art: art.raceArt, paras: 3 },
  // R5, R6
  { id: 'throws', key: 'throws', art: throwTable, wide: true, paras: 2 },
  // R5 (graces), R6
  { id: 'graces', key: 'graces', art: art.graceArt, paras: 2 },
  // R11
  { id: 'three-graces', key: 'threeGraces', art: art.threeArt, paras: 3 },
  // R10
  { id: 'hits', key: 'hits', art: art.hitArt, paras: 2 },
  // R4, R9
  { id: 'safe', key: 'safe', art: art.safeArt, paras: 2 },
  // R8 (gate), O2
  { id: 'gate', key: 'gate', art: art.gateArt, paras: 3 },
  // R13
  { id: 'pairs', key: 'pairs', art: art.pairArt, paras: 3 },
  // R8 (exact finish), R14
  { id: 'centre', key: 'centre', art: art.centreArt, paras: 2 },
  // R12, O4
  { id: 'stuck', key: 'stuck', art: art.stuckArt, paras: 3 },
  // R15, C9
  { id: 'truces', key: 'truces', art: art.truceArt, paras: 3 },
  // Presets (Options and presets), R7, C10: a paragraph, the list of the
  // three ways, a paragraph.
  { id: 'ways', key: 'ways', art: art.enterArt, paras: 2, after: 1, list: waysList },
  // Not a rule: the game screen's one-tap moves and keys (game-auto.js,
  // game-keys.js), and stepping away (game-away.js).
  { id: 'screen', key: 'screen', art: keysTable, paras: 3 },
];

/** Where the guide explains each rule of the rule book, by rule id. */
const SECTION_OF_RULE = {
  R1: 'race', R2: 'race', R3: 'race', R4: 'safe', R5: 'throws', R6: 'graces', R7: 'ways', R8: 'gate',
  R9: 'safe', R10: 'hits', R11: 'three-graces', R12: 'stuck', R13: 'pairs', R14: 'centre', R15: 'truces',
  // Clarifications go with the rule they clarify; C10 is about pawns each.
  C1: 'gate', C2: 'safe', C3: 'hits', C4: 'three-graces', C5: 'stuck', C6: 'pairs', C7: 'ways', C8: 'centre', C9: 'truces', C10: 'race',
};

function paragraphs(sec) {
  const out = [];
  for (let i = 1; i <= sec.paras; i++) {
    out.push(h('p', { text: t(`guide.${sec.key}.p${i}`) }));
    if (sec.list && sec.after === i) out.push(sec.list());
  }
  return out;
}

function section(sec) {
  const id = `howto-${sec.id}`;
  return h('section', { class: ['howto-step', 'card', sec.wide && 'wide'], id, 'aria-labelledby': `${id}-title`, tabindex: '-1' },
    h('h2', { id: `${id}-title`, text: t(`guide.${sec.key}.title`) }),
    h('div', { class: 'howto-body' },
      h('figure', { class: 'howto-art' }, sec.art()),
      h('div', { class: 'howto-text' }, paragraphs(sec))));
}

/**
 * The guide's words and picture about rule `ruleId` ("R8"), for the rule
 * dialog: `{id, title, art, text}` (nodes, without ids), or null when the
 * guide has no section for it.
 */
export function guideFor(ruleId) {
  const sec = SECTIONS.find((x) => x.id === SECTION_OF_RULE[ruleId]);
  return sec ? { id: `howto-${sec.id}`, title: t(`guide.${sec.key}.title`), art: sec.art(), text: paragraphs(sec) } : null;
}

/**
 * The guide, rendered into `container`; scrolls to the section `anchor`
 * ("howto-gate") when given.
 */
export function howtoView(container, anchor) {
  container.replaceChildren(
    h('article', { class: 'howto' },
      h('header', { class: 'howto-head' },
        h('h1', { text: t('guide.title') }),
        h('p', { class: 'lead', text: t('guide.lead') }),
        h('nav', { class: 'howto-toc', 'aria-label': t('guide.contents') },
          h('ol', {}, SECTIONS.map((sec) => h('li', {}, h('a', { href: `#howto-${sec.id}`, text: t(`guide.${sec.key}.short`) })))))),
      SECTIONS.map(section),
      h('footer', { class: 'howto-foot' },
        h('a', { href: '/', class: 'btn primary big', text: t('guide.startGame') }),
        h('a', { href: '/#rules', class: 'btn ghost', text: t('guide.fullRules') }))));
  scrollToSection(anchor);
}

/** Scrolls the guide to a section (a link from the contents, or from elsewhere). */
export function scrollToSection(anchor) {
  const target = anchor && document.getElementById(anchor);
  if (!target?.classList.contains('howto-step')) return;
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}
