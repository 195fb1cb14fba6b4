// Juroku Musashi on the web: its client rules, board, words and analysis set-up behind the
// game interface (games/types.js), so no page asks which game it shows.

import { h, s } from '../dom.js';
import { createMusashiBoard } from '../musashi/index.js';
import { pointAt, positionOf, readSetup, setupFields, setupGame, setupStart, setupTap, setupText } from '../musashi/setup.js';
import { distanceText } from '../review/words.js';
import * as rules from '../table/musashi.js';

/** @typedef {import('../types.js').MusashiView} MusashiView */
/** @typedef {import('../types.js').MusashiOptions} MusashiOptions */
/** @typedef {import('../musashi/setup.js').MusashiSetup} MusashiSetup */

const shown = (/** @type {string} */ move) => move.replace('-', '–');
const mv = (/** @type {import('../types.js').GameView} */ v) => /** @type {MusashiView} */ (v);

/** @type {import('./types.js').GameModule} */
export const game = {
  kind: 'musashi',
  rules,
  createBoard: createMusashiBoard,
  notation: (_v, move) => shown(move),
  describe: (_t, _v, move) => shown(move),
  startsTurn: (ply) => ply % 2 === 0,
  roles: (t) => [t('musashi-parent'), t('musashi-children')],
  analysisRoles: (t) => [t('musashi-parent'), t('musashi-children')],
  badge: (side) => (side === 0
    ? [s('circle', { class: 'body', cx: 20, cy: 20, r: 17 }), s('circle', { class: 'ring', cx: 20, cy: 20, r: 11 }), s('path', { class: 'mark', d: 'M20 14 L25.5 23.5 L14.5 23.5 Z' })]
    : [s('circle', { class: 'body', cx: 20, cy: 20, r: 13 }), s('circle', { class: 'dot', cx: 20, cy: 20, r: 3 })]),
  showDanger: (o) => /** @type {MusashiOptions} */ (o).showDanger,
  said(t, view) {
    const v = mv(view);
    if (!v.last) return '';
    const [from, to] = v.last.move.split('-');
    let text = t(to === v.parent ? 'musashi-announce-parent' : 'musashi-announce-children', { from, to });
    if (v.last.taken.length) text += ` ${t('musashi-announce-take', { count: v.last.taken.length })}`;
    return text;
  },
  extraTurn: () => null,
  seatScore: () => null,
  info(t, view, o, side) {
    const v = mv(view);
    const options = /** @type {MusashiOptions} */ (o);
    const items = [
      side === null ? null : h('strong', { id: 'my-role' }, t(side === 0 ? 'musashi-you-parent' : 'musashi-you-children')),
      h('span', { id: 'taken' }, t('musashi-taken', { taken: v.taken, target: v.target ?? 10 })),
      h('span', { id: 'children-moves' }, v.limit === null ? t('musashi-moves-nolimit', { n: v.childrenMoves }) : t('musashi-moves', { n: v.childrenMoves, limit: v.limit })),
    ];
    // Each legend line explains only what the board draws now: rings for endangered Children
    // (either side's turn), numbers only on the Parent's turn where a step takes some.
    if (options.showDanger && !v.outcome && v.endangered.length) {
      items.push(h('span', { class: 'legend', id: 'musashi-legend-rings' }, t('musashi-legend-rings')));
    }
    if (options.showDanger && !v.outcome && v.capturePoints.length) {
      items.push(h('span', { class: 'legend', id: 'musashi-legend-counts' }, t('musashi-legend-counts')));
    }
    return items.filter((x) => x !== null);
  },
  reasonText(t, reason, last) {
    if (!last) return null;
    const v = mv(last);
    if (reason === 'target-reached') return t('play-reason-target-reached', { target: v.target ?? v.taken });
    if (reason === 'move-limit') return t('play-reason-move-limit', { limit: v.limit ?? v.childrenMoves });
    return null;
  },
  // The sides alternate from the first mover.
  hasMoved(table, side) {
    if (!table.view) return false;
    const first = /** @type {MusashiOptions} */ (table.options).first === 'children' ? 1 : 0;
    return table.plies >= 2 || (table.plies === 1 && first === side);
  },
  optionText: (t, id, value) => t(`musashi-opt-${id}-${value}`),
  rulesText(t, options) {
    const o = /** @type {MusashiOptions} */ (options);
    const target = o.target === 'none' ? t('review-target-none') : t(`musashi-opt-target-${o.target}`);
    const limit = o.limit === 'none' ? t('musashi-opt-limit-none') : o.limit === '100' ? t('musashi-opt-limit-100') : o.limit;
    return [
      `${t('musashi-opt-board')}: ${t(`musashi-opt-board-${o.board}`)}`,
      `${t('musashi-opt-first')}: ${t(`musashi-opt-first-${o.first}`)}`,
      `${t('musashi-opt-target')}: ${target}`,
      `${t('musashi-opt-limit')}: ${limit}`,
    ].join(' · ');
  },
  // The position before the move, with the move played marked as the last move: the best
  // move can then be drawn as a hint from the same position.
  turningView: (views, ply, played) => ({ ...mv(views[ply - 1]), last: { move: played, taken: [] } }),
  valueSides: ['parent', 'children'],
  valueText: distanceText,
  analysisOptions: { game: 'musashi', first: 'parent', target: '10', limit: '100', board: '33', swapRoles: true, showDanger: true },
  // The analysis-only choices included: no target or limit.
  analysisRules: [
    ['board', ['33', '25']],
    ['first', ['parent', 'children']],
    ['target', ['10', '6', 'none']],
    ['limit', ['100', 'none']],
  ],
  ruleLabel: (t, id) => t(`musashi-opt-${id}`),
  ruleText: (t, id, value) => (id === 'target' && value === 'none' ? t('review-target-none') : t(`musashi-opt-${id}-${value}`)),
  setup: {
    start: (o) => setupStart(/** @type {MusashiOptions} */ (o)),
    empty: (o) => ({ board: o.board, parent: null, children: new Set(), turn: 0, childrenMoves: 0 }),
    initial: (o) => setupStart(/** @type {MusashiOptions} */ (o)),
    fromGame: (g) => ({ board: g.pos.board, parent: g.pos.parent, children: new Set(g.pos.children), turn: g.pos.turn, childrenMoves: g.childrenMoves }),
    tap(base, o, svg, e) {
      const b = /** @type {MusashiSetup} */ (base ?? setupStart(/** @type {MusashiOptions} */ (o)));
      const p = pointAt(svg, e, b.board);
      return p ? setupTap(b, p) : b;
    },
    game: (o, base) => setupGame(/** @type {MusashiOptions} */ (o), base),
    request(base) {
      const text = positionOf(base);
      return text ? { position: text } : {};
    },
    // A position without its Parent is still being set up.
    ready: (base) => !!base?.parent,
    text: setupText,
    read: (_o, text) => readSetup(text),
    shown: positionOf,
    hint: 'musashi-review-setup-hint',
    fields: (t, base, o, change) => setupFields(t, base, /** @type {MusashiOptions} */ (o), change),
  },
  lessonOptions: { board: '25' },
  lessonView: (first) => ({ ...mv(first), board: /** @type {'25'} */ ('25'), legal: [], capturePoints: [], last: null }),
};
