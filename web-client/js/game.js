// The game screen: board, cowries, held values and pending throws, whose
// turn it is, move selection over the server's legal moves, skip, truces,
// the end of the game and the rematch.
//
// Choosing a move: a pawn then a square (markers show where each held
// value takes it), a pawn then a value, or a value then a pawn. When one
// choice still leaves several legal moves (a pair or a single, whom to
// hit, how many pawns enter), the choices are listed as buttons; moves that
// differ only in which of several pawns on one square goes are one choice.
// A move that would strand the turn (R12) asks first.
//
// Signals for the player: the tab title and the live region say when it is
// their turn, the last ten seconds of the clock are said, and so is a
// computer taking over a seat (clock run out, player away, or the host).

import { h, fill } from './dom.js';
import { BoardView } from './board.js';
import { showThrow } from './cowries.js';
import { eventText, feedLines, listOf } from './events.js';
import { renderPlayers, seatName, swatch, textWith } from './players.js';
import { t } from './i18n.js';
import { announce } from './announce.js';
import { sound } from './sound.js';
import { SEATS } from './names.js';

/** Events worth a message over the board, not only a line in the log. */
const FLASH = new Set(['hit', 'grace_penalty', 'turn_undone', 'held_forfeited', 'truce_offered', 'truce_accepted', 'betrayal', 'relay']);

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
    this.svg.addEventListener('click', () => this.clearSelection());

    // Focusable by script only: where keyboard focus lands when the element
    // that had it disappears and nothing else can act (another's turn).
    this.banner = h('div', { class: 'turn-banner', tabindex: '-1' });
    this.clockEl = h('span', { class: 'clock', role: 'timer', 'aria-live': 'off' });
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
    this.skipBtn = h('button', { type: 'button', class: 'btn', id: 'skip-btn', onclick: () => this.send({ do: 'skip' }) }, t('game.skip'));
    this.cancelBtn = h('button', { type: 'button', class: 'btn ghost small', onclick: () => this.clearSelection(true) }, t('game.cancel'));
    this.controls = h('section', { class: 'controls card', 'aria-label': t('game.controls') },
      h('div', { class: 'throw-row' }, this.cowries, this.throwValueEl, h('div', { class: 'throw-side' }, this.throwBtn, this.pendingEl)),
      h('div', { class: 'held-row' }, this.heldLabel, this.heldEl, this.skipBtn),
      this.hintEl, this.choiceEl, h('div', { class: 'cancel-row' }, this.cancelBtn));
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
    // A computer playing the viewer's own seat (they were away, the clock
    // ran out, or the host handed it over): they can take it back.
    this.standinText = h('span', { class: 'standin-text' });
    this.standinEl = h('div', { class: 'standin-mine', role: 'status', hidden: true },
      this.standinText,
      h('button', { type: 'button', class: 'btn small primary', id: 'take-back-btn', onclick: () => this.actions.takeBack?.() }, t('game.takeBack')));

    this.el = h('section', { class: 'game', 'aria-labelledby': 'game-heading' },
      h('div', { class: 'board-col' }, this.heading, this.banner, this.standinEl,
        h('div', { class: 'board-wrap' }, this.svg, this.flashEl)),
      h('div', { class: 'side-col' },
        this.resultEl, this.controls, this.truceEl,
        h('section', { class: 'card players-card', 'aria-labelledby': 'players-title' },
          h('h2', { id: 'players-title', class: 'panel-title' }, t('game.players'), this.watchersEl), this.playersEl),
        feedEl),
      this.dialog);
    // Any scroll (the page, or the side column on wide screens) may take
    // Throw out of view or bring it back; checked once a frame at most.
    let queued = false;
    const onScroll = () => {
      if (!this.el.isConnected && this.shown) {
        window.removeEventListener('scroll', onScroll, true);
        window.removeEventListener('resize', onScroll);
        return;
      }
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        this.showBannerThrow();
      });
    };
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    this.el.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && (this.sel.pawn !== null || this.sel.value !== null)) this.clearSelection(true);
    });
  }

  setBoard(board, seat) {
    this.geom = board;
    this.board.setGeometry(board, seat);
  }

  who(seat) {
    return seatName(this.ctx?.room.seats[seat]) || SEATS[seat]?.colour;
  }

  /** Whether the viewer is the seat to move in an ongoing game. */
  myTurn() {
    const c = this.ctx;
    return !!(c && c.game && c.seat !== null && c.game.result === 'ongoing' && c.game.to_move === c.seat && c.room.status === 'playing');
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
        if (this.dialog.open) this.dialog.close();
      }
    }
    const anim = events ? this.digest(events) : { walks: [], hits: [], spoken: [] };
    if (events) this.lastMoves = { seat: ctx.game?.to_move ?? null, legal: ctx.game?.legal ?? [] };
    const spoken = anim.spoken;
    const takeover = this.takeovers();
    if (takeover) {
      this.feed.event(takeover, 'penalty');
      // The viewer's own banner says it already: no flash over the board too.
      if (takeover !== t('game.standin.you')) this.flash(takeover, 'standin');
      spoken.push(takeover);
    }
    const mine = this.myTurn();
    if (mine && !this.wasMine) spoken.push(t('game.yourTurnSaid'));
    this.wasMine = mine;
    if (spoken.length) announce(spoken.slice(-4).join(' '));
    this.render();
    if (anim.walks.length || anim.hits.length) this.board.animate(anim.walks, anim.hits);
  }

  /**
   * A sentence when a computer has just begun to play a person's seat: the
   * turn clock ran out, the player is away, or the host handed it over.
   * The server says so only by the seat's `standin` flag; the clock running
   * out is told apart by the clock's deadline having passed.
   */
  takeovers() {
    const { room, game } = this.ctx;
    const before = this.standins;
    this.standins = room.seats.map((s) => !!s.standin);
    if (!game || game.result !== 'ongoing' || !before.length) return null;
    const me = this.ctx.seat;
    const said = [];
    room.seats.forEach((seat, i) => {
      if (seat.bot || !!seat.standin === before[i]) return;
      if (!seat.standin) {
        // A turn played for a clock run out ends by itself: nothing to say.
        if (this.timedOut.delete(i)) return;
        said.push(i === me ? t('game.back.you') : t('game.back.other', { who: this.who(i) }));
        return;
      }
      const timeUp = i === game.to_move && this.clockEnd !== null && Date.now() >= this.clockEnd - 1500;
      if (timeUp) {
        this.timedOut.add(i);
        said.push(i === me ? t('game.timeUp.you') : t('game.timeUp.other', { who: this.who(i) }));
      } else {
        said.push(i === me ? t('game.standin.you') : t('game.standin.other', { who: this.who(i) }));
      }
    });
    return said.length ? said.join(' ') : null;
  }

  /** Turns events into log lines, sounds and animations; returns them with the sentences to speak. */
  digest(events) {
    const walks = [];
    const hits = [];
    let trail = null;
    const who = (s) => this.who(s);
    const me = this.ctx.seat;
    for (const e of events) {
      switch (e.type) {
        case 'thrown':
          this.lastThrow = e.value;
          showThrow(this.cowries, e.value, true);
          this.showThrowValue(e.value);
          sound.throw();
          if (e.value === 4 || e.value === 8) sound.grace();
          break;
        case 'walked': {
          // The squares walked are the server's: the walk of this move among
          // the legal moves of the state before. Should that state have been
          // missed, the pawn hops straight to where it ended.
          const positions = this.walkOf(e) ?? [e.from, e.to];
          walks.push({ seat: e.player, pawns: e.pawns, positions: positions.slice(0, -1) });
          trail = positions.map((p) => this.geom.paths[e.player][p]);
          break;
        }
        case 'entered':
          hits.push({ seat: e.player, pawns: e.pawns });
          trail = [this.geom.paths[e.player][0]];
          break;
        case 'hit':
          hits.push({ seat: e.victim, pawns: e.pawns });
          setTimeout(() => sound.hit(), 300);
          break;
        case 'grace_penalty':
        case 'turn_undone':
        case 'held_forfeited':
          sound.lose();
          break;
        case 'turn_began':
          this.lastThrow = null;
          showThrow(this.cowries, null, false);
          this.showThrowValue(null);
          if (e.player === me) setTimeout(() => sound.turn(), 250);
          break;
        case 'won':
        case 'draw':
          sound.win();
          break;
        default:
          break;
      }
      if (FLASH.has(e.type)) {
        const text = eventText(e, who, this.geom.centre, me);
        if (text) this.flash(text, e.type);
      }
    }
    // The log: one source with the history replayed on (re)connect.
    const lines = feedLines(events, who, this.geom.centre, me);
    for (const l of lines) this.feed.event(l.text, l.kind);
    const spoken = lines.filter((l) => l.kind !== 'turn').map((l) => l.text);
    if (trail) this.trail = trail;
    if (!events.length) {
      // A fresh full state: nothing to animate, no throw to show.
      showThrow(this.cowries, null, false);
      this.showThrowValue(null);
    }
    return { walks, hits, spoken };
  }

  /** The banner's Throw shows while the real one can be used but is out of view. */
  showBannerThrow() {
    let away = false;
    if (!this.throwBtn.hidden && this.el.isConnected) {
      this.shown = true;
      const r = this.throwBtn.getBoundingClientRect();
      const b = this.banner.getBoundingClientRect();
      // Under the sticky banner counts as out of view too.
      const underBanner = r.left < b.right && b.left < r.right && r.top < b.bottom && r.bottom > b.top;
      away = underBanner || r.top < 0 || r.bottom > window.innerHeight;
    }
    this.bannerThrow.hidden = !away;
    this.bannerThrow.disabled = this.throwBtn.disabled;
  }

  /** The walk (path positions) the server gave the move of a `walked` event, if it was among the last legal moves. */
  walkOf(e) {
    if (this.lastMoves.seat !== e.player) return null;
    const same = (a, b) => a.length === b.length && a.every((p, i) => p === b[i]);
    const m = this.lastMoves.legal.find((l) => l.value === e.value && same(l.pawns, e.pawns));
    const w = m?.walk;
    return w && w[0] === e.from && w[w.length - 1] === e.to ? w : null;
  }

  showThrowValue(v) {
    this.throwValueEl.textContent = v ? String(v) : '';
    this.throwValueEl.title = v === 4 ? t('game.throwValue.chowka') : v === 8 ? t('game.throwValue.bhara') : '';
    this.throwValueEl.classList.toggle('grace', v === 4 || v === 8);
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
    if (this.sel.pawn === pawn) {
      this.clearSelection(true);
      return;
    }
    this.sel.pawn = pawn;
    this.choices = null;
    if (this.sel.value !== null && !this.candidates().length) this.sel.value = null;
    if (this.sel.value !== null) this.resolve(this.candidates());
    this.render();
    this.focusFirst('.dest, .choices button');
  }

  pickValue(v) {
    if (!this.myTurn()) return;
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
      const c = this.merged(this.candidates());
      if (c.length <= 8) this.choices = c;
      this.render();
    }
    if (this.sel.pawn === null && this.sel.value !== null) this.focusFirst('.choices button, .pawn.movable');
    else this.focusFirst('.choices button');
  }

  pickDest(key) {
    const moves = this.candidates().filter((m) => this.destKey(m) === key);
    this.resolve(moves);
    this.render();
    this.focusFirst('.choices button');
  }

  /** With several moves left, list them; with one, play it. */
  resolve(moves) {
    const distinct = this.merged(moves);
    if (distinct.length === 1) this.play(distinct[0]);
    else if (distinct.length > 1) this.choices = distinct;
  }

  /**
   * One move for each different outcome: moves whose pawns stand on the
   * same square(s) with the same value, destination, hit and warning are
   * the same choice for the player (four pawns at home, each "with 1"),
   * so the first stands for them all; `same` counts them.
   */
  merged(moves) {
    const g = this.ctx.game;
    const me = this.ctx.seat;
    const groups = new Map();
    for (const m of moves) {
      const from = m.pawns.map((p) => g.pawns[me][p]).sort((a, b) => (a ?? -1) - (b ?? -1));
      const key = JSON.stringify([from, m.value, m.to, m.hits ?? null, m.target ?? null, !!m.strands, !!m.commits]);
      const known = groups.get(key);
      if (known) known.same++;
      else groups.set(key, { ...m, same: 1 });
    }
    return [...groups.values()];
  }

  clearSelection(rerender = true) {
    if (this.sel.pawn === null && this.sel.value === null && !this.choices) return;
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
      this.confirmStrand(m);
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
      this.sel = { pawn: null, value: null };
      this.choices = null;
      this.render();
    }
  }

  /** Called when the server refused something: the controls come back. */
  refused() {
    this.busy = false;
    this.render();
  }

  confirmStrand(m) {
    const undo = this.ctx.room.rules.stranded === 'undo';
    fill(this.dialog,
      h('h2', { id: 'confirm-title', text: t('game.strand.title') }),
      // The move on a line of its own, then what it leads to: two whole sentences.
      h('p', { class: 'strand-move' }, h('strong', { text: describe(m, this, false) })),
      h('p', { text: t(undo ? 'game.strand.undo' : 'game.strand.forfeit') }),
      h('div', { class: 'dialog-buttons' },
        h('button', { type: 'button', class: 'btn', autofocus: true, onclick: () => this.dialog.close() }, t('game.strand.another')),
        h('button', {
          type: 'button', class: 'btn danger', id: 'strand-confirm',
          onclick: () => {
            this.dialog.close();
            this.play({ ...m, strands: false });
          },
        }, t('game.strand.anyway'))));
    this.dialog.showModal();
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
    let dests = [];
    if (this.sel.pawn !== null && !this.choices) {
      const groups = new Map();
      for (const m of this.candidates()) {
        const key = this.destKey(m);
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push(m);
      }
      dests = [...groups.entries()].map(([key, moves]) => {
        const values = [...new Set(moves.map((m) => m.value))].sort((a, b) => a - b);
        const hit = moves.some((m) => m.hits !== null && m.hits !== undefined);
        return {
          key,
          square: this.geom.paths[seat][moves[0].to],
          label: values.join('/'),
          hit,
          strands: moves.every((m) => m.strands),
          // Short phrases, each whole in the catalog, joined by commas.
          aria: [t('game.dest', { values: listOf(values, 'disjunction') }), hit && t('game.dest.hits'), moves.some((m) => m.strands) && t('game.dest.strands')].filter(Boolean).join(', '),
        };
      });
    }
    this.board.render(game, { movable, selected, dests, trail: this.trail, seatLabel: (s) => this.who(s) });

    // Banner: whose turn, or the result.
    const over = game.result !== 'ongoing';
    const toMove = game.to_move;
    this.banner.className = `turn-banner seat-${toMove}${mine ? ' mine' : ''}${over ? ' over' : ''}`;
    // A long name is cut short with an ellipsis (the whole name in its
    // title), so the banner stays one line and never widens the page.
    const nameSpan = (s) => h('span', { class: 'turn-name', title: this.who(s), text: this.who(s) });
    if (over) {
      const w = game.result.winner;
      fill(this.banner, w !== undefined
        ? [swatch(w), h('strong', { class: 'turn-who' }, w === seat ? t('game.banner.youWon') : textWith('game.banner.won', {}, { who: nameSpan(w) }))]
        : h('strong', { class: 'turn-who', text: t('game.banner.draw') }));
    } else {
      const computer = room.seats[toMove]?.standin && !room.seats[toMove]?.bot;
      fill(this.banner, swatch(toMove),
        h('strong', { class: 'turn-who' }, mine ? t('game.banner.yourTurn') : textWith('game.banner.turn', {}, { who: nameSpan(toMove) })),
        computer && h('span', { class: 'turn-standin', text: t(mine ? 'game.banner.computerPlaysYours' : 'game.banner.computerPlaying') }),
        h('span', { class: 'round', text: t('game.banner.round', { round: game.round }) }),
        this.clockEl, this.bannerThrow);
    }
    this.heading.textContent = t('game.heading', { code: this.ctx.code });
    // The tab says so when it is your turn, even while another tab is open.
    document.title = mine ? t('game.tabTitle.turn', { game: t('site.gameName') }) : t('game.tabTitle.room', { code: this.ctx.code, game: t('site.gameName') });
    const myStandin = seat !== null && !over && room.seats[seat]?.standin;
    this.standinEl.hidden = !myStandin;
    if (myStandin) this.standinText.textContent = this.timedOut.has(seat) ? t('game.timeUp.mine') : t('game.standin.you');
    this.startClock(room.clock_ms, over, mine);
    // At the end the result is the news: no stale flash over it.
    if (over) this.flashEl.hidden = true;

    // Controls.
    this.controls.hidden = over;
    const heldValues = game.held.slice().sort((a, b) => a - b);
    const usable = new Set(legal.map((m) => m.value));
    this.throwBtn.hidden = !(mine && game.can_throw);
    this.throwBtn.disabled = this.busy;
    this.throwBtn.textContent = game.pending > 1 ? t('game.throwLeft', { n: game.pending }) : t('game.throw');
    const toCome = game.pending ? t('game.pending.toCome', { n: game.pending }) : t('game.pending.none');
    // Two separate facts, each whole in the catalog.
    this.pendingEl.textContent = over ? '' : [toCome, game.run && t('game.pending.run', { n: game.run })].filter(Boolean).join(' · ');
    const seen = new Map();
    this.heldLabel.textContent = mine ? t('game.held') : t('game.holds', { who: this.who(toMove) });
    fill(this.heldEl, heldValues.length && !mine ? heldValues.map((v) => h('span', { class: ['chip', 'static', (v === 4 || v === 8) && 'grace'], text: String(v) }))
      : heldValues.length ? heldValues.map((v) => {
      const nth = (seen.get(v) || 0) + 1;
      seen.set(v, nth);
      const canUse = mine && usable.has(v) && !this.busy;
      return h('button', {
        type: 'button',
        class: ['chip', (v === 4 || v === 8) && 'grace', this.sel.value === v && nth === 1 && 'selected'],
        'aria-pressed': String(this.sel.value === v && nth === 1),
        disabled: !canUse,
        'data-value': v,
        'aria-label': t(canUse ? 'game.value' : 'game.value.cannot', { value: v }),
        onclick: () => this.pickValue(v),
      }, String(v));
    }) : h('span', { class: 'none', text: t('game.nothingYet') }));
    this.showBannerThrow();
    this.skipBtn.hidden = !(mine && game.can_skip);
    this.skipBtn.disabled = this.busy;

    let hint;
    if (seat === null) hint = t('game.hint.watching');
    else if (!mine) hint = t('game.hint.waiting', { who: this.who(toMove) });
    else if (this.busy) hint = t('game.hint.sending');
    else if (this.choices) hint = t(this.choices.length > 1 ? 'game.hint.several' : 'game.hint.tapMove');
    else if (this.sel.pawn !== null) hint = t(this.sel.value !== null ? 'game.hint.chooseSquare' : 'game.hint.squareOrValue');
    else if (this.sel.value !== null) hint = t('game.hint.pawnFor', { value: this.sel.value });
    else if (legal.length) hint = t(game.can_throw ? 'game.hint.throwOrMove' : 'game.hint.move');
    else if (game.can_throw) hint = t('game.hint.throw');
    else if (game.can_skip) hint = t('game.hint.skip');
    else hint = '';
    this.hintEl.textContent = hint;
    fill(this.choiceEl, (this.choices || []).map((m, i) =>
      h('button', { type: 'button', class: ['btn', 'choice', m.strands && 'warn'], 'data-choice': i, onclick: () => this.play(m) }, describe(m, this))));
    // On a phone the list can fall below the fold: bring it into view once.
    if (this.choices && this.choices !== this.shownChoices) {
      this.shownChoices = this.choices;
      requestAnimationFrame(() => this.choiceEl.scrollIntoView({ block: 'nearest' }));
    }
    this.cancelBtn.parentElement.hidden = this.sel.pawn === null && this.sel.value === null && !this.choices;

    // Truces (3-4 players with O6), result, players.
    this.renderTruce();
    this.renderResult();
    renderPlayers(this.playersEl, this.ctx, { onStandIn: (i) => this.actions.standIn?.(i) });
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

  /**
   * Counts the turn clock down in the banner. In its last ten seconds it
   * turns red, and the player to move is told once, aloud and on screen.
   */
  startClock(ms, over, mine) {
    clearInterval(this.clockTimer);
    this.clockEl.textContent = '';
    this.clockEl.classList.remove('low');
    this.banner.classList.remove('hurry');
    if (ms === null || ms === undefined || over) {
      this.clockEnd = null;
      return;
    }
    const end = Date.now() + ms;
    // The same deadline again (a presence change re-renders): warned already.
    const same = this.clockEnd !== null && Math.abs(this.clockEnd - end) < 1500;
    this.clockEnd = end;
    if (!same) this.warned = false;
    const tick = () => {
      const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      const low = left <= 10;
      this.clockEl.textContent = t(low ? 'game.clock.low' : 'game.clock', { n: left });
      this.clockEl.classList.toggle('low', low);
      this.banner.classList.toggle('hurry', low && mine);
      if (low && mine && !this.warned && left > 0) {
        this.warned = true;
        announce(t('game.clock.warn', { n: left }));
      }
      if (left === 0) clearInterval(this.clockTimer);
    };
    tick();
    this.clockTimer = setInterval(tick, 1000);
  }

  renderTruce() {
    const { game, seat } = this.ctx;
    const show = this.geom.truces_possible;
    this.truceEl.hidden = !show;
    if (!show) return;
    const parts = [h('h2', { id: 'truce-title', class: 'panel-title', text: t('truce.title') })];
    parts.push(h('p', { class: 'hint', text: game.leader !== null && game.leader !== undefined ? t('truce.leader', { who: this.who(game.leader) }) : t('truce.noLeader') }));
    if (game.offer) {
      const o = game.offer;
      if (o.to === seat) {
        parts.push(h('div', { class: 'offer mine', role: 'alert' },
          h('p', { text: t('truce.offerToYou', { from: this.who(o.from), leader: this.who(o.leader) }) }),
          h('div', { class: 'dialog-buttons' },
            h('button', { type: 'button', class: 'btn primary', onclick: () => this.send({ do: 'answer_truce', accept: true }) }, t('truce.accept')),
            h('button', { type: 'button', class: 'btn', onclick: () => this.send({ do: 'answer_truce', accept: false }) }, t('truce.decline')))));
      } else {
        parts.push(h('p', { class: 'offer', text: t('truce.offerWaiting', { from: this.who(o.from), to: this.who(o.to), leader: this.who(o.leader) }) }));
      }
    }
    if (this.myTurn() && game.truce_partners.length && !game.offer) {
      parts.push(h('div', { class: 'truce-offers' }, game.truce_partners.map((p) =>
        h('button', { type: 'button', class: 'btn small', onclick: () => this.send({ do: 'offer_truce', to: p }) }, swatch(p), ` ${t('truce.offer', { who: this.who(p) })}`))));
    }
    parts.push(h('ul', { class: 'truce-list' }, game.truces.length
      ? game.truces.map((tr) => h('li', { text: t('truce.inForce', { a: this.who(tr.a), b: this.who(tr.b), leader: this.who(tr.leader), round: tr.ends_at_round }) }))
      : h('li', { class: 'none', text: t('truce.none') })));
    if (game.betrayals.length) {
      parts.push(h('p', { class: 'betrayals', text: t('truce.betrayals', { list: listOf(game.betrayals.map((b) => t('truce.betrayal', { who: this.who(b.player), round: b.round }))) }) }));
    }
    fill(this.truceEl, parts);
  }

  renderResult() {
    const { room, game, seat } = this.ctx;
    const over = game.result !== 'ongoing';
    this.resultEl.hidden = !over;
    if (!over) return;
    // On a phone the result falls below the board: bring it (and Rematch) into view once.
    if (!this.shownResult) {
      this.shownResult = true;
      requestAnimationFrame(() => this.resultEl.scrollIntoView({ block: 'nearest' }));
    }
    const w = game.result.winner;
    const title = w === undefined ? t('result.draw') : w === seat ? t('result.youWon') : t('result.wins', { who: this.who(w) });
    const buttons = [];
    if (room.rematch) {
      buttons.push(h('button', { type: 'button', class: 'btn primary big', id: 'goto-rematch', onclick: () => this.actions.gotoRematch(room.rematch) }, t(seat !== null ? 'result.gotoRematch' : 'result.watchRematch')));
    } else if (seat !== null) {
      buttons.push(h('button', { type: 'button', class: 'btn primary big', id: 'rematch-btn', onclick: () => this.actions.rematch() }, t('result.rematch')));
    }
    buttons.push(h('a', { href: '/', class: 'btn ghost' }, t('result.newGame')));
    buttons.push(h('a', { href: `/r/${this.ctx.code}#replay`, class: 'btn ghost', id: 'watch-replay' }, t('replay.watch')));
    const finishedIn = room.seats.map((s, i) => ({ i, n: game.pawns[i].filter((p) => p === this.geom.centre).length }));
    fill(this.resultEl,
      h('h2', { class: 'result-title' }, w !== undefined ? swatch(w) : null, ` ${title}`),
      h('p', { text: t('result.after', { n: game.round, scores: finishedIn.map(({ i, n }) => t('result.atCentre', { who: this.who(i), n, total: room.rules.pawns })).join(' · ') }) }),
      h('div', { class: 'result-buttons' }, buttons));
  }
}

/**
 * A move in words, for the choice buttons and the strand warning: one
 * whole sentence of the catalog per kind of move (move.*), then the hit
 * and, unless `warn` is false, the stranding as sentences around it.
 */
function describe(m, screen, warn = true) {
  const g = screen.ctx.game;
  const me = screen.ctx.seat;
  const waiting = m.pawns.every((p) => g.pawns[me][p] === null);
  // The squares walked, counted from the server's walk (a pair walks half
  // its value, a lap wraps round: the client need not know).
  const steps = m.walk.length - 1;
  // Several pawns on one square make the same move: any of them will do.
  const any = (m.same ?? 1) > 1;
  const params = { pawn: m.pawns[0] + 1, value: m.value, n: steps };
  let text;
  if (waiting) {
    if (m.pawns.length > 1) text = t('move.enter.many', { ...params, n: m.pawns.length });
    else text = t(any ? 'move.enter.any' : 'move.enter.pawn', params);
  } else if (m.pawns.length === 2) text = t(m.commits ? 'move.pair.commit' : 'move.pair', params);
  else {
    const from = g.pawns[me][m.pawns[0]];
    if (m.to === screen.geom.centre) text = t(any ? 'move.any.centre' : 'move.pawn.centre', params);
    else if (steps !== m.value) text = t(any ? 'move.any.steps' : 'move.pawn.steps', params);
    else if (from === 0) text = t(any ? 'move.any.fromHome' : 'move.pawn.fromHome', params);
    else text = t(any ? 'move.any' : 'move.pawn', params);
  }
  if (m.hits !== null && m.hits !== undefined) text = t('move.hitting', { move: text, victim: screen.who(m.hits) });
  if (m.strands && warn) text = t('move.strands', { move: text });
  return text;
}
