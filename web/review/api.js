// The after-the-game endpoints (`docs/protocol.md`, "Replays, reviews and analysis").

import { request as call, storedToken } from '../api.js';

/**
 * A finished game. With `device`, this page works its review out itself: the server sends a
 * review it has stored but starts none (`review=device`).
 * @param {string} code @param {number} n @param {boolean} [device]
 * @returns {Promise<import('./types.js').GameRecordView>}
 */
export const gameRecord = (code, n, device = false) =>
  call(`/api/games/${encodeURIComponent(code)}/${n}${device ? '?review=device' : ''}`);

/** The record file's address. @param {string} code @param {number} n */
export const recordUrl = (code, n) => `/api/games/${encodeURIComponent(code)}/${n}/record`;

/** This device's games; empty when it has no player yet. @returns {Promise<import('./types.js').GameSummary[]>} */
export async function myGames() {
  const token = storedToken();
  if (!token) return [];
  return call('/api/me/games', { token });
}

/** @param {string} id @returns {Promise<import('./types.js').PlayerGames>} */
export const playerGames = (id) => call(`/api/players/${encodeURIComponent(id)}/games`);

/** @param {import('./types.js').AnalysisRequest} req @returns {Promise<import('./types.js').AnalysisView>} */
export const analyse = (req) => call('/api/analysis', { method: 'POST', json: req });

/**
 * The values only the server's Musashi tables know, for every position of a game.
 * @param {{options: import('../types.js').AnyOptions, moves: string[]}} req
 * @returns {Promise<import('./types.js').KnownValues>}
 */
export const musashiValues = (req) => call('/api/musashi/values', { method: 'POST', json: req });

/** @param {string} text @returns {Promise<import('./types.js').RecordView>} */
export const readRecord = (text) => call('/api/records', { method: 'POST', text });

/**
 * A finished game, asked again until its review is there (or `tries` run out).
 * @param {string} code
 * @param {number} n
 * @param {(g: import('./types.js').GameRecordView) => void} each  Called with every answer.
 * @param {{tries?: number, every?: number, stopped?: () => boolean}} [opts]
 */
export async function followReview(code, n, each, opts = {}) {
  const tries = opts.tries ?? 120;
  let wait = opts.every ?? 1000;
  for (let i = 0; i < tries; i++) {
    if (opts.stopped?.()) return null;
    const g = await gameRecord(code, n);
    each(g);
    if (g.review) return g;
    await new Promise((r) => setTimeout(r, wait));
    wait = Math.min(wait * 1.3, 5000);
  }
  return null;
}
