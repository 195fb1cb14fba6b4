// Rough edges found in a walk through the site on a phone and a desktop: the analysis board's
// value words (one "estimate", verbs that agree with the Children), set-up positions kept in
// the address, a tapped turning point that brings its board into view, and the Dots narration
// that says which line the CPU drew. Each test failed on the site as it was before its fix.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { edgeInfo } from '../web/dots/board.js';
import { geometry } from '../web/musashi/board.js';
import { DESKTOP, LANGS, PHONE, clientMessages, newPlayer, seatTwoAtDots3x3, serverAndBrowser, shot, waitState } from './harness.js';

const env = serverAndBrowser();

/**
 * A message of a locale's Fluent source with its variables filled in (plain messages only).
 * @param {string} ftl @param {string} id @param {Record<string, string | number>} args
 */
function message(ftl, id, args) {
  const m = ftl.match(new RegExp(`^${id} = (.*)$`, 'm'));
  assert.ok(m, `${id} is a one-line message`);
  return m[1].replace(/\{ \$(\w+) \}/g, (_, k) => String(args[k]));
}

/** @param {import('playwright-core').Page} page */
const analysisState = (page) => page.evaluate(() => /** @type {any} */ (window).qdanAnalysis());

/**
 * Clicks the middle of the `a`-th element of `selector`, or halfway to the `b`-th.
 * @param {import('playwright-core').Page} page @param {string} selector @param {number} a @param {number} [b]
 */
async function tapBetween(page, selector, a, b = a) {
  const boxes = await page.locator(selector).evaluateAll((els, ab) => ab.map((i) => {
    const r = els[i].getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  }), [a, b]);
  await page.mouse.click((boxes[0][0] + boxes[1][0]) / 2, (boxes[0][1] + boxes[1][1]) / 2);
}

/**
 * Waits until the server is valuing nothing (the previous test's last position may still be
 * worked out after its page went away): a tiny position answers at once then.
 */
async function analysisIdle() {
  for (let i = 0; i < 100; i++) {
    const r = await fetch(`${env.server.url}/api/analysis`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ options: { game: 'dots', size: '3x3' }, drawn: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] }),
    });
    if (r.ok) return;
    await new Promise((res) => setTimeout(res, 300));
  }
}

test('analysis values say "estimate" once, and their verbs agree with the side, in every locale', async () => {
  const me = await newPlayer(env.browser, PHONE);
  // P and C: the locale's names of the Parent and the Children.
  const expected = {
    en: { children: 'C are ahead (estimate)', parent: 'P is ahead (estimate)', winIn: 'C win in 1 move', won: 'C have won' },
    de: { children: 'C liegen vorn (geschätzt)', parent: 'P liegt vorn (geschätzt)', winIn: 'C gewinnen in 1 Zug', won: 'C haben gewonnen' },
    ru: { children: 'C: перевес (приблизительно)', parent: 'P: перевес (приблизительно)', winIn: 'C: победа через 1 ход', won: 'C: уже победа' },
    hi: { children: 'C आगे हैं (अनुमान)', parent: 'P आगे हैं (अनुमान)', winIn: 'C 1 चाल में जीतते हैं', won: 'C जीत चुके हैं' },
    tl: { children: 'Lamang ang C (tantiya)', parent: 'Lamang ang P (tantiya)', winIn: 'Mananalo ang C sa loob ng 1 galaw', won: 'Nanalo na ang C' },
  };
  const options = encodeURIComponent(JSON.stringify({ game: 'musashi', board: '33', first: 'parent', target: 'none', limit: 'none' }));
  for (const lang of LANGS) {
    const ftl = await clientMessages(env.server.url, lang);
    const [P, C] = [message(ftl, 'musashi-parent', {}), message(ftl, 'musashi-children', {})];
    const ex = Object.fromEntries(Object.entries(expected[/** @type {keyof typeof expected} */ (lang)])
      .map(([k, v]) => [k, v.replace(/\bP\b/, P).replace(/\bC\b/, C)]));
    const estimate = ftl.match(/^review-estimate-even = .*\((.*)\)$/m)?.[1];
    assert.ok(estimate, lang);
    const count = (/** @type {string} */ s) => s.split(estimate).length - 1;

    // The device's own estimates: the start of the 33-point board, which no table decides.
    await me.page.goto(`${env.server.url}/${lang}/games/musashi/analysis`);
    await me.page.locator('body[data-ready="true"]').waitFor();
    await me.page.waitForFunction(() => document.querySelectorAll('#move-values .move-value').length > 0, null, { timeout: 30_000 });
    const here = await me.page.locator('#position-value').innerText();
    assert.equal(count(here), 1, `${lang}: ${here}`);
    for (const val of await me.page.locator('#move-values .move-value .val').allInnerTexts()) {
      assert.equal(count(val), 1, `${lang}: ${val}`);
    }

    // Each side's estimate, as the server could send it: to a page that cannot run the
    // engine (no WebAssembly), which asks the server.
    const server = await me.context.newPage();
    await server.addInitScript(() => { delete (/** @type {any} */ (globalThis)).WebAssembly; });
    await server.goto(me.page.url());
    for (const [score, words] of /** @type {[number, string][]} */ ([[-0.5, ex.children], [0.5, ex.parent]])) {
      await server.route('**/api/analysis', (route) => route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          turn: 0,
          value: { exact: false, text: score < 0 ? '~children-win' : '~parent-win', score, result: null },
          moves: [{ move: 'c3-d3', value: { exact: false, text: '~children-win', score, result: null } }],
        }),
      }));
      await server.reload();
      await server.locator('#move-values .move-value').first().waitFor();
      const text = await server.locator('#position-value').innerText();
      assert.ok(text.startsWith(words), `${lang}: "${text}" should start with "${words}"`);
      assert.equal(count(text), 1, `${lang}: ${text}`);
      assert.equal(await server.locator('#move-values .move-value .val').innerText(), words, lang);
      await server.unroute('**/api/analysis');
    }
    await server.close();

    // Proven values: the Children close the Parent in with c3-b2 (a set-up position, in the
    // address; a new page, not only a new fragment).
    await me.page.goto('about:blank');
    await me.page.goto(`${env.server.url}/${lang}/games/musashi/analysis#o=${options}&s=${encodeURIComponent('33:a1:a2,b1,c3:c:0')}&m=`);
    await me.page.locator('body[data-ready="true"]').waitFor();
    await me.page.locator('#move-values .move-value[data-move="c3-b2"]').waitFor({ timeout: 30_000 });
    const proven = await me.page.locator('#position-value').innerText();
    assert.ok(proven.startsWith(ex.winIn), `${lang}: "${proven}" should start with "${ex.winIn}"`);
    assert.equal(await me.page.locator('#move-values .move-value[data-move="c3-b2"] .val').innerText(), ex.won, lang);
    if (lang === 'en' || lang === 'tl') {
      await me.page.locator('#position-value').scrollIntoViewIfNeeded();
      await shot(me.page, `walk-analysis-words-${lang}-390x844`);
    }
  }
  assert.deepEqual(me.errors, []);
  await me.context.close();
});

test('a position set up on the analysis board is in the address, and a reload shows it again', async () => {
  await analysisIdle();
  const me = await newPlayer(env.browser, PHONE);
  // Dots, 3x3 (quick to value: every tap asks again): two lines, the second player to move.
  const dots3 = encodeURIComponent(JSON.stringify({ game: 'dots', size: '3x3' }));
  await me.page.goto(`${env.server.url}/en/games/dots/analysis#o=${dots3}&m=`);
  await me.page.locator('body[data-ready="true"]').waitFor();
  await me.page.locator('#analysis-tools [data-mode="setup"]').click();
  const [w, h] = [3, 3];
  const dot = (/** @type {number} */ c, /** @type {number} */ r) => r * (w + 1) + c;
  for (const e of [0, 13]) {
    const i = edgeInfo(w, h, e);
    await tapBetween(me.page, 'svg.dots-board circle.dot', dot(i.a[0], i.a[1]), dot(i.b[0], i.b[1]));
  }
  await me.page.locator('#setup-turn').click();
  assert.deepEqual((await analysisState(me.page)).base, { drawn: [0, 13], turn: 1 });
  await me.page.waitForFunction(() => location.hash.includes('s='));
  // Play a line from there: it follows the set-up position in the address.
  await me.page.locator('#analysis-tools [data-mode="play"]').click();
  await me.page.locator('#move-values .move-value[data-move="5"]').click({ timeout: 30_000 });
  await me.page.waitForFunction(() => /[#&]m=5(&|$)/.test(location.hash));
  const url = me.page.url();
  await me.page.reload();
  await me.page.locator('body[data-ready="true"]').waitFor();
  const after = await analysisState(me.page);
  assert.deepEqual(after.base, { drawn: [0, 13], turn: 1 }, url);
  assert.deepEqual(after.line, ['5']);
  assert.equal(await me.page.locator('svg.dots-board line.drawn').count(), 3);
  assert.equal(me.page.url(), url);
  await shot(me.page, 'walk-analysis-setup-dots-390x844');

  // Musashi: the start with the Parent on c2 instead of c3 (a tap takes it off c3, two taps
  // on c2 make a Child, then the Parent).
  await me.page.goto(`${env.server.url}/en/games/musashi/analysis`);
  await me.page.locator('body[data-ready="true"]').waitFor();
  await me.page.locator('#move-values .move-value').first().waitFor({ timeout: 30_000 });
  await me.page.locator('#analysis-tools [data-mode="setup"]').click();
  const points = geometry('33').points;
  for (const p of ['c3', 'c2', 'c2']) {
    await tapBetween(me.page, 'svg.musashi-board .points circle', points.indexOf(p));
  }
  const children = 'a1,a2,a3,a4,a5,b1,b5,c1,c5,d1,d5,e1,e2,e3,e4,e5';
  assert.equal((await analysisState(me.page)).base, `33:c2:${children}:p:0`);
  await me.page.waitForFunction(() => location.hash.includes('s='));
  const link = me.page.url();
  // Each tap asked for a value: let the server answer the last before asking again.
  await me.page.locator('#analysis-tools [data-mode="play"]').click();
  await me.page.locator('#move-values .move-value').first().waitFor({ timeout: 30_000 });
  // The link works in a fresh page, as a bookmark or a shared link would.
  const other = await newPlayer(env.browser, PHONE);
  await other.page.goto(link);
  await other.page.locator('body[data-ready="true"]').waitFor();
  assert.equal((await analysisState(other.page)).base, `33:c2:${children}:p:0`);
  await other.page.locator('#move-values .move-value').first().waitFor({ timeout: 30_000 })
    .catch(async (e) => assert.fail(`${e}: ${await other.page.locator('#position-value').innerText()}`));
  assert.equal(await other.page.locator('svg.musashi-board .piece.child').count(), 16);
  assert.equal(await other.page.locator('svg.musashi-board .piece.parent[data-point="c2"]').count(), 1);
  await shot(other.page, 'walk-analysis-setup-musashi-390x844');
  assert.deepEqual([...me.errors, ...other.errors], []);
  await other.context.close();
  await me.context.close();
});

test('setting up a position tap by tap on the 5x4 board ends valued, not refused as too many questions', async () => {
  await analysisIdle();
  const me = await newPlayer(env.browser, PHONE);
  await me.page.goto(`${env.server.url}/en/games/dots/analysis`);
  await me.page.locator('body[data-ready="true"]').waitFor();
  await me.page.locator('#move-values .move-value').first().waitFor({ timeout: 30_000 });
  await me.page.locator('#analysis-tools [data-mode="setup"]').click();
  const [w, h] = [5, 4];
  const dot = (/** @type {number} */ c, /** @type {number} */ r) => r * (w + 1) + c;
  // Each tap is a new position, and the server takes a while over each one of this size.
  await me.page.locator('svg.dots-board').scrollIntoViewIfNeeded();
  for (const e of [0, 6, 25, 27]) {
    const i = edgeInfo(w, h, e);
    const drawn = async () => (await analysisState(me.page)).base?.drawn?.includes(e);
    // A tap measured while the value list above the board is being redrawn can land beside the
    // line on a loaded machine (CI's): wait for each line, and tap once more if it did not draw.
    for (let attempt = 0; attempt < 2 && !(await drawn()); attempt++) {
      await tapBetween(me.page, 'svg.dots-board circle.dot', dot(i.a[0], i.a[1]), dot(i.b[0], i.b[1]));
      for (let k = 0; k < 30 && !(await drawn()); k++) await me.page.waitForTimeout(100);
    }
  }
  assert.deepEqual((await analysisState(me.page)).base, { drawn: [0, 6, 25, 27], turn: 0 });
  await me.page.locator('#move-values .move-value').first().waitFor({ timeout: 30_000 })
    .catch(async (e) => assert.fail(`${e}: ${await me.page.locator('#position-value').innerText()}`));
  assert.equal(await me.page.locator('#move-values .move-value').count(), 45);
  assert.deepEqual(me.errors, []);
  await me.context.close();
});

test('after a CPU move in a Dots game, the screen reader hears which line it drew, in every locale', async () => {
  for (const lang of LANGS) {
    const ftl = await clientMessages(env.server.url, lang);
    const me = await newPlayer(env.browser, PHONE);
    await me.page.goto(`${env.server.url}/${lang}/games/dots`);
    await me.page.locator('body[data-ready="true"]').waitFor();
    await me.page.locator('#play-cpu input[value="beginner"]').check();
    await me.page.locator('#play-cpu button[type="submit"]').click();
    await me.page.waitForURL(new RegExp(`/${lang}/g/[A-Za-z0-9]+$`));
    const st = await waitState(me.page, 's.seat === 0 && s.table.status === "playing" && s.table.view.turn === s.table.seats[0].side');
    await me.page.locator(`svg.dots-board .edge-hit[data-edge="${st.table.view.legal[0]}"]`).click();
    const cpuSide = st.table.seats[1].side;
    const after = await waitState(me.page, `s.table.view.lines.length >= 2 && s.table.view.last.player === ${cpuSide}`, 30_000);
    const v = after.table.view;
    const i = edgeInfo(v.w, v.h, v.last.edge);
    const line = message(ftl, i.horizontal ? 'dots-edge-h' : 'dots-edge-v', { row: i.r + 1, col: i.c + 1 });
    const live = me.page.locator('#live');
    const end = Date.now() + 10_000;
    let said = '';
    while (Date.now() < end && !said.includes(line)) {
      said = await live.textContent() ?? '';
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(said.includes(line), `${lang}: "${said}" does not name the line "${line}"`);
    assert.deepEqual(me.errors, []);
    await me.context.close();
  }
});

/**
 * A 3x3 game in which each move throws the result away when it can: `qdan review dots 3x3
 * --moves ...` finds thirteen turning points, moves 6 to 18.
 */
const BLUNDERS = [0, 1, 2, 3, 4, 5, 7, 6, 12, 8, 9, 10, 11, 14, 16, 18, 20, 22, 13, 15, 17, 19, 21, 23];

/**
 * Whether `selector` is wholly on screen (or fills it), waiting a moment for a smooth scroll.
 * @param {import('playwright-core').Page} page @param {string} selector
 */
async function onScreen(page, selector) {
  try {
    await page.waitForFunction((sel) => {
      const el = document.querySelector(sel);
      if (!el) return false;
      const r = el.getBoundingClientRect();
      const vh = window.innerHeight;
      return r.height > 0 && (r.height > vh ? r.top <= 0 && r.bottom >= vh : r.top >= 0 && r.bottom <= vh);
    }, selector, { timeout: 3000 });
    return true;
  } catch {
    return false;
  }
}

test('on a phone, a tapped turning point brings the board it changes into view', async () => {
  const host = await newPlayer(env.browser, PHONE);
  const guest = await newPlayer(env.browser, DESKTOP);
  await seatTwoAtDots3x3(env.server.url, host, guest);
  for (const [i, edge] of BLUNDERS.entries()) {
    const st = await waitState(host.page, `s.table.view && s.table.view.lines.length === ${i}`);
    const mover = st.table.seats[0].side === st.table.view.turn ? host : guest;
    await waitState(mover.page, `s.table.view.lines.length === ${i}`);
    await mover.page.locator(`svg.dots-board .edge-hit[data-edge="${edge}"]`).click();
  }
  await waitState(host.page, 's.table.status === "over"');

  // The live review at the end of the game: its small board comes after the list.
  const items = host.page.locator('#review #turning button.turn');
  await host.page.waitForFunction(() => document.querySelectorAll('#review #turning button.turn').length === 13, null, { timeout: 30_000 });
  for (const n of [0, 9, 12]) {
    await items.nth(n).scrollIntoViewIfNeeded();
    await items.nth(n).tap();
    assert.ok(await onScreen(host.page, '#turn-board'), `the live review's board is off screen after turning point ${n + 1}`);
  }
  await shot(host.page, 'walk-live-review-turning-390x844');

  // The replay: its board is at the top, the list far below.
  const link = await host.page.locator('#open-replay').getAttribute('href');
  const viewer = await newPlayer(env.browser, PHONE);
  await viewer.page.goto(`${env.server.url}${link}`);
  await viewer.page.locator('body[data-ready="true"]').waitFor();
  const list = viewer.page.locator('#turning button.turn');
  await viewer.page.waitForFunction(() => document.querySelectorAll('#turning button.turn').length === 13, null, { timeout: 30_000 });
  await list.nth(9).scrollIntoViewIfNeeded();
  assert.equal(await onScreen(viewer.page, '#board'), false, 'the list is far enough below the board');
  await list.nth(9).tap();
  await viewer.page.waitForFunction(() => /** @type {any} */ (window).qdanReplay().shown?.ply === 15);
  assert.ok(await onScreen(viewer.page, '#board'), 'the replay board is off screen after the tap');
  await shot(viewer.page, 'walk-replay-turning-390x844');
  // With reduced motion it jumps there at once; a board already in view does not move.
  await viewer.page.emulateMedia({ reducedMotion: 'reduce' });
  await list.nth(12).scrollIntoViewIfNeeded();
  await list.nth(12).tap();
  assert.ok(await onScreen(viewer.page, '#board'));
  const y = await viewer.page.evaluate(() => window.scrollY);
  await viewer.page.locator('#step-prev').click();
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(await viewer.page.evaluate(() => window.scrollY), y);
  assert.deepEqual([...host.errors, ...guest.errors, ...viewer.errors], []);
  await viewer.context.close();
  await host.context.close();
  await guest.context.close();
});
