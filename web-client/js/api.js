// The HTTP API (docs/protocol.md): rooms, seats, the lobby lists, the
// player (Players). Every failure becomes an Error whose message is a
// sentence for the player, so callers can show it as it is.
//
// Every request carries the player's secret (`Authorization: Bearer`) when
// this browser holds one, and the device id (`X-Chowka-Device`), so that a
// seat taken is linked to the player. A secret the server no longer knows
// (the player was deleted on another device) is dropped, a new player is
// made, and the request is sent once more.

import { errorText } from './names.js';
import { rulesFacts } from './facts.js';
import { t, currentLanguage } from './i18n.js';
import { playerSecret, savePlayer, deviceId, savedName } from './storage.js';

/** What requests wait for first: the player being made on a first visit (identity.js). */
let pending = Promise.resolve();

/** Makes every request wait for `promise` (settled either way) before it is sent. */
export function waitForPlayer(promise) {
  pending = promise.catch(() => {});
}

function headers(body, secret) {
  const out = { 'x-chowka-device': deviceId() };
  if (body) out['content-type'] = 'application/json';
  if (secret) out.authorization = `Bearer ${secret}`;
  return out;
}

async function request(method, path, body, again = true) {
  await pending;
  const secret = playerSecret();
  let res;
  try {
    res = await fetch(path, { method, headers: headers(body, secret), body: body ? JSON.stringify(body) : undefined });
  } catch {
    throw new Error(t('error.network'));
  }
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (res.status === 401 && secret && again && (data?.error ?? data)?.code === 'bad_player') {
    // Deleted elsewhere: this browser becomes a new player, and asks again
    // as it. A request sent beside it (the nudges' poll, nudge.js) finds the
    // new player already being made and waits for it.
    if (playerSecret() === secret) {
      savePlayer(null);
      waitForPlayer(newPlayer());
    }
    await pending;
    return request(method, path, body, false);
  }
  if (!res.ok) {
    // Errors are {code, message} (docs/protocol.md); tolerate a wrapper too.
    const err = data?.error ?? data;
    // Our sentence for a known code; else whatever the server said; else the status.
    const said = typeof err === 'string' ? err : err?.code || err?.message ? errorText(err?.code, err?.message) : '';
    const e = new Error(said || t('error.http', { status: res.status }));
    e.status = res.status;
    e.code = err?.code;
    throw e;
  }
  return data;
}

/**
 * Creates a room; the creator takes seat 0 as host. Returns {code, seat, token}.
 * The page's language goes along: the room link's preview in a chat app speaks it.
 */
export function createRoom(req) {
  return request('POST', '/api/rooms', { ...req, language: currentLanguage() });
}

/** Takes a seat in room `code` (the lowest empty one unless `seat` is given). Returns {code, seat, token, room}. */
export function joinRoom(code, name, seat) {
  const body = { name };
  if (seat !== undefined && seat !== null) body.seat = seat;
  return request('POST', `/api/rooms/${encodeURIComponent(code)}/seats`, body);
}

/** Open public rooms waiting for players. */
export function openRooms() {
  return request('GET', '/api/rooms');
}

let presetTable = null;

/**
 * What every preset resolves to on every board, with the pawn counts allowed
 * there: [{rules, pawns}]. The table never changes while a server runs: the
 * page brings it (its facts), else it is fetched once per page load (a
 * failed fetch is tried again next time).
 */
export function presets() {
  const inPage = rulesFacts().preset_table;
  if (inPage) return Promise.resolve(inPage);
  presetTable ??= request('GET', '/api/presets').then((d) => d.presets, (err) => {
    presetTable = null;
    throw err;
  });
  return presetTable;
}

/** Recently finished games, newest first. */
export function recentGames() {
  return request('GET', '/api/games?limit=8');
}

/** One finished game with its record: {id, finished_at, result, record}. */
export function archivedGame(id) {
  return request('GET', `/api/games/${encodeURIComponent(id)}`);
}

/**
 * One page of a game's replay, from frame `from` on: a finished game's
 * (`kind` 'games') or a room's game so far (`kind` 'rooms').
 */
export function replayPage(kind, code, from) {
  return request('GET', `/api/${kind}/${encodeURIComponent(code)}/replay?from=${from}`);
}

/**
 * A finished game's turning points (docs/protocol.md, "GET
 * /api/games/{id}/analysis"): {points, swings}, or {status: 'analysing'}
 * (202) while the server works them out: ask again in a moment.
 */
export function gameAnalysis(id) {
  return request('GET', `/api/games/${encodeURIComponent(id)}/analysis`);
}

/**
 * Makes a new player for this browser, named as the player last typed
 * (POST /api/players), and keeps its secret. Resolves to the secret.
 */
export async function newPlayer() {
  let res;
  try {
    const name = savedName();
    res = await fetch('/api/players', { method: 'POST', headers: headers(true, null), body: JSON.stringify(name ? { name } : {}) });
  } catch {
    throw new Error(t('error.network'));
  }
  if (res.status !== 201) throw new Error(t('error.http', { status: res.status }));
  const { secret } = await res.json();
  savePlayer(secret);
  return secret;
}

/** The player: {name, created_at, devices: [{label, first_seen, last_seen, this}]}. */
export function me() {
  return request('GET', '/api/me');
}

/** Renames the player everywhere; returns the same as me(). */
export function rename(name) {
  return request('PATCH', '/api/me', { name });
}

/** Deletes the player's data ("delete my data"); the secret stops working. */
export function forgetMe() {
  return request('DELETE', '/api/me', undefined, false);
}

/** All the player's games: {games: [MyGame], now} (docs/protocol.md, "Players"). */
export function myGames() {
  return request('GET', '/api/me/games');
}

/** The player's e-mail digest: {address, verified, minute, language} or null; `email_off` (404) on a server without e-mail. */
export function myEmail() {
  return request('GET', '/api/me/email');
}

/** Asks for the digest at `address`, `minute` after local midnight: the server sends the verification link. */
export function askEmail(address, minute) {
  return request('PUT', '/api/me/email', { address, minute, language: currentLanguage() });
}

/** Stops the e-mails at once; the address is forgotten. */
export function stopEmail() {
  return request('DELETE', '/api/me/email');
}

/** The server's push key ({key}, base64url), or an error with code `push_off`. */
export function pushKey() {
  return request('GET', '/api/push/key');
}

/** Keeps this browser's push subscription ({endpoint, keys, lang}). */
export function subscribePush(sub) {
  return request('POST', '/api/me/push', sub);
}

/** Drops this browser's push subscription: nothing is pushed to it from now on. */
export function unsubscribePush(endpoint) {
  return request('DELETE', '/api/me/push', { endpoint });
}

/** Whether the server holds this browser's subscription: {subscribed}. */
export function pushSubscribed(endpoint) {
  return request('GET', `/api/me/push?endpoint=${encodeURIComponent(endpoint)}`);
}

/** The player's time zone and quiet hours: {tz, quiet_from, quiet_to} (minutes of the day). */
export function alerts() {
  return request('GET', '/api/me/alerts');
}

/** Saves them; returns what was kept. */
export function saveAlerts(alerts) {
  return request('PUT', '/api/me/alerts', alerts);
}

// Circles (docs/protocol.md, "Circles"): a family's standing table.

/** Makes a circle named `name` (`playerName` for a player who has none yet); returns the circle. */
export function createCircle(name, playerName) {
  const body = { name };
  if (playerName) body.player_name = playerName;
  return request('POST', '/api/circles', body);
}

/** The player's circles: {circles: [{id, name, members, admin}]}. */
export function myCircles() {
  return request('GET', '/api/me/circles');
}

/** One circle, as its member sees it; 404 `no_circle` for anyone else. */
export function circle(id) {
  return request('GET', `/api/circles/${encodeURIComponent(id)}`);
}

/** Renames circle `id` (an admin); returns the circle. */
export function renameCircle(id, name) {
  return request('PATCH', `/api/circles/${encodeURIComponent(id)}`, { name });
}

/** Makes a new invite link for circle `id` (an admin): the old one stops working. Returns the circle. */
export function renewInvite(id) {
  return request('POST', `/api/circles/${encodeURIComponent(id)}/invite`);
}

/** Turns the invite link of circle `id` off (an admin). Returns the circle. */
export function revokeInvite(id) {
  return request('DELETE', `/api/circles/${encodeURIComponent(id)}/invite`);
}

/** Makes member `member` of circle `id` an admin or not (an admin). Returns the circle. */
export function setCircleAdmin(id, member, admin) {
  return request('PATCH', `/api/circles/${encodeURIComponent(id)}/members/${encodeURIComponent(member)}`, { admin });
}

/** Removes member `member` from circle `id` (an admin), or leaves it (one's own member id). */
export function removeCircleMember(id, member) {
  return request('DELETE', `/api/circles/${encodeURIComponent(id)}/members/${encodeURIComponent(member)}`);
}

/**
 * Creates a room for circle `id`, with the body of createRoom; every other
 * member is invited. Returns what createRoom does: {code, seat, token, room}.
 */
export function createCircleGame(id, req) {
  return request('POST', `/api/circles/${encodeURIComponent(id)}/games`, { ...req, language: currentLanguage() });
}

/** What an invite link opens: {circle, name, members, member}; 404 `no_invite` once revoked. */
export function invite(token) {
  return request('GET', `/api/invites/${encodeURIComponent(token)}`);
}

/** Joins the circle of invite `token` (`name` for a player who has none yet); returns {circle}. */
export function acceptInvite(token, name) {
  return request('POST', `/api/invites/${encodeURIComponent(token)}`, name ? { name } : {});
}
