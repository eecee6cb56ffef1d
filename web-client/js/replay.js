// The replay viewer (/r/CODE#replay, or /r/CODE#move=57 for one move): a
// finished game, or the moves so far of one still being played, stepped
// through move by move: forward, back, play at a chosen speed, jump with
// the slider or to a round, from the keyboard too (arrows, Home/End,
// space). The browser has no rules engine: the server replays the game and
// sends frames (docs/protocol.md, "GET /api/games/{id}/replay"), each the
// state the live game draws with the events of its action, drawn here with
// the live board (board.js) and told in the live log's words (events.js).
// A finished game also shows whether its throws were fair (fair.js) and
// the game in numbers (numbers.js), and offers its record to download.
// Its controls are replay-controls.js, a frame's drawing replay-frame.js,
// the record and its check replay-record.js, a finished game's turning
// points replay-analysis.js.

import { h, fill } from './dom.js';
import { BoardView } from './board.js';
import { showThrow } from './cowries.js';
import { feedLines } from './events.js';
import { seatName } from './players.js';
import { presets, SEATS } from './names.js';
import { t } from './i18n.js';
import { walkGeometry } from './facts.js';
import { announce, showError } from './announce.js';
import { seatFor } from './storage.js';
import { saveJson, recordFile } from './mygames.js';
import { numbersView } from './numbers.js';
import { frameMoves, heldLine, playerItems } from './replay-frame.js';
import { icon, replayControls } from './replay-controls.js';
import { checkThrows, copyMoveLink, recordOf } from './replay-record.js';
import { analysisView, bringIntoView } from './replay-analysis.js';
import * as api from './api.js';
import { textMode } from './text-mode.js';
import { playerPawnsText } from './text-words.js';

/** Time a frame stays on screen when playing at 1×. */
const FRAME_MS = 1000;
/** How often a game still being played is asked for newer moves. */
const LIVE_POLL_MS = 10000;
/** Log lines of these kinds also show over the board, as in live play: hits, lost turns, truces. */
const FLASHED = new Set(['hit', 'penalty', 'truce']);

/**
 * Renders the replay of room `code` into `container`, at move `start` (or
 * the beginning). Returns {close(), show(n)}: show() jumps to a move (the
 * address bar's hash changed by hand).
 */
export function replayView(container, code, start) {
  const me = seatFor(code)?.seat ?? null;
  const state = {
    kind: 'games',
    replay: null,
    frames: [],
    /** Round number -> the first frame of that round. */
    roundStart: new Map(),
    record: null,
    at: 0,
    playing: false,
    speed: 1,
    closed: false,
  };
  let timer = null;
  let poll = null;
  // The turning points, once the game is over.
  let analysis = null;
  // A move asked for whose page has not come yet.
  let wanted = start;

  const heading = h('h1', { id: 'replay-heading', text: t('replay.heading', { code }) });
  const sub = h('p', { class: 'replay-sub' });
  const links = h('p', { class: 'replay-links' });
  const status = h('p', { class: 'replay-status', id: 'replay-status' });
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'board');
  svg.setAttribute('role', 'group');
  const board = new BoardView(svg, { onPawn() {}, onDest() {} });
  // Over the board while its move is shown; the list of what happened says it to screen readers.
  const flashEl = h('div', { class: 'flash-msg', 'aria-hidden': 'true', hidden: true });

  const { controls, firstBtn, prevBtn, playBtn, nextBtn, lastBtn, slider, rounds } = replayControls({
    go,
    step,
    togglePlay,
    last: () => go(state.replay.total),
    speed(n) {
      state.speed = n;
      if (state.playing) schedule();
    },
  });

  const cowries = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  cowries.setAttribute('class', 'cowries');
  cowries.setAttribute('viewBox', '0 0 240 80');
  cowries.setAttribute('role', 'img');
  showThrow(cowries, null, false);
  const held = h('p', { class: 'replay-held' });
  const events = h('ol', { class: 'replay-events', id: 'replay-events' });
  const players = h('ul', { class: 'replay-players' });
  const fair = h('p', { class: 'replay-fair', role: 'status', hidden: true });
  const numbers = h('div', { class: 'replay-numbers' });
  const turning = h('div', { class: 'replay-analysis', hidden: true });
  const downloadBtn = h('button', { type: 'button', class: 'btn', id: 'replay-download', onclick: () => download() }, t('replay.download'));
  const copyBtn = h('button', { type: 'button', class: 'btn ghost', id: 'replay-copy', onclick: () => copyMoveLink(code, state.at, copyBtn) }, t('replay.copyLink'));
  const newerBtn = h('button', { type: 'button', class: 'btn ghost', id: 'replay-newer', hidden: true, onclick: () => fetchNewer() }, t('replay.newer'));

  // The text mode: where every pawn stands after the move shown, in words.
  const textPawns = textMode() ? h('ul', { class: 'replay-text', id: 'replay-text' }) : null;
  const body = h('div', { class: 'replay-body', hidden: true },
    h('div', { class: 'replay-board-col' },
      status,
      h('div', { class: 'board-wrap' }, svg, flashEl),
      controls,
      h('p', { class: 'hint replay-keys', text: t('replay.keys') })),
    h('div', { class: 'replay-side' },
      h('section', { class: 'card replay-now', 'aria-labelledby': 'replay-now-title' },
        h('h2', { id: 'replay-now-title', class: 'panel-title', text: t('replay.thisMove') }),
        h('div', { class: 'replay-throw' }, cowries, held),
        events),
      textPawns && h('section', { class: 'card', 'aria-labelledby': 'replay-text-title' },
        h('h2', { id: 'replay-text-title', class: 'panel-title', text: t('text.replay.pawns') }), textPawns),
      h('section', { class: 'card', 'aria-labelledby': 'replay-players-title' },
        h('h2', { id: 'replay-players-title', class: 'panel-title', text: t('game.players') }), players),
      fair,
      h('div', { class: 'replay-actions' }, downloadBtn, copyBtn, newerBtn),
      turning,
      numbers));
  const loading = h('p', { class: 'loading', role: 'status', text: t('replay.loading') });
  const root = h('section', { class: 'replay', 'aria-labelledby': 'replay-heading', 'aria-busy': 'true' },
    h('div', { class: 'replay-head' }, heading, sub, links), loading, body);
  container.replaceChildren(root);
  document.title = t('title.replay', { code, game: t('site.gameName') });

  // A seat the record names nobody in goes by its colour.
  const who = (i) => {
    const seat = state.replay?.seats[i];
    return seat?.name || seat?.bot ? seatName(seat) : SEATS[i]?.colour;
  };

  /** Loads the first page (the archive's, else the room's), then the rest in the background. */
  async function load() {
    let first;
    try {
      first = await api.replayPage('games', code, 0);
    } catch (err) {
      if (err.status !== 404) return failed(err);
      try {
        state.kind = 'rooms';
        first = await api.replayPage('rooms', code, 0);
      } catch (err2) {
        return failed(err2);
      }
    }
    if (state.closed) return;
    take(first);
    setUp();
    render(false);
    if (wanted) go(wanted, false);
    root.removeAttribute('aria-busy');
    loading.remove();
    body.hidden = false;
    if (!state.replay.live) loadRecord();
    await loadRest(first.next);
    if (state.replay.live) poll = setInterval(fetchNewer, LIVE_POLL_MS);
  }

  /** Lays the frames of a page into place. */
  function take(page) {
    state.replay = { ...page, frames: undefined };
    for (const f of page.frames) state.frames[f.n] = f;
  }

  async function loadRest(next) {
    while (next !== null && next !== undefined && !state.closed) {
      let page;
      try {
        page = await api.replayPage(state.kind, code, next);
      } catch (err) {
        showError(err.message);
        return;
      }
      take(page);
      next = page.next;
      refreshRange();
      // A move asked for (by its link, or the slider) may have been on this page.
      if (wanted !== null && state.frames[wanted]) go(wanted, false);
    }
  }

  /** A game still being played: its newer moves, from the last one seen on. */
  async function fetchNewer() {
    if (state.closed || !state.replay?.live) return;
    const last = state.replay.total;
    const atEnd = state.at === last;
    try {
      const page = await api.replayPage(state.kind, code, last);
      take(page);
      await loadRest(page.next);
    } catch (err) {
      showError(err.message);
      return;
    }
    refreshRange();
    setUp();
    if (atEnd && !state.playing) go(state.replay.total, false);
    else render(false);
    if (!state.replay.live) {
      clearInterval(poll);
      loadRecord();
    }
  }

  function failed(err) {
    if (state.closed) return;
    loading.remove();
    root.removeAttribute('aria-busy');
    document.title = t('title.noReplay', { game: t('site.gameName') });
    heading.textContent = err.status === 404 || err.status === 409 ? t('replay.none') : t('replay.failed');
    fill(sub, err.status === 404 || err.status === 409 ? t('replay.noneText', { code }) : err.message);
    fill(links, h('a', { href: '/', class: 'btn primary', text: t('room.backHome') }));
  }

  /** The parts that change only when the game does: heading line, links, the rounds, the numbers. */
  function setUp() {
    const r = state.replay;
    board.setGeometry(r.board, me);
    const names = r.seats.map((s, i) => who(i));
    const preset = presets().find((p) => p.id === r.rules.preset);
    const w = r.result?.winner;
    const outcome = r.live ? t('replay.live') : w !== undefined ? (w === me ? t('mygames.youWon') : t('mygames.won', { who: names[w] })) : t('mygames.draw');
    fill(sub, [names.join(t('home.recent.vs')), outcome, preset?.name, t('home.boardSize', { size: r.board.size })].filter(Boolean).join(' · '));
    fill(links,
      // A game still in play: back into it is what the player came for.
      h('a', { href: `/r/${code}`, class: r.live ? 'btn small primary' : 'btn small', text: t(r.live ? 'mygames.backToGame' : 'replay.openRoom') }),
      h('a', { href: '/#my-games', class: 'btn small ghost', text: t('mygames.title') }));
    newerBtn.hidden = !r.live;
    refreshRange();
    if (!r.live) fill(numbers, numbersView(r.numbers, who, me));
    else numbers.replaceChildren();
    if (!r.live && !analysis) {
      analysis = analysisView({
        code,
        who,
        frameAt: (n) => state.frames[n],
        centre: walkGeometry(r.board).centre,
        // To the move on the board, brought into view (on a phone it is far above).
        show(n) {
          if (state.playing) togglePlay();
          go(n);
          bringIntoView(status);
        },
      });
      fill(turning, analysis.el);
      turning.hidden = false;
    }
  }

  /** The slider's range and the rounds' list, as far as frames have come. */
  function refreshRange() {
    const r = state.replay;
    slider.max = String(r.total);
    state.roundStart = new Map();
    state.frames.forEach((f, n) => {
      if (f && !state.roundStart.has(f.game.round)) state.roundStart.set(f.game.round, n);
    });
    const kept = rounds.value;
    fill(rounds, h('option', { value: '', text: t('replay.roundPick') }),
      [...state.roundStart].map(([round, n]) => h('option', { value: n, text: t('replay.roundOption', { round }) })));
    rounds.value = kept;
  }

  /** Shows move `n` (clamped to what exists); `animate` when it is the one after the one shown. */
  function go(n, speak = true) {
    const r = state.replay;
    if (!r) return;
    n = Math.max(0, Math.min(n, r.total));
    if (!state.frames[n]) {
      // Not here yet: the pages come in order; this one will be shown when it does.
      wanted = n;
      status.textContent = t('replay.loading');
      return;
    }
    wanted = null;
    const animate = n === state.at + 1;
    state.at = n;
    render(animate, speak);
    history.replaceState(null, '', `#move=${n}`);
    if (n >= r.total && state.playing) togglePlay();
  }

  function step(d) {
    if (state.playing) togglePlay();
    go(state.at + d);
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!state.playing) return;
      go(state.at + 1, false);
      if (state.playing) schedule();
    }, FRAME_MS / state.speed);
  }

  function togglePlay() {
    state.playing = !state.playing;
    if (state.playing && state.at >= state.replay.total) go(0, false);
    playBtn.replaceChildren(icon(state.playing ? 'pause' : 'play'));
    playBtn.setAttribute('aria-pressed', String(state.playing));
    if (state.playing) schedule();
    else clearTimeout(timer);
  }

  /** Draws the frame shown: board, move counter, the throw, held values, what happened, players. */
  function render(animate, speak = false) {
    const r = state.replay;
    const f = state.frames[state.at];
    const g = f.game;
    const { trail, walks, hits, thrown } = frameMoves(f, r.board);
    board.render(g, { movable: new Set(), selected: new Set(), dests: [], trail, seatLabel: who });
    if (animate) board.animate(walks, hits);
    showThrow(cowries, thrown, animate && thrown !== null);

    const over = g.result !== 'ongoing';
    const w = g.result?.winner;
    const where = state.at === 0 ? t('replay.start')
      : over ? (w !== undefined ? t('game.banner.won', { who: who(w) }) : t('game.banner.draw'))
        : t('replay.toMove', { round: g.round, who: who(g.to_move) });
    fill(status, h('strong', { class: 'replay-count', text: t('replay.move', { n: state.at, total: r.total }) }), h('span', { class: 'replay-where', text: where }));
    slider.value = String(state.at);
    // The round list names the round of the move shown.
    rounds.value = String(state.roundStart?.get(g.round) ?? '');
    slider.setAttribute('aria-valuetext', t('replay.move', { n: state.at, total: r.total }));
    firstBtn.disabled = prevBtn.disabled = state.at === 0;
    nextBtn.disabled = lastBtn.disabled = state.at >= r.total;

    fill(held, over ? '' : heldLine(g, who));

    // A move a computer made for an absent person says so, as it did live.
    const standIn = f.action?.stand_in ? f.action.by : null;
    const lines = feedLines(f.events, who, walkGeometry(r.board), me, standIn);
    fill(events, lines.length ? lines.map((l) => h('li', { class: ['feed-event', l.kind && `ev-${l.kind}`, l.standin && 'ev-standin'], text: l.text }))
      : h('li', { class: 'feed-event', text: t(state.at === 0 ? 'replay.begins' : 'replay.nothing') }));
    const big = lines.filter((l) => FLASHED.has(l.kind)).pop();
    flashEl.hidden = !big;
    if (big) {
      flashEl.textContent = big.text;
      flashEl.className = `flash-msg flash-${big.kind}`;
    }
    if (speak) announce([t('replay.move', { n: state.at, total: r.total }), ...lines.filter((l) => l.kind !== 'turn').map((l) => l.text)].join('. '));

    fill(players, playerItems(r, g, who, me));
    if (textPawns) fill(textPawns, r.seats.map((_, s) => h('li', { text: playerPawnsText(r.board, g, s, me, who) })));
  }

  /** A finished game's record: for the download, and to check its throws. */
  async function loadRecord() {
    try {
      state.record = (await api.archivedGame(code)).record;
    } catch {
      // A room read from its event log before the archive has it: no check yet.
      return;
    }
    if (state.record?.fair) checkThrows(fair, state.record);
  }

  async function download() {
    if (!state.replay) return;
    if (state.replay.live) {
      if (state.frames.filter(Boolean).length <= state.replay.total) {
        showError(t('replay.loading'));
        return;
      }
      saveJson(recordFile(code), recordOf(state.replay, state.frames));
      return;
    }
    if (!state.record) await loadRecord();
    if (state.record) saveJson(recordFile(code), state.record);
    else showError(t('replay.failed'));
  }

  /** Keys anywhere on the page: arrows step, Home/End jump, space plays or pauses. */
  function onKey(e) {
    if (!state.replay || e.altKey || e.ctrlKey || e.metaKey) return;
    const el = e.target;
    const typing = el instanceof HTMLElement && (el.matches('input:not([type="range"]), select, textarea') || el.isContentEditable);
    if (typing || el === slider) return;
    const act = { ArrowRight: () => step(1), ArrowLeft: () => step(-1), Home: () => go(0), End: () => go(state.replay.total) }[e.key];
    if (act) {
      e.preventDefault();
      act();
    } else if (e.key === ' ' && !el.matches?.('button, a, summary')) {
      e.preventDefault();
      togglePlay();
    }
  }
  document.addEventListener('keydown', onKey);

  load();
  return {
    close() {
      state.closed = true;
      clearTimeout(timer);
      clearInterval(poll);
      analysis?.close();
      document.removeEventListener('keydown', onKey);
    },
    show(n) {
      if (n !== null && n !== state.at) go(n);
    },
  };
}
