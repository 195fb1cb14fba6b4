// The review section of the table page. It is in the page from the start, hidden; what fills
// it once a game is over (./end-review.js, with the chart, the turning points and the review's
// source) loads only then, so that a table's first load does not fetch what only the end of
// a game shows.

import { h } from '../dom.js';

/** @typedef {import('./who.js').Props} Props */

/**
 * @param {{t: import('../types.js').Translate, lang: string, code: string}} ctx
 */
export function createReview(ctx) {
  const el = h('section', { class: 'review end-review', id: 'review', 'aria-labelledby': 'review-title', hidden: true });
  /** @type {ReturnType<typeof import('./end-review.js').fillReview> | null} */
  let body = null;
  /** @type {Promise<void> | null} */
  let loading = null;
  /** The latest table, for the body that loads after it came. @type {Props | null} */
  let latest = null;
  /** Whether the page's first render showed a finished game (its panel then waits unseen). */
  let opening = true;
  let openedOver = false;

  return {
    el,
    /** @param {Props} p */
    render(p) {
      const over = p.table.status === 'over' && p.table.gameNo > 0;
      if (opening) openedOver = over;
      opening = false;
      latest = p;
      if (body) {
        body.render(p, openedOver);
        openedOver = false;
        return;
      }
      if (!over) {
        el.hidden = true;
        return;
      }
      loading ??= import('./end-review.js').then(({ fillReview }) => {
        body = fillReview(el, ctx);
        if (latest) body.render(latest, openedOver);
        openedOver = false;
      }).catch(() => {
        // Not loaded (the network): the next render tries again.
        loading = null;
      });
    },
  };
}
