// The player, without an account (docs/protocol.md, "Players"): a secret
// the server made, kept in this browser (storage.js), that links every seat
// taken here to one person across rooms and devices.
//
// On the first visit the player is made at once, before any request that
// could take a seat (api.js waits for it). A "use on another device" link
// (/#player=SECRET, me.js) carries the secret in the URL fragment only:
// browsers never send a fragment to the server, so it stays out of request
// lines, logs and Referer headers. The fragment is read and wiped from the
// address bar at once, like a seat link's (devices.js).

import { h } from './dom.js';
import { notice } from './announce.js';
import { t } from './i18n.js';
import { playerSecret, savePlayer } from './storage.js';
import { newPlayer, waitForPlayer } from './api.js';

const FRAGMENT = /^#player=([0-9a-f]{32})$/i;

/**
 * The secret in this page's address (a "use on another device" link just
 * opened), or null. Whatever the fragment held is removed from the address
 * bar and this history entry, so the link is not shared onward by accident.
 */
function takePlayerFromLink() {
  if (!location.hash.startsWith('#player=')) return null;
  const m = FRAGMENT.exec(location.hash);
  history.replaceState(history.state, '', location.pathname + location.search);
  return m ? m[1].toLowerCase() : null;
}

/**
 * Asks whether to take the link's player in place of the one this browser
 * holds. Resolves true to switch.
 */
async function askToSwitch() {
  // Seldom asked: its dialog's module loads only then.
  const { ask } = await import('./ask.js');
  return ask({
    name: 'switch-player',
    heading: t('identity.switch.title'),
    body: [h('p', { text: t('identity.switch.text') })],
    yes: { id: 'switch-yes', text: t('identity.switch.yes') },
    no: { id: 'switch-no', text: t('identity.switch.no') },
  });
}

/**
 * Settles who this browser's player is before the first page is drawn: a
 * link's player is adopted (asking first if another is held here), and a
 * browser with none gets a new one (in the background: requests wait for it).
 */
export async function startIdentity() {
  const linked = takePlayerFromLink();
  const held = playerSecret();
  if (linked && linked !== held && (!held || (await askToSwitch()))) {
    savePlayer(linked);
    notice(t('identity.adopted'));
  }
  // No player yet: made now. A server that cannot (an older one, offline)
  // leaves the browser without one; the next visit tries again.
  if (!playerSecret()) waitForPlayer(newPlayer());
}

/** Whether this browser holds a player. */
export function hasPlayer() {
  return playerSecret() !== null;
}
