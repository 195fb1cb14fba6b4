// Dots and Boxes on the web: its client rules, board, words and analysis set-up behind the
// game interface (games/types.js), so no page asks which game it shows.

import { s } from '../dom.js';
import { lineName, lineText } from '../dots/board.js';
import { createDotsBoard } from '../dots/index.js';
import { edgeAt, readSetup, setupGame, setupTap, setupText } from '../dots/setup.js';
import { marginText } from '../review/words.js';
import * as rules from '../table/dots.js';

/** @typedef {import('../types.js').DotsView} DotsView */
/** @typedef {import('../types.js').DotsOptions} DotsOptions */
/** @typedef {import('../dots/setup.js').DotsSetup} DotsSetup */

const dv = (/** @type {import('../types.js').GameView} */ v) => /** @type {DotsView} */ (v);

/** @param {string} size @param {import('../types.js').Translate} t */
const sizeText = (t, size) => {
  const [w, h] = size.split('x');
  return t('dots-size', { w, h });
};

/** No lines drawn, the first player to move. @returns {DotsSetup} */
const empty = () => ({ drawn: [], turn: 0 });

/** @type {import('./types.js').GameModule} */
export const game = {
  kind: 'dots',
  rules,
  createBoard: createDotsBoard,
  notation: (view, move) => {
    const v = dv(view);
    return lineName(v.w, v.h, Number(move)).replace('-', '–');
  },
  describe: (t, view, move) => {
    const v = dv(view);
    return lineText(t, v.w, v.h, Number(move));
  },
  startsTurn: (ply, side, last) => ply === 0 || last !== side,
  roles: (t) => [t('dots-first'), t('dots-second')],
  analysisRoles: (t) => [t('dots-review-first-player'), t('dots-review-second-player')],
  badge: (side) => (side === 0
    ? [s('circle', { class: 'icon icon-0', cx: 20, cy: 20, r: 12 })]
    : [s('path', { class: 'icon icon-1', d: 'M10 10 L30 30 M30 10 L10 30' })]),
  // The board has no danger hints.
  showDanger: () => false,
  said(t, view, whoOfSide) {
    const v = dv(view);
    if (!v.last) return '';
    const who = whoOfSide(v.last.player);
    const n = v.last.completed.length;
    // Which line, in the words the keyboard cursor uses for it.
    const line = lineText(t, v.w, v.h, v.last.edge);
    return n ? t('dots-announce-box', { name: who, count: n, line }) : t('dots-announce-line', { name: who, line });
  },
  extraTurn(t, view, mine, name) {
    if (!dv(view).extraTurn) return null;
    return mine ? t('dots-extra-turn-you') : t('dots-extra-turn', { name });
  },
  seatScore: (t, view, side) => t('dots-score', { boxes: dv(view).scores[side] }),
  info: () => [],
  reasonText(t, reason, last) {
    if (!last || reason !== 'boxes') return null;
    const v = dv(last);
    return t('play-reason-boxes', { score0: v.scores[0], score1: v.scores[1] });
  },
  // Dots records who drew each line.
  hasMoved: (table, side) => !!table.view && dv(table.view).lines.some((l) => l.player === side),
  optionText: (t, id, value) => (id === 'size' ? sizeText(t, value) : t(`dots-opt-${id}-${value}`)),
  rulesText: (t, o) => `${t('dots-opt-size')}: ${sizeText(t, /** @type {DotsOptions} */ (o).size)}`,
  // The position after the move, whose lines still include the best one.
  turningView: (views, ply) => views[ply],
  valueSides: ['first', 'second'],
  valueText: marginText,
  analysisOptions: { game: 'dots', size: '5x4', swapFirst: true },
  // Any board size, not only the tables'.
  analysisRules: [['size', ['3x3', '4x3', '3x4', '4x4', '5x3', '3x5', '5x4', '4x5', '5x5']]],
  ruleLabel: (t, id) => t(`dots-opt-${id}`),
  ruleText: (t, _id, value) => sizeText(t, value),
  setup: {
    // The rules' own start: no lines.
    start: () => null,
    empty,
    initial: empty,
    fromGame: (g) => ({ drawn: [...g.st.drawn.keys()].sort((a, b) => a - b), turn: g.st.turn }),
    tap(base, o, svg, e) {
      const [w, hh] = String(o.size).split('x').map(Number);
      const edge = edgeAt(svg, e, w, hh);
      return edge === null ? base : setupTap(base ?? empty(), edge);
    },
    game: (o, base) => setupGame(/** @type {DotsOptions} */ (o), base),
    request: (base) => ({ drawn: base.drawn, turn: base.turn }),
    ready: () => true,
    text: setupText,
    read: readSetup,
    shown: (base) => base,
    hint: 'dots-review-setup-hint',
    fields: () => [],
  },
  lessonOptions: { size: '3x3' },
  lessonView: (first) => ({ ...dv(first), legal: [] }),
};
