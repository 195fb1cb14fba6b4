// Setting up a position on the analysis board: the games of `table/musashi.js` and
// `table/dots.js` made from a position instead of the start, and what a tap on the board
// changes. Pure, except `pointAt` / `edgeAt`, which read a click's place on the SVG board.

import { svgPoint } from '../dom.js';
import { edgeCount, edgeInfo } from '../dots/board.js';
import { dotXY } from '../dots/render.js';
import { geometry } from '../musashi/board.js';
import { toXY } from '../musashi/render.js';

/**
 * A Musashi position being set up.
 * @typedef {{board: '33' | '25', parent: string | null, children: Set<string>, turn: 0 | 1, childrenMoves: number}} MusashiSetup
 * A Dots position being set up: the lines drawn and the side to move.
 * @typedef {{drawn: number[], turn: 0 | 1}} DotsSetup
 */

/**
 * The start position of `options` as a set-up.
 * @param {import('../types.js').MusashiOptions} o
 * @returns {MusashiSetup}
 */
export function musashiStart(o) {
  const children = ['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b5', 'c1', 'c5', 'd1', 'd5', 'e1', 'e2', 'e3', 'e4', 'e5'];
  return { board: o.board, parent: 'c3', children: new Set(children), turn: o.first === 'children' ? 1 : 0, childrenMoves: 0 };
}

/** A tap on point `p` while setting up: empty → Child → Parent → empty. @param {MusashiSetup} s @param {string} p */
export function musashiTap(s, p) {
  const children = new Set(s.children);
  let parent = s.parent;
  if (parent === p) parent = null;
  else if (children.has(p)) {
    children.delete(p);
    parent = p;
  } else children.add(p);
  return { ...s, children, parent };
}

/** The position text the server reads (`33:c3:a1,...:p:0`), or null without a Parent. @param {MusashiSetup} s */
export function musashiText(s) {
  if (!s.parent) return null;
  return `${s.board}:${s.parent}:${[...s.children].sort().join(',')}:${s.turn === 0 ? 'p' : 'c'}:${s.childrenMoves}`;
}

/**
 * The client rules' game for a set-up Musashi position: like the server's, its repetition
 * record holds the position when the Parent is to move.
 * @param {import('../types.js').MusashiOptions} o
 * @param {MusashiSetup} s
 */
export function musashiGame(o, s) {
  const parent = s.parent ?? 'c3';
  const pos = { board: s.board, parent, children: new Set([...s.children].filter((c) => c !== parent)), turn: s.turn };
  const key = `${pos.parent}:${[...pos.children].sort().join(',')}`;
  return { options: { ...o, board: s.board }, pos, childrenMoves: s.childrenMoves, record: s.turn === 0 ? [key] : [], history: [], resigned: null };
}

/**
 * A set-up position as the analysis link carries it: Musashi `33:c3:a1,a2:p:0` (the Parent's
 * point empty while it is not placed yet), Dots the lines drawn and the side to move, `0,5,17:1`.
 * @param {'musashi' | 'dots'} game
 * @param {MusashiSetup | DotsSetup} s
 */
export function setupText(game, s) {
  if (game === 'musashi') {
    const m = /** @type {MusashiSetup} */ (s);
    return `${m.board}:${m.parent ?? ''}:${[...m.children].sort().join(',')}:${m.turn === 0 ? 'p' : 'c'}:${m.childrenMoves}`;
  }
  const d = /** @type {DotsSetup} */ (s);
  return `${d.drawn.join(',')}:${d.turn}`;
}

/**
 * The set-up position of an analysis link (`setupText`), or null when the text is not one
 * of `options`' board.
 * @param {Record<string, any>} options
 * @param {string} text
 * @returns {MusashiSetup | DotsSetup | null}
 */
export function readSetup(options, text) {
  const parts = text.split(':');
  if (options.game === 'musashi') {
    if (parts.length !== 5) return null;
    const [board, parent, children, turn, moves] = parts;
    if (board !== '33' && board !== '25') return null;
    const points = new Set(geometry(board).points);
    const kids = children ? children.split(',') : [];
    if ((parent && !points.has(parent)) || kids.some((c) => !points.has(c) || c === parent)) return null;
    if (turn !== 'p' && turn !== 'c') return null;
    const n = Number(moves);
    if (!Number.isInteger(n) || n < 0 || n > 999) return null;
    return { board, parent: parent || null, children: new Set(kids), turn: turn === 'p' ? 0 : 1, childrenMoves: n };
  }
  if (parts.length !== 2 || (parts[1] !== '0' && parts[1] !== '1')) return null;
  const [w, h] = String(options.size).toLowerCase().split('x').map(Number);
  const drawn = parts[0] ? parts[0].split(',').map(Number) : [];
  if (drawn.some((e) => !Number.isInteger(e) || e < 0 || e >= edgeCount(w, h)) || new Set(drawn).size !== drawn.length) return null;
  return { drawn: drawn.sort((a, b) => a - b), turn: parts[1] === '0' ? 0 : 1 };
}

/** A tap on line `e` while setting up: drawn ↔ not. @param {DotsSetup} s @param {number} e @returns {DotsSetup} */
export function dotsTap(s, e) {
  return { ...s, drawn: s.drawn.includes(e) ? s.drawn.filter((x) => x !== e) : [...s.drawn, e].sort((a, b) => a - b) };
}

/**
 * The client rules' game for a set-up Dots position: the lines drawn by nobody in particular
 * (shown in the first player's colour), boxes they close owned by no one.
 * @param {import('../types.js').DotsOptions} o
 * @param {DotsSetup} s
 */
export function dotsGame(o, s) {
  const [w, h] = o.size.toLowerCase().split('x').map(Number);
  /** @type {Map<number, 0 | 1>} */
  const drawn = new Map(s.drawn.map((e) => [e, 0]));
  /** @type {(0 | 1 | null)[]} */
  const boxes = Array(w * h).fill(null);
  const history = s.drawn.map((edge) => ({ edge, player: /** @type {0 | 1} */ (0), completed: /** @type {number[]} */ ([]) }));
  return { options: o, st: { w, h, drawn, boxes, turn: s.turn }, history, resigned: null };
}

/**
 * The Musashi point nearest a click on the board's SVG, if it is close to one.
 * @param {SVGSVGElement} svg
 * @param {MouseEvent} e
 * @param {'33' | '25'} board
 */
export function pointAt(svg, e, board) {
  const at = svgPoint(svg, e);
  if (!at) return null;
  let best = null;
  let dist = Infinity;
  for (const p of geometry(board).points) {
    const [x, y] = toXY(p);
    const d = Math.hypot(x - at.x, y - at.y);
    if (d < dist) [best, dist] = [p, d];
  }
  return dist < 50 ? best : null;
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
