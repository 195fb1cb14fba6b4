// Dots and Boxes between two browsers through an invite link: a whole 3x3 game drawn by
// tapping the board, scores and extra turns shown, then the host changes the board size and
// the rematch uses it with the first mover swapped.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, PHONE, newPlayer, serverAndBrowser, shot, sitDown, state, waitCount, waitState } from './harness.js';

const env = serverAndBrowser();

/**
 * Draws the first line still open, by tapping the board between its two dots.
 * @param {import('playwright-core').Page} page
 */
async function drawFirst(page) {
  // The first legal line by the page's own state: the drawing may lag it by a frame, and a
  // tap where a line was just drawn would snap to nothing.
  const edge = (await state(page)).table.view.legal[0];
  await page.locator(`svg.dots-board .edge-hit[data-edge="${edge}"]`).click();
  return edge;
}

test('two friends play a whole game of Dots and Boxes through an invite link', async () => {
  const host = await newPlayer(env.browser, PHONE, 'ru-RU');
  const guest = await newPlayer(env.browser, DESKTOP);

  await host.page.goto(`${env.server.url}/`);
  await host.page.waitForURL(/\/ru\/$/);
  await host.page.goto(`${env.server.url}/ru/games/dots`);
  // The page's module is imported after the load event: wait until it is wired.
  await host.page.locator('body[data-ready="true"]').waitFor();
  await host.page.locator('#play-friend').click();
  await host.page.waitForURL(/\/ru\/g\/[A-Za-z0-9]+$/);
  await waitState(host.page, 's.seat === 0');
  await host.page.locator('#settings summary').click();
  await host.page.locator('#opt-size').selectOption('3x3');
  await host.page.locator('#opt-ranked').check();
  await host.page.locator('#settings-save').click();
  await host.page.locator('#settings-saved').filter({ hasText: 'Сохранено' }).waitFor();
  const invite = await host.page.locator('#invite-link').inputValue();

  await guest.page.goto(invite.replace('/ru/', '/en/'));
  await sitDown(guest.page);
  await waitState(guest.page, 's.seat === 1 && s.table.status === "playing"');
  await guest.page.locator('svg.dots-board[data-size="3x3"]').waitFor();
  await waitCount(guest.page.locator('svg.dots-board .dot'), 16);
  // Hints are for games against the CPU only.
  assert.equal(await guest.page.locator('#hint').isHidden(), true);

  // A third visitor watches: both seats are taken, so they are counted as a spectator.
  const watcher = await newPlayer(env.browser, PHONE, 'hi-IN');
  await watcher.page.goto(invite.replace('/ru/', '/hi/'));
  await waitState(watcher.page, 's.seat === null && s.table.status === "playing"');
  await watcher.page.locator('#turn').filter({ hasText: 'आप यह खेल देख रहे हैं' }).waitFor();
  await guest.page.locator('#spectators').filter({ hasText: '1 spectator' }).waitFor();
  await host.page.locator('#spectators').filter({ hasText: '1 зритель' }).waitFor();
  await waitCount(watcher.page.locator('svg.dots-board .dot'), 16);
  await waitCount(watcher.page.locator('svg.dots-board .edge-hit'), 0);
  await watcher.context.close();
  // Nobody watching any more: the line goes.
  await guest.page.locator('#spectators').waitFor({ state: 'hidden' });

  let moves = 0;
  let sawExtra = false;
  let dropped = false;
  for (;;) {
    const st = await state(host.page);
    if (st.table.status === 'over') break;
    const turn = st.table.view.turn;
    const mover = st.table.seats[0].side === turn ? host : guest;
    if (moves >= 7 && !dropped && mover === host) {
      dropped = true;
      // The guest's connection drops while the host moves; it comes back by itself and
      // catches up from the version it last saw.
      await guest.page.evaluate(() => /** @type {any} */ (window).qdanConn().ws.close(4000));
      await drawFirst(host.page);
      moves++;
      await waitState(guest.page, `s.table.view.lines.length === ${moves}`);
      continue;
    }
    await waitState(mover.page, `s.table.status === "playing" && s.table.view.lines.length === ${moves} && s.table.view.turn === s.table.seats[s.seat].side`);
    await drawFirst(mover.page).catch(async (e) => {
      await shot(mover.page, 'dots-failed-move');
      throw new Error(`move ${moves} by ${mover === host ? 'host' : 'guest'}: ${e}\n${JSON.stringify(await state(mover.page))}`);
    });
    moves++;
    await waitState(host.page, `s.table.view.lines.length === ${moves}`);
    const v = (await state(host.page)).table.view;
    if (v.extraTurn && !sawExtra) {
      sawExtra = true;
      const extraPage = v.turn === 0 ? host.page : guest.page;
      await waitState(extraPage, 's.table.view.extraTurn');
      await extraPage.locator('#turn.extra').waitFor();
      await shot(guest.page, 'dots-3x3-extra-1280x800');
      await shot(host.page, 'dots-3x3-extra-390x844');
    }
    assert.ok(moves <= 24, 'a 3x3 board has 24 lines');
  }
  assert.equal(moves, 24);
  assert.ok(sawExtra, 'some line closed a box');
  assert.ok(dropped, 'the guest reconnected mid-game');

  const end = (await state(guest.page)).table;
  assert.equal(end.view.scores[0] + end.view.scores[1], 9);
  await waitCount(guest.page.locator('svg.dots-board .box'), 9);
  const winner = end.view.scores[0] > end.view.scores[1] ? 0 : 1;
  const winnerPage = end.seats[0].side === winner ? host.page : guest.page;
  const loserPage = winnerPage === host.page ? guest.page : host.page;
  await winnerPage.locator('#result-title').filter({ hasText: /You won!|Вы победили!/ }).waitFor();
  await loserPage.locator('#result-title').filter({ hasText: /You lost|Вы проиграли/ }).waitFor();
  await guest.page.locator('#result-reason').filter({ hasText: `${end.view.scores[0]} to ${end.view.scores[1]}` }).waitFor();
  // The game was ranked: both see their new rating, and the leaderboard lists them.
  assert.equal(end.ranked, true);
  await guest.page.locator('#result-ratings li').filter({ hasText: /: 1500 → \d+ \([+\u2212]\d+\)$/ }).first().waitFor();
  await shot(guest.page, 'dots-3x3-end-1280x800');
  const board = await newPlayer(env.browser, DESKTOP);
  await board.page.goto(`${env.server.url}/en/leaderboard`);
  const rows = board.page.locator('table[data-game="dots"] tbody tr');
  await rows.nth(1).waitFor();
  assert.equal(await rows.count(), 2);
  // Each table is filled by its own request: wait for this one's answer, not its placeholder.
  const empty = 'No ranked games yet. Turn on "Ranked game" in a group to appear here.';
  await board.page.locator('table[data-game="musashi"] tbody td').filter({ hasText: empty }).waitFor();
  assert.equal(await board.page.locator('table[data-game="musashi"] tbody td').count(), 1);
  await shot(board.page, 'leaderboard-1280x800');
  await board.context.close();
  await shot(host.page, 'dots-3x3-end-390x844');

  // The host picks a 4x3 board; the rematch uses it and the first mover swaps.
  await host.page.locator('#opt-size').selectOption('4x3');
  await host.page.locator('#settings-save').click();
  await host.page.locator('#settings-saved').filter({ hasText: 'Сохранено' }).waitFor();
  await guest.page.locator('#end-rematch').click();
  await host.page.locator('#end-rematch').click();
  await waitState(guest.page, 's.table.gameNo === 2 && s.table.status === "playing"');
  await guest.page.locator('svg.dots-board[data-size="4x3"]').waitFor();
  await waitCount(guest.page.locator('svg.dots-board .dot'), 20);
  const second = (await state(guest.page)).table;
  assert.equal(second.seats[1].side, 0, 'the guest moves first in the rematch');
  await drawFirst(guest.page);
  await waitState(host.page, 's.table.view.lines.length === 1');
  await shot(guest.page, 'dots-4x3-1280x800');
  await shot(host.page, 'dots-4x3-390x844');

  assert.deepEqual(host.errors, []);
  // The host closes the page: the guest sees the seat away, and the CPU plays for it.
  await host.context.close();
  await guest.page.locator('.seat[data-seat="0"] [data-away]').filter({ hasText: 'the CPU plays for now' }).waitFor();
  await waitState(guest.page, 's.table.seats[0].away === true && s.table.view.lines.length >= 2 && s.table.view.turn === 0');
  await shot(guest.page, 'dots-4x3-away-1280x800');
  assert.deepEqual(guest.errors, []);
  await guest.context.close();
});
