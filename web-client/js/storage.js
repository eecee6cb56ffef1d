// What the browser remembers between visits: the seat token per room (so a
// reload or a new tab carries on in the same seat), the display name, the
// computer level last played against, the mute switch, and the games played
// here ("My games"). localStorage can throw (private mode, quota): every
// access is guarded so the game still works, only without memory.

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

/** How many games "My games" remembers, newest first; older ones are forgotten. */
const MAX_GAMES = 50;

/**
 * The games this browser played in, newest first: `[{code, seat, players,
 * result, started, finished, preset, board}]` (mygames.js writes them).
 */
export function savedGames() {
  try {
    const list = JSON.parse(read('chowka.games'));
    return Array.isArray(list) ? list.filter((g) => g && typeof g.code === 'string') : [];
  } catch {
    return [];
  }
}

/** Remembers game `entry` (by its code) as the newest, keeping at most MAX_GAMES. */
export function saveGame(entry) {
  const rest = savedGames().filter((g) => g.code !== entry.code);
  write('chowka.games', JSON.stringify([entry, ...rest].slice(0, MAX_GAMES)));
}
