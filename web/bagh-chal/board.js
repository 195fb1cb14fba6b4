// Bagh-Chal board geometry, pure (no DOM): the 25-point square of the Musashi Edo board (its
// lines come from musashi/board.js) and the tigers' jumps, listed in the server's order
// (crates/rules/src/bagh_chal/board.rs: points row by row from a1, directions E, NE, N, NW,
// W, SW, S, SE).

import { coords, geometry, pointName } from '../musashi/board.js';

export { coords, pointName };

/** The points in the server's index order: a1 b1 c1 d1 e1 a2 ... e5. */
export const POINTS = Array.from({ length: 25 }, (_, i) => pointName(i % 5, Math.floor(i / 5)));

const INDEX = new Map(POINTS.map((p, i) => [p, i]));

/** @param {string} p */
export const indexOf = (p) => INDEX.get(p) ?? -1;

/** @param {Iterable<string>} points @returns {string[]} In the server's index order. */
export const inOrder = (points) => [...points].sort((a, b) => indexOf(a) - indexOf(b));

const DIRECTIONS = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]];

const lines = geometry('25').neighbours;

/** @param {string} a @param {string} b */
const joined = (a, b) => (lines.get(a) ?? []).includes(b);

/** @param {number} x @param {number} y */
const at = (x, y) => (x >= 0 && x < 5 && y >= 0 && y < 5 ? pointName(x, y) : null);

/** Neighbours of each point, in index order. @type {Map<string, string[]>} */
export const NEIGHBOURS = new Map(POINTS.map((p) => [p, inOrder(lines.get(p) ?? [])]));

/** Jumps from each point, in the server's direction order. @type {Map<string, {over: string, to: string}[]>} */
export const JUMPS = new Map(POINTS.map((p) => {
  const [x, y] = coords(p);
  /** @type {{over: string, to: string}[]} */
  const out = [];
  for (const [dx, dy] of DIRECTIONS) {
    const over = at(x + dx, y + dy);
    const to = at(x + 2 * dx, y + 2 * dy);
    if (over && to && joined(p, over) && joined(over, to)) out.push({ over, to });
  }
  return [p, out];
}));

/** The goat a jump `from`x`to` captures: the point halfway. @param {string} from @param {string} to */
export function between(from, to) {
  const [x1, y1] = coords(from);
  const [x2, y2] = coords(to);
  return pointName((x1 + x2) / 2, (y1 + y2) / 2);
}

/**
 * A position: the tigers' and goats' points, goats in hand and captured, the side to move
 * (0 tigers, 1 goats).
 * @typedef {object} Position
 * @property {Set<string>} tigers
 * @property {Set<string>} goats
 * @property {number} inHand
 * @property {number} captured
 * @property {0 | 1} turn
 */

/** @param {string} text e.g. `a1,a5,e1,e5::20:0:g` @returns {Position} */
export function parsePosition(text) {
  const [tigers, goats, hand, captured, side] = text.split(':');
  const list = (/** @type {string} */ s) => new Set(s ? s.split(',') : []);
  return { tigers: list(tigers), goats: list(goats), inHand: Number(hand), captured: Number(captured), turn: side === 't' ? 0 : 1 };
}

/** The position text, lists by column then row. @param {Position} pos */
export function positionText(pos) {
  const list = (/** @type {Set<string>} */ s) => [...s].sort().join(',');
  return `${list(pos.tigers)}:${list(pos.goats)}:${pos.inHand}:${pos.captured}:${pos.turn === 0 ? 't' : 'g'}`;
}

/** Every move the board allows (repetition aside), in the server's order. @param {Position} pos @returns {string[]} */
export function boardMoves(pos) {
  const empty = (/** @type {string} */ p) => !pos.tigers.has(p) && !pos.goats.has(p);
  const out = [];
  if (pos.turn === 1 && pos.inHand > 0) {
    for (const p of POINTS) if (empty(p)) out.push(p);
  } else if (pos.turn === 1) {
    for (const from of inOrder(pos.goats)) for (const to of NEIGHBOURS.get(from) ?? []) if (empty(to)) out.push(`${from}-${to}`);
  } else {
    for (const from of inOrder(pos.tigers)) {
      for (const to of NEIGHBOURS.get(from) ?? []) if (empty(to)) out.push(`${from}-${to}`);
      for (const j of JUMPS.get(from) ?? []) if (pos.goats.has(j.over) && empty(j.to)) out.push(`${from}x${j.to}`);
    }
  }
  return out;
}

/** Plays a move the board allows (not checked). @param {Position} pos @param {string} move @returns {Position} */
export function play(pos, move) {
  const tigers = new Set(pos.tigers);
  const goats = new Set(pos.goats);
  let { inHand, captured } = pos;
  if (!/[-x]/.test(move)) {
    goats.add(move);
    inHand -= 1;
  } else {
    const jump = move.includes('x');
    const [from, to] = move.split(/[-x]/);
    const mine = tigers.has(from) ? tigers : goats;
    mine.delete(from);
    mine.add(to);
    if (jump) {
      goats.delete(between(from, to));
      captured += 1;
    }
  }
  return { tigers, goats, inHand, captured, turn: pos.turn === 0 ? 1 : 0 };
}

/** The goats some tiger could jump if the tigers moved now. @param {Position} pos @returns {string[]} */
export function endangered(pos) {
  const out = new Set();
  for (const m of boardMoves({ ...pos, turn: 0 })) if (m.includes('x')) out.add(between(...(/** @type {[string, string]} */ (m.split('x')))));
  return inOrder(out);
}
