// A replayed game's record: rebuilt from the frames for a game still being
// played, its throws checked against the fair seeds (fair.js), and a link
// to one of its moves copied.

import { h, fill } from './dom.js';
import { t } from './i18n.js';
import { announce } from './announce.js';

/** The record of a replayed game, from its frames (docs/record.md), for one still being played. */
export function recordOf(replay, frames) {
  return {
    format: 'chowka-record/1',
    setup: replay.setup,
    // Named as the archive names them: a computer by its level.
    players: replay.seats.map((s) => s.name ?? (s.bot ? `Computer (${s.bot})` : '')),
    actions: frames.slice(1).map((f) => f.action),
    result: replay.result,
  };
}

/** Recomputes every throw from the record's fair section (fair.js) and says in `fair` what it found. */
export async function checkThrows(fair, record) {
  fair.hidden = false;
  fair.className = 'replay-fair';
  fair.textContent = t('replay.fair.checking');
  try {
    const { verifyThrows } = await import('./fair.js');
    const v = await verifyThrows(record);
    fair.classList.add(v.ok ? 'ok' : 'bad');
    if (v.ok) fair.textContent = t('replay.fair.ok', { n: v.total });
    // The seeds do not fit the commitment (or the seats): changed, not unreadable.
    else if (['commitment', 'bad_seeds', 'seats'].includes(v.reason)) fair.textContent = t('replay.fair.sealBroken');
    else if (v.firstBad === null || v.firstBad === undefined) fair.textContent = t('replay.fair.failed');
    else {
      // Throws are counted from 1 for people (firstBad counts from 0); the
      // frame after the throw's action shows it.
      fill(fair, t('replay.fair.bad', { n: v.firstBad + 1, total: v.total }), ' ',
        Number.isInteger(v.firstBadAction) && h('a', { href: `#move=${v.firstBadAction + 1}`, text: t('replay.fair.showMove') }));
    }
  } catch {
    fair.classList.add('bad');
    fair.textContent = t('replay.fair.failed');
  }
}

/** Copies the link to move `at` of room `code`; `btn` says it is done. */
export async function copyMoveLink(code, at, btn) {
  const link = `${location.origin}/r/${code}#move=${at}`;
  try {
    await navigator.clipboard.writeText(link);
    announce(t('replay.copied'));
    btn.textContent = t('replay.copied');
    setTimeout(() => (btn.textContent = t('replay.copyLink')), 2000);
  } catch {
    // No clipboard (an insecure page, a refusal): the address bar has the link.
    window.prompt(t('replay.copyLink'), link);
  }
}
