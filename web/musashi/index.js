// The Juroku Musashi board as a small API object: `set(view, opts)` redraws from the server's
// view; moves chosen by tap, drag or keyboard come out through `onMove`.

import { batched, s } from '../dom.js';
import { bindInput } from './input.js';
import { drawKey, dynamicLayer, staticLayer, viewBox } from './render.js';

/**
 * @typedef {object} MusashiConfig
 * @property {(move: string) => void} onMove
 * @property {import('../types.js').Translate} t
 * @property {(text: string) => void} [announce]  Speaks a short text (the cursor's point).
 */

/**
 * @param {HTMLElement} container
 * @param {MusashiConfig} config
 * @returns {import('../types.js').BoardApi & {select: (p: string | null) => void}}
 */
export function createMusashiBoard(container, config) {
  const svg = /** @type {SVGSVGElement} */ (s('svg', {
    class: 'musashi-board', role: 'application', tabindex: 0, 'aria-label': config.t('play-board-label'),
  }));
  container.replaceChildren(svg);
  /** @type {import('./render.js').DrawState | null} */
  let st = null;
  let staticKind = '';
  let lastKey = '';
  /** @type {SVGElement | null} */
  let dyn = null;

  const draw = () => {
    if (!st) return;
    const kind = st.view.board;
    if (kind !== staticKind) {
      const { w, h } = viewBox(kind);
      svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
      svg.dataset.board = kind;
      svg.replaceChildren(staticLayer(kind));
      staticKind = kind;
      dyn = null;
      lastKey = '';
    }
    const key = drawKey(st);
    if (key === lastKey) return;
    lastKey = key;
    const layer = dynamicLayer(st);
    if (dyn) dyn.replaceWith(layer);
    else svg.append(layer);
    dyn = layer;
    svg.dataset.turn = String(st.view.turn);
  };
  const redraw = batched(draw);

  /** @param {string | null} p @param {boolean} [quiet] */
  const select = (p, quiet = false) => {
    if (!st) return;
    if (!quiet && p && p !== st.selected && config.announce) config.announce(config.t('musashi-selected', { point: p }));
    st.selected = p;
    st.targets = p ? st.view.legal.filter((m) => m.startsWith(`${p}-`)).map((m) => m.split('-')[1]) : [];
    redraw();
  };

  const unbind = bindInput(svg, {
    state: () => st,
    select,
    move: (m) => {
      select(null);
      config.onMove(m);
    },
    setDrag: (d) => {
      if (!st) return;
      st.drag = d;
      draw();
    },
    setCursor: (p, announce) => {
      if (!st) return;
      st.cursor = p;
      redraw();
      if (p && announce && config.announce) {
        const v = st.view;
        const id = p === v.parent ? 'musashi-point-parent' : v.children.includes(p) ? 'musashi-point-child' : 'musashi-point-empty';
        config.announce(config.t(id, { point: p }));
      }
    },
  });

  return {
    set(view, opts) {
      const v = /** @type {import('../types.js').MusashiView} */ (view);
      const keep = st && st.view.position === v.position && opts.interactive ? st.selected : null;
      st = { view: v, opts, selected: null, targets: [], cursor: st?.cursor ?? null, drag: null };
      if (keep) select(keep, true);
      redraw();
    },
    select: (p) => select(p),
    destroy() {
      unbind();
      svg.remove();
    },
  };
}
