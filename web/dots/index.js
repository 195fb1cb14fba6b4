// The Dots and Boxes board as a small API object: `set(view, opts)` redraws from the server's
// view; lines chosen by tap or keyboard come out through `onMove` as edge numbers (text). A tap
// that draws nothing is explained in a note over the board and through `onRefuse`. A new line
// grows from its first dot (unless the visitor asked for reduced motion).

import { createNote } from '../board-note.js';
import { batched, s } from '../dom.js';
import { MOVE_MS, animate } from '../motion.js';
import { edgeInfo, lineEffect, lineText } from './board.js';
import { bindInput } from './input.js';
import { dotXY, drawKey, dynamicLayer, staticLayer, viewBox } from './render.js';

/**
 * @typedef {object} DotsConfig
 * @property {(move: string) => void} onMove
 * @property {import('../types.js').Translate} t
 * @property {(text: string) => void} [announce]
 * @property {(id: string, args?: Record<string, string | number>) => void} [onRefuse]
 *   Told when a tap drew nothing, with the message that says why (the board shows it too).
 */

/**
 * Whether `now` is `before` plus one new line (not a take-back, a new game or the first drawing).
 * @param {import('../types.js').DotsView | null} before
 * @param {import('../types.js').DotsView} now
 */
function oneNewLine(before, now) {
  return !!before && !!now.last && before.size === now.size && now.lines.length === before.lines.length + 1
    && !before.lines.some((l) => l.edge === now.last?.edge);
}

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
  const note = createNote(container);
  /** @type {import('./render.js').DrawState | null} */
  let st = null;
  /** The view drawn last, to tell a new line from a redraw. */
  /** @type {import('../types.js').DotsView | null} */
  let drawn = null;
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
    if (oneNewLine(drawn, v) && v.last) {
      // The line grows out of its first dot.
      const i = edgeInfo(v.w, v.h, v.last.edge);
      const [x, y] = dotXY(i.a[0], i.a[1]);
      const el = /** @type {SVGElement | null} */ (layer.querySelector(`[data-line="${v.last.edge}"]`));
      if (el) el.style.transformOrigin = `${x}px ${y}px`;
      animate(el, [{ transform: 'scale(0)' }, { transform: 'scale(1)' }], { duration: MOVE_MS, easing: 'ease-out' });
    }
    drawn = v;
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
        const { closes, offers } = lineEffect(st.view, e);
        const what = [
          closes ? config.t('dots-edge-closes', { count: closes }) : '',
          offers ? config.t('dots-edge-offers', { count: offers }) : '',
        ].filter(Boolean);
        config.announce([lineText(config.t, st.view.w, st.view.h, e), what.join(', ')].filter(Boolean).join(': '));
      }
    },
    refuse: (id) => {
      note.show(config.t(id));
      config.onRefuse?.(id);
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
      note.destroy();
      svg.remove();
    },
  };
}
