// The seed of a CPU move, as the server computes it (crates/ai/src/budget.rs, `move_seed`):
// FNV-1a (64 bits) of `code/gameNo/ply`, so the move the page works out is the one the
// server would have played there. A game played offline (web/offline/) has no code: its CPU
// moves use `offline/ID/PLY` instead (docs/protocol.md, "Games played offline"). BigInt: a
// u64 does not fit a JavaScript number.

const OFFSET = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;
const MASK = (1n << 64n) - 1n;

/**
 * FNV-1a (64 bits) of the UTF-8 bytes of `text`, as a decimal string.
 * @param {string} text
 */
export function fnv1a64(text) {
  let h = OFFSET;
  for (const b of new TextEncoder().encode(text)) {
    h = ((h ^ BigInt(b)) * PRIME) & MASK;
  }
  return h.toString();
}

/**
 * @param {string} code the table's code
 * @param {number} gameNo
 * @param {number} ply moves played in that game before the CPU's
 * @returns {string} the seed as a decimal string
 */
export function moveSeed(code, gameNo, ply) {
  return fnv1a64(`${code}/${gameNo}/${ply}`);
}

/**
 * The seed of the CPU's move at `ply` in the offline game `id`.
 * @param {string} id the game's id, made by the page when the game started
 * @param {number} ply moves played before the CPU's
 */
export function offlineSeed(id, ply) {
  return fnv1a64(`offline/${id}/${ply}`);
}
