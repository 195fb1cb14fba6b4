// Juroku Musashi board geometry and rules, pure (no DOM): the points and lines of the 33-point
// board (square a1..e5 plus the Setchin f2 f3 f4 g1..g5) and the 25-point Edo square, the
// moves and the Parent's pair captures. The server judges games and the lesson; this module
// helps draw them.

/** @typedef {'33' | '25'} BoardKind */

/** The Setchin's 16 lines (e2 and e4 do not touch it). */
const SETCHIN_LINES = [
  ['e3', 'f2'], ['e3', 'f3'], ['e3', 'f4'], ['f2', 'f3'], ['f3', 'f4'], ['f3', 'g3'],
  ['f2', 'g1'], ['f2', 'g2'], ['f2', 'g3'], ['f4', 'g3'], ['f4', 'g4'], ['f4', 'g5'],
  ['g1', 'g2'], ['g2', 'g3'], ['g3', 'g4'], ['g4', 'g5'],
];

const SETCHIN_POINTS = ['f2', 'f3', 'f4', 'g1', 'g2', 'g3', 'g4', 'g5'];

/**
 * @param {number} x
 * @param {number} y
 */
export function pointName(x, y) {
  return String.fromCharCode(97 + x) + String(y + 1);
}

/** @param {string} p @returns {[number, number]} */
export function coords(p) {
  return [p.charCodeAt(0) - 97, p.charCodeAt(1) - 49];
}

/** @returns {[string, string][]} */
function squareLines() {
  /** @type {[string, string][]} */
  const out = [];
  for (let y = 0; y < 5; y++) {
    for (let x = 0; x < 5; x++) {
      const even = (x + y) % 2 === 0;
      /** @type {[number, number, boolean][]} */
      const steps = [[1, 0, true], [0, 1, true], [1, 1, even], [-1, 1, even]];
      for (const [dx, dy, ok] of steps) {
        const qx = x + dx;
        const qy = y + dy;
        if (ok && qx >= 0 && qx < 5 && qy < 5) out.push([pointName(x, y), pointName(qx, qy)]);
      }
    }
  }
  return out;
}

/**
 * @typedef {object} Geometry
 * @property {BoardKind} kind
 * @property {string[]} points
 * @property {[string, string][]} lines
 * @property {Map<string, string[]>} neighbours
 * @property {Map<string, [string, string][]>} pairs  For each point, the straight lines through it (q, r with q - p = p - r).
 * @property {number} width  Columns (7 or 5).
 */

/** @type {Map<BoardKind, Geometry>} */
const cache = new Map();

/** @param {BoardKind} kind @returns {Geometry} */
export function geometry(kind) {
  const have = cache.get(kind);
  if (have) return have;
  const points = [];
  for (let y = 0; y < 5; y++) for (let x = 0; x < 5; x++) points.push(pointName(x, y));
  /** @type {[string, string][]} */
  const lines = squareLines();
  if (kind === '33') {
    points.push(...SETCHIN_POINTS);
    lines.push(.../** @type {[string, string][]} */ (SETCHIN_LINES));
  }
  /** @type {Map<string, string[]>} */
  const neighbours = new Map(points.map((p) => [p, []]));
  for (const [a, b] of lines) {
    neighbours.get(a)?.push(b);
    neighbours.get(b)?.push(a);
  }
  /** @type {Map<string, [string, string][]>} */
  const pairs = new Map();
  for (const p of points) {
    const [px, py] = coords(p);
    const ns = neighbours.get(p) ?? [];
    /** @type {[string, string][]} */
    const list = [];
    for (const q of ns) {
      const [qx, qy] = coords(q);
      const r = pointName(2 * px - qx, 2 * py - qy);
      if (q < r && ns.includes(r)) list.push([q, r]);
    }
    pairs.set(p, list);
  }
  const g = { kind, points, lines, neighbours, pairs, width: kind === '33' ? 7 : 5 };
  cache.set(kind, g);
  return g;
}

/**
 * A position: the Parent's point, the Children's points, the side to move (0 Parent, 1 Children).
 * @typedef {object} Position
 * @property {BoardKind} board
 * @property {string} parent
 * @property {Set<string>} children
 * @property {0 | 1} turn
 */

/** @param {string} text e.g. `33:c3:a1,a2:p:0` @returns {Position} */
export function parsePosition(text) {
  const [board, parent, kids, turn] = text.split(':');
  return {
    board: board === '25' ? '25' : '33',
    parent,
    children: new Set(kids ? kids.split(',') : []),
    turn: turn === 'c' ? 1 : 0,
  };
}

/** @param {Position} pos @returns {string[]} Legal moves as `from-to` (repetition not checked). */
export function legalMoves(pos) {
  const g = geometry(pos.board);
  const empty = (/** @type {string} */ p) => p !== pos.parent && !pos.children.has(p);
  const out = [];
  const movers = pos.turn === 0 ? [pos.parent] : [...pos.children].sort();
  for (const from of movers) {
    for (const to of g.neighbours.get(from) ?? []) if (empty(to)) out.push(`${from}-${to}`);
  }
  return out;
}

/**
 * The Children the Parent would take by arriving at `p` (with `children` on the board).
 * @param {BoardKind} board
 * @param {string} p
 * @param {Set<string>} children
 * @returns {string[]}
 */
export function capturesAt(board, p, children) {
  const out = [];
  for (const [q, r] of geometry(board).pairs.get(p) ?? []) {
    if (children.has(q) && children.has(r)) out.push(q, r);
  }
  return out;
}

/**
 * Plays a move (assumed legal). Returns the new position and the Children taken.
 * @param {Position} pos
 * @param {string} move
 * @returns {{pos: Position, taken: string[]}}
 */
export function play(pos, move) {
  const [from, to] = move.split('-');
  const children = new Set(pos.children);
  let parent = pos.parent;
  /** @type {string[]} */
  let taken = [];
  if (pos.turn === 0) {
    parent = to;
    taken = capturesAt(pos.board, to, children);
    for (const c of taken) children.delete(c);
  } else {
    children.delete(from);
    children.add(to);
  }
  return { pos: { board: pos.board, parent, children, turn: pos.turn === 0 ? 1 : 0 }, taken };
}

/** Whether the Parent has no empty neighbour. @param {Position} pos */
export function trapped(pos) {
  const ns = geometry(pos.board).neighbours.get(pos.parent) ?? [];
  return ns.every((n) => pos.children.has(n));
}

/**
 * The Children the Parent could take next move, and the points where it would take them.
 * @param {Position} pos
 * @returns {{endangered: string[], capturePoints: {point: string, takes: number}[]}}
 */
export function danger(pos) {
  const g = geometry(pos.board);
  const endangered = new Set();
  const capturePoints = [];
  for (const to of g.neighbours.get(pos.parent) ?? []) {
    if (to === pos.parent || pos.children.has(to)) continue;
    const t = capturesAt(pos.board, to, pos.children);
    if (t.length) {
      capturePoints.push({ point: to, takes: t.length });
      for (const c of t) endangered.add(c);
    }
  }
  return { endangered: [...endangered].sort(), capturePoints };
}
