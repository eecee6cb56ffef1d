// The text mode's switch: the first control of every page, out of sight
// until it takes focus (like the skip link after it), so that a screen
// reader's user finds it at once and no one else sees it. Switched on, a
// game is a page of text with a command box (text-game.js) and a replay
// says each position in words; the choice is remembered in this browser
// (storage.js). docs/text-mode.md.

import { h } from './dom.js';
import { t, loadArea } from './i18n.js';
import { textModeOn, saveTextMode } from './storage.js';
import { announce } from './announce.js';

/** Whether pages are drawn in text. */
export function textMode() {
  return textModeOn();
}

/**
 * Loads the text mode's words when it is on: before a page that draws in
 * text is drawn.
 */
export async function textModeReady() {
  if (textModeOn()) await loadArea('text');
}

/**
 * Puts the switch first in the page, before the skip link. `redraw` draws
 * the page again in the mode chosen.
 * @param {() => Promise<void>} redraw
 */
export function installTextModeSwitch(redraw) {
  const button = h('button', { type: 'button', class: 'skip-link text-mode-switch', id: 'text-mode-switch', 'aria-pressed': String(textModeOn()) }, t('textMode.toggle'));
  button.addEventListener('click', async () => {
    const on = !textModeOn();
    saveTextMode(on);
    await textModeReady();
    await redraw();
    // Pressed once the page is drawn in the mode chosen.
    button.setAttribute('aria-pressed', String(on));
    announce(t(on ? 'textMode.on' : 'textMode.off'));
  });
  document.body.prepend(button);
}
