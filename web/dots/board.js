// Dots and Boxes geometry and rules, pure (no DOM). Edge numbering as in the protocol:
// horizontal edge (row r = 0..H from the top, column c = 0..W-1) is r*W + c; vertical edge
// (row r = 0..H-1, column c = 0..W) is (H+1)*W + r*(W+1) + c. Box (r, c) is r*W + c.

/**
 * @typedef {object} EdgeInfo
 * @property {boolean} horizontal
 * @property {number} r
 * @property {number} c
 * @property {[number, number]} a  First dot (column, row).
 * @property {[number, number]} b  Second dot.
 */

/** @param {number} w @param {number} h */
export function edgeCount(w, h) {
  return (h + 1) * w + h * (w + 1);
}

/**
 * A line in words ("Line across, row 1, from dot 2"): what the keyboard cursor says, and
 * what a screen reader hears of a line just drawn.
 * @param {import('../types.js').Translate} t
 * @param {number} w
 * @param {number} h
 * @param {number} e
 */
export function lineText(t, w, h, e) {
  const i = edgeInfo(w, h, e);
  return t(i.horizontal ? 'dots-edge-h' : 'dots-edge-v', { row: i.r + 1, col: i.c + 1 });
}

/**
 * @param {number} w
 * @param {number} h
 * @param {number} e
 * @returns {EdgeInfo}
 */
export function edgeInfo(w, h, e) {
  const nh = (h + 1) * w;
  if (e < nh) {
    const r = Math.floor(e / w);
    const c = e % w;
    return { horizontal: true, r, c, a: [c, r], b: [c + 1, r] };
  }
  const k = e - nh;
  const r = Math.floor(k / (w + 1));
  const c = k % (w + 1);
  return { horizontal: false, r, c, a: [c, r], b: [c, r + 1] };
}

/**
 * A line as records and the replay write it (docs/notation.md): its two dots, each a column
 * letter from the left and a row number from the top, the left or upper dot first: `b2-c2`.
 * The twin of `rules::dots::notation::line_name`.
 * @param {number} w @param {number} h @param {number} e
 */
export function lineName(w, h, e) {
  const { a, b } = edgeInfo(w, h, e);
  /** @param {number[]} d */
  const dot = ([c, r]) => `${String.fromCharCode(97 + c)}${r + 1}`;
  return `${dot(a)}-${dot(b)}`;
}

/** The four edges of box b. @param {number} w @param {number} h @param {number} b */
export function boxEdges(w, h, b) {
  const r = Math.floor(b / w);
  const c = b % w;
  const v = (h + 1) * w + r * (w + 1) + c;
  return [r * w + c, (r + 1) * w + c, v, v + 1];
}

/** The boxes beside edge e. @param {number} w @param {number} h @param {number} e */
export function edgeBoxes(w, h, e) {
  const i = edgeInfo(w, h, e);
  const out = [];
  if (i.horizontal) {
    if (i.r > 0) out.push((i.r - 1) * w + i.c);
    if (i.r < h) out.push(i.r * w + i.c);
  } else {
    if (i.c > 0) out.push(i.r * w + i.c - 1);
    if (i.c < w) out.push(i.r * w + i.c);
  }
  return out;
}

/**
 * A local game for the lesson: drawn edges, box owners, side to move.
 * @typedef {object} DotsState
 * @property {number} w
 * @property {number} h
 * @property {Map<number, 0 | 1>} drawn
 * @property {(0 | 1 | null)[]} boxes
 * @property {0 | 1} turn
 */

/**
 * Draws edge e (assumed undrawn) for the side to move.
 * @param {DotsState} st
 * @param {number} e
 * @returns {{state: DotsState, completed: number[]}}
 */
export function drawEdge(st, e) {
  const drawn = new Map(st.drawn);
  drawn.set(e, st.turn);
  const boxes = st.boxes.slice();
  const completed = [];
  for (const b of edgeBoxes(st.w, st.h, e)) {
    if (boxEdges(st.w, st.h, b).every((x) => drawn.has(x))) {
      boxes[b] = st.turn;
      completed.push(b);
    }
  }
  const turn = completed.length ? st.turn : st.turn === 0 ? 1 : 0;
  return { state: { w: st.w, h: st.h, drawn, boxes, turn }, completed };
}

/** How many sides of box b are drawn. @param {DotsState} st @param {number} b */
export function sides(st, b) {
  return boxEdges(st.w, st.h, b).filter((x) => st.drawn.has(x)).length;
}

/**
 * The view the board draws, built from a local state.
 * @param {DotsState} st
 * @param {import('../types.js').DotsLine | null} last
 * @returns {import('../types.js').DotsView}
 */
export function viewOf(st, last) {
  const lines = [...st.drawn].map(([edge, player]) => ({ edge, player, completed: [] }));
  const scores = /** @type {[number, number]} */ ([0, 1].map((s) => st.boxes.filter((o) => o === s).length));
  const legal = [];
  for (let e = 0; e < edgeCount(st.w, st.h); e++) if (!st.drawn.has(e)) legal.push(e);
  return {
    game: 'dots', size: `${st.w}x${st.h}`, w: st.w, h: st.h, lines, boxes: st.boxes, scores, turn: st.turn, legal,
    last, extraTurn: !!last && last.completed.length > 0, outcome: null,
  };
}

/**
 * What drawing edge `e` does in `view`, for the keyboard cursor's words: boxes it closes and
 * boxes it gives their third side (a screen reader sees no board to count sides on).
 * @param {import('../types.js').DotsView} view @param {number} e
 */
export function lineEffect(view, e) {
  const drawn = new Set(view.lines.map((l) => l.edge));
  let closes = 0;
  let offers = 0;
  for (const b of edgeBoxes(view.w, view.h, e)) {
    const n = boxEdges(view.w, view.h, b).filter((x) => x !== e && drawn.has(x)).length;
    if (n === 3) closes++;
    else if (n === 2) offers++;
  }
  return { closes, offers };
}
