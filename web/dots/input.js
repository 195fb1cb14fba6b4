// Input for the Dots and Boxes board: a tap anywhere snaps to the nearest line still to draw
// (within half a box); arrow keys move a cursor from line to line, Enter or Space draws it.

import { svgPoint } from '../dom.js';
import { edgeInfo } from './board.js';
import { STEP, dotXY } from './render.js';

/**
 * The midpoint of edge e in board units.
 * @param {number} w @param {number} h @param {number} e
 */
export function edgeMid(w, h, e) {
  const i = edgeInfo(w, h, e);
  const [x1, y1] = dotXY(i.a[0], i.a[1]);
  const [x2, y2] = dotXY(i.b[0], i.b[1]);
  return { x: (x1 + x2) / 2, y: (y1 + y2) / 2, horizontal: i.horizontal };
}

/**
 * The legal edge nearest to a board point, if within reach.
 * @param {import('../types.js').DotsView} v
 * @param {{x: number, y: number}} at
 */
export function edgeAt(v, at) {
  let best = null;
  let bestD = STEP * 0.5;
  for (const e of v.legal) {
    const m = edgeMid(v.w, v.h, e);
    // Distance in the diamond metric: along the line counts, across it counts the same.
    const d = Math.abs(at.x - m.x) + Math.abs(at.y - m.y);
    if (d < bestD) {
      best = e;
      bestD = d;
    }
  }
  return best;
}

/**
 * @typedef {object} InputTarget
 * @property {() => import('./render.js').DrawState | null} state
 * @property {(edge: number) => void} draw
 * @property {(edge: number | null, announce: boolean) => void} setCursor
 */

/**
 * @param {SVGSVGElement} svg
 * @param {InputTarget} target
 * @returns {() => void}
 */
export function bindInput(svg, target) {
  /** @param {PointerEvent} e */
  const click = (e) => {
    const st = target.state();
    if (!st || !st.opts.interactive || st.view.outcome || e.button > 0) return;
    const at = svgPoint(svg, e);
    const edge = at && edgeAt(st.view, at);
    if (edge !== null) {
      e.preventDefault();
      target.draw(edge);
    }
  };

  /** @param {KeyboardEvent} e */
  const key = (e) => {
    const st = target.state();
    if (!st) return;
    const v = st.view;
    /** @type {Record<string, [number, number]>} */
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (e.key in dirs) {
      e.preventDefault();
      if (st.cursor === null) {
        target.setCursor(v.legal[0] ?? null, true);
        return;
      }
      const [dx, dy] = dirs[e.key];
      const from = edgeMid(v.w, v.h, st.cursor);
      let best = st.cursor;
      let bestD = Infinity;
      for (const cand of v.legal) {
        const m = edgeMid(v.w, v.h, cand);
        const along = (m.x - from.x) * dx + (m.y - from.y) * dy;
        if (along <= 1) continue;
        const across = Math.abs((m.x - from.x) * dy) + Math.abs((m.y - from.y) * dx);
        const d = along + 2 * across;
        if (d < bestD) {
          best = cand;
          bestD = d;
        }
      }
      target.setCursor(best, true);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (st.cursor === null) target.setCursor(v.legal[0] ?? null, true);
      else if (st.opts.interactive && v.legal.includes(st.cursor)) target.draw(st.cursor);
    } else if (e.key === 'Escape') {
      target.setCursor(null, false);
    }
  };

  const blur = () => target.setCursor(null, false);
  svg.addEventListener('pointerup', click);
  svg.addEventListener('keydown', key);
  svg.addEventListener('blur', blur);
  return () => {
    svg.removeEventListener('pointerup', click);
    svg.removeEventListener('keydown', key);
    svg.removeEventListener('blur', blur);
  };
}
