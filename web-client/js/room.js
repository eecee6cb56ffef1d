// A room page (/r/CODE): owns the connection and the latest state, and
// shows the lobby or the game. The seat token comes from localStorage, so
// a reload lands back in the same seat; a spectator simply has none.

import { h, fill } from './dom.js';
import { Connection } from './connection.js';
import { Lobby } from './lobby.js';
import { GameScreen } from './game.js';
import { Feed } from './feed.js';
import { seatFor, saveSeat, saveName } from './storage.js';
import { showError, announce } from './announce.js';
import { errorText } from './names.js';
import { muteButton, sound } from './sound.js';
import * as api from './api.js';
import { ruleLinksOpenDialogs } from './rules-page.js';

/** Renders the room `code` into `container`; returns a cleanup function. */
export function roomView(container, rawCode, navigate) {
  const code = rawCode.toUpperCase().replace(/[^0-9A-Z]/g, '');
  const ctx = { code, seat: null, board: null, version: -1, room: null, game: null, presence: null };
  let view = null; // 'lobby' | 'game'
  let lobby = null;
  let game = null;

  const statusPill = h('span', { class: 'conn-pill', role: 'status', text: 'Connecting…' });
  const banner = h('div', { class: 'conn-banner', role: 'status', hidden: true });
  const content = h('div', { class: 'room-content', 'aria-busy': 'true' }, h('p', { class: 'loading', text: 'Connecting to the room…' }));
  const watching = h('span', { class: 'watching', hidden: true });
  const header = h('header', { class: 'room-bar' },
    h('a', { href: '/', class: 'home-link', 'aria-label': 'Chowka home' }, h('span', { class: 'logo', 'aria-hidden': 'true' }, '✦'), h('span', { class: 'home-text', text: 'Chowka' })),
    h('span', { class: 'room-title' }, h('span', { class: 'room-word', text: 'Room ' }), h('span', { class: 'code', text: code })),
    watching, statusPill,
    h('a', { href: '/#rules', target: '_blank', rel: 'noopener', class: 'icon-btn', 'aria-label': 'Rules (opens a new tab)', title: 'Rules' }, '?'),
    muteButton());
  container.replaceChildren(header, banner, content);
  ruleLinksOpenDialogs(content);

  const feed = new Feed({ onSend: (text) => sendMsg({ type: 'chat', text }) });

  function sendMsg(msg) {
    if (conn.send(msg)) return true;
    showError('Not connected right now: reconnecting, please try again in a moment.');
    return false;
  }

  const conn = new Connection(code, {
    onMessage,
    onStatus(st) {
      statusPill.className = `conn-pill ${st.state}`;
      if (st.state === 'open') {
        statusPill.textContent = 'Live';
        banner.hidden = true;
      } else if (st.state === 'reconnecting') {
        statusPill.textContent = 'Reconnecting…';
        banner.hidden = false;
        banner.textContent = st.inMs
          ? `Connection lost. Reconnecting in ${Math.ceil(st.inMs / 1000)} s (attempt ${st.attempt})…`
          : `Reconnecting (attempt ${st.attempt})…`;
      } else if (st.state === 'refused') {
        statusPill.textContent = 'Disconnected';
        banner.hidden = false;
        banner.textContent = st.reason;
      } else {
        statusPill.textContent = 'Connecting…';
      }
    },
  });

  function onMessage(msg) {
    switch (msg.type) {
      case 'welcome': {
        ctx.seat = msg.seat ?? null;
        ctx.board = msg.board;
        // The full state that follows a welcome is always taken, even at the
        // same version (our seat may have changed, e.g. after taking one).
        ctx.version = -1;
        const held = seatFor(code);
        if (held && ctx.seat !== null && held.seat !== ctx.seat) saveSeat(code, { ...held, seat: ctx.seat });
        watching.hidden = ctx.seat !== null;
        watching.textContent = 'Watching';
        if (game) game.setBoard(ctx.board, ctx.seat);
        break;
      }
      case 'state':
        onState(msg);
        break;
      case 'presence':
        ctx.presence = msg;
        refresh(null);
        break;
      case 'chat':
        feed.chat(msg.seat, msg.name, msg.text);
        if (msg.seat !== ctx.seat) sound.chat();
        break;
      case 'error':
        onError(msg);
        break;
      default:
        break;
    }
  }

  function onState(msg) {
    const before = ctx.room;
    if (msg.version <= ctx.version && ctx.room) return; // an old copy after a reconnect race
    ctx.version = msg.version;
    ctx.room = msg.room;
    ctx.game = msg.game ?? null;
    // Empty seats are dropped at the start (docs/protocol.md), which can
    // change our seat number and the board's sides. The server welcomes
    // everyone again at the start; should a state still disagree with our
    // board, a fresh hello gets the right welcome.
    if (before && before.status === 'lobby' && msg.room.status !== 'lobby' && ctx.board && ctx.board.sides.length !== msg.room.seats.length) {
      ctx.version = -1;
      conn.connect();
      return;
    }
    if (before?.status === 'lobby' && msg.room.status === 'playing') {
      announce('The game has started.');
      feed.event('The game has started.', 'turn');
    }
    refresh(msg.events || []);
  }

  function onError(msg) {
    const text = errorText(msg.code, msg.message);
    if (msg.code === 'bad_token') {
      // The token is not a seat of this room: forget it and watch instead.
      saveSeat(code, null);
      showError(`${text} You are watching this room.`);
      conn.connect(null);
      return;
    }
    if (msg.code === 'no_such_room') {
      conn.close();
      fill(content, h('section', { class: 'card not-found' },
        h('h1', { text: 'No such room' }),
        h('p', { text: `There is no room with the code ${code}. It may have been closed, or the code is mistyped.` }),
        h('p', {}, h('a', { href: '/', class: 'btn primary', text: 'Back to the home page' }))));
      content.removeAttribute('aria-busy');
      return;
    }
    if (msg.code === 'stale_version') {
      // Not the player's fault: the newer state is on its way or here.
      feed.event(text, 'penalty');
      game?.refused();
      return;
    }
    sound.error();
    showError(text);
    game?.refused();
  }

  const actions = {
    act(action) {
      return sendMsg({ type: 'act', version: ctx.version, action });
    },
    start: () => sendMsg({ type: 'start' }),
    setBot: (seat, level) => sendMsg({ type: 'set_bot', seat, level }),
    rematch: () => sendMsg({ type: 'rematch' }),
    gotoRematch(newCode) {
      // The same token is our seat in the rematch room (docs/protocol.md).
      const held = seatFor(code);
      if (held && ctx.seat !== null && !seatFor(newCode)) saveSeat(newCode, held);
      navigate(`/r/${newCode}`);
    },
    async join(name, seat) {
      saveName(name);
      try {
        const res = await api.joinRoom(code, name, seat);
        saveSeat(code, { token: res.token, seat: res.seat });
        conn.connect(res.token);
      } catch (err) {
        showError(err.message);
      }
    },
  };

  function refresh(events) {
    if (!ctx.room) return;
    content.removeAttribute('aria-busy');
    feed.setCanChat(ctx.seat !== null);
    const want = ctx.room.status === 'lobby' || !ctx.game ? 'lobby' : 'game';
    if (want !== view) {
      view = want;
      if (want === 'lobby') {
        lobby = new Lobby(actions, feed.el);
        fill(content, lobby.el);
      } else {
        game = new GameScreen(actions, feed.el, feed);
        game.setBoard(ctx.board, ctx.seat);
        fill(content, game.el);
        document.title = `Room ${code} · Chowka Bhara`;
      }
    }
    if (view === 'lobby') lobby.update(ctx);
    else game.update(ctx, events);
    // Whoever asked for the rematch goes there straight away; others get a button.
    if (ctx.room.rematch && wantRematch) {
      wantRematch = false;
      actions.gotoRematch(ctx.room.rematch);
    }
  }

  let wantRematch = false;
  const plainRematch = actions.rematch;
  actions.rematch = () => {
    wantRematch = true;
    return plainRematch();
  };

  // A phone waking up: reconnect now rather than at the next backoff step.
  const onVisible = () => {
    if (document.visibilityState === 'visible') conn.reconnectNow();
  };
  document.addEventListener('visibilitychange', onVisible);

  document.title = `Room ${code} · Chowka Bhara`;
  conn.connect(seatFor(code)?.token ?? null);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    conn.close();
  };
}
