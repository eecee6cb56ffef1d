// A room page (/r/CODE): owns the connection and the latest state, and
// shows the lobby or the game. The seat token comes from localStorage, so
// a reload lands back in the same seat; a spectator simply has none. A
// personal link (/r/CODE#seat=TOKEN, devices.js) brings the token along.

import { h, fill } from './dom.js';
import { Connection } from './connection.js';
import { Lobby } from './lobby.js';
import { GameScreen } from './game.js';
import { Feed } from './feed.js';
import { seatFor, saveSeat, saveName } from './storage.js';
import { showError, announce } from './announce.js';
import { errorText, SEATS } from './names.js';
import { feedLines } from './events.js';
import { walkGeometry } from './facts.js';
import { seatName } from './players.js';
import { takeSeatFromLink, showDevicesDialog } from './devices.js';
import { sound } from './sound.js';
import * as api from './api.js';
import { ruleLinksOpenDialogs } from './rule-link.js';
import { t } from './i18n.js';
import { offerSeed, isQuietRefusal } from './fair.js';
import { roomBar } from './room-bar.js';
import { clockOut, clockOutText } from './days.js';

/**
 * Renders the room `code` into `container`; returns a cleanup function.
 * `TextScreen`, when given, draws the game in its place (the text mode,
 * text-game.js).
 */
export function roomView(container, rawCode, navigate, TextScreen = null) {
  const code = rawCode.toUpperCase().replace(/[^0-9A-Z]/g, '');
  // A personal link: keep its seat for this room (the welcome fills in the
  // seat number), and the fragment is already gone from the address bar.
  const linked = takeSeatFromLink();
  if (linked) saveSeat(code, { token: linked, seat: null });
  const ctx = { code, seat: null, board: null, version: -1, room: null, game: null, presence: null };
  let view = null; // 'lobby' | 'game'
  let lobby = null;
  let game = null;
  // The welcome's history waits for the state after it, which names the seats.
  let pendingHistory = null;
  // Set when we asked to leave our seat, to tell that apart from being removed.
  let leaving = false;
  // Set once the page told a seatless viewer why they are watching (a seat
  // lost, a stale link): from then on the bar says "Watching" even in a
  // lobby. Until then a guest in a lobby is greeted, not called a watcher.
  let toldWatching = false;
  const roomTitle = t('title.room', { code, game: t('site.gameName') });

  const { header, banner, statusPill, watching, devicesBtn, showStatus } = roomBar(code, () => actions.devices());
  const content = h('div', { class: 'room-content', 'aria-busy': 'true' }, h('p', { class: 'loading', text: t('room.loading') }));
  const seatNotice = h('p', { class: 'seat-notice', role: 'status', hidden: true });
  container.replaceChildren(header, banner, seatNotice, content);
  ruleLinksOpenDialogs(content);

  const feed = new Feed({ onSend: (text) => sendMsg({ type: 'chat', text }) });

  function sendMsg(msg) {
    if (conn.send(msg)) return true;
    showError(t('room.notConnected'));
    return false;
  }

  const conn = new Connection(code, { onMessage, onStatus });

  /** The connection's state: the bar shows it, and a lost one puts an action awaiting its answer in doubt. */
  function onStatus(st) {
    showStatus(st);
    if (st.state !== 'open') game?.connectionLost();
  }

  function onMessage(msg) {
    switch (msg.type) {
      case 'welcome': {
        const had = ctx.seat;
        ctx.seat = msg.seat ?? null;
        ctx.board = msg.board;
        // The full state that follows a welcome is always taken, even at the
        // same version (our seat may have changed, e.g. after taking one).
        ctx.version = -1;
        const held = seatFor(code);
        if (held && ctx.seat !== null && held.seat !== ctx.seat) saveSeat(code, { ...held, seat: ctx.seat });
        if (had !== null && ctx.seat === null) lostSeat();
        watching.textContent = t('room.watching');
        showWatching();
        devicesBtn.hidden = ctx.seat === null || !seatFor(code)?.token;
        pendingHistory = msg.history ?? [];
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
        game?.chatted?.(msg);
        break;
      case 'threats':
        // The answer to the text mode's "threats" (text-game.js).
        game?.threats?.(msg);
        break;
      case 'hint':
        // "What would the computer do?", to us alone (game-hint.js).
        game?.hinted?.(msg);
        break;
      case 'error':
        onError(msg);
        break;
      case 'clock_out':
        // A clock over days ran out: the computer plays that one turn. A
        // live clock's running out is said with the state that follows
        // (game-events.js), in the present tense of a table in play.
        if (game && ctx.room?.pace === 'days') clockOut(game, msg.seat);
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
    // The seat a computer played this state's events for, if it did.
    ctx.standIn = msg.stand_in ?? null;
    // Empty seats are dropped at the start (docs/protocol.md), which can
    // change our seat number and the board's sides. The server welcomes
    // everyone again at the start; should a state still disagree with our
    // board, a fresh hello gets the right welcome.
    if (before && before.status === 'lobby' && msg.room.status !== 'lobby' && ctx.board && ctx.board.sides.length !== msg.room.seats.length) {
      ctx.version = -1;
      conn.connect();
      return;
    }
    // Our seed for the fair throws goes before anything we do in this game.
    offerSeed(msg, ctx.seat, (m) => conn.send(m));
    if (pendingHistory) {
      // Kept for a game screen drawn later (the text mode's "last").
      ctx.history = pendingHistory;
      replayHistory(pendingHistory);
      pendingHistory = null;
    }
    if (before?.status === 'lobby' && msg.room.status === 'playing') {
      // Said, not logged: the log's "Round 1" line marks the start, the same
      // live as in the history a reload replays.
      announce(t('room.started'));
    }
    refresh(msg.events || []);
  }

  /**
   * The table log as if we had been here: the welcome's history (oldest
   * first) replaces whatever the log held, with no sound, flash or
   * announcement. Needs the room's seats for names, hence after the state.
   */
  function replayHistory(items) {
    const seats = ctx.room.seats;
    const who = (s) => seatName(seats[s]) || SEATS[s]?.colour;
    const lines = [];
    for (const item of items) {
      if (item.kind === 'chat') lines.push({ chat: item });
      else if (item.kind === 'events' && ctx.board) lines.push(...feedLines(item.events, who, walkGeometry(ctx.board), ctx.seat, item.stand_in));
      else if (item.kind === 'clock_out') lines.push({ text: clockOutText(item.seat, ctx.seat, who), kind: 'penalty' });
    }
    feed.clear();
    feed.replay(lines);
  }

  /**
   * The bar's "Watching": for a viewer without a seat, except a guest the
   * lobby is still greeting (they have not decided yet) and a page that
   * does not know yet what it shows.
   */
  function showWatching() {
    const greeted = view === null || (view === 'lobby' && lobby.greets);
    watching.hidden = ctx.seat !== null || (greeted && !toldWatching);
  }

  /** Our seat is gone (we left it, or the host gave it away): forget its token and say so. */
  function lostSeat() {
    toldWatching = true;
    saveSeat(code, null);
    conn.forgetToken();
    showSeatNotice(leaving ? t('room.leftSeat') : t('room.seatGivenAway'));
    leaving = false;
  }

  function showSeatNotice(text) {
    fill(seatNotice, h('span', { text }), ' ',
      h('button', { type: 'button', class: 'btn ghost small', onclick: () => (seatNotice.hidden = true) }, t('room.ok')));
    seatNotice.hidden = false;
  }

  function onError(msg) {
    // A late or second seed (fair.js): nothing changed, nothing to say.
    if (isQuietRefusal(msg.code)) return;
    const text = errorText(msg.code, msg.message);
    // A refused request to leave: the seat is still ours.
    leaving = false;
    if (msg.code === 'bad_token') {
      // The token is not a seat of this room: forget it and watch instead.
      saveSeat(code, null);
      toldWatching = true;
      if (linked) {
        showSeatNotice(t('room.linkStale'));
      } else {
        showError(t('room.badTokenWatching', { error: text }));
      }
      conn.connect(null);
      return;
    }
    if (msg.code === 'no_such_room') {
      conn.close();
      statusPill.className = 'conn-pill refused';
      statusPill.textContent = t('room.noRoomShort');
      banner.hidden = true;
      document.title = t('title.noRoom', { game: t('site.gameName') });
      fill(content, h('section', { class: 'card not-found' },
        h('h1', { text: t('room.noRoom') }),
        h('p', { text: t('room.noRoomText', { code }) }),
        h('p', {}, h('a', { href: '/', class: 'btn primary', text: t('room.backHome') }))));
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
    /** The host, in the lobby: empties a seat (a person or a computer). */
    remove: (seat) => sendMsg({ type: 'remove', seat }),
    /** A seated person (not the host), in the lobby: gives up their seat. */
    leaveSeat() {
      leaving = sendMsg({ type: 'leave_seat' });
      return leaving;
    },
    /** The host, during a game: a computer plays `seat` until its player takes it back. */
    standIn: (seat) => sendMsg({ type: 'stand_in', seat }),
    /** A player whose seat a computer is playing takes it back. */
    takeBack: () => sendMsg({ type: 'take_back' }),
    rightBack: () => sendMsg({ type: 'right_back' }),
    setTakeover: (secs) => sendMsg({ type: 'set_takeover', secs }),
    /** Over days: a break of `days` days that stops our clock; and back early. */
    vacation: (days) => sendMsg({ type: 'vacation', days }),
    back: () => sendMsg({ type: 'back' }),
    /** Shows our personal link and its QR code, to carry on from another device. */
    devices() {
      const token = seatFor(code)?.token;
      if (token && ctx.seat !== null) showDevicesDialog(code, token);
    },
    rematch: () => sendMsg({ type: 'rematch' }),
    /** A chat line (the text mode's "chat"; the table log's box sends its own). */
    chat: (text) => sendMsg({ type: 'chat', text }),
    /** Asks the server which of our pawns could be hit (the text mode's "threats"). */
    threats: () => sendMsg({ type: 'threats' }),
    /** Asks what the computer would do in our turn (game-hint.js). */
    hint: () => sendMsg({ type: 'hint' }),
    /** The host turns hints on or off for the table. */
    setHints: (on) => sendMsg({ type: 'set_hints', on }),
    /** A guest chose to watch a full lobby. */
    watched: () => refresh(null),
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
        seatNotice.hidden = true;
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
        game = TextScreen ? new TextScreen(actions, feed.el, feed) : new GameScreen(actions, feed.el, feed);
        game.setBoard(ctx.board, ctx.seat);
        fill(content, game.el);
        document.title = roomTitle;
      }
    }
    if (view === 'lobby') lobby.update(ctx);
    else game.update(ctx, events);
    showWatching();
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

  document.title = roomTitle;
  conn.connect(seatFor(code)?.token ?? null);
  return () => conn.close();
}
