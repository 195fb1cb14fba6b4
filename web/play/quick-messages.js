// Quick messages between the two players of a table (issue 35, part 5): a menu of preset
// phrases; the wire carries a phrase's id (`good-luck`), and each page shows it in its own
// language, so two players who share no language still say "good game". A phrase heard shows
// for a few seconds beside its sender's name and is read out through the page's live region.
// Mute hides the other player's phrases at this table for the tab's session; the server sends
// them all the same. Nothing to send, and nothing shown, at a table against the CPU.

import { h } from '../dom.js';
import { createBlock } from './block.js';
import { seatName } from './who.js';

/** @typedef {import('../types.js').Phrase} Phrase */

/** The phrases, in the order the menu lists them (wire::Phrase::ALL). @type {Phrase[]} */
export const PHRASES = ['hello', 'good-luck', 'good-game', 'thanks', 'oops', 'well-played', 'sorry', 'must-go'];
/** How long a phrase stays beside its sender's name (ms). */
const SHOWN_FOR = 6000;

/**
 * @param {{t: import('../types.js').Translate, code: string,
 *   intent: (i: import('../types.js').Intent) => Promise<unknown>, announce: (text: string) => void}} ctx
 */
export function createQuickMessages({ t, code, intent, announce }) {
  const muteKey = `qdan-quick-mute:${code}`;
  let muted = sessionStorage.getItem(muteKey) === '1';
  /** The phrase each seat said last, while it shows. @type {[Phrase | null, Phrase | null]} */
  const said = [null, null];
  /** @type {[ReturnType<typeof setTimeout> | undefined, ReturnType<typeof setTimeout> | undefined]} */
  const timers = [undefined, undefined];
  /** @type {import('./who.js').Props | null} */
  let last = null;

  const menu = h('details', { class: 'quick-menu', id: 'quick-menu' },
    h('summary', { id: 'quick-title' }, t('play-quick-heading')),
    h('div', { class: 'quick-phrases', role: 'group', 'aria-labelledby': 'quick-title' },
      ...PHRASES.map((phrase) => h('button', {
        type: 'button', class: 'btn quick-phrase', 'data-phrase': phrase,
        onclick: () => {
          // A phone keeps the menu folded away once a phrase is chosen.
          menu.open = false;
          intent({ t: 'quick', phrase });
        },
      }, t(`play-quick-${phrase}`)))));
  const mute = h('button', {
    type: 'button', class: 'btn quick-mute', id: 'quick-mute', 'aria-pressed': String(muted),
    onclick: () => {
      muted = !muted;
      if (muted) sessionStorage.setItem(muteKey, '1');
      else sessionStorage.removeItem(muteKey);
      mute.setAttribute('aria-pressed', String(muted));
      show();
    },
  }, t('play-quick-mute'));
  // Blocking the other player sits with these, the other thing only between two people.
  const block = createBlock({ t });
  const el = h('section', { class: 'quick', id: 'quick', 'aria-labelledby': 'quick-title', hidden: true }, menu, mute, block.el);

  /** Whether a phrase of `seat` is hidden by the mute: all but this device's own. @param {number} seat */
  const hiddenByMute = (seat) => muted && seat !== last?.me;

  // The phrases go into the seats' boxes (seats.js), which are redrawn when a seat changes:
  // after each draw they are put back.
  const show = () => {
    for (const seat of /** @type {const} */ ([0, 1])) {
      const box = document.querySelector(`#seats .seat[data-seat="${seat}"] .seat-text`);
      const phrase = said[seat];
      let bubble = box?.querySelector('.quick-said');
      if (!box || !phrase || hiddenByMute(seat)) {
        bubble?.remove();
        continue;
      }
      if (!bubble) {
        bubble = h('div', { class: 'quick-said', 'data-seat': seat });
        box.append(bubble);
      }
      bubble.setAttribute('data-phrase', phrase);
      bubble.textContent = t(`play-quick-${phrase}`);
    }
  };

  return {
    el,
    /** @param {import('./who.js').Props} p */
    render(p) {
      last = p;
      // Between two people only: no CPU seat, no empty seat.
      const people = p.table.seats.every((s) => s && !s.cpu);
      el.hidden = !people;
      menu.hidden = p.me === null;
      block.render(p);
      show();
    },
    /** A player said a phrase. @param {import('../types.js').QuickMessage} msg */
    receive(msg) {
      if (!PHRASES.includes(msg.phrase)) return;
      clearTimeout(timers[msg.seat]);
      said[msg.seat] = msg.phrase;
      timers[msg.seat] = setTimeout(() => {
        said[msg.seat] = null;
        show();
      }, SHOWN_FOR);
      show();
      if (hiddenByMute(msg.seat)) return;
      const seat = last?.table.seats[msg.seat];
      announce(t('play-quick-said', { name: seatName(t, seat), phrase: t(`play-quick-${msg.phrase}`) }));
    },
  };
}
