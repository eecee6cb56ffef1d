// "What would the computer do?": in their own turn a player asks, the
// server's hard computer answers (to them alone), and the screen shows the
// move on the board, one sentence why in the player's words, and a button
// that plays it. The host turns hints on or off for the table (a table that
// plays for keeps), in the lobby or here (`hintsSetting`).
//
// The reason is the server's (what its evaluation weighed most); this
// module only words it (hint.* in the catalog). The text mode asks and
// words hints the same way (`hintSentence`).

import { h } from './dom.js';
import { t } from './i18n.js';
import { listOf } from './events.js';
import { seatLabel } from './players.js';
import { describe } from './game-moves.js';

/** The legal move of `legal` that a hint's action names, or null. */
export function hintedMove(legal, action) {
  if (action?.do !== 'move') return null;
  const same = (a, b) => a.length === b.length && [...a].sort().every((p, i) => p === [...b].sort()[i]);
  return legal.find((m) => m.value === action.value && same(m.pawns, action.pawns) && (m.target ?? null) === (action.target ?? null)) ?? null;
}

/**
 * The hint's reason in one sentence of the player's language.
 * @param {object} ctx the room's context (for players' names)
 * @param {{why: string, victim?: number, by?: number[], values?: number[], safe?: boolean}} reason
 */
export function hintReason(ctx, reason) {
  const names = (seats) => listOf((seats ?? []).map((s) => seatLabel(ctx, s)));
  switch (reason.why) {
    case 'hit': return t('hint.why.hit', { victim: seatLabel(ctx, reason.victim) });
    case 'escape': return t(reason.safe ? 'hint.why.escape.safe' : 'hint.why.escape', {
      by: names(reason.by), values: listOf(reason.values ?? []), n: reason.by?.length ?? 1,
    });
    case 'stay_safe': return t('hint.why.staySafe', { by: names(reason.by), n: reason.by?.length ?? 1 });
    default: return t(`hint.why.${{ throw_first: 'throwFirst' }[reason.why] ?? reason.why}`);
  }
}

/**
 * The whole hint in words: what the computer would do, then why.
 * @param {object} ctx the room's context
 * @param {{action: object, reason: object}} hint the server's hint
 * @param {(m: object) => string} describeMove a legal move in words
 */
export function hintSentence(ctx, hint, describeMove) {
  const move = hintedMove(ctx.game?.legal ?? [], hint.action);
  const what = hint.action.do === 'throw' ? t('hint.throw')
    : hint.action.do === 'skip' ? t('hint.skip')
      : t('hint.move', { move: move ? describeMove(move) : '' });
  return `${what} ${hintReason(ctx, hint.reason)}`;
}

/** The host's switch of hints for the table, checked when hints are on. */
export function hintsSetting(id, on, onSet) {
  const box = h('input', { type: 'checkbox', id, checked: on, 'aria-describedby': `${id}-hint` });
  box.addEventListener('change', () => onSet(box.checked));
  return h('div', { class: 'field option hints-setting' },
    h('label', { class: 'check' }, box, ` ${t('hint.setting')}`),
    h('p', { class: 'hint', id: `${id}-hint`, text: t('hint.settingHint') }));
}

/** The game screen's hint: a button, the answer, and the host's switch. */
export class ComputerHint {
  /**
   * @param {import('./game.js').GameScreen} screen
   * @param {() => boolean} ask sends `hint`; false if it could not be sent
   */
  constructor(screen, ask) {
    this.screen = screen;
    this.ask = ask;
    // The version the shown (or awaited) hint is for: another state clears it.
    this.version = null;
    this.hint = null;
    this.button = h('button', { type: 'button', class: 'btn small ghost', id: 'hint-btn', onclick: () => this.request() }, t('hint.button'));
    this.text = h('p', { class: 'hint-text', id: 'hint-text' });
    this.playBtn = h('button', { type: 'button', class: 'btn small', id: 'hint-play', hidden: true, onclick: () => this.playIt() }, t('hint.play'));
    // Polite: the answer is read when it comes, after what is being said.
    this.answer = h('div', { class: 'hint-answer', 'aria-live': 'polite', hidden: true }, this.text, this.playBtn);
    this.el = h('div', { class: 'computer-hint' }, this.button, this.answer);
    this.setting = h('div', { class: 'hints-host' });
    this.settingFor = undefined;
  }

  /** Asks the server, once per state. */
  request() {
    const { version } = this.screen.ctx;
    if (this.version === version) return;
    if (!this.ask()) return;
    this.version = version;
    this.hint = null;
    this.text.textContent = t('hint.thinking');
    this.playBtn.hidden = true;
    this.answer.hidden = false;
    this.button.disabled = true;
  }

  /** The server's answer: shown if it is for the state on screen. */
  received(msg) {
    const { ctx } = this.screen;
    if (msg.version !== ctx.version || msg.seat !== ctx.seat) return;
    this.version = msg.version;
    this.hint = msg.hint;
    const move = hintedMove(ctx.game.legal, msg.hint.action);
    this.text.textContent = hintSentence(ctx, msg.hint, (m) => describe(m, this.screen, false));
    this.playBtn.hidden = !(move || msg.hint.action.do !== 'move');
    this.answer.hidden = false;
    // The move shows on the board as if the player had picked its pawn and value.
    if (move) this.screen.showMove(move);
    else this.screen.render();
  }

  /** A refusal (hints turned off meanwhile, the turn gone): the question is dropped. */
  refused() {
    if (this.hint || this.version === null) return;
    this.version = null;
    this.answer.hidden = true;
  }

  /** Plays what the computer would. */
  playIt() {
    const action = this.hint?.action;
    if (!action) return;
    const move = hintedMove(this.screen.ctx.game.legal, action);
    if (move) this.screen.play(move);
    else this.screen.send({ do: action.do });
  }

  /** Whether the throw button is what the shown hint says to press. */
  saysThrow() {
    return this.version === this.screen.ctx.version && this.hint?.action.do === 'throw';
  }

  /** Draws the button and answer for the state on screen. */
  render(mine) {
    const { room, game, version } = this.screen.ctx;
    const can = !!room.hints && mine && game.result === 'ongoing' && !this.screen.busy;
    this.el.hidden = !can;
    if (this.version !== version) {
      this.version = null;
      this.hint = null;
      this.answer.hidden = true;
    }
    this.button.disabled = this.version === version;
    this.renderSetting();
  }

  /** The host's switch during the game, drawn again only when it changes. */
  renderSetting() {
    const { room, game, seat } = this.screen.ctx;
    const host = seat !== null && room.seats[seat]?.host;
    const key = host && game?.result === 'ongoing' ? !!room.hints : undefined;
    if (key === this.settingFor) return;
    this.settingFor = key;
    this.setting.replaceChildren(key === undefined ? '' : hintsSetting('game-hints', key, (on) => this.screen.actions.setHints?.(on)));
  }
}
