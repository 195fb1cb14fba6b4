// Runs the checked-in engine module under Node for the engine's tests and `qdan-arena levels`:
// one JSON request per line on stdin, one JSON answer per line on stdout. With
// `--no-time-cap` the module's clock stands still, so its safety cap never fires and only the
// work budget ends a search, as in the native build's `handle` (a loaded machine then cannot
// make the two play different moves).
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { call, imports } from '../../../web/engine/call.js';

const still = process.argv.includes('--no-time-cap');
const { instance } = await WebAssembly.instantiate(readFileSync(process.argv[2]), still ? { env: { now: () => 0 } } : imports);
const ex = /** @type {any} */ (instance.exports);
for await (const line of createInterface({ input: process.stdin })) {
  process.stdout.write(`${JSON.stringify(call(ex, JSON.parse(line)))}\n`);
}
