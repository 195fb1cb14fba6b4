// Values and turning points in words: pure functions of the review data, the side names and
// the reader's side, so every page says them the same way (and tests can check them in Node).

import { shownName } from '../names.js';

/** @typedef {import('../types.js').Translate} Translate */
/** @typedef {import('./types.js').ValueView} ValueView */
/** @typedef {import('../types.js').Side} Side */

/**
 * Who wins and how, from side 0's `score` and `result`: "Parent wins in 7 moves", "First
 * player wins by 3 boxes", "Draw", or an estimate "Children are ahead (estimate)" (the
 * message says "estimate" itself). `names` are the sides' roles (`roleNames`); each message
 * is told which role (`side`, the game's `valueSides`) so that its verb agrees ("Children
 * are", "Kinder liegen"). The game says which words fit it (`distanceText`, `marginText`).
 * @param {Translate} t
 * @param {import('../games/types.js').GameModule} game
 * @param {ValueView} v
 * @param {[string, string]} names  Side 0's and side 1's names.
 */
export function valueText(t, game, v, names) {
  return game.valueText(t, v, (i) => ({ name: names[i], side: game.valueSides[i] }));
}

/**
 * A value as a win and its distance in moves (Musashi).
 * @param {Translate} t
 * @param {ValueView} v
 * @param {(side: Side) => {name: string, side: string}} who
 */
export function distanceText(t, v, who) {
  if (v.exact) {
    if (v.result === 1) return t('review-win', who(0));
    if (v.plies === 0) return t('review-won', who(1));
    return t('review-win-in', { ...who(1), moves: v.plies ?? 0 });
  }
  if (Math.abs(v.score) < 0.1) return t('review-estimate-even');
  return t('review-estimate-ahead', who(v.score > 0 ? 0 : 1));
}

/**
 * A value as the final margin of side 0 (Dots: boxes).
 * @param {Translate} t
 * @param {ValueView} v
 * @param {(side: Side) => {name: string, side: string}} who
 */
export function marginText(t, v, who) {
  const m = v.margin ?? 0;
  const boxes = Math.round(Math.abs(m));
  if (v.exact) {
    if (m === 0) return t('review-draw');
    return t('review-win-by', { ...who(m > 0 ? 0 : 1), boxes });
  }
  if (boxes === 0) return t('review-estimate-even');
  return t('review-estimate-by', { ...who(m > 0 ? 0 : 1), boxes });
}

/**
 * What a turning point meant, for the reader: the mover let a win (or a draw) slip, which is
 * the reader's loss when the reader moved, the reader's gain when the other side did.
 * @param {Translate} t
 * @param {ValueView} before  The value before the move.
 * @param {ValueView} after  The value after it.
 * @param {Side} mover  The side that played it.
 * @param {Side | null} reader  The reader's side, null when watching.
 * @param {[string, string]} names  Side 0's and side 1's names.
 */
export function turningText(t, before, after, mover, reader, names) {
  const forMover = (/** @type {ValueView} */ v) => (v.result ?? 0) * (mover === 0 ? 1 : -1);
  const [b, a] = [forMover(before), forMover(after)];
  if (!(b > a)) return t('review-turn-changed');
  const lostWin = b === 1;
  const them = names[mover === 0 ? 0 : 1];
  if (reader === mover) return t(lostWin ? 'review-turn-you-lost-win' : 'review-turn-you-lost-draw');
  if (reader !== null) return t(a === -1 ? 'review-turn-gave-win' : 'review-turn-gave-draw', { name: them });
  return t(lostWin ? 'review-turn-lost-win' : 'review-turn-lost-draw', { name: them });
}

/**
 * The names of side 0 and side 1 of a finished game, from who sat where.
 * @param {Translate} t
 * @param {import('./types.js').GameRecordView} g
 * @returns {[string, string]}
 */
export function sideNames(t, g) {
  /** @param {0 | 1} seat */
  const seatName = (seat) => {
    const p = g.players[seat];
    return p.cpu ? t('play-cpu-name', { level: t(`level-${p.cpu}`) }) : shownName(t, p.name);
  };
  return g.sides[0] === 0 ? [seatName(0), seatName(1)] : [seatName(1), seatName(0)];
}
