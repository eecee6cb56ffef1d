// What the browser remembers between visits: the seat token per room (so a
// reload or a new tab carries on in the same seat), the display name, the
// computer level last played against, the mute switch, whether a lone move
// plays by itself, the larger-text switch, the nudges' switches (nudge.js), the install offer's "Not now" (install.js), the player identity's
// secret and this browser's device id. localStorage can throw (private
// mode, quota): every access is guarded so the game still works, only
// without memory.

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* not remembered; nothing else to do */
  }
}

/** The seat {token, seat} held in room `code`, or null. */
export function seatFor(code) {
  try {
    return JSON.parse(read(`chowka.seat.${code}`)) || null;
  } catch {
    return null;
  }
}

/** Remembers the seat token for room `code` (null forgets it). */
export function saveSeat(code, seat) {
  write(`chowka.seat.${code}`, seat ? JSON.stringify(seat) : null);
}

export function savedName() {
  return read('chowka.name') || '';
}

export function saveName(name) {
  write('chowka.name', name);
}

/** The computer level last chosen for quick play: 'easy', 'medium' or 'hard'. */
export function savedLevel() {
  const l = read('chowka.level');
  return l === 'easy' || l === 'hard' ? l : 'medium';
}

export function saveLevel(level) {
  write('chowka.level', level);
}

export function muted() {
  return read('chowka.muted') === '1';
}

export function saveMuted(m) {
  write('chowka.muted', m ? '1' : '0');
}

/**
 * Whether a move plays by itself when it is the only one (and a pawn with
 * one destination moves on one tap): on unless this browser's player
 * turned it off.
 */
export function autoMoveOn() {
  return read('chowka.autoMove') !== '0';
}

/** Remembers the automatic-move setting (game-auto.js). */
export function saveAutoMove(on) {
  write('chowka.autoMove', on ? '1' : '0');
}

/**
 * Whether the player reads the game as text with a screen reader (the
 * switch that is every page's first control, text-mode.js).
 */
export function textModeOn() {
  return read('chowka.textMode') === '1';
}

/** Remembers the text mode's switch. */
export function saveTextMode(on) {
  write('chowka.textMode', on ? '1' : null);
}

/** Whether the player asked for larger text (the Me page's switch). */
export function largeText() {
  return read('chowka.largeText') === '1';
}

/** Remembers the larger-text switch. */
export function saveLargeText(on) {
  write('chowka.largeText', on ? '1' : null);
}

/** Draws every page with larger text (`on`) or the usual size: the root font size, which all rem sizes follow. */
export function applyLargeText(on) {
  document.documentElement.classList.toggle('large-text', on);
}

/**
 * Whether the player asked to be told by a system notification when it is
 * their turn in a game they are not looking at (the Me page; off unless
 * they turned it on, nudge.js).
 */
export function nudgeNotify() {
  return read('chowka.nudge.notify') === '1';
}

/** Remembers the notification switch. */
export function saveNudgeNotify(on) {
  write('chowka.nudge.notify', on ? '1' : null);
}

/** Whether a turn in another game plays a sound (the Me page; off unless turned on). */
export function nudgeSound() {
  return read('chowka.nudge.sound') === '1';
}

/** Remembers the nudge sound switch. */
export function saveNudgeSound(on) {
  write('chowka.nudge.sound', on ? '1' : null);
}

/** Until when (ms since 1970) the offer to install the app stays hidden: "Not now" (install.js); 0 if never. */
export function installLaterUntil() {
  return Number(read('chowka.installLater')) || 0;
}

/** Keeps the install offer hidden until `until` (ms since 1970). */
export function saveInstallLater(until) {
  write('chowka.installLater', String(until));
}

/** The player identity's secret held here (32 hex), or null (identity.js). */
export function playerSecret() {
  try {
    const p = JSON.parse(read('chowka.player'));
    return typeof p?.secret === 'string' && /^[0-9a-f]{32}$/.test(p.secret) ? p.secret : null;
  } catch {
    return null;
  }
}

/** Keeps `secret` as this browser's player (null forgets it). */
export function savePlayer(secret) {
  write('chowka.player', secret ? JSON.stringify({ secret }) : null);
}

/**
 * This browser's device id: 16 random bytes in hex, made once and kept, so
 * that the player's list of devices can tell this one apart (never a secret).
 */
export function deviceId() {
  let id = read('chowka.device');
  if (!id || !/^[0-9a-f]{32}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
    write('chowka.device', id);
  }
  return id;
}

/** Forgets every seat token this browser holds (the player deleted their data). */
export function forgetSeats() {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key?.startsWith('chowka.seat.')) localStorage.removeItem(key);
    }
    // The list of games older versions kept here.
    localStorage.removeItem('chowka.games');
  } catch {
    /* nothing kept, nothing to forget */
  }
}
