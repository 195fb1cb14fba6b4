// Runs the checked-in engine module under Node for crates/engine/tests/wasm_agreement.rs:
// one JSON request per line on stdin, one JSON answer per line on stdout.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { call, imports } from '../../../web/engine/call.js';

const { instance } = await WebAssembly.instantiate(readFileSync(process.argv[2]), imports);
const ex = /** @type {any} */ (instance.exports);
for await (const line of createInterface({ input: process.stdin })) {
  process.stdout.write(`${JSON.stringify(call(ex, JSON.parse(line)))}\n`);
}
