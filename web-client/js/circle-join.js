// Coming to a circle from outside it: its invite link (/c/ID#invite=TOKEN)
// and the page of one who is not a member. The token travels in the URL
// fragment only, so it reaches no server log, and leaves the address bar at
// once (as a player link does, identity.js), so it is not shared onward by
// accident. A person who is not a member sees the circle's name only
// through a working link, with one "Join" button (and a name field if the
// site does not know their name yet); without one, a plain page that says
// the circle is private, and nothing of it.

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import * as api from './api.js';
import { savedName, saveName } from './storage.js';

const FRAGMENT = /^#invite=([0-9a-f]{16,64})$/i;

/**
 * The invite token in this page's address, or null. Whatever the fragment
 * held is removed from the address bar and from this history entry.
 */
export function takeInviteFromLink() {
  if (!location.hash.startsWith('#invite=')) return null;
  const m = FRAGMENT.exec(location.hash);
  history.replaceState(history.state, '', location.pathname + location.search);
  return m ? m[1].toLowerCase() : null;
}

/** The page of a circle one cannot see: private, or the link no longer works. */
export function privatePage(container, linkUsed) {
  document.title = t('title.circlePage', { game: t('site.gameName') });
  fill(container,
    h('section', { class: 'circle-page circle-closed', 'aria-labelledby': 'circle-heading' },
      h('h1', { id: 'circle-heading', text: t(linkUsed ? 'circle.linkDead.title' : 'circle.private.title') }),
      h('p', { class: 'lead', text: t(linkUsed ? 'circle.linkDead.text' : 'circle.private.text') }),
      h('p', {}, h('a', { class: 'btn', href: '/', text: t('circle.toHome') }))));
}

/**
 * The invitation into circle `invite` ({circle, name, members}): its name
 * and a "Join" button, with a name field if the player has no name yet.
 * Resolves once the player joined.
 * @param {HTMLElement} container
 * @param {string} token
 * @param {{circle: string, name: string, members: number}} invite
 * @param {string|null} myName the player's name, or null
 */
export function joinPage(container, token, invite, myName) {
  return new Promise((resolve) => {
    document.title = t('title.circle', { name: invite.name, game: t('site.gameName') });
    const status = h('p', { class: 'form-status', role: 'status' });
    const name = myName ? null : h('input', {
      id: 'circle-join-name', type: 'text', required: true, maxlength: 24, autocomplete: 'nickname',
      placeholder: t('home.namePlaceholder'), value: savedName(),
    });
    const submit = h('button', { type: 'submit', class: 'btn primary big', id: 'circle-join' }, t('circle.join.button'));
    const form = h('form', { class: 'card circle-join-form' },
      name && h('div', { class: 'field' }, h('label', { for: 'circle-join-name', text: t('home.yourName') }), name),
      submit, status);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const typed = name?.value.trim() ?? '';
      if (name && !typed) {
        status.textContent = t('home.enterName');
        name.focus();
        return;
      }
      if (typed) saveName(typed);
      submit.disabled = true;
      status.textContent = t('circle.join.joining');
      try {
        await api.acceptInvite(token, typed || undefined);
        resolve();
      } catch (err) {
        status.textContent = err.message;
        submit.disabled = false;
      }
    });
    fill(container,
      h('section', { class: 'circle-page circle-invite', 'aria-labelledby': 'circle-heading' },
        h('p', { class: 'circle-kicker', text: t('circle.join.kicker') }),
        h('h1', { id: 'circle-heading', text: invite.name }),
        h('p', { class: 'lead', text: t('circle.join.members', { n: invite.members }) }),
        h('p', { text: t('circle.join.what') }),
        form));
  });
}
