// Setting up a Musashi position on the analysis board: the game of `table/musashi.js` made from
// a position instead of the start, what a tap on the board changes, and the set-up's text in
// the analysis link. Pure, except `pointAt`, which reads a click's place on the SVG board, and
// `setupFields`, which makes the "moves made" field.

import { h, svgPoint } from '../dom.js';
import { geometry } from './board.js';
import { toXY } from './render.js';

/**
 * A Musashi position being set up.
 * @typedef {{board: '33' | '25', parent: string | null, children: Set<string>, turn: 0 | 1, childrenMoves: number}} MusashiSetup
 */

/**
 * The start position of `options` as a set-up.
 * @param {import('../types.js').MusashiOptions} o
 * @returns {MusashiSetup}
 */
export function setupStart(o) {
  const children = ['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b5', 'c1', 'c5', 'd1', 'd5', 'e1', 'e2', 'e3', 'e4', 'e5'];
  return { board: o.board, parent: 'c3', children: new Set(children), turn: o.first === 'children' ? 1 : 0, childrenMoves: 0 };
}

/** A tap on point `p` while setting up: empty → Child → Parent → empty. @param {MusashiSetup} s @param {string} p */
export function setupTap(s, p) {
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
export function positionOf(s) {
  if (!s.parent) return null;
  return `${s.board}:${s.parent}:${[...s.children].sort().join(',')}:${s.turn === 0 ? 'p' : 'c'}:${s.childrenMoves}`;
}

/**
 * The client rules' game for a set-up Musashi position: like the server's, its repetition
 * record holds the position when the Parent is to move.
 * @param {import('../types.js').MusashiOptions} o
 * @param {MusashiSetup} s
 */
export function setupGame(o, s) {
  const parent = s.parent ?? 'c3';
  const pos = { board: s.board, parent, children: new Set([...s.children].filter((c) => c !== parent)), turn: s.turn };
  const key = `${pos.parent}:${[...pos.children].sort().join(',')}`;
  return { options: { ...o, board: s.board }, pos, childrenMoves: s.childrenMoves, record: s.turn === 0 ? [key] : [], history: [], resigned: null };
}

/**
 * A set-up position as the analysis link carries it: `33:c3:a1,a2:p:0`, the Parent's point
 * empty while it is not placed yet.
 * @param {MusashiSetup} m
 */
export function setupText(m) {
  return `${m.board}:${m.parent ?? ''}:${[...m.children].sort().join(',')}:${m.turn === 0 ? 'p' : 'c'}:${m.childrenMoves}`;
}

/**
 * The set-up position of an analysis link (`setupText`), or null when the text is not one.
 * @param {string} text
 * @returns {MusashiSetup | null}
 */
export function readSetup(text) {
  const parts = text.split(':');
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
 * The field for the Children's moves made so far (they count toward the move limit).
 * @param {import('../types.js').Translate} t
 * @param {MusashiSetup | null} base
 * @param {import('../types.js').MusashiOptions} options
 * @param {(base: MusashiSetup) => void} change
 */
export function setupFields(t, base, options, change) {
  const input = /** @type {HTMLInputElement} */ (h('input', { type: 'number', min: 0, max: 999, value: base ? base.childrenMoves : 0, id: 'setup-moves' }));
  input.addEventListener('change', () => {
    change({ ...(base ?? setupStart(options)), childrenMoves: Math.max(0, Math.min(999, Number(input.value) || 0)) });
  });
  return [h('label', { class: 'inline' }, t('musashi-review-moves-made'), ' ', input)];
}
