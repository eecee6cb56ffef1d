// The room lobby: seats filling live, the host's share link (copy button,
// the phone's share sheet and WhatsApp), computer players for empty seats,
// the host's start button and seat changes (a computer's level, removing a
// person or a computer), a guest leaving their seat, and the personal link
// that opens one's seat on another device. Someone without a seat is
// greeted instead (greeting.js) and sees none of the host's controls.

import { h, fill } from './dom.js';
import { presets, options, SIDE_NAMES, LEVELS, levelName } from './names.js';
import { t } from './i18n.js';
import { seatName, seatOnline, swatch } from './players.js';
import { savedName } from './storage.js';
import { turnHoursName } from './pace.js';
import { announce, notice, showError } from './announce.js';
import { BoardView } from './board.js';
import { Greeting } from './greeting.js';
import { takeoverSetting } from './takeover-setting.js';
import { ruleHelp } from './rule-link.js';
import { hintsSetting } from './game-hint.js';

// A room made from the home page's "Play with friends" opens the share
// sheet (or points at the link) once its lobby is on screen.
let shareOnArrival = null;

/** Asks the lobby of room `code`, when it first shows, to offer the invite link at once. */
export function offerShareOnArrival(code) {
  shareOnArrival = code;
}

/**
 * The options that differ from plain words into a short list, each with its rule link.
 * @param {object} rules the room's resolved rules
 * @param {object} board the welcome's board: the facts the rules imply
 * @param {object} room the room: a game over days says so, with its clock per turn
 */
function rulesSummary(rules, board, room) {
  const preset = presets().find((p) => p.id === rules.preset);
  const out = [h('li', { text: t('lobby.summary', { size: rules.board, seats: rules.players, n: rules.pawns }) })];
  if (room.pace === 'days') out.push(h('li', { class: 'pace-line', text: `${t('pace.days')}: ${t('pace.days.explain', { time: turnHoursName(room.turn_hours ?? 24) })}` }));
  for (const [key, opt] of Object.entries(options())) {
    // Only where truces can happen in this room is the truce option news (R15).
    if (key === 'truce' && !board.truces_possible) continue;
    out.push(h('li', {}, `${opt.values[String(rules[key])]} `, ruleHelp(opt.rule, opt.label, { target: '_blank', rel: 'noopener' })));
  }
  if (rules.mouth_up !== 0.5) out.push(h('li', { text: t('lobby.mouthUp', { chance: rules.mouth_up }) }));
  if (room.hints === false) out.push(h('li', { text: t('hint.offAtTable') }));
  return h('div', { class: 'rules-summary' },
    h('p', { class: 'preset-line' }, h('strong', { text: preset?.name ?? rules.preset }), preset ? ` — ${preset.blurb}` : ''),
    h('ul', {}, out));
}

export class Lobby {
  /**
   * @param {{start: () => void, setBot: (seat: number, level: string|null) => void, remove: (seat: number) => void,
   *   leaveSeat: () => void, devices: () => void, join: (name: string, seat?: number) => Promise<void>,
   *   watched: () => void, setTakeover: (secs: number|null) => void, setHints: (on: boolean) => void}} actions
   */
  constructor(actions, feedEl) {
    this.actions = actions;
    this.seatsList = h('ul', { class: 'seat-list' });
    this.startArea = h('div', { class: 'start-area' });
    // The host's choice of when a computer plays for someone away.
    this.takeoverArea = h('div', { class: 'takeover-host' });
    // The host's switch of "what would the computer do?" for the table.
    this.hintsArea = h('div', { class: 'hints-host' });
    this.rulesArea = h('div', {});
    // The page's one heading: the lobby's title, or a guest's greeting.
    this.title = h('h1', { id: 'lobby-title', text: t('lobby.title') });
    this.greeting = new Greeting({ join: () => this.joinFromForm(), watch: () => this.watch() });
    // A guest who chose to watch a full lobby is greeted again only if a seat frees up.
    this.watching = false;
    this.linkInput = h('input', { id: 'share-link', type: 'text', readonly: true, class: 'share-input' });
    this.codeEl = h('span', { class: 'big-code' });
    this.devicesArea = h('section', { class: 'card devices', 'aria-labelledby': 'devices-card-title', hidden: true },
      h('h2', { id: 'devices-card-title', class: 'panel-title', text: t('lobby.devices.title') }),
      h('p', { class: 'hint', text: t('lobby.devices.hint') }),
      h('button', { type: 'button', class: 'btn', id: 'devices-open', onclick: () => this.actions.devices() }, t('lobby.devices.button')));
    const copy = h('button', { type: 'button', class: 'btn', text: t('lobby.copy'), onclick: () => this.copy() });
    const share = typeof navigator.share === 'function'
      ? h('button', { type: 'button', class: 'btn', text: t('lobby.share'), onclick: () => this.share() })
      : null;
    this.whatsapp = h('a', { class: 'btn whatsapp', id: 'share-whatsapp', target: '_blank', rel: 'noopener', 'aria-label': t('lobby.whatsappLabel'), text: t('lobby.whatsapp') });
    // The host's alone: a guest neither invites nor sees the code twice.
    this.shareCard = h('section', { class: 'card share', 'aria-labelledby': 'share-title', hidden: true },
      h('h2', { id: 'share-title', class: 'panel-title' }, `${t('lobby.invite')} `, this.codeEl),
      h('label', { for: 'share-link', class: 'visually-hidden', text: t('lobby.roomLink') }),
      h('div', { class: 'share-row' }, this.linkInput, copy, share, this.whatsapp));
    this.el = h('section', { class: 'lobby', 'aria-labelledby': 'lobby-title' },
      h('div', { class: 'lobby-main' },
        this.title,
        this.greeting.el,
        this.shareCard,
        h('section', { class: 'card', 'aria-labelledby': 'seats-title' },
          h('h2', { id: 'seats-title', class: 'panel-title', text: t('lobby.seats') }),
          this.seatsList, this.startArea, this.takeoverArea, this.hintsArea),
        this.devicesArea,
        h('details', { class: 'card rules-card' }, h('summary', { text: t('lobby.rulesOfRoom') }), this.rulesArea)),
      h('div', { class: 'lobby-side' },
        h('figure', { class: 'card preview' }, this.previewSvg = document.createElementNS('http://www.w3.org/2000/svg', 'svg'),
          h('figcaption', { class: 'hint', text: t('lobby.previewCaption') })),
        feedEl));
    this.previewSvg.setAttribute('class', 'board preview-board');
    this.previewSvg.setAttribute('role', 'img');
    this.preview = new BoardView(this.previewSvg, { onPawn() {}, onDest() {} });
  }

  link(code) {
    return `${location.origin}/r/${code}`;
  }

  async copy() {
    const url = this.linkInput.value;
    try {
      await navigator.clipboard.writeText(url);
      notice(t('lobby.copied'));
    } catch {
      // No clipboard permission (e.g. plain http): select it for a manual copy.
      this.linkInput.select();
      notice(t('lobby.copyByHand'));
    }
  }

  /** What the phone's share sheet sends: the game's name, an invitation and the room link. */
  shareData() {
    const game = t('site.gameName');
    return { title: game, text: t('lobby.shareText', { game }), url: this.linkInput.value };
  }

  /** WhatsApp's "send a message" link with the invitation and the room link in it. */
  whatsappLink() {
    const { text, url } = this.shareData();
    return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
  }

  async share() {
    try {
      await navigator.share(this.shareData());
    } catch (e) {
      if (e?.name !== 'AbortError') this.copy();
    }
  }

  /**
   * A room just made to play with friends: the share sheet where the browser
   * has one, else the link selected beside its copy button. A share sheet
   * refused (it needs a recent tap) falls back to the same.
   */
  async offerLink() {
    const pointAtLink = () => {
      this.linkInput.focus();
      this.linkInput.select();
      this.linkInput.closest('.share')?.classList.add('highlight');
    };
    if (typeof navigator.share !== 'function') {
      pointAtLink();
      return;
    }
    try {
      await navigator.share(this.shareData());
    } catch {
      pointAtLink();
    }
  }

  /**
   * Says who took or left a seat since the last look, for everyone who
   * cannot see the list change (screen readers): never the viewer's own
   * seat, nor the seats as first seen.
   */
  tellSeats(room, me) {
    const now = room.seats.map((seat) => (seat.name || seat.bot ? seatName(seat) : null));
    const before = this.seen;
    this.seen = now;
    if (!before || before.length !== now.length) return;
    const said = [];
    now.forEach((who, i) => {
      if (i === me || who === before[i]) return;
      if (before[i]) said.push(t('lobby.seatEmptied', { who: before[i], n: i + 1 }));
      if (who) said.push(t('lobby.seatTaken', { who, n: i + 1 }));
    });
    if (said.length) announce(said.join(' '));
  }

  update(ctx) {
    const { room, seat: me } = ctx;
    this.tellSeats(room, me);
    const isHost = me !== null && room.seats[me]?.host;
    this.codeEl.textContent = room.code;
    this.linkInput.value = this.link(room.code);
    this.shareCard.hidden = !isHost;
    this.whatsapp.setAttribute('href', this.whatsappLink());
    const focusedSeat = document.activeElement?.closest?.('.seat')?.dataset.seat;
    fill(this.seatsList, room.seats.map((seat, i) => {
      const taken = !!(seat.name || seat.bot);
      const on = seatOnline(seat, i, ctx.presence);
      let control = null;
      // A computer's seat carries its name too ("Computer (easy)"): the host
      // keeps the level choice on it, to change the level or empty the seat.
      const person = !!seat.name && !seat.bot;
      if (isHost && i !== me && !person) {
        const sel = h('select', { id: `bot-${i}`, 'aria-label': t('lobby.seatChoice', { n: i + 1 }) },
          h('option', { value: '', text: t('lobby.emptyForFriend') }),
          LEVELS.map((l) => h('option', { value: l, selected: seat.bot === l, text: t('lobby.computerLevel', { level: levelName(l) }) })));
        sel.addEventListener('change', () => this.actions.setBot(i, sel.value || null));
        control = sel;
      } else if (isHost && i !== me) {
        control = h('button', {
          type: 'button', class: 'btn small', id: `remove-${i}`, 'aria-label': t('lobby.removeLabel', { name: seat.name, n: i + 1 }),
          onclick: () => this.actions.remove(i),
        }, t('lobby.remove'));
      } else if (i === me && !seat.host) {
        control = h('button', { type: 'button', class: 'btn small', id: 'leave-seat', onclick: () => this.actions.leaveSeat() }, t('lobby.leaveSeat'));
      } else if (me === null && !taken) {
        control = h('button', { type: 'button', class: 'btn small', text: t('lobby.sitHere'), onclick: () => this.joinFromForm(i) });
      }
      return h('li', { class: ['seat', `seat-${i}`, taken ? 'taken' : 'empty', i === me && 'me'], dataset: { seat: i } },
        swatch(i),
        h('div', { class: 'seat-main' },
          h('span', { class: 'seat-name', text: taken ? seatName(seat) : t('lobby.emptySeat') }),
          i === me && h('span', { class: 'you', text: t('lobby.you') }),
          seat.host && h('span', { class: 'badge', text: t('lobby.host') }),
          h('span', { class: 'seat-side', text: SIDE_NAMES[seat.side] ?? seat.side }),
          taken && !seat.bot && h('span', { class: ['presence', on ? 'on' : 'off'] }, h('span', { class: 'dot', 'aria-hidden': 'true' }), h('span', { class: 'presence-text', text: on ? t('lobby.online') : t('lobby.away') }))),
        control);
    }));
    this.devicesArea.hidden = me === null;
    if (focusedSeat !== undefined) this.seatsList.querySelector(`[data-seat="${focusedSeat}"] select, [data-seat="${focusedSeat}"] button`)?.focus();

    const takenCount = room.seats.filter((s) => s.name || s.bot).length;
    const freeForPeople = room.seats.some((s) => !s.name && !s.bot);
    if (freeForPeople) this.watching = false;
    this.greets = me === null && !this.watching;
    if (this.greets) {
      this.greeting.update(room, this.title, !freeForPeople);
    } else {
      this.greeting.hide();
      this.title.textContent = me === null ? t('lobby.full') : t('lobby.title');
      if (this.title.parentNode !== this.el.firstChild) this.el.firstChild.prepend(this.title);
    }

    if (isHost) {
      const can = takenCount >= 2;
      // One button for the lobby's life: one made anew on every update (a
      // presence change, a seat taken) could swallow a tap landing meanwhile.
      this.startBtn ??= h('button', { type: 'button', class: 'btn primary big', id: 'start-btn', onclick: () => this.actions.start() }, t('lobby.start'));
      this.startHint ??= h('p', { class: 'hint' });
      this.startBtn.disabled = !can;
      this.startHint.textContent = can ? t('lobby.ready', { n: takenCount }) : t('lobby.needTwo');
      if (this.startBtn.parentNode !== this.startArea) fill(this.startArea, this.startBtn, this.startHint);
    } else if (me !== null) {
      const host = room.seats.find((s) => s.host);
      fill(this.startArea, h('p', { class: 'hint', text: host ? t('lobby.waitingFor', { host: seatName(host) }) : t('lobby.waitingForHost') }));
    } else {
      fill(this.startArea);
    }
    // Drawn again only when the room's time changes: a select redrawn while open would close.
    const takeoverFor = isHost && room.pace !== 'days' ? room.takeover ?? null : undefined;
    if (takeoverFor !== this.takeoverFor) {
      this.takeoverFor = takeoverFor;
      fill(this.takeoverArea, takeoverFor === undefined ? null : takeoverSetting('lobby-takeover', takeoverFor, (secs) => this.actions.setTakeover(secs)));
    }
    const hintsFor = isHost ? room.hints !== false : undefined;
    if (hintsFor !== this.hintsFor) {
      this.hintsFor = hintsFor;
      fill(this.hintsArea, hintsFor === undefined ? null : hintsSetting('lobby-hints', hintsFor, (on) => this.actions.setHints(on)));
    }
    this.drawPreview(ctx);
    if (shareOnArrival === room.code) {
      shareOnArrival = null;
      this.offerLink();
    }
    const rulesKey = JSON.stringify([room.rules, ctx.board?.truces_possible, room.pace, room.turn_hours, room.hints]);
    if (ctx.board && (!this.rulesArea.firstChild || this.rulesKey !== rulesKey)) {
      this.rulesKey = rulesKey;
      fill(this.rulesArea, rulesSummary(room.rules, ctx.board, room));
    }
  }

  /** The empty board with each taken seat's pawns at home (or waiting beside it). */
  drawPreview(ctx) {
    const { board, room, seat } = ctx;
    if (!board || board.paths.length !== room.seats.length) return;
    this.preview.setGeometry(board, seat);
    const pawns = room.seats.map((s) => (s.name || s.bot ? Array(room.rules.pawns).fill(board.start) : []));
    this.preview.render({ pawns, pairs: [], loose_pairs: [] }, { seatLabel: (i) => seatName(room.seats[i]) });
    this.previewSvg.setAttribute('aria-label', t('lobby.previewLabel', { size: board.size }));
  }

  /** A guest in a full lobby chose to watch: the greeting goes, and the page says they are watching. */
  watch() {
    this.watching = true;
    this.actions.watched();
  }

  async joinFromForm(seat) {
    const input = this.el.querySelector('#lobby-name');
    const name = input?.value.trim() || savedName();
    if (!name) {
      showError(t('lobby.nameFirst'));
      input?.focus();
      return;
    }
    await this.actions.join(name, seat);
  }
}
