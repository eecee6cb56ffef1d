// The greeting a guest finds on opening a room link while the room is in
// its lobby: who invites them (the host's name), the room in one line, one
// name field and one button that takes the first free seat. A full lobby
// says so plainly and offers to watch instead. The name field comes filled
// with the name this browser remembers, or else the player's own name on
// the server, so that a returning guest sits with one tap.

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { savedName } from './storage.js';
import { seatName } from './players.js';
import { hasPlayer } from './identity.js';
import * as api from './api.js';

/** The greeting's heading: "{host} invites you to play {game}", or without a name when the host has none. */
export function greetingTitle(room) {
  const host = room.seats.find((s) => s.host);
  const name = host ? seatName(host) : '';
  const game = t('site.gameName');
  return name ? t('lobby.greet', { host: name, game }) : t('lobby.greetNoHost', { game });
}

export class Greeting {
  /**
   * @param {{join: () => void, watch: () => void}} actions `join` reads the
   *   name field (#lobby-name) and takes the first free seat; `watch` puts the greeting away.
   */
  constructor(actions) {
    this.actions = actions;
    this.rulesLine = h('p', { class: 'greeting-rules' });
    this.body = h('div', { class: 'greeting-body' });
    this.el = h('div', { class: 'card greeting', hidden: true });
    this.full = null;
  }

  /**
   * Shows the greeting of `room` with `title` (the page's h1) at its top;
   * `full` when no seat is left for a person.
   */
  update(room, title, full) {
    title.textContent = greetingTitle(room);
    this.rulesLine.textContent = t('lobby.greetRules', { seats: room.rules.players, size: room.rules.board });
    if (title.parentNode !== this.el) this.el.replaceChildren(title, this.rulesLine, this.body);
    if (this.full !== full) {
      this.full = full;
      fill(this.body, full ? this.watchOffer() : this.nameForm());
    }
    this.el.hidden = false;
  }

  hide() {
    this.el.hidden = true;
  }

  /** The one name field and the one button. */
  nameForm() {
    const name = h('input', { id: 'lobby-name', type: 'text', required: true, maxlength: 24, value: savedName(), autocomplete: 'nickname' });
    const form = h('form', { class: 'join-inline' },
      h('p', { class: 'hint', text: t('lobby.greetHow', { button: t('lobby.takeSeat') }) }),
      h('label', { for: 'lobby-name', text: t('lobby.yourName') }), name,
      h('button', { type: 'submit', class: 'btn primary big', id: 'take-seat', text: t('lobby.takeSeat') }));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.actions.join();
    });
    if (!name.value && hasPlayer()) this.fillPlayerName(name);
    return form;
  }

  /** The player's name on the server, into the field if it is still empty (no name remembered here). */
  async fillPlayerName(input) {
    try {
      const me = await api.me();
      if (me?.name && !input.value) input.value = me.name;
    } catch {
      /* no name to offer: the field stays empty */
    }
  }

  /** Every seat taken: said plainly, with the way to watch. */
  watchOffer() {
    return [
      h('p', { class: 'greeting-full', text: t('lobby.greetFull') }),
      h('button', { type: 'button', class: 'btn primary big', id: 'watch-btn', text: t('lobby.watch'), onclick: () => this.actions.watch() }),
    ];
  }
}
