// Writes the rules pages' diagrams (web/diagrams/*.svg) with the play board's own drawing code:
// web/musashi/render.js and web/dots/render.js run here against a tiny DOM shim, and the SVG
// they build is serialised as it stands. `node scripts/diagrams.mjs` rewrites the files;
// `node scripts/diagrams.mjs --check` (and e2e/diagrams.test.js) fails if they differ from the
// committed ones, so a diagram can never drift from the board people play on.
//
// The files carry the board's class names (`musashi-board`, `dots-board`, `wood`, `piece` ...)
// and no styles of their own: the rules page inlines them into its HTML, where web/style.css
// colours them exactly as it colours the play board. Copying the CSS into each file would be a
// second copy to keep in step; an <img> could not see the page's stylesheet.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT = join(root, 'web', 'diagrams');

// ---- the shim: just what web/dom.js `s()` and the render modules use ----

class Node {
  /** @param {string} tag */
  constructor(tag) {
    this.tag = tag;
    /** @type {Map<string, string>} */
    this.attrs = new Map();
    /** @type {(Node | string)[]} */
    this.children = [];
  }
  /** @param {string} k @param {string} v */
  setAttribute(k, v) { this.attrs.set(k, String(v)); }
  /** @param {...(Node | string)} cs */
  append(...cs) { this.children.push(...cs); }
  addEventListener() { throw new Error('diagrams take no listeners'); }
}

/** @param {string} s */
const escText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** @param {string} s */
const escAttr = (s) => escText(s).replace(/"/g, '&quot;');

/** @param {Node | string} n @returns {string} */
function serialise(n) {
  if (typeof n === 'string') return escText(n);
  const attrs = [...n.attrs].map(([k, v]) => ` ${k}="${escAttr(v)}"`).join('');
  if (!n.children.length) return `<${n.tag}${attrs}/>`;
  // Elements holding only elements go one per line, which keeps diffs readable.
  const sep = n.children.every((c) => typeof c !== 'string') ? '\n' : '';
  return `<${n.tag}${attrs}>${sep}${n.children.map(serialise).join(sep)}${sep}</${n.tag}>`;
}

globalThis.document = /** @type {any} */ ({
  /** @param {string} _ns @param {string} tag */
  createElementNS: (_ns, tag) => new Node(tag),
  createElement: () => { throw new Error('diagrams are SVG only'); },
});

const dom = await import('../web/dom.js');
const mr = await import('../web/musashi/render.js');
const mb = await import('../web/musashi/board.js');
const dr = await import('../web/dots/render.js');
const db = await import('../web/dots/board.js');
const br = await import('../web/bagh-chal/render.js');
const bt = await import('../web/table/bagh-chal.js');

/** @param {string} cls @param {{w: number, h: number}} box @param {...any} layers */
function svg(cls, box, ...layers) {
  return dom.s('svg', {
    xmlns: 'http://www.w3.org/2000/svg', class: cls, viewBox: `0 0 ${box.w} ${box.h}`,
    width: box.w, height: box.h, 'aria-hidden': 'true', focusable: 'false',
  }, ...layers);
}

// ---- Juroku Musashi ----

const START_CHILDREN = ['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b5', 'c1', 'c5', 'd1', 'd5', 'e1', 'e2', 'e3', 'e4', 'e5'];

/**
 * A board view for the render code, from a position.
 * @param {string} parent @param {string[]} children @param {0 | 1} turn
 * @param {{move: string, taken: string[]} | null} last
 */
function musashiView(parent, children, turn, last) {
  const pos = { board: /** @type {'33'} */ ('33'), parent, children: new Set(children), turn };
  const d = mb.danger(pos);
  return {
    game: 'musashi', board: '33', position: '', parent, children, turn, childrenMoves: 0, limit: 100, target: 10,
    taken: 16 - children.length, legal: [], endangered: d.endangered, capturePoints: d.capturePoints, last, outcome: null,
  };
}

/** @param {any} view @param {boolean} showDanger @param {boolean} setchin */
function musashiSvg(view, showDanger, setchin) {
  const layer = mr.staticLayer('33');
  if (setchin) {
    // The Setchin shaded under its lines: the triangle e3-g1-g5.
    const pts = ['e3', 'g1', 'g5'].map((p) => mr.toXY(p).join(',')).join(' ');
    const zone = dom.s('polygon', { class: 'setchin-zone', points: pts });
    layer.children.splice(1, 0, zone);
  }
  const st = { view, opts: { mySide: null, interactive: false, showDanger }, selected: null, targets: [], cursor: null, drag: null };
  return svg('musashi-board', mr.viewBox('33'), layer, mr.dynamicLayer(/** @type {any} */ (st)));
}

// The capture example: the Parent on c4 steps to c3, between b3 and d3 and between b2 and d4.
const CAPTURE_BEFORE = ['a1', 'c1', 'e1', 'b2', 'c2', 'd2', 'b3', 'd3', 'e3', 'd4', 'a5', 'c5', 'e5'];
const capture = mb.play({ board: '33', parent: 'c4', children: new Set(CAPTURE_BEFORE), turn: 0 }, 'c4-c3');

// ---- Bagh-Chal ----

/** The view of a Bagh-Chal game after `moves` from the start (the client rules, as played). @param {string[]} moves */
function baghChalView(moves) {
  let g = bt.newGame({ game: 'bagh-chal', first: 'goats', target: '5', repetition: 'forbidden', swapRoles: true });
  for (const m of moves) g = bt.play(g, bt.turn(g), m).game;
  return bt.view(g);
}

/** @param {any} view @param {boolean} showDanger */
function baghChalSvg(view, showDanger) {
  const st = { view, opts: { mySide: null, interactive: false, showDanger }, selected: null, targets: [], cursor: null };
  return svg('bagh-chal-board', br.viewBox(), br.staticLayer(), br.dynamicLayer(/** @type {any} */ (st)));
}

// The jump: goats on b2, d3 and c4; the tiger on a1 jumps b2 to the empty c3 and captures it.
const JUMP = ['b2', 'a1-a2', 'd3', 'a2-a1', 'c4', 'a1xc3'];

// ---- Dots and Boxes ----

/**
 * A 5×4 game in the middle: the second row is a corridor of four boxes, closed on the left.
 * The last line (the left end) gave its first box a third side, so the next player can take all
 * four one after another: a chain.
 */
function dotsChain() {
  const w = 5;
  const h = 4;
  /** @type {[number, 0 | 1][]} */
  const moves = [
    [5, 0], [10, 1], [6, 0], [11, 1], [7, 0], [12, 1], [8, 0], [13, 1], // the corridor's sides
    [0, 0], [27, 1], [30, 0], // the top row, open
    [20, 0], [22, 1], [24, 0], [43, 1], [46, 0], // the bottom rows
    [19, 1], [47, 0], [48, 1], // a box taken in the corner
    [31, 0], // the last line: the corridor's left end
  ];
  /** @type {import('../web/dots/board.js').DotsState} */
  let st = { w, h, drawn: new Map(), boxes: Array(w * h).fill(null), turn: 0 };
  /** @type {import('../web/types.js').DotsLine | null} */
  let last = null;
  for (const [e, side] of moves) {
    st = { ...st, turn: side };
    const r = db.drawEdge(st, e);
    st = r.state;
    last = { edge: e, player: side, completed: r.completed };
  }
  const view = db.viewOf(st, last);
  // The colours of the lines as drawn, and no hit areas (not interactive).
  view.lines = [...st.drawn].map(([edge, player]) => ({ edge, player, completed: [] }));
  const sides = st.boxes.map((_, b) => db.sides(st, b));
  return { w, h, view, sides, boxes: st.boxes };
}

const chain = dotsChain();

/**
 * The home page's card: 3×3 boxes a few lines in, the first box just taken by the second
 * player (who then drew once more).
 */
function dotsHome() {
  const w = 3;
  const h = 3;
  /** @type {[number, 0 | 1][]} */
  const moves = [[0, 0], [12, 1], [3, 0], [13, 1], [7, 1], [19, 0]];
  /** @type {import('../web/dots/board.js').DotsState} */
  let st = { w, h, drawn: new Map(), boxes: Array(w * h).fill(null), turn: 0 };
  for (const [e, side] of moves) st = db.drawEdge({ ...st, turn: side }, e).state;
  const view = db.viewOf(st, null);
  view.lines = [...st.drawn].map(([edge, player]) => ({ edge, player, completed: [] }));
  return { w, h, view, boxes: st.boxes };
}

const home = dotsHome();

/** The diagrams: file name and SVG text. */
export function diagrams() {
  const dotsLayer = dr.dynamicLayer(/** @type {any} */ ({ view: chain.view, opts: { mySide: null, interactive: false, showDanger: false }, cursor: null }));
  // Mark the chain: the four boxes of the second row tinted, under the lines.
  const [x, y] = dr.dotXY(0, 1);
  const mark = dom.s('rect', { class: 'chain-mark', x: x + 12, y: y + 12, width: 4 * dr.STEP - 24, height: dr.STEP - 24, rx: 8 });
  return {
    'musashi-start.svg': musashiSvg(musashiView('c3', START_CHILDREN, 0, null), false, true),
    'musashi-capture-before.svg': musashiSvg(musashiView('c4', CAPTURE_BEFORE, 0, null), true, false),
    'musashi-capture-after.svg': musashiSvg(
      musashiView(capture.pos.parent, [...capture.pos.children].sort(), 1, { move: 'c4-c3', taken: capture.taken }), false, false),
    'bagh-chal-start.svg': baghChalSvg(baghChalView([]), false),
    'bagh-chal-jump.svg': baghChalSvg(baghChalView(JUMP), false),
    'dots-chain.svg': svg('dots-board', dr.viewBox(chain.w, chain.h), dr.staticLayer(chain.w, chain.h), mark, dotsLayer),
    'dots-home.svg': svg('dots-board', dr.viewBox(home.w, home.h), dr.staticLayer(home.w, home.h),
      dr.dynamicLayer(/** @type {any} */ ({ view: home.view, opts: { mySide: null, interactive: false, showDanger: false }, cursor: null }))),
  };
}

/** The facts the pictures rely on, checked each time they are drawn. */
export function facts() {
  return {
    captureTakes: [...capture.taken].sort(),
    chainSides: chain.sides,
    boxesTaken: chain.boxes.filter((b) => b !== null).length,
    homeBoxes: home.boxes,
    jumpCaptures: baghChalView(JUMP).last?.captured,
  };
}

/** @param {Node} n */
const text = (n) => `${serialise(n)}\n`;

/** @returns {Record<string, string>} */
export function rendered() {
  return Object.fromEntries(Object.entries(diagrams()).map(([k, v]) => [k, text(/** @type {any} */ (v))]));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  mkdirSync(OUT, { recursive: true });
  let stale = 0;
  for (const [name, svgText] of Object.entries(rendered())) {
    const path = join(OUT, name);
    let have = '';
    try { have = readFileSync(path, 'utf8'); } catch { /* new file */ }
    if (have === svgText) continue;
    if (check) {
      console.error(`${path} differs from what the board code draws; run node scripts/diagrams.mjs`);
      stale++;
    } else {
      writeFileSync(path, svgText);
      console.log(`wrote ${path}`);
    }
  }
  process.exit(stale ? 1 : 0);
}
