// The lesson on the board, judged by the server: each lesson end to end in English (wrong moves
// answered with their hints), the last step starting a real game against the beginner CPU, and
// every locale's step texts, hints and notes present, with Next in one place on every step.
// Screenshots of two steps per lesson.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LANGS, PHONE, clientMessages, musashiMove, newPlayer, serverAndBrowser, shot, waitCount, waitState } from './harness.js';

const env = serverAndBrowser();

/** @param {import('playwright-core').Page} page @param {string} id */
async function atStep(page, id) {
  await page.locator(`.lesson[data-step-id="${id}"]`).waitFor();
}

/**
 * Waits for the answer to a move: `good` (done, or a note) or `bad` (a hint), with text matching
 * `re` when given; returns the text.
 * @param {import('playwright-core').Page} page @param {'good' | 'bad'} kind @param {RegExp} [re]
 */
async function feedback(page, kind, re) {
  const el = page.locator(`#lesson-feedback.${kind}`);
  await (re ? el.filter({ hasText: re }) : el).waitFor();
  return (await el.textContent()) ?? '';
}

/** @param {import('playwright-core').Page} page */
async function next(page) {
  await page.locator('#lesson-next').click();
}

/**
 * Draws a line; with `boxes`, waits until the learner owns that many boxes.
 * @param {import('playwright-core').Page} page @param {number} edge @param {number} [boxes]
 */
async function dotsLine(page, edge, boxes) {
  await page.locator(`svg.dots-board [data-edge="${edge}"]`).click();
  if (boxes !== undefined) await page.waitForFunction((n) => document.querySelectorAll('svg.dots-board .box.owner-0').length === n, boxes);
}

test('the Juroku Musashi lesson, end to end, ends in a game against the beginner CPU', async () => {
  const started = Date.now();
  const { context, page, errors } = await newPlayer(env.browser, PHONE);
  await page.goto(`${env.server.url}/en/games/musashi/learn`);
  await page.locator('body[data-ready="true"]').waitFor();
  assert.equal(await page.locator('#lesson-count').textContent(), 'Step 1 of 9');
  assert.equal(await page.locator('#lesson-next').textContent(), 'Skip');
  await musashiMove(page, 'c3-d3');
  await feedback(page, 'good');
  assert.equal(await page.locator('#lesson-next').textContent(), 'Next');
  await next(page);

  await atStep(page, 'pair');
  await musashiMove(page, 'c3-c4');
  await feedback(page, 'bad', /takes nothing/);
  // The board is back where the step began: the Parent on c3.
  await page.locator('svg.musashi-board [data-piece="parent"][data-point="c3"]').waitFor();
  await shot(page, 'learn-musashi-hint-390x844');
  await musashiMove(page, 'c3-b3');
  await feedback(page, 'good');
  await waitCount(page.locator('svg.musashi-board [data-taken]'), 2);
  await next(page);

  await atStep(page, 'two-pairs');
  await musashiMove(page, 'd3-d2');
  await feedback(page, 'bad', /only one pair/);
  await musashiMove(page, 'd3-c3');
  await feedback(page, 'good');
  await waitCount(page.locator('svg.musashi-board [data-taken]'), 4);
  await next(page);

  // Now the Children: close the gap between b2 and b4.
  await atStep(page, 'gap');
  assert.equal(await page.locator('#lesson-count').textContent(), 'Step 4 of 9');
  await musashiMove(page, 'e1-d1');
  await feedback(page, 'bad', /take b2, b4/);
  await musashiMove(page, 'b2-b3');
  await feedback(page, 'good');
  await next(page);

  await atStep(page, 'trap');
  await musashiMove(page, 'c3-b2');
  await feedback(page, 'good');
  await next(page);

  await atStep(page, 'setchin');
  await musashiMove(page, 'f4-g4');
  await feedback(page, 'bad', /step to f4/);
  await musashiMove(page, 'g3-g4');
  await feedback(page, 'good');
  await shot(page, 'learn-musashi-setchin-390x844');
  await next(page);

  await atStep(page, 'limit');
  await musashiMove(page, 'g3-g4');
  await feedback(page, 'bad', /100th move/);
  await musashiMove(page, 'g3-f2');
  await feedback(page, 'good', /the Parent wins/);
  await next(page);

  await atStep(page, 'target');
  await musashiMove(page, 'c3-b3');
  await feedback(page, 'good', /Ten taken/);
  await next(page);

  await atStep(page, 'play');
  assert.equal(await page.locator('#lesson-count').textContent(), 'Step 9 of 9');
  assert.ok(await page.locator('#lesson-play-friend').isVisible());
  // Or someone in the game page's lobby.
  assert.equal(await page.locator('#lesson-play-someone').getAttribute('href'), '/en/games/musashi#lobby');
  console.log(`musashi lesson clicked through in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await page.locator('#lesson-play-cpu').click();
  await page.waitForURL(/\/en\/g\/[A-Za-z0-9]+$/);
  await waitState(page, 's.table.status === "playing" && s.seat === 0');
  await waitState(page, 's.table.options.board === "25" && s.table.seats[1].cpu === "beginner"');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the Dots and Boxes lesson, end to end, with double-dealing', async () => {
  const started = Date.now();
  const { context, page, errors } = await newPlayer(env.browser, PHONE);
  await page.goto(`${env.server.url}/en/games/dots/learn`);
  await page.locator('body[data-ready="true"]').waitFor();
  assert.equal(await page.locator('#lesson-count').textContent(), 'Step 1 of 6');
  await dotsLine(page, 5);
  await feedback(page, 'good');
  await next(page);

  await atStep(page, 'box');
  await dotsLine(page, 1);
  await feedback(page, 'bad', /closes no box/);
  await dotsLine(page, 18, 1);
  await feedback(page, 'good', /draw again/);
  await dotsLine(page, 1);
  await feedback(page, 'good', /Well done/);
  await next(page);

  await atStep(page, 'third-side');
  await dotsLine(page, 13);
  assert.equal(await feedback(page, 'bad'), 'That line gives your opponent a third side.');
  await waitCount(page.locator('svg.dots-board .drawn'), 6);
  await shot(page, 'learn-dots-hint-390x844');
  await dotsLine(page, 2);
  await feedback(page, 'good');
  await next(page);

  await atStep(page, 'chain');
  await dotsLine(page, 13, 1);
  await dotsLine(page, 14, 2);
  await dotsLine(page, 15, 3);
  await feedback(page, 'good', /Well done/);
  await next(page);

  await atStep(page, 'double-deal');
  await dotsLine(page, 13, 1);
  await dotsLine(page, 14);
  await feedback(page, 'bad', /Leave the last two/);
  await dotsLine(page, 15);
  await feedback(page, 'good', /open the long chain/);
  await page.waitForFunction(() => document.querySelectorAll('svg.dots-board .box.owner-1').length === 2);
  let mine = 1;
  for (const e of [18, 17, 16, 22, 21, 20]) await dotsLine(page, e, ++mine);
  await feedback(page, 'good', /Seven to two/);
  await shot(page, 'learn-dots-double-deal-390x844');
  await next(page);

  await atStep(page, 'play');
  console.log(`dots lesson clicked through in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await page.locator('#lesson-play-cpu').click();
  await page.waitForURL(/\/en\/g\/[A-Za-z0-9]+$/);
  await waitState(page, 's.table.status === "playing" && s.table.options.size === "3x3" && s.table.seats[1].cpu === "beginner"');
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * Plays a Bagh-Chal move by tapping: a placement is one tap, a step or a jump the piece, then
 * its landing point.
 * @param {import('playwright-core').Page} page @param {string} move
 */
async function baghChalMove(page, move) {
  const m = move.match(/^([a-e][1-5])[-x]([a-e][1-5])$/);
  const board = page.locator('svg.bagh-chal-board');
  if (!m) return board.locator(`[data-place="${move}"]`).click();
  await board.locator(`[data-point="${m[1]}"]`).click();
  await board.locator(`[data-target="${m[2]}"]`).click();
}

test('the Bagh-Chal lesson, end to end, ends in a game against the beginner CPU', async () => {
  const { context, page, errors } = await newPlayer(env.browser, PHONE);
  await page.goto(`${env.server.url}/en/games/bagh-chal/learn`);
  await page.locator('body[data-ready="true"]').waitFor();
  assert.equal(await page.locator('#lesson-count').textContent(), 'Step 1 of 5');
  // Keyboard play: focus puts the cursor on the first point a goat may go to, and Enter
  // places it there.
  await page.locator('svg.bagh-chal-board').focus();
  await page.locator('#live').filter({ hasText: 'b1, empty: you can place a goat here' }).waitFor();
  await page.keyboard.press('Enter');
  await feedback(page, 'good');
  await page.locator('svg.bagh-chal-board [data-piece="goat"][data-point="b1"]').waitFor();
  await next(page);

  await atStep(page, 'jump');
  await baghChalMove(page, 'a1-a2');
  await feedback(page, 'bad', /captures nothing/);
  await page.locator('svg.bagh-chal-board [data-piece="tiger"][data-point="a1"]').waitFor();
  // By keyboard: the cursor starts on the tiger on a1; Enter chooses it; the arrows reach c3,
  // announced as a capture; Enter jumps.
  await page.locator('svg.bagh-chal-board').focus();
  await page.locator('#live').filter({ hasText: 'a1, tiger: you can move it' }).waitFor();
  await page.keyboard.press('Enter');
  await page.locator('#live').filter({ hasText: 'a1 chosen' }).waitFor();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp']) await page.keyboard.press(key);
  await page.locator('#live').filter({ hasText: 'c3, empty: jumping here captures a goat' }).waitFor();
  await page.keyboard.press('Enter');
  await feedback(page, 'good');
  await page.locator('svg.bagh-chal-board [data-piece="tiger"][data-point="c3"]').waitFor();
  await next(page);

  await atStep(page, 'guard');
  await baghChalMove(page, 'c3');
  await feedback(page, 'bad', /can still jump/);
  await baghChalMove(page, 'c1');
  await feedback(page, 'good');
  await next(page);

  await atStep(page, 'block');
  await baghChalMove(page, 'b2-c3');
  await feedback(page, 'bad', /next to a tiger/);
  await shot(page, 'learn-bagh-chal-hint-390x844');
  await baghChalMove(page, 'b3-c3');
  await feedback(page, 'good', /No tiger can move/);
  await next(page);

  await atStep(page, 'play');
  await page.locator('#lesson-play-cpu').click();
  await page.waitForURL(/\/en\/g\/[A-Za-z0-9]+$/);
  await waitState(page, 's.table.status === "playing" && s.table.seats[1].cpu === "beginner"');
  assert.equal((await waitState(page, 's.table.view !== null')).table.view.game, 'bagh-chal');
  assert.deepEqual(errors, []);
  await context.close();
});

test('every locale has every step text, hint and note of both lessons', async () => {
  const { context, page, errors } = await newPlayer(env.browser, PHONE);
  /** @type {Record<string, Set<string>>} */
  const keys = {};
  for (const lang of LANGS) {
    const ftl = await clientMessages(env.server.url, lang);
    keys[lang] = new Set([...ftl.matchAll(/^(learn-[a-z0-9-]+) =/gm)].map((m) => m[1]));
  }
  // Every hint and note id the server can send has a text.
  for (const id of ['no-pair', 'one-pair', 'gap', 'trap', 'limit-trapped']) assert.ok(keys.en.has(`learn-musashi-hint-${id}`), id);
  for (const id of ['no-box', 'third-side', 'take-chain', 'all-in', 'opens-chain', 'take-first']) assert.ok(keys.en.has(`learn-dots-hint-${id}`), id);
  for (const id of ['no-jump', 'guard', 'block']) assert.ok(keys.en.has(`learn-bagh-chal-hint-${id}`), id);
  for (const lang of LANGS) assert.deepEqual([...keys.en].filter((k) => !keys[lang].has(k)), [], `${lang} lacks lesson messages`);

  for (const lang of LANGS) {
    for (const game of ['musashi', 'dots', 'bagh-chal']) {
      await page.goto(`${env.server.url}/${lang}/games/${game}/learn`);
      await page.locator('body[data-ready="true"]').waitFor();
      const steps = Number(await page.locator('.lesson').getAttribute('data-steps'));
      assert.equal(steps, { musashi: 8, dots: 5, 'bagh-chal': 4 }[game]);
      /** @type {string[]} */
      const titles = [];
      /** @type {Set<number>} where Next is on the page, step by step (the last step has none) */
      const nextAt = new Set();
      for (let i = 0; i <= steps; i++) {
        if (i < steps) nextAt.add(await page.locator('#lesson-next').evaluate((b) => Math.round(b.getBoundingClientRect().top + scrollY)));
        const title = (await page.locator('#lesson-step').textContent()) ?? '';
        const text = (await page.locator('#lesson-text').textContent()) ?? '';
        const count = (await page.locator('#lesson-count').textContent()) ?? '';
        for (const s of [title, text, count]) {
          assert.ok(s.length > 3 && !/learn-|\{|\$/.test(s), `${lang} ${game} step ${i + 1}: ${JSON.stringify(s)}`);
        }
        assert.ok(count.includes(String(i + 1)) && count.includes(String(steps + 1)), `${lang}: ${count}`);
        titles.push(title);
        if (i < steps) await next(page);
      }
      assert.equal(new Set(titles).size, titles.length, `${lang} ${game}: every step has its own title`);
      assert.equal(nextAt.size, 1, `${lang} ${game}: Next stays put from step to step (${[...nextAt]})`);
      const missing = await page.evaluate(() => /** @type {any} */ (window).__qdanMissing);
      assert.deepEqual(missing, [], `${lang} ${game}: missing messages`);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= PHONE.width, `${lang} ${game}: ${wide} px wide`);
    }
  }
  // A hint in every locale: a wrong first move in the Dots box step.
  for (const lang of LANGS) {
    await page.goto(`${env.server.url}/${lang}/games/dots/learn`);
    await page.locator('body[data-ready="true"]').waitFor();
    await next(page);
    await atStep(page, 'box');
    await dotsLine(page, 1);
    const hint = await feedback(page, 'bad');
    assert.ok(hint.length > 10 && !hint.includes('learn-'), `${lang}: ${hint}`);
    if (lang === 'ru') await shot(page, 'learn-dots-ru-hint-390x844');
  }
  assert.deepEqual(errors, []);
  await context.close();
});
