// The game screen's panels, drawn from the state: the turn banner with its
// clock, the controls (Throw, held values, Skip) and their hint, the
// truces, and the result with the rematch (and the offer to install the app).

import { h, fill } from './dom.js';
import { t, formatNumber } from './i18n.js';
import { announce } from './announce.js';
import { listOf } from './events.js';
import { swatch, textWith } from './players.js';
import { isGrace } from './facts.js';
import { installOffer } from './install.js';

/** The banner: whose turn it is (a computer playing for them, the round, the clock), or the result. */
export function renderBanner(screen, mine) {
  const { room, game, seat } = screen.ctx;
  const over = game.result !== 'ongoing';
  const toMove = game.to_move;
  screen.banner.className = `turn-banner seat-${toMove}${mine ? ' mine' : ''}${over ? ' over' : ''}`;
  // A long name is cut short with an ellipsis (the whole name in its
  // title), so the banner stays one line and never widens the page.
  const nameSpan = (s) => h('span', { class: 'turn-name', title: screen.who(s), text: screen.who(s) });
  if (over) {
    const w = game.result.winner;
    fill(screen.banner, w !== undefined
      ? [swatch(w), h('strong', { class: 'turn-who' }, w === seat ? t('game.banner.youWon') : textWith('game.banner.won', {}, { who: nameSpan(w) }))]
      : h('strong', { class: 'turn-who', text: t('game.banner.draw') }));
  } else {
    const computer = room.seats[toMove]?.standin && !room.seats[toMove]?.bot;
    fill(screen.banner, swatch(toMove),
      h('strong', { class: 'turn-who' }, mine ? t('game.banner.yourTurn') : textWith('game.banner.turn', {}, { who: nameSpan(toMove) })),
      // Over days: the time left on that clock (days.js keeps it current).
      screen.daysClockEl,
      computer && h('span', { class: 'turn-standin', text: t(mine ? 'game.banner.computerPlaysYours' : 'game.banner.computerPlaying') }),
      h('span', { class: 'round', text: t('game.banner.round', { round: game.round }) }),
      screen.clockEl, screen.bannerThrow);
  }
}

/** The controls: Throw, the throws to come, the values held (to choose from on one's turn), Skip. */
export function renderControls(screen, mine, legal) {
  const { game } = screen.ctx;
  const over = game.result !== 'ongoing';
  const toMove = game.to_move;
  screen.controls.hidden = over;
  const heldValues = game.held.slice().sort((a, b) => a - b);
  const usable = new Set(legal.map((m) => m.value));
  screen.throwBtn.hidden = !(mine && game.can_throw);
  screen.throwBtn.disabled = screen.busy;
  screen.throwBtn.textContent = game.pending > 1 ? t('game.throwLeft', { n: game.pending }) : t('game.throw');
  const toCome = game.pending ? t('game.pending.toCome', { n: game.pending }) : t('game.pending.none');
  // Two separate facts, each whole in the catalog.
  screen.pendingEl.textContent = over ? '' : [toCome, game.run && t('game.pending.run', { n: game.run })].filter(Boolean).join(' · ');
  const seen = new Map();
  screen.heldLabel.textContent = mine ? t('game.held') : t('game.holds', { who: screen.who(toMove) });
  fill(screen.heldEl, heldValues.length && !mine ? heldValues.map((v) => h('span', { class: ['chip', 'static', isGrace(v) && 'grace'], text: formatNumber(v) }))
    : heldValues.length ? heldValues.map((v) => {
    const nth = (seen.get(v) || 0) + 1;
    seen.set(v, nth);
    const canUse = mine && usable.has(v) && !screen.busy;
    return h('button', {
      type: 'button',
      class: ['chip', isGrace(v) && 'grace', screen.sel.value === v && nth === 1 && 'selected'],
      'aria-pressed': String(screen.sel.value === v && nth === 1),
      disabled: !canUse,
      'data-value': v,
      'aria-label': t(canUse ? 'game.value' : 'game.value.cannot', { value: v }),
      onclick: () => screen.pickValue(v),
    }, formatNumber(v));
  }) : h('span', { class: 'none', text: t('game.nothingYet') }));
  showBannerThrow(screen);
  screen.skipBtn.hidden = !(mine && game.can_skip);
  screen.skipBtn.disabled = screen.busy;
}

/**
 * Watches scrolling (the page, or the side column on wide screens), which
 * may take Throw out of view or bring it back: checked once a frame at
 * most, until the game screen has gone from the page.
 */
export function watchBannerThrow(screen) {
  let queued = false;
  const onScroll = () => {
    if (!screen.el.isConnected && screen.shown) {
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onScroll);
      return;
    }
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      showBannerThrow(screen);
    });
  };
  window.addEventListener('scroll', onScroll, { capture: true, passive: true });
  window.addEventListener('resize', onScroll, { passive: true });
}

/** The banner's Throw shows while the real one can be used but is out of view. */
export function showBannerThrow(screen) {
  let away = false;
  if (!screen.throwBtn.hidden && screen.el.isConnected) {
    screen.shown = true;
    const r = screen.throwBtn.getBoundingClientRect();
    const b = screen.banner.getBoundingClientRect();
    // Under the sticky banner counts as out of view too.
    const underBanner = r.left < b.right && b.left < r.right && r.top < b.bottom && r.bottom > b.top;
    away = underBanner || r.top < 0 || r.bottom > window.innerHeight;
  }
  screen.bannerThrow.hidden = !away;
  screen.bannerThrow.disabled = screen.throwBtn.disabled;
}

/** The hint under the controls: what the viewer can do now, or whom they wait for. */
export function hintText(screen, legal, mine) {
  const { game, seat } = screen.ctx;
  const toMove = game.to_move;
  if (seat === null) return t('game.hint.watching');
  if (!mine) return t('game.hint.waiting', { who: screen.who(toMove) });
  // Sent, but the connection dropped before the answer: the state after the reconnect will tell.
  if (screen.busy) return t(screen.inDoubt !== null ? 'game.hint.inDoubt' : 'game.hint.sending');
  if (screen.auto.armed) return screen.auto.text.textContent;
  if (screen.choices) return t(screen.choices.length > 1 ? 'game.hint.several' : 'game.hint.tapMove');
  if (screen.sel.pawn !== null) return t(screen.sel.value !== null ? 'game.hint.chooseSquare' : 'game.hint.squareOrValue');
  if (screen.sel.value !== null) return t('game.hint.pawnFor', { value: screen.sel.value });
  if (screen.notSent) return t('game.notSent');
  if (legal.length) return t(game.can_throw ? 'game.hint.throwOrMove' : 'game.hint.move');
  if (game.can_throw) return t('game.hint.throw');
  if (game.can_skip) return t('game.hint.skip');
  return '';
}

/**
 * Counts the turn clock down in the banner. In its last ten seconds it
 * turns red, and the player to move is told once, aloud and on screen.
 */
export function startClock(screen, ms, over, mine) {
  clearInterval(screen.clockTimer);
  screen.clockEl.textContent = '';
  screen.clockEl.classList.remove('low');
  screen.banner.classList.remove('hurry');
  if (ms === null || ms === undefined || over) {
    screen.clockEnd = null;
    return;
  }
  const end = Date.now() + ms;
  // The same deadline again (a presence change re-renders): warned already.
  const same = screen.clockEnd !== null && Math.abs(screen.clockEnd - end) < 1500;
  screen.clockEnd = end;
  if (!same) screen.warned = false;
  const tick = () => {
    const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
    const low = left <= 10;
    screen.clockEl.textContent = t(low ? 'game.clock.low' : 'game.clock', { n: left });
    screen.clockEl.classList.toggle('low', low);
    screen.banner.classList.toggle('hurry', low && mine);
    if (low && mine && !screen.warned && left > 0) {
      screen.warned = true;
      announce(t('game.clock.warn', { n: left }));
    }
    if (left === 0) clearInterval(screen.clockTimer);
  };
  tick();
  screen.clockTimer = setInterval(tick, 1000);
}

export function renderTruce(screen) {
  const { game, seat } = screen.ctx;
  const show = screen.geom.truces_possible;
  screen.truceEl.hidden = !show;
  if (!show) return;
  const parts = [h('h2', { id: 'truce-title', class: 'panel-title', text: t('truce.title') })];
  parts.push(h('p', { class: 'hint', text: game.leader !== null && game.leader !== undefined ? t('truce.leader', { who: screen.who(game.leader) }) : t('truce.noLeader') }));
  if (game.offer) {
    const o = game.offer;
    if (o.to === seat) {
      parts.push(h('div', { class: 'offer mine', role: 'alert' },
        h('p', { text: t('truce.offerToYou', { from: screen.who(o.from), leader: screen.who(o.leader) }) }),
        h('div', { class: 'dialog-buttons' },
          h('button', { type: 'button', class: 'btn primary', onclick: () => screen.send({ do: 'answer_truce', accept: true }) }, t('truce.accept')),
          h('button', { type: 'button', class: 'btn', onclick: () => screen.send({ do: 'answer_truce', accept: false }) }, t('truce.decline')))));
    } else {
      parts.push(h('p', { class: 'offer', text: t('truce.offerWaiting', { from: screen.who(o.from), to: screen.who(o.to), leader: screen.who(o.leader) }) }));
    }
  }
  if (screen.myTurn() && game.truce_partners.length && !game.offer) {
    parts.push(h('div', { class: 'truce-offers' }, game.truce_partners.map((p) =>
      h('button', { type: 'button', class: 'btn small', onclick: () => screen.send({ do: 'offer_truce', to: p }) }, swatch(p), ` ${t('truce.offer', { who: screen.who(p) })}`))));
  }
  parts.push(h('ul', { class: 'truce-list' }, game.truces.length
    ? game.truces.map((tr) => h('li', { text: t('truce.inForce', { a: screen.who(tr.a), b: screen.who(tr.b), leader: screen.who(tr.leader), round: tr.ends_at_round }) }))
    : h('li', { class: 'none', text: t('truce.none') })));
  if (game.betrayals.length) {
    parts.push(h('p', { class: 'betrayals', text: t('truce.betrayals', { list: listOf(game.betrayals.map((b) => t('truce.betrayal', { who: screen.who(b.player), round: b.round }))) }) }));
  }
  fill(screen.truceEl, parts);
}

export function renderResult(screen) {
  const { room, game, seat } = screen.ctx;
  const over = game.result !== 'ongoing';
  screen.resultEl.hidden = !over;
  if (!over) return;
  // On a phone the result falls below the board: bring it (and Rematch) into view once.
  if (!screen.shownResult) {
    screen.shownResult = true;
    requestAnimationFrame(() => screen.resultEl.scrollIntoView({ block: 'nearest' }));
  }
  const w = game.result.winner;
  const title = w === undefined ? t('result.draw') : w === seat ? t('result.youWon') : t('result.wins', { who: screen.who(w) });
  const buttons = [];
  if (room.rematch) {
    buttons.push(h('button', { type: 'button', class: 'btn primary big', id: 'goto-rematch', onclick: () => screen.actions.gotoRematch(room.rematch) }, t(seat !== null ? 'result.gotoRematch' : 'result.watchRematch')));
  } else if (seat !== null) {
    buttons.push(h('button', { type: 'button', class: 'btn primary big', id: 'rematch-btn', onclick: () => screen.actions.rematch() }, t('result.rematch')));
  }
  buttons.push(h('a', { href: '/', class: 'btn ghost' }, t('result.newGame')));
  buttons.push(h('a', { href: `/r/${screen.ctx.code}#replay`, class: 'btn ghost', id: 'watch-replay' }, t('replay.watch')));
  const finishedIn = room.seats.map((s, i) => ({ i, n: game.pawns[i].filter((p) => p === screen.geom.centre).length }));
  fill(screen.resultEl,
    h('h2', { class: 'result-title' }, w !== undefined ? swatch(w) : null, ` ${title}`),
    h('p', { text: t('result.after', { n: game.round, scores: finishedIn.map(({ i, n }) => t('result.atCentre', { who: screen.who(i), n, total: room.rules.pawns })).join(' · ') }) }),
    h('div', { class: 'result-buttons' }, buttons),
    installOffer());
}
