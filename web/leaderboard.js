// The leaderboard page: one table per game. The server writes the rows into the page; a table
// it could not fill (no `data-filled`) is filled here from `GET /api/leaderboard/GAME`.

import { leaderboard } from './api.js';
import { h } from './dom.js';

/** @param {import('./types.js').Translate} t */
export async function start(t) {
  const tables = /** @type {NodeListOf<HTMLTableElement>} */ (document.querySelectorAll('table[data-game]:not([data-filled])'));
  await Promise.all([...tables].map(async (table) => {
    const game = /** @type {import('./types.js').GameId} */ (table.dataset.game);
    const body = table.tBodies[0];
    try {
      const rows = await leaderboard(game);
      if (!rows.length) {
        body.replaceChildren(h('tr', {}, h('td', { colspan: 4, class: 'muted' }, t('leaderboard-empty'))));
        return;
      }
      body.replaceChildren(...rows.map((r, i) => h('tr', {},
        h('td', {}, String(i + 1)),
        h('td', { class: 'name' }, r.name),
        h('td', {}, String(Math.round(r.rating))),
        h('td', {}, String(r.games)))));
    } catch {
      body.replaceChildren(h('tr', {}, h('td', { colspan: 4, class: 'error' }, t('leaderboard-error'))));
    }
  }));
}
