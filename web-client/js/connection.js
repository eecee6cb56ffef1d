// The WebSocket to one room: says hello (with the seat token when we hold
// a seat, else with the player's secret, which the server seats wherever
// that player holds a seat and otherwise lets watch), hands every server
// message to the room, and reconnects by itself with exponential backoff
// when the network drops, so a reload or a tunnel only costs a moment.
//
// A socket can die silently: a phone changing networks or riding a lift
// keeps a socket that still looks open while nothing goes through. So a
// quiet socket is pinged every couple of seconds and one that answers
// nothing for a few seconds more is replaced (docs/protocol.md,
// "Keep-alive"); the browser's `online` event replaces the socket at once
// (the network under it changed), a page shown again probes it with a
// ping on a short deadline, and `offline` says "Offline" at once.

import { playerSecret } from './storage.js';
import { WS_PATH, takeEarlySocket } from './early-socket.js';

/** How often the keep-alive looks at the socket. */
const TICK_MS = 1000;
/** A socket we heard nothing from for this long is pinged. */
const PING_QUIET_MS = 2000;
/**
 * A ping with nothing at all heard since, this old, means the socket is
 * dead even if it looks open: with PING_QUIET_MS, about 7 s of silence.
 */
const PONG_WITHIN_MS = 5000;
/** When the page is shown again, a live socket answers a probe within this. */
const PROBE_WITHIN_MS = 3000;
/** A socket not open after this long is replaced: a connect into a dead network hangs. */
const OPEN_WITHIN_MS = 5000;
/** An open socket with no welcome after this long is retried (never stuck at "Connecting"). */
const WELCOME_WITHIN_MS = 10000;
const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 10000;

export class Connection {
  /**
   * @param {string} room room code
   * @param {{onMessage: (msg: object) => void, onStatus: (s: {state: string, attempt?: number, inMs?: number, code?: number}) => void}} handlers
   *   onStatus states: 'connecting', 'open' (welcomed), 'reconnecting', 'offline' (the browser has no network), 'refused'
   */
  constructor(room, handlers) {
    this.room = room;
    this.token = null;
    this.handlers = handlers;
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.retryTimer = null;
    this.tickTimer = null;
    this.dueTimer = null;
    this.lastHeard = 0;
    // The ping awaiting an answer: by when something must be heard.
    this.ping = null;
    this.onOnline = () => this.replace();
    this.onOffline = () => this.lost();
    // Closed by the server on purpose (4xxx): nothing reopens it by itself.
    this.refused = false;
    this.onVisible = () => {
      if (document.visibilityState === 'visible') this.probe();
    };
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    document.addEventListener('visibilitychange', this.onVisible);
  }

  /** Opens (or re-opens) the socket, saying hello with `token` if given. */
  connect(token = this.token) {
    this.token = token;
    this.stopped = false;
    this.refused = false;
    clearTimeout(this.retryTimer);
    this.teardown();
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    let ws;
    try {
      // The page's first connection may have been opened already, while
      // the modules loaded (early-socket.js).
      ws = takeEarlySocket() ?? new WebSocket(`${proto}//${location.host}${WS_PATH}`);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    this.status(this.attempt ? 'reconnecting' : 'connecting', { attempt: this.attempt });
    this.dueTimer = setTimeout(() => this.lost(), OPEN_WITHIN_MS);
    const opened = () => {
      this.lastHeard = Date.now();
      this.ping = null;
      const hello = { type: 'hello', room: this.room };
      const player = playerSecret();
      if (this.token) hello.token = this.token;
      else if (player) hello.player = player;
      ws.send(JSON.stringify(hello));
      this.tickTimer = setInterval(() => this.keepAlive(), TICK_MS);
      clearTimeout(this.dueTimer);
      this.dueTimer = setTimeout(() => this.lost(), WELCOME_WITHIN_MS);
    };
    ws.onopen = opened;
    // An early socket that is open already fires no more `open`.
    if (ws.readyState === WebSocket.OPEN) opened();
    ws.onmessage = (e) => {
      this.lastHeard = Date.now();
      this.ping = null;
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return; // not ours to interpret; the server only sends JSON
      }
      if (msg.type === 'welcome') {
        clearTimeout(this.dueTimer);
        this.attempt = 0;
        this.handlers.onStatus({ state: 'open' });
      }
      if (msg.type !== 'pong') this.handlers.onMessage(msg);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.teardown();
      if (this.stopped) return;
      // 4xxx closes are the server's deliberate answers (bad room, bad
      // token): retrying cannot help, so report and stop.
      if (e.code >= 4000 && e.code < 5000) {
        // The reason is the server's English: the room says it in words of
        // the player's language by the close code (4001: opened elsewhere).
        this.refused = true;
        this.handlers.onStatus({ state: 'refused', code: e.code, reason: e.reason });
        return;
      }
      this.scheduleRetry();
    };
    ws.onerror = () => {
      /* onclose follows and handles it */
    };
  }

  /**
   * Once a tick on an open socket: pings it when quiet, and gives it up when
   * a ping went unanswered. Only an unanswered ping counts, never silence
   * alone: a page in the background has its timers slowed to one a minute,
   * and a minute without news from a quiet table is no sign of a dead socket.
   */
  keepAlive() {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    const now = Date.now();
    if (this.ping) {
      if (now >= this.ping.until) this.lost();
      return;
    }
    if (now - this.lastHeard >= PING_QUIET_MS) this.sendPing(PONG_WITHIN_MS);
  }

  /** Pings the socket; unless something is heard within `withinMs`, it is replaced. */
  sendPing(withinMs) {
    const until = Date.now() + withinMs;
    // A probe may shorten the deadline of a ping already out, never lengthen it.
    if (this.ping && this.ping.until <= until) return;
    if (!this.send({ type: 'ping' })) return;
    this.ping = { until };
  }

  /**
   * The page was shown again (a phone waking up): a socket that looks open
   * must answer a ping soon, one that is closed or retrying is opened now.
   */
  probe() {
    if (this.stopped || this.refused) return;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.sendPing(PROBE_WITHIN_MS);
      clearTimeout(this.probeTimer);
      this.probeTimer = setTimeout(() => this.keepAlive(), PROBE_WITHIN_MS + 50);
      return;
    }
    if (this.ws && this.ws.readyState === WebSocket.CONNECTING) return;
    this.replace();
  }

  /**
   * The network came back (`online`): the socket from before, even one that
   * looks open, went over a network that is gone; a fresh one at once.
   */
  replace() {
    if (this.stopped || this.refused) return;
    clearTimeout(this.retryTimer);
    this.connect();
  }

  /** The socket is dead or the network gone: drop it now and retry (its close may never come). */
  lost() {
    if (this.stopped || this.refused) return;
    this.teardown();
    this.scheduleRetry();
  }

  /** Reports a state, saying "offline" instead of retrying while the browser has no network. */
  status(state, more = {}) {
    const offline = state !== 'open' && navigator.onLine === false;
    this.handlers.onStatus({ ...more, state: offline ? 'offline' : state });
  }

  scheduleRetry() {
    clearTimeout(this.retryTimer);
    this.attempt += 1;
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** (this.attempt - 1));
    // Jitter spreads a whole room's reconnects after a server restart.
    const inMs = Math.round(base * (0.75 + Math.random() * 0.5));
    this.status('reconnecting', { attempt: this.attempt, inMs });
    this.retryTimer = setTimeout(() => this.connect(), inMs);
  }

  /** Drops the seat token, so that reconnects come back as a watcher (our seat was given up). */
  forgetToken() {
    this.token = null;
  }

  teardown() {
    clearInterval(this.tickTimer);
    clearTimeout(this.dueTimer);
    clearTimeout(this.probeTimer);
    this.ping = null;
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      ws.onclose = ws.onmessage = ws.onopen = ws.onerror = null;
      if (ws.readyState <= WebSocket.OPEN) ws.close();
    }
  }

  /** Sends a message; false when the socket is not open (the caller tells the user). */
  send(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** Closes the socket for good (the page is left); no more retries. */
  close() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    document.removeEventListener('visibilitychange', this.onVisible);
    this.teardown();
  }
}
