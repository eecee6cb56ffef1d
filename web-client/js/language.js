// The language pickers: a labelled list in the site's header, and a small
// globe button in the room's bar that opens a dialog of the languages.
// Each language is named in itself (and marked with its own `lang`, so the
// browser picks the right font and a screen reader the right voice), since
// someone looking for their language may not read the current one.

import { h, s } from './dom.js';
import { t, LANGUAGES, currentLanguage, chooseLanguage } from './i18n.js';

/** A globe, drawn (not an emoji): the sign for "language" on most sites. */
function globeIcon() {
  return s('svg', { class: 'globe-icon', viewBox: '0 0 24 24', width: 18, height: 18, 'aria-hidden': 'true', focusable: 'false' },
    s('circle', { cx: 12, cy: 12, r: 9 }),
    s('path', { d: 'M3 12h18M12 3c2.6 2.5 3.9 5.5 3.9 9s-1.3 6.5-3.9 9M12 3c-2.6 2.5-3.9 5.5-3.9 9s1.3 6.5 3.9 9' }));
}

/** The header's picker: a globe and a `<select>` of the languages, labelled "Language" in words. */
export function languageSelect() {
  const current = currentLanguage();
  const select = h('select', { id: 'lang-select', class: 'lang-select', onchange: () => chooseLanguage(select.value) },
    LANGUAGES.map((l) => h('option', { value: l.code, lang: l.code, selected: l.code === current, text: l.name })));
  return h('div', { class: 'lang-picker' },
    h('label', { for: 'lang-select', class: 'lang-label' }, globeIcon(), h('span', { class: 'visually-hidden', text: t('lang.label') })),
    select);
}

/** Opens the dialog of languages: one button per language, the current one marked. */
function showLanguageDialog() {
  const current = currentLanguage();
  const dialog = h('dialog', { class: 'lang-dialog', 'aria-labelledby': 'lang-title' },
    h('h2', { id: 'lang-title', text: t('lang.label') }),
    h('ul', { class: 'lang-list' }, LANGUAGES.map((l) => h('li', {},
      h('button', {
        type: 'button', class: ['btn', 'lang-choice', l.code === current && 'primary'], lang: l.code,
        'aria-current': l.code === current ? 'true' : undefined, autofocus: l.code === current,
        onclick: () => (l.code === current ? dialog.close() : chooseLanguage(l.code)),
      }, l.name)))),
    h('div', { class: 'dialog-buttons' },
      h('button', { type: 'button', class: 'btn ghost', onclick: () => dialog.close() }, t('lang.close'))));
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}

/** The room bar's picker: a compact globe button that opens the dialog of languages. */
export function languageButton() {
  return h('button', {
    type: 'button', class: 'icon-btn lang-btn', id: 'lang-btn', 'aria-label': t('lang.choose'), title: t('lang.choose'),
    'aria-haspopup': 'dialog', onclick: () => showLanguageDialog(),
  }, globeIcon());
}
