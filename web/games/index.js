// The games the web client knows, each loaded on demand so a page loads only its own game's
// rules and board (web/games/types.js says what a game module holds). A new game is one line.

/** @type {Record<import('../types.js').GameKind, () => Promise<{game: import('./types.js').GameModule}>>} */
const GAMES = {
  musashi: () => import('./musashi.js'),
  dots: () => import('./dots.js'),
  'bagh-chal': () => import('./bagh-chal.js'),
};

/**
 * @param {import('../types.js').GameKind} kind
 * @returns {Promise<import('./types.js').GameModule>}
 */
export async function loadGame(kind) {
  return (await GAMES[kind]()).game;
}
