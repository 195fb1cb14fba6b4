// Pages keep still while they fill in: the server's HTML holds each page's final layout, so
// the layout shifts a page makes while it loads (on a slowed network, so every step paints)
// stay near zero (Lighthouse's "good" is under 0.1; the aim, under 0.05), on every page
// type, those after a game too. Screenshots at phone and desktop width.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { finishedGame } from './finished-game.js';
import { DESKTOP, PHONE, newPlayer, serverAndBrowser, shot, waitState } from './harness.js';

const env = serverAndBrowser();

/**
 * POSTs JSON to the server, with a device token when given.
 * @param {string} path @param {unknown} body @param {string} [token]
 */
async function post(path, body, token) {
  const r = await fetch(`${env.server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  assert.ok(r.ok, `${path}: ${r.status}`);
  return r.json();
}

/** A group against the CPU whose host never comes: its page shows a live table to a visitor. */
async function cpuTable(/** @type {string} */ game) {
  const { token } = await post('/api/players', { name: 'Host' });
  return (await post('/api/groups', { game, cpu: 'beginner' }, token)).code;
}

/**
 * Loads `path` with a 150 ms round trip and returns the layout shifts it made (not caused by
 * input) until `ready` resolves and a moment after.
 * @param {import('playwright-core').Page} page @param {string} path @param {() => Promise<unknown>} ready
 */
async function shifts(page, path, ready) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 90_000 });
  await page.goto(`${env.server.url}${path}`);
  await ready();
  await page.waitForTimeout(400);
  const total = await page.evaluate(() => /** @type {any} */ (window).__shifts.reduce((a, /** @type {number} */ b) => a + b, 0));
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  return total;
}

test('pages do not move while they fill in', async () => {
  const codes = { dots: await cpuTable('dots'), musashi: await cpuTable('musashi') };
  // A finished game for the pages after a game, played from a page (Node 20 has no WebSocket).
  const host = await post('/api/players', { name: 'Host' });
  const setup = await newPlayer(env.browser, PHONE);
  await setup.page.goto(`${env.server.url}/en/`);
  const done = await setup.page.evaluate(finishedGame, { base: env.server.url, host: host.token });
  await setup.context.close();
  for (const [size, viewport] of [['390x844', PHONE], ['1280x800', DESKTOP]]) {
    const { context, page, errors } = await newPlayer(env.browser, /** @type {{width: number, height: number}} */ (viewport));
    await context.addInitScript(() => {
      const w = /** @type {any} */ (window);
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of /** @type {any[]} */ (list.getEntries())) if (!e.hadRecentInput) w.__shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const ready = () => page.locator('body[data-ready="true"]').waitFor();
    const cases = [
      ['home', '/en/', ready, 0.01],
      ['game', '/de/games/dots', ready, 0.01],
      ['lesson', '/hi/games/musashi/learn', () => page.locator('svg.musashi-board').waitFor(), 0.01],
      ['leaderboard', '/ru/leaderboard', ready, 0.01],
      ...['dots', 'musashi'].map((g) => [`table-${g}`, `/en/g/${codes[/** @type {'dots' | 'musashi'} */ (g)]}`,
        async () => {
          await waitState(page, 's.table.status === "playing"');
          await page.locator('.panel .seat').first().waitFor();
        }, 0.01]),
      // The pages after a game: both analysis boards (until every move has its value), the
      // finished table with its review, the replay with its chart, a player's games, one's own.
      ...['musashi', 'dots'].map((g) => [`analysis-${g}`, `/en/games/${g}/analysis`,
        () => page.locator('#move-values li').first().waitFor(), 0.01]),
      ['review', `/en/g/${done}`, () => page.locator('#review .review-chart .chart-turn').first().waitFor(), 0.01],
      ['replay', `/en/g/${done}/1`, () => page.locator('#replay .review-chart .chart-turn').first().waitFor(), 0.01],
      ['player', `/en/players/${host.playerId}`, () => page.locator('#games a[href$="/1"]').first().waitFor(), 0.01],
      ['my-games', '/en/my-games', ready, 0.01],
    ];
    for (const [name, path, until, limit] of /** @type {[string, string, () => Promise<unknown>, number][]} */ (cases)) {
      const cls = await shifts(page, path, until);
      console.log(name, size, cls.toFixed(4));
      assert.ok(cls < limit, `${name} at ${size} shifted ${cls.toFixed(3)} (limit ${limit})`);
      await shot(page, `layout-${name}-${size}`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a returning visitor loads only the new page', async () => {
  const { context, page, errors } = await newPlayer(env.browser, PHONE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  /** @type {Set<string>} */
  const cached = new Set();
  /** @type {string[]} */
  let fetched = [];
  cdp.on('Network.requestServedFromCache', (e) => cached.add(e.requestId));
  cdp.on('Network.responseReceived', (e) => {
    const url = new URL(e.response.url);
    if (url.protocol.startsWith('http') && !e.response.fromDiskCache && !cached.has(e.requestId)) fetched.push(url.pathname);
  });
  const visit = async (/** @type {string} */ path) => {
    fetched = [];
    await page.goto(`${env.server.url}${path}`);
    await page.locator('body[data-ready="true"]').waitFor();
    await page.waitForTimeout(200);
    return fetched.filter((p) => !p.startsWith('/api/')).sort();
  };
  const first = await visit('/en/');
  assert.ok(first.includes('/static/app.js') && first.includes('/static/style.css'), first.join(' '));
  // The messages are preloaded and the script's fetch uses that answer: asked for once.
  assert.equal(first.filter((p) => p === '/l10n/en.ftl').length, 1, first.join(' '));
  // The service worker has fetched every versioned file ahead (crates/site/src/service-worker.js):
  // once it controls the page, another page (a game page adds its lobby's module, web/lobby.js,
  // and the games' list) takes every script, the messages, the stylesheet and the icon from a cache.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50));
  });
  assert.deepEqual(await visit('/en/games/musashi'), ['/en/games/musashi']);
  assert.deepEqual(await visit('/en/games/dots'), ['/en/games/dots']);
  // The same page again: only the page itself is asked for (and answered 304 when unchanged).
  assert.deepEqual(await visit('/en/'), ['/en/']);
  assert.deepEqual(errors, []);
  await context.close();
});
