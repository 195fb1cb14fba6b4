// The seed of a CPU move, as the server computes it (crates/ai/src/budget.rs, `move_seed`):
// FNV-1a (64 bits) of `code/gameNo/ply`, so the move the page works out is the one the
// server would have played there. BigInt: a u64 does not fit a JavaScript number.

const OFFSET = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;
const MASK = (1n << 64n) - 1n;

/**
 * @param {string} code the table's code
 * @param {number} gameNo
 * @param {number} ply moves played in that game before the CPU's
 * @returns {string} the seed as a decimal string
 */
export function moveSeed(code, gameNo, ply) {
  let h = OFFSET;
  for (const b of new TextEncoder().encode(`${code}/${gameNo}/${ply}`)) {
    h = ((h ^ BigInt(b)) * PRIME) & MASK;
  }
  return h.toString();
}
