// The engine warmed ahead of the CPU's first move (issue 36, play/device-cpu.js `warmSoon`):
// a page whose player sits against the CPU on this device starts the engine's worker, which
// downloads and compiles the module and runs a short search, while it is still the player's
// turn; a page where nobody plays against this device's CPU (a watcher's, as Lighthouse loads
// a table) starts nothing. The CPU's answer to the player's first line is asked for as the
// player draws it, before the server sends the line back.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, newPlayer, serverAndBrowser, state, waitState } from './harness.js';

const env = serverAndBrowser();

/**
 * Records, in the page, each engine worker started, each request posted to it (with the moves
 * on the page's table then) and each answer (`window.engineLog`), and in the test each fetch
 * of the module (`wasm`).
 * @param {Awaited<ReturnType<typeof newPlayer>>} p
 */
async function watchEngine(p) {
  await p.context.addInitScript(() => {
    const log = /** @type {string[]} */ ([]);
    /** @type {any} */ (window).engineLog = log;
    const Base = window.Worker;
    window.Worker = class extends Base {
      /** @param {string | URL} url @param {WorkerOptions} [opts] */
      constructor(url, opts) {
        super(url, opts);
        log.push(`start ${new URL(url, location.href).pathname}`);
        this.addEventListener('message', () => log.push('answer'));
      }

      /** @param {any} msg @param {any} [more] */
      postMessage(msg, more) {
        // With the moves the page's table holds then: the answer to the player's move is asked
        // for before the server sends that move back.
        log.push(`ask ${msg?.request?.op} at ${/** @type {any} */ (window).qdanState?.()?.table?.plies}`);
        super.postMessage(msg, more);
      }
    };
  });
  /** @type {string[]} */
  const wasm = [];
  p.context.on('request', (r) => {
    // The service worker keeps a copy of the module for offline play (web/sw.js): not the engine.
    if (r.url().includes('qdan_engine.wasm') && !r.serviceWorker()) wasm.push(r.url());
  });
  return wasm;
}

/** @param {import('playwright-core').Page} page @returns {Promise<string[]>} */
const engineLog = (page) => page.evaluate(() => /** @type {any} */ (window).engineLog);

test('the engine warms up for the player seated against the CPU on this device, before any CPU move is due', async () => {
  const me = await newPlayer(env.browser, PHONE);
  const wasm = await watchEngine(me);
  // 5x4 Dots against the expert, the player first: no CPU move is due until the player draws.
  await me.page.goto(`${env.server.url}/en/games/dots`);
  await me.page.locator('body[data-ready="true"]').waitFor();
  const url = await me.page.evaluate(async () => {
    const api = await import('/static/api.js');
    return (await api.createGroup({ game: 'dots', cpu: 'expert', options: {} })).url;
  });
  await me.page.goto(`${env.server.url}/en${url}`);
  const st = await waitState(me.page, 's.seat === 0 && s.table.status === "playing"');
  assert.equal(st.table.cpuOnDevice, true);
  // The short search is asked for and answered with no move on the board.
  await me.page.waitForFunction(() => /** @type {any} */ (window).engineLog.includes('answer'), null, { timeout: 15_000 });
  assert.deepEqual(await engineLog(me.page), ['start /static/engine/worker.js', 'ask move at 0', 'answer']);
  assert.equal(wasm.length, 1, 'the worker fetched the module');
  assert.equal((await state(me.page)).table.moves.length, 0, 'no move was played');

  // The player's first line: the same worker answers it, asked once, as the player drew it
  // (the table on the page still without it), and the CPU's line is on the table.
  await me.page.locator(`svg.dots-board .edge-hit[data-edge="${st.table.view.legal[0]}"]`).click();
  await waitState(me.page, 's.table.plies >= 2', 20_000);
  const log = await engineLog(me.page);
  assert.deepEqual(log.slice(3), ['ask move at 0', 'answer'], log.join(', '));
  assert.equal(wasm.length, 1, 'the module was fetched once');
  assert.deepEqual(me.errors, []);
  await me.context.close();
});

test('a watcher of a game against the CPU on the device starts no engine', async () => {
  const player = await newPlayer(env.browser, PHONE);
  await player.page.goto(`${env.server.url}/en/games/dots`);
  await player.page.locator('body[data-ready="true"]').waitFor();
  const url = await player.page.evaluate(async () => {
    const api = await import('/static/api.js');
    return (await api.createGroup({ game: 'dots', cpu: 'expert', options: {} })).url;
  });
  await player.page.goto(`${env.server.url}/en${url}`);
  await waitState(player.page, 's.seat === 0 && s.table.status === "playing"');

  const watcher = await newPlayer(env.browser, PHONE);
  const wasm = await watchEngine(watcher);
  await watcher.page.goto(`${env.server.url}/en${url}`);
  const st = await waitState(watcher.page, 's.table.status === "playing"');
  assert.equal(st.seat, null, 'a watcher');
  assert.equal(st.table.cpuOnDevice, true);
  // Long enough for the page's load and a warm-up to have started (it starts at load).
  await watcher.page.waitForLoadState('load');
  await watcher.page.waitForTimeout(1500);
  assert.deepEqual(await engineLog(watcher.page), []);
  assert.deepEqual(wasm, []);
  assert.deepEqual(watcher.errors, []);
  await watcher.context.close();
  await player.context.close();
});
