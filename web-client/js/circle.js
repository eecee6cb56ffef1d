// A circle's page (/c/ID): a family's standing table (docs/protocol.md,
// "Circles"). For a member: the circle's name, its members and who is here
// now, its invite link with the QR code, its games (in play, lobbies,
// finished with their replays), "New game", and the standings with the
// head-to-head of any two members; kept live over the circle's socket
// (circle-socket.js), each new circle redrawn in place, the focus and the
// choices kept. A member removed while looking is told so, and the page
// shows nothing of the circle from then on. For anyone else: the invite
// link's "Join" (circle-join.js), or a page that says the circle is
// private.

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import * as api from './api.js';
import { takeInviteFromLink, privatePage, joinPage } from './circle-join.js';
import { followCircle } from './circle-socket.js';
import { membersSection, inviteSection } from './circle-members.js';
import { gamesSection } from './circle-games.js';
import { standingsSection } from './circle-standings.js';
import { newGameDialog } from './circle-new-game.js';
import { ruleLinksOpenDialogs } from './rule-link.js';

/** How often the clocks of games over days are written again: they are shown to the minute. */
const TICK_MS = 30000;

/** The page of a member no longer in the circle: nothing of it is left. */
function removedPage(container) {
  document.title = t('title.circlePage', { game: t('site.gameName') });
  fill(container,
    h('section', { class: 'circle-page circle-closed', 'aria-labelledby': 'circle-heading' },
      h('h1', { id: 'circle-heading', text: t('circle.removed.title') }),
      h('p', { class: 'lead', role: 'alert', text: t('circle.removed.text') }),
      h('p', {}, h('a', { class: 'btn', href: '/#my-games', text: t('circle.toMyGames') }))));
}

/**
 * Draws circle `c` into `container` again, keeping what the player was
 * doing: the focused control (by id) and the standings' choices.
 */
function draw(view, c) {
  const focused = document.activeElement?.id;
  document.title = t('title.circle', { name: c.name, game: t('site.gameName') });
  const newGame = h('button', { type: 'button', class: 'btn primary', id: 'circle-new-game', onclick: () => newGameDialog(c, view.navigate) }, t('circle.newGame.button'));
  const on = {
    shown: (next) => view.show(next),
    refresh: () => view.reload(),
    left: () => view.navigate('/#my-games'),
  };
  fill(view.container,
    h('section', { class: 'circle-page', 'aria-labelledby': 'circle-heading', 'data-circle': c.id },
      h('p', { class: 'circle-kicker', text: t('circle.kicker') }),
      h('h1', { id: 'circle-heading', text: c.name }),
      h('div', { class: 'circle-grid' },
        h('div', { class: 'circle-main' },
          gamesSection(c, newGame),
          standingsSection(c, view.standings)),
        h('div', { class: 'circle-side' },
          membersSection(c, on),
          inviteSection(c, on.shown)))));
  if (focused) document.getElementById(focused)?.focus({ preventScroll: true });
}

/**
 * The circle page for circle `rawId` into `container`; returns the function
 * that stops following it (the page's cleanup).
 * @param {HTMLElement} container
 * @param {string} rawId the id in the address
 * @param {(path: string) => void} navigate
 */
export function circleView(container, rawId, navigate) {
  const id = rawId.toUpperCase().replace(/[^0-9A-Z]/g, '');
  const token = takeInviteFromLink();
  let socket = null;
  let stopped = false;
  let last = '';
  let timer = null;
  const view = {
    container,
    navigate,
    current: null,
    /** The standings' choices: the preset shown and the two members compared. */
    standings: { preset: '', a: null, b: null },
    show(c) {
      if (stopped) return;
      // The socket sends the whole circle again for any change: an equal one changes nothing.
      const said = JSON.stringify(c);
      if (said === last) return;
      last = said;
      view.current = c;
      draw(view, c);
      container.dataset.drawn = String(Date.now());
    },
    async reload() {
      try {
        view.show(await api.circle(id));
      } catch (err) {
        if (err.code === 'no_circle') gone();
      }
    },
  };
  /** The player is not (or no longer) a member: nothing of the circle stays. */
  function gone() {
    stop();
    removedPage(container);
  }
  function stop() {
    stopped = true;
    socket?.close();
    socket = null;
    clearInterval(timer);
  }

  fill(container, h('section', { class: 'circle-page', 'aria-busy': 'true' },
    h('h1', { id: 'circle-heading', class: 'visually-hidden', text: t('circle.kicker') }),
    h('p', { class: 'loading', text: t('circle.loading') })));
  ruleLinksOpenDialogs(container);

  /** Follows the circle live, from `c` (just read) on. */
  function follow(c) {
    if (stopped) return;
    view.show(c);
    socket = followCircle(id, {
      onCircle: (next) => view.show(next),
      onRemoved: gone,
      onRefused: gone,
    });
    // The clocks of games over days move on between the circle's changes
    // (a page with none is left alone: a redraw would close an open picker).
    timer = setInterval(() => {
      const clocks = view.current?.games?.playing?.some((g) => g.due_at);
      if (clocks && !stopped && document.visibilityState === 'visible') draw(view, view.current);
    }, TICK_MS);
  }

  (async () => {
    let c = null;
    try {
      c = await api.circle(id);
    } catch (err) {
      if (stopped) return;
      if (err.code !== 'no_circle') {
        fill(container, h('section', { class: 'circle-page' },
          h('h1', { id: 'circle-heading', text: t('circle.kicker') }),
          h('p', { class: 'error-text card', text: err.message })));
        return;
      }
    }
    if (stopped) return;
    if (c) return follow(c);
    // Not a member: only a working invite link shows the circle's name.
    if (!token) return privatePage(container, false);
    let invite;
    let me;
    try {
      [invite, me] = await Promise.all([api.invite(token), api.me().catch(() => null)]);
    } catch {
      if (!stopped) privatePage(container, true);
      return;
    }
    if (stopped) return;
    await joinPage(container, token, invite, me?.name ?? null);
    if (stopped) return;
    // A link of another circle pasted under this one's address: its own page.
    if (invite.circle && invite.circle !== id) return navigate(`/c/${invite.circle}`);
    try {
      follow(await api.circle(id));
    } catch {
      if (!stopped) privatePage(container, false);
    }
  })();
  return stop;
}
