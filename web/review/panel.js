// The review beside a board: the chart, a line on what it shows, and the turning points as a
// list of buttons. Used by the replay page and the end of a game on the table page.

import { h } from '../dom.js';
import { createChart } from './chart.js';
import { turningText } from './words.js';

/** @typedef {import('../types.js').Translate} Translate */
/** @typedef {import('../types.js').Side} Side */

/**
 * @typedef {object} PanelData
 * @property {import('./types.js').ReviewView | null} review  null while it is worked out.
 * @property {Side[]} movers  The side that played each move.
 * @property {Side | null} reader  The reader's side, null when watching.
 * @property {[string, string]} names  Side 0's and side 1's names.
 * @property {number} current  The move on the board.
 * @property {boolean} [failed]  No review will come.
 */

/**
 * @param {{t: Translate, status: HTMLElement, chart: HTMLElement, turning: HTMLElement,
 *   onPick: (ply: number) => void, onTurning: (tp: import('./types.js').TurningView) => void}} ctx
 */
export function createReviewPanel({ t, status, chart, turning, onPick, onTurning }) {
  const c = createChart(chart, { label: t('review-chart-label'), onPick });
  let listKey = '';

  return {
    /** @param {PanelData} d */
    set(d) {
      const r = d.review;
      if (!r) {
        status.textContent = t(d.failed ? 'review-unavailable' : 'review-pending');
        status.hidden = false;
        chart.hidden = true;
        turning.replaceChildren();
        listKey = '';
        return;
      }
      chart.hidden = false;
      // Where the exact values start for good: a position proven mid-game may be followed by estimates.
      const tail = r.plies.map((v) => v.exact).lastIndexOf(false) + 1;
      const exactFrom = tail < r.plies.length ? tail : -1;
      const allExact = r.plies.every((v) => v.exact);
      const them = d.reader === null ? null : d.names[d.reader];
      status.textContent = [
        them ? t('review-chart-side', { name: them }) : t('review-chart-side', { name: d.names[0] }),
        allExact ? t('review-all-exact') : exactFrom < 0 ? t('review-none-exact') : t('review-exact-from', { ply: exactFrom }),
      ].join(' ');
      const label = (/** @type {import('./types.js').TurningView} */ tp) => {
        const mover = d.movers[tp.ply - 1] ?? 0;
        return `${t('review-turn-move', { ply: tp.ply })}: ${turningText(t, r.plies[tp.ply - 1], r.plies[tp.ply], mover, d.reader, d.names)}`;
      };
      c.set({
        values: r.plies,
        sign: d.reader === 1 ? -1 : 1,
        current: d.current,
        turning: r.turning.map((tp) => ({ ply: tp.ply, label: label(tp) })),
      });
      const key = JSON.stringify([r.turning, d.reader, d.names, allExact]);
      if (key === listKey) return;
      listKey = key;
      turning.replaceChildren(...(r.turning.length
        ? r.turning.map((tp) => h('li', {},
          h('button', { type: 'button', class: 'btn turn', 'data-turning': tp.ply, onclick: () => onTurning(tp) }, label(tp))))
        // Turning points are counted only between exact values: with estimates, say less.
        : [h('li', { class: 'muted' }, t(allExact ? 'review-turning-none' : 'review-turning-none-estimated'))]));
    },
  };
}
