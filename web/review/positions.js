// A game's positions for stepping through it: the view after every number of moves,
// computed with the same client rules the table reducer plays events with. Pure.

/** @typedef {import('../table/reducer.js').GameRules} GameRules */
/** @typedef {import('../types.js').GameView} GameView */
/** @typedef {import('../types.js').Side} Side */

/**
 * The views after 0..n moves, and the side that played each move.
 * @param {GameRules} rules
 * @param {import('../types.js').AnyOptions} options
 * @param {string[]} moves
 * @returns {{views: GameView[], movers: Side[]}}
 */
export function viewsOf(rules, options, moves) {
  let g = rules.newGame(options);
  const views = [rules.view(g)];
  /** @type {Side[]} */
  const movers = [];
  for (const m of moves) {
    const side = rules.turn(g);
    movers.push(side);
    g = rules.play(g, side, m).game;
    views.push(rules.view(g));
  }
  return { views, movers };
}

/**
 * The view that shows turning point `ply` (numbered from 1): Musashi, the position before the
 * move with the move played marked as the last move (the best move can then be drawn as a
 * hint from the same position); Dots, the position after it, whose lines still include the
 * best one.
 * @param {GameView[]} views
 * @param {number} ply
 * @param {string} played
 * @returns {GameView}
 */
export function turningView(views, ply, played) {
  const before = views[ply - 1];
  if (before.game === 'musashi') return { ...before, last: { move: played, taken: [] } };
  return views[ply];
}
