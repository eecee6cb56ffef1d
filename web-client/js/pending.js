// An action of ours awaiting the server's answer when the connection
// drops: it may have arrived or not, and sending it again blindly could
// play it twice. The controls stay shut until the fresh state after the
// reconnect, whose version says whether anything happened since; if
// nothing did, the action never arrived and the player is told so in
// plain words, to try again.

import { showError } from './announce.js';
import { t } from './i18n.js';

/**
 * The connection dropped: an action still awaiting its answer is now in
 * doubt, against the state version it was sent at. True if it was.
 * @param {{busy: boolean, inDoubt: number|null, version: number|null}} screen the game screen
 */
export function doubtAction(screen) {
  if (!screen.busy || screen.inDoubt !== null) return false;
  screen.inDoubt = screen.version;
  return true;
}

/**
 * A state came (version `version`): an action in doubt is settled. When
 * the version did not move, it never arrived: `screen.notSent` is set (the
 * hint says it until the next action or state) and the player is told.
 * @param {{inDoubt: number|null, notSent: boolean}} screen the game screen
 * @param {number} version the state's version
 */
export function settleAction(screen, version) {
  if (screen.inDoubt === null) return;
  const lost = version <= screen.inDoubt;
  screen.inDoubt = null;
  if (!lost) return;
  screen.notSent = true;
  showError(t('game.notSent'));
}
