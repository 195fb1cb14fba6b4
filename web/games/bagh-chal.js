// Bagh-Chal (Tigers and Goats) on the web: its client rules, board, words and analysis set-up
// behind the game interface (games/types.js), so no page asks which game it shows.

import { h, s } from '../dom.js';
import { parsePosition } from '../bagh-chal/board.js';
import { createBaghChalBoard } from '../bagh-chal/index.js';
import { ends } from '../bagh-chal/render.js';
import { pointAt, readSetup, setupEmpty, setupGame, setupReady, setupTap, setupText } from '../bagh-chal/setup.js';
import * as rules from '../table/bagh-chal.js';

/** @typedef {import('../types.js').BaghChalView} BaghChalView */
/** @typedef {import('../types.js').BaghChalOptions} BaghChalOptions */
/** @typedef {import('../bagh-chal/setup.js').BaghChalSetup} BaghChalSetup */

const shown = (/** @type {string} */ move) => move.replace('-', '–').replace('x', '×');
const bv = (/** @type {import('../types.js').GameView} */ v) => /** @type {BaghChalView} */ (v);

/** @type {import('./types.js').GameModule} */
export const game = {
  kind: 'bagh-chal',
  rules,
  createBoard: createBaghChalBoard,
  notation: (_v, move) => shown(move),
  describe: (_t, _v, move) => shown(move),
  startsTurn: (ply) => ply % 2 === 0,
  roles: (t) => [t('bagh-chal-tigers'), t('bagh-chal-goats')],
  analysisRoles: (t) => [t('bagh-chal-tigers'), t('bagh-chal-goats')],
  badge: (side) => (side === 0
    ? [s('circle', { class: 'body', cx: 20, cy: 20, r: 17 }), s('path', { class: 'stripe', d: 'M9 10 L15 16 M31 10 L25 16 M5 21 L12 21 M35 21 L28 21' }), s('circle', { class: 'eye', cx: 20, cy: 21, r: 3.5 })]
    : [s('circle', { class: 'body', cx: 20, cy: 22, r: 12 }), s('path', { class: 'horns', d: 'M15 17 Q11 10 16 7 M25 17 Q29 10 24 7' }), s('circle', { class: 'eye', cx: 20, cy: 25, r: 2.5 })]),
  showDanger: () => true,
  said(t, view) {
    const v = bv(view);
    if (!v.last) return '';
    const { from, to } = ends(v.last.move);
    if (!from) return t('bagh-chal-announce-place', { to });
    if (v.last.captured) return t('bagh-chal-announce-jump', { from, to, over: v.last.captured });
    return t(v.tigers.includes(to) ? 'bagh-chal-announce-tiger' : 'bagh-chal-announce-goat', { from, to });
  },
  extraTurn: () => null,
  seatScore: () => null,
  info(t, view, _o, side) {
    const v = bv(view);
    const items = [
      side === null ? null : h('strong', { id: 'my-role' }, t(side === 0 ? 'bagh-chal-you-tigers' : 'bagh-chal-you-goats')),
      h('span', { id: 'in-hand' }, t('bagh-chal-in-hand', { n: v.inHand })),
      h('span', { id: 'captured' }, t('bagh-chal-captured', { captured: v.captured, target: v.target })),
    ];
    if (!v.outcome && v.endangered.length) items.push(h('span', { class: 'legend', id: 'bagh-chal-legend-rings' }, t('bagh-chal-legend-rings')));
    return items.filter((x) => x !== null);
  },
  reasonText(t, reason, last) {
    if (!last || reason !== 'target-reached') return null;
    return t('bagh-chal-reason-target', { target: bv(last).target });
  },
  // The sides alternate from the first mover.
  hasMoved(table, side) {
    if (!table.view) return false;
    const first = /** @type {BaghChalOptions} */ (table.options).first === 'tigers' ? 0 : 1;
    return table.plies >= 2 || (table.plies === 1 && first === side);
  },
  optionText: (t, id, value) => t(`bagh-chal-opt-${id}-${value}`),
  rulesText(t, options) {
    const o = /** @type {BaghChalOptions} */ (options);
    return ['target', 'first', 'repetition'].map((id) => `${t(`bagh-chal-opt-${id}`)}: ${t(`bagh-chal-opt-${id}-${o[/** @type {'target'} */ (id)]}`)}`).join(' · ');
  },
  // The position before the move, the move played marked as the last move.
  turningView: (views, ply, played) => ({ ...bv(views[ply - 1]), last: { move: played, captured: null } }),
  // Both sides' names are plural: the review's words take their plural forms.
  valueSides: ['children', 'children'],
  valueText(t, v, who) {
    if (v.exact) {
      if (v.result === 0) return t('review-draw');
      const winner = v.result === 1 ? 0 : 1;
      if (!v.plies) return t('review-won', who(winner));
      return t('review-win-in', { ...who(winner), moves: v.plies });
    }
    if (Math.abs(v.score) < 0.1) return t('review-estimate-even');
    return t('review-estimate-ahead', who(v.score > 0 ? 0 : 1));
  },
  analysisOptions: { game: 'bagh-chal', first: 'goats', target: '5', repetition: 'forbidden', swapRoles: true },
  analysisRules: [
    ['target', ['5', '4', '6', 'all']],
    ['first', ['goats', 'tigers']],
    ['repetition', ['forbidden', 'allowed']],
  ],
  ruleLabel: (t, id) => t(`bagh-chal-opt-${id}`),
  ruleText: (t, id, value) => t(`bagh-chal-opt-${id}-${value}`),
  setup: {
    // The rules' own start: four tigers, twenty goats in hand.
    start: () => null,
    empty: () => setupEmpty(),
    initial: () => parsePosition('a1,a5,e1,e5::20:0:g'),
    fromGame: (g) => ({ ...g.pos, tigers: new Set(g.pos.tigers), goats: new Set(g.pos.goats) }),
    tap(base, _o, svg, e) {
      const p = pointAt(svg, e);
      return p ? setupTap(base ?? setupEmpty(), p) : base;
    },
    game: (o, base) => setupGame(/** @type {BaghChalOptions} */ (o), base),
    request: (base) => (setupReady(base) ? { position: setupText(base) } : {}),
    ready: setupReady,
    text: setupText,
    read: (_o, text) => readSetup(text),
    shown: (base) => (base ? setupText(base) : null),
    hint: 'bagh-chal-review-setup-hint',
    fields: () => [],
  },
  lessonOptions: {},
  lessonView: (first) => ({ ...bv(first), legal: [], last: null }),
};
