// One request to the engine module through its plain ABI (crates/engine/src/abi.rs): the
// request's JSON is written into memory the module hands out, and the answer read back from
// where the module keeps it. Shared by the page's worker and the tests that run the module
// under Node.

/**
 * @typedef {{
 *   memory: WebAssembly.Memory,
 *   engine_alloc: (len: number) => number,
 *   engine_free: (ptr: number, len: number) => void,
 *   engine_call: (ptr: number, len: number) => number,
 *   engine_answer: () => number,
 * }} EngineExports
 */

/** The imports the module needs: a monotonic clock in milliseconds, read by the time cap. */
export const imports = { env: { now: () => performance.now() } };

/**
 * @param {EngineExports} ex the instance's exports
 * @param {object} request
 * @returns {any} the answer: `{move, capped}` or `{error}`
 */
export function call(ex, request) {
  const bytes = new TextEncoder().encode(JSON.stringify(request));
  const ptr = ex.engine_alloc(bytes.length);
  try {
    new Uint8Array(ex.memory.buffer, ptr, bytes.length).set(bytes);
    const len = ex.engine_call(ptr, bytes.length);
    // Read after the call: memory may have grown, which replaces `memory.buffer`.
    const out = new Uint8Array(ex.memory.buffer, ex.engine_answer(), len);
    return JSON.parse(new TextDecoder().decode(out));
  } finally {
    ex.engine_free(ptr, bytes.length);
  }
}
