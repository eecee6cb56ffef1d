// A player away from a live game, in the open (issue 29): the bar under
// the banner of the player concerned says what the computer does or did
// for them ("A computer is playing for you: 2 turns so far" with "Take my
// seat back"; "While you were away, the computer played 3 turns for you"
// with "OK"), and their "I'll be right back" while the table waits ("The
// table is waiting for you until 18:35" with "I'm back"). The log and
// the board tell everyone else when someone will be right back.
//
// The server keeps the count (the seat's `computer_turns`, since the
// player last played themselves) and the hold (`back_by`); nothing here
// counts or times anything.

import { h } from './dom.js';
import { t } from './i18n.js';
import { untilText } from './times.js';
import { takeoverSetting } from './takeover-setting.js';
import { seatOnline } from './players.js';

/**
 * How long a player whose connection dropped shows as "reconnecting…"
 * before "away": a phone changing networks is back within seconds
 * (connection.js), a closed tab is not.
 */
export const RECONNECTING_MS = 15000;

export class AwayBar {
  /** @param {import('./game.js').GameScreen} screen */
  constructor(screen) {
    this.screen = screen;
    // The count the player said OK to: the bar stays closed until it changes.
    this.seen = 0;
    // Who was holding their seat in the last state drawn, by seat.
    this.held = null;
    // Who was connected when last drawn, and since when each seat has not been.
    this.wasOn = null;
    this.dropped = new Map();
    this.redraw = null;
    this.text = h('span', { class: 'standin-text' });
    this.button = h('button', { type: 'button', class: 'btn small primary' });
    this.el = h('div', { class: 'standin-mine', role: 'status', hidden: true }, this.text, this.button);
    // The host's choice of when a computer stands in, under the players.
    this.setting = h('div', { class: 'takeover-host' });
    this.settingFor = undefined;
  }

  /**
   * The host's takeover control during a live game, drawn again only when
   * the room's time changes (a select redrawn while open would close).
   */
  renderSetting() {
    const { room, game, seat } = this.screen.ctx;
    const host = seat !== null && room.seats[seat]?.host;
    const show = host && room.pace !== 'days' && game?.result === 'ongoing';
    const key = show ? room.takeover ?? null : undefined;
    if (key === this.settingFor) return;
    this.settingFor = key;
    this.setting.replaceChildren(show ? takeoverSetting('game-takeover', room.takeover ?? null, (secs) => this.screen.actions.setTakeover?.(secs)) : '');
  }

  /** Draws the bar for the viewer's seat, or hides it. */
  render() {
    const { room, game, seat } = this.screen.ctx;
    const mine = seat !== null ? room.seats[seat] : null;
    const on = !!(mine && game && game.result === 'ongoing');
    const turns = on ? mine.computer_turns ?? 0 : 0;
    let text = null;
    let button = null;
    if (on && mine.standin) {
      text = this.screen.timedOut.has(seat) ? t('game.timeUp.mine')
        : turns > 0 ? t('game.away.playing', { n: turns }) : t('game.standin.you');
      button = [t('game.takeBack'), () => this.screen.actions.takeBack?.(), 'take-back-btn'];
    } else if (on && mine.back_by) {
      text = t('game.away.held', { until: untilText(mine.back_by) });
      button = [t('game.away.imBack'), () => this.screen.actions.takeBack?.(), 'take-back-btn'];
    } else if (turns > 0 && turns !== this.seen) {
      text = t('game.away.played', { n: turns });
      button = [t('game.away.ok'), () => this.dismiss(turns), 'away-ok'];
    }
    // Playing again, the count starts over: a later absence is told again.
    if (turns === 0) this.seen = 0;
    this.el.hidden = !text;
    if (!text) return;
    this.text.textContent = text;
    [this.button.textContent, this.button.onclick, this.button.id] = button;
  }

  /**
   * The seats whose connection dropped less than RECONNECTING_MS ago,
   * shown as "reconnecting…" rather than "away"; the screen is drawn again
   * when the first of them turns to "away".
   */
  reconnecting() {
    const { room, presence } = this.screen.ctx;
    const now = Date.now();
    const on = room.seats.map((s, i) => !!seatOnline(s, i, presence));
    on.forEach((isOn, i) => {
      if (isOn) this.dropped.delete(i);
      else if (this.wasOn?.[i] && !this.dropped.has(i)) this.dropped.set(i, now);
    });
    this.wasOn = on;
    const recent = [...this.dropped].filter(([, at]) => now - at < RECONNECTING_MS);
    clearTimeout(this.redraw);
    if (recent.length) {
      const first = Math.min(...recent.map(([, at]) => at));
      this.redraw = setTimeout(() => this.screen.render(), first + RECONNECTING_MS - now + 50);
    }
    return new Set(recent.map(([i]) => i));
  }

  dismiss(turns) {
    this.seen = turns;
    this.render();
  }

  /**
   * The sentence for someone who has just said they will be right back
   * (log, board and live region), or null; the first state only notes
   * who holds a seat.
   */
  news() {
    const { room, seat: me } = this.screen.ctx;
    const before = this.held;
    this.held = room.seats.map((s) => !!s.back_by);
    if (!before) return null;
    const said = room.seats
      .map((s, i) => (this.held[i] && !before[i] ? (i === me ? t('game.rightBack.you') : t('game.rightBack.other', { who: this.screen.who(i) })) : null))
      .filter(Boolean);
    return said.length ? said.join(' ') : null;
  }
}
