// After the game (issue 15): two friends finish a ranked 3x3 Dots game; the host sees the
// review chart on the end card on a phone and taps a turning point; the replay link opens in
// a fresh browser context, without a seat, and steps with the keyboard; the host's games and
// the leaderboard's name lead to the replay; the analysis board values every legal move.
//
// Both sides draw the lowest open line every time, so the game is always the same:
// `qdan review dots 3x3 --moves 0,1,...,23` marks moves 6 and 11 as turning points.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, LANGS, PHONE, englishIds, newPlayer, seatTwoAtDots3x3, serverAndBrowser, shot, state, waitState } from './harness.js';

const env = serverAndBrowser();

/** The turning points of the game above, as `qdan review` prints them. */
const TURNING = ['6', '11'];

/** What the first test leaves for the last: the replay's path and the host's player page. */
const shared = { link: '', player: '' };

test('finish a game, see and tap its review, replay it in a fresh context with the keyboard', async () => {
  const host = await newPlayer(env.browser, PHONE);
  const guest = await newPlayer(env.browser, DESKTOP);
  await seatTwoAtDots3x3(env.server.url, host, guest, { ranked: true });

  // Every move: whoever is to move draws the lowest line still open.
  for (let moves = 0; ; moves++) {
    const st = await waitState(host.page, `s.table.status === "over" || (s.table.view && s.table.view.lines.length === ${moves})`);
    if (st.table.status === 'over') break;
    const mover = st.table.seats[0].side === st.table.view.turn ? host : guest;
    const open = Math.min(...st.table.view.legal);
    await waitState(mover.page, `s.table.view.lines.length === ${moves}`);
    await mover.page.locator(`svg.dots-board .edge-hit[data-edge="${open}"]`).click();
  }
  const over = (await state(host.page)).table;
  assert.equal(over.view.lines.length, 24);

  // The end card carries the chart, with exactly the two turning points.
  const review = host.page.locator('#review');
  await review.waitFor();
  const turns = host.page.locator('#review .review-chart .chart-turn');
  await host.page.locator('#review .review-chart').waitFor({ timeout: 30_000 });
  await host.page.waitForFunction(() => document.querySelectorAll('#review .review-chart .chart-turn').length > 0, null, { timeout: 30_000 });
  assert.deepEqual(await turns.evaluateAll((els) => els.map((e) => e.getAttribute('data-turning'))), TURNING);
  const box = await host.page.locator('#review .review-chart').boundingBox();
  assert.ok(box && box.width > 200 && box.width <= 390, `the chart fits the phone: ${JSON.stringify(box)}`);
  await review.scrollIntoViewIfNeeded();
  await shot(host.page, 'review-end-card-390x844');

  // Tapping a turning point shows the move played and the better one on a small board.
  await host.page.locator('#review .review-chart .chart-turn[data-turning="6"]').tap();
  const said = host.page.locator('#turn-show');
  await said.waitFor();
  assert.match(await said.innerText(), /Played: .*\n*.*Better: /s);
  await host.page.locator('#turn-board svg').waitFor();
  await said.scrollIntoViewIfNeeded();
  await shot(host.page, 'review-turning-390x844');

  // The replay link works in a fresh context: no token, no seat.
  const link = await host.page.locator('#open-replay').getAttribute('href');
  assert.match(String(link), /^\/en\/g\/[A-Za-z0-9]+\/1$/);
  const viewer = await newPlayer(env.browser, PHONE);
  await viewer.page.goto(`${env.server.url}${link}`);
  await viewer.page.locator('body[data-ready="true"]').waitFor();
  await viewer.page.locator('#replay-result').filter({ hasText: /\S/ }).waitFor();
  await viewer.page.waitForFunction(() => document.querySelectorAll('#replay .review-chart .chart-turn').length === 2, null, { timeout: 30_000 });
  const ply = viewer.page.locator('#step-ply');
  await viewer.page.keyboard.press('End');
  await ply.filter({ hasText: /24\D+24/ }).waitFor();
  await viewer.page.keyboard.press('ArrowLeft');
  await ply.filter({ hasText: /23\D+24/ }).waitFor();
  await viewer.page.keyboard.press('Home');
  await ply.filter({ hasText: /^Start/ }).waitFor();
  await viewer.page.keyboard.press('ArrowRight');
  await ply.filter({ hasText: /^Move\D+1\D+24/ }).waitFor();
  // The move in the record's notation, as the downloaded record writes it.
  await viewer.page.locator('#move-said').filter({ hasText: /^a1–b1$/ }).waitFor();
  // On the board the arrows are its cursor's, and its name promises no play.
  const board = viewer.page.locator('#board [role="application"]');
  assert.match(String(await board.getAttribute('aria-label')), /nothing is played here/);
  await board.focus();
  await viewer.page.keyboard.press('ArrowRight');
  await viewer.page.keyboard.press('ArrowRight');
  assert.match(String(await ply.textContent()), /^Move\D+1\D+24/, 'the board\'s arrow keys do not step the game');
  await shot(viewer.page, 'review-replay-390x844');
  // A download of the record.
  const record = await viewer.page.request.get(`${env.server.url}/api/games/${String(link).split('/')[3]}/1/record`);
  assert.equal(record.status(), 200);
  // Lines by their dots (docs/notation.md), the first line drawn being the top-left one.
  assert.match(await record.text(), /\[Game "dots"\]\n\[Size "3x3"\][\s\S]*\n1\. a1-b1 /);
  assert.deepEqual(viewer.errors, []);
  await viewer.context.close();

  // The host's games list this one with its replay link; the leaderboard's name opens the
  // player's public games, which list it too.
  await host.page.goto(`${env.server.url}/en/my-games`);
  await host.page.locator(`#games a[href="${link}"]`).first().waitFor();
  await shot(host.page, 'review-my-games-390x844');
  await host.page.goto(`${env.server.url}/en/leaderboard`);
  const me = host.page.locator('table[data-game="dots"] tr.me td.name a');
  await me.waitFor();
  await me.click();
  await host.page.waitForURL(/\/en\/players\//);
  shared.link = String(link);
  shared.player = new URL(host.page.url()).pathname.replace(/^\/en/, '');
  await host.page.locator(`#games a[href="${link}"]`).first().waitFor();
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
  await host.context.close();
  await guest.context.close();
});

test('the analysis board shows a value for every legal move', async () => {
  const me = await newPlayer(env.browser, PHONE);
  await me.page.goto(`${env.server.url}/en/games/dots/analysis`);
  await me.page.locator('body[data-ready="true"]').waitFor();
  await me.page.locator('#position-value').filter({ hasText: /\S/ }).waitFor({ timeout: 30_000 });
  await me.page.waitForFunction(() => document.querySelectorAll('#move-values .move-value').length > 0, null, { timeout: 30_000 });
  const n = await me.page.locator('#move-values .move-value').count();
  // The default board is 5x4: 49 lines, all open.
  assert.equal(n, 49);
  await shot(me.page, 'review-analysis-390x844');
  assert.deepEqual(me.errors, []);
  await me.context.close();
});

test('the review pages in every locale: every message, no id shown, nothing wider than a phone', async () => {
  assert.ok(shared.link && shared.player, 'the first test left a finished game');
  const ids = await englishIds(env.server.url);
  const { context, page, errors } = await newPlayer(env.browser, PHONE);
  const replay = shared.link.replace(/^\/en/, '');
  for (const lang of LANGS) {
    for (const path of [replay, '/my-games', shared.player, '/games/musashi/analysis', '/games/dots/analysis']) {
      await page.goto(`${env.server.url}/${lang}${path}`);
      await page.locator('body[data-ready="true"]').waitFor();
      if (path === replay) {
        await page.waitForFunction(() => document.querySelectorAll('#replay .review-chart .chart-turn').length === 2, null, { timeout: 30_000 });
        await page.locator('#replay .btn.turn').first().click();
        await page.locator('#turn-show').waitFor();
      } else if (path.includes('/analysis')) {
        await page.waitForFunction(() => document.querySelectorAll('#move-values .move-value').length > 0, null, { timeout: 30_000 });
      } else {
        await page.locator('#games').waitFor();
      }
      assert.equal(await page.getAttribute('html', 'lang'), lang, path);
      const missing = await page.evaluate(() => /** @type {any} */ (window).__qdanMissing);
      assert.deepEqual(missing ?? [], [], `${lang}${path}: missing messages`);
      const text = await page.evaluate(() => document.body.innerText + ' ' + [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join(' '));
      for (const id of ids) {
        if (id === 'site-name') continue;
        assert.ok(!new RegExp(`(^|[^\\w-])${id}($|[^\\w-])`).test(text), `${lang}${path} shows the id ${id}`);
      }
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= PHONE.width, `${lang}${path} is ${wide}px wide`);
      const name = path === replay ? 'replay' : path === '/my-games' ? 'my-games' : path.startsWith('/players') ? 'player' : path.split('/')[2] + '-analysis';
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `review-${name}-${lang}-390x844`);
      if (path === replay) {
        await page.locator('#review').scrollIntoViewIfNeeded();
        await shot(page, `review-replay-chart-${lang}-390x844`);
      }
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the games list cuts no word in two on a phone, in any locale', async () => {
  const url = env.server.url;
  const me = await (await fetch(`${url}/api/players`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Ana"}' })).json();
  // Three finished games against the CPU, one a level (the longest level names), each resigned
  // after one line: uploaded as games played offline, the quickest way to finished CPU games.
  for (const cpu of ['beginner', 'intermediate', 'expert']) {
    const body = { id: `words-${cpu}-0000000001`, game: 'dots', options: { size: '3x3' }, cpu, moves: ['0'], resigned: true, startedAt: Date.now() - 60_000, endedAt: Date.now() };
    const r = await fetch(`${url}/api/games/offline`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${me.token}` }, body: JSON.stringify(body) });
    assert.equal(r.status, 201, await r.text());
  }
  const { context, page, errors } = await newPlayer(env.browser, PHONE);
  await context.addInitScript((t) => localStorage.setItem('qdan.token', t), me.token);
  for (const lang of LANGS) {
    await page.goto(`${url}/${lang}/my-games`);
    await waitCountRows(page, 3);
    // A word whose letters lie on two lines has two boxes (words joined by a hyphen may part there).
    const cut = await page.evaluate(() => {
      const found = [];
      const walker = document.createTreeWalker(/** @type {Node} */ (document.querySelector('#games')), NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) found.push(m[0]);
        }
      }
      return found;
    });
    assert.deepEqual(cut, [], `${lang}: words cut in two`);
    await shot(page, `review-my-games-cpu-${lang}-390x844`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * Waits until the games list shows `n` games.
 * @param {import('playwright-core').Page} page
 * @param {number} n
 */
async function waitCountRows(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('#games tbody tr[data-result]').length === k, n);
}
