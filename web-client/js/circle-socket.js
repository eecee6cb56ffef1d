// A circle's page follows its circle live over `/ws/circle`
// (docs/protocol.md, "Circles"): hello with the circle and the player's
// secret, then the whole circle again whenever it changes (members, who is
// here, games, standings). A dropped socket comes back by itself, after a
// wait that grows (so a server restarting is not hammered) and at once when
// the browser's network returns. The server ends it on purpose when the
// player is no longer a member (`removed`) or never was one (`no_circle`):
// then nothing reopens it.

import { playerSecret } from './storage.js';

const PATH = '/ws/circle';
const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 10000;
/** The close code of a member removed from the circle (or who left). */
const REMOVED = 4403;

/**
 * Follows circle `id` until `close()` is called or the server says the
 * player has no place in it.
 * @param {string} id the circle's id
 * @param {{onCircle: (circle: object) => void, onRemoved: () => void, onRefused: (code: string) => void}} handlers
 *   `onCircle` for each circle sent, `onRemoved` once the player was removed
 *   (or left), `onRefused` for an error (`no_circle`: not a member)
 * @returns {{close: () => void}}
 */
export function followCircle(id, handlers) {
  let ws = null;
  let stopped = false;
  let attempt = 0;
  let retry = null;

  function stop() {
    stopped = true;
    clearTimeout(retry);
    window.removeEventListener('online', reopen);
    if (ws) {
      ws.onclose = null;
      ws.close();
      ws = null;
    }
  }

  function later() {
    if (stopped) return;
    clearTimeout(retry);
    const wait = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
    attempt++;
    retry = setTimeout(open, wait);
  }

  function open() {
    if (stopped) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    try {
      ws = new WebSocket(`${proto}//${location.host}${PATH}`);
    } catch {
      later();
      return;
    }
    const socket = ws;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'hello', circle: id, player: playerSecret() }));
    socket.onmessage = (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      if (msg.type === 'circle' && msg.circle) {
        attempt = 0;
        handlers.onCircle(msg.circle);
      } else if (msg.type === 'removed') {
        stop();
        handlers.onRemoved();
      } else if (msg.type === 'error') {
        stop();
        handlers.onRefused(msg.code);
      }
    };
    socket.onclose = (e) => {
      if (socket !== ws) return;
      ws = null;
      if (e.code === REMOVED) {
        stop();
        handlers.onRemoved();
      } else {
        later();
      }
    };
  }

  /** The network came back: try at once rather than at the end of the wait. */
  function reopen() {
    if (stopped || ws) return;
    attempt = 0;
    clearTimeout(retry);
    open();
  }

  window.addEventListener('online', reopen);
  open();
  return { close: stop };
}
