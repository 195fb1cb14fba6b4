// The Musashi values only the server's tables know (issue 36, part 5): the page reviews a
// finished Musashi game on the device, after asking `POST /api/musashi/values` once, and its
// engine takes the exact values the server's 25-point tables give. The start of the 25-point
// board is worth "the Children win in 32 plies" to the tables (built or loaded by `qdan serve`
// at start-up); the device's own search on its review budget proves nothing there. Without
// the server's answer (the request fails) the device reviews alone and says so.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, newPlayer, serverAndBrowser, shot, waitState } from './harness.js';

const env = serverAndBrowser();

/** Waits until the server's 25-point tables (target 10, the site's default) are ready. */
async function tablesReady() {
  const body = JSON.stringify({ options: { game: 'musashi', board: '25' }, moves: [] });
  const deadline = Date.now() + 180_000;
  for (;;) {
    const r = await fetch(`${env.server.url}/api/musashi/values`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    const { values } = await r.json();
    if (values[0]) return values[0];
    assert.ok(Date.now() < deadline, 'the 25-point tables were not ready within 3 minutes');
    await new Promise((res) => setTimeout(res, 1000));
  }
}

/**
 * A 25-point Musashi game against the CPU (on this device), resigned at once; resolves when
 * the end screen's review has a status.
 * @param {import('playwright-core').Page} page
 */
async function resignedAtTheStart(page) {
  await page.goto(`${env.server.url}/en/games/musashi`);
  await page.locator('body[data-ready="true"]').waitFor();
  const url = await page.evaluate(async () => {
    const api = await import('/static/api.js');
    return (await api.createGroup({ game: 'musashi', cpu: 'beginner', options: { board: '25' } })).url;
  });
  await page.goto(`${env.server.url}/en${url}`);
  await waitState(page, 's.seat === 0 && s.table.status === "playing"');
  await page.locator('#resign').click();
  await page.locator('#resign-yes').click();
  await waitState(page, 's.table.status === "over"');
}

test("a Musashi game's review on the device takes the server's table values", async () => {
  const start = await tablesReady();
  assert.equal(start.value.text, 'children-win-in 32');
  const me = await newPlayer(env.browser, PHONE);
  /** @type {string[]} */
  const asked = [];
  me.page.on('request', (r) => {
    if (r.url().endsWith('/api/musashi/values')) asked.push(r.postData() ?? '');
  });
  await resignedAtTheStart(me.page);
  const status = me.page.locator('#review #review-status');
  await me.page.locator('#review #chart svg').waitFor({ timeout: 30_000 });
  assert.match(await status.textContent() ?? '', /Every value is exact\.$/);
  await me.page.locator('#review-title').evaluate((e) => e.scrollIntoView());
  await shot(me.page, 'musashi-known-review-390x844');
  assert.equal(asked.length, 1, 'one request for the values');
  const req = JSON.parse(asked[0]);
  assert.equal(req.options.game, 'musashi');
  assert.equal(req.options.board, '25');
  const code = new URL(me.page.url()).pathname.split('/').pop();
  const rec = await (await fetch(`${env.server.url}/api/games/${code}/1?review=device`)).json();
  assert.deepEqual(req.moves, rec.moves);
  assert.equal(rec.reviewState, 'device', 'the server worked out no review');
  assert.deepEqual(me.errors, []);
  await me.context.close();
});

test('without the server’s answer the device reviews alone', async () => {
  await tablesReady();
  const me = await newPlayer(env.browser, PHONE);
  await me.page.route('**/api/musashi/values', (r) => r.abort());
  await resignedAtTheStart(me.page);
  await me.page.locator('#review #chart svg').waitFor({ timeout: 30_000 });
  assert.match(await me.page.locator('#review #review-status').textContent() ?? '', /Every value is an estimate \(dashed\)\.$/);
  await me.context.close();
});
