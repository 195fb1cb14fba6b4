// The HTTP side of the protocol: the device token, groups, options, the leaderboard.

/** The localStorage key of this device's token. */
export const TOKEN_KEY = 'qdan.token';

/** An HTTP failure with the server's error code when it sent one. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {Record<string, number>} [args]
   * @param {string} [detail]  The server's own words, for errors a person fixes (a bad record file).
   */
  constructor(status, code, args, detail) {
    super(`${status} ${code}`);
    this.status = status;
    this.code = code;
    /** The code's typed arguments (`too-many-groups` has `max`). */
    this.args = args || {};
    this.detail = detail;
  }
}

/**
 * One request to the server's HTTP API: JSON (or plain text) in, JSON out, failures as ApiError.
 * @param {string} url
 * @param {{method?: string, json?: unknown, text?: string, token?: string | null}} [opts]
 * @returns {Promise<any>}
 */
export async function request(url, opts = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json' };
  /** @type {string | undefined} */
  let body;
  if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.text !== undefined) {
    headers['Content-Type'] = 'text/plain; charset=utf-8';
    body = opts.text;
  }
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let res;
  try {
    res = await fetch(url, { method: opts.method ?? 'GET', headers, body });
  } catch {
    throw new ApiError(0, 'network');
  }
  const raw = await res.text();
  /** @type {any} */
  let data = null;
  try {
    data = raw ? JSON.parse(raw) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    throw new ApiError(res.status, (data && (data.code || data.error)) || 'internal', data?.args, data?.message);
  }
  return data;
}

/**
 * @param {string} method
 * @param {string} url
 * @param {unknown} [json]
 * @param {string | null} [token]
 */
const call = (method, url, json, token) => request(url, { method, json, token });

/** @returns {string | null} */
export function storedToken() {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Forgets the token (the server no longer knows it). */
export function forgetToken() {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* storage may be off; nothing to forget then */
  }
}

/**
 * This device's token, asking the server for one the first time.
 * @returns {Promise<string>}
 */
export async function ensureToken() {
  const have = storedToken();
  if (have) return have;
  // The new player's default name is shown in each reader's language (web/names.js); the
  // page's language is still sent, and ignored.
  const r = await call('POST', '/api/players', { lang: document.documentElement.lang || 'en' });
  try {
    localStorage.setItem(TOKEN_KEY, r.token);
  } catch {
    /* private mode: the token lives as long as the page */
  }
  return r.token;
}

/**
 * Opens a group. With `cpu` the CPU takes the second seat at that level, played on this device
 * when it can run the engine (`cpuOnDevice`: the server then works out none of its moves).
 * @param {{game: import('./types.js').GameId, cpu?: import('./types.js').CpuLevel, options?: object, cpuOnDevice?: boolean,
 *   turnLimit?: number | null, keepPool?: boolean}} req  `keepPool`: keep the quick-pairing pool place (docs/protocol.md)
 * @returns {Promise<{code: string, url: string}>}
 */
export async function createGroup(req) {
  // Loaded only here, and only for a game against the CPU: other pages never fetch it.
  if (req.cpu && (await import('./engine/engine.js')).engineAvailable()) req = { ...req, cpuOnDevice: true };
  const token = await ensureToken();
  try {
    return await call('POST', '/api/groups', req, token);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      forgetToken();
      return call('POST', '/api/groups', req, await ensureToken());
    }
    throw e;
  }
}

/**
 * @param {import('./types.js').GameId} game
 * @returns {Promise<import('./types.js').OptionSpec[]>}
 */
export async function gameOptions(game) {
  // `{options, turnLimits}` (`GameOptions` in docs/protocol.schema.json).
  const r = await call('GET', `/api/options/${game}`);
  return r.options;
}

/**
 * @param {import('./types.js').GameId} game
 * @returns {Promise<{playerId: string, tag: string, name: string, rating: number, deviation: number, games: number}[]>}
 */
export function leaderboard(game) {
  return call('GET', `/api/leaderboard/${game}`);
}

/**
 * This device's player, if it has one (no player is made for asking).
 * @returns {Promise<{playerId: string, name: string} | null>}
 */
export async function me() {
  const token = storedToken();
  if (!token) return null;
  try {
    return await call('GET', '/api/me', undefined, token);
  } catch {
    return null;
  }
}
