// Where a finished game's review comes from. A review is a function of the moves, so the
// viewer's own device works it out (the engine in its worker, web/engine/engine.js: the same
// code and work budget as the server's, so the same values everywhere) and the server is only
// asked for the record, with `review=device` so that it starts no review of its own. A
// browser without WebAssembly, or whose engine fails, asks the server for the record without
// it and asks again until the server's review is there (`docs/protocol.md`).
//
// Juroku Musashi's tables are too large to send: for a Musashi game the page first asks the
// server once for the values only its tables know (`POST /api/musashi/values`, a table lookup
// per position) and gives them to the engine as `known`, so that the device's review equals
// the server's wherever the tables reach. Without an answer the device reviews alone.

import { engineAvailable, reviewGame } from '../engine/engine.js';
import { followReview, gameRecord, musashiValues } from './api.js';

/** Whether this page works reviews out itself. */
export const reviewsHere = () => engineAvailable();

/**
 * The record of game `n` at table `code`, as the page that will review it should ask for it.
 * @param {string} code @param {number} n
 */
export const recordToReview = (code, n) => gameRecord(code, n, reviewsHere());

/**
 * Calls `each` with the record of game `n` (from `rec` when the page has it already) and again
 * once its review is there. Resolves to the record with its review, or null when none came.
 * @param {string} code
 * @param {number} n
 * @param {(g: import('./types.js').GameRecordView) => void} each
 * @param {{rec?: import('./types.js').GameRecordView, stopped?: () => boolean, every?: number}} [opts]
 */
export async function followGameReview(code, n, each, opts = {}) {
  const rec = opts.rec ?? await recordToReview(code, n);
  if (opts.stopped?.()) return null;
  each(rec);
  if (rec.review) return rec;
  if (reviewsHere()) {
    try {
      const known = rec.game === 'musashi' ? await knownValues(rec) : undefined;
      if (opts.stopped?.()) return null;
      const review = await reviewGame({ options: rec.options, moves: rec.moves, known });
      if (opts.stopped?.()) return null;
      const done = { ...rec, review };
      each(done);
      return done;
    } catch {
      /* the server below */
    }
  }
  return followReview(code, n, each, { every: opts.every, stopped: opts.stopped });
}

/**
 * The server's table values for every position of Musashi game `rec`, or undefined when it
 * gives none (a refused, failed or malformed answer): the device then reviews alone.
 * @param {import('./types.js').GameRecordView} rec
 * @returns {Promise<(import('./types.js').KnownValue | null)[] | undefined>}
 */
async function knownValues(rec) {
  try {
    const { values } = await musashiValues({ options: rec.options, moves: rec.moves });
    return Array.isArray(values) && values.length === rec.moves.length + 1 ? values : undefined;
  } catch {
    return undefined;
  }
}
