// A question asked in a modal dialog, with two answers: switch to a link's
// player, delete my data, take a break. The safe answer has the focus.

import { h } from './dom.js';

/**
 * Shows the dialog and resolves to whether the player said yes.
 * @param {{name: string, heading: string, body: Array<Node|string>, yes: {id: string, text: string, danger?: boolean}, no: {id: string, text: string}}} q
 *   `name` is the dialog's class; its title's id is `${name}-title`.
 */
export function ask(q) {
  return new Promise((resolve) => {
    let answer = false;
    const dialog = h('dialog', { class: `confirm ${q.name}`, 'aria-labelledby': `${q.name}-title` },
      h('h2', { id: `${q.name}-title`, text: q.heading }),
      q.body,
      h('div', { class: 'dialog-buttons' },
        h('button', { type: 'button', class: ['btn', q.yes.danger ? 'danger' : 'primary'], id: q.yes.id, onclick: () => { answer = true; dialog.close(); } }, q.yes.text),
        h('button', { type: 'button', class: ['btn', q.yes.danger && 'primary'], id: q.no.id, autofocus: true, onclick: () => dialog.close() }, q.no.text)));
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
  });
}
