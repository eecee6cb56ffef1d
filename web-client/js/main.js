// Entry point: routes on location.pathname (the server serves index.html
// for / and /r/CODE) and on the hash for the two pages about the game: the
// guide (/#how-to-play, a section: /#howto-gate) and the rules reference
// (/#rules, one rule: /#rule-R7), so links to either work from anywhere;
// for all the player's games (/#my-games) and the player themselves
// (/#me); and, on a room's address, for its replay (/r/CODE#replay, one
// move: /r/CODE#move=57); and a circle's page (/c/ID, its invite link
// /c/ID#invite=TOKEN, taken by circle-join.js). A "use on another device"
// link (#player=..., on any page) is taken by identity.js before anything
// is drawn.

// Only what every page needs is imported here: the frame. Each page's
// module loads when the address first asks for it (the server preloads the
// first page's with these, server/src/web/page.rs), and all of them in the
// background once the first page is usable, so a later tap is instant
// (docs/performance.md, "Web client speed").
import { startIdentity } from './identity.js';
import { muteButton } from './sound.js';
import { h } from './dom.js';
import { t, startLanguage } from './i18n.js';
import { languageSelect } from './language.js';
import { largeText, applyLargeText } from './storage.js';
import { startApp } from './install.js';
import { showError } from './announce.js';
import { installTextModeSwitch, textMode, textModeReady } from './text-mode.js';

/** The pages loaded on demand, by the module that draws each. */
const pages = {
  home: () => import('./home.js'),
  room: () => import('./room.js'),
  replay: () => import('./replay.js'),
  rules: () => import('./rules-page.js'),
  howto: () => import('./howto.js'),
  mygames: () => import('./mygames.js'),
  me: () => import('./me.js'),
  circle: () => import('./circle.js'),
};
/** The turn nudges of the player's other games (nudge.js), once loaded. */
let nudges = null;

const app = document.getElementById('app');
let cleanup = null;
let current = '';
/** The replay shown, told which move to show when the hash changes by hand. */
let replay = null;

function navigate(path) {
  history.pushState(null, '', path);
  route();
}

function siteHeader(page) {
  const link = (href, text, key) => h('a', { href, text, class: `nav-${key}`, 'aria-current': page === key ? 'page' : undefined });
  return h('header', { class: 'site-bar' },
    h('a', { href: '/', class: 'home-link', 'aria-label': t('site.homeLink') }, h('span', { class: 'logo', 'aria-hidden': 'true' }, '✦'), h('span', { class: 'home-text', text: t('site.brand') })),
    h('nav', { 'aria-label': t('site.nav') }, link('/#how-to-play', t('site.howto'), 'howto'), link('/#rules', t('site.rules'), 'rules'), link('/#my-games', t('mygames.nav'), 'mygames'), link('/#me', t('me.nav'), 'me')),
    languageSelect(),
    muteButton());
}

/** Which page a hash names: the guide, the rules, my games, me, or none (the home page). */
function hashPage(hash) {
  if (hash === 'how-to-play' || hash.startsWith('howto-')) return 'howto';
  if (hash === 'rules' || hash.startsWith('rule-')) return 'rules';
  if (hash === 'my-games') return 'mygames';
  if (hash === 'me') return 'me';
  return null;
}

/** The move a room page's hash names (`move=57`), or null (`replay`: the start). */
function moveOfHash(hash) {
  const m = /^move=(\d+)$/.exec(hash);
  return m ? Number(m[1]) : null;
}

/** Whether a room page's hash asks for the replay rather than the room. */
function isReplayHash(hash) {
  return hash === 'replay' || moveOfHash(hash) !== null;
}

async function route() {
  await drawPage();
  // The nudges' count leaves out the room now shown (nudge.js).
  nudges?.pageChanged();
}

/** Draws the page the address names (unless it is already shown). */
async function drawPage() {
  const path = location.pathname;
  const hash = location.hash.slice(1);
  const room = /^\/r\/([^/]+)\/?$/.exec(path);
  const circle = room ? null : /^\/c\/([^/]+)\/?$/.exec(path);
  const page = room ? (isReplayHash(hash) ? 'replay' : 'room') : circle ? 'circle' : hashPage(hash);
  // Any other hash is an in-page anchor (the skip link's #app): stay put.
  if (!room && !page && hash && current && document.getElementById(hash)) return;
  const key = room ? `${page}:${room[1]}` : circle ? `circle:${circle[1]}` : page === 'rules' ? `rules:${hash}` : page || 'home';
  if (key === current) {
    // A link from the guide's contents to one of its sections.
    if (page === 'howto') (await pages.howto()).scrollToSection(hash);
    // A move typed into the address bar.
    if (page === 'replay') replay?.show(moveOfHash(hash));
    return;
  }
  cleanup?.();
  cleanup = null;
  replay = null;
  current = key;
  // The page's module (at once once loaded); an address changed meanwhile
  // draws its own page instead. One that cannot load (the network went
  // away) says so, and the next route tries again.
  let view = null;
  try {
    view = await pages[page || (room ? 'room' : 'home')]();
  } catch {
    if (current === key) current = '';
    showError(t('error.network'));
    return;
  }
  if (current !== key) return;
  window.scrollTo(0, 0);
  if (page === 'replay') {
    app.className = 'page-replay';
    const main = h('div', { class: 'page' });
    app.replaceChildren(siteHeader(null), main);
    replay = view.replayView(main, decodeURIComponent(room[1]).toUpperCase().replace(/[^0-9A-Z]/g, ''), moveOfHash(hash));
    cleanup = replay.close;
    return;
  }
  if (room) {
    app.className = 'page-room';
    // In text mode the game is a page of text (text-game.js), loaded only then.
    let textScreen = null;
    if (textMode()) {
      try {
        textScreen = (await import('./text-game.js')).TextGame;
      } catch {
        if (current === key) current = '';
        showError(t('error.network'));
        return;
      }
      if (current !== key) return;
    }
    cleanup = view.roomView(app, decodeURIComponent(room[1]), navigate, textScreen);
    return;
  }
  app.className = `page-${page || 'home'}`;
  const main = h('div', { class: 'page' });
  app.replaceChildren(siteHeader(page), main);
  const game = t('site.gameName');
  if (page === 'rules') {
    document.title = t('title.rules', { game });
    view.rulesView(main, hash === 'rules' ? null : hash);
  } else if (page === 'howto') {
    document.title = t('title.howto', { game });
    view.howtoView(main, hash === 'how-to-play' ? null : hash);
  } else if (page === 'mygames') {
    document.title = t('title.myGames', { game });
    cleanup = view.myGamesView(main, navigate);
  } else if (page === 'circle') {
    document.title = t('title.circlePage', { game });
    cleanup = view.circleView(main, decodeURIComponent(circle[1]), navigate);
  } else if (page === 'me') {
    document.title = t('title.me', { game });
    view.meView(main, navigate);
  } else {
    document.title = t('title.home', { game });
    cleanup = view.homeView(main, navigate);
  }
}

// The text size before anything is drawn, so no page jumps.
applyLargeText(largeText());
// The catalog comes first: every view reads its words while drawing; then
// who the player is (a link's identity is adopted before any page asks).
await startLanguage();
await Promise.all([textModeReady(), startIdentity()]);
// The text mode's switch, first in every page: the page is drawn again in
// the mode chosen.
installTextModeSwitch(() => {
  current = '';
  return route();
});
// The installable app: its manifest, its service worker, its install offer.
startApp();
window.addEventListener('popstate', route);
window.addEventListener('hashchange', async () => {
  // A player link pasted into this tab's address bar.
  if (location.hash.startsWith('#player=')) {
    await startIdentity();
    current = '';
  }
  // A circle's invite link pasted into the address bar of its page.
  if (location.hash.startsWith('#invite=')) current = '';
  route();
});
await route();

/**
 * Starts the nudges of turns in the player's other games (in every tab)
 * and loads every other page's module, so that a later tap is instant;
 * offline, again once back online.
 */
async function warm() {
  try {
    if (!nudges) {
      const loaded = await import('./nudge.js');
      loaded.startNudges();
      nudges = loaded;
    }
    await Promise.all(Object.values(pages).map((load) => load()));
  } catch {
    window.addEventListener('online', warm, { once: true });
  }
}
// Once this page is usable and the browser is idle.
const idle = window.requestIdleCallback ?? ((run) => setTimeout(run, 200));
idle(warm, { timeout: 2000 });
