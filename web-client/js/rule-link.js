// A rule's small "?" link, and the dialogs such links open: kept apart from
// the rules page (rules-page.js, with the guide and its pictures) so that
// the pages that link rules (home, lobby) draw without it; it loads at the
// first tap on a link (or earlier, in the background: main.js).

import { h } from './dom.js';
import { t } from './i18n.js';
import { showError } from './announce.js';

/**
 * A small "?" link that opens rule `rule` (in a dialog where
 * ruleLinksOpenDialogs applies), named in plain words for screen readers:
 * "<what>: how it works". Rule ids stay out of what a player reads.
 */
export function ruleHelp(rule, what, attrs = {}) {
  return h('a', { class: 'rule-link', href: `/#rule-${rule}`, 'aria-label': t('rule.help', { what }), title: t('rule.helpTitle'), ...attrs }, '?');
}

/** Makes every rule link inside `root` open its rule in a dialog (links still work in a new tab). */
export function ruleLinksOpenDialogs(root) {
  root.addEventListener('click', (e) => {
    const a = e.target.closest?.('a.rule-link');
    if (!a || e.ctrlKey || e.metaKey || e.shiftKey) return;
    const m = /#rule-([RCO]\d{1,2})$/.exec(a.getAttribute('href') || '');
    if (!m) return;
    e.preventDefault();
    import('./rules-page.js').then((rules) => rules.showRule(m[1]), () => showError(t('error.network')));
  });
}
