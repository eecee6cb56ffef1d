// Screen-reader announcements and visible notices.
//
// One polite aria-live region carries throws and moves; server errors go to
// an assertive region and to a visible toast, so nothing is ever swallowed.

import { h } from './dom.js';
import { t } from './i18n.js';

let live;
let alertRegion;
let toasts;

function ensure() {
  if (live) return;
  live = document.getElementById('live');
  alertRegion = document.getElementById('alert');
  toasts = document.getElementById('toasts');
}

/** Reads `text` to screen readers (politely, after what they are saying). */
export function announce(text) {
  ensure();
  // Re-setting identical text is not re-announced; a fresh node is.
  live.replaceChildren(h('p', { text }));
}

/** Shows an error to everyone: a toast, and an assertive announcement. */
export function showError(text) {
  ensure();
  alertRegion.replaceChildren(h('p', { text }));
  const toast = h('div', { class: 'toast toast-error', role: 'presentation' },
    h('span', { text }),
    h('button', { type: 'button', class: 'toast-close', 'aria-label': t('notice.dismiss'), onclick: () => toast.remove() }, '×'));
  toasts.append(toast);
  // Errors stay long enough to read; a long sentence stays longer.
  setTimeout(() => toast.remove(), 5000 + text.length * 40);
}

/** A short visible notice (not an error), e.g. "Link copied". */
export function notice(text) {
  ensure();
  const toast = h('div', { class: 'toast', role: 'status' }, h('span', { text }));
  toasts.append(toast);
  setTimeout(() => toast.remove(), 2500);
}
