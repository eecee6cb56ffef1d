// Entry point: routes on location.pathname (the server serves index.html
// for / and /r/CODE) and on the hash for the rules page (/#rules,
// /#rule-R7), so links to a rule work from anywhere.

import { homeView } from './home.js';
import { roomView } from './room.js';
import { rulesView } from './rules-page.js';
import { muteButton } from './sound.js';
import { h } from './dom.js';

const app = document.getElementById('app');
let cleanup = null;
let current = '';

function navigate(path) {
  history.pushState(null, '', path);
  route();
}

function siteHeader() {
  return h('header', { class: 'site-bar' },
    h('a', { href: '/', class: 'home-link', 'aria-label': 'Chowka home' }, h('span', { class: 'logo', 'aria-hidden': 'true' }, '✦'), h('span', { class: 'home-text', text: 'Chowka' })),
    h('nav', { 'aria-label': 'Site' }, h('a', { href: '/#rules', text: 'Rules' })),
    muteButton());
}

function route() {
  const path = location.pathname;
  const hash = location.hash.slice(1);
  const room = /^\/r\/([^/]+)\/?$/.exec(path);
  const key = room ? `room:${room[1]}` : hash.startsWith('rule') ? `rules:${hash}` : 'home';
  if (key === current) return;
  cleanup?.();
  cleanup = null;
  current = key;
  window.scrollTo(0, 0);
  if (room) {
    app.className = 'page-room';
    cleanup = roomView(app, decodeURIComponent(room[1]), navigate);
    return;
  }
  app.className = hash.startsWith('rule') ? 'page-rules' : 'page-home';
  const main = h('div', { class: 'page' });
  app.replaceChildren(siteHeader(), main);
  if (hash.startsWith('rule')) {
    document.title = 'Rules · Chowka Bhara';
    rulesView(main, hash === 'rules' ? null : hash);
  } else {
    document.title = 'Chowka Bhara · play the cowrie race online';
    cleanup = homeView(main, navigate);
  }
}

window.addEventListener('popstate', route);
window.addEventListener('hashchange', route);
route();
