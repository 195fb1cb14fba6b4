// A short note over a board, for a tap or key press that could not be used ("The Parent
// moves: choose the Parent"). Shown for a few seconds near the bottom of the board and spoken by
// screen readers (the note is a polite live region). Shared by both games' boards.

import { h } from './dom.js';

/** How long a note stays, in milliseconds. */
const SHOW_MS = 3500;

/**
 * @param {HTMLElement} container  The board's container (it becomes the note's positioning box).
 * @returns {{show: (text: string) => void, destroy: () => void}}
 */
export function createNote(container) {
  // The live region is in the page from the start, empty: a region created together with its
  // text is not reliably read out.
  const el = h('p', { class: 'board-note', role: 'status', 'aria-live': 'polite' });
  container.classList.add('with-note');
  container.append(el);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  return {
    show(text) {
      clearTimeout(timer);
      // The same text twice is spoken twice: empty the region first.
      el.textContent = '';
      requestAnimationFrame(() => {
        el.textContent = text;
      });
      timer = setTimeout(() => {
        el.textContent = '';
      }, SHOW_MS);
    },
    destroy() {
      clearTimeout(timer);
      el.remove();
    },
  };
}
