// A circle's standings on its page: games played and won by each member,
// over all time or in one preset (a choice above the table), and the
// head-to-head between any two members: "Asha 12 – 9 Ravi, 21 games
// together". The server counts them from the archived records of the
// circle's finished games (docs/protocol.md, "Circles"); this only shows
// them. The choices made here survive the page's redraws (`state`).

import { h } from './dom.js';
import { t, formatNumber } from './i18n.js';
import { presets } from './names.js';

/** A member's name by member id (a former member, no longer listed: "?"). */
function nameIn(c, member) {
  return c.members.find((m) => m.member === member)?.name ?? '?';
}

/** The table of played and won, over all games or one preset's (`which`: '' or a preset id). */
function table(c, which) {
  const rows = (c.standings?.members ?? []).map((s) => {
    const n = which ? s.presets?.[which] ?? { played: 0, won: 0 } : s;
    return { member: s.member, played: n.played, won: n.won };
  });
  // Most wins first, then fewest games for them; the server's order otherwise.
  rows.sort((a, b) => b.won - a.won || a.played - b.played);
  return h('table', { class: 'circle-standings' },
    h('caption', { class: 'visually-hidden', text: t('circle.standings.caption') }),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col', text: t('circle.standings.member') }),
      h('th', { scope: 'col', class: 'num', text: t('circle.standings.played') }),
      h('th', { scope: 'col', class: 'num', text: t('circle.standings.won') }))),
    h('tbody', {}, rows.map((r) => h('tr', { class: r.member === c.me ? 'me' : undefined, 'data-member': r.member },
      h('th', { scope: 'row', text: nameIn(c, r.member) }),
      h('td', { class: 'num', 'data-stat': 'played', text: formatNumber(r.played) }),
      h('td', { class: 'num', 'data-stat': 'won', text: formatNumber(r.won) })))));
}

/** The head-to-head sentence for members `a` and `b`. */
function versusText(c, a, b) {
  if (!a || !b || a === b) return t('circle.versus.pick');
  const v = (c.standings?.versus ?? []).find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
  if (!v || !v.played) return t('circle.versus.never', { a: nameIn(c, a), b: nameIn(c, b) });
  const [aWon, bWon] = v.a === a ? [v.a_won, v.b_won] : [v.b_won, v.a_won];
  return t('circle.versus.score', { a: nameIn(c, a), b: nameIn(c, b), aWon, bWon, n: v.played });
}

/**
 * The standings section. `state` keeps the choices across redraws:
 * `{preset, a, b}` (the preset shown, '' for all; the two members compared).
 * @param {object} c the circle
 * @param {{preset: string, a: string|null, b: string|null}} state
 */
export function standingsSection(c, state) {
  const ids = c.members.map((m) => m.member);
  // Two members to compare from the start: the player and the first other.
  if (!ids.includes(state.a)) state.a = ids.includes(c.me) ? c.me : ids[0] ?? null;
  if (!ids.includes(state.b) || state.b === state.a) state.b = ids.find((m) => m !== state.a) ?? null;
  const holder = h('div', { class: 'circle-table-wrap' }, table(c, state.preset));
  const which = h('select', { id: 'circle-standings-preset' },
    h('option', { value: '', text: t('circle.standings.all'), selected: !state.preset }),
    presets().map((p) => h('option', { value: p.id, text: p.name, selected: state.preset === p.id })));
  which.addEventListener('change', () => {
    state.preset = which.value;
    holder.replaceChildren(table(c, state.preset));
  });
  const said = h('p', { class: 'circle-versus-text', id: 'circle-versus-text', 'aria-live': 'polite', text: versusText(c, state.a, state.b) });
  const pick = (id, key, label) => {
    const sel = h('select', { id }, c.members.map((m) => h('option', { value: m.member, text: m.name, selected: state[key] === m.member })));
    sel.addEventListener('change', () => {
      state[key] = sel.value;
      said.textContent = versusText(c, state.a, state.b);
    });
    return h('div', { class: 'field' }, h('label', { for: id, text: label }), sel);
  };
  return h('section', { class: 'card circle-standings-card', 'aria-labelledby': 'circle-standings-title' },
    h('h2', { id: 'circle-standings-title', text: t('circle.standings.title') }),
    h('div', { class: 'field' }, h('label', { for: 'circle-standings-preset', text: t('circle.standings.which') }), which),
    holder,
    h('h3', { id: 'circle-versus-title', text: t('circle.versus.title') }),
    c.members.length < 2
      ? h('p', { class: 'hint', text: t('circle.versus.alone') })
      : [h('div', { class: 'row-2 circle-versus-pick' }, pick('circle-versus-a', 'a', t('circle.versus.first')), pick('circle-versus-b', 'b', t('circle.versus.second'))), said]);
}
