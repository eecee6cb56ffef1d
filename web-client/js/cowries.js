// The four cowries, drawn as they fell: mouth up shows the toothed slit,
// mouth down the smooth back (R5; how many for each value is the server's,
// facts.js). A throw tumbles them briefly unless the user prefers reduced motion.

import { s, reducedMotion } from './dom.js';
import { t } from './i18n.js';
import { rulesFacts } from './facts.js';

/** How many cowries show their mouth for a thrown value (the server's facts, R5). */
function mouthsUp(value) {
  const { values, mouths } = rulesFacts();
  return mouths[values.indexOf(value)] ?? 0;
}

function shell(up, i) {
  const g = s('g', { class: ['cowrie', up ? 'up' : 'down'], transform: `translate(${30 + i * 60} 40)` });
  const inner = s('g', { class: 'cowrie-body' });
  inner.append(s('ellipse', { class: 'shell', rx: 22, ry: 30 }));
  if (up) {
    inner.append(s('path', { class: 'slit', d: 'M0 -24 C5 -8 5 8 0 24 C-5 8 -5 -8 0 -24Z' }));
    for (let y = -16; y <= 16; y += 8) {
      inner.append(s('path', { class: 'tooth', d: `M-4 ${y}L4 ${y}` }));
    }
  } else {
    inner.append(s('ellipse', { class: 'hump', cx: -3, cy: -4, rx: 12, ry: 17 }));
  }
  g.append(inner);
  return g;
}

/** Draws four cowries for `value` into `svg`; tumbles them when `animate`. */
export function showThrow(svg, value, animate) {
  const up = value ? mouthsUp(value) : 0;
  // Which shells are up is not part of the value; spreading them looks natural.
  const order = [1, 3, 0, 2];
  const ups = new Set(order.slice(0, up));
  const shells = [0, 1, 2, 3].map((i) => shell(value ? ups.has(i) : false, i));
  svg.replaceChildren(...shells);
  svg.classList.toggle('empty', !value);
  if (animate && value && !reducedMotion()) {
    shells.forEach((g, i) => {
      const body = g.firstChild;
      const spin = (i % 2 ? 1 : -1) * (360 + i * 90);
      body.animate(
        [
          { transform: `translate(${(1.5 - i) * 20}px, -40px) rotate(0deg) scale(0.7)`, opacity: 0.2 },
          { transform: `translate(0px, 6px) rotate(${spin * 0.8}deg) scale(1.05)`, opacity: 1, offset: 0.7 },
          { transform: 'translate(0px, 0px) rotate(0deg) scale(1)' },
        ],
        { duration: 550 + i * 60, easing: 'cubic-bezier(.2,.7,.3,1)' }
      );
    });
  }
  svg.setAttribute('aria-label', value ? t('cowries.label', { n: up, value }) : t('cowries.none'));
}
