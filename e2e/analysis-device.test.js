// The analysis board worked out on the device (issue 36): the page values positions with the
// engine in its worker and asks the server nothing (no `POST /api/analysis` among the page's
// requests), showing "Working it out…" meanwhile; where the values are exact they are the
// server's own answer for that position.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, newPlayer, serverAndBrowser, shot } from './harness.js';

const env = serverAndBrowser();

/**
 * Opens the analysis board of `game` at `options` after `moves` and counts the page's
 * questions to the server's analysis.
 * @param {import('playwright-core').Page} page
 * @param {string} game
 * @param {object} options
 * @param {string[]} moves
 */
async function openBoard(page, game, options, moves) {
  const asked = { n: 0 };
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/analysis') asked.n++;
  });
  const p = new URLSearchParams({ o: JSON.stringify(options), m: moves.join(',') });
  await page.goto(`${env.server.url}/en/games/${game}/analysis#${p}`);
  await page.locator('body[data-ready="true"]').waitFor();
  return asked;
}

/** The values the page shows, once there. @param {import('playwright-core').Page} page */
async function shownValues(page) {
  await page.waitForFunction(() => /** @type {any} */ (window).qdanAnalysis().values !== null, null, { timeout: 30_000 });
  return page.evaluate(() => /** @type {any} */ (window).qdanAnalysis());
}

test('the analysis board values a Dots position on the phone, as the server does where exact', async () => {
  const me = await newPlayer(env.browser, PHONE);
  // `qdan solve dots 3x3 --drawn 0,5,17` says 3: small enough for both to solve exactly.
  const asked = await openBoard(me.page, 'dots', { game: 'dots', size: '3x3', swapFirst: true }, ['0', '5', '17']);
  const shown = await shownValues(me.page);
  assert.equal(shown.values.value.text, '3');
  assert.equal(shown.values.value.exact, true);
  assert.equal(await me.page.locator('#move-values .move-value').count(), 21);
  // On a phone a long value goes under its move on one line, not one syllable a line.
  const valueHeight = await me.page.locator('#move-values .move-value .val').first().evaluate((e) => e.getBoundingClientRect().height);
  assert.ok(valueHeight < 30, `a value ${valueHeight}px high`);
  const r = await fetch(`${env.server.url}/api/analysis`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ options: shown.options, moves: shown.line }),
  });
  assert.equal(r.status, 200);
  const server = await r.json();
  assert.ok(server.moves.every((/** @type {any} */ m) => m.value.exact), 'the server solves every move');
  assert.deepEqual(shown.values, server, 'the device gives the server\'s exact values, in its order');
  // A move on the board: the next position is valued on the device too.
  await me.page.locator('#move-values .move-value').first().click();
  await me.page.waitForFunction(() => {
    const a = /** @type {any} */ (window).qdanAnalysis();
    return a.ply === 4 && a.values !== null;
  }, null, { timeout: 30_000 });
  assert.equal(asked.n, 0, 'the page asked the server for no analysis');
  await me.page.evaluate(() => scrollTo(0, 0));
  await shot(me.page, 'analysis-device-390x844');
  assert.deepEqual(me.errors, []);
  await me.context.close();
});

test('the default boards: a sign while the device thinks, values with no question to the server', async () => {
  for (const game of ['dots', 'musashi', 'bagh-chal']) {
    const me = await newPlayer(env.browser, PHONE);
    // Every text the position's value shows, from the page's start.
    await me.page.addInitScript(() => {
      const seen = /** @type {string[]} */ ([]);
      /** @type {any} */ (window).qdanValueTexts = seen;
      new MutationObserver(() => {
        const el = document.getElementById('position-value');
        if (el && seen[seen.length - 1] !== el.textContent) seen.push(el.textContent ?? '');
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const asked = await openBoard(me.page, game, { game }, []);
    const shown = await shownValues(me.page);
    // The first analysis loads the module and works for a while: the sign showed meanwhile.
    const texts = await me.page.evaluate(() => /** @type {any} */ (window).qdanValueTexts);
    assert.ok(texts.includes('Working it out…'), `${game}: ${texts}`);
    assert.ok(shown.values.moves.length > 0, game);
    await me.page.waitForFunction(() => document.querySelectorAll('#move-values .move-value').length > 0);
    assert.equal(asked.n, 0, `${game}: the page asked the server for no analysis`);
    assert.deepEqual(me.errors, [], game);
    await me.context.close();
  }
});
