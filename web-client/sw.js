// The app's service worker. For now only Web Push (sw-push.js); the
// caching worker being built beside it imports the same file.
importScripts('/sw-push.js');
