// A game against the CPU with no network (issue 36, part 6): the site loaded once online (the
// service worker installs), then offline the game page opens (never opened before), starts a
// 3x3 Dots game against the beginner, plays it to the end with the CPU on the device, and "My
// games" lists it as not uploaded; back online it is uploaded (POST /api/games/offline), listed
// with a replay link that opens the replay, and the server holds it (GET /api/me/games) without
// having worked out a CPU move (GET /api/stats). Then a Musashi game offline, resigned, in German,
// uploaded while its table is on screen, which then links to the replay. And a start at a server that
// is gone (the browser online) offers the game offline too; "Play again" starts the next one.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, launch, musashiMove, newPlayer, shot, startServer } from './harness.js';

/** The offline table's game and view (window.qdanOffline, web/offline/table.js). @param {import('playwright-core').Page} page */
const offline = (page) => page.evaluate(() => /** @type {any} */ (window).qdanOffline?.() ?? null);

/** @param {string} url */
const cpuMoves = async (url) => (await (await fetch(`${url}/api/stats`)).json()).cpuMoves;

/**
 * Loads `path` online and waits until the service worker has installed and controls the page.
 * @param {import('playwright-core').Page} page @param {string} url @param {string} path
 */
async function installed(page, url, path) {
  await page.goto(`${url}${path}`);
  await page.locator('body[data-ready="true"]').waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

/**
 * Plays the player's moves with `pick(view)` until the game is over (the CPU answers on the device).
 * @param {import('playwright-core').Page} page
 * @param {(view: any) => Promise<void>} pick
 * @param {number} [most] moves at most, then returns
 */
async function playOut(page, pick, most = 200) {
  for (let i = 0; i < most; i++) {
    await page.waitForFunction(() => {
      const o = /** @type {any} */ (window).qdanOffline?.();
      return o && (o.view.outcome || o.view.turn === 0);
    }, null, { timeout: 30_000 });
    const { view } = await offline(page);
    if (view.outcome) return;
    const before = (await offline(page)).game.moves.length;
    await pick(view);
    await page.waitForFunction((n) => /** @type {any} */ (window).qdanOffline().game.moves.length > n, before);
  }
}

test('a Dots game against the CPU offline, uploaded when the network returns', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const { context, page, errors } = await newPlayer(browser, PHONE);
    await installed(page, server.url, '/en/');
    const before = await cpuMoves(server.url);

    await context.setOffline(true);
    await page.goto(`${server.url}/en/games/dots`);
    await page.locator('body[data-ready="true"]').waitFor();
    const offer = page.locator('#offline-offer');
    await offer.waitFor();
    await page.locator('#offline-opt-size').selectOption('3x3');
    await offer.scrollIntoViewIfNeeded();
    await shot(page, 'offline-offer-en-390x844');
    await page.locator('#offline-start').click();
    await page.locator('svg.dots-board').waitFor();
    assert.match(new URL(page.url()).hash, /^#offline=[0-9a-f-]{16,40}$/);
    const dotsMove = (/** @type {any} */ view) => page.locator(`svg.dots-board .edge-hit[data-edge="${view.legal[0]}"]`).click();
    await playOut(page, dotsMove, 3);
    await shot(page, 'offline-dots-en-390x844');
    await playOut(page, dotsMove);
    const { game } = await offline(page);
    assert.equal(game.moves.length, 24, 'every line of a 3x3 board drawn');
    assert.ok(game.endedAt && game.outcome?.reason === 'boxes', JSON.stringify(game));
    await page.locator('#result-title').waitFor();
    await shot(page, 'offline-dots-over-en-390x844');

    // My games, still offline: the game is there, not uploaded yet.
    await page.locator('#offline-my-games').click();
    const row = page.locator(`#games tr[data-id="${game.id}"]`);
    await row.waitFor();
    assert.equal(await row.getAttribute('data-offline'), 'waiting');
    assert.match(await row.innerText(), /Played offline, not uploaded yet/);
    await shot(page, 'offline-my-games-en-390x844');

    // Online again: the page uploads it and lists the server's record with its replay link.
    await context.setOffline(false);
    await row.waitFor({ state: 'detached', timeout: 20_000 });
    const replay = page.locator('#games td.result a[href*="/g/"]').first();
    await replay.waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('qdan.offline')), null, 'the local copy dropped');
    await shot(page, 'offline-uploaded-en-390x844');

    // The server holds it: this player's game against the beginner, with its moves, and no CPU move worked out there.
    const token = await page.evaluate(() => localStorage.getItem('qdan.token'));
    const mine = await (await fetch(`${server.url}/api/me/games`, { headers: { Authorization: `Bearer ${token}` } })).json();
    assert.equal(mine.length, 1, JSON.stringify(mine));
    assert.equal(mine[0].game, 'dots');
    assert.equal(mine[0].opponent.cpu, 'beginner');
    assert.equal(mine[0].plies, 24);
    assert.equal(mine[0].options.size, '3x3');
    assert.equal(await cpuMoves(server.url), before, 'the server worked out no CPU move');

    await replay.click();
    await page.waitForURL(/\/en\/g\/[^/]+\/1$/);
    await page.locator('#replay-result').filter({ hasText: /\S/ }).waitFor();
    assert.deepEqual(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)), []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test('a Musashi game offline in German, resigned, waits in My games, uploaded from its table when the network returns', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const { context, page } = await newPlayer(browser, PHONE, 'de-DE');
    await installed(page, server.url, '/de/games/musashi');
    await context.setOffline(true);
    await page.reload();
    await page.locator('#offline-offer').waitFor();
    await page.locator('#play-cpu input[value="intermediate"]').check();
    await page.locator('#offline-offer').scrollIntoViewIfNeeded();
    await shot(page, 'offline-offer-de-390x844');
    await page.locator('#offline-start').click();
    await page.locator('svg.musashi-board').waitFor();
    // Two moves of the Parent (the CPU answers each), then resign.
    await playOut(page, (view) => musashiMove(page, view.legal[0]), 2);
    await shot(page, 'offline-musashi-de-390x844');
    await page.locator('#resign').click();
    await page.locator('#resign-yes').click();
    await page.locator('#result-title').waitFor();
    const { game } = await offline(page);
    assert.equal(game.resigned, true);
    assert.equal(game.cpu, 'intermediate');
    assert.deepEqual(game.outcome, { winner: 1, reason: 'resignation' });
    // The CPU's moves come from the engine on this device with the seed offline/ID/PLY: a reload continues the same game.
    await page.reload();
    await page.locator('#result-title').waitFor();
    assert.deepEqual((await offline(page)).game.moves, game.moves);
    await shot(page, 'offline-musashi-over-de-390x844');

    await page.goto(`${server.url}/de/my-games`);
    const row = page.locator(`#games tr[data-id="${game.id}"]`);
    await row.waitFor();
    assert.match(await row.innerText(), /Offline gespielt, noch nicht hochgeladen/);
    await shot(page, 'offline-my-games-de-390x844');
    // Back on the finished game when the network returns: it is uploaded, and the note links to its replay.
    await page.goto(`${server.url}/de/games/musashi#offline=${game.id}`);
    await page.locator('#result-title').waitFor();
    await context.setOffline(false);
    const replay = page.locator('#offline-replay');
    await replay.waitFor({ timeout: 20_000 });
    assert.match(await page.locator('#offline-note').innerText(), /Zu deinen Partien hochgeladen/);
    await shot(page, 'offline-musashi-uploaded-de-390x844');
    await replay.click();
    await page.waitForURL(/\/de\/g\/[^/]+\/1$/);
    await page.locator('#replay-result').filter({ hasText: /\S/ }).waitFor();
    await page.goto(`${server.url}/de/my-games`);
    await page.locator('#games td.result a[href*="/g/"]').first().waitFor();
    assert.equal(await page.locator('#games tr[data-offline]').count(), 0);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test('a start that finds no server offers the CPU offline; resigned, Play again starts a new offline game', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const { page } = await newPlayer(browser, PHONE);
    await installed(page, server.url, '/en/games/bagh-chal');
    // The browser believes it is online; the server is gone.
    await server.stop();
    assert.equal(await page.locator('#offline-offer').isVisible(), false, 'not offered while online');
    await page.locator('#play-cpu button[type="submit"]').click();
    await page.locator('#page-error').filter({ hasText: /\S/ }).waitFor();
    await page.locator('#offline-offer').waitFor();
    await page.locator('#offline-start').click();
    await page.locator('svg.bagh-chal-board').waitFor();
    const first = (await offline(page)).game;
    assert.equal(first.game, 'bagh-chal');
    await page.locator('#resign').click();
    await page.locator('#resign-yes').click();
    await page.locator('#end-rematch').click();
    await page.waitForFunction((id) => {
      const o = /** @type {any} */ (window).qdanOffline?.();
      return o && o.game.id !== id && !o.view.outcome;
    }, first.id);
    const second = (await offline(page)).game;
    assert.deepEqual([second.game, second.cpu, second.options], [first.game, first.cpu, first.options]);
    assert.equal(new URL(page.url()).hash, `#offline=${second.id}`);
    const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('qdan.offline') || '[]').map((/** @type {any} */ g) => g.id));
    assert.deepEqual(kept, [first.id, second.id]);
  } finally {
    await browser.close();
    await server.stop();
  }
});
