// Time to the CPU's first move after a cold load of a game page, the CPU worked out on the
// device, in Chromium with the CPU throttled (4x: DevTools' mid-range phone) — a figure of
// issue 36 (docs/benchmarks.md, "CPU on the device"). Each run is a fresh browser context
// (nothing cached): the page, its modules, the engine's worker and its module all load.
//
//   cargo build --release -p qdan && QDAN_BIN=target/release/qdan node scripts/engine-first-move.mjs [--runs 3]
//
// Musashi: the expert CPU plays the Children, who move first, so the clock runs from the
// navigation to the CPU's move on the board. Dots (5x4, the player first): from the navigation
// to the CPU's answer to the player's first line, the line drawn as soon as the board is ready.
// Each figure prints with its parts (medians, ms from the navigation): `ready`, the table in
// play on the page; `tap`, the page's own tap on the line (Playwright's click checks the line
// first, which takes a few hundred ms of the throttled page).
import { loadavg } from 'node:os';
import { launch, startServer } from '../e2e/harness.js';

const flag = process.argv.indexOf('--runs');
const runs = flag > 0 ? Number(process.argv[flag + 1]) : 3;
const server = await startServer();
const browser = await launch();

/** A player and a CPU game for it, made over HTTP. */
async function cpuGame(/** @type {object} */ body) {
  const p = await (await fetch(`${server.url}/api/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json();
  const g = await fetch(`${server.url}/api/groups`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
    body: JSON.stringify({ ...body, cpu: 'expert', cpuOnDevice: true }),
  });
  return { token: p.token, url: (await g.json()).url };
}

/** Milliseconds from the navigation to the table holding `plies` moves. */
async function timed(/** @type {object} */ body, /** @type {boolean} */ playerFirst) {
  const { token, url } = await cpuGame(body);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  await context.addInitScript((t) => {
    localStorage.setItem('qdan.token', t);
    addEventListener('pointerdown', () => { /** @type {any} */ (window).tapAt ??= performance.now(); }, true);
  }, token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const start = Date.now();
  await page.goto(`${server.url}/en${url}`);
  const st = () => page.evaluate(() => /** @type {any} */ (window).qdanState?.());
  const until = async (/** @type {(s: any) => boolean} */ ok) => {
    for (;;) {
      const s = await st().catch(() => null);
      if (s && ok(s)) return s;
      await page.waitForTimeout(20);
    }
  };
  const s = await until((s) => s.table?.status === 'playing' && s.table.view);
  const ready = await page.evaluate(() => performance.now());
  if (playerFirst) {
    await page.locator(`svg.dots-board .edge-hit[data-edge="${s.table.view.legal[0]}"]`).click();
  }
  await until((s) => s.table?.plies >= (playerFirst ? 2 : 1));
  const ms = Date.now() - start;
  const tap = await page.evaluate(() => /** @type {any} */ (window).tapAt ?? null);
  await context.close();
  return { ms, ready, tap };
}

/** @param {number[]} xs */
const median = (xs) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);

try {
  for (const [name, body, first] of /** @type {const} */ ([
    ['musashi 33 points, the CPU first', { game: 'musashi', options: { first: 'children' } }, false],
    ['dots 5x4, the player first', { game: 'dots' }, true],
  ])) {
    const got = [];
    for (let i = 0; i < runs; i++) got.push(await timed(body, first));
    const times = got.map((g) => g.ms).sort((a, b) => a - b);
    const parts = [`ready ${median(got.map((g) => g.ready))}`, ...(first ? [`tap ${median(got.map((g) => g.tap ?? NaN))}`] : [])];
    console.log(`${name}: ${times.join(', ')} ms (median ${median(times)} ms; ${parts.join(', ')}); load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
