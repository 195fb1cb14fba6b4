// Draws a Juroku Musashi board in SVG: the wooden board with its lines (the static layer,
// built once per board kind) and the pieces, hints and markers (the dynamic layer, rebuilt
// only when what it shows changes).

import { s } from '../dom.js';
import { coords, geometry } from './board.js';

/** Board units: distance between neighbouring points, and the margin around them (wide enough
 * that a ring around an edge point stays clear of the row and column labels). */
export const STEP = 100;
export const MARGIN = 80;
/** Where the labels stand: the row numbers' x and the column letters' distance from the bottom. */
const ROW_LABEL_X = 22;
const COLUMN_LABEL_INSET = 12;

/** @param {string} p @returns {[number, number]} */
export function toXY(p) {
  const [x, y] = coords(p);
  return [MARGIN + x * STEP, MARGIN + (4 - y) * STEP];
}

/** @param {import('./board.js').BoardKind} kind */
export function viewBox(kind) {
  const g = geometry(kind);
  return { w: 2 * MARGIN + (g.width - 1) * STEP, h: 2 * MARGIN + 4 * STEP };
}

/**
 * The board itself: wood, lines, points and coordinates.
 * @param {import('./board.js').BoardKind} kind
 * @returns {SVGElement}
 */
export function staticLayer(kind) {
  const g = geometry(kind);
  const { w, h } = viewBox(kind);
  const layer = s('g', { class: 'board-static' });
  layer.append(s('rect', { class: 'wood', x: 4, y: 4, width: w - 8, height: h - 8, rx: 18 }));
  const lines = s('g', { class: 'lines' });
  for (const [a, b] of g.lines) {
    const [x1, y1] = toXY(a);
    const [x2, y2] = toXY(b);
    lines.append(s('line', { x1, y1, x2, y2 }));
  }
  layer.append(lines);
  const dots = s('g', { class: 'points' });
  for (const p of g.points) {
    const [x, y] = toXY(p);
    dots.append(s('circle', { cx: x, cy: y, r: 7 }));
  }
  layer.append(dots);
  const labels = s('g', { class: 'coords', 'aria-hidden': 'true' });
  for (let x = 0; x < g.width; x++) {
    labels.append(s('text', { x: MARGIN + x * STEP, y: h - COLUMN_LABEL_INSET, 'text-anchor': 'middle' }, String.fromCharCode(97 + x)));
  }
  for (let y = 0; y < 5; y++) {
    labels.append(s('text', { x: ROW_LABEL_X, y: MARGIN + (4 - y) * STEP + 8, 'text-anchor': 'middle' }, String(y + 1)));
  }
  layer.append(labels);
  return layer;
}

/**
 * @typedef {object} DrawState
 * @property {import('../types.js').MusashiView} view
 * @property {import('../types.js').BoardOptions} opts
 * @property {string | null} selected
 * @property {string[]} targets  Destinations of the selected piece.
 * @property {string | null} cursor  The keyboard cursor.
 * @property {{from: string, x: number, y: number} | null} drag
 */

/** @param {DrawState} st */
export function drawKey(st) {
  const v = st.view;
  return [v.position, v.last?.move, v.outcome?.reason, st.opts.showDanger, st.opts.interactive, st.opts.hint ?? '', st.selected, st.cursor,
    st.drag ? `${st.drag.from}@${Math.round(st.drag.x)},${Math.round(st.drag.y)}` : '', v.legal.length].join('|');
}

/**
 * @param {number} x
 * @param {number} y
 * @param {boolean} parent
 * @param {Record<string, string>} [extra]
 */
export function piece(x, y, parent, extra = {}) {
  const { class: more = '', ...rest } = extra;
  const cls = `piece ${parent ? 'parent' : 'child'} ${more}`.trim();
  if (parent) {
    return s('g', { ...rest, class: cls, transform: `translate(${x} ${y})` },
      s('circle', { class: 'body', r: 36 }),
      s('circle', { class: 'ring', r: 24 }),
      s('path', { class: 'mark', d: 'M0 -13 L11 6 L-11 6 Z' }));
  }
  return s('g', { ...rest, class: cls, transform: `translate(${x} ${y})` },
    s('circle', { class: 'body', r: 27 }),
    s('circle', { class: 'dot', r: 6 }));
}

/**
 * Pieces, last move, hints, selection and cursor.
 * @param {DrawState} st
 * @returns {SVGElement}
 */
export function dynamicLayer(st) {
  const v = st.view;
  const layer = s('g', { class: 'board-dynamic' });

  if (v.last) {
    // The last move, for both sides alike: a band along its line, a square on the point it
    // left and a disc under the piece that arrived.
    const [from, to] = v.last.move.split('-');
    const [x1, y1] = toXY(from);
    const [x2, y2] = toXY(to);
    layer.append(s('line', { class: 'last-move', x1, y1, x2, y2 }));
    layer.append(s('rect', { class: 'last-from', 'data-last-from': from, x: x1 - 14, y: y1 - 14, width: 28, height: 28, rx: 4 }));
    layer.append(s('circle', { class: 'last-to', 'data-last-to': to, cx: x2, cy: y2, r: 45 }));
    for (const p of v.last.taken) {
      const [x, y] = toXY(p);
      layer.append(s('path', { class: 'taken-mark', 'data-taken': p, d: `M${x - 14} ${y - 14} L${x + 14} ${y + 14} M${x + 14} ${y - 14} L${x - 14} ${y + 14}` }));
    }
  }

  const dragged = st.drag?.from;
  for (const p of v.children) {
    if (p === dragged) continue;
    const [x, y] = toXY(p);
    layer.append(piece(x, y, false, { 'data-point': p, 'data-piece': 'child' }));
  }
  if (v.parent !== dragged) {
    const [x, y] = toXY(v.parent);
    layer.append(piece(x, y, true, { 'data-point': v.parent, 'data-piece': 'parent' }));
  }

  if (v.outcome?.reason === 'trapped') {
    const [x, y] = toXY(v.parent);
    layer.append(s('rect', { class: 'trapped', x: x - 48, y: y - 48, width: 96, height: 96, rx: 10 }));
  }

  if (st.opts.showDanger && !v.outcome) {
    for (const p of v.endangered) {
      const [x, y] = toXY(p);
      layer.append(s('circle', { class: 'danger', 'data-danger': p, cx: x, cy: y, r: 40 }));
    }
    for (const c of v.capturePoints) {
      const [x, y] = toXY(c.point);
      // Seen only: the cursor's words say what a step there takes ("moving here takes 2").
      layer.append(s('g', { class: 'capture-point', 'data-capture': c.point, transform: `translate(${x + 30} ${y - 30})`, 'aria-hidden': 'true' },
        s('circle', { r: 17 }),
        s('text', { y: 7, 'text-anchor': 'middle' }, `×${c.takes}`)));
    }
  }

  if (st.opts.hint && !v.outcome && v.legal.includes(st.opts.hint)) {
    // The suggested step: a dashed arrow shaft onto a ring at the point to move to.
    const [from, to] = st.opts.hint.split('-');
    const [x1, y1] = toXY(from);
    const [x2, y2] = toXY(to);
    layer.append(s('g', { class: 'hint', 'data-hint': st.opts.hint },
      s('line', { x1, y1, x2, y2 }),
      s('circle', { cx: x1, cy: y1, r: 44 }),
      s('circle', { cx: x2, cy: y2, r: 30 })));
  }

  if (st.selected) {
    const [x, y] = toXY(st.selected);
    layer.append(s('circle', { class: 'selected', cx: x, cy: y, r: 42 }));
    for (const p of st.targets) {
      const [tx, ty] = toXY(p);
      layer.append(s('circle', { class: 'target', 'data-target': p, cx: tx, cy: ty, r: 17 }));
    }
  } else if (st.opts.interactive && !v.outcome) {
    const movable = new Set(v.legal.map((m) => m.split('-')[0]));
    for (const p of movable) {
      const [x, y] = toXY(p);
      layer.append(s('circle', { class: 'movable', cx: x, cy: y, r: p === v.parent ? 40 : 31 }));
    }
  }

  if (st.cursor) {
    const [x, y] = toXY(st.cursor);
    layer.append(s('rect', { class: 'cursor', x: x - 46, y: y - 46, width: 92, height: 92, rx: 12 }));
  }

  if (st.drag) {
    layer.append(piece(st.drag.x, st.drag.y, st.drag.from === v.parent, { class: 'dragging' }));
  }
  return layer;
}
