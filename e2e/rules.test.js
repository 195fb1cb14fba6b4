// The rules pages at phone width in every locale: nothing wider than the screen (the tables
// scroll inside their own box), the diagrams and tables there without JavaScript, and "Play with
// these rules" / "With a friend" open a group with exactly the options the page lists.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { LANGS, PHONE, SHOTS, newPlayer, serverAndBrowser, waitState } from './harness.js';

const env = serverAndBrowser();

const GAMES = ['musashi', 'dots', 'bagh-chal'];

test('rules pages fit a phone in every locale', async () => {
  const { context, page, errors } = await newPlayer(env.browser, PHONE);
  for (const lang of LANGS) {
    for (const game of GAMES) {
      await page.goto(`${env.server.url}/${lang}/games/${game}/rules`);
      await page.locator('body[data-ready="true"]').waitFor();
      assert.equal(await page.getAttribute('html', 'lang'), lang);
      const m = await page.evaluate(() => {
        const scrollers = [...document.querySelectorAll('.table-scroll')].map((el) => ({
          inner: el.scrollWidth, outer: el.clientWidth, right: el.getBoundingClientRect().right,
        }));
        return {
          page: document.documentElement.scrollWidth, body: document.body.scrollWidth, view: window.innerWidth, scrollers,
          svgs: document.querySelectorAll('figure.diagram svg').length,
          rows: document.querySelectorAll('#local-rules tbody tr').length,
        };
      });
      assert.ok(m.page <= m.view && m.body <= m.view, `${lang} ${game}: page ${m.page}/${m.body} px wide in ${m.view}`);
      for (const s of m.scrollers) assert.ok(s.right <= m.view + 0.5, `${lang} ${game}: a table box sticks out`);
      assert.equal(m.scrollers.length, 2);
      assert.equal(m.svgs, { musashi: 3, dots: 1, 'bagh-chal': 2 }[game]);
      assert.equal(m.rows, { musashi: 6, dots: 2, 'bagh-chal': 4 }[game]);
      await page.screenshot({ path: join(SHOTS, `rules-${lang}-${game}.png`), fullPage: true });
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('rules pages render without JavaScript', async () => {
  const context = await env.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  for (const lang of LANGS) {
    await page.goto(`${env.server.url}/${lang}/games/dots/rules`);
    assert.equal(await page.locator('figure.diagram svg.dots-board').count(), 1);
    assert.equal(await page.locator('#local-rules tbody tr').count(), 2);
    assert.equal(await page.locator('#btn-rules-play').getAttribute('href'), `/${lang}/games/dots`);
    assert.ok(await page.locator('#faq h3').count() >= 2);
  }
  await context.close();
});

/**
 * Clicks `button` on the rules page of `game` and returns the group's table once it plays or waits.
 * @param {string} lang @param {string} game @param {string} button
 */
async function openFromRules(lang, game, button) {
  const { context, page, errors } = await newPlayer(env.browser, PHONE);
  await page.goto(`${env.server.url}/${lang}/games/${game}/rules`);
  await page.locator('body[data-ready="true"]').waitFor();
  const listed = JSON.parse(/** @type {string} */ (await page.locator('article.rules').getAttribute('data-options')));
  await page.locator(button).click();
  await page.waitForURL(new RegExp(`/${lang}/g/[A-Za-z0-9]+$`));
  const s = await waitState(page, 's.table && s.table.options');
  for (const [k, v] of Object.entries(listed)) assert.deepEqual(s.table.options[k], v, `${game} ${k}`);
  assert.deepEqual(errors, []);
  return { context, page, listed };
}

test('"Play with these rules" opens a game against the CPU with the listed rules', async () => {
  const { context, page, listed } = await openFromRules('en', 'musashi', '#btn-rules-play');
  assert.deepEqual(Object.keys(listed).sort(), ['board', 'first', 'limit', 'showDanger', 'swapRoles', 'target']);
  await waitState(page, 's.table.status === "playing" && s.table.seats.some((x) => x && x.cpu)');
  await context.close();
});

test('"With a friend" opens a group with the listed rules', async () => {
  const { context, page, listed } = await openFromRules('ru', 'dots', '#btn-rules-friend');
  assert.deepEqual(listed, { size: '5x4', swapFirst: true });
  await page.locator('body[data-ready="true"]').waitFor();
  await context.close();
});
