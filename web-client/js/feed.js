// The room's feed: what happened (throws, moves, hits, truces) and chat,
// in one scrolling list, with the chat box for seated players. Chat text
// is shown with textContent only.
//
// The list is a keyboard-scrollable region (it takes focus, so arrow keys
// and Page Down scroll it). It is not a live region: the game's own live
// region already speaks every move, and a log that spoke too would say
// each one twice (and read the whole history out after every reload).

import { h } from './dom.js';
import { swatch } from './players.js';
import { t } from './i18n.js';

const MAX_LINES = 200;
const MAX_CHAT = 300;

export class Feed {
  /** @param {{onSend: (text: string) => boolean}} handlers */
  constructor(handlers) {
    // The empty log's hint is drawn by CSS from data-empty, in the player's language.
    this.list = h('ol', { class: 'feed-list', tabindex: '0', 'aria-label': t('feed.label'), 'data-empty': t('feed.empty') });
    this.input = h('input', { id: 'chat-input', type: 'text', maxlength: MAX_CHAT, autocomplete: 'off', placeholder: t('feed.placeholder') });
    this.sendBtn = h('button', { type: 'submit', class: 'btn small', text: t('feed.send') });
    this.form = h('form', { class: 'chat-form' },
      h('label', { for: 'chat-input', class: 'visually-hidden', text: t('feed.message') }), this.input, this.sendBtn);
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      if (handlers.onSend(text)) this.input.value = '';
    });
    this.el = h('section', { class: 'feed card', 'aria-labelledby': 'feed-title' },
      h('h2', { id: 'feed-title', class: 'panel-title', text: t('feed.title') }), this.list, this.form);
  }

  /** Whether the chat box is usable (spectators cannot chat). */
  setCanChat(can) {
    this.form.hidden = !can;
  }

  /** Empties the log, e.g. before the history of a fresh welcome is laid in. */
  clear() {
    this.list.replaceChildren();
  }

  push(li) {
    const atBottom = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
    this.list.append(li);
    while (this.list.children.length > MAX_LINES) this.list.firstChild.remove();
    if (atBottom) this.list.scrollTop = this.list.scrollHeight;
  }

  /**
   * A game event line; `kind` styles it (hit, penalty, turn, truce...),
   * and `standin` marks a move a computer made for an absent person.
   */
  event(text, kind = '', standin = false) {
    this.push(h('li', { class: ['feed-event', kind && `ev-${kind}`, standin && 'ev-standin'], text }));
  }

  /** A chat line from a seat (or a spectator: seat null). */
  chat(seat, name, text) {
    this.push(h('li', { class: 'feed-chat' },
      seat !== null && seat !== undefined ? swatch(seat) : null,
      h('b', { class: 'chat-name', text: t('feed.from', { name }) }),
      h('span', { class: 'chat-text', text })));
  }

  /**
   * Lays in lines from before this page saw the room (the welcome's
   * history), oldest first, all at once, and ends scrolled to the newest.
   * Nothing here plays a sound or speaks: those belong to live moments.
   * @param {Array<{chat?: {seat: number|null, name: string, text: string}, text?: string, kind?: string, standin?: boolean}>} lines
   */
  replay(lines) {
    for (const l of lines) {
      if (l.chat) this.chat(l.chat.seat, l.chat.name, l.chat.text);
      else this.event(l.text, l.kind, l.standin);
    }
    this.list.scrollTop = this.list.scrollHeight;
  }
}
