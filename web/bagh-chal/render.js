// Draws a Bagh-Chal board in SVG on the Musashi 25-point board's wood and lines (the static
// layer is musashi/render.js's and web/style.css styles both boards alike), with its own pieces: a tiger
// is a large amber disc with dark stripes, a goat a small pale disc with two horns, so the
// two read apart by size, colour and shape on a phone.

import { s } from '../dom.js';
import { STEP, MARGIN, staticLayer as squareLayer, toXY } from '../musashi/render.js';

export { STEP, MARGIN, toXY };

/** The square board: 5 × 5 points. */
export function viewBox() {
  return { w: 2 * MARGIN + 4 * STEP, h: 2 * MARGIN + 4 * STEP };
}

/** The board itself: wood, lines, points and coordinates. */
export const staticLayer = () => squareLayer('25');

/**
 * @typedef {object} DrawState
 * @property {import('../types.js').BaghChalView} view
 * @property {import('../types.js').BoardOptions} opts
 * @property {string | null} selected
 * @property {string[]} targets  Destinations of the selected piece (steps and jumps).
 * @property {string | null} cursor  The keyboard cursor.
 */

/** @param {DrawState} st */
export function drawKey(st) {
  const v = st.view;
  return [v.position, v.last?.move, v.outcome?.reason, st.opts.showDanger, st.opts.interactive, st.opts.hint ?? '',
    st.selected, st.cursor, v.legal.length].join('|');
}

/**
 * A piece at `(x, y)`.
 * @param {number} x
 * @param {number} y
 * @param {boolean} tiger
 * @param {Record<string, string>} [extra]
 */
export function piece(x, y, tiger, extra = {}) {
  const { class: more = '', ...rest } = extra;
  const cls = `piece ${tiger ? 'tiger' : 'goat'} ${more}`.trim();
  if (tiger) {
    return s('g', { ...rest, class: cls, transform: `translate(${x} ${y})` },
      s('circle', { class: 'body', r: 37 }),
      s('path', { class: 'stripe', d: 'M-22 -22 L-10 -8 M22 -22 L10 -8 M-30 4 L-14 4 M30 4 L14 4 M-18 24 L-6 14 M18 24 L6 14' }),
      s('circle', { class: 'eye', cx: 0, cy: 0, r: 7 }));
  }
  return s('g', { ...rest, class: cls, transform: `translate(${x} ${y})` },
    s('circle', { class: 'body', r: 25 }),
    s('path', { class: 'horns', d: 'M-9 -8 Q-16 -20 -6 -24 M9 -8 Q16 -20 6 -24' }),
    s('circle', { class: 'eye', cx: 0, cy: 6, r: 4 }));
}

/** The move's two ends (none for a placement's start). @param {string} move */
export function ends(move) {
  const m = move.match(/^([a-e][1-5])[-x]([a-e][1-5])$/);
  return m ? { from: m[1], to: m[2] } : { from: null, to: move };
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
    const { from, to } = ends(v.last.move);
    const [x2, y2] = toXY(to);
    if (from) {
      const [x1, y1] = toXY(from);
      layer.append(s('line', { class: 'last-move', x1, y1, x2, y2 }));
      layer.append(s('rect', { class: 'last-from', 'data-last-from': from, x: x1 - 14, y: y1 - 14, width: 28, height: 28, rx: 4 }));
    }
    layer.append(s('circle', { class: 'last-to', 'data-last-to': to, cx: x2, cy: y2, r: 45 }));
    if (v.last.captured) {
      const [x, y] = toXY(v.last.captured);
      layer.append(s('path', { class: 'taken-mark', 'data-taken': v.last.captured, d: `M${x - 14} ${y - 14} L${x + 14} ${y + 14} M${x + 14} ${y - 14} L${x - 14} ${y + 14}` }));
    }
  }

  for (const p of v.goats) {
    const [x, y] = toXY(p);
    layer.append(piece(x, y, false, { 'data-point': p, 'data-piece': 'goat' }));
  }
  for (const p of v.tigers) {
    const [x, y] = toXY(p);
    layer.append(piece(x, y, true, { 'data-point': p, 'data-piece': 'tiger' }));
  }

  if (v.outcome?.reason === 'tigers-blocked') {
    for (const p of v.tigers) {
      const [x, y] = toXY(p);
      layer.append(s('rect', { class: 'trapped', x: x - 46, y: y - 46, width: 92, height: 92, rx: 10 }));
    }
  }

  if (st.opts.showDanger && !v.outcome) {
    for (const p of v.endangered) {
      const [x, y] = toXY(p);
      layer.append(s('circle', { class: 'danger', 'data-danger': p, cx: x, cy: y, r: 36 }));
    }
  }

  if (st.opts.hint && !v.outcome && v.legal.includes(st.opts.hint)) {
    const { from, to } = ends(st.opts.hint);
    const [x2, y2] = toXY(to);
    const hint = s('g', { class: 'hint', 'data-hint': st.opts.hint }, s('circle', { cx: x2, cy: y2, r: 30 }));
    if (from) {
      const [x1, y1] = toXY(from);
      hint.prepend(s('line', { x1, y1, x2, y2 }), s('circle', { cx: x1, cy: y1, r: 44 }));
    }
    layer.append(hint);
  }

  if (st.selected) {
    const [x, y] = toXY(st.selected);
    layer.append(s('circle', { class: 'selected', cx: x, cy: y, r: 42 }));
    for (const p of st.targets) {
      const [tx, ty] = toXY(p);
      layer.append(s('circle', { class: 'target', 'data-target': p, cx: tx, cy: ty, r: 17 }));
    }
  } else if (st.opts.interactive && !v.outcome) {
    // Placements: a small ring on every empty point a goat may go to; moves: a ring round
    // each piece that can move.
    for (const m of v.legal) {
      const { from, to } = ends(m);
      const [x, y] = toXY(from ?? to);
      if (from) layer.append(s('circle', { class: 'movable', 'data-movable': from, cx: x, cy: y, r: v.tigers.includes(from) ? 42 : 31 }));
      else layer.append(s('circle', { class: 'placeable', 'data-place': to, cx: x, cy: y, r: 14 }));
    }
  }

  if (st.cursor) {
    const [x, y] = toXY(st.cursor);
    layer.append(s('rect', { class: 'cursor', x: x - 46, y: y - 46, width: 92, height: 92, rx: 12 }));
  }
  return layer;
}
