// The lists of finished games: this device's own (`/{lang}/my-games`) and a player's ranked
// games (`/{lang}/players/{id}`, linked from the leaderboard). Each row links to the replay.
// The device's list starts with its games played offline (web/offline/rows.js) until the
// server has them, and is drawn again when an upload changes them.

import { showBlocked } from './blocked-list.js';
import { h } from './dom.js';
import { shownName } from './names.js';
import { offlineRows } from './offline/rows.js';
import { CHANGED } from './offline/store.js';
import { myGames, playerGames } from './review/api.js';

/** @typedef {import('./types.js').Translate} Translate */

/**
 * @param {Translate} t
 * @param {string} lang
 * @param {import('./review/types.js').GameSummary} g
 */
function row(t, lang, g) {
  const w = g.result.winner;
  const result = w === null ? 'draw' : w === g.seat ? 'won' : 'lost';
  const o = g.opponent;
  const opponent = o.cpu ? t('play-cpu-name', { level: t(`level-${o.cpu}`) }) : shownName(t, o.name);
  const when = new Date(g.endedAt);
  const href = `/${lang}/g/${g.code}/${g.gameNo}`;
  return h('tr', { 'data-result': result },
    h('td', {}, t(`game-${g.game}`), g.ranked ? h('span', { class: 'tag' }, t('play-ranked-badge')) : null),
    h('td', {}, o.playerId ? h('a', { href: `/${lang}/players/${o.playerId}` }, opponent) : opponent),
    // The result opens the replay too: on a phone it is the only way, the button's column is hidden.
    h('td', { class: `result ${result}` }, h('a', { href }, t(`review-result-${result}`))),
    h('td', {}, h('time', { datetime: when.toISOString() }, when.toLocaleDateString(lang, { dateStyle: 'medium' }))),
    h('td', {}, h('a', { class: 'btn small', href }, t('review-replay-link'))));
}

/**
 * @param {HTMLTableSectionElement} body
 * @param {Translate} t
 * @param {string} lang
 * @param {import('./review/types.js').GameSummary[]} games
 * @param {string} empty  The message id when there are none.
 * @param {HTMLTableRowElement[]} [first]  Rows before the server's (the games played offline).
 */
function fill(body, t, lang, games, empty, first = []) {
  body.replaceChildren(...first, ...(games.length || first.length
    ? games.map((g) => row(t, lang, g))
    : [h('tr', {}, h('td', { colspan: 5, class: 'muted' }, t(empty)))]));
}

/** @param {import('./types.js').PageData} data @param {Translate} t */
export async function startMine(data, t) {
  const body = /** @type {HTMLTableElement} */ (document.getElementById('games')).tBodies[0];
  showBlocked(t, /** @type {HTMLElement} */ (body.closest('table')));
  const draw = async () => {
    try {
      fill(body, t, data.lang, await myGames(), 'review-my-games-empty', offlineRows(t, data.lang));
    } catch {
      body.replaceChildren(...offlineRows(t, data.lang), h('tr', {}, h('td', { colspan: 5, class: 'error' }, t('review-list-error'))));
    }
  };
  addEventListener(CHANGED, draw);
  await draw();
}

/** @param {import('./types.js').PageData} data @param {Translate} t */
export async function startPlayer(data, t) {
  const id = String(/** @type {any} */ (data).playerId ?? '');
  const body = /** @type {HTMLTableElement} */ (document.getElementById('games')).tBodies[0];
  try {
    const p = await playerGames(id);
    const heading = t('review-player-heading', { name: shownName(t, p.player.name) });
    /** @type {HTMLElement} */ (document.getElementById('player-heading')).textContent = heading;
    document.title = `${heading} · qdan`;
    fill(body, t, data.lang, p.games, 'review-player-empty');
  } catch {
    body.replaceChildren(h('tr', {}, h('td', { colspan: 5, class: 'error' }, t('review-list-error'))));
  }
}
