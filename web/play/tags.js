// Namesakes at one table: when both seated players go by the same name, each name gets the
// short tag the leaderboard shows beside it (`#K3J9`), so "Ana to move" can be told from the
// other Ana. The tag is the server's `player_tag` (crates/server/src/ids.rs): the first 20
// bits of SHA-256 of the player id, as four Crockford letters, worked out here from the seat's
// player id. The hash is asynchronous (Web Crypto), so tags are cached and the page is asked to
// draw again once they are known; where Web Crypto is missing (a page not served over HTTPS)
// the names go without tags.

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** @type {Map<string, string>} */
const known = new Map();
/** @type {Set<string>} */
const pending = new Set();

/**
 * The tag of a player id, computed as the server does.
 * @param {string} playerId
 * @returns {Promise<string>}
 */
export async function playerTag(playerId) {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(playerId)));
  const bits = ((d[0] << 24) | (d[1] << 16) | (d[2] << 8) | d[3]) >>> 0;
  let tag = '';
  for (let i = 0; i < 4; i++) tag += CROCKFORD[(bits >>> (27 - 5 * i)) & 31];
  return tag;
}

/**
 * Whether the two seats hold two people of the same name.
 * @param {import('../types.js').TableView} table
 */
export function namesakes(table) {
  const [a, b] = table.seats;
  return !!a && !!b && !a.cpu && !b.cpu && !!a.playerId && !!b.playerId && a.playerId !== b.playerId
    && a.name.trim().toLowerCase() === b.name.trim().toLowerCase();
}

/**
 * The tags to show beside the two seats' names: both when they are namesakes and the tags are
 * known, else none. Starts working out unknown tags and calls `ready` once they are known.
 * @param {import('../types.js').TableView} table
 * @param {() => void} ready
 * @returns {[string | null, string | null]}
 */
export function seatTags(table, ready) {
  if (!namesakes(table)) return [null, null];
  const ids = table.seats.map((s) => /** @type {string} */ (s?.playerId));
  const missing = ids.filter((id) => !known.has(id) && !pending.has(id));
  if (missing.length && globalThis.crypto?.subtle) {
    for (const id of missing) {
      pending.add(id);
      playerTag(id).then((tag) => {
        known.set(id, tag);
        pending.delete(id);
        ready();
      }, () => pending.delete(id));
    }
  }
  const [a, b] = ids.map((id) => known.get(id) ?? null);
  return a && b ? [a, b] : [null, null];
}
