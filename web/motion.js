// Small move animations for the boards, and the one switch that turns them all off: the
// visitor's "reduce motion" setting.

/** Whether the visitor asked for less motion. */
export function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** How long a piece takes to slide, or a line to grow, in milliseconds. */
export const MOVE_MS = 220;

/**
 * Runs a Web Animation on `el` unless motion is reduced or the browser lacks the API.
 * @param {Element | null | undefined} el
 * @param {Keyframe[]} frames
 * @param {KeyframeAnimationOptions} opts
 * @returns {Animation | null}
 */
export function animate(el, frames, opts) {
  if (!el || reducedMotion() || typeof el.animate !== 'function') return null;
  return el.animate(frames, opts);
}

/**
 * Scrolls `el` into view when it is not wholly on screen (a tap far down a list that changes a
 * board above it, on a phone): smoothly, or at once when motion is reduced. Does nothing when
 * it is visible already.
 * @param {Element | null | undefined} el
 */
export function reveal(el) {
  if (!el || typeof el.scrollIntoView !== 'function') return;
  const r = el.getBoundingClientRect();
  const vh = window.innerHeight || document.documentElement.clientHeight;
  // Taller than the screen: visible enough when it fills it.
  const visible = r.height > vh ? r.top <= 0 && r.bottom >= vh : r.top >= 0 && r.bottom <= vh;
  if (visible) return;
  el.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'nearest' });
}
