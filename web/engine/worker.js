// The engine's worker: compiles the WebAssembly module as soon as it starts (a table against
// the CPU on this device starts it ahead of the first move, engine.js `warmEngine`) and answers
// each request in turn, so that a search never freezes the page.

import { call, imports } from './call.js';

/** @type {Promise<WebAssembly.Module> | null} */
let compiled = null;
/** @type {Promise<import('./call.js').EngineExports> | null} */
let loaded = null;

function load() {
  // Streaming: the module compiles while its bytes arrive, and the browser may keep the
  // compiled code with the cached response for the next visit.
  compiled ??= WebAssembly.compileStreaming(fetch(new URL('./qdan_engine.wasm', import.meta.url)));
  loaded ??= compiled.then(
    (m) => WebAssembly.instantiate(m, imports).then((i) => /** @type {any} */ (i.exports)),
    (err) => {
      // A failed download or compile: the next request tries again from the start.
      compiled = null;
      throw err;
    },
  );
  return loaded;
}

// Started ahead of the first request: the module is ready by the time a move is asked for. A
// failure here is seen again, and answered, by the request that needs the module.
load().catch(() => {
  loaded = null;
});

/** @type {any} */ (self).onmessage = async (/** @type {MessageEvent} */ e) => {
  const { id, request } = e.data;
  const post = /** @type {any} */ (self).postMessage.bind(self);
  try {
    const ex = await load();
    post({ id, answer: call(ex, request) });
  } catch (err) {
    // A trap leaves the instance unusable: the next request makes a fresh one from the module
    // compiled already.
    loaded = null;
    post({ id, answer: { error: String(err) } });
  }
};
