// The room page's bar and connection notices: the way home, the room's
// code, whether the viewer is watching, the connection's state (a pill,
// and a banner while it is lost), the devices, help, language and sound
// buttons.

import { h } from './dom.js';
import { deviceIcon } from './devices.js';
import { muteButton } from './sound.js';
import { t } from './i18n.js';
import { languageButton } from './language.js';

/**
 * The bar of room `code`. Returns its elements (`header`, the connection
 * `banner`, `statusPill`, `watching`, `devicesBtn`) and `showStatus(st)`,
 * which shows a state of the connection (connection.js's onStatus).
 * @param {string} code
 * @param {() => void} onDevices the devices button was pressed
 */
export function roomBar(code, onDevices) {
  const statusPill = h('span', { class: 'conn-pill', role: 'status', text: t('room.connecting') });
  const banner = h('div', { class: 'conn-banner', role: 'status', hidden: true });
  const watching = h('span', { class: 'watching', hidden: true });
  const devicesBtn = h('button', {
    type: 'button', class: 'icon-btn devices-btn', id: 'devices-btn', hidden: true,
    'aria-label': t('room.devices'), title: t('room.devices'),
    onclick: () => onDevices(),
  }, deviceIcon());
  const header = h('header', { class: 'room-bar' },
    h('a', { href: '/', class: 'home-link', 'aria-label': t('site.homeLink') }, h('span', { class: 'logo', 'aria-hidden': 'true' }, '✦'), h('span', { class: 'home-text', text: t('site.brand') })),
    h('span', { class: 'room-title' }, h('span', { class: 'room-word', text: `${t('room.word')} ` }), h('span', { class: 'code', text: code })),
    watching, statusPill, devicesBtn,
    h('a', { href: '/#how-to-play', target: '_blank', rel: 'noopener', class: 'icon-btn', 'aria-label': t('room.howto'), title: t('site.howto') }, '?'),
    languageButton(), muteButton());

  function showStatus(st) {
    statusPill.className = `conn-pill ${st.state}`;
    if (st.state === 'open') {
      statusPill.textContent = t('room.live');
      banner.hidden = true;
    } else if (st.state === 'reconnecting') {
      statusPill.textContent = t('room.reconnecting');
      banner.hidden = false;
      banner.textContent = st.inMs
        ? t('room.lostIn', { s: Math.ceil(st.inMs / 1000), n: st.attempt })
        : t('room.reconnectingTry', { n: st.attempt });
    } else if (st.state === 'offline') {
      // The browser itself says there is no network: no use pretending to retry.
      statusPill.textContent = t('room.offline');
      banner.hidden = false;
      banner.textContent = t('room.offlineBanner');
    } else if (st.state === 'refused') {
      statusPill.textContent = t('room.disconnected');
      banner.hidden = false;
      // The one deliberate close the server makes: this seat was opened elsewhere.
      banner.textContent = st.code === 4001 ? t('room.replaced') : t('room.closed');
    } else {
      statusPill.textContent = t('room.connecting');
    }
  }

  return { header, banner, statusPill, watching, devicesBtn, showStatus };
}
