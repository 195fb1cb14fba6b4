// The review chart: the game's value after every move, from one side's view (up: that side
// wins). Proven values are a solid line over a filled area; estimates a dashed line over a
// paler area, so the difference is plain. Turning points are marked and can be tapped (or
// focused and chosen with Enter); a tap anywhere else picks the nearest move. A vertical line
// shows the move on the board.

import { s } from '../dom.js';

const H = 150;
const PAD = 8;

/**
 * @typedef {object} ChartData
 * @property {import('./types.js').ValueView[]} values  After 0..n moves.
 * @property {1 | -1} sign  1: side 0's view, -1: side 1's.
 * @property {number} current  The move shown on the board.
 * @property {{ply: number, label: string}[]} turning
 */

/**
 * @param {HTMLElement} container
 * @param {{label: string, onPick: (ply: number) => void}} config
 */
export function createChart(container, config) {
  // A group, not an image: an image's insides are hidden from screen readers, and the turning
  // points in it are buttons that the Tab key reaches.
  const svg = /** @type {SVGSVGElement} */ (s('svg', {
    class: 'review-chart', viewBox: `0 0 600 ${H}`, role: 'group', 'aria-label': config.label,
  }));
  container.replaceChildren(svg);
  /** @type {ChartData | null} */
  let data = null;
  let drawnKey = '';
  /** The chart's width in its own units: its width on the page, so circles stay round. */
  let W = 600;

  const x = (/** @type {number} */ ply) => (data && data.values.length > 1 ? (ply / (data.values.length - 1)) * W : 0);
  const y = (/** @type {number} */ score) => H / 2 - score * (H / 2 - PAD);

  /** The ply nearest a pointer. @param {{clientX: number}} e */
  const plyAt = (e) => {
    if (!data) return 0;
    const r = svg.getBoundingClientRect();
    const f = r.width > 0 ? (e.clientX - r.left) / r.width : 0;
    return Math.max(0, Math.min(data.values.length - 1, Math.round(f * (data.values.length - 1))));
  };

  svg.addEventListener('click', (e) => {
    const target = /** @type {Element} */ (e.target);
    const mark = target.closest('[data-turning]');
    config.onPick(mark ? Number(mark.getAttribute('data-turning')) : plyAt(e));
  });
  svg.addEventListener('keydown', (e) => {
    const mark = /** @type {Element} */ (e.target).closest('[data-turning]');
    if (mark && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      config.onPick(Number(mark.getAttribute('data-turning')));
    }
  });

  const draw = () => {
    if (!data) return;
    const { values, sign, current, turning } = data;
    W = Math.max(200, Math.round(container.clientWidth || 600));
    const key = JSON.stringify([W, values.map((v) => [v.score, v.exact]), sign, current, turning]);
    if (key === drawnKey) return;
    drawnKey = key;
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const pts = values.map((v, i) => [x(i), y(v.score * sign)]);
    const line = (/** @type {number[][]} */ p) => p.map(([a, b], i) => `${i ? 'L' : 'M'}${a.toFixed(1)},${b.toFixed(1)}`).join('');
    // Runs of exact and estimated values, each drawn with its own style; neighbouring runs
    // share their joining point so the line never breaks.
    /** @type {{exact: boolean, from: number, to: number}[]} */
    const runs = [];
    for (let i = 0; i < values.length; i++) {
      const exact = values[i].exact;
      const last = runs[runs.length - 1];
      if (last && last.exact === exact) last.to = i;
      else runs.push({ exact, from: Math.max(0, i - (last ? 1 : 0)), to: i });
    }
    const layers = [];
    layers.push(s('rect', { class: 'chart-bg', x: 0, y: 0, width: W, height: H }));
    for (const r of runs) {
      const p = pts.slice(r.from, r.to + 1);
      if (p.length === 0) continue;
      const area = `${line(p)}L${p[p.length - 1][0].toFixed(1)},${H / 2}L${p[0][0].toFixed(1)},${H / 2}Z`;
      layers.push(s('path', { class: r.exact ? 'chart-area exact' : 'chart-area estimate', d: area }));
    }
    layers.push(s('line', { class: 'chart-zero', x1: 0, y1: H / 2, x2: W, y2: H / 2 }));
    for (const r of runs) {
      const p = pts.slice(r.from, r.to + 1);
      if (p.length > 1) layers.push(s('path', { class: r.exact ? 'chart-line exact' : 'chart-line estimate', d: line(p) }));
    }
    layers.push(s('line', { class: 'chart-now', 'data-now': current, x1: x(current), y1: 0, x2: x(current), y2: H }));
    for (const tp of turning) {
      const [cx, cy] = pts[tp.ply];
      layers.push(s('g', { class: 'chart-turn', 'data-turning': tp.ply, tabindex: 0, role: 'button', 'aria-label': tp.label },
        s('title', {}, tp.label),
        // A larger transparent circle is the finger's target.
        s('circle', { class: 'hit', cx, cy, r: 16 }),
        s('circle', { class: 'dot', cx, cy, r: 6 })));
    }
    svg.replaceChildren(...layers);
  };

  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(() => draw()).observe(container);

  return {
    /** @param {ChartData} d */
    set(d) {
      data = d;
      draw();
    },
    el: svg,
  };
}
