// Tiny element builders for HTML and SVG, and a redraw batcher.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** @typedef {Record<string, string | number | boolean | null | undefined | ((e: any) => void)>} Attrs */
/** @typedef {Node | string | null | undefined | false} Child */

/**
 * @param {Element} el
 * @param {Attrs} attrs
 * @param {Child[]} children
 */
function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, ''), v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c);
  }
}

/**
 * An SVG element.
 * @param {string} tag
 * @param {Attrs} [attrs]
 * @param {...Child} children
 * @returns {SVGElement}
 */
export function s(tag, attrs = {}, ...children) {
  const el = /** @type {SVGElement} */ (document.createElementNS(SVG_NS, tag));
  fill(el, attrs, children);
  return el;
}

/**
 * An HTML element. Attributes starting with `on` become listeners.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  fill(el, attrs, children);
  return el;
}

/**
 * Folds redraw requests into one animation frame.
 * @param {() => void} draw
 * @returns {() => void} request a redraw
 */
export function batched(draw) {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      draw();
    });
  };
}

/**
 * The SVG user-space point under a pointer event.
 * @param {SVGSVGElement} svg
 * @param {{clientX: number, clientY: number}} e
 * @returns {{x: number, y: number} | null}
 */
export function svgPoint(svg, e) {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
  return { x: p.x, y: p.y };
}

/**
 * Keeps the Tab key inside a question that must be answered (a role="alertdialog" in the
 * panel): from its last button Tab goes to its first, and Shift+Tab the other way round, as
 * in a dialog. Escape stays the way out, handled by its owner.
 * @param {HTMLElement} box
 */
export function trapTab(box) {
  box.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    const stops = /** @type {HTMLElement[]} */ ([...box.querySelectorAll('button:not(:disabled)')]);
    if (!stops.length) return;
    const first = stops[0];
    const last = stops[stops.length - 1];
    const at = document.activeElement;
    if (e.shiftKey ? at === first || !box.contains(at) : at === last || !box.contains(at)) {
      e.preventDefault();
      (e.shiftKey ? last : first).focus();
    }
  });
}
