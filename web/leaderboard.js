// The leaderboard page: one table per game from `GET /api/leaderboard/GAME`. A name that two
// players share is followed by each one's tag (`#K3J9`), and this device's own row is marked.
// A name opens that player's ranked games.

import { leaderboard, me } from './api.js';
import { h } from './dom.js';

/** @param {import('./types.js').Translate} t */
export async function start(t) {
  const tables = /** @type {NodeListOf<HTMLTableElement>} */ (document.querySelectorAll('table[data-game]'));
  const mine = me();
  await Promise.all([...tables].map(async (table) => {
    const game = /** @type {import('./types.js').GameId} */ (table.dataset.game);
    const body = table.tBodies[0];
    try {
      const rows = await leaderboard(game);
      if (!rows.length) {
        body.replaceChildren(h('tr', {}, h('td', { colspan: 4, class: 'muted' }, t('leaderboard-empty'))));
        return;
      }
      const self = (await mine)?.playerId;
      /** @type {Map<string, number>} */
      const seen = new Map();
      for (const r of rows) seen.set(r.name, (seen.get(r.name) ?? 0) + 1);
      body.replaceChildren(...rows.map((r, i) => h('tr', { class: r.playerId === self ? 'me' : null, 'data-player': r.tag },
        h('td', {}, String(i + 1)),
        h('td', { class: 'name' }, h('a', { href: `/${document.documentElement.lang}/players/${r.playerId}` }, r.name),
          (seen.get(r.name) ?? 0) > 1 ? h('span', { class: 'player-tag', title: t('leaderboard-tag') }, `#${r.tag}`) : null,
          r.playerId === self ? h('span', { class: 'tag you' }, t('play-you')) : null),
        h('td', {}, String(Math.round(r.rating))),
        h('td', {}, String(r.games)))));
    } catch {
      body.replaceChildren(h('tr', {}, h('td', { colspan: 4, class: 'error' }, t('leaderboard-error'))));
    }
  }));
}
