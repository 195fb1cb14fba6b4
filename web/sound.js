// The optional move sound: short tones made with Web Audio (no audio files), off until the
// visitor turns it on, and remembered on this device (localStorage). `createSound()` plays;
// `soundToggle(t, sound)` is the switch to put beside the board. The page decides when a sound
// fits (a move landed, Children were taken, a box was closed, the game ended).

import { h } from './dom.js';

/** The localStorage key of the choice ("on" or "off"). */
export const SOUND_KEY = 'qdan.sound';

/**
 * @typedef {'move' | 'take' | 'end'} SoundKind
 *   move: a piece stepped or a line was drawn; take: Children were taken or a box closed;
 *   end: the game is over.
 */

/** Each kind as notes: frequency (Hz), start (s), length (s). */
const NOTES = /** @type {Record<SoundKind, [number, number, number][]>} */ ({
  move: [[520, 0, 0.07]],
  take: [[520, 0, 0.07], [780, 0.08, 0.1]],
  end: [[520, 0, 0.12], [660, 0.13, 0.12], [880, 0.26, 0.22]],
});

/** @returns {boolean} */
function stored() {
  try {
    return localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

/**
 * @typedef {object} Sound
 * @property {() => boolean} enabled
 * @property {(on: boolean) => void} setEnabled  Also remembered for the next visit.
 * @property {(kind: SoundKind) => void} play  Does nothing while off.
 * @property {(listener: (on: boolean) => void) => () => void} onChange  Returns the unsubscribe.
 */

/** @returns {Sound} */
export function createSound() {
  let on = stored();
  /** @type {AudioContext | null} */
  let ctx = null;
  /** @type {Set<(on: boolean) => void>} */
  const listeners = new Set();

  /** The audio context, made on first use: browsers let it start only after a gesture. */
  const context = () => {
    if (!ctx) {
      const Ctx = window.AudioContext ?? /** @type {any} */ (window).webkitAudioContext;
      if (!Ctx) return null;
      ctx = /** @type {AudioContext} */ (new Ctx());
    }
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    return ctx;
  };

  return {
    enabled: () => on,
    setEnabled(next) {
      on = next;
      try {
        localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
      } catch {
        /* storage may be off: the choice lasts as long as the page */
      }
      // Turning it on is a gesture: make the context now, so the first move is heard.
      if (on) context();
      for (const l of listeners) l(on);
    },
    play(kind) {
      if (!on) return;
      const ac = context();
      if (!ac) return;
      const t0 = ac.currentTime + 0.01;
      for (const [freq, start, len] of NOTES[kind]) {
        const osc = ac.createOscillator();
        const gain = ac.createGain();
        osc.type = 'sine';
        osc.frequency.value = freq;
        // A soft attack and a quick fade: a click-free "tock", quiet beside speech.
        gain.gain.setValueAtTime(0, t0 + start);
        gain.gain.linearRampToValueAtTime(0.18, t0 + start + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.001, t0 + start + len);
        osc.connect(gain).connect(ac.destination);
        osc.start(t0 + start);
        osc.stop(t0 + start + len + 0.02);
      }
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The sound switch: a toggle button with its state in `aria-pressed`, an icon and the words
 * "Move sound: Off/On".
 * @param {import('./types.js').Translate} t
 * @param {Sound} sound
 * @returns {HTMLButtonElement}
 */
export function soundToggle(t, sound) {
  // The state is in `aria-pressed` for screen readers; the visible word would say it twice.
  const state = h('span', { class: 'sound-state', 'aria-hidden': 'true' });
  const btn = h('button', { type: 'button', class: 'btn sound-toggle', id: 'sound-toggle' },
    h('span', { class: 'sound-icon', 'aria-hidden': 'true' }),
    h('span', {}, t('play-sound')), state);
  const show = (/** @type {boolean} */ on) => {
    btn.setAttribute('aria-pressed', String(on));
    state.textContent = t(on ? 'play-on' : 'play-off');
  };
  btn.addEventListener('click', () => sound.setEnabled(!sound.enabled()));
  sound.onChange(show);
  show(sound.enabled());
  return btn;
}
