// The game in text, for players who listen with a screen reader (the text
// mode, text-mode.js; docs/text-mode.md): in place of the board, a page of
// headings (status, moves, pawns, safe squares and pairs), one command box
// that takes the commands of text-commands.js in the player's language or
// in English (and their keys outside the box), an answer that is read out,
// and a log of announcements (role=log) that says each event of the game
// once, as it happens: throws, pawns entering and reaching the centre,
// hits and where, truces, lost turns, the player's turn, the clock's last
// seconds, the result. The table log and its chat box stay below.
//
// It takes the room's state as the game screen does (room.js), plays
// through the same actions, and keeps no rule: the moves, their walks and
// the threats are the server's; the words for places are text-words.js.

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { showError } from './announce.js';
import { isMyTurn, seatLabel } from './players.js';
import { eventText, feedLines, listOf, standInView } from './events.js';
import { walkGeometry } from './facts.js';
import { takeoverText } from './game-events.js';
import { describe, merged } from './game-moves.js';
import { renderResult, renderTruce } from './game-panels.js';
import { bannerClock } from './days.js';
import { hintSentence } from './game-hint.js';
import { doubtAction, settleAction } from './pending.js';
import { sound } from './sound.js';
import { boardLines, hitPlace, pairsText, placeText, playerPawnsText, safeText, threatText } from './text-words.js';
import { KEYS, helpLines, parseCommand, wordFor } from './text-commands.js';

/** Events said in the announcements (the others are in the table log, and in "last"). */
const SAID = new Set(['thrown', 'entered', 'hit', 'grace_penalty', 'turn_undone', 'held_forfeited',
  'truce_offered', 'truce_accepted', 'truce_declined', 'truce_lapsed', 'truce_ended', 'relay', 'betrayal', 'won', 'draw']);
/** Announcements kept in the log: a whole long game's. */
const MAX_LOG = 500;
/** The clock's warning comes once a turn, at this many seconds left. */
const WARN_SECS = 10;

export class TextGame {
  /**
   * @param {object} actions room.js's actions (act, chat, threats, rematch…)
   * @param {HTMLElement} feedEl the table log and its chat box
   * @param {import('./feed.js').Feed} feed
   */
  constructor(actions, feedEl, feed) {
    this.actions = actions;
    this.feed = feed;
    this.ctx = null;
    this.version = null;
    this.busy = false;
    this.inDoubt = null;
    this.notSent = false;
    // What takeoverText (game-events.js) remembers between states.
    this.standins = [];
    this.timedOut = new Set();
    this.clockEnd = null;
    this.warned = false;
    this.wasMine = false;
    this.lastSaid = null;
    // Each seat's latest turn in sentences, for "last"; the seats whose new
    // turn has begun with nothing in it yet.
    this.turns = new Map();
    this.turnBegun = new Set();
    // A move that strands the turn, asked for once: the second ask plays it.
    this.strandAsked = null;
    this.moves = [];
    // The rematch room's code once someone asked for one (to say it once).
    this.rematch = null;

    this.heading = h('h1', { id: 'text-heading' });
    this.statusEl = h('div', { class: 'text-status' });
    this.clockLine = h('p', { class: 'text-clock', hidden: true });
    this.movesEl = h('div', { class: 'text-moves' });
    this.input = h('input', { id: 'text-command', type: 'text', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false', maxlength: 300 });
    const form = h('form', { class: 'text-command' },
      h('label', { for: 'text-command', text: t('text.command.label') }), ' ', this.input, ' ',
      h('button', { type: 'submit', class: 'btn small', text: t('text.command.do') }));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = this.input.value;
      this.input.value = '';
      this.run(text);
    });
    this.answerEl = h('div', { class: 'text-answer', id: 'text-answer', 'aria-live': 'polite', 'aria-atomic': 'true' });
    this.logEl = h('ol', { class: 'text-log' });
    // Focusable, so that it scrolls from the keyboard too.
    const log = h('div', { class: 'text-log-box', role: 'log', tabindex: '0', 'aria-labelledby': 'text-log-title' }, this.logEl);
    this.pawnsEl = h('ul', { class: 'text-pawns' });
    this.boardEl = h('div', { class: 'text-board' });
    // The game screen's own panels, drawn by game-panels.js.
    this.resultEl = h('section', { class: 'result card', hidden: true });
    this.truceEl = h('section', { class: 'truce card', 'aria-labelledby': 'truce-title', hidden: true });
    const section = (id, title, ...body) => h('section', { class: 'card text-section', 'aria-labelledby': id },
      h('h2', { id, class: 'panel-title', text: title }), ...body);

    this.el = h('section', { class: 'text-game', 'aria-labelledby': 'text-heading' },
      this.heading,
      section('text-status-title', t('text.section.status'), this.statusEl, this.clockLine),
      this.resultEl,
      section('text-moves-title', t('text.section.moves'), this.movesEl),
      form,
      section('text-answer-title', t('text.section.answer'), this.answerEl),
      section('text-log-title', t('text.section.log'), log),
      section('text-pawns-title', t('text.section.pawns'), this.pawnsEl),
      section('text-board-title', t('text.section.board'), this.boardEl),
      this.truceEl,
      feedEl);
    this.el.addEventListener('keydown', (e) => this.onKey(e));
    // The command box is where a listener starts.
    requestAnimationFrame(() => this.input.focus({ preventScroll: true }));
  }

  /** The welcome's board: paths, safe squares, centre (the seat is the state's, `ctx.seat`). */
  setBoard(board) {
    this.geom = board;
    this.walks = walkGeometry(board);
  }

  who(seat) {
    return seatLabel(this.ctx, seat);
  }

  /** Whether the viewer is the seat to move in an ongoing game. */
  myTurn() {
    return isMyTurn(this.ctx);
  }

  /** A new state (with its events), or a presence change (events null). */
  update(ctx, events) {
    this.ctx = ctx;
    if (!ctx.game) return;
    if (events) {
      this.busy = false;
      if (this.version !== ctx.version) {
        this.version = ctx.version;
        // A question about a move of the state before is no longer asked.
        if (this.strandAsked !== null) this.answerEl.replaceChildren();
        this.strandAsked = null;
        this.notSent = false;
      }
      settleAction(this, ctx.version);
      if (this.firstState === undefined) {
        this.firstState = false;
        this.learnHistory(ctx.history ?? []);
      }
      this.tell(events);
    }
    this.render();
  }

  /** The welcome's past, for "last": who did what on their latest turn. */
  learnHistory(items) {
    for (const item of items) if (item.kind === 'events') this.remember(item.events, item.stand_in ?? null);
  }

  /** Keeps each seat's latest turn in sentences; returns the sentences of `events` to say now. */
  remember(events, standIn) {
    const { actor, viewer } = standInView((s) => this.who(s), this.ctx.seat, standIn);
    const said = [];
    let landing = null;
    for (const e of events) {
      if (e.type === 'turn_began') {
        // The turn before stays "last" until this one has something to tell.
        this.turnBegun.add(e.player);
        continue;
      }
      let text;
      if (e.type === 'hit') {
        const place = landing ? hitPlace(this.geom, landing.seat, landing.to, e.victim) : '';
        const pair = e.pawns.length === 2 ? '.pair' : '';
        const me = this.ctx.seat;
        const variant = viewer !== null && e.player === viewer ? '.you' : me !== null && e.victim === me ? '.onYou' : '';
        text = t(`text.hit${pair}${variant}`, { who: actor(e.player), victim: this.who(e.victim), pawns: listOf(e.pawns.map((p) => p + 1)), place });
      } else {
        text = eventText(e, actor, this.walks, viewer);
      }
      if (e.type === 'walked') landing = { seat: e.player, to: e.to };
      if (e.type === 'entered') landing = { seat: e.player, to: 0 };
      if (!text) continue;
      const mover = e.player ?? e.from ?? e.a;
      if (mover !== undefined) {
        if (!this.turns.has(mover) || this.turnBegun.delete(mover)) this.turns.set(mover, []);
        this.turns.get(mover).push(text);
      }
      const centre = e.type === 'walked' && e.to === this.geom.centre;
      if (SAID.has(e.type) || centre) said.push(text);
    }
    return said;
  }

  /** Says what a state's events changed: each once, in order, in the log. */
  tell(events) {
    const standIn = this.ctx.standIn ?? null;
    // The table log below keeps every event, as on the game screen.
    for (const l of feedLines(events, (s) => this.who(s), this.walks, this.ctx.seat, standIn)) this.feed.event(l.text, l.kind, l.standin);
    const said = this.remember(events, standIn);
    const takeover = takeoverText(this);
    if (takeover) said.push(takeover);
    const mine = this.myTurn();
    if (mine && !this.wasMine) said.push(t('game.yourTurnSaid'));
    this.wasMine = mine;
    // A rematch someone else asked for: ours takes us there by itself (room.js).
    const rematch = this.ctx.room.rematch ?? null;
    if (rematch && this.rematch === null && this.ctx.seat !== null) said.push(t('text.rematch', { word: wordFor('rematch') }));
    this.rematch = rematch;
    for (const text of said) this.say(text);
    if (mine && events.some((e) => e.type === 'turn_began')) sound.turn();
  }

  /** One announcement: a line of the log, which screen readers read as it comes. */
  say(text) {
    this.lastSaid = text;
    this.logEl.append(h('li', { text }));
    while (this.logEl.children.length > MAX_LOG) this.logEl.firstChild.remove();
  }

  /** A chat line from someone else, said like an announcement. */
  chatted(msg) {
    if (msg.seat !== null && msg.seat === this.ctx?.seat) return;
    this.say(t('text.chat', { name: msg.name, text: msg.text }));
  }

  /** The answer to a command, read out (a fresh node each time, so the same answer is read again). */
  answer(lines) {
    fill(this.answerEl, (Array.isArray(lines) ? lines : [lines]).map((text) => h('p', { text })));
  }

  /** A mistake: said at once (assertive), with the error sound. */
  mistake(text) {
    sound.error();
    showError(text);
  }

  /** The server's answer to `threats` (docs/protocol.md): the viewer's pawns in danger. */
  threats(msg) {
    if (!this.ctx?.game || msg.seat !== this.ctx.seat) return;
    const list = msg.threats.map((th) => threatText(this.geom, th, msg.seat, (s) => this.who(s)));
    this.answer(list.length ? list : t('text.threats.none'));
  }

  /** The server's answer to `hint`: what the computer would do, with the move's number in the list. */
  hinted(msg) {
    const { game, seat, version } = this.ctx ?? {};
    if (!game || msg.version !== version || msg.seat !== seat) return;
    const at = (m) => JSON.stringify([m.pawns.map((p) => game.pawns[seat][p]).sort(), m.value, m.to, m.target ?? null]);
    this.answer(hintSentence(this.ctx, msg.hint, (m) => {
      const i = this.moves.findIndex((x) => at(x) === at(m));
      return i < 0 ? describe(m, this, false) : t('text.hint.move', { n: i + 1, move: describe(this.moves[i], this, false) });
    }));
  }

  send(action) {
    if (this.busy) {
      this.mistake(t('text.error.busy'));
      return;
    }
    if (this.actions.act(action)) {
      this.busy = true;
      this.notSent = false;
      this.render();
    }
  }

  /** Plays a listed move (1-based); a move that strands the turn is played when asked twice. */
  playMove(n) {
    const m = this.moves[n - 1];
    if (m.strands && this.strandAsked !== n) {
      this.strandAsked = n;
      this.answer(t('text.move.strandsAgain', { n }));
      return;
    }
    const action = { do: 'move', pawns: m.pawns, value: m.value };
    if (m.target !== undefined && m.target !== null) action.target = m.target;
    this.send(action);
  }

  connectionLost() {
    if (doubtAction(this)) this.render();
  }

  refused() {
    this.busy = false;
    this.render();
  }

  /** A key outside the command box: the command it stands for. */
  onKey(e) {
    if (e.ctrlKey || e.altKey || e.metaKey) return;
    const tag = e.target.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return;
    const key = e.key.toLowerCase();
    let text = null;
    if (/^[1-9]$/.test(key)) text = key;
    else if (key === '?') text = '?';
    else if (key === 'w') {
      // Whose pawns: the box asks for the name.
      e.preventDefault();
      this.input.value = `${wordFor('where')} `;
      this.input.focus();
      return;
    } else if (KEYS.has(key)) text = KEYS.get(key);
    if (text === null) return;
    e.preventDefault();
    this.run(text, true);
  }

  /** Runs a typed command (or a key's: `keyed`, in English). */
  run(input, keyed = false) {
    const { command, arg } = keyed && input !== '?' && !/^\d$/.test(input) ? { command: input, arg: '' } : parseCommand(input);
    if (!input.trim()) return;
    if (!command) {
      this.mistake(t('text.error.unknown', { text: input.trim() }));
      return;
    }
    const handler = this.commands()[command];
    handler(arg);
  }

  /** What each command does. */
  commands() {
    const { room, game, seat } = this.ctx;
    const who = (s) => this.who(s);
    const over = game.result !== 'ongoing';
    // A player's action: refused in words when it cannot be done now.
    const acting = (check) => {
      if (seat === null) return t('text.error.watching');
      if (over) return t('text.moves.over');
      return check();
    };
    const turnCheck = () => (this.myTurn() ? null : t('text.error.notYourTurn', { who: who(game.to_move) }));
    const act = (check, run) => {
      const refusal = acting(check);
      if (refusal) this.mistake(refusal);
      else run();
    };
    const others = room.seats.map((_, i) => i).filter((i) => i !== seat);
    // A player by name as typed: the whole name, else its beginning.
    const findPlayer = (arg) => {
      const name = arg.toLocaleLowerCase();
      const exact = room.seats.findIndex((_, s) => who(s).toLocaleLowerCase() === name);
      return exact >= 0 ? exact : room.seats.findIndex((_, s) => who(s).toLocaleLowerCase().startsWith(name));
    };
    return {
      throw: () => act(() => turnCheck() ?? (game.can_throw ? null : t('text.error.cannotThrow')), () => this.send({ do: 'throw' })),
      skip: () => act(() => turnCheck() ?? (game.can_skip ? null : t('text.error.cannotSkip')), () => this.send({ do: 'skip' })),
      move: (arg) => {
        const n = Number(arg);
        act(() => {
          const refusal = turnCheck();
          if (refusal) return refusal;
          if (!arg || !Number.isInteger(n)) return t('text.error.whichMove');
          if (!this.moves.length) return t('text.error.noMoves');
          if (n < 1 || n > this.moves.length) return t('text.error.noSuchMove', { pick: n, n: this.moves.length });
          return null;
        }, () => this.playMove(n));
      },
      status: () => this.answer(this.statusLines()),
      moves: () => this.answer(this.movesLines()),
      pawns: () => this.answer(seat === null
        ? room.seats.map((_, s) => playerPawnsText(this.geom, game, s, seat, who))
        : playerPawnsText(this.geom, game, seat, seat, who)),
      where: (arg) => {
        if (!arg) {
          this.mistake(t('text.error.whom', { example: `${wordFor('where')} ${who(others[0] ?? 0)}` }));
          return;
        }
        const i = findPlayer(arg);
        if (i < 0) this.mistake(t('text.error.noPlayer', { name: arg }));
        else this.answer(playerPawnsText(this.geom, game, i, seat, who));
      },
      threats: () => {
        if (seat === null) {
          this.mistake(t('text.error.watching'));
          return;
        }
        this.answer(t('text.threats.asking'));
        this.actions.threats();
      },
      hint: () => act(() => turnCheck() ?? (room.hints === false ? t('hint.offAtTable') : null), () => {
        this.answer(t('hint.thinking'));
        this.actions.hint();
      }),
      last: () => this.answer(room.seats.map((_, s) => {
        const turn = this.turns.get(s);
        return turn?.length ? t('text.last.of', { who: who(s), events: turn.join(' ') }) : t('text.last.none', { who: who(s) });
      })),
      clock: () => this.answer(this.clockText() ?? t('text.clock.none')),
      board: () => this.answer(boardLines(this.geom, game, seat, who)),
      repeat: () => (this.lastSaid ? this.answer(this.lastSaid) : this.mistake(t('text.error.nothingYet'))),
      chat: (arg) => {
        if (seat === null) this.mistake(t('text.error.watching'));
        else if (!arg) this.mistake(t('text.error.emptyChat', { example: `${wordFor('chat')} …` }));
        else this.actions.chat(arg);
      },
      truce: (arg) => {
        const i = arg ? findPlayer(arg) : -1;
        act(() => {
          if (!arg) return t('text.error.whom', { example: `${wordFor('truce')} ${who(others[0] ?? 0)}` });
          if (i < 0) return t('text.error.noPlayer', { name: arg });
          return this.myTurn() && !game.offer && game.truce_partners.includes(i) ? null : t('text.error.noTruce', { who: who(i) });
        }, () => this.send({ do: 'offer_truce', to: i }));
      },
      accept: () => act(() => (game.offer?.to === seat ? null : t('text.error.noOffer')), () => this.send({ do: 'answer_truce', accept: true })),
      decline: () => act(() => (game.offer?.to === seat ? null : t('text.error.noOffer')), () => this.send({ do: 'answer_truce', accept: false })),
      back: () => act(() => (room.seats[seat]?.standin ? null : t('text.error.notStandin')), () => this.actions.takeBack()),
      rematch: () => {
        if (seat === null) this.mistake(t('text.error.watching'));
        else if (!over) this.mistake(t('text.error.notOver'));
        else if (room.rematch) this.actions.gotoRematch(room.rematch);
        else this.actions.rematch();
      },
      help: () => this.answer(helpLines()),
    };
  }

  /** The time left of the player to move, in words, or null without a clock. */
  clockText() {
    const { room, game } = this.ctx;
    if (game.result !== 'ongoing') return null;
    const days = bannerClock(this.ctx);
    if (days) return t('text.clock.days', { who: this.who(game.to_move), left: days });
    if (this.clockEnd === null || room.clock_ms === null || room.clock_ms === undefined) return null;
    const n = Math.max(0, Math.ceil((this.clockEnd - Date.now()) / 1000));
    return t('text.clock.left', { who: this.who(game.to_move), n });
  }

  /** Status: the round, whose turn, the throws held and to make, or the result. */
  statusLines() {
    const { room, game, seat } = this.ctx;
    const lines = [];
    if (game.result !== 'ongoing') {
      const w = game.result.winner;
      lines.push(w === undefined ? t('result.draw') : w === seat ? t('result.youWon') : t('result.wins', { who: this.who(w) }));
      return lines;
    }
    lines.push(t('text.round', { round: game.round }));
    lines.push(this.myTurn() ? t('text.turn.you') : t('text.turn.other', { who: this.who(game.to_move) }));
    lines.push(game.held.length ? t('text.held', { values: listOf(game.held) }) : t('text.held.none'));
    if (game.pending) lines.push(t('text.pending', { n: game.pending }));
    if (seat === null) lines.push(t('text.watching'));
    else if (room.seats[seat]?.standin) lines.push(t('text.standin'));
    return lines;
  }

  /** The viewer's moves as a numbered list in words, or why there are none. */
  movesLines() {
    const { game, seat } = this.ctx;
    if (game.result !== 'ongoing') return [t('text.moves.over')];
    if (seat === null) return [t('text.watching')];
    if (!this.myTurn()) return [t('text.moves.notYourTurn', { who: this.who(game.to_move) })];
    if (this.busy) return [t('text.moves.sent')];
    const lines = [];
    if (game.can_throw) lines.push(t('text.canThrow'));
    this.moves.forEach((m, i) => lines.push(`${i + 1}. ${this.moveText(m)}`));
    if (!game.can_throw && !this.moves.length) lines.push(t('text.moves.none'));
    if (game.can_skip) lines.push(t('text.canSkip'));
    return lines;
  }

  moveText(m) {
    return t('text.move', { move: describe(m, this), place: placeText(this.geom, this.ctx.seat, m.to) });
  }

  /** Keeps the turn clock, and says its last seconds once a turn on the viewer's own turn. */
  watchClock() {
    const { room, game } = this.ctx;
    clearInterval(this.clockTimer);
    const ms = room.clock_ms;
    if (ms === null || ms === undefined || game.result !== 'ongoing') {
      this.clockEnd = null;
      // A game over days has its clock in days and hours (days.js), to the minute.
      this.clockLine.textContent = this.clockText() ?? '';
      this.clockLine.hidden = !this.clockLine.textContent;
      return;
    }
    const end = Date.now() + ms;
    // The same deadline again (a presence change draws again): warned already.
    const same = this.clockEnd !== null && Math.abs(this.clockEnd - end) < 1500;
    if (!same) {
      this.clockEnd = end;
      this.warned = false;
    }
    const tick = () => {
      if (!this.el.isConnected) {
        clearInterval(this.clockTimer);
        return;
      }
      const left = Math.max(0, Math.ceil((this.clockEnd - Date.now()) / 1000));
      this.clockLine.textContent = this.clockText() ?? '';
      this.clockLine.hidden = !this.clockLine.textContent;
      if (left <= WARN_SECS && left > 0 && !this.warned && this.myTurn()) {
        this.warned = true;
        this.say(t('game.clock.warn', { n: left }));
      }
      if (left === 0) clearInterval(this.clockTimer);
    };
    tick();
    this.clockTimer = setInterval(tick, 1000);
  }

  render() {
    const { game, seat, room } = this.ctx;
    if (!game) return;
    this.heading.textContent = t('text.heading', { code: this.ctx.code });
    document.title = this.myTurn() ? t('game.tabTitle.turn', { game: t('site.gameName') }) : t('game.tabTitle.room', { code: this.ctx.code, game: t('site.gameName') });
    fill(this.statusEl, this.statusLines().map((text) => h('p', { text })));
    this.watchClock();

    // The moves: buttons in a numbered list, the same numbers "move N" takes.
    this.moves = this.myTurn() && !this.busy ? merged(this, game.legal) : [];
    const hadFocus = this.movesEl.contains(document.activeElement);
    const focused = hadFocus ? document.activeElement.dataset.move ?? document.activeElement.id : null;
    const buttons = [];
    if (this.myTurn() && !this.busy && game.can_throw) buttons.push(h('button', { type: 'button', class: 'btn primary', id: 'text-throw', onclick: () => this.run('throw', true) }, t('game.throw')));
    if (this.myTurn() && !this.busy && game.can_skip) buttons.push(h('button', { type: 'button', class: 'btn', id: 'text-skip', onclick: () => this.run('skip', true) }, t('game.skip')));
    const intro = this.movesLines().filter((line) => !/^\d+\. /.test(line));
    fill(this.movesEl,
      intro.map((text) => h('p', { text })),
      this.moves.length ? h('ol', { class: 'text-move-list' }, this.moves.map((m, i) => h('li', {},
        h('button', { type: 'button', class: ['btn', 'text-move', m.strands && 'warn'], 'data-move': String(i + 1), onclick: () => this.playMove(i + 1) }, this.moveText(m))))) : null,
      buttons.length ? h('p', { class: 'text-buttons' }, buttons) : null);
    // A button drawn again keeps the focus; one gone hands it to the next
    // thing to do, else to the command box, never to the page's top.
    if (hadFocus) {
      const again = this.movesEl.querySelector(`[data-move="${focused}"], #${CSS.escape(focused || 'none')}`) ?? this.movesEl.querySelector('button') ?? this.input;
      again.focus({ preventScroll: true });
    }

    fill(this.pawnsEl, room.seats.map((_, s) => h('li', { text: playerPawnsText(this.geom, game, s, seat, (i) => this.who(i)) })));
    fill(this.boardEl,
      h('p', { text: safeText(this.geom, seat ?? 0) }),
      h('p', { text: pairsText(game, (i) => this.who(i)) }));
    renderTruce(this);
    renderResult(this);
    // What tests wait for: the state version shown, and an action awaiting its answer.
    this.el.dataset.version = String(this.ctx.version);
    this.el.dataset.busy = String(this.busy);
  }
}
