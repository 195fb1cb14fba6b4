// Bagh-Chal against the CPU on a phone: the tigers (this player) against the beginner's goats
// from the first placement to the end of the game, by taps on the board; the goats in hand
// and the captures are shown, and the result screen says who won and why; the game's review
// chart and replay follow.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, newPlayer, serverAndBrowser, shot, state, waitState } from './harness.js';

const env = serverAndBrowser();

/** Plies played in the page's game: placements, then moves. */
const PLIES = '(s.table.plies)';

/**
 * Plays a Bagh-Chal move by tapping the board: a placement is one tap on the point; a step or
 * a jump is a tap on the piece, then on its landing point.
 * @param {import('playwright-core').Page} page
 * @param {string} move
 */
async function tap(page, move) {
  const m = move.match(/^([a-e][1-5])[-x]([a-e][1-5])$/);
  const board = page.locator('svg.bagh-chal-board');
  if (!m) {
    await board.locator(`[data-place="${move}"]`).click();
    return;
  }
  await board.locator(`[data-point="${m[1]}"]`).click();
  await board.locator(`[data-target="${m[2]}"]`).click();
}

test('a whole Bagh-Chal game against the CPU on a phone', async () => {
  const me = await newPlayer(env.browser, PHONE);
  await me.page.goto(`${env.server.url}/en/games/bagh-chal`);
  await me.page.locator('body[data-ready="true"]').waitFor();
  await me.page.locator('#play-cpu input[value="beginner"]').check();
  await me.page.locator('#play-cpu button[type="submit"]').click();
  await me.page.waitForURL(/\/en\/g\/[A-Za-z0-9]+$/);
  await waitState(me.page, 's.seat === 0 && s.table.status === "playing"');
  await me.page.locator('.seat.mine .seat-role').filter({ hasText: 'Tigers' }).waitFor();
  // The goats move first: the CPU places, then it is the tigers' turn.
  let st = await waitState(me.page, 's.table.view.turn === 0', 30_000);
  assert.equal(st.table.view.inHand, 19);
  await me.page.locator('#in-hand').filter({ hasText: 'Goats to place: 19' }).waitFor();
  assert.equal(await me.page.locator('svg.bagh-chal-board [data-piece="tiger"]').count(), 4);
  await shot(me.page, 'bagh-chal-cpu-start-390x844');

  let shotDanger = false;
  for (let mine = 0; ; mine++) {
    st = await waitState(me.page, 's.table.status === "over" || s.table.view.turn === 0', 30_000);
    if (st.table.status === 'over') break;
    assert.ok(mine < 250, 'the game ends');
    const v = st.table.view;
    if (!shotDanger && v.endangered.length) {
      shotDanger = true;
      await me.page.locator('[data-danger]').first().waitFor();
      await shot(me.page, 'bagh-chal-cpu-danger-390x844');
    }
    // Jump when a goat can be taken, else the first step (the rules' order).
    const move = v.legal.find((/** @type {string} */ m) => m.includes('x')) ?? v.legal[0];
    const plies = st.table.plies;
    await tap(me.page, move);
    await waitState(me.page, `${PLIES} > ${plies} || s.table.status === "over"`);
  }

  const end = (await state(me.page)).table;
  const reason = end.view.outcome.reason;
  assert.ok(['target-reached', 'tigers-blocked', 'goats-blocked'].includes(reason), reason);
  const won = end.view.outcome.winner === 0;
  await me.page.locator('#result-title').filter({ hasText: won ? 'You won' : 'You lost' }).waitFor();
  const words = {
    'target-reached': `The tigers captured ${end.view.target} goats.`,
    'tigers-blocked': 'The goats blocked the tigers',
    'goats-blocked': 'The goats had no legal move left.',
  };
  await me.page.locator('#result-reason').filter({ hasText: words[/** @type {keyof typeof words} */ (reason)] }).waitFor();
  await me.page.locator('#end-rematch').waitFor();
  // The review: a chart of the whole game on the end card, then the replay of its moves.
  await me.page.waitForFunction(() => document.querySelectorAll('#review .review-chart .chart-line').length > 0, null, { timeout: 60_000 });
  await me.page.locator('#review').scrollIntoViewIfNeeded();
  await shot(me.page, 'bagh-chal-cpu-end-390x844');
  const link = await me.page.locator('#open-replay').getAttribute('href');
  assert.ok(link);
  await me.page.goto(`${env.server.url}${link}`);
  await me.page.locator('#replay-result').filter({ hasText: /\S/ }).waitFor();
  await me.page.locator('#replay svg.bagh-chal-board').waitFor();
  await shot(me.page, 'bagh-chal-replay-390x844');
  assert.deepEqual(me.errors, []);
  await me.context.close();
});
