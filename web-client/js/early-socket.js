// A room's WebSocket, opened the moment a room's page has this module
// (docs/performance.md, "A usable page on a first visit"). The page's
// other modules arrive side by side, but none runs before all of them
// have, so connection.js could open the socket only then: one more round
// trip before the board, half a second on a slow phone network. This
// module imports nothing, so the browser runs it as soon as it arrives
// (a room's page loads it by a script element of its own, server/src/web/
// page.rs); connection.js takes the socket, opening or open, for its first
// connection. The server says nothing before the client's hello, so
// nothing is missed meanwhile.

/** Path of the game WebSocket on the server (docs/protocol.md). */
export const WS_PATH = '/ws';

/** A room's address that shows the game (not its replay, which needs no socket). */
function wantsSocket() {
  const hash = location.hash.slice(1);
  return /^\/r\/[^/]+$/.test(location.pathname) && hash !== 'replay' && !/^move=\d+$/.test(hash);
}

/** The socket opened early, until connection.js takes it. */
let early = null;
if (wantsSocket()) {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  try {
    early = new WebSocket(`${proto}//${location.host}${WS_PATH}`);
  } catch {
    early = null; // connection.js opens its own
  }
}

/** The socket opened early, if it is still opening or open; once only. */
export function takeEarlySocket() {
  const ws = early;
  early = null;
  return ws && ws.readyState <= WebSocket.OPEN ? ws : null;
}
