// "New game" on a circle's page: a dialog with the same rules and pace as
// the home page's creation form (game-form.js), and computer players for
// the seats nobody will take. The room belongs to the circle and every
// other member is invited at once (their "all my games", a push); the
// player who made it takes the first seat, as on the home page.

import { h } from './dom.js';
import { t } from './i18n.js';
import * as api from './api.js';
import { saveSeat } from './storage.js';
import { showError } from './announce.js';
import { gameFields } from './game-form.js';
import { ruleLinksOpenDialogs } from './rule-link.js';

/**
 * Opens the dialog for a new game of circle `c`; on "Start", the room is
 * made, its seat kept, and `navigate` goes to it.
 * @param {object} c the circle
 * @param {(path: string) => void} navigate
 */
export async function newGameDialog(c, navigate) {
  let table;
  try {
    table = await api.presets();
  } catch (err) {
    showError(err.message);
    return;
  }
  const game = gameFields(table, { computers: true });
  const status = h('p', { class: 'form-status', role: 'status' });
  const submit = h('button', { type: 'submit', class: 'btn primary', id: 'circle-game-create' }, t('circle.newGame.create'));
  const form = h('form', { class: 'create circle-new-game-form' },
    h('p', { class: 'hint', text: t('circle.newGame.lead', { name: c.name }) }),
    game.el, game.details, status,
    h('div', { class: 'dialog-buttons' },
      submit,
      h('button', { type: 'button', class: 'btn', id: 'circle-game-cancel', onclick: () => dialog.close() }, t('game.cancel'))));
  const dialog = h('dialog', { class: 'circle-new-game', 'aria-labelledby': 'circle-new-game-title' },
    h('h2', { id: 'circle-new-game-title', text: t('circle.newGame.title') }),
    form);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const me = c.members.find((m) => m.me);
    submit.disabled = true;
    status.textContent = t('home.creating');
    try {
      const res = await api.createCircleGame(c.id, { name: me?.name ?? t('home.defaultName'), ...game.request(form) });
      saveSeat(res.code, { token: res.token, seat: res.seat ?? 0 });
      dialog.close();
      navigate(`/r/${res.code}`);
    } catch (err) {
      status.textContent = err.message;
      submit.disabled = false;
    }
  });
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  ruleLinksOpenDialogs(dialog);
  dialog.showModal();
}
