// Where the analysis board's values come from: this device, by the engine in its worker
// (web/engine/engine.js; the page never waits on the main thread), when the browser can run
// it; the server (`POST /api/analysis`) otherwise, and when the engine fails (a module that
// did not load, or a position it refuses: the server's answer then says why). The values
// are the same code's (crates/engine/src/analysis); the server's may be exact where the
// device's are estimates: it has the Musashi and Bagh-Chal tables and more time.

import { analysePosition, engineAvailable } from '../engine/engine.js';
import { analyse as askServer } from './api.js';

/**
 * @param {import('./types.js').AnalysisRequest} req
 * @returns {Promise<import('./types.js').AnalysisView>}
 */
export async function analyse(req) {
  if (engineAvailable()) {
    try {
      return await analysePosition(req);
    } catch {
      /* asked of the server below */
    }
  }
  return askServer(req);
}
