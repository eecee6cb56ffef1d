// A circle's members and its invite link, on the circle's page: who is in
// it and who is here now (a page of the site open), the link with its QR
// code to bring someone in (copied or shared), and what an admin can do:
// make a new link (the old one stops working at once), turn the link off,
// make a member an admin, remove a member. Everyone can leave. Each change
// that cannot be undone is asked first (ask.js); the page shows its result
// when the circle comes back over the socket.

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import * as api from './api.js';
import { ask } from './ask.js';
import { notice, showError } from './announce.js';
import { qrSvg } from './devices.js';

/** The invite link of circle `id` with token `token`. */
export function inviteLink(id, token) {
  return `${location.origin}/c/${id}#invite=${token}`;
}

/** The QR codes drawn so far, by link: a redraw of the page reuses its picture. */
const qrCodes = new Map();

/** The QR code of `url`, drawn once. */
function qrFor(url) {
  if (!qrCodes.has(url)) {
    const box = h('div', { class: 'qr-box' }, h('p', { class: 'hint', text: t('devices.drawing') }));
    qrSvg(url, t('circle.invite.qrLabel')).then((svg) => box.replaceChildren(svg), () => {
      box.replaceChildren(h('p', { class: 'hint', text: t('devices.noQr') }));
    });
    qrCodes.set(url, box);
  }
  return qrCodes.get(url);
}

/**
 * Runs `action` (a request): its answer (true for one with no body), or
 * false when refused, the server's reason said.
 */
async function attempt(action) {
  try {
    return (await action()) ?? true;
  } catch (err) {
    showError(err.message);
    return false;
  }
}

/**
 * The invite section: the link with Copy (and Share where the browser has
 * it), its QR code, and an admin's New link / Turn off the link.
 * @param {object} c the circle
 * @param {(circle: object) => void} shown draws a circle an admin's change returned
 */
export function inviteSection(c, shown) {
  const rows = [];
  if (c.invite) {
    const url = inviteLink(c.id, c.invite);
    const input = h('input', { id: 'circle-invite-link', type: 'text', readonly: true, class: 'share-input', value: url });
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(url);
        notice(t('circle.invite.copied'));
      } catch {
        input.select();
        notice(t('lobby.copyByHand'));
      }
    };
    const share = () => navigator.share({ title: c.name, text: t('circle.invite.shareText', { name: c.name }), url }).catch(() => {});
    rows.push(
      h('p', { class: 'hint', text: t('circle.invite.hint') }),
      h('label', { for: 'circle-invite-link', text: t('circle.invite.link') }),
      h('div', { class: 'share-row' }, input,
        h('button', { type: 'button', class: 'btn', id: 'circle-copy', onclick: copy }, t('devices.copy')),
        navigator.share && h('button', { type: 'button', class: 'btn', id: 'circle-share', onclick: share }, t('circle.invite.share'))),
      qrFor(url));
  } else {
    rows.push(h('p', { class: 'circle-link-off', text: t(c.admin ? 'circle.invite.offAdmin' : 'circle.invite.off') }));
  }
  if (c.admin) {
    const renew = async () => {
      if (c.invite && !(await ask({
        name: 'circle-renew-dialog',
        heading: t('circle.invite.renewTitle'),
        body: [h('p', { text: t('circle.invite.renewText') })],
        yes: { id: 'circle-renew-yes', text: t('circle.invite.renew') },
        no: { id: 'circle-renew-no', text: t('game.cancel') },
      }))) return;
      const next = await attempt(() => api.renewInvite(c.id));
      if (next) shown(next);
    };
    const revoke = async () => {
      const next = await attempt(() => api.revokeInvite(c.id));
      if (next) shown(next);
    };
    rows.push(h('div', { class: 'circle-admin-row' },
      h('button', { type: 'button', class: 'btn', id: 'circle-renew', onclick: renew }, t(c.invite ? 'circle.invite.renew' : 'circle.invite.make')),
      c.invite && h('button', { type: 'button', class: 'btn ghost', id: 'circle-revoke', onclick: revoke }, t('circle.invite.revoke'))));
  }
  return h('section', { class: 'card circle-invite-card', 'aria-labelledby': 'circle-invite-title' },
    h('h2', { id: 'circle-invite-title', text: t('circle.invite.title') }),
    rows);
}

/**
 * A member's line: presence, name, badges, and an admin's buttons;
 * `changed(circle)` after a change (no circle: after a removal).
 */
function memberItem(c, m, iAmCreator, changed) {
  const remove = async () => {
    if (!(await ask({
      name: 'circle-remove-dialog',
      heading: t('circle.members.removeTitle', { name: m.name }),
      body: [h('p', { text: t('circle.members.removeText', { name: m.name }) })],
      yes: { id: 'circle-remove-yes', text: t('circle.members.remove'), danger: true },
      no: { id: 'circle-remove-no', text: t('game.cancel') },
    }))) return;
    if (await attempt(() => api.removeCircleMember(c.id, m.member))) changed();
  };
  const makeAdmin = async (admin) => {
    if (!(await ask({
      name: 'circle-admin-dialog',
      heading: t(admin ? 'circle.members.makeAdminTitle' : 'circle.members.unadminTitle', { name: m.name }),
      body: [h('p', { text: t(admin ? 'circle.members.makeAdminText' : 'circle.members.unadminText', { name: m.name }) })],
      yes: { id: 'circle-admin-yes', text: t(admin ? 'circle.members.makeAdmin' : 'circle.members.unadmin') },
      no: { id: 'circle-admin-no', text: t('game.cancel') },
    }))) return;
    const next = await attempt(() => api.setCircleAdmin(c.id, m.member, admin));
    if (next) changed(next);
  };
  const badges = [
    m.me && t('players.you'),
    m.creator ? t('circle.members.creator') : m.admin && t('circle.members.admin'),
  ].filter(Boolean);
  const actions = c.admin && !m.me && [
    !m.admin && h('button', { type: 'button', class: 'btn small', id: `member-${m.member}-admin`, 'data-action': 'admin', onclick: () => makeAdmin(true) }, t('circle.members.makeAdmin')),
    m.admin && !m.creator && iAmCreator && h('button', { type: 'button', class: 'btn small ghost', id: `member-${m.member}-unadmin`, 'data-action': 'unadmin', onclick: () => makeAdmin(false) }, t('circle.members.unadmin')),
    !m.creator && h('button', { type: 'button', class: 'btn small ghost danger-text', id: `member-${m.member}-remove`, 'data-action': 'remove', onclick: remove }, t('circle.members.remove')),
  ].filter(Boolean);
  return h('li', { class: ['circle-member', m.here && 'here'], 'data-member': m.member },
    h('span', { class: 'presence-dot', 'aria-hidden': 'true' }),
    h('span', { class: 'member-who' },
      h('span', { class: 'member-name', text: m.name }),
      badges.length ? h('span', { class: 'member-badges', text: badges.join(' · ') }) : null,
      h('span', { class: 'member-presence', text: m.here ? t('circle.members.here') : t('circle.members.away') })),
    actions?.length ? h('span', { class: 'member-actions' }, actions) : null);
}

/**
 * The members section: every member, who is here now, an admin's buttons,
 * and "Leave circle" for the player.
 * @param {object} c the circle
 * @param {{shown: (circle: object) => void, refresh: () => void, left: () => void}} on
 *   `shown` draws a circle a change returned, `refresh` asks for it again
 *   (after a removal, whose answer has no circle), `left` once the player left
 */
export function membersSection(c, on) {
  const iAmCreator = c.members.some((m) => m.me && m.creator);
  const here = c.members.filter((m) => m.here).length;
  const leave = async () => {
    if (!(await ask({
      name: 'circle-leave-dialog',
      heading: t('circle.leave.title', { name: c.name }),
      body: [h('p', { text: t('circle.leave.text') })],
      yes: { id: 'circle-leave-yes', text: t('circle.leave.button'), danger: true },
      no: { id: 'circle-leave-no', text: t('game.cancel') },
    }))) return;
    if (await attempt(() => api.removeCircleMember(c.id, c.me))) on.left();
  };
  const list = h('ul', { class: 'circle-members' });
  fill(list, c.members.map((m) => memberItem(c, m, iAmCreator, (next) => (next ? on.shown(next) : on.refresh()))));
  return h('section', { class: 'card circle-members-card', 'aria-labelledby': 'circle-members-title' },
    h('h2', { id: 'circle-members-title' }, t('circle.members.title'), ' ',
      h('span', { class: 'count', text: t('circle.members.count', { n: c.members.length, here }) })),
    list,
    h('div', { class: 'circle-admin-row' },
      h('button', { type: 'button', class: 'btn ghost', id: 'circle-leave', onclick: leave }, t('circle.leave.button'))));
}
