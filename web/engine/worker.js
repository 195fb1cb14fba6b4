// The engine's worker: loads the WebAssembly module the first time it is asked something and
// answers each request in turn, so that a search never freezes the page.

import { call, imports } from './call.js';

/** @type {Promise<import('./call.js').EngineExports> | null} */
let loaded = null;

function load() {
  loaded ??= WebAssembly.instantiateStreaming(fetch(new URL('./qdan_engine.wasm', import.meta.url)), imports).then(
    (r) => /** @type {any} */ (r.instance.exports),
  );
  return loaded;
}

/** @type {any} */ (self).onmessage = async (/** @type {MessageEvent} */ e) => {
  const { id, request } = e.data;
  const post = /** @type {any} */ (self).postMessage.bind(self);
  try {
    const ex = await load();
    post({ id, answer: call(ex, request) });
  } catch (err) {
    // A trap leaves the instance unusable: the next request loads a fresh one.
    loaded = null;
    post({ id, answer: { error: String(err) } });
  }
};
