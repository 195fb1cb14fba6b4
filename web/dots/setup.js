// Setting up a Dots position on the analysis board: the game of `table/dots.js` made from the
// lines drawn instead of the start, what a tap on the board changes, and the set-up's text in
// the analysis link. Pure, except `edgeAt`, which reads a click's place on the SVG board.

import { svgPoint } from '../dom.js';
import { edgeCount, edgeInfo } from './board.js';
import { dotXY } from './render.js';

/**
 * A Dots position being set up: the lines drawn and the side to move.
 * @typedef {{drawn: number[], turn: 0 | 1}} DotsSetup
 */

/** A tap on line `e` while setting up: drawn ↔ not. @param {DotsSetup} s @param {number} e @returns {DotsSetup} */
export function setupTap(s, e) {
  return { ...s, drawn: s.drawn.includes(e) ? s.drawn.filter((x) => x !== e) : [...s.drawn, e].sort((a, b) => a - b) };
}

/** The set-up as the analysis link carries it: the lines drawn and the side to move, `0,5,17:1`. @param {DotsSetup} d */
export function setupText(d) {
  return `${d.drawn.join(',')}:${d.turn}`;
}

/**
 * The set-up position of an analysis link (`setupText`), or null when the text is not one of
 * `options`' board.
 * @param {Record<string, any>} options
 * @param {string} text
 * @returns {DotsSetup | null}
 */
export function readSetup(options, text) {
  const parts = text.split(':');
  if (parts.length !== 2 || (parts[1] !== '0' && parts[1] !== '1')) return null;
  const [w, h] = String(options.size).toLowerCase().split('x').map(Number);
  const drawn = parts[0] ? parts[0].split(',').map(Number) : [];
  if (drawn.some((e) => !Number.isInteger(e) || e < 0 || e >= edgeCount(w, h)) || new Set(drawn).size !== drawn.length) return null;
  return { drawn: drawn.sort((a, b) => a - b), turn: parts[1] === '0' ? 0 : 1 };
}

/**
 * The client rules' game for a set-up Dots position: the lines drawn by nobody in particular
 * (shown in the first player's colour), boxes they close owned by no one.
 * @param {import('../types.js').DotsOptions} o
 * @param {DotsSetup} s
 */
export function setupGame(o, s) {
  const [w, h] = o.size.toLowerCase().split('x').map(Number);
  /** @type {Map<number, 0 | 1>} */
  const drawn = new Map(s.drawn.map((e) => [e, 0]));
  /** @type {(0 | 1 | null)[]} */
  const boxes = Array(w * h).fill(null);
  const history = s.drawn.map((edge) => ({ edge, player: /** @type {0 | 1} */ (0), completed: /** @type {number[]} */ ([]) }));
  return { options: o, st: { w, h, drawn, boxes, turn: s.turn }, history, resigned: null };
}

/**
 * The Dots line nearest a click on the board's SVG.
 * @param {SVGSVGElement} svg
 * @param {MouseEvent} e
 * @param {number} w
 * @param {number} h
 */
export function edgeAt(svg, e, w, h) {
  const at = svgPoint(svg, e);
  if (!at) return null;
  let best = null;
  let dist = Infinity;
  for (let i = 0; i < edgeCount(w, h); i++) {
    const info = edgeInfo(w, h, i);
    const [x1, y1] = dotXY(info.a[0], info.a[1]);
    const [x2, y2] = dotXY(info.b[0], info.b[1]);
    const d = Math.hypot((x1 + x2) / 2 - at.x, (y1 + y2) / 2 - at.y);
    if (d < dist) [best, dist] = [i, d];
  }
  return best;
}
