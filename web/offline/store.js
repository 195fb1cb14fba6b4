// The games played offline against the CPU (issue 36, part 6), kept on this device until the
// server has them: a list in localStorage (a game is a few hundred bytes: its rules, level and
// moves). A game stays here while it is played, once finished until its upload is accepted
// (POST /api/games/offline, web/offline/upload.js), and for good when the server refused it,
// so that "My games" can say why. No DOM.

/** The localStorage key; app.js reads it too, to load the uploader only when there is something. */
export const OFFLINE_KEY = 'qdan.offline';

/** The event a page gets when an upload changed the games kept here (My games redraws on it). */
export const CHANGED = 'qdan-offline-changed';

/** The address of an offline game on its game page. @param {string} lang @param {string} game @param {string} id */
export const offlineUrl = (lang, game, id) => `/${lang}/games/${game}#offline=${id}`;

/**
 * @typedef {object} OfflineGame
 * @property {string} id  Made by the page when the game started (crypto.randomUUID()).
 * @property {import('../types.js').GameKind} game
 * @property {Record<string, string | boolean>} options  Every local rule, as POST /api/groups takes them.
 * @property {import('../types.js').CpuLevel} cpu
 * @property {string[]} moves  In the notation a `move` intent carries (docs/notation.md).
 * @property {boolean} resigned  The player resigned after the last move.
 * @property {number} startedAt  ms since the epoch
 * @property {number | null} endedAt  null while the game is played
 * @property {import('../types.js').Finished | null} outcome  How it ended, by side (the player is side 0).
 * @property {{code: string, ply?: number} | null} refused  The server's answer when it refused the game.
 */

/** @returns {OfflineGame[]} every game kept, oldest first */
export function offlineGames() {
  try {
    const list = JSON.parse(localStorage.getItem(OFFLINE_KEY) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** @param {OfflineGame[]} list */
function write(list) {
  try {
    // No key at all when nothing is kept: app.js then loads nothing on any page.
    if (list.length) localStorage.setItem(OFFLINE_KEY, JSON.stringify(list));
    else localStorage.removeItem(OFFLINE_KEY);
  } catch {
    /* storage off or full: the game lives as long as the page */
  }
}

/** @param {string} id */
export function offlineGame(id) {
  return offlineGames().find((g) => g.id === id) ?? null;
}

/** Keeps `game`, replacing the one with its id. @param {OfflineGame} game */
export function saveOffline(game) {
  const list = offlineGames();
  const i = list.findIndex((g) => g.id === game.id);
  if (i < 0) list.push(game);
  else list[i] = game;
  write(list);
}

/** Forgets a game (the server has it now). @param {string} id */
export function dropOffline(id) {
  write(offlineGames().filter((g) => g.id !== id));
}

/** The games to upload: finished and not refused. */
export function pendingUploads() {
  return offlineGames().filter((g) => g.endedAt !== null && !g.refused);
}

/** A new id for a game: 16 to 40 characters of [0-9A-Za-z-], as the server asks. */
export function newGameId() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a page on a plain-http address still gets 128 random bits.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
