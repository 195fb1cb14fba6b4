// The page's way to the engine (crates/engine, in WebAssembly in a worker): the CPU's move,
// the hint, the analysis board's values and the reviews of finished games, worked out on this
// device. The worker and the module load on the first request, or ahead of it when the page
// knows one is coming (`warmEngine`), so no page pays for them at first load.

import { moveSeed, offlineSeed } from './seed.js';

export { moveSeed, offlineSeed };

/** @type {Worker | null} */
let worker = null;
let nextId = 1;
/** @type {Map<number, (answer: any) => void>} */
const waiting = new Map();

/** Set in this tab once the engine failed on a CPU move (`markEngineFailed`). */
const FAILED = 'qdan.engine-failed';

/**
 * Whether this browser can run the engine (WebAssembly and module workers), and it has not
 * failed in this tab: after a failure the next CPU games are made for the server to play,
 * rather than wait for its fallback at every move of the CPU.
 */
export function engineAvailable() {
  let failed = false;
  try {
    failed = sessionStorage.getItem(FAILED) === '1';
  } catch {
    /* storage refused: as if nothing failed */
  }
  return !failed && typeof WebAssembly === 'object' && typeof WebAssembly.compileStreaming === 'function' && typeof Worker === 'function';
}

/** Records that the engine failed (or worked again) in this tab. @param {boolean} failed */
export function markEngineFailed(failed) {
  try {
    if (failed) sessionStorage.setItem(FAILED, '1');
    else sessionStorage.removeItem(FAILED);
  } catch {
    /* storage refused: nothing remembered */
  }
}

function start() {
  if (worker) return worker;
  const w = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  w.onmessage = (e) => {
    const done = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    done?.(e.data.answer);
  };
  w.onerror = () => {
    // The worker could not start (or died): every waiting request fails, the next starts anew.
    for (const done of waiting.values()) done({ error: 'the engine stopped' });
    waiting.clear();
    worker = null;
  };
  worker = w;
  return w;
}

/**
 * Deadline reads (the unit of `ai::budget::work`) of the short search that warms the engine,
 * by game: about a tenth of a second. A module's first search runs largely in the browser's
 * baseline code, compiled quickly but slow, and a function already running never switches to
 * the optimized code compiled meanwhile: a 5x4 Dots opening move took 1.2 s when it was the
 * module's first search and 0.9 s after a short one (in Node, the module as served).
 * @type {Record<string, number>}
 */
const WARM_WORK = { dots: 20, musashi: 300, 'bagh-chal': 300 };

/**
 * Starts the worker, which compiles the module at once, and runs a short search of the coming
 * kind (its answer unused): called when a CPU move is sure to be asked for (the seated
 * player's table against the CPU on this device), so that the first one waits neither for the
 * download and the compile nor for the browser to optimize the search.
 * @param {Omit<MoveRequest, 'seed'>} req the table's game, rules, moves and the CPU's level
 */
export function warmEngine(req) {
  ask({ op: 'move', ...req, seed: '0', work: WARM_WORK[req.kind] ?? 0 });
}

/**
 * @param {object} request
 * @returns {Promise<any>}
 */
function ask(request) {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    start().postMessage({ id, request });
  });
}

/**
 * @typedef {{kind: string, options: object, moves: string[], level: string, seed: string}} MoveRequest
 */

/**
 * The move `level` plays after `moves`, or null when the game is over.
 * @param {MoveRequest} req
 * @returns {Promise<string | null>}
 */
export async function cpuMove(req) {
  const answer = await ask({ op: 'move', ...req });
  if ('error' in answer) throw new Error(answer.error);
  return answer.move;
}

/**
 * The expert's move for the side to move: the hint.
 * @param {Omit<MoveRequest, 'level'>} req
 * @returns {Promise<string | null>}
 */
export async function hintMove(req) {
  const answer = await ask({ op: 'hint', ...req });
  if ('error' in answer) throw new Error(answer.error);
  return answer.move;
}

/**
 * The analysis board's values for a position, worked out here (the same answer as
 * `POST /api/analysis`, on the device's work budget).
 * @param {import('../review/types.js').AnalysisRequest} req
 * @returns {Promise<import('../review/types.js').AnalysisView>}
 */
export async function analysePosition(req) {
  const answer = await ask({ op: 'analyse', ...req });
  if ('error' in answer) throw new Error(answer.error);
  return answer;
}

/**
 * The review of a finished game, worked out here (the same answer as the server's review of
 * those moves: the engine's `review` op, on its work budget). For Musashi, `known` (the answer
 * of `POST /api/musashi/values`, one entry or null per position) gives the exact values the
 * server's tables know, taken instead of a search.
 * @param {{options: import('../types.js').AnyOptions, moves: string[], known?: (import('../review/types.js').KnownValue | null)[]}} req
 * @returns {Promise<import('../review/types.js').ReviewView>}
 */
export async function reviewGame(req) {
  const answer = await ask({ op: 'review', ...req });
  if ('error' in answer) throw new Error(answer.error);
  return answer;
}
