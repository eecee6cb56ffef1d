// The installable app (docs/protocol.md, "The installable app"): points
// the page's manifest at the player's language, registers the service
// worker (/sw.js) where browsers allow one (a secure page: HTTPS, or
// localhost), and offers "Add Chowka to your home screen" at good moments:
// after a finished game and on My games (installOffer), never on the home
// page, where a first visit lands, nor in the installed app itself. The browser's own offer (beforeinstallprompt) is held
// back and made from our button instead; on iPhones, which have none, the
// offer says how to add the site from Safari's Share menu. "Not now" hides
// it for 30 days.

import { h } from './dom.js';
import { t, currentLanguage } from './i18n.js';
import { installLaterUntil, saveInstallLater } from './storage.js';

/** "Not now" hides the offer this long. */
const LATER_MS = 30 * 24 * 3600 * 1000;
/** This page's version, from its own address (/v/<version>/js/install.js). */
const VERSION = /\/v\/([^/]+)\//.exec(import.meta.url)?.[1] ?? null;

/** The browser's install offer, held back until the player asks (beforeinstallprompt). */
let held = null;
/** The offers drawn, each shown or hidden as the browser's offer comes and goes. */
const offers = new Set();

/** Whether the site already runs as an installed app. */
function installed() {
  return matchMedia('(display-mode: standalone)').matches || navigator.standalone === true;
}

/** An iPhone or iPad, where adding to the home screen is done by hand from the Share menu. */
function iPhone() {
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

/** Whether an offer may be shown now. */
function offerable() {
  return !installed() && Date.now() >= installLaterUntil() && (held !== null || iPhone());
}

/** Shows or hides every offer drawn (the ones no longer on the page are let go). */
function refresh() {
  for (const offer of offers) {
    if (!offer.isConnected) offers.delete(offer);
    else offer.hidden = !offerable();
  }
}

/**
 * The offer to install the app, drawn where a page wants it (after a
 * finished game, My games): hidden unless the browser can install the site
 * (its held offer) or this is an iPhone, and not after "Not now".
 */
export function installOffer() {
  const title = t('install.title', { app: t('site.brand') });
  const later = () => {
    saveInstallLater(Date.now() + LATER_MS);
    refresh();
  };
  const add = async () => {
    const prompt = held;
    if (!prompt) return;
    held = null;
    prompt.prompt();
    const { outcome } = await prompt.userChoice;
    // Turned down in the browser's own dialog: as good as "Not now".
    if (outcome !== 'accepted') later();
    refresh();
  };
  const offer = h('aside', { class: 'install-offer card', 'aria-label': title },
    h('img', { src: '/icon-192.png', alt: '', width: 48, height: 48, class: 'install-icon' }),
    h('div', { class: 'install-words' },
      h('p', { class: 'install-title', text: title }),
      h('p', { class: 'install-why', text: held || !iPhone() ? t('install.why') : t('install.iphone') }),
      h('div', { class: 'install-buttons' },
        held || !iPhone() ? h('button', { type: 'button', class: 'btn primary install-add', onclick: add }, t('install.add')) : null,
        h('button', { type: 'button', class: 'btn ghost install-later', onclick: later }, t('install.later')))));
  offers.add(offer);
  offer.hidden = !offerable();
  return offer;
}

/** Keeps this version's files the page loaded beyond what the worker kept at install (another language's catalogs). */
async function keepLoaded() {
  if (!VERSION || !(await caches.has(`chowka-${VERSION}`))) return;
  const cache = await caches.open(`chowka-${VERSION}`);
  const prefix = `${location.origin}/v/${VERSION}/`;
  const loaded = performance.getEntriesByType('resource').map((e) => e.name).filter((u) => u.startsWith(prefix));
  for (const url of loaded) if (!(await cache.match(url))) await cache.add(url);
}

/**
 * Starts the app's side of the page (main.js, once the language is known):
 * the manifest in the player's language, the service worker, and listening
 * for the browser's install offer.
 */
export function startApp() {
  const manifest = document.querySelector('link[rel="manifest"]');
  if (manifest) manifest.href = `/manifest.${currentLanguage()}.webmanifest`;
  window.addEventListener('beforeinstallprompt', (event) => {
    // No mini-infobar on arrival: the offer comes at a good moment, from us.
    event.preventDefault();
    held = event;
    refresh();
  });
  window.addEventListener('appinstalled', () => {
    held = null;
    refresh();
  });
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then(keepLoaded)
      .catch(() => {
        /* no worker: the site works as before, only not offline */
      });
  // After the page's own loads: the worker's install fetches every file.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
