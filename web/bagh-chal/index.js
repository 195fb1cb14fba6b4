// The Bagh-Chal board as a small API object: `set(view, opts)` redraws from the server's
// view; moves chosen by tap or keyboard come out through `onMove`. While goats are in hand a
// goat move is one tap on an empty point; any other move is a tap on the piece, then on a lit
// point (a jump is chosen by its landing point). A press that cannot be used is explained in
// a note over the board. Keyboard: the arrows move a cursor, Enter or Space acts, Escape
// lets go.

import { createNote } from '../board-note.js';
import { batched, s, svgPoint } from '../dom.js';
import { MOVE_MS, animate } from '../motion.js';
import { coords, pointName, POINTS } from './board.js';
import { STEP, drawKey, dynamicLayer, ends, staticLayer, toXY, viewBox } from './render.js';

/**
 * @typedef {object} BaghChalConfig
 * @property {(move: string) => void} onMove
 * @property {import('../types.js').Translate} t
 * @property {(text: string) => void} [announce]
 * @property {(id: string, args?: Record<string, string | number>) => void} [onRefuse]
 */

/** @typedef {import('./render.js').DrawState} DrawState */

/** The legal move of the selected piece (or a placement) that ends on `p`. @param {DrawState} st @param {string} p */
function moveTo(st, p) {
  return st.view.legal.find((m) => {
    const { from, to } = ends(m);
    return to === p && from === st.selected;
  }) ?? null;
}

/** Whether the piece on `p` has a move. @param {DrawState} st @param {string} p */
const canMove = (st, p) => st.view.legal.some((m) => ends(m).from === p);

/**
 * Why a press on `p` does nothing, or null when silence is right.
 * @param {DrawState} st
 * @param {string} p
 * @returns {{id: string, args?: Record<string, string | number>} | null}
 */
export function refusal(st, p) {
  const v = st.view;
  const mySide = st.opts.mySide;
  if (v.outcome) return mySide === null ? null : { id: 'error-game-over' };
  if (!st.opts.interactive) return mySide !== null && mySide !== undefined && v.turn !== mySide ? { id: 'error-not-your-turn' } : null;
  const occupied = v.tigers.includes(p) || v.goats.includes(p);
  const mine = v.turn === 0 ? v.tigers.includes(p) : v.goats.includes(p);
  if (v.turn === 1 && v.inHand > 0) return occupied ? { id: 'bagh-chal-refuse-place' } : { id: 'error-repetition' };
  if (mine) return { id: 'bagh-chal-refuse-stuck', args: { point: p } };
  if (st.selected) {
    if (occupied) return { id: 'error-occupied' };
    return { id: 'bagh-chal-refuse-target', args: { from: st.selected, to: p } };
  }
  return { id: v.turn === 0 ? 'bagh-chal-refuse-tigers' : 'bagh-chal-refuse-goats' };
}

/** Where the keyboard cursor starts: the chosen piece, else the first point with a move. @param {DrawState} st */
function startPoint(st) {
  if (st.selected) return st.selected;
  const first = st.opts.interactive ? st.view.legal[0] : undefined;
  if (!first) return 'c3';
  const { from, to } = ends(first);
  return from ?? to;
}

/** The point nearest to board coordinates, if close enough. @param {{x: number, y: number}} at */
function pointAt(at) {
  let best = null;
  let bestD = (STEP * 0.48) ** 2;
  for (const p of POINTS) {
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
 * @param {HTMLElement} container
 * @param {BaghChalConfig} config
 * @returns {import('../types.js').BoardApi & {select: (p: string | null) => void}}
 */
export function createBaghChalBoard(container, config) {
  const { w, h } = viewBox();
  const svg = /** @type {SVGSVGElement} */ (s('svg', {
    class: 'bagh-chal-board', role: 'application', tabindex: 0, viewBox: `0 0 ${w} ${h}`,
    'aria-label': config.t('play-board-label'),
  }));
  svg.append(staticLayer());
  container.replaceChildren(svg);
  const note = createNote(container);
  /** @type {DrawState | null} */
  let st = null;
  let lastKey = '';
  /** @type {SVGElement | null} */
  let dyn = null;
  /** @type {import('../types.js').BaghChalView | null} */
  let drawn = null;
  let pointerFocus = false;

  /** Slides the piece of a new step or jump (a placement just appears). */
  const animateLast = () => {
    const v = st?.view;
    if (!v?.last || !dyn || !drawn || drawn.position === v.position || drawn.last?.move === v.last.move) return;
    const { from, to } = ends(v.last.move);
    if (!from) return;
    const [x1, y1] = toXY(from);
    const [x2, y2] = toXY(to);
    animate(dyn.querySelector(`[data-point="${to}"]`), [{ transform: `translate(${x1}px, ${y1}px)` }, { transform: `translate(${x2}px, ${y2}px)` }],
      { duration: MOVE_MS, easing: 'ease-out' });
  };

  const draw = () => {
    if (!st) return;
    const key = drawKey(st);
    if (key === lastKey) return;
    lastKey = key;
    const layer = dynamicLayer(st);
    if (dyn) dyn.replaceWith(layer);
    else svg.append(layer);
    dyn = layer;
    svg.dataset.turn = String(st.view.turn);
    animateLast();
    drawn = st.view;
  };
  const redraw = batched(draw);

  /** @param {string | null} p @param {boolean} [quiet] */
  const select = (p, quiet = false) => {
    if (!st) return;
    if (!quiet && p && p !== st.selected && config.announce) config.announce(config.t('bagh-chal-selected', { point: p }));
    st.selected = p;
    st.targets = p ? st.view.legal.map(ends).filter((m) => m.from === p).map((m) => m.to) : [];
    redraw();
  };

  const refuse = (/** @type {string} */ p) => {
    if (!st) return;
    const why = refusal(st, p);
    select(null);
    if (why) {
      note.show(config.t(why.id, why.args));
      config.onRefuse?.(why.id, why.args);
    }
  };

  const send = (/** @type {string} */ m) => {
    select(null);
    config.onMove(m);
  };

  /** A press or Enter on `p`. @param {string} p */
  const act = (p) => {
    if (!st) return;
    const live = st.opts.interactive && !st.view.outcome;
    const m = live ? moveTo(st, p) : null;
    if (m) send(m);
    else if (live && canMove(st, p)) select(st.selected === p ? null : p);
    else refuse(p);
  };

  /** What the keyboard cursor is on, in words. @param {string} p */
  const describe = (p) => {
    const t = config.t;
    if (!st) return p;
    const v = st.view;
    const live = st.opts.interactive && !v.outcome;
    const m = live ? moveTo(st, p) : null;
    if (m) return t(m.includes('x') ? 'bagh-chal-point-jump' : /[-]/.test(m) ? 'bagh-chal-point-target' : 'bagh-chal-point-place', { point: p });
    const tiger = v.tigers.includes(p);
    if (live && canMove(st, p)) return t(tiger ? 'bagh-chal-point-tiger-movable' : 'bagh-chal-point-goat-movable', { point: p });
    return t(tiger ? 'bagh-chal-point-tiger' : v.goats.includes(p) ? 'bagh-chal-point-goat' : 'bagh-chal-point-empty', { point: p });
  };

  /** @param {string | null} p @param {boolean} announce */
  const setCursor = (p, announce) => {
    if (!st) return;
    st.cursor = p;
    redraw();
    if (p && announce && config.announce) config.announce(describe(p));
  };

  /** @param {PointerEvent} e */
  const down = (e) => {
    // A focus this press gives comes before the timeout; a press that takes no focus (its
    // default is prevented) must not hide the cursor from a later focus by keyboard.
    pointerFocus = true;
    setTimeout(() => {
      pointerFocus = false;
    }, 0);
    if (!st || e.button > 0) return;
    const at = svgPoint(svg, e);
    const p = at && pointAt(at);
    if (!p) {
      select(null);
      return;
    }
    e.preventDefault();
    act(p);
  };

  /** @param {KeyboardEvent} e */
  const key = (e) => {
    if (!st) return;
    /** @type {Record<string, [number, number]>} */
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (e.key in dirs) {
      e.preventDefault();
      const [dx, dy] = dirs[e.key];
      const [x, y] = coords(st.cursor ?? startPoint(st));
      setCursor(pointName(Math.min(4, Math.max(0, x + dx)), Math.min(4, Math.max(0, y + dy))), true);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const p = st.cursor ?? startPoint(st);
      if (!st.cursor) setCursor(p, false);
      act(p);
    } else if (e.key === 'Escape') {
      select(null);
    }
  };

  const focus = () => {
    if (st && !pointerFocus && !st.cursor) setCursor(startPoint(st), true);
    pointerFocus = false;
  };
  const blur = () => {
    pointerFocus = false;
    setCursor(null, false);
  };

  svg.addEventListener('pointerdown', down);
  svg.addEventListener('keydown', key);
  svg.addEventListener('focus', focus);
  svg.addEventListener('blur', blur);

  return {
    set(view, opts) {
      const v = /** @type {import('../types.js').BaghChalView} */ (view);
      const keep = st && st.view.position === v.position && opts.interactive ? st.selected : null;
      st = { view: v, opts, selected: null, targets: [], cursor: st?.cursor ?? null };
      if (keep) select(keep, true);
      redraw();
    },
    select: (p) => select(p),
    destroy() {
      svg.removeEventListener('pointerdown', down);
      svg.removeEventListener('keydown', key);
      svg.removeEventListener('focus', focus);
      svg.removeEventListener('blur', blur);
      note.destroy();
      svg.remove();
    },
  };
}
