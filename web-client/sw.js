// The service worker (docs/protocol.md, "The installable app"). A
// template: the server fills in the client's version and the addresses
// this version's page needs (server/src/web/app.rs) and serves it at /sw.js.
//
// - install: keeps the page, the offline page and every module, stylesheet
//   and English catalog of this version in the cache `chowka-<version>`.
// - activate: deletes the caches of other versions.
// - fetch: a file at a versioned address (/v/<version>/...) comes from the
//   cache, else the network (and is kept, if it is this version's: another
//   language's catalog); a page (a navigation) comes from the network, or
//   after a short wait from the cache, and with neither the offline page.
//   The kept page is never replaced by a newer one from the network: it
//   must name the same version as the modules kept beside it.
//   The API, the WebSocket and anything else go to the network untouched.
//
// A new version: the browser finds a changed /sw.js when a page opens and
// installs the new worker beside this one. It takes over only when no page
// of the old version is left open (no skipWaiting): an open page keeps
// loading its own version's modules from its own cache, never a mix of old
// and new ones; the next start is all new.

const VERSION = '__VERSION__';
const CACHE = `chowka-${VERSION}`;
/** The page, the offline page and this version's files. */
const PRECACHE = __PRECACHE__;
/** A page waits this long for the network before the kept copy is shown. */
const NAVIGATION_WAIT_MS = 3000;
const VERSIONED = /^\/v\/([^/]+)\//;

// Push notifications (docs/protocol.md, "Web Push"): the `push` and
// `notificationclick` handlers, in a script of their own.
importScripts(`/v/${VERSION}/sw-push.js`);

self.addEventListener('install', (event) => {
  // `cache: 'reload'`: past the browser's own HTTP cache, so the page kept
  // is today's, not one revalidated a while ago.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('chowka-') && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request, url));
    return;
  }
  const version = VERSIONED.exec(url.pathname);
  if (version) event.respondWith(versioned(request, version[1] === VERSION));
  // Everything else (the API, the WebSocket, the manifest, icons) is the
  // network's, as if there were no worker.
});

/** A file at a versioned address: kept, else fetched (and kept if it is this version's, as served for good). */
async function versioned(request, ours) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  // Only this version's files, and only as the server serves them at their
  // own version (immutable): an older address is answered with today's file.
  if (ours && response.ok && /immutable/.test(response.headers.get('cache-control') || '')) {
    await cache.put(request, response.clone());
  }
  return response;
}

/**
 * A page: the network's, so a new version shows at once; after
 * NAVIGATION_WAIT_MS without an answer, the kept copy if there is one
 * (the home page, under which the client draws every view); when the
 * network fails, the kept copy, else the offline page.
 */
async function page(request, url) {
  const cache = await caches.open(CACHE);
  const kept = url.pathname === '/' ? await cache.match('/') : undefined;
  const network = fetch(request);
  if (kept) {
    const timer = new Promise((resolve) => setTimeout(() => resolve(kept), NAVIGATION_WAIT_MS));
    return Promise.race([network.catch(() => kept), timer]);
  }
  try {
    return await network;
  } catch {
    return (await cache.match('/offline.html')) || new Response('You are offline.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}
