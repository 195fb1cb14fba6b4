// The analysis board's values: the position's (exact or an estimate, and who is to move)
// and each legal move's, as buttons that play the move.

import { h } from '../dom.js';
import { valueText } from './words.js';

/** @typedef {import('../types.js').Translate} Translate */

/**
 * The position's value line: the value in bold, whether it is exact, and who moves.
 * @param {Translate} t
 * @param {import('../games/types.js').GameModule} game
 * @param {[string, string]} names
 * @param {any} values the server's analysis
 */
export function positionValue(t, game, names, values) {
  const v = values.value;
  // An estimate's words say "estimate" already; an exact value says so here.
  const kind = v.exact ? ` (${t('review-analysis-exact')})` : '';
  const toMove = values.turn === null ? t('review-analysis-over') : t('review-analysis-to-move', { name: names[values.turn] });
  return [
    h('strong', { 'data-exact': v.exact ? 'true' : 'false', 'data-text': v.text }, valueText(t, game, v, names)),
    `${kind}. ${toMove}`,
  ];
}

/**
 * One list item per legal move: its words and its value, a button that plays it.
 * @param {Translate} t
 * @param {import('../games/types.js').GameModule} game
 * @param {[string, string]} names
 * @param {any[]} moves the server's `{move, value}` of each legal move
 * @param {(move: string) => string} describe
 * @param {(move: string) => void} play
 */
export function moveValues(t, game, names, moves, describe, play) {
  return moves.map((m) => h('li', {},
    h('button', {
      type: 'button', class: `btn move-value${m.value.exact ? ' exact' : ' estimate'}`, 'data-move': m.move,
      'data-text': m.value.text, onclick: () => play(m.move),
    },
    h('span', { class: 'mv' }, describe(m.move)),
    h('span', { class: 'val' }, valueText(t, game, m.value, names)))));
}
