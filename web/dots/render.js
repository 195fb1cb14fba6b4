// Draws a Dots and Boxes board in SVG: dots, each side's lines in its colour (the second side's
// dashed, so colour is never the only sign), claimed boxes with their owner's icon, and a
// generous diamond-shaped hit area around every line still to draw, with a hover preview.

import { s } from '../dom.js';
import { edgeInfo } from './board.js';

export const STEP = 100;
export const MARGIN = 50;

/** @param {number} c @param {number} r @returns {[number, number]} */
export function dotXY(c, r) {
  return [MARGIN + c * STEP, MARGIN + r * STEP];
}

/** @param {number} w @param {number} h */
export function viewBox(w, h) {
  return { w: 2 * MARGIN + w * STEP, h: 2 * MARGIN + h * STEP };
}

/**
 * The icon of a side: a ring for the first, a cross for the second.
 * @param {0 | 1} side
 * @param {number} x
 * @param {number} y
 * @param {number} size  Radius.
 */
export function sideIcon(side, x, y, size) {
  if (side === 0) return s('circle', { class: 'icon icon-0', cx: x, cy: y, r: size * 0.8 });
  const d = size * 0.75;
  return s('path', { class: 'icon icon-1', d: `M${x - d} ${y - d} L${x + d} ${y + d} M${x + d} ${y - d} L${x - d} ${y + d}` });
}

/**
 * @typedef {object} DrawState
 * @property {import('../types.js').DotsView} view
 * @property {import('../types.js').BoardOptions} opts
 * @property {number | null} cursor  The keyboard cursor's edge.
 */

/** @param {DrawState} st */
export function drawKey(st) {
  const v = st.view;
  return [v.size, v.lines.length, v.last?.edge, v.turn, v.outcome?.reason, st.opts.interactive, st.cursor, v.legal.length, st.opts.hint ?? ''].join('|');
}

/** @param {number} w @param {number} h */
export function staticLayer(w, h) {
  const { w: W, h: H } = viewBox(w, h);
  const layer = s('g', { class: 'board-static' });
  layer.append(s('rect', { class: 'paper', x: 2, y: 2, width: W - 4, height: H - 4, rx: 14 }));
  return layer;
}

/**
 * @param {number} w
 * @param {number} h
 * @param {number} e
 */
function segment(w, h, e) {
  const i = edgeInfo(w, h, e);
  const [x1, y1] = dotXY(i.a[0], i.a[1]);
  const [x2, y2] = dotXY(i.b[0], i.b[1]);
  return { i, x1, y1, x2, y2 };
}

/**
 * @param {DrawState} st
 * @returns {SVGElement}
 */
export function dynamicLayer(st) {
  const v = st.view;
  const { w, h } = v;
  const layer = s('g', { class: 'board-dynamic' });

  const justClosed = new Set(v.last?.completed ?? []);
  v.boxes.forEach((owner, b) => {
    if (owner === null) return;
    const r = Math.floor(b / w);
    const c = b % w;
    const [x, y] = dotXY(c, r);
    layer.append(s('g', { class: `box owner-${owner}${justClosed.has(b) ? ' fresh' : ''}`, 'data-box': b, 'data-owner': owner },
      s('rect', { x: x + 6, y: y + 6, width: STEP - 12, height: STEP - 12, rx: 6 }),
      sideIcon(owner, x + STEP / 2, y + STEP / 2, 26)));
  });

  for (const line of v.lines) {
    const { x1, y1, x2, y2 } = segment(w, h, line.edge);
    const last = v.last?.edge === line.edge;
    layer.append(s('line', { class: `drawn side-${line.player}${last ? ' last' : ''}`, 'data-line': line.edge, x1, y1, x2, y2 }));
  }
  if (v.last) {
    // The last line, for both sides alike: a halo under it would hide the dashes that tell the
    // sides apart, so a marker sits on its middle, in its player's shape (ring or cross).
    const { x1, y1, x2, y2 } = segment(w, h, v.last.edge);
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2;
    layer.append(s('g', { class: `last-mark side-${v.last.player}`, 'data-last': v.last.edge },
      s('circle', { cx: mx, cy: my, r: 15 }), sideIcon(v.last.player, mx, my, 9)));
  }

  for (let r = 0; r <= h; r++) {
    for (let c = 0; c <= w; c++) {
      const [x, y] = dotXY(c, r);
      layer.append(s('circle', { class: 'dot', cx: x, cy: y, r: 9 }));
    }
  }

  if (st.opts.interactive && !v.outcome) {
    const hits = s('g', { class: `hits side-${v.turn}` });
    for (const e of v.legal) {
      const { i, x1, y1, x2, y2 } = segment(w, h, e);
      const half = STEP / 2;
      const mx = (x1 + x2) / 2;
      const my = (y1 + y2) / 2;
      const pts = i.horizontal
        ? `${x1},${y1} ${mx},${my - half} ${x2},${y2} ${mx},${my + half}`
        : `${x1},${y1} ${mx + half},${my} ${x2},${y2} ${mx - half},${my}`;
      hits.append(s('g', { class: 'edge-hit', 'data-edge': e },
        s('polygon', { points: pts }),
        s('line', { class: 'preview', x1, y1, x2, y2 })));
    }
    layer.append(hits);
  }

  const hint = st.opts.hint ? Number(st.opts.hint) : NaN;
  if (!v.outcome && v.legal.includes(hint)) {
    const { x1, y1, x2, y2 } = segment(w, h, hint);
    layer.append(s('line', { class: `hint side-${v.turn}`, 'data-hint': hint, x1, y1, x2, y2 }));
  }

  if (st.cursor !== null) {
    const { x1, y1, x2, y2 } = segment(w, h, st.cursor);
    layer.append(s('line', { class: `cursor side-${v.turn}`, x1, y1, x2, y2 }));
  }
  return layer;
}
