// The move list beside the board, as data: the positions after each move of the game in
// progress, and its moves grouped in numbered turns as the record writes them
// (docs/notation.md). Pure, without the DOM, so the page's tests can run it in Node.

/** @typedef {import('../table/reducer.js').GameRules} GameRules */
/** @typedef {import('../types.js').GameView} GameView */
/** @typedef {import('../types.js').Side} Side */

/**
 * A game's positions, kept as the game grows.
 * @typedef {object} Positions
 * @property {string} key  The game they belong to: its number and rules.
 * @property {string[]} moves  The moves played, oldest first.
 * @property {GameView[]} views  The view after 0..n moves.
 * @property {Side[]} movers  The side that played each move.
 * @property {unknown} game  The rules' game after the last move.
 */

/**
 * The positions of a game after `moves`. When `prev` is the same game and its moves begin
 * `moves`, only the new moves are played: a move arriving costs one step of the rules, not a
 * replay of the whole game. A take-back (fewer moves) or another game starts over.
 * @param {GameRules} rules
 * @param {Positions | null} prev
 * @param {string} key
 * @param {import('../types.js').AnyOptions} options
 * @param {string[]} moves
 * @returns {Positions}
 */
export function positionsOf(rules, prev, key, options, moves) {
  let p = prev;
  if (!p || p.key !== key || p.moves.length > moves.length || p.moves.some((m, i) => m !== moves[i])) {
    const game = rules.newGame(options);
    p = { key, moves: [], views: [rules.view(game)], movers: [], game };
  }
  if (p.moves.length === moves.length) return p;
  const views = [...p.views];
  const movers = [...p.movers];
  let game = p.game;
  for (const m of moves.slice(p.moves.length)) {
    const side = rules.turn(game);
    movers.push(side);
    game = rules.play(game, side, m).game;
    views.push(rules.view(game));
  }
  return { key, moves: [...moves], views, movers, game };
}

/**
 * The moves in numbered turns: a new number where the game says a turn begins (a Musashi or
 * Bagh-Chal pair from the first mover's move, a Dots turn with the lines its boxes earned).
 * @param {Side[]} movers  The side of each move.
 * @param {(ply: number, side: Side, last: Side | null) => boolean} startsTurn
 * @returns {{number: number, plies: number[]}[]}  Each move by the number of the position after
 *   it (1 for the first move).
 */
export function turnsOf(movers, startsTurn) {
  /** @type {{number: number, plies: number[]}[]} */
  const rows = [];
  movers.forEach((side, i) => {
    const last = i === 0 ? null : movers[i - 1];
    if (rows.length === 0 || startsTurn(i, side, last)) rows.push({ number: rows.length + 1, plies: [] });
    rows[rows.length - 1].plies.push(i + 1);
  });
  return rows;
}

/**
 * The position to show after a key in the list: `null` is the live game (the last move), a
 * number an earlier position (0 the start). `undefined`: the key is not the list's.
 * @param {number | null} shown  The position shown now (null: live).
 * @param {number} total  Moves played.
 * @param {string} key  `KeyboardEvent.key`.
 * @returns {number | null | undefined}
 */
export function stepKey(shown, total, key) {
  const at = shown ?? total;
  /** @type {Record<string, number>} */
  const to = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0, End: total };
  if (!(key in to)) return undefined;
  return keep(to[key], total);
}

/**
 * A position to show, or null for the live game: the last position is the live one, and a
 * position a take-back removed is gone.
 * @param {number | null} shown
 * @param {number} total
 * @returns {number | null}
 */
export function keep(shown, total) {
  if (shown === null || shown >= total) return null;
  return Math.max(0, shown);
}
