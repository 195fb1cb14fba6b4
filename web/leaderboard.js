// The leaderboard page: one table per game. The server writes the rows into the page (a name
// that two players share followed by each one's tag, `#K3J9`); this module marks this device's
// own row, and fills a table the server could not (no `data-filled`) from
// `GET /api/leaderboard/GAME` the same way. A name opens that player's ranked games
// (`/{lang}/players/{id}`).

import { leaderboard, me } from './api.js';
import { h } from './dom.js';
import { shownName } from './names.js';

/** @param {import('./types.js').Translate} t */
export async function start(t) {
  const tables = /** @type {NodeListOf<HTMLTableElement>} */ (document.querySelectorAll('table[data-game]'));
  const mine = me();
  /** @param {HTMLTableSectionElement} body */
  const markMine = async (body) => {
    const self = (await mine)?.playerId;
    const row = self ? [...body.rows].find((r) => r.dataset.playerId === self) : undefined;
    if (!row) return;
    row.classList.add('me');
    row.querySelector('td.name')?.append(h('span', { class: 'tag you' }, t('play-you')));
  };
  await Promise.all([...tables].map(async (table) => {
    const game = /** @type {import('./types.js').GameId} */ (table.dataset.game);
    const body = table.tBodies[0];
    if (table.dataset.filled !== undefined) {
      await markMine(body);
      return;
    }
    try {
      const rows = await leaderboard(game);
      if (!rows.length) {
        body.replaceChildren(h('tr', {}, h('td', { colspan: 4, class: 'muted' }, t('leaderboard-empty'))));
        return;
      }
      /** @type {Map<string, number>} */
      const seen = new Map();
      for (const r of rows) seen.set(r.name, (seen.get(r.name) ?? 0) + 1);
      body.replaceChildren(...rows.map((r, i) => h('tr', { 'data-player': r.tag, 'data-player-id': r.playerId },
        h('td', {}, String(i + 1)),
        h('td', { class: 'name' }, h('a', { href: `/${document.documentElement.lang}/players/${r.playerId}` }, shownName(t, r.name)),
          (seen.get(r.name) ?? 0) > 1 ? h('span', { class: 'player-tag', title: t('leaderboard-tag') }, `#${r.tag}`) : null),
        h('td', {}, String(Math.round(r.rating))),
        h('td', {}, String(r.games)))));
      await markMine(body);
    } catch {
      body.replaceChildren(h('tr', {}, h('td', { colspan: 4, class: 'error' }, t('leaderboard-error'))));
    }
  }));
}
