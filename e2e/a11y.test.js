// Accessibility rough edges found in an audit (December 2026; axe-core and by hand, on a phone
// and a desktop, light and dark, in five locales); each test below failed on the site as it was
// before its fix: a question that let the Tab key wander off before it was answered, a chart
// whose buttons a screen reader could not reach, moves whose spoken name left out what their
// button shows, boards taller than a desktop zoomed to 200%, and faded small text on the
// quick-pairing button one waits in.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { finishedGame } from './finished-game.js';
import { DESKTOP, PHONE, newPlayer, seatTwoAtDots3x3, serverAndBrowser, shot, waitState } from './harness.js';

const env = serverAndBrowser();

/** The id of the focused element. @param {import('playwright-core').Page} page */
const focused = (page) => page.evaluate(() => document.activeElement?.id ?? '');

test('the resign and block questions keep the Tab key until they are answered', async () => {
  const host = await newPlayer(env.browser, DESKTOP);
  const guest = await newPlayer(env.browser, PHONE);
  await seatTwoAtDots3x3(env.server.url, host, guest);
  const { page } = host;
  // Resign, from the keyboard: the question opens on "Cancel"; Tab and Shift+Tab go round its
  // two answers, and Escape goes back to the button.
  await page.locator('#resign').focus();
  await page.keyboard.press('Enter');
  assert.equal(await focused(page), 'resign-no');
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'resign-yes', 'Tab from the last answer goes to the first');
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'resign-no');
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(page), 'resign-no', 'Shift+Tab from the first answer goes to the last');
  await shot(page, 'resign-keeps-tab-1280x800');
  await page.keyboard.press('Escape');
  assert.equal(await focused(page), 'resign');
  assert.equal(await page.locator('#resign-q').isHidden(), true);

  // Block, the same way.
  await page.locator('#block-open').focus();
  await page.keyboard.press('Enter');
  assert.equal(await focused(page), 'block-cancel');
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'block-yes');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(page), 'block-cancel');
  await page.keyboard.press('Escape');
  assert.equal(await focused(page), 'block-open');
  assert.equal((await waitState(page, 's.table.status === "playing"')).table.status, 'playing');
  assert.deepEqual([...host.errors, ...guest.errors], []);
  await host.context.close();
  await guest.context.close();
});

test('after a game: the chart\'s turning points and the moves are named as they are seen', async () => {
  const hostToken = (await (await fetch(`${env.server.url}/api/players`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"Host"}',
  })).json()).token;
  const { context, page, errors } = await newPlayer(env.browser, PHONE);
  await page.goto(`${env.server.url}/en/`);
  // Node 20 has no WebSocket: the game is played from a page.
  const code = await page.evaluate(finishedGame, { base: env.server.url, host: hostToken });
  await context.addInitScript((tok) => localStorage.setItem('qdan.token', tok), hostToken);
  for (const [path, chart] of [[`/en/g/${code}`, '#review'], [`/en/g/${code}/1`, '#replay']]) {
    await page.goto(`${env.server.url}${path}`);
    await page.locator(`${chart} .review-chart .chart-turn`).first().waitFor({ timeout: 30_000 });
    // Nothing the Tab key reaches sits inside an image, whose insides screen readers skip.
    const hidden = await page.evaluate(() => [...document.querySelectorAll('[role="img"] [tabindex], [role="img"] button, [role="img"] a[href]')].map((e) => e.outerHTML.slice(0, 80)));
    assert.deepEqual(hidden, [], `${path}: focusable inside role="img"`);
    // The turning points are buttons with their words, inside a chart with its own.
    const turn = page.locator(`${chart} .review-chart .chart-turn`).first();
    const label = String(await turn.getAttribute('aria-label'));
    await page.getByRole('button', { name: label, exact: true }).first().waitFor();
    assert.match(String(await page.locator(`${chart} .review-chart`).getAttribute('aria-label')), /value of the game/);
  }
  // The moves beside the board (the table's page): each spoken name holds the written move.
  await page.goto(`${env.server.url}/en/g/${code}`);
  await page.locator('#moves-list .move').first().waitFor();
  const names = await page.evaluate(() => [...document.querySelectorAll('#moves-list .move')].map((b) => [b.textContent, b.getAttribute('aria-label')]));
  assert.ok(names.length > 10);
  for (const [shown, said] of names) assert.ok(String(said).includes(String(shown)), `"${said}" holds "${shown}"`);
  assert.match(String(names[0][1]), /^1\. First player: a1–b1 \(Line across, row 1, from dot 1\)$/);
  assert.deepEqual(errors.filter((e) => !/status of 404/.test(e)), []);
  await context.close();
});

test('at 200% zoom on a 1280x800 desktop, each board fits the screen\'s height', async () => {
  // 200% of 1280x800 lays pages out in 640x400 CSS pixels; a phone on its side is much the same.
  const me = await (await fetch(`${env.server.url}/api/players`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}',
  })).json();
  const code = (await (await fetch(`${env.server.url}/api/groups`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${me.token}` },
    body: JSON.stringify({ game: 'musashi', cpu: 'beginner' }),
  })).json()).code;
  for (const viewport of [{ width: 640, height: 400 }, { width: 844, height: 390 }]) {
    const { context, page, errors } = await newPlayer(env.browser, viewport);
    await context.addInitScript((tok) => localStorage.setItem('qdan.token', tok), me.token);
    for (const path of [`/en/g/${code}`, '/en/games/musashi/learn', '/en/games/bagh-chal/analysis']) {
      await page.goto(`${env.server.url}${path}`);
      const board = page.locator('#board svg[viewBox]');
      await board.waitFor();
      const box = /** @type {{height: number}} */ (await board.boundingBox());
      // The whole board on one screen, and not shrunk to a stamp either.
      assert.ok(box.height <= viewport.height, `${viewport.width}x${viewport.height} ${path}: a board ${box.height} px tall`);
      assert.ok(box.height >= 0.85 * viewport.height, `${viewport.width}x${viewport.height} ${path}: a board only ${box.height} px tall`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true, `${path}: no sideways scroll`);
    }
    await page.goto(`${env.server.url}/en/g/${code}`);
    await page.locator('#board svg[viewBox]').waitFor();
    await shot(page, `board-fits-${viewport.width}x${viewport.height}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the quick-pairing button one waits in has text of at least 4.5:1, light and dark', async () => {
  for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
    const context = await env.browser.newContext({ viewport: PHONE, colorScheme });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/en/games/dots`);
    await page.locator('#lobby-pools button.pool').first().waitFor();
    await page.locator('#lobby-pools button[data-pool="dots-untimed"]').click();
    const on = page.locator('#lobby-pools button.pool.on');
    await on.waitFor();
    // As it stays while one waits: the pointer gone from it (a hover darkens it).
    await page.mouse.move(0, 0);
    // Each line's colour, faded by its opacity over the button's background, against that background.
    const ratios = await on.evaluate((b) => {
      const rgb = (/** @type {string} */ c) => (c.match(/[\d.]+/g) ?? []).map(Number);
      const lum = (/** @type {number[]} */ c) => {
        const [r, g, bl] = c.slice(0, 3).map((x) => x / 255).map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
      };
      const bg = rgb(getComputedStyle(b).backgroundColor);
      return [...b.children].map((el) => {
        const cs = getComputedStyle(el);
        const a = Number(cs.opacity) * (rgb(cs.color)[3] ?? 1);
        const fg = rgb(cs.color).slice(0, 3).map((x, i) => a * x + (1 - a) * bg[i]);
        const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
        return { text: el.textContent, ratio: (hi + 0.05) / (lo + 0.05) };
      });
    });
    assert.ok(ratios.length >= 2);
    for (const r of ratios) assert.ok(r.ratio >= 4.5, `${colorScheme}: "${r.text}" at ${r.ratio.toFixed(2)}:1`);
    await context.close();
  }
});
