// The offline page (offline.html, shown by the service worker when a page
// cannot load and none is kept): its words in the player's language, from
// the catalogs the worker keeps (English always; the player's own once it
// has loaded it), and "Try again", which the return of the network presses
// by itself.

import { startLanguage, t } from './i18n.js';

const retry = document.getElementById('offline-retry');
retry.addEventListener('click', () => location.reload());
window.addEventListener('online', () => location.reload());

await startLanguage();
document.getElementById('offline-brand').textContent = t('site.brand');
document.getElementById('offline-text').textContent = t('offline.text');
retry.textContent = t('offline.retry');
document.title = t('site.gameName');
