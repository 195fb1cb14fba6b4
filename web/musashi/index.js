// The Juroku Musashi board as a small API object: `set(view, opts)` redraws from the server's
// view; moves chosen by tap, drag or keyboard come out through `onMove`. A press that cannot be
// used is explained in a note over the board and through `onRefuse`. A new move slides its
// piece (unless the visitor asked for reduced motion).

import { createNote } from '../board-note.js';
import { batched, s } from '../dom.js';
import { MOVE_MS, animate } from '../motion.js';
import { capturesAt } from './board.js';
import { bindInput } from './input.js';
import { drawKey, dynamicLayer, piece, staticLayer, toXY, viewBox } from './render.js';

/**
 * @typedef {object} MusashiConfig
 * @property {(move: string) => void} onMove
 * @property {import('../types.js').Translate} t
 * @property {(text: string) => void} [announce]  Speaks a short text (the cursor's point).
 * @property {(id: string, args?: Record<string, string | number>) => void} [onRefuse]
 *   Told when a press did nothing, with the message that says why (the board shows it too).
 */

/**
 * Whether `now` follows `before` by one move that slid a piece from its `from` point (not a
 * take-back, a new game or the first drawing).
 * @param {import('../types.js').MusashiView | null} before
 * @param {import('../types.js').MusashiView} now
 */
function slidOneMove(before, now) {
  if (!before || !now.last || before.position === now.position || before.last?.move === now.last.move) return false;
  const [from, to] = now.last.move.split('-');
  const wasAt = (/** @type {string} */ p) => before.parent === p || before.children.includes(p);
  const parentMoved = now.parent === to;
  return (parentMoved ? before.parent === from : before.children.includes(from)) && !wasAt(to);
}

/**
 * @param {HTMLElement} container
 * @param {MusashiConfig} config
 * @returns {import('../types.js').BoardApi & {select: (p: string | null) => void}}
 */
export function createMusashiBoard(container, config) {
  const svg = /** @type {SVGSVGElement} */ (s('svg', {
    class: 'musashi-board', role: 'application', tabindex: 0, 'aria-label': config.t('play-board-label'),
  }));
  container.replaceChildren(svg);
  const note = createNote(container);
  /** @type {import('./render.js').DrawState | null} */
  let st = null;
  let staticKind = '';
  let lastKey = '';
  /** @type {SVGElement | null} */
  let dyn = null;
  /** The view drawn last, to tell a new move from a redraw. */
  /** @type {import('../types.js').MusashiView | null} */
  let drawn = null;
  /** A move this board dropped by dragging: its piece is already where it goes. */
  let dropped = '';

  /** Slides the piece of the view's last move, and fades out the Children it took. */
  const animateLast = () => {
    if (!st?.view.last || !dyn) return;
    const v = st.view;
    const { move, taken } = /** @type {{move: string, taken: string[]}} */ (v.last);
    const [from, to] = move.split('-');
    if (move === dropped) return;
    const [x1, y1] = toXY(from);
    const [x2, y2] = toXY(to);
    const el = dyn.querySelector(`[data-point="${to}"]`);
    animate(el, [{ transform: `translate(${x1}px, ${y1}px)` }, { transform: `translate(${x2}px, ${y2}px)` }],
      { duration: MOVE_MS, easing: 'ease-out' });
    for (const p of taken) {
      const [x, y] = toXY(p);
      const ghost = piece(x, y, false, { class: 'taken-ghost', 'aria-hidden': 'true' });
      dyn.append(ghost);
      const a = animate(ghost, [{ opacity: 1 }, { opacity: 0 }], { duration: 2 * MOVE_MS, delay: MOVE_MS / 2, fill: 'forwards' });
      if (a) a.onfinish = () => ghost.remove();
      else ghost.remove();
    }
  };

  const draw = () => {
    if (!st) return;
    const kind = st.view.board;
    if (kind !== staticKind) {
      const { w, h } = viewBox(kind);
      svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
      svg.dataset.board = kind;
      svg.replaceChildren(staticLayer(kind));
      staticKind = kind;
      dyn = null;
      lastKey = '';
    }
    const key = drawKey(st);
    if (key === lastKey) return;
    lastKey = key;
    const layer = dynamicLayer(st);
    if (dyn) dyn.replaceWith(layer);
    else svg.append(layer);
    dyn = layer;
    svg.dataset.turn = String(st.view.turn);
    if (slidOneMove(drawn, st.view)) animateLast();
    drawn = st.view;
  };
  const redraw = batched(draw);

  /** @param {string | null} p @param {boolean} [quiet] */
  const select = (p, quiet = false) => {
    if (!st) return;
    if (!quiet && p && p !== st.selected && config.announce) config.announce(config.t('musashi-selected', { point: p }));
    st.selected = p;
    st.targets = p ? st.view.legal.filter((m) => m.startsWith(`${p}-`)).map((m) => m.split('-')[1]) : [];
    redraw();
  };

  /** What the keyboard cursor is on, in words: the point, what stands there and what it can do. */
  const describe = (/** @type {string} */ p) => {
    const t = config.t;
    if (!st) return p;
    const v = st.view;
    const live = st.opts.interactive && !v.outcome;
    if (live && st.selected && st.targets.includes(p)) {
      const takes = st.selected === v.parent ? capturesAt(v.board, p, new Set(v.children)).length : 0;
      return takes ? t('musashi-point-target-take', { point: p, count: takes }) : t('musashi-point-target', { point: p });
    }
    if (live && v.legal.some((m) => m.startsWith(`${p}-`))) {
      return t(p === v.parent ? 'musashi-point-parent-movable' : 'musashi-point-child-movable', { point: p });
    }
    const id = p === v.parent ? 'musashi-point-parent' : v.children.includes(p) ? 'musashi-point-child' : 'musashi-point-empty';
    return t(id, { point: p });
  };

  const unbind = bindInput(svg, {
    state: () => st,
    select,
    move: (m, dragged = false) => {
      dropped = dragged ? m : '';
      select(null);
      config.onMove(m);
    },
    setDrag: (d) => {
      if (!st) return;
      st.drag = d;
      draw();
    },
    setCursor: (p, announce) => {
      if (!st) return;
      st.cursor = p;
      redraw();
      if (p && announce && config.announce) config.announce(describe(p));
    },
    refuse: (id, args) => {
      note.show(config.t(id, args));
      config.onRefuse?.(id, args);
    },
  });

  return {
    set(view, opts) {
      const v = /** @type {import('../types.js').MusashiView} */ (view);
      const keep = st && st.view.position === v.position && opts.interactive ? st.selected : null;
      st = { view: v, opts, selected: null, targets: [], cursor: st?.cursor ?? null, drag: null };
      if (keep) select(keep, true);
      redraw();
    },
    select: (p) => select(p),
    destroy() {
      unbind();
      note.destroy();
      svg.remove();
    },
  };
}
