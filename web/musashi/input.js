// Pointer and keyboard input for the Musashi board, one path for tap and drag: a press on a
// movable piece selects it (its destinations light up); a press on a lit point moves there; a
// drag past a few pixels carries the piece and drops it on the nearest point. A press that
// cannot be used says why (`refusal`). The keyboard cursor appears as soon as the board gets
// focus from the keyboard, so the first key press already acts.

import { svgPoint } from '../dom.js';
import { coords, geometry, pointName } from './board.js';
import { STEP, toXY } from './render.js';

/** Pixels a press must travel before it becomes a drag. */
const DRAG_DISTANCE = 4;

/**
 * @typedef {object} InputTarget  What the input reads and changes.
 * @property {() => import('./render.js').DrawState | null} state
 * @property {(point: string | null) => void} select
 * @property {(move: string, dragged?: boolean) => void} move  `dragged`: the piece was dropped there by hand.
 * @property {(drag: {from: string, x: number, y: number} | null) => void} setDrag
 * @property {(point: string | null, announce: boolean) => void} setCursor
 * @property {(id: string, args?: Record<string, string | number>) => void} refuse  Says why a press did nothing.
 */

/**
 * @typedef {object} Refusal  Why a press on the board does nothing: a message id and its arguments.
 * @property {string} id
 * @property {Record<string, string | number>} [args]
 */

/**
 * Why a press on point `p` cannot be used, or null when it can or when silence is right (a
 * spectator, a board that only shows a position).
 * @param {import('./render.js').DrawState} st
 * @param {string} p
 * @returns {Refusal | null}
 */
export function refusal(st, p) {
  const v = st.view;
  const mySide = st.opts.mySide;
  if (v.outcome) return mySide === null ? null : { id: 'error-game-over' };
  if (!st.opts.interactive) return mySide !== null && mySide !== undefined && v.turn !== mySide ? { id: 'error-not-your-turn' } : null;
  const empty = (/** @type {string} */ q) => q !== v.parent && !v.children.includes(q);
  const neighbours = geometry(v.board).neighbours;
  const mine = v.turn === 0 ? p === v.parent : v.children.includes(p);
  if (mine) {
    // One of the mover's pieces with no move: boxed in, or every step would repeat a position.
    return (neighbours.get(p) ?? []).some(empty) ? { id: 'error-repetition' } : { id: 'musashi-refuse-stuck', args: { point: p } };
  }
  if (st.selected) {
    if (!empty(p)) return { id: 'error-occupied' };
    if ((neighbours.get(st.selected) ?? []).includes(p)) return { id: 'error-repetition' };
    return { id: 'musashi-refuse-target', args: { from: st.selected, to: p } };
  }
  return { id: v.turn === 0 ? 'musashi-refuse-parent' : 'musashi-refuse-children' };
}

/**
 * Where the keyboard cursor starts: the chosen piece, else the first piece that can move
 * (the Parent when it is the Parent's move), else the Parent.
 * @param {import('./render.js').DrawState} st
 */
export function startPoint(st) {
  if (st.selected) return st.selected;
  const v = st.view;
  const movers = st.opts.interactive ? [...new Set(v.legal.map((m) => m.split('-')[0]))].sort() : [];
  return movers.includes(v.parent) ? v.parent : movers[0] ?? v.parent;
}

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
  /** Whether the focus that comes next was given by a press (then no cursor is shown). */
  let pointerFocus = false;

  /** @param {PointerEvent} e */
  const down = (e) => {
    pointerFocus = true;
    const st = target.state();
    if (!st || e.button > 0) return;
    const at = svgPoint(svg, e);
    const p = at && pointAt(st.view.board, at);
    if (!p) {
      target.select(null);
      return;
    }
    if (st.opts.interactive && !st.view.outcome && st.selected && st.targets.includes(p)) {
      e.preventDefault();
      target.move(`${st.selected}-${p}`);
      return;
    }
    const movable = st.opts.interactive && !st.view.outcome && st.view.legal.some((m) => m.startsWith(`${p}-`));
    if (!movable) {
      const why = refusal(st, p);
      target.select(null);
      if (why) target.refuse(why.id, why.args);
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
      if (p && st.targets.includes(p)) target.move(`${pr.from}-${p}`, true);
      else if (p && p !== pr.from) {
        const why = refusal(st, p);
        if (why) target.refuse(why.id, why.args);
      }
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
    /** @type {Record<string, [number, number]>} */
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (e.key in dirs) {
      e.preventDefault();
      const [dx, dy] = dirs[e.key];
      target.setCursor(step(kind, st.cursor ?? startPoint(st), dx, dy), true);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const p = st.cursor ?? startPoint(st);
      if (!st.cursor) target.setCursor(p, false);
      const live = st.opts.interactive && !st.view.outcome;
      if (live && st.selected && st.targets.includes(p)) target.move(`${st.selected}-${p}`);
      else if (live && st.view.legal.some((m) => m.startsWith(`${p}-`))) target.select(st.selected === p ? null : p);
      else {
        const why = refusal(st, p);
        target.select(null);
        if (why) target.refuse(why.id, why.args);
      }
    } else if (e.key === 'Escape') {
      target.select(null);
    }
  };

  // Focus from the keyboard shows the cursor at once, on the piece most likely wanted.
  const focus = () => {
    const st = target.state();
    if (st && !pointerFocus && !st.cursor) target.setCursor(startPoint(st), true);
    pointerFocus = false;
  };

  const blur = () => {
    pointerFocus = false;
    target.setCursor(null, false);
  };

  svg.addEventListener('pointerdown', down);
  svg.addEventListener('pointermove', move);
  svg.addEventListener('pointerup', up);
  svg.addEventListener('pointercancel', cancel);
  svg.addEventListener('keydown', key);
  svg.addEventListener('focus', focus);
  svg.addEventListener('blur', blur);
  return () => {
    svg.removeEventListener('pointerdown', down);
    svg.removeEventListener('pointermove', move);
    svg.removeEventListener('pointerup', up);
    svg.removeEventListener('pointercancel', cancel);
    svg.removeEventListener('keydown', key);
    svg.removeEventListener('focus', focus);
    svg.removeEventListener('blur', blur);
  };
}
