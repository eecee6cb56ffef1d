// Keyboard shortcuts on the game screen (issue 29): a whole turn without
// Tab. T or Space throws, N and P (or the arrow keys) go to the next or
// previous pawn that can move (or square, once a pawn is chosen), Enter
// plays what has focus, S skips a throw when that is allowed, Escape
// cancels. Keys typed into the chat or any other field, or pressed with
// Ctrl, Alt or Cmd, are left alone. The same keys are listed in a hint
// under the board (desktop, or whenever the board has keyboard focus) and
// in the How to play guide.
//
// Letters are matched by the key's place on the keyboard too (e.code), so
// they work with a Hindi or Kannada keyboard layout.

import { h } from './dom.js';
import { t } from './i18n.js';

/** Whether `el` takes typed text (or is a list to pick from): keys there are its own. */
function typing(el) {
  return el instanceof HTMLElement && (el.matches('input:not([type="checkbox"]):not([type="radio"]), select, textarea') || el.isContentEditable);
}

/** The letter of a key press, from the key or, on another layout, from its place. */
function letter(e) {
  if (/^[a-z]$/i.test(e.key)) return e.key.toLowerCase();
  const m = /^Key([A-Z])$/.exec(e.code || '');
  return m ? m[1].toLowerCase() : null;
}

/** The usable element matching `selector` on the screen, or null. */
function usable(screen, selector) {
  const el = screen.el.querySelector(selector);
  return el && !el.hidden && !el.disabled ? el : null;
}

/**
 * Moves focus to the next (step 1) or previous (step -1) of the squares
 * marked for the chosen pawn, or of the pawns that can move when none is
 * chosen, going round at the ends.
 */
function cycle(screen, step) {
  let items = [...screen.el.querySelectorAll('svg.board .dest')];
  if (!items.length) items = [...screen.el.querySelectorAll('svg.board .pawn.movable')];
  if (!items.length) return false;
  const at = items.indexOf(document.activeElement);
  const next = at < 0 ? (step > 0 ? 0 : items.length - 1) : (at + step + items.length) % items.length;
  items[next].focus();
  return true;
}

/**
 * Listens for the shortcuts while the game screen `screen` is on the page
 * (and stops listening once it is gone). Returns the hint element to show
 * near the board.
 */
export function installKeys(screen) {
  const onKey = (e) => {
    if (!screen.el.isConnected) {
      // Gone for good once it was shown: a new screen listens for itself.
      if (screen.version !== null) document.removeEventListener('keydown', onKey);
      return;
    }
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    const el = e.target;
    if (typing(el) || document.querySelector('dialog[open]')) return;
    const onBoard = el instanceof Element && !!el.closest('svg.board');
    // Focus on nothing in particular: the page, the game screen or its banner.
    const idle = el === document.body || el === screen.el || el === screen.banner || el === document.documentElement;
    const key = letter(e);
    let done = false;
    if (key === 't' || (e.key === ' ' && (idle || el === screen.el.querySelector('#throw-btn')))) {
      const btn = usable(screen, '#throw-btn');
      if (btn) {
        screen.auto.cancel();
        btn.focus({ preventScroll: true });
        btn.click();
        done = true;
      }
    } else if (key === 'n' || key === 'p' || ((onBoard || idle) && /^Arrow(Right|Down|Left|Up)$/.test(e.key))) {
      screen.auto.cancel();
      done = cycle(screen, key === 'n' || e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : -1);
    } else if (key === 's') {
      const btn = usable(screen, '#skip-btn');
      if (btn) {
        btn.focus({ preventScroll: true });
        btn.click();
        done = true;
      }
    } else if (e.key === 'Escape') {
      // A move about to play, a chosen pawn or value: back to choosing.
      done = screen.auto.armed || screen.sel.pawn !== null || screen.sel.value !== null || !!screen.choices;
      screen.clearSelection(true);
    }
    if (done) e.preventDefault();
  };
  document.addEventListener('keydown', onKey);
  return h('p', { class: 'keys-hint', id: 'keys-hint', text: t('game.keys.hint') });
}

/**
 * At the start of the viewer's turn, focus goes to Throw, unless they are
 * typing (the chat) or reading something that holds focus (a dialog).
 */
export function focusThrow(screen) {
  const el = document.activeElement;
  if (typing(el) || document.querySelector('dialog[open]')) return;
  usable(screen, '#throw-btn')?.focus({ preventScroll: true });
}
