// The game screen: board, cowries, held values and pending throws, whose
// turn it is, move selection over the server's legal moves, skip, truces,
// the end of the game and the rematch.
//
// Choosing a move: a pawn then a square (markers show where each held
// value takes it), a pawn then a value, or a value then a pawn. When one
// choice still leaves several legal moves (a pair or a single, whom to
// hit, how many pawns enter), the choices are listed as buttons; moves that
// differ only in which of several pawns on one square goes are one choice.
// A move that would strand the turn (R12) asks first. With the setting
// "Move by itself when there is only one move" (on by default), a lone
// move plays by itself after a pause, and a tap on a pawn with a single
// square moves it at once (game-auto.js); keys are game-keys.js.
//
// Signals for the player: the tab title and the live region say when it is
// their turn, the last ten seconds of the clock are said, and so is a
// computer taking over a seat (clock run out, player away, or the host).
//
// This module keeps the screen's state and its selection; what a state's
// events say and do is game-events.js, the choice of a move in words and
// markers game-moves.js, the banner, controls, truces and result
// game-panels.js. Rules are the server's: legal moves with their walks, and
// the facts of the page (facts.js).

import { h, fill } from './dom.js';
import { BoardView } from './board.js';
import { showThrow } from './cowries.js';
import { renderPlayers, isMyTurn, seatLabel } from './players.js';
import { t, formatNumber } from './i18n.js';
import { announce } from './announce.js';
import { graceName, walkGeometry } from './facts.js';
import { digest, takeoverText } from './game-events.js';
import { AwayBar } from './game-away.js';
import { confirmStrand, describe, destinations, merged } from './game-moves.js';
import { hintText, renderBanner, renderControls, renderResult, renderTruce, startClock, watchBannerThrow } from './game-panels.js';
import { renderDays, startDaysClock } from './days.js';
import { doubtAction, settleAction } from './pending.js';
import { AutoMove } from './game-auto.js';
import { focusThrow, installKeys } from './game-keys.js';
import { ComputerHint } from './game-hint.js';

export class GameScreen {
  /**
   * @param {{act: (action: object) => boolean, rematch: () => void, gotoRematch: (code: string) => void}} actions
   * @param {HTMLElement} feedEl
   * @param {import('./feed.js').Feed} feed
   */
  constructor(actions, feedEl, feed) {
    this.actions = actions;
    this.feed = feed;
    this.sel = { pawn: null, value: null };
    this.choices = null;
    this.busy = false;
    // An action sent before the connection dropped (pending.js): the version
    // it was sent at, until a fresh state says whether it arrived.
    this.inDoubt = null;
    this.notSent = false;
    this.ctx = null;
    this.trail = [];
    // The legal moves of the last state drawn, with their walks: a `walked`
    // event in the next state is one of them.
    this.lastMoves = { seat: null, legal: [] };
    this.lastThrow = null;
    this.clockTimer = null;
    this.version = null;
    // Seen-before facts, to say what changed: whose seats a computer plays,
    // and whether it was the viewer's turn.
    this.standins = [];
    this.wasMine = false;
    this.clockEnd = null;
    // Seats the computer plays only because their clock ran out.
    this.timedOut = new Set();

    this.svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    this.svg.setAttribute('class', 'board');
    this.svg.setAttribute('role', 'group');
    this.board = new BoardView(this.svg, {
      onPawn: (seat, pawn) => this.pickPawn(seat, pawn),
      onDest: (key) => this.pickDest(key),
    });
    // Any tap on the board besides a pawn or a square stops a move about to play by itself.
    this.svg.addEventListener('click', () => this.clearSelection());
    this.auto = new AutoMove(this);
    this.svg.setAttribute('aria-describedby', 'keys-hint');
    const keysHint = installKeys(this);

    // Focusable by script only: where keyboard focus lands when the element
    // that had it disappears and nothing else can act (another's turn).
    this.banner = h('div', { class: 'turn-banner', tabindex: '-1' });
    this.clockEl = h('span', { class: 'clock', role: 'timer', 'aria-live': 'off' });
    this.daysClockEl = h('span', { class: 'days-clock', hidden: true });
    this.daysEl = h('section', { class: 'days card', 'aria-labelledby': 'days-title', hidden: true });
    // A small Throw in the banner for when the real one is scrolled out of
    // view (reading the log on a phone): the banner always stays in view.
    this.bannerThrow = h('button', { type: 'button', class: 'btn small primary banner-throw', hidden: true, onclick: () => this.send({ do: 'throw' }) }, t('game.throw'));
    this.cowries = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    this.cowries.setAttribute('class', 'cowries');
    this.cowries.setAttribute('viewBox', '0 0 240 80');
    this.cowries.setAttribute('role', 'img');
    showThrow(this.cowries, null, false);
    this.throwBtn = h('button', { type: 'button', class: 'btn primary big throw-btn', id: 'throw-btn', onclick: () => this.send({ do: 'throw' }) }, t('game.throw'));
    this.heldLabel = h('span', { class: 'held-label', id: 'held-label', text: t('game.held') });
    this.heldEl = h('div', { class: 'held', role: 'group', 'aria-labelledby': 'held-label' });
    this.pendingEl = h('span', { class: 'pending' });
    // The number beside the shells, for anyone still learning to read them.
    this.throwValueEl = h('span', { class: 'throw-value', 'aria-hidden': 'true' });
    this.hintEl = h('p', { class: 'hint move-hint', id: 'move-hint' });
    this.choiceEl = h('div', { class: 'choices', role: 'group', 'aria-label': t('game.chooseMove') });
    // "What would the computer do?" (game-hint.js).
    this.hinter = new ComputerHint(this, () => this.actions.hint?.() ?? false);
    this.skipBtn = h('button', { type: 'button', class: 'btn', id: 'skip-btn', onclick: () => this.send({ do: 'skip' }) }, t('game.skip'));
    this.cancelBtn = h('button', { type: 'button', class: 'btn ghost small', onclick: () => this.clearSelection(true) }, t('game.cancel'));
    this.controls = h('section', { class: 'controls card', 'aria-label': t('game.controls') },
      h('div', { class: 'throw-row' }, this.cowries, this.throwValueEl, h('div', { class: 'throw-side' }, this.throwBtn, this.pendingEl)),
      h('div', { class: 'held-row' }, this.heldLabel, this.heldEl, this.skipBtn),
      this.hintEl, this.choiceEl, h('div', { class: 'cancel-row' }, this.cancelBtn), this.hinter.el, this.auto.setting);
    this.resultEl = h('section', { class: 'result card', 'aria-live': 'polite', hidden: true });
    this.truceEl = h('section', { class: 'truce card', 'aria-labelledby': 'truce-title', hidden: true });
    this.playersEl = h('ul', { class: 'players', 'aria-label': t('game.players') });
    this.watchersEl = h('span', { class: 'watchers' });

    // Big moments (hits, lost turns, truces, time up) also show over the
    // middle of the board, where the player is looking, and never over the
    // turn banner: on a phone the log is below the fold. The live region
    // already speaks them.
    this.flashEl = h('div', { class: 'flash-msg', 'aria-hidden': 'true', hidden: true });
    this.dialog = h('dialog', { class: 'confirm', 'aria-labelledby': 'confirm-title' });
    // The page's one h1: screen-reader users find the game by it.
    this.heading = h('h1', { class: 'visually-hidden', id: 'game-heading', text: t('game.heading.plain') });
    // A computer playing the viewer's own seat, or that played while they
    // were away, or the table waiting for them: said under the banner.
    this.away = new AwayBar(this);

    this.el = h('section', { class: 'game', 'aria-labelledby': 'game-heading' },
      h('div', { class: 'board-col' }, this.heading, this.banner, this.away.el,
        h('div', { class: 'board-wrap' }, this.svg, this.flashEl, this.auto.line), keysHint),
      h('div', { class: 'side-col' },
        this.resultEl, this.controls, this.daysEl, this.truceEl,
        h('section', { class: 'card players-card', 'aria-labelledby': 'players-title' },
          h('h2', { id: 'players-title', class: 'panel-title' }, t('game.players'), this.watchersEl), this.playersEl, this.away.setting, this.hinter.setting),
        feedEl),
      this.dialog);
    watchBannerThrow(this);
  }

  setBoard(board, seat) {
    this.geom = board;
    this.walks = walkGeometry(board);
    this.board.setGeometry(board, seat);
  }

  who(seat) {
    return seatLabel(this.ctx, seat);
  }

  /** Whether the viewer is the seat to move in an ongoing game. */
  myTurn() {
    return isMyTurn(this.ctx);
  }

  /** New state from the server (with its events), or a presence change (events null). */
  update(ctx, events) {
    // room.js keeps one ctx object and changes it in place: what was seen
    // before is kept here.
    this.ctx = ctx;
    if (events) {
      this.busy = false;
      if (this.version !== ctx.version) {
        this.version = ctx.version;
        this.sel = { pawn: null, value: null };
        this.choices = null;
        this.notSent = false;
        if (this.dialog.open) this.dialog.close();
      }
      settleAction(this, ctx.version);
    }
    const anim = events ? digest(this, events) : { walks: [], hits: [], spoken: [] };
    if (events) this.lastMoves = { seat: ctx.game?.to_move ?? null, legal: ctx.game?.legal ?? [] };
    const spoken = anim.spoken;
    const takeover = takeoverText(this);
    if (takeover) {
      this.feed.event(takeover, 'penalty');
      // The viewer's own banner says it already: no flash over the board too.
      if (takeover !== t('game.standin.you')) this.flash(takeover, 'standin');
      spoken.push(takeover);
    }
    const away = this.away.news();
    if (away) {
      this.feed.event(away);
      if (away !== t('game.rightBack.you')) this.flash(away, 'standin');
      spoken.push(away);
    }
    const mine = this.myTurn();
    const turnStarts = mine && !this.wasMine;
    if (turnStarts) spoken.push(t('game.yourTurnSaid'));
    this.wasMine = mine;
    // A lone move about to play by itself is said with the throw that left it.
    const lone = events ? this.auto.arm() : null;
    if (lone) spoken.push(lone);
    if (spoken.length) announce(spoken.slice(-4).join(' '));
    this.render();
    if (turnStarts) focusThrow(this);
    if (anim.walks.length || anim.hits.length) this.board.animate(anim.walks, anim.hits);
  }

  showThrowValue(v) {
    this.throwValueEl.textContent = v ? formatNumber(v) : '';
    const grace = graceName(v);
    this.throwValueEl.title = grace ? t(`game.throwValue.${grace}`) : '';
    this.throwValueEl.classList.toggle('grace', !!grace);
  }

  flash(text, type) {
    clearTimeout(this.flashTimer);
    this.flashEl.textContent = text;
    this.flashEl.className = `flash-msg flash-${type}`;
    this.flashEl.hidden = false;
    // Long enough to read, short enough not to keep pawns hidden for long.
    this.flashTimer = setTimeout(() => (this.flashEl.hidden = true), Math.min(2000 + text.length * 20, 4500));
  }

  legal() {
    return this.myTurn() && !this.busy ? this.ctx.game.legal : [];
  }

  /** Legal moves matching the current selection. */
  candidates() {
    const { pawn, value } = this.sel;
    return this.legal().filter((m) => (pawn === null || m.pawns.includes(pawn)) && (value === null || m.value === value));
  }

  pickPawn(seat, pawn) {
    if (seat !== this.ctx.seat || !this.myTurn()) return;
    // A tap stops a move about to play by itself; the tap then counts as a choice of its own.
    this.auto.interrupt();
    if (this.sel.pawn === pawn) {
      this.clearSelection(true);
      return;
    }
    this.sel.pawn = pawn;
    this.choices = null;
    if (this.sel.value !== null && !this.candidates().length) this.sel.value = null;
    if (this.sel.value !== null) this.resolve(this.candidates());
    else if (this.auto.on) {
      // One square for this pawn: the tap moves it (or lists what differs there).
      const squares = destinations(this);
      if (squares.length === 1) {
        this.pickDest(squares[0].key);
        return;
      }
    }
    this.render();
    this.focusFirst('.dest, .choices button');
  }

  pickValue(v) {
    if (!this.myTurn()) return;
    this.auto.interrupt();
    this.sel.value = this.sel.value === v ? null : v;
    this.choices = null;
    if (this.sel.pawn !== null && this.sel.value !== null) {
      const c = this.candidates();
      if (!c.length) this.sel.pawn = null;
      else this.resolve(c);
    }
    this.render();
    // A value alone lists its moves as buttons too: big targets on a phone,
    // and every move reachable without finding a pawn on the board.
    if (this.sel.pawn === null && this.sel.value !== null) {
      const c = merged(this, this.candidates());
      if (c.length <= 8) this.choices = c;
      this.render();
    }
    if (this.sel.pawn === null && this.sel.value !== null) this.focusFirst('.choices button, .pawn.movable');
    else this.focusFirst('.choices button');
  }

  pickDest(key) {
    // The marked square of a move about to play: the player plays it now.
    this.auto.stop();
    const moves = this.candidates().filter((m) => this.destKey(m) === key);
    this.resolve(moves);
    this.render();
    this.focusFirst('.choices button');
  }

  /** With several moves left, list them; with one, play it. */
  resolve(moves) {
    const distinct = merged(this, moves);
    if (distinct.length === 1) this.play(distinct[0]);
    else if (distinct.length > 1) this.choices = distinct;
  }

  clearSelection(rerender = true) {
    const stopped = this.auto.interrupt();
    if (!stopped && this.sel.pawn === null && this.sel.value === null && !this.choices) return;
    this.sel = { pawn: null, value: null };
    this.choices = null;
    if (rerender) this.render();
  }

  destKey(m) {
    const q = this.geom.paths[this.ctx.seat][m.to];
    return `${q.row},${q.col}`;
  }

  /** Plays a legal move, asking first if it strands the turn (R12). */
  play(m) {
    if (m.strands) {
      confirmStrand(this, m);
      return;
    }
    const action = { do: 'move', pawns: m.pawns, value: m.value };
    if (m.target !== undefined && m.target !== null) action.target = m.target;
    this.send(action);
  }

  send(action) {
    if (this.busy) return;
    if (this.actions.act(action)) {
      this.busy = true;
      this.notSent = false;
      this.sel = { pawn: null, value: null };
      this.choices = null;
      this.render();
    }
  }

  /** The connection dropped: an action awaiting its answer waits for the state after the reconnect. */
  connectionLost() {
    if (doubtAction(this)) this.render();
  }

  /** Called when the server refused something: the controls come back. */
  refused() {
    this.busy = false;
    this.hinter.refused();
    this.render();
  }

  /** The server's answer to "what would the computer do?". */
  hinted(msg) {
    this.hinter.received(msg);
  }

  /** Shows a move on the board as if its pawn and value were picked: the square it goes to is marked. */
  showMove(m) {
    this.auto.interrupt();
    this.sel = { pawn: m.pawns[0], value: m.value };
    this.choices = null;
    this.render();
  }

  focusFirst(selector) {
    // Keep keyboard users moving through the choice; mouse users see no ring
    // because the browser only shows :focus-visible after keyboard use.
    const el = this.el.querySelector(selector);
    if (el && this.el.contains(document.activeElement)) el.focus({ preventScroll: true });
  }

  render() {
    const { room, game, seat } = this.ctx;
    if (!game) return;
    const mine = this.myTurn();
    const legal = this.legal();
    const hadFocus = this.el.contains(document.activeElement) && document.activeElement !== document.body;
    const focusKey = document.activeElement?.id || document.activeElement?.dataset?.key || (document.activeElement?.dataset?.pawn !== undefined ? `pawn-${document.activeElement.dataset.pawn}` : null);

    // Board.
    const movable = new Set();
    const selectable = this.sel.value === null ? legal : legal.filter((m) => m.value === this.sel.value);
    for (const m of selectable) for (const p of m.pawns) movable.add(`${seat}:${p}`);
    const selected = new Set(this.sel.pawn !== null ? [`${seat}:${this.sel.pawn}`] : []);
    const dests = this.sel.pawn !== null && !this.choices ? destinations(this) : [];
    this.board.render(game, { movable, selected, dests, trail: this.trail, seatLabel: (s) => this.who(s) });

    // Banner: whose turn, or the result.
    const over = game.result !== 'ongoing';
    const toMove = game.to_move;
    renderBanner(this, mine);
    this.heading.textContent = t('game.heading', { code: this.ctx.code });
    // The tab says so when it is your turn, even while another tab is open.
    document.title = mine ? t('game.tabTitle.turn', { game: t('site.gameName') }) : t('game.tabTitle.room', { code: this.ctx.code, game: t('site.gameName') });
    this.away.render();
    this.away.renderSetting();
    startClock(this, room.clock_ms, over, mine);
    startDaysClock(this);
    // At the end the result is the news: no stale flash over it.
    if (over) this.flashEl.hidden = true;

    renderControls(this, mine, legal);
    this.hinter.render(mine);
    this.throwBtn.classList.toggle('hinted', this.hinter.saysThrow());

    this.hintEl.textContent = hintText(this, legal, mine);
    fill(this.choiceEl, (this.choices || []).map((m, i) =>
      h('button', { type: 'button', class: ['btn', 'choice', m.strands && 'warn'], 'data-choice': i, onclick: () => this.play(m) }, describe(m, this))));
    // On a phone the list can fall below the fold: bring it into view once.
    if (this.choices && this.choices !== this.shownChoices) {
      this.shownChoices = this.choices;
      requestAnimationFrame(() => this.choiceEl.scrollIntoView({ block: 'nearest' }));
    }
    // A move about to play has its own Cancel, over the board.
    this.cancelBtn.parentElement.hidden = this.auto.armed || (this.sel.pawn === null && this.sel.value === null && !this.choices);
    this.auto.render();

    // Vacation (days games), truces (3-4 players with O6), result, players.
    renderDays(this);
    renderTruce(this);
    renderResult(this);
    renderPlayers(this.playersEl, this.ctx, {
      onStandIn: (i) => this.actions.standIn?.(i),
      onRightBack: () => this.actions.rightBack?.(),
      reconnecting: this.away.reconnecting(),
    });
    const watching = this.ctx.presence?.spectators ?? 0;
    this.watchersEl.textContent = watching ? ` ${t('game.watching', { n: watching })}` : '';

    // A re-render replaces the focused node; put focus back on its successor
    // or on the next useful action so keyboard play flows.
    if (hadFocus && !this.el.contains(document.activeElement)) {
      const again = focusKey && (this.el.querySelector(`#${CSS.escape(focusKey)}:not([hidden]):not([disabled])`) ||
        this.el.querySelector(`[data-key="${CSS.escape(focusKey)}"]`) ||
        (focusKey.startsWith('pawn-') && this.el.querySelector(`.pawn.movable[data-pawn="${focusKey.slice(5)}"]`)));
      const next = again || this.el.querySelector('#throw-btn:not([hidden]):not([disabled]), .choices button, .dest, .pawn.movable, .held .chip:not([disabled]), #skip-btn:not([hidden]):not([disabled])');
      next?.focus({ preventScroll: true });
      // A disabled or hidden element refuses focus: the banner always takes it.
      if (!this.el.contains(document.activeElement)) this.banner.focus({ preventScroll: true });
    }
    // Each render is marked with the state version it shows, and whether an
    // action of ours awaits the server's answer: what tests wait for.
    this.el.dataset.version = String(this.ctx.version);
    this.el.dataset.busy = String(this.busy);
  }
}
