// The WebSocket to one room: says hello (with the seat token when we hold
// a seat, else with the player's secret, which the server seats wherever
// that player holds a seat and otherwise lets watch), hands every server
// message to the room, and reconnects by itself with exponential backoff
// when the network drops, so a reload or a tunnel only costs a moment. A silent dead socket is detected by keep-alive pings.

import { playerSecret } from './storage.js';

/** Path of the game WebSocket on the server (docs/protocol.md). */
const WS_PATH = '/ws';

const PING_EVERY_MS = 15000;
/** No message at all for this long means the socket is dead even if it looks open. */
const DEAD_AFTER_MS = 40000;
const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 10000;
/** An open socket with no welcome after this long is retried (never stuck at "Connecting"). */
const WELCOME_WITHIN_MS = 10000;

export class Connection {
  /**
   * @param {string} room room code
   * @param {{onMessage: (msg: object) => void, onStatus: (s: {state: string, attempt?: number, inMs?: number}) => void}} handlers
   */
  constructor(room, handlers) {
    this.room = room;
    this.token = null;
    this.handlers = handlers;
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.retryTimer = null;
    this.pingTimer = null;
    this.welcomeTimer = null;
    this.lastHeard = 0;
    this.onOnline = () => this.reconnectNow();
    window.addEventListener('online', this.onOnline);
  }

  /** Opens (or re-opens) the socket, saying hello with `token` if given. */
  connect(token = this.token) {
    this.token = token;
    this.stopped = false;
    clearTimeout(this.retryTimer);
    this.teardown();
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    let ws;
    try {
      ws = new WebSocket(`${proto}//${location.host}${WS_PATH}`);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    this.handlers.onStatus({ state: this.attempt ? 'reconnecting' : 'connecting', attempt: this.attempt });
    ws.onopen = () => {
      this.lastHeard = Date.now();
      const hello = { type: 'hello', room: this.room };
      const player = playerSecret();
      if (this.token) hello.token = this.token;
      else if (player) hello.player = player;
      ws.send(JSON.stringify(hello));
      this.pingTimer = setInterval(() => this.keepAlive(), PING_EVERY_MS);
      this.welcomeTimer = setTimeout(() => {
        if (this.ws === ws) ws.close();
      }, WELCOME_WITHIN_MS);
    };
    ws.onmessage = (e) => {
      this.lastHeard = Date.now();
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return; // not ours to interpret; the server only sends JSON
      }
      if (msg.type === 'welcome') {
        clearTimeout(this.welcomeTimer);
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
        this.handlers.onStatus({ state: 'refused', code: e.code, reason: e.reason });
        return;
      }
      this.scheduleRetry();
    };
    ws.onerror = () => {
      /* onclose follows and handles it */
    };
  }

  keepAlive() {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return;
    if (Date.now() - this.lastHeard > DEAD_AFTER_MS) {
      this.ws.close();
      return;
    }
    this.send({ type: 'ping' });
  }

  scheduleRetry() {
    this.attempt += 1;
    const base = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** (this.attempt - 1));
    // Jitter spreads a whole room's reconnects after a server restart.
    const inMs = Math.round(base * (0.75 + Math.random() * 0.5));
    this.handlers.onStatus({ state: 'reconnecting', attempt: this.attempt, inMs });
    this.retryTimer = setTimeout(() => this.connect(), inMs);
  }

  reconnectNow() {
    if (this.stopped) return;
    if (this.ws && this.ws.readyState === WebSocket.OPEN) return;
    clearTimeout(this.retryTimer);
    this.connect();
  }

  /** Drops the seat token, so that reconnects come back as a watcher (our seat was given up). */
  forgetToken() {
    this.token = null;
  }

  teardown() {
    clearInterval(this.pingTimer);
    clearTimeout(this.welcomeTimer);
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

  close() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    window.removeEventListener('online', this.onOnline);
    this.teardown();
  }
}
