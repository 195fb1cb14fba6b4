// The Dots and Boxes board as a small API object: `set(view, opts)` redraws from the server's
// view; lines chosen by tap or keyboard come out through `onMove` as edge numbers (text).

import { batched, s } from '../dom.js';
import { edgeInfo } from './board.js';
import { bindInput } from './input.js';
import { drawKey, dynamicLayer, staticLayer, viewBox } from './render.js';

/**
 * @typedef {object} DotsConfig
 * @property {(move: string) => void} onMove
 * @property {import('../types.js').Translate} t
 * @property {(text: string) => void} [announce]
 */

/**
 * @param {HTMLElement} container
 * @param {DotsConfig} config
 * @returns {import('../types.js').BoardApi}
 */
export function createDotsBoard(container, config) {
  const svg = /** @type {SVGSVGElement} */ (s('svg', {
    class: 'dots-board', role: 'application', tabindex: 0, 'aria-label': config.t('play-board-label'),
  }));
  container.replaceChildren(svg);
  /** @type {import('./render.js').DrawState | null} */
  let st = null;
  let size = '';
  let lastKey = '';
  /** @type {SVGElement | null} */
  let dyn = null;

  const draw = () => {
    if (!st) return;
    const v = st.view;
    if (v.size !== size) {
      const { w, h } = viewBox(v.w, v.h);
      svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
      svg.dataset.size = v.size;
      svg.replaceChildren(staticLayer(v.w, v.h));
      size = v.size;
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
    svg.dataset.turn = String(v.turn);
  };
  const redraw = batched(draw);

  const unbind = bindInput(svg, {
    state: () => st,
    draw: (e) => {
      if (st) st.cursor = null;
      config.onMove(String(e));
    },
    setCursor: (e, announce) => {
      if (!st) return;
      st.cursor = e;
      redraw();
      if (e !== null && announce && config.announce) {
        const i = edgeInfo(st.view.w, st.view.h, e);
        config.announce(config.t(i.horizontal ? 'dots-edge-h' : 'dots-edge-v', { row: i.r + 1, col: i.c + 1 }));
      }
    },
  });

  return {
    set(view, opts) {
      const v = /** @type {import('../types.js').DotsView} */ (view);
      const cursor = st && st.cursor !== null && v.legal.includes(st.cursor) ? st.cursor : null;
      st = { view: v, opts, cursor };
      redraw();
    },
    destroy() {
      unbind();
      svg.remove();
    },
  };
}
