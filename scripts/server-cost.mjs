// The server's CPU per finished game (issue 36; docs/benchmarks.md, "CPU on the device"): a
// whole 5x4 Dots game played through the page in Chromium, counted on the server process
// (utime + stime of /proc/PID/stat, so other work on the machine changes little), until the
// game ends ("play"), and from then until every page shows the game's review and the server
// has been idle for 2 s ("review": the pages work the review out on the device and ask the
// server only for the record; a page without WebAssembly has the server work it out). The
// player draws the first open line each turn. Kinds: two people; two people in browsers
// without WebAssembly; each CPU level worked out on the device (cpu-device-LEVEL); each level
// on the server (cpu-server-LEVEL). `--kinds a,b` runs only those.
//
//   cargo build --release -p qdan && QDAN_BIN=target/release/qdan node scripts/server-cost.mjs [--games 2] [--kinds ...]
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from '../e2e/harness.js';

const flag = process.argv.indexOf('--games');
const games = flag > 0 ? Number(process.argv[flag + 1]) : 2;
const bin = process.env.QDAN_BIN || 'target/release/qdan';
const dir = await mkdtemp(join(tmpdir(), 'qdan-cost-'));
const port = 20000 + Math.floor(Math.random() * 20000);
const url = `http://127.0.0.1:${port}`;
const proc = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--db', `sqlite://${dir}/qdan.db`,
  '--new-players-per-ip', '0', '--new-groups-per-ip', '0', '--http-rate', '200'], { stdio: 'ignore' });
const ticks = Number(process.env.CLK_TCK || 100);
/** The server's CPU seconds so far. */
const cpu = async () => {
  const f = (await readFile(`/proc/${proc.pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / ticks;
};
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
for (let i = 0; ; i++) {
  try { if ((await fetch(`${url}/en/`)).ok) break; } catch { /* not yet */ }
  if (i > 200) throw new Error('qdan serve did not start');
  await sleep(150);
}
await sleep(3000); // the start-up compression of the assets
const browser = await launch();

async function player(wasm = true) {
  const r = await fetch(`${url}/api/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  const { token } = await r.json();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  await context.addInitScript((t) => localStorage.setItem('qdan.token', t), token);
  if (!wasm) await context.addInitScript(() => { delete (/** @type {any} */ (globalThis)).WebAssembly; });
  return { token, context, page: await context.newPage() };
}

/** Plays one game of `kind` through the page(s); returns [play, review] CPU seconds. */
async function game(/** @type {string} */ kind) {
  const c0 = await cpu();
  const wasm = kind !== 'people-no-wasm';
  const people = kind.startsWith('people');
  const host = await player(wasm);
  const level = kind.split('-')[2];
  const body = people ? { game: 'dots' } : { game: 'dots', cpu: level, cpuOnDevice: kind.startsWith('cpu-device') };
  const g = await (await fetch(`${url}/api/groups`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${host.token}` }, body: JSON.stringify(body),
  })).json();
  const pages = [host.page];
  await host.page.goto(`${url}/en${g.url}`);
  if (people) {
    const guest = await player(wasm);
    await guest.page.goto(`${url}/en${g.url}`);
    await guest.page.locator('#join').click();
    pages.push(guest.page);
  }
  const st = (/** @type {import('playwright-core').Page} */ p) => p.evaluate(() => /** @type {any} */ (window).qdanState?.());
  for (;;) {
    let moved = false;
    for (const p of pages) {
      const s = await st(p).catch(() => null);
      if (!s?.table?.view) continue;
      if (s.table.status === 'over') return finish(c0, host, pages);
      if (s.table.status === 'playing' && s.table.view.turn === s.table.seats[s.seat]?.side) {
        await p.locator(`svg.dots-board .edge-hit[data-edge="${s.table.view.legal[0]}"]`).click();
        await p.waitForFunction((n) => /** @type {any} */ (window).qdanState().table.plies > n, s.table.plies);
        moved = true;
      }
    }
    if (!moved) await sleep(30);
  }
}

async function finish(/** @type {number} */ c0, /** @type {any} */ host, /** @type {any[]} */ pages) {
  const c1 = await cpu();
  await Promise.all(pages.map((p) => p.locator('#review #chart svg').waitFor({ timeout: 60_000 })));
  await Promise.all(pages.map((p) => p.context().close()));
  let last = await cpu();
  for (let quiet = 0; quiet < 8;) {
    await sleep(250);
    const now = await cpu();
    quiet = now - last < 0.005 ? quiet + 1 : 0;
    last = now;
  }
  return [c1 - c0, last - c1];
}

try {
  const levels = ['beginner', 'intermediate', 'expert'];
  const all = ['people', 'people-no-wasm', ...levels.map((l) => `cpu-device-${l}`), ...levels.map((l) => `cpu-server-${l}`)];
  const only = process.argv.indexOf('--kinds');
  const kinds = only > 0 ? process.argv[only + 1].split(',') : all;
  for (const kind of kinds) {
    if (!all.includes(kind)) throw new Error(`unknown kind ${kind}: one of ${all.join(', ')}`);
    const rows = [];
    for (let i = 0; i < games; i++) rows.push(await game(kind));
    const f = (/** @type {number} */ x) => x.toFixed(2);
    console.log(`${kind}: play ${rows.map((r) => f(r[0])).join(', ')} CPU-s; review ${rows.map((r) => f(r[1])).join(', ')} CPU-s; load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  }
} finally {
  await browser.close();
  proc.kill('SIGTERM');
  await sleep(500);
  await rm(dir, { recursive: true, force: true });
}
