// A game of Dots and Boxes as the table reducer keeps it: the drawn lines (from dots/board.js),
// the history with the boxes each line completed and a resignation, and the view built from
// them exactly as the server builds its `DotsView` (crates/wire/src/view.rs). Pure: every
// function returns a new game and leaves its argument alone.

import { drawEdge, edgeCount } from '../dots/board.js';

/** @typedef {import('../types.js').DotsOptions} Options */
/** @typedef {import('../types.js').DotsView} DotsView */
/** @typedef {import('../types.js').DotsLine} DotsLine */
/** @typedef {import('../types.js').Finished} Finished */
/** @typedef {import('../types.js').Side} Side */

/**
 * @typedef {object} Game
 * @property {Options} options
 * @property {import('../dots/board.js').DotsState} st
 * @property {DotsLine[]} history
 * @property {Side | null} resigned
 */

/** A move the rules refuse (the reducer turns it into a mismatch). @param {string} text @returns {never} */
function refuse(text) {
  throw new Error(text);
}

/** @param {Options} options @returns {Game} */
export function newGame(options) {
  const [w, h] = options.size.toLowerCase().split('x').map(Number);
  return { options, st: { w, h, drawn: new Map(), boxes: Array(w * h).fill(null), turn: 0 }, history: [], resigned: null };
}

/** @param {Game} g */
const scores = (g) => /** @type {[number, number]} */ ([0, 1].map((s) => g.st.boxes.filter((o) => o === s).length));

/** @param {Game} g @returns {Finished | null} */
export function outcome(g) {
  if (g.resigned !== null) return { winner: g.resigned === 0 ? 1 : 0, reason: 'resignation' };
  if (g.st.drawn.size < edgeCount(g.st.w, g.st.h)) return null;
  const [a, b] = scores(g);
  return { winner: a === b ? null : a > b ? 0 : 1, reason: 'boxes' };
}

/** Undrawn edges in number order; none once the game is over. @param {Game} g @returns {number[]} */
export function legalMoves(g) {
  if (outcome(g)) return [];
  const out = [];
  for (let e = 0; e < edgeCount(g.st.w, g.st.h); e++) if (!g.st.drawn.has(e)) out.push(e);
  return out;
}

/**
 * Draws edge `text` for `side`; throws when it is not a legal move.
 * @param {Game} g
 * @param {Side} side
 * @param {string} text
 * @returns {{game: Game, move: string}}
 */
export function play(g, side, text) {
  const e = /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  if (outcome(g)) refuse('the game is over');
  if (side !== g.st.turn) refuse('it is not your turn');
  if (!(e < edgeCount(g.st.w, g.st.h)) || g.st.drawn.has(e)) refuse(`${text} is not a legal move`);
  const { state, completed } = drawEdge(g.st, e);
  const line = { edge: e, player: side, completed: completed.sort((a, b) => a - b) };
  return { game: { options: g.options, st: state, history: [...g.history, line], resigned: null }, move: String(e) };
}

/** Takes back a resignation, or else the last line. @param {Game} g @returns {Game} */
export function undo(g) {
  if (g.resigned !== null) return { ...g, resigned: null };
  const last = g.history.at(-1);
  if (!last) return g;
  const drawn = new Map(g.st.drawn);
  drawn.delete(last.edge);
  const boxes = g.st.boxes.slice();
  for (const b of last.completed) boxes[b] = null;
  return { options: g.options, st: { ...g.st, drawn, boxes, turn: last.player }, history: g.history.slice(0, -1), resigned: null };
}

/** @param {Game} g @param {Side} side @returns {Game} */
export function resign(g, side) {
  if (outcome(g)) refuse('the game is over');
  return { ...g, resigned: side };
}

/** @param {Game} g @returns {Side} */
export const turn = (g) => g.st.turn;

/** @param {DotsLine} l @returns {DotsLine} */
const copy = (l) => ({ edge: l.edge, player: l.player, completed: [...l.completed] });

/** @param {Game} g @returns {DotsView} */
export function view(g) {
  const { w, h } = g.st;
  const end = outcome(g);
  const last = g.history.at(-1) ?? null;
  return {
    game: 'dots',
    size: `${w}x${h}`,
    w,
    h,
    lines: g.history.map(copy),
    boxes: g.st.boxes.slice(),
    scores: scores(g),
    turn: g.st.turn,
    legal: legalMoves(g),
    last: last && copy(last),
    extraTurn: !!last && last.completed.length > 0 && !end,
    outcome: end,
  };
}
