// "How to play": a short illustrated guide for someone who has never
// played, in plain words. The rule book (rules-page.js) stays the
// reference; this page says the same things a player needs, without rule
// ids or notation. Every sentence here must agree with docs/rules.md: the
// comments name the rules each section follows.
//
// The words live in SECTIONS, in one place, so they can be translated.

import { h } from './dom.js';
import { showThrow } from './cowries.js';
import * as art from './howto-art.js';

/** One throw of the table: how it falls, its value, and what it is called. */
const THROWS = [
  { value: 1, fall: '1 mouth up' },
  { value: 2, fall: '2 mouths up' },
  { value: 3, fall: '3 mouths up' },
  { value: 4, fall: 'All 4 up', name: 'chowka', note: 'throw again' },
  { value: 8, fall: 'None up', name: 'bhara', note: 'throw again' },
];

/** The throw table (R5): four cowries as they fell, and the value they give. */
function throwTable() {
  return h('ul', { class: 'throw-table', 'aria-label': 'What each throw is worth' },
    THROWS.map((t) => {
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.setAttribute('class', 'howto-cowries');
      svg.setAttribute('viewBox', '0 0 240 80');
      showThrow(svg, t.value, false);
      // The row's words say the same; the drawing is decoration here.
      svg.setAttribute('aria-hidden', 'true');
      svg.removeAttribute('aria-label');
      const grace = t.value === 4 || t.value === 8;
      return h('li', { class: ['throw-row-howto', grace && 'grace'] },
        svg,
        h('span', { class: 'throw-fall' },
          h('span', { text: t.fall }),
          t.name ? h('em', { class: 'throw-name', text: t.name }) : null,
          t.note ? h('span', { class: 'throw-note', text: t.note }) : null),
        h('strong', { class: 'throw-worth', text: String(t.value) }));
    }));
}

/**
 * The guide's sections, in reading order: id, heading, a short name for
 * the contents, illustration, and paragraphs (strings, or a function that
 * builds a node).
 */
const SECTIONS = [
  {
    // R1-R3, C10, R14
    id: 'race',
    title: 'The race',
    short: 'The race',
    art: art.raceArt,
    text: [
      'Each player sits at one side of a square board and has a few pawns: 4 each on the 5×5 board. Your pawns start on your home square, the middle square of your edge, marked with a cross (in some ways to play they first wait beside it).',
      'They run anticlockwise all the way round the outer ring, then step inside and wind round the inner rings to the centre. Everyone follows the same kind of path, starting from their own side.',
      'The first player to bring all their pawns to the centre wins.',
    ],
  },
  {
    // R5, R6
    id: 'throws',
    title: 'Throwing the cowries',
    short: 'Throws',
    art: throwTable,
    wide: true,
    text: [
      'On your turn, throw the four cowrie shells and count how many land mouth up, with the toothed slit showing. One, two or three mouths up are worth 1, 2 or 3; all four up is a 4, and none up is an 8.',
      'Then move one of your pawns forward that many squares along its path. You choose which pawn. A 2 comes up most often; a 4 or an 8 only about once in 16 throws each.',
    ],
  },
  {
    // R5 (graces), R6
    id: 'graces',
    title: 'Graces: a 4 or an 8 throws again',
    short: 'Graces',
    art: art.graceArt,
    text: [
      'A 4 (chowka) or an 8 (bhara) is a grace: you keep it and throw again, until a 1, 2 or 3 comes up.',
      'Each value you hold is used for one move; you can’t split a value in two. Use them in any order, on the same pawn or different ones, and move between throws if you like. Your turn ends when you have no throws left and have used every value.',
    ],
  },
  {
    // R11
    id: 'three-graces',
    title: 'Three graces in a row',
    short: 'Three in a row',
    art: art.threeArt,
    text: [
      'Careful: a third 4 or 8 in a row loses the rest of your turn. The values you still hold and any throws still to come are gone. Moves you already made stay.',
      'A 1, 2 or 3 starts the count again, and a 4 or 8 you have already moved with no longer counts. After two graces in a row you may skip a throw and just move with what you hold.',
      'Chauka Bara has no such limit: throw 4s and 8s as often as they come.',
    ],
  },
  {
    // R10
    id: 'hits',
    title: 'Hitting',
    short: 'Hitting',
    art: art.hitArt,
    text: [
      'If your pawn ends its move where another player’s pawn stands, that pawn is hit: it goes back to its own home square. Safe squares and pairs are the exceptions (see below).',
      'Every hit gives you one more throw. Passing over a pawn does nothing; only landing counts. One pawn is hit per move: if two other players have pawns there, you choose whom to hit.',
    ],
  },
  {
    // R4, R9
    id: 'safe',
    title: 'Safe squares',
    short: 'Safe squares',
    art: art.safeArt,
    text: [
      'Squares with a cross are safe: nobody is ever hit there, and any number of pawns can share them. They are the four home squares and the centre, and on the 7×7 and 9×9 boards some corners of the inner rings.',
      'On the rest of the outer ring you can’t put two of your own pawns on one square. On the inner rings, up to two of your pawns (and a pair) can share a square.',
    ],
  },
  {
    // R8 (gate), O2
    id: 'gate',
    title: 'The gate',
    short: 'The gate',
    art: art.gateArt,
    text: [
      'Your gate is the last square of the outer ring, just left of your home. Until you have hit someone, none of your pawns may go past it: a throw that would carry a pawn beyond the gate can’t be used for that pawn.',
      'Your first hit opens the gate for all your pawns for the rest of the game. So go hunting!',
      'A room can change this: pawns may instead keep circling the outer ring until you hit, or there may be no gate at all.',
    ],
  },
  {
    // R13
    id: 'pairs',
    title: 'Pairs',
    short: 'Pairs',
    art: art.pairArt,
    text: [
      'In Chowka Bhara, two of your pawns that meet on your first square inside the gate can team up. Move them together with an even throw and the pair goes half as far: a 2 moves it 1 square, a 4 moves it 2, an 8 moves it 4. A pair can’t use a 1 or a 3, and it stays together all the way to the centre.',
      'A pair is a wall: other players’ single pawns can’t jump over it. They must first stop exactly on its square, then go on with a later move. Your own pawns pass freely.',
      'A single pawn can’t hit a pair, and a pair doesn’t hit single pawns: they just share the square. Only a pair can hit a pair, and then both its pawns go home. Until you move the two together they are two ordinary pawns, and moving one alone breaks them up.',
    ],
  },
  {
    // R8 (exact finish), R14
    id: 'centre',
    title: 'Reaching the centre',
    short: 'The centre',
    art: art.centreArt,
    text: [
      'A pawn needs the exact number to land on the centre: a throw that would take it past can’t be used for that pawn. A pawn on the centre has finished and never moves again.',
      'The first player with all their pawns on the centre wins. In the rare case that nobody could move at all, the game is a draw.',
    ],
  },
  {
    // R12, O4
    id: 'stuck',
    title: 'When a throw can’t be used',
    short: 'Stuck throws',
    art: art.stuckArt,
    text: [
      'Sometimes you have no throws left but still hold a value that no pawn can use: the gate, a pair, a full square or the centre is in the way.',
      'In Chowka Bhara your whole turn is then undone: every move of it, hits too, goes back, and the next player goes. In Chauka Bara and Ashta Chamma only the values that can’t be used are dropped; your moves stay.',
      'The game warns you before a move that would leave you stuck, so think about the order of your moves.',
    ],
  },
  {
    // R15, C9
    id: 'truces',
    title: 'Truces (3 or 4 players)',
    short: 'Truces',
    art: art.truceArt,
    text: [
      'With 3 or 4 players in Chowka Bhara, the players behind can gang up on a runaway leader. A clear leader is a player whose pawns, counted together, are well ahead of everyone else’s: by at least 8 squares on the 5×5 board, 12 on 7×7 and 16 on 9×9.',
      'On your turn, if you are neither the leader nor already in a truce, you may offer a truce to another player who isn’t either. They can accept until your turn ends. Then you are allies against the leader for three rounds.',
      'A truce is a promise, not a rule: allies can still hit each other. But hitting your ally is a betrayal, shown to everyone, and it ends the truce, unless later in that same turn you also hit the leader. Everyone’s betrayals are on show, and computer players think twice before trusting a betrayer.',
    ],
  },
  {
    // Presets (Options and presets), R7, C10
    id: 'ways',
    title: 'Three ways to play',
    short: 'Ways to play',
    art: art.enterArt,
    text: [
      'When you make a room you pick one of three traditional ways to play:',
      () => h('ul', { class: 'ways' },
        h('li', {}, h('strong', { text: 'Chowka Bhara' }), ': every pawn starts on its home square. Pairs, truces and the three-graces rule; a stuck turn is undone.'),
        h('li', {}, h('strong', { text: 'Chauka Bara' }), ': 4 pawns each, waiting beside the board. Your first pawn needs a 4 or an 8 to come in; after that any throw brings one in. No pairs or truces, no limit on graces; stuck values are dropped.'),
        h('li', {}, h('strong', { text: 'Ashta Chamma' }), ': pawns wait beside the board. A 4 brings in one or two, an 8 up to four. Three graces in a row lose the turn; no pairs or truces; stuck values are dropped.')),
      'Bringing pawns in uses up the whole throw: they stop on your home square. A pawn that is hit goes back to its home square, not beside the board. The host can also change single rules, and every room shows the rules it plays.',
    ],
  },
];

/** Where the guide explains each rule of the rule book, by rule id. */
const SECTION_OF_RULE = {
  R1: 'race', R2: 'race', R3: 'race', R4: 'safe', R5: 'throws', R6: 'graces', R7: 'ways', R8: 'gate',
  R9: 'safe', R10: 'hits', R11: 'three-graces', R12: 'stuck', R13: 'pairs', R14: 'centre', R15: 'truces',
  // Clarifications go with the rule they clarify; C10 is about pawns each.
  C1: 'gate', C2: 'safe', C3: 'hits', C4: 'three-graces', C5: 'stuck', C6: 'pairs', C7: 'ways', C8: 'centre', C9: 'truces', C10: 'race',
};

function paragraphs(sec) {
  return sec.text.map((p) => (typeof p === 'function' ? p() : h('p', { text: p })));
}

function section(sec) {
  const id = `howto-${sec.id}`;
  return h('section', { class: ['howto-step', 'card', sec.wide && 'wide'], id, 'aria-labelledby': `${id}-title`, tabindex: '-1' },
    h('h2', { id: `${id}-title`, text: sec.title }),
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
  return sec ? { id: `howto-${sec.id}`, title: sec.title, art: sec.art(), text: paragraphs(sec) } : null;
}

/**
 * The guide, rendered into `container`; scrolls to the section `anchor`
 * ("howto-gate") when given.
 */
export function howtoView(container, anchor) {
  container.replaceChildren(
    h('article', { class: 'howto' },
      h('header', { class: 'howto-head' },
        h('h1', { text: 'How to play' }),
        h('p', { class: 'lead', text: 'Chowka Bhara is a race game from India, played with four cowrie shells instead of dice. Two to four players race their pawns round a square board to the centre, and knock each other back on the way. Here is all you need for your first game.' }),
        h('nav', { class: 'howto-toc', 'aria-label': 'In this guide' },
          h('ol', {}, SECTIONS.map((sec) => h('li', {}, h('a', { href: `#howto-${sec.id}`, text: sec.short })))))),
      SECTIONS.map(section),
      h('footer', { class: 'howto-foot' },
        h('a', { href: '/', class: 'btn primary big', text: 'Start a game' }),
        h('a', { href: '/#rules', class: 'btn ghost', text: 'Full rules (reference)' }))));
  scrollToSection(anchor);
}

/** Scrolls the guide to a section (a link from the contents, or from elsewhere). */
export function scrollToSection(anchor) {
  const target = anchor && document.getElementById(anchor);
  if (!target?.classList.contains('howto-step')) return;
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}
