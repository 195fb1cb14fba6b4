// Times the engine's moves in Chromium with the CPU throttled (a mid-range phone is about four
// times slower than a desktop: Chrome DevTools' own preset), for the level budgets of issue 36
// (docs/design.md, "Levels are amounts of work"). Requests come one JSON per line on stdin,
// as `cargo run --release -p engine --example positions` prints them; the module runs on the
// page's main thread (throttling is certain to apply there), from a static server of web/.
//
//   cargo run -q --release -p engine --example positions -- --level expert --per-game 30 \
//     | node scripts/engine-timing.mjs [--throttle 4]
// (`--analyse` instead of `--level`: the analysis board's values, timed by game.)
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../e2e/harness.js';

const web = fileURLToPath(new URL('../web/', import.meta.url));
const flag = process.argv.indexOf('--throttle');
const throttle = flag > 0 ? Number(process.argv[flag + 1]) : 4;
const requests = readFileSync(0, 'utf8').trim().split('\n').map((l) => JSON.parse(l));

const types = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
const server = createServer((req, res) => {
  const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
  if (path === '') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>engine timing</title>');
  try {
    const body = readFileSync(join(web, path));
    res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(null)));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const browser = await launch();
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const times = await page.evaluate(async (reqs) => {
    const { call, imports } = await import('/engine/call.js');
    const { instance } = await WebAssembly.instantiateStreaming(fetch('/engine/qdan_engine.wasm'), imports);
    const out = [];
    for (const r of reqs) {
      const t = performance.now();
      const answer = call(/** @type {any} */ (instance.exports), r);
      out.push({ kind: r.kind ?? r.options.game, level: r.level ?? r.op, ms: performance.now() - t, capped: answer.capped === true, exact: answer.value?.exact === true });
    }
    return out;
  }, requests);
  /** @type {Map<string, number[]>} */
  const by = new Map();
  for (const t of times) by.set(`${t.kind} ${t.level}`, [...(by.get(`${t.kind} ${t.level}`) ?? []), t.ms]);
  const at = (/** @type {number[]} */ xs, /** @type {number} */ q) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))];
  console.log(`throttle ${throttle}x, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const [key, xs] of by) {
    xs.sort((a, b) => a - b);
    console.log(`${key}: n=${xs.length} median ${at(xs, 0.5).toFixed(0)} ms, p95 ${at(xs, 0.95).toFixed(0)} ms, max ${xs[xs.length - 1].toFixed(0)} ms`);
  }
  const capped = times.filter((t) => t.capped).length;
  if (capped) console.log(`${capped} moves hit the time cap`);
  const analyses = times.filter((t) => t.level === 'analyse');
  if (analyses.length) console.log(`${analyses.filter((t) => t.exact).length} of ${analyses.length} analysed positions exact`);
} finally {
  await browser.close();
  server.close();
}
