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
