// Pointer and keyboard input for the Musashi board, one path for tap and drag: a press on a
// movable piece selects it (its destinations light up); a press on a lit point moves there; a
// drag past a few pixels carries the piece and drops it on the nearest point.

import { svgPoint } from '../dom.js';
import { coords, geometry, pointName } from './board.js';
import { STEP, toXY } from './render.js';

/** Pixels a press must travel before it becomes a drag. */
const DRAG_DISTANCE = 4;

/**
 * @typedef {object} InputTarget  What the input reads and changes.
 * @property {() => import('./render.js').DrawState | null} state
 * @property {(point: string | null) => void} select
 * @property {(move: string) => void} move
 * @property {(drag: {from: string, x: number, y: number} | null) => void} setDrag
 * @property {(point: string | null, announce: boolean) => void} setCursor
 */

/**
 * The point nearest to board coordinates, if close enough.
 * @param {import('./board.js').BoardKind} kind
 * @param {{x: number, y: number}} at
 */
export function pointAt(kind, at) {
  let best = null;
  let bestD = (STEP * 0.48) ** 2;
  for (const p of geometry(kind).points) {
    const [x, y] = toXY(p);
    const d = (x - at.x) ** 2 + (y - at.y) ** 2;
    if (d < bestD) {
      best = p;
      bestD = d;
    }
  }
  return best;
}

/**
 * The next point from `p` in a direction, skipping gaps (e1 → g1 on the 33-point board).
 * @param {import('./board.js').BoardKind} kind
 * @param {string} p
 * @param {number} dx
 * @param {number} dy
 */
function step(kind, p, dx, dy) {
  const g = geometry(kind);
  const [x, y] = coords(p);
  for (let i = 1; i < 7; i++) {
    const q = pointName(x + dx * i, y + dy * i);
    if (g.points.includes(q)) return q;
  }
  return p;
}

/**
 * Binds input to the board's SVG; returns the unbind function.
 * @param {SVGSVGElement} svg
 * @param {InputTarget} target
 * @returns {() => void}
 */
export function bindInput(svg, target) {
  /** @type {{from: string, x0: number, y0: number, dragging: boolean, wasSelected: boolean, id: number} | null} */
  let press = null;

  /** @param {PointerEvent} e */
  const down = (e) => {
    const st = target.state();
    if (!st || e.button > 0) return;
    const at = svgPoint(svg, e);
    const p = at && pointAt(st.view.board, at);
    if (!p || !st.opts.interactive || st.view.outcome) {
      target.select(null);
      return;
    }
    if (st.selected && st.targets.includes(p)) {
      e.preventDefault();
      target.move(`${st.selected}-${p}`);
      return;
    }
    const movable = st.view.legal.some((m) => m.startsWith(`${p}-`));
    if (!movable) {
      target.select(null);
      return;
    }
    e.preventDefault();
    const wasSelected = st.selected === p;
    target.select(p);
    press = { from: p, x0: e.clientX, y0: e.clientY, dragging: false, wasSelected, id: e.pointerId };
    try {
      svg.setPointerCapture(e.pointerId);
    } catch {
      /* the pointer may already be gone */
    }
  };

  /** @param {PointerEvent} e */
  const move = (e) => {
    if (!press || e.pointerId !== press.id) return;
    if (!press.dragging && Math.hypot(e.clientX - press.x0, e.clientY - press.y0) < DRAG_DISTANCE) return;
    press.dragging = true;
    const at = svgPoint(svg, e);
    if (at) target.setDrag({ from: press.from, x: at.x, y: at.y });
  };

  /** @param {PointerEvent} e */
  const up = (e) => {
    if (!press || e.pointerId !== press.id) return;
    const pr = press;
    press = null;
    const st = target.state();
    if (!st) return;
    if (pr.dragging) {
      target.setDrag(null);
      const at = svgPoint(svg, e);
      const p = at && pointAt(st.view.board, at);
      if (p && st.targets.includes(p)) target.move(`${pr.from}-${p}`);
    } else if (pr.wasSelected) {
      target.select(null);
    }
  };

  const cancel = () => {
    if (press?.dragging) target.setDrag(null);
    press = null;
  };

  /** @param {KeyboardEvent} e */
  const key = (e) => {
    const st = target.state();
    if (!st) return;
    const kind = st.view.board;
    const cur = st.cursor ?? st.selected ?? st.view.parent;
    /** @type {Record<string, [number, number]>} */
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (e.key in dirs) {
      e.preventDefault();
      const [dx, dy] = dirs[e.key];
      target.setCursor(st.cursor ? step(kind, cur, dx, dy) : cur, true);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (!st.cursor) {
        target.setCursor(cur, true);
        return;
      }
      const p = st.cursor;
      if (st.selected && st.targets.includes(p)) target.move(`${st.selected}-${p}`);
      else if (st.opts.interactive && st.view.legal.some((m) => m.startsWith(`${p}-`))) target.select(st.selected === p ? null : p);
      else target.select(null);
    } else if (e.key === 'Escape') {
      target.select(null);
    }
  };

  const blur = () => target.setCursor(null, false);

  svg.addEventListener('pointerdown', down);
  svg.addEventListener('pointermove', move);
  svg.addEventListener('pointerup', up);
  svg.addEventListener('pointercancel', cancel);
  svg.addEventListener('keydown', key);
  svg.addEventListener('blur', blur);
  return () => {
    svg.removeEventListener('pointerdown', down);
    svg.removeEventListener('pointermove', move);
    svg.removeEventListener('pointerup', up);
    svg.removeEventListener('pointercancel', cancel);
    svg.removeEventListener('keydown', key);
    svg.removeEventListener('blur', blur);
  };
}
