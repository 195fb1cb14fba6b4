// Stepping through a game's moves: the four buttons under the board, the arrow keys (Home and
// End for the ends), and a swipe across the board (right to left goes forward, as a page
// turns). The stepper keeps only the number of the move shown; the page draws it.

/** Least horizontal travel of a swipe, in CSS pixels. */
const SWIPE = 40;

/**
 * @param {{board: HTMLElement, first: HTMLElement | null, prev: HTMLElement | null, next: HTMLElement | null,
 *   last: HTMLElement | null, onChange: (ply: number) => void}} ctx
 */
export function createStepper({ board, first, prev, next, last, onChange }) {
  let ply = 0;
  let total = 0;

  const go = (/** @type {number} */ to) => {
    const n = Math.max(0, Math.min(total, to));
    if (n === ply) return;
    ply = n;
    buttons();
    onChange(ply);
  };

  first?.addEventListener('click', () => go(0));
  prev?.addEventListener('click', () => go(ply - 1));
  next?.addEventListener('click', () => go(ply + 1));
  last?.addEventListener('click', () => go(total));

  document.addEventListener('keydown', (e) => {
    // An SVG board is an Element, not an HTMLElement: its arrow keys moved its cursor and
    // stepped through the game at once.
    const el = e.target instanceof Element ? e.target : null;
    // Keys typed into a field, or used by a board or a control, are theirs.
    if (el && ((el instanceof HTMLElement && el.isContentEditable) || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.closest('[role="application"]'))) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: total }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });

  /** @type {{x: number, y: number, id: number} | null} */
  let down = null;
  board.addEventListener('pointerdown', (e) => {
    down = { x: e.clientX, y: e.clientY, id: e.pointerId };
  });
  board.addEventListener('pointerup', (e) => {
    if (!down || down.id !== e.pointerId) return;
    const dx = e.clientX - down.x;
    const dy = e.clientY - down.y;
    down = null;
    if (Math.abs(dx) >= SWIPE && Math.abs(dx) > 2 * Math.abs(dy)) go(dx < 0 ? ply + 1 : ply - 1);
  });
  board.addEventListener('pointercancel', () => {
    down = null;
  });

  function buttons() {
    for (const b of [first, prev]) if (b) /** @type {HTMLButtonElement} */ (b).disabled = ply === 0;
    for (const b of [next, last]) if (b) /** @type {HTMLButtonElement} */ (b).disabled = ply === total;
  }

  return {
    /** Shows move `to` of `n` (without calling `onChange`). @param {number} to @param {number} n */
    set(to, n) {
      total = n;
      ply = Math.max(0, Math.min(n, to));
      buttons();
    },
    go,
    get ply() {
      return ply;
    },
  };
}
