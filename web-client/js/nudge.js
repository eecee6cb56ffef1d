// Nudges while any chowka page is open (any tab, any room): when it becomes
// the player's turn in one of their games over days, the tab's title
// ("(2) ...") and favicon (a badge) show how many games wait for them, and,
// once per turn per game, a sound (if they chose "Play a sound") and a
// system notification (if they chose "Tell me when it's my turn" and the
// browser allowed it) that names the game and opens it when tapped. Never
// for the game being looked at: not counted in its own tab, and no nudge
// for the room shown in a visible tab.
//
// One tab polls GET /api/me/games for all of them (every 20 s while it is
// visible, 60 s hidden, 5 min while the player has no game over days in
// play): it holds a lease in localStorage, renewed at each
// poll; another tab takes the lease when it runs out, or at once when it is
// visible and the holder is not. The poller writes the games waiting for
// the player to localStorage; every tab draws its count from there (the
// `storage` event), so N tabs ask once. Only the poller nudges, so a turn
// is nudged once whatever the number of tabs; the turns already nudged are
// kept in localStorage, so a reload does not nudge them again.
//
// A turn is known by the game's due time (`due_at`: each turn of a game
// over days has its own); live games are played with the page open and
// have no turn in the list (docs/protocol.md "Players").
//
// For tests only: localStorage `chowka.nudge.pollMs` (a number of ms, at
// least 200) replaces both poll intervals (tests/browser/nudge.test.js).

import { t, formatNumber, currentLanguage } from './i18n.js';
import { seatName } from './players.js';
import { sound } from './sound.js';
import { hasPlayer } from './identity.js';
import { nudgeNotify, nudgeSound } from './storage.js';
import * as api from './api.js';

/** How often the list is asked for while the polling tab is visible, and hidden. */
const VISIBLE_MS = 20000;
const HIDDEN_MS = 60000;
/**
 * How often while the player has no game over days in play: only those
 * have turns to nudge, and a server with thousands of players at live
 * tables should not answer each of them every 20 s for nothing (a game
 * over days started meanwhile is seen within minutes, its turns last hours).
 */
const NO_DAYS_MS = 300000;
/** localStorage keys shared by the tabs. */
const LEASE = 'chowka.nudge.lease';
const TURNS = 'chowka.nudge.turns';
const SEEN = 'chowka.nudge.seen';
const LOOKING = 'chowka.nudge.looking';
const TEST_POLL = 'chowka.nudge.pollMs';

/** This tab, among the others holding or wanting the lease. */
const TAB = Math.random().toString(36).slice(2);

let timer = null;
let count = 0;
// Whether the last list had a game over days in play (true until asked).
let daysInPlay = true;
let plainIcon = null;
let drawnIcon = { count: 0, href: null };

function readJson(key) {
  try {
    return JSON.parse(localStorage.getItem(key));
  } catch {
    return null;
  }
}

function writeJson(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* not shared: this tab still polls and counts for itself */
  }
}

const visible = () => document.visibilityState === 'visible';

/** The wait between polls: the test override, else by visibility. */
function interval() {
  const test = Number(readJson(TEST_POLL));
  if (Number.isFinite(test) && test >= 200) return test;
  if (!daysInPlay) return NO_DAYS_MS;
  return visible() ? VISIBLE_MS : HIDDEN_MS;
}

/** The room this tab shows (a room's page or its replay), or null. */
function shownRoom() {
  const m = /^\/r\/([^/]+)\/?$/.exec(location.pathname);
  return m ? decodeURIComponent(m[1]).toUpperCase().replace(/[^0-9A-Z]/g, '') : null;
}

/** What marks this turn of game `g`: a new turn has a new due time. */
const turnMark = (g) => String(g.due_at ?? 'no-clock');

/** The games of the list where it is the player's turn, as the tabs share them. */
function turnsOf(games) {
  return games
    .filter((g) => g.status === 'playing' && g.to_move !== null && g.to_move !== undefined && g.to_move === g.seat)
    .map((g) => ({
      code: g.code,
      mark: turnMark(g),
      // The others at the table, named as the game names them.
      others: g.seats.map((s, i) => (i === g.seat ? null : s?.name || s?.bot ? seatName(s) : t('mygames.playerN', { n: i + 1 }))).filter(Boolean),
    }));
}

/** Says which room a visible tab shows, so that no tab nudges for it; a tab leaving it clears it. */
function markLooking() {
  const room = shownRoom();
  const looking = readJson(LOOKING);
  if (room && visible()) {
    if (looking?.code !== room || looking?.tab !== TAB) writeJson(LOOKING, { code: room, tab: TAB });
  } else if (looking?.tab === TAB) {
    writeJson(LOOKING, null);
  }
}

/** Whether this tab may poll now, taking or renewing the lease if so. */
function takeLease() {
  const now = Date.now();
  const lease = readJson(LEASE);
  const free = !lease || lease.tab === TAB || !(lease.until > now) || (visible() && !lease.visible);
  if (free) writeJson(LEASE, { tab: TAB, until: now + interval() * 2 + 5000, visible: visible() });
  return free;
}

/** Asks the server for the player's games, shares the turns and nudges the new ones. */
async function poll() {
  if (!hasPlayer() || !takeLease()) return;
  let list;
  try {
    list = await api.myGames();
  } catch {
    return; // offline, or the server is busy: the next poll tries again
  }
  daysInPlay = (list.games ?? []).some((g) => g.status === 'playing' && g.pace === 'days');
  const turns = turnsOf(list.games ?? []);
  writeJson(TURNS, { turns });
  nudgeNew(turns);
  show(turns);
}

/** Nudges each turn not nudged yet, except the room a visible tab shows; remembers them all. */
function nudgeNew(turns) {
  const seen = readJson(SEEN) ?? {};
  const looking = readJson(LOOKING)?.code;
  const here = visible() ? shownRoom() : null;
  const kept = {};
  for (const g of turns) {
    kept[g.code] = g.mark;
    if (seen[g.code] === g.mark || g.code === looking || g.code === here) continue;
    // Read at the moment of nudging: a switch turned off counts at once.
    if (nudgeSound()) sound.turn();
    if (nudgeNotify()) notify(g);
  }
  writeJson(SEEN, kept);
}

/** A system notification for game `g`; a tap focuses this tab and opens the room. */
function notify(g) {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  const names = g.others.length ? new Intl.ListFormat(currentLanguage(), { type: 'conjunction' }).format(g.others) : '';
  const title = names ? t('nudge.notify.against', { names }) : t('nudge.notify.turn');
  try {
    const n = new Notification(title, { body: t('nudge.notify.body', { code: g.code, game: t('site.gameName') }), tag: `chowka-${g.code}`, icon: plainIcon ?? '/favicon.svg' });
    n.onclick = () => {
      window.focus();
      n.close();
      if (shownRoom() !== g.code) location.assign(`/r/${encodeURIComponent(g.code)}`);
    };
  } catch {
    /* a browser that only notifies from a service worker: the title still counts */
  }
}

/** Shows the count of games waiting for the player, this tab's room left out. */
function show(turns) {
  const room = shownRoom();
  count = turns.filter((g) => g.code !== room).length;
  retitle();
  badge();
}

/** Puts "(n) " before the page's own title, or takes it away. */
function retitle() {
  const base = document.title.replace(/^\(\S+\) /, '');
  const want = count ? `(${formatNumber(count)}) ${base}` : base;
  if (document.title !== want) document.title = want;
}

/** The page's icon link. */
const iconLink = () => document.querySelector('link[rel="icon"]');

/** Draws the favicon with a badge of the count (a data: URL), or puts the plain one back. */
function badge() {
  const link = iconLink();
  if (!link) return;
  if (plainIcon === null) plainIcon = link.getAttribute('href');
  if (!count) {
    if (link.getAttribute('href') !== plainIcon) link.setAttribute('href', plainIcon);
    drawnIcon = { count: 0, href: null };
    return;
  }
  if (drawnIcon.count === count && drawnIcon.href) {
    if (link.getAttribute('href') !== drawnIcon.href) link.setAttribute('href', drawnIcon.href);
    return;
  }
  const wanted = count;
  const img = new Image();
  const draw = (withIcon) => {
    if (count !== wanted) return; // the count changed while the icon loaded
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const c = canvas.getContext('2d');
    if (!c) return;
    if (withIcon) c.drawImage(img, 0, 0, 64, 64);
    c.fillStyle = '#d92d20';
    c.beginPath();
    // Big enough to read at 16 px, where browsers draw it.
    c.arc(38, 26, 26, 0, Math.PI * 2);
    c.fill();
    c.fillStyle = '#fff';
    c.font = `bold ${count > 9 ? 30 : 42}px sans-serif`;
    c.textAlign = 'center';
    c.textBaseline = 'middle';
    c.fillText(count > 9 ? '9+' : String(count), 38, 28);
    drawnIcon = { count, href: canvas.toDataURL('image/png') };
    link.setAttribute('href', drawnIcon.href);
  };
  img.onload = () => draw(true);
  img.onerror = () => draw(false);
  img.src = plainIcon;
}

/** Polls now if due, then again after the interval. */
function schedule(now) {
  clearTimeout(timer);
  if (now) poll();
  timer = setTimeout(() => schedule(true), interval());
}

/**
 * Starts the nudges for this page (main.js, once). A browser without a
 * player yet polls nothing until it has one.
 */
export function startNudges() {
  // Titles set by any page keep the count in front of them.
  const title = document.querySelector('title') ?? document.head.appendChild(document.createElement('title'));
  new MutationObserver(() => {
    if (count) retitle();
  }).observe(title, { childList: true, characterData: true, subtree: true });
  window.addEventListener('storage', (e) => {
    if (e.key === TURNS) show(readJson(TURNS)?.turns ?? []);
  });
  document.addEventListener('visibilitychange', () => {
    markLooking();
    // Shown again: fresh news at once (and the lease, if the poller is hidden).
    schedule(visible());
  });
  window.addEventListener('pagehide', () => {
    if (readJson(LOOKING)?.tab === TAB) writeJson(LOOKING, null);
    const lease = readJson(LEASE);
    if (lease?.tab === TAB) writeJson(LEASE, null);
  });
  pageChanged();
  schedule(true);
}

/**
 * The page shows another room, or none (main.js, on every route): this
 * tab's count leaves its own room out, and the tabs know who looks where.
 */
export function pageChanged() {
  markLooking();
  show(readJson(TURNS)?.turns ?? []);
}
