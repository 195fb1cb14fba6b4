// Input for the Dots and Boxes board: a tap anywhere snaps to the nearest line still to draw
// (within half a box); arrow keys move a cursor from line to line, Enter or Space draws it. The
// cursor appears as soon as the board gets focus from the keyboard, so the first key press
// already acts; a tap that draws nothing says why.

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
 * Whether a drawn line lies where a tap would have drawn one.
 * @param {import('../types.js').DotsView} v
 * @param {{x: number, y: number}} at
 */
function drawnAt(v, at) {
  return v.lines.some((line) => {
    const m = edgeMid(v.w, v.h, line.edge);
    return Math.abs(at.x - m.x) + Math.abs(at.y - m.y) < STEP * 0.5;
  });
}

/**
 * Why a tap at `at` draws nothing, as a message id, or null when silence is right (a
 * spectator, a board that only shows a position).
 * @param {import('./render.js').DrawState} st
 * @param {{x: number, y: number}} at
 * @returns {string | null}
 */
export function refusal(st, at) {
  const v = st.view;
  const mySide = st.opts.mySide;
  if (v.outcome) return mySide === null ? null : 'error-game-over';
  if (!st.opts.interactive) return mySide !== null && mySide !== undefined && v.turn !== mySide ? 'error-not-your-turn' : null;
  return drawnAt(v, at) ? 'error-already-drawn' : 'dots-refuse-between';
}

/**
 * @typedef {object} InputTarget
 * @property {() => import('./render.js').DrawState | null} state
 * @property {(edge: number) => void} draw
 * @property {(edge: number | null, announce: boolean) => void} setCursor
 * @property {(id: string) => void} refuse  Says why a tap drew nothing.
 */

/**
 * @param {SVGSVGElement} svg
 * @param {InputTarget} target
 * @returns {() => void}
 */
export function bindInput(svg, target) {
  /** Whether the focus that comes next was given by a press (then no cursor is shown). */
  let pointerFocus = false;
  const press = () => {
    pointerFocus = true;
  };

  /** @param {PointerEvent} e */
  const click = (e) => {
    const st = target.state();
    if (!st || e.button > 0) return;
    const at = svgPoint(svg, e);
    if (!at) return;
    const edge = st.opts.interactive && !st.view.outcome ? edgeAt(st.view, at) : null;
    if (edge !== null) {
      e.preventDefault();
      target.draw(edge);
      return;
    }
    const why = refusal(st, at);
    if (why) target.refuse(why);
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
      const start = st.cursor ?? v.legal[0];
      if (start === undefined) return;
      const [dx, dy] = dirs[e.key];
      const from = edgeMid(v.w, v.h, start);
      let best = start;
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
      else if (st.opts.interactive && !v.outcome && v.legal.includes(st.cursor)) target.draw(st.cursor);
      else {
        const why = refusal(st, edgeMid(v.w, v.h, st.cursor));
        if (why) target.refuse(why);
      }
    } else if (e.key === 'Escape') {
      target.setCursor(null, false);
    }
  };

  // Focus from the keyboard shows the cursor at once, on the first line still to draw.
  const focus = () => {
    const st = target.state();
    if (st && !pointerFocus && st.cursor === null && st.view.legal.length) target.setCursor(st.view.legal[0], true);
    pointerFocus = false;
  };
  const blur = () => {
    pointerFocus = false;
    target.setCursor(null, false);
  };
  svg.addEventListener('pointerdown', press);
  svg.addEventListener('pointerup', click);
  svg.addEventListener('keydown', key);
  svg.addEventListener('focus', focus);
  svg.addEventListener('blur', blur);
  return () => {
    svg.removeEventListener('pointerdown', press);
    svg.removeEventListener('pointerup', click);
    svg.removeEventListener('keydown', key);
    svg.removeEventListener('focus', focus);
    svg.removeEventListener('blur', blur);
  };
}
