// Keeps the keyboard's place when the control that had focus goes away: a button hidden or
// disabled once used (take back, hint, resign, to the start), a question closed, a list drawn
// again. The browser drops focus to the page itself, and a keyboard user would have to start
// again from the top of the page.

/** @param {Element} el */
const usable = (el) => (el instanceof HTMLElement || el instanceof SVGElement) && el.isConnected && !el.matches(':disabled') && el.getClientRects().length > 0;

/**
 * Watches `root`: when the element last focused in it is gone, disabled or hidden and focus
 * is nowhere, focus moves to the first usable element of `fallback()`, best first.
 * @param {HTMLElement} root
 * @param {() => (Element | null | undefined)[]} fallback
 */
export function keepFocus(root, fallback) {
  /** @type {Element | null} */ let last = null;
  // Only for the keyboard: a tap needs no focus kept, and moving it would scroll the page.
  let keyboard = false;
  root.addEventListener('keydown', () => { keyboard = true; }, true);
  root.addEventListener('pointerdown', () => { keyboard = false; }, true);
  root.addEventListener('focusin', (e) => {
    last = e.target instanceof Element ? e.target : null;
  });
  const check = () => {
    // The focused element may still be the one just disabled: the browser moves focus off it
    // later, to the page itself.
    const active = document.activeElement;
    if (!keyboard || !last || (active && active !== document.body && active !== last)) return;
    if (usable(last)) return;
    last = null;
    const to = fallback().find((el) => el && usable(el));
    if (to instanceof HTMLElement || to instanceof SVGElement) to.focus();
  };
  // A moment later: what replaces a used control (the end card after "Yes, resign") has
  // usually come by then.
  let pending = false;
  const later = () => {
    if (pending) return;
    pending = true;
    setTimeout(() => {
      pending = false;
      check();
    }, 300);
  };
  new MutationObserver(later).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'class'] });
}
