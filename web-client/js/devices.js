// "Play on another device": a seated player's personal link, with its QR
// code, opens their seat in any other browser (the chat app's own browser,
// then Chrome; a phone, then a laptop).
//
// The seat token travels only in the URL fragment (#seat=...): browsers
// never send a fragment to the server, so it stays out of request lines,
// server logs and Referer headers. The room page reads it, keeps it, and
// wipes it from the address bar at once (room.js, takeSeatFromLink).

import { h, s } from './dom.js';
import { notice } from './announce.js';
import { t } from './i18n.js';

const FRAGMENT = /^#seat=([0-9a-f]{32})$/i;

/** The personal link that opens seat `token` of room `code` on another device. */
function deviceLink(code, token) {
  return `${location.origin}/r/${code}#seat=${token}`;
}

/**
 * The seat token in this page's address (a personal link just opened), or
 * null. Whatever the fragment held, it is removed from the address bar and
 * from this history entry, so the link is not shared onward by accident.
 */
export function takeSeatFromLink() {
  if (!location.hash.startsWith('#seat=')) return null;
  const m = FRAGMENT.exec(location.hash);
  history.replaceState(history.state, '', location.pathname + location.search);
  return m ? m[1].toLowerCase() : null;
}

/**
 * Draws `text` as a QR code: an SVG of dark modules on a light square with
 * a quiet zone, named `label` for screen readers.
 */
export async function qrSvg(text, label = t('devices.qrLabel')) {
  // Loaded on first use: most visits never show a QR code.
  const { qrcode } = await import('../vendor/qrcode.js');
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const quiet = 4;
  let d = '';
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + quiet} ${r + quiet}h1v1h-1z`;
  }
  const size = n + 2 * quiet;
  return s('svg', { class: 'qr', viewBox: `0 0 ${size} ${size}`, role: 'img', 'aria-label': label, 'shape-rendering': 'crispEdges' },
    s('rect', { width: size, height: size, fill: '#fff' }),
    s('path', { d, fill: '#000' }));
}

/**
 * Opens a dialog that carries a personal link to another device: the QR
 * code, the link with a copy button, and the warning (before the code,
 * where a phone shows it without scrolling) that the link is as good as
 * what it opens. `texts` are catalog keys: heading, scan, warning, copied.
 */
export function showLinkDialog(url, texts) {
  const qrBox = h('div', { class: 'qr-box' }, h('p', { class: 'hint', text: t('devices.drawing') }));
  const input = h('input', { id: 'device-link', type: 'text', readonly: true, class: 'share-input', value: url });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notice(t(texts.copied));
    } catch {
      input.select();
      notice(t('lobby.copyByHand'));
    }
  };
  const dialog = h('dialog', { class: 'devices-dialog', 'aria-labelledby': 'devices-title' },
    h('h2', { id: 'devices-title', text: t(texts.heading) }),
    h('p', { text: t(texts.scan) }),
    h('p', { class: 'devices-warning', role: 'note' },
      h('strong', { text: t('devices.keep') }), ' ',
      t(texts.warning)),
    qrBox,
    h('label', { for: 'device-link', text: t('devices.link') }),
    h('div', { class: 'share-row' }, input, h('button', { type: 'button', class: 'btn', onclick: copy }, t('devices.copy'))),
    h('div', { class: 'dialog-buttons' },
      h('button', { type: 'button', class: 'btn primary', autofocus: true, onclick: () => dialog.close() }, t('devices.done'))));
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  qrSvg(url).then((svg) => qrBox.replaceChildren(svg), () => {
    qrBox.replaceChildren(h('p', { class: 'hint', text: t('devices.noQr') }));
  });
  return dialog;
}

/**
 * Opens the "play on another device" dialog for seat `token` of room `code`:
 * the QR code, the link with a copy button, and the warning that the link is
 * as good as the seat itself.
 */
export function showDevicesDialog(code, token) {
  return showLinkDialog(deviceLink(code, token), { heading: 'devices.title', scan: 'devices.scan', warning: 'devices.warning', copied: 'devices.copied' });
}

/** A small phone-shaped icon for the header button (decorative). */
export function deviceIcon() {
  return s('svg', { class: 'device-icon', viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true' },
    s('rect', { x: 4, y: 1, width: 8, height: 14, rx: 1.5, fill: 'none', stroke: 'currentColor', 'stroke-width': 1.5 }),
    s('path', { d: 'M7 12.5h2', stroke: 'currentColor', 'stroke-width': 1.5, 'stroke-linecap': 'round' }));
}
