// Each game's parts for the play page, loaded on demand so a table loads only its own game:
// the rules the table reducer plays events with, the board, and how a move reads in words.

/**
 * @typedef {object} GameParts
 * @property {import('../table/reducer.js').GameRules} rules
 * @property {(el: HTMLElement, config: {onMove: (move: string) => void, t: import('../types.js').Translate,
 *   announce?: (text: string) => void}) => import('../types.js').BoardApi} createBoard
 * @property {(view: import('../types.js').GameView, move: string) => string} notation
 *   A move as the game's record writes it (docs/notation.md), with a typographic dash: `c3–d3`,
 *   a Dots line by its dots, `b2–c2`. The replay shows moves so, like the record it downloads.
 * @property {(t: import('../types.js').Translate, view: import('../types.js').GameView, move: string) => string} describe
 *   A move as people read it: `c3–d3`, or a Dots line by row and column.
 */

/**
 * @param {import('../types.js').GameKind} kind
 * @returns {Promise<GameParts>}
 */
export async function loadGame(kind) {
  if (kind === 'musashi') {
    const [rules, board] = await Promise.all([import('../table/musashi.js'), import('../musashi/index.js')]);
    const shown = (/** @type {string} */ move) => move.replace('-', '–');
    return { rules, createBoard: board.createMusashiBoard, describe: (_t, _v, move) => shown(move), notation: (_v, move) => shown(move) };
  }
  const [rules, board, geometry] = await Promise.all([import('../table/dots.js'), import('../dots/index.js'), import('../dots/board.js')]);
  return {
    rules,
    createBoard: board.createDotsBoard,
    describe(t, v, move) {
      if (v.game !== 'dots') return move;
      return geometry.lineText(t, v.w, v.h, Number(move));
    },
    notation(v, move) {
      if (v.game !== 'dots') return move;
      return geometry.lineName(v.w, v.h, Number(move)).replace('-', '–');
    },
  };
}
