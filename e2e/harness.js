// Shared by the browser tests: start `qdan serve` on a free port with a fresh SQLite file,
// launch Debian's Chromium through playwright-core, and a few page helpers.

import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const SHOTS = join(root, 'e2e', 'screenshots');
mkdirSync(SHOTS, { recursive: true });

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
export const LANGS = ['en', 'de', 'ru', 'hi', 'tl'];

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

/**
 * Starts the server; resolves once it answers. `port` reuses an address (a service worker
 * belongs to its origin, so a test of a new release starts the next server on the same one);
 * `env` adds to the server's environment.
 * @param {{port?: number, env?: Record<string, string>}} [opts]
 * @returns {Promise<{url: string, port: number, stop: () => Promise<void>, log: () => string}>}
 */
export async function startServer(opts = {}) {
  // scripts/test names the binary cargo built; run alone, follow CARGO_TARGET_DIR if set.
  const bin = resolve(root, process.env.QDAN_BIN || join(process.env.CARGO_TARGET_DIR || 'target', 'debug', 'qdan'));
  const dir = await mkdtemp(join(tmpdir(), 'qdan-e2e-'));
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  // The tests make their players and groups from one address, faster than a person would:
  // the per-address bounds on new ones (issue 19) are off, and the request rate (which counts
  // page loads too) is ten times the site's; the rest keep their defaults. The rate limits
  // have tests of their own (crates/server/tests/hostile*.rs).
  const args = ['serve', '--addr', `127.0.0.1:${port}`, '--db', `sqlite://${dir}/qdan.db`,
    '--new-players-per-ip', '0', '--new-groups-per-ip', '0', '--http-rate', '200'];
  const proc = spawn(bin, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RUST_LOG: process.env.RUST_LOG || 'warn', ...opts.env },
  });
  let out = '';
  proc.stdout.on('data', (d) => { out += d; });
  proc.stderr.on('data', (d) => { out += d; });
  let exited = false;
  proc.on('exit', () => { exited = true; });
  proc.on('error', (e) => {
    exited = true;
    out += `\n${e}`;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`qdan serve exited early:\n${out}`);
    try {
      const r = await fetch(`${url}/en/`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`qdan serve did not answer within 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    log: () => out,
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
        await gone;
        clearTimeout(t);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One server and one browser for a test file: started before its first test, closed after
 * its last. Read `env.server` and `env.browser` inside the tests.
 */
export function serverAndBrowser() {
  const env = /** @type {{ server: Awaited<ReturnType<typeof startServer>>, browser: import('playwright-core').Browser }} */ ({});
  before(async () => {
    env.server = await startServer();
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

/** Launches Debian's Chromium, headless. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A fresh browser context (its own device token) and page.
 * @param {import('playwright-core').Browser} browser
 * @param {{width: number, height: number}} viewport
 * @param {string} [locale]
 */
export async function newPlayer(browser, viewport, locale = 'en-US') {
  const context = await browser.newContext({ viewport, locale, hasTouch: viewport.width < 500 });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { context, page, errors };
}

/**
 * The page's table and identity (see `qdanState` in web/play.js), or null before it exists.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<{table: any, you: any, seat: number | null}>}
 */
export function state(page) {
  return page.evaluate(() => {
    const w = /** @type {any} */ (window);
    return w.qdanState ? w.qdanState() : null;
  });
}

/**
 * Waits until the page's table satisfies `pred`, a JS expression over `s` = {table, you,
 * seat}, checked here (the site's CSP rightly forbids evaluating strings in the page).
 * @param {import('playwright-core').Page} page
 * @param {string} pred
 * @param {number} [timeout]
 */
export async function waitState(page, pred, timeout = 15_000) {
  const f = new Function('s', `return (${pred});`);
  const end = Date.now() + timeout;
  let last = null;
  for (;;) {
    try {
      last = await state(page);
      if (last && last.table && f(last)) return last;
    } catch {
      /* the page is navigating */
    }
    if (Date.now() > end) {
      const t = last?.table;
      throw new Error(`timed out waiting for ${pred}\n  seat ${last?.seat}, status ${t?.status}, game ${t?.gameNo}, view ${JSON.stringify(t?.view)?.slice(0, 400)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Sits the page's visitor down in the free seat by tapping "Join the game": a visitor only
 * watches until they do. Does nothing when this device already sits at the table.
 * @param {import('playwright-core').Page} page
 */
export async function sitDown(page) {
  const join = page.locator('#join');
  await join.or(page.locator('.seat.mine')).first().waitFor();
  if (await join.isVisible()) await join.click();
}

/**
 * The host opens a 3x3 Dots group from the English games page and the guest sits down through
 * its invite link; resolves once the guest's page shows the game in play.
 * @param {string} url  the server's URL
 * @param {{page: import('playwright-core').Page}} host
 * @param {{page: import('playwright-core').Page}} guest
 * @param {{ranked?: boolean}} [opts]
 */
export async function seatTwoAtDots3x3(url, host, guest, { ranked = false } = {}) {
  await host.page.goto(`${url}/en/games/dots`);
  await host.page.locator('body[data-ready="true"]').waitFor();
  await host.page.locator('#play-friend').click();
  await host.page.waitForURL(/\/en\/g\/[A-Za-z0-9]+$/);
  await waitState(host.page, 's.seat === 0');
  await host.page.locator('#settings summary').click();
  await host.page.locator('#opt-size').selectOption('3x3');
  if (ranked) await host.page.locator('#opt-ranked').check();
  await host.page.locator('#settings-save').click();
  await host.page.locator('#settings-saved').waitFor();
  const invite = await host.page.locator('#invite-link').inputValue();
  await guest.page.goto(invite);
  await sitDown(guest.page);
  await waitState(guest.page, 's.seat === 1 && s.table.status === "playing"');
}

/** The number of moves played so far in the page's current game. */
export const PLIES = `(s.table.view ? (s.table.view.game === 'dots' ? s.table.view.lines.length : (s.table.options.first === 'children' ? 2 * s.table.view.childrenMoves - (s.table.view.turn === 0 ? 1 : 0) : 2 * s.table.view.childrenMoves + (s.table.view.turn === 1 ? 1 : 0))) : 0)`;

/**
 * Every message id of the English locale (to catch ids shown instead of text).
 * @param {string} url
 */
export async function englishIds(url) {
  const ftl = await clientMessages(url, 'en');
  return [...ftl.matchAll(/^([a-z][a-zA-Z0-9-]*) =/gm)].map((m) => m[1]);
}

/**
 * The Fluent source the client of a locale formats with (the file its pages name).
 * @param {string} url @param {string} lang
 */
export async function clientMessages(url, lang) {
  const html = await (await fetch(`${url}/${lang}/`)).text();
  const data = JSON.parse(html.split('<script id="qdan-data" type="application/json">')[1].split('</script>')[0]);
  return (await fetch(`${url}${data.messages}`)).text();
}

/**
 * Plays a Musashi move by tapping the piece, then its destination.
 * @param {import('playwright-core').Page} page
 * @param {string} move  `from-to`
 */
export async function musashiMove(page, move) {
  const [from, to] = move.split('-');
  await page.locator(`svg.musashi-board [data-point="${from}"]`).click();
  await page.locator(`svg.musashi-board [data-target="${to}"]`).click();
}

/** Saves a screenshot under e2e/screenshots. @param {import('playwright-core').Page} page @param {string} name */
export async function shot(page, name) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

/**
 * Waits until `locator` matches exactly `n` elements. Boards redraw on the next animation
 * frame, which may come after the text that says a move was judged, so counting once right
 * after that text races the drawing.
 * @param {import('playwright-core').Locator} locator
 * @param {number} n
 * @param {number} [timeout]
 */
export async function waitCount(locator, n, timeout = 10_000) {
  const end = Date.now() + timeout;
  for (;;) {
    const got = await locator.count();
    if (got === n) return;
    if (Date.now() > end) throw new Error(`expected ${n} of ${locator}, found ${got}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
