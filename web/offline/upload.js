// Uploads the games played offline once the network is back (POST /api/games/offline,
// docs/protocol.md): app.js starts it on a page load while online and at the `online` event,
// only when this device keeps offline games. Accepted (201, or 200 for an id already uploaded)
// the game is a normal record on the server and the local copy is dropped; refused (400, 413)
// it is marked with the server's code and never sent again; a network error, 429 or a 5xx
// leaves it for later (the next `online` event or page load, or a minute from now).

import { ApiError, ensureToken, forgetToken, request } from '../api.js';
import { CHANGED, dropOffline, pendingUploads, saveOffline } from './store.js';

/** When a retryable failure is tried again while the page stays open (ms). */
const RETRY_MS = 60_000;

/** @type {Promise<void> | null} */
let running = null;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let retry;

/** @param {import('./store.js').OfflineGame} g */
const body = (g) => ({
  id: g.id, game: g.game, options: g.options, cpu: g.cpu, moves: g.moves,
  ...(g.resigned ? { resigned: true } : {}), startedAt: g.startedAt, endedAt: g.endedAt,
});

/** @param {object} json */
async function post(json) {
  const token = await ensureToken();
  try {
    return await request('/api/games/offline', { method: 'POST', json, token });
  } catch (e) {
    // The server forgot this device: a new player uploads it (as POST /api/groups does).
    if (!(e instanceof ApiError && e.status === 401)) throw e;
    forgetToken();
    return request('/api/games/offline', { method: 'POST', json, token: await ensureToken() });
  }
}

async function run() {
  let changed = false;
  let later = false;
  /** The replay path of each game the server took, by id (the page showing one links to it). @type {Record<string, string>} */
  const uploaded = {};
  for (const g of pendingUploads()) {
    try {
      const r = await post(body(g));
      dropOffline(g.id);
      if (typeof r?.url === 'string') uploaded[g.id] = r.url;
      changed = true;
    } catch (e) {
      const status = e instanceof ApiError ? e.status : 0;
      if (status === 400 || status === 413) {
        const code = status === 413 ? 'too-large' : /** @type {ApiError} */ (e).code;
        const ply = /** @type {ApiError} */ (e).args.ply;
        saveOffline({ ...g, refused: typeof ply === 'number' ? { code, ply } : { code } });
        changed = true;
      } else {
        // Offline again, rate-limited or a server in trouble: the rest waits too.
        later = true;
        break;
      }
    }
  }
  if (changed) dispatchEvent(new CustomEvent(CHANGED, { detail: { uploaded } }));
  clearTimeout(retry);
  if (later) retry = setTimeout(uploadOffline, RETRY_MS);
}

/** Uploads every finished offline game not refused; one run at a time. */
export function uploadOffline() {
  running ??= run().finally(() => {
    running = null;
  });
  return running;
}
