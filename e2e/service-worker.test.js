// The service worker (`/sw.js`, crates/site/src/service_worker.rs): a page seen once shows
// offline with its files and the engine module, and a new release (the same binary started on
// a changed copy of web/ through QDAN_WEB_DIR, on the same origin) installs a new worker whose
// cache replaces the old one, and whose pages name and get the new file, offline too.

import assert from 'node:assert/strict';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { PHONE, launch, newPlayer, shot, startServer } from './harness.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The release version `/sw.js` carries. @param {string} url */
async function swVersion(url) {
  const text = await (await fetch(`${url}/sw.js`)).text();
  const release = JSON.parse(text.split('\n')[0].replace(/^const RELEASE = /, '').replace(/;$/, ''));
  return /** @type {string} */ (release.version);
}

/**
 * Waits until the page's caches are exactly `names`.
 * @param {import('playwright-core').Page} page @param {string[]} names
 */
async function waitCaches(page, names) {
  const end = Date.now() + 15_000;
  for (;;) {
    const got = await page.evaluate(() => caches.keys());
    if (JSON.stringify(got) === JSON.stringify(names)) return;
    if (Date.now() > end) assert.deepEqual(got, names, 'the caches');
    await page.waitForTimeout(100);
  }
}

/**
 * What the page shows of its release: the stylesheet it names, the `--release` the style sets
 * (empty before the second release) and whether its module started.
 * @param {import('playwright-core').Page} page
 */
async function shown(page) {
  await page.waitForSelector('body[data-ready="true"]');
  return page.evaluate(() => ({
    css: document.querySelector('link[rel="stylesheet"]')?.getAttribute('href'),
    release: getComputedStyle(document.documentElement).getPropertyValue('--release').trim(),
    // The page's style applied: the body's background is the site's, not the browser's white.
    styled: getComputedStyle(document.body).backgroundColor !== 'rgba(0, 0, 0, 0)',
    h1: document.querySelector('h1')?.textContent?.trim() ?? '',
  }));
}

test('pages seen once show offline, and a new release replaces the old one', async () => {
  const web = await mkdtemp(join(tmpdir(), 'qdan-web-'));
  await cp(join(root, 'web'), web, { recursive: true });
  let server = await startServer({ env: { QDAN_WEB_DIR: web } });
  const browser = await launch();
  try {
    const { context, page, errors } = await newPlayer(browser, PHONE);
    const v1 = await swVersion(server.url);
    await page.goto(`${server.url}/en/games/dots`);
    // The first page loaded without the worker; the worker takes it over once installed.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
    await waitCaches(page, [`qdan-${v1}`]);
    await page.goto(`${server.url}/en/`);
    const home = await shown(page);
    assert.ok(home.styled && home.h1, JSON.stringify(home));
    assert.deepEqual(errors, []);

    // Offline: the server is gone and the browser has no network.
    await server.stop();
    await context.setOffline(true);
    for (const path of ['/en/games/dots', '/en/']) {
      await page.goto(`${server.url}${path}`);
      const s = await shown(page);
      assert.ok(s.styled && s.h1, `${path} offline: ${JSON.stringify(s)}`);
      assert.equal(s.css, home.css);
    }
    await shot(page, 'service-worker-offline');
    // The engine's worker and module, asked for by their plain URLs as the worker does.
    const engine = await page.evaluate(async () => {
      const worker = await fetch('/static/engine/worker.js');
      const module = await WebAssembly.compileStreaming(fetch('/static/engine/qdan_engine.wasm'));
      return { worker: worker.status, exports: WebAssembly.Module.exports(module).length };
    });
    assert.equal(engine.worker, 200);
    assert.ok(engine.exports > 0, JSON.stringify(engine));
    // A page never opened is not there.
    assert.equal(await page.goto(`${server.url}/en/leaderboard`).then(() => 'shown', () => 'failed'), 'failed');

    // A release: one file of the client changes.
    await appendFile(join(web, 'style.css'), '\n:root { --release: 2; }\n');
    await context.setOffline(false);
    server = await startServer({ port: server.port, env: { QDAN_WEB_DIR: web } });
    const v2 = await swVersion(server.url);
    assert.notEqual(v2, v1);
    // A navigation checks for an update; the new worker installs, takes over and leaves only
    // its own cache.
    await page.goto(`${server.url}/en/`);
    await waitCaches(page, [`qdan-${v2}`]);
    await page.reload();
    const updated = await shown(page);
    assert.notEqual(updated.css, home.css, 'the page names the new stylesheet');
    assert.equal(updated.release, '2', 'and gets it');

    // Offline again: the pages kept by the old release were fetched anew by the new one.
    await server.stop();
    await context.setOffline(true);
    for (const path of ['/en/', '/en/games/dots']) {
      await page.goto(`${server.url}${path}`);
      const s = await shown(page);
      assert.equal(s.css, updated.css, path);
      assert.equal(s.release, '2', path);
    }
  } finally {
    await browser.close();
    await server.stop();
    await rm(web, { recursive: true, force: true });
  }
});
