// A game of Juroku Musashi as the table reducer keeps it: the position (from musashi/board.js),
// the repetition record, the history and a resignation, and the view built from them exactly
// as the server builds its `MusashiView` (crates/wire/src/view.rs), list orders included. Pure:
// every function returns a new game and leaves its argument alone.

import { capturesAt, geometry, legalMoves as boardMoves, play as boardPlay, trapped } from '../musashi/board.js';

/** @typedef {import('../types.js').MusashiOptions} Options */
/** @typedef {import('../types.js').MusashiView} MusashiView */
/** @typedef {import('../types.js').Finished} Finished */
/** @typedef {import('../types.js').Side} Side */

/**
 * @typedef {object} Game
 * @property {Options} options
 * @property {import('../musashi/board.js').Position} pos
 * @property {number} childrenMoves  What the move limit counts.
 * @property {string[]} record  Keys of the positions the repetition rule remembers (Parent to move).
 * @property {{move: string, taken: string[]}[]} history
 * @property {Side | null} resigned
 */

const START_CHILDREN = ['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b5', 'c1', 'c5', 'd1', 'd5', 'e1', 'e2', 'e3', 'e4', 'e5'];

/** @type {Map<string, Map<string, number>>} */
const orders = new Map();

/** The server lists points in index order: the square row by row from a1, then the Setchin. @param {'33' | '25'} board */
function order(board) {
  let o = orders.get(board);
  if (!o) {
    o = new Map(geometry(board).points.map((p, i) => [p, i]));
    orders.set(board, o);
  }
  return o;
}

/** @param {'33' | '25'} board @param {Iterable<string>} points */
function sorted(board, points) {
  const o = order(board);
  return [...points].sort((a, b) => (o.get(a) ?? 0) - (o.get(b) ?? 0));
}

/** The repetition key: Parent point and Children set. @param {Game['pos']} pos */
const key = (pos) => `${pos.parent}:${[...pos.children].sort().join(',')}`;

/** A move the rules refuse (the reducer turns it into a mismatch). @param {string} text @returns {never} */
function refuse(text) {
  throw new Error(text);
}

/** @param {Options} options @returns {Game} */
export function newGame(options) {
  /** @type {Side} */
  const turn = options.first === 'children' ? 1 : 0;
  const pos = { board: options.board, parent: 'c3', children: new Set(START_CHILDREN), turn };
  return { options, pos, childrenMoves: 0, record: turn === 0 ? [key(pos)] : [], history: [], resigned: null };
}

/** @param {Options} o */
const target = (o) => (o.target === 'none' ? null : Number(o.target));
/** @param {Options} o */
const limit = (o) => (o.limit === 'none' ? null : Number(o.limit));

/** The moves the board allows, in the server's order (by point index: mover, then destination). @param {Game} g */
function boardMovesInOrder(g) {
  const o = order(g.pos.board);
  const at = (/** @type {string} */ p) => o.get(p) ?? 0;
  return boardMoves(g.pos).map((m) => m.split('-')).sort((a, b) => at(a[0]) - at(b[0]) || at(a[1]) - at(b[1])).map((m) => m.join('-'));
}

/** Whether a Children move recreates a recorded position. @param {Game} g @param {string} move */
function repeats(g, move) {
  return g.record.includes(key(boardPlay(g.pos, move).pos));
}

/** @param {Game} g @returns {Finished | null} */
export function outcome(g) {
  if (g.resigned !== null) return { winner: g.resigned === 0 ? 1 : 0, reason: 'resignation' };
  const { pos } = g;
  if (pos.turn === 0 && trapped(pos)) return { winner: 1, reason: 'trapped' };
  const t = target(g.options);
  if (t !== null && pos.children.size <= 16 - t) return { winner: 0, reason: 'target-reached' };
  const l = limit(g.options);
  if (l !== null && g.childrenMoves >= l) return { winner: 0, reason: 'move-limit' };
  if (pos.turn === 1 && !boardMoves(pos).some((m) => !repeats(g, m))) return { winner: 0, reason: 'children-no-move' };
  return null;
}

/** @param {Game} g @returns {string[]} */
export function legalMoves(g) {
  if (outcome(g)) return [];
  const all = boardMovesInOrder(g);
  return g.pos.turn === 1 ? all.filter((m) => !repeats(g, m)) : all;
}

/**
 * Plays `text` for `side`; throws when it is not a legal move.
 * @param {Game} g
 * @param {Side} side
 * @param {string} text
 * @returns {{game: Game, move: string}}
 */
export function play(g, side, text) {
  const parts = text.split('-');
  const move = parts.length === 2 ? `${parts[0].trim()}-${parts[1].trim()}` : text;
  if (outcome(g)) refuse('the game is over');
  if (side !== g.pos.turn) refuse('it is not your turn');
  if (!legalMoves(g).includes(move)) refuse(`${text} is not a legal move`);
  const { pos, taken } = boardPlay(g.pos, move);
  const children = side === 1;
  return {
    game: {
      options: g.options,
      pos,
      childrenMoves: g.childrenMoves + (children ? 1 : 0),
      record: children ? [...g.record, key(pos)] : g.record,
      history: [...g.history, { move, taken: sorted(pos.board, taken) }],
      resigned: null,
    },
    move,
  };
}

/** Takes back a resignation, or else the last move. @param {Game} g @returns {Game} */
export function undo(g) {
  if (g.resigned !== null) return { ...g, resigned: null };
  const last = g.history.at(-1);
  if (!last) return g;
  const [from, to] = last.move.split('-');
  const mover = g.pos.turn === 0 ? 1 : 0;
  const children = new Set(g.pos.children);
  let parent = g.pos.parent;
  if (mover === 0) {
    parent = from;
    for (const c of last.taken) children.add(c);
  } else {
    children.delete(to);
    children.add(from);
  }
  return {
    options: g.options,
    pos: { board: g.pos.board, parent, children, turn: mover },
    childrenMoves: g.childrenMoves - mover,
    record: mover === 1 ? g.record.slice(0, -1) : g.record,
    history: g.history.slice(0, -1),
    resigned: null,
  };
}

/** @param {Game} g @param {Side} side @returns {Game} */
export function resign(g, side) {
  if (outcome(g)) refuse('the game is over');
  return { ...g, resigned: side };
}

/** @param {Game} g @returns {Side} */
export const turn = (g) => g.pos.turn;

/** The position text: board, Parent, Children by column, side to move, Children moves. @param {Game} g */
export function positionText(g) {
  const { pos } = g;
  return `${pos.board}:${pos.parent}:${[...pos.children].sort().join(',')}:${pos.turn === 0 ? 'p' : 'c'}:${g.childrenMoves}`;
}

/** @param {Game} g @returns {MusashiView} */
export function view(g) {
  const { pos } = g;
  const end = outcome(g);
  const board = pos.board;
  const endangered = new Set();
  /** @type {import('../types.js').CapturePoint[]} */
  const capturePoints = [];
  for (const to of sorted(board, geometry(board).neighbours.get(pos.parent) ?? [])) {
    if (pos.children.has(to)) continue;
    const taken = capturesAt(board, to, pos.children);
    for (const c of taken) endangered.add(c);
    if (taken.length) capturePoints.push({ point: to, takes: taken.length });
  }
  const last = g.history.at(-1);
  return {
    game: 'musashi',
    board,
    position: positionText(g),
    parent: pos.parent,
    children: sorted(board, pos.children),
    turn: pos.turn,
    childrenMoves: g.childrenMoves,
    limit: limit(g.options),
    target: target(g.options),
    taken: Math.max(0, 16 - pos.children.size),
    legal: legalMoves(g),
    endangered: end ? [] : sorted(board, endangered),
    capturePoints: pos.turn === 0 && !end ? capturePoints : [],
    last: last ? { move: last.move, taken: [...last.taken] } : null,
    outcome: end,
  };
}
