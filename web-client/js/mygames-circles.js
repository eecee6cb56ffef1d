// The circles on the "All my games" page: the invitations to games of the
// player's circles where they hold no seat yet ("Asha invites you to a
// game in Rao family", one tap to its room), and "My circles", each one tap
// to its page, with the form that makes a new one (a name for the circle,
// and one for the player if the site does not know theirs yet).

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import * as api from './api.js';
import { presets } from './names.js';
import { ago } from './times.js';
import { savedName, saveName } from './storage.js';

/** The invitations section (none: nothing). */
export function invitationsSection(invitations, now) {
  if (!invitations?.length) return null;
  return h('section', { class: 'card mygames-section mygames-invitations', id: 'mygames-invitations', 'aria-labelledby': 'mygames-invitations-title' },
    h('h2', { id: 'mygames-invitations-title' }, t('mygames.section.invitations'), ' ', h('span', { class: 'count', text: `(${invitations.length})` })),
    h('ul', { class: 'mygames-list' }, invitations.map((inv) => {
      const preset = presets().find((p) => p.id === inv.preset);
      const meta = [preset?.name, inv.board && t('home.boardSize', { size: inv.board }), inv.pace === 'days' && t('pace.days'), inv.created_at && ago(inv.created_at, now)];
      return h('li', { class: 'mygame stacked invitation', 'data-code': inv.code },
        h('strong', { class: 'mygame-status', text: t('mygames.invitation', { by: inv.by || t('mygames.someone'), circle: inv.circle?.name ?? '' }) }),
        h('span', { class: 'mygame-meta', text: meta.filter(Boolean).join(' · ') }),
        h('div', { class: 'mygame-actions' },
          h('a', { class: 'btn small primary invitation-join', href: `/r/${inv.code}` }, t('circle.games.join')),
          inv.circle?.id && h('a', { class: 'btn small ghost', href: `/c/${inv.circle.id}` }, t('mygames.circles.open'))));
    })));
}

/** The list of the player's circles. */
function circleList(circles) {
  if (!circles.length) return h('p', { class: 'empty', text: t('mygames.circles.none') });
  return h('ul', { class: 'circle-list' }, circles.map((c) =>
    h('li', {},
      h('a', { class: 'circle-link', href: `/c/${c.id}`, 'data-circle': c.id },
        h('span', { class: 'circle-link-name', text: c.name }),
        h('span', { class: 'mygame-meta', text: t('mygames.circles.members', { n: c.members }) })))));
}

/**
 * "My circles": the player's circles and the form for a new one. Returns
 * `{el, refresh()}`: `refresh` asks for the list again (the form is left
 * as it is, so nothing typed is lost).
 * @param {(path: string) => void} [navigate] goes to the new circle's page
 */
export function circlesSection(navigate) {
  const list = h('div', { class: 'circle-list-box' }, h('p', { class: 'loading', text: t('mygames.loading') }));
  const circleName = h('input', { id: 'circle-new-name', type: 'text', required: true, maxlength: 40, placeholder: t('mygames.circles.namePlaceholder') });
  const playerName = h('input', { id: 'circle-new-player', type: 'text', maxlength: 24, autocomplete: 'nickname', placeholder: t('home.namePlaceholder'), value: savedName() });
  const playerRow = h('div', { class: 'field', hidden: true }, h('label', { for: 'circle-new-player', text: t('home.yourName') }), playerName);
  const status = h('p', { class: 'form-status', role: 'status' });
  const submit = h('button', { type: 'submit', class: 'btn primary', id: 'circle-new-create' }, t('mygames.circles.create'));
  const form = h('form', { class: 'circle-new-form', 'aria-labelledby': 'circle-new-title' },
    h('h3', { id: 'circle-new-title', text: t('mygames.circles.new') }),
    h('p', { class: 'hint', text: t('mygames.circles.what') }),
    h('div', { class: 'field' }, h('label', { for: 'circle-new-name', text: t('mygames.circles.name') }), circleName),
    playerRow, submit, status);
  let known = null;
  // The player's own name, if the site knows it: else asked here.
  api.me().then((me) => {
    known = me?.name ?? null;
    playerRow.hidden = Boolean(known);
  }, () => {
    playerRow.hidden = false;
  });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const name = circleName.value.trim();
    const who = playerName.value.trim();
    if (!name) {
      status.textContent = t('mygames.circles.enterName');
      circleName.focus();
      return;
    }
    if (!known && !who) {
      playerRow.hidden = false;
      status.textContent = t('home.enterName');
      playerName.focus();
      return;
    }
    if (!known) saveName(who);
    submit.disabled = true;
    status.textContent = t('mygames.circles.creating');
    try {
      const c = await api.createCircle(name, known ? undefined : who);
      const path = `/c/${c.id}`;
      if (navigate) navigate(path);
      else location.assign(path);
    } catch (err) {
      status.textContent = err.message;
      submit.disabled = false;
    }
  });
  let shown = '';
  async function refresh() {
    try {
      const { circles } = await api.myCircles();
      const said = JSON.stringify(circles);
      if (said === shown) return;
      shown = said;
      fill(list, circleList(circles));
    } catch (err) {
      if (!shown) fill(list, h('p', { class: 'error-text', text: err.message }));
    }
  }
  refresh();
  return {
    el: h('section', { class: 'card mygames-circles', id: 'mygames-circles', 'aria-labelledby': 'mygames-circles-title' },
      h('h2', { id: 'mygames-circles-title', text: t('mygames.circles.title') }),
      list, form),
    refresh,
  };
}
