// Fewer taps per move (issue 29): when a throw leaves the player a single
// move, it plays by itself after a short visible pause, the pawn and its
// square highlighted and a line "Moving ... - tap to cancel" over the
// board; and a tap on a pawn that can go to one square only moves it at
// once. Both follow one setting, "Move by itself when there is only one
// move", on unless the player turned it off (storage.js). With it off the
// player chooses the pawn, then the square, as before.
//
// The move played is always one of the server's legal moves, in the very
// state it was offered in: the timer checks the state's version before it
// plays, so a move is never sent twice nor into a newer state.

import { h } from './dom.js';
import { t } from './i18n.js';
import { autoMoveOn, saveAutoMove } from './storage.js';
import { describe, merged } from './game-moves.js';

/** How long the lone move shows before it plays: time to see it, and to cancel. */
export const AUTO_MOVE_MS = 1200;

/**
 * The one move the state leaves the viewer, or null when there is a
 * choice to make or nothing to move: not for a watcher, not while a
 * computer plays the seat, not when a throw (or a skip) is still the
 * player's to make first, and not a move that strands the turn (the
 * player is asked first, R12). Identical moves are one (merged).
 */
export function loneMove(screen) {
  const { game, room, seat } = screen.ctx;
  if (!screen.myTurn() || screen.busy || game.can_throw || game.can_skip || room.seats[seat]?.standin) return null;
  const moves = merged(screen, game.legal);
  return moves.length === 1 && !moves[0].strands ? moves[0] : null;
}

/** The automatic move of the game screen: its setting, its pause and its line over the board. */
export class AutoMove {
  /** @param {import('./game.js').GameScreen} screen */
  constructor(screen) {
    this.screen = screen;
    this.on = autoMoveOn();
    // What is about to play: {move, version, timer}, or null.
    this.pending = null;
    // The state version last looked at: a state is offered once, so a move
    // cancelled stays cancelled when the same state is drawn again.
    this.seen = null;
    this.text = h('span', { class: 'auto-move-text' });
    // Said aloud with the throw by the game's live region (game.js), so not a live region itself.
    this.line = h('div', { class: 'auto-move', id: 'auto-move', hidden: true },
      this.text,
      h('button', { type: 'button', class: 'btn small', id: 'auto-cancel', onclick: () => this.cancel() }, t('game.cancel')));
    this.box = h('input', { type: 'checkbox', id: 'auto-move-setting', checked: this.on, onchange: () => this.set(this.box.checked) });
    this.setting = h('label', { class: 'auto-setting', for: 'auto-move-setting' }, this.box, h('span', { text: t('game.auto.setting') }));
  }

  /** Turns the setting on or off, remembered by this browser; off stops a move about to play. */
  set(on) {
    this.on = on;
    saveAutoMove(on);
    if (!on) this.cancel();
  }

  /**
   * Called with each new state: with the setting on and a lone move, shows
   * it (its pawn selected, its square marked) and plays it after the pause.
   * Returns the sentence to say aloud, or null.
   */
  arm() {
    if (this.screen.ctx.version === this.seen) return null;
    this.seen = this.screen.ctx.version;
    this.stop();
    const move = this.on ? loneMove(this.screen) : null;
    if (!move) return null;
    const screen = this.screen;
    const version = screen.ctx.version;
    screen.sel = { pawn: move.pawns[0], value: move.value };
    const timer = setTimeout(() => {
      // Never twice, never into another state: the same version, still ours to play.
      if (this.pending?.timer !== timer || screen.ctx.version !== version || !loneMove(screen)) return;
      this.pending = null;
      screen.play(move);
    }, AUTO_MOVE_MS);
    this.pending = { move, version, timer };
    this.text.textContent = t('game.auto.moving', { move: describe(move, screen, false) });
    return this.text.textContent;
  }

  /** Whether a move is about to play by itself. */
  get armed() {
    return this.pending !== null;
  }

  /** Forgets a move about to play, without drawing. */
  stop() {
    if (this.pending) clearTimeout(this.pending.timer);
    this.pending = null;
  }

  /**
   * The player cancelled (Cancel, a tap on the board, a key): the move
   * does not play, its highlight goes, and the player chooses as usual.
   * Returns whether a move was about to play.
   */
  cancel() {
    if (!this.interrupt()) return false;
    this.screen.render();
    return true;
  }

  /** Like cancel(), without drawing: for a tap that goes on to choose something itself. */
  interrupt() {
    if (!this.pending) return false;
    this.stop();
    this.screen.sel = { pawn: null, value: null };
    return true;
  }

  /** Draws the line over the board and the setting (players only). */
  render() {
    this.line.hidden = !this.pending;
    this.setting.hidden = this.screen.ctx.seat === null;
    this.box.checked = this.on;
  }
}
