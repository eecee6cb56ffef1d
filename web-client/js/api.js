// The HTTP API (docs/protocol.md): rooms, seats, the lobby lists. Every
// failure becomes an Error whose message is a sentence for the player, so
// callers can show it as it is.

import { errorText } from './names.js';
import { t } from './i18n.js';

async function request(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
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

/** Creates a room; the creator takes seat 0 as host. Returns {code, seat, token}. */
export function createRoom(req) {
  return request('POST', '/api/rooms', req);
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
 * there: [{rules, pawns}]. The table never changes while a server runs, so
 * it is fetched once per page load (a failed fetch is tried again next time).
 */
export function presets() {
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
