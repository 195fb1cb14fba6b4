// The games played offline in "My games" (web/games.js), above the server's: each says where it
// stands (played offline and not uploaded yet, refused by the server and why, or still in
// play) and opens on its game page, where the finished board shows or the game goes on.

import { h } from '../dom.js';
import { offlineGames, offlineUrl } from './store.js';

/** @typedef {import('../types.js').Translate} Translate */

/**
 * Why the server refused a game, in the page's words.
 * @param {Translate} t
 * @param {{code: string, ply?: number}} r
 */
export function refusedText(t, r) {
  if (r.code === 'illegal-move' && typeof r.ply === 'number') return t('offline-refused-illegal-move', { move: r.ply + 1 });
  const known = ['not-over', 'too-large', 'bad-field'];
  return t(`offline-refused-${known.includes(r.code) ? r.code : 'other'}`);
}

/**
 * @param {Translate} t
 * @param {string} lang
 * @param {import('./store.js').OfflineGame} g
 */
function row(t, lang, g) {
  const href = offlineUrl(lang, g.game, g.id);
  const out = g.outcome;
  // The player holds side 0.
  const result = !out ? 'playing' : out.winner === null ? 'draw' : out.winner === 0 ? 'won' : 'lost';
  const state = !out ? t('offline-status-playing') : g.refused ? refusedText(t, g.refused) : t('offline-status-waiting');
  const when = new Date(g.endedAt ?? g.startedAt);
  return h('tr', { 'data-result': result, 'data-offline': g.refused ? 'refused' : out ? 'waiting' : 'playing', 'data-id': g.id },
    h('td', {}, t(`game-${g.game}`), h('small', { class: `offline-status${g.refused ? ' error' : ''}` }, state)),
    h('td', {}, t('play-cpu-name', { level: t(`level-${g.cpu}`) })),
    h('td', { class: `result ${result}` }, h('a', { href }, out ? t(`review-result-${result}`) : t('offline-continue'))),
    h('td', {}, h('time', { datetime: when.toISOString() }, when.toLocaleDateString(lang, { dateStyle: 'medium' }))),
    h('td', {}, h('a', { class: 'btn small', href }, t(out ? 'offline-show' : 'offline-continue'))));
}

/** This device's offline games as rows, the latest first. @param {Translate} t @param {string} lang */
export function offlineRows(t, lang) {
  return offlineGames().reverse().map((g) => row(t, lang, g));
}
