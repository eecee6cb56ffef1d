// Short sound effects synthesised with WebAudio: no audio files to ship.
// The AudioContext is created lazily on the first sound after a user
// gesture (browsers refuse to start one earlier), and the mute switch is
// remembered between visits.

import { muted, saveMuted } from './storage.js';
import { h, s } from './dom.js';
import { t } from './i18n.js';

let ctx = null;
let isMuted = muted();
const listeners = new Set();

function audio() {
  if (isMuted) return null;
  if (!ctx) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    try {
      ctx = new AC();
    } catch {
      return null;
    }
  }
  if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  return ctx;
}

/** One enveloped oscillator note. */
function tone(freq, start, dur, { type = 'sine', gain = 0.15, slide = 0 } = {}) {
  const a = audio();
  if (!a) return;
  const t = a.currentTime + start;
  const osc = a.createOscillator();
  const g = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t);
  if (slide) osc.frequency.exponentialRampToValueAtTime(Math.max(40, freq + slide), t + dur);
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(gain, t + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  osc.connect(g).connect(a.destination);
  osc.start(t);
  osc.stop(t + dur + 0.02);
}

/** A filtered noise burst: the click of a shell on wood. */
function click(start, dur = 0.04, freq = 2500, gain = 0.25) {
  const a = audio();
  if (!a) return;
  const t = a.currentTime + start;
  const len = Math.max(1, Math.floor(a.sampleRate * dur));
  const buf = a.createBuffer(1, len, a.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 2;
  const src = a.createBufferSource();
  src.buffer = buf;
  const f = a.createBiquadFilter();
  f.type = 'bandpass';
  f.frequency.value = freq;
  const g = a.createGain();
  g.gain.value = gain;
  src.connect(f).connect(g).connect(a.destination);
  src.start(t);
}

export const sound = {
  /** Four cowries clattering. */
  throw() {
    for (let i = 0; i < 6; i++) click(i * 0.05 + Math.random() * 0.03, 0.05, 1800 + Math.random() * 1600);
  },
  /** A grace (4 or 8): a bright chime on top of the clatter. */
  grace() {
    tone(880, 0.3, 0.25, { type: 'triangle', gain: 0.12 });
    tone(1320, 0.38, 0.3, { type: 'triangle', gain: 0.1 });
  },
  /** One step of a walking pawn. */
  step() {
    click(0, 0.03, 900, 0.18);
  },
  /** A hit: a low thump falling away. */
  hit() {
    tone(220, 0, 0.35, { type: 'square', gain: 0.08, slide: -150 });
    click(0, 0.08, 400, 0.3);
  },
  /** Lost turn (grace penalty, undone turn). */
  lose() {
    tone(392, 0, 0.18, { type: 'sawtooth', gain: 0.05 });
    tone(311, 0.18, 0.3, { type: 'sawtooth', gain: 0.05 });
  },
  /** It is your turn. */
  turn() {
    tone(660, 0, 0.15, { gain: 0.12 });
    tone(990, 0.12, 0.22, { gain: 0.1 });
  },
  /** Someone won. */
  win() {
    [523, 659, 784, 1047].forEach((f, i) => tone(f, i * 0.12, 0.35, { type: 'triangle', gain: 0.12 }));
  },
  /** A refused action. */
  error() {
    tone(160, 0, 0.2, { type: 'square', gain: 0.06 });
  },
  /** A chat line. */
  chat() {
    tone(1200, 0, 0.08, { gain: 0.05 });
  },
};

/** Turns sound on or off, remembers it, and tells every mute button. */
function setMuted(m) {
  isMuted = m;
  saveMuted(m);
  if (m && ctx) ctx.suspend().catch(() => {});
  listeners.forEach((f) => f(m));
}

/** A mute toggle button that stays in sync with the setting (every page header has one). */
export function muteButton() {
  const btn = h('button', { type: 'button', class: 'icon-btn mute-btn' });
  const sync = (m) => {
    btn.setAttribute('aria-pressed', String(m));
    // A fixed label with aria-pressed: "Mute sounds, pressed" reads right.
    btn.setAttribute('aria-label', t('sound.mute'));
    btn.title = m ? t('sound.isOff') : t('sound.isOn');
    // Drawn, not an emoji: emoji fonts are missing on many systems.
    btn.replaceChildren(s('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' },
      s('path', { class: 'body', d: 'M4 9h4l5-4v14l-5-4H4z' }),
      m ? s('path', { d: 'M16 9l5 6M21 9l-5 6' }) : s('path', { d: 'M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12' })));
  };
  sync(isMuted);
  listeners.add(sync);
  btn.addEventListener('click', () => {
    setMuted(!isMuted);
    if (!isMuted) sound.chat();
  });
  return btn;
}
