// The moves beside the board during a game (web/play/move-list.js): a tap on an earlier move
// shows that position, read-only, while the other player's moves keep coming; "Back to the game"
// shows the live board and the game goes on. The arrow keys step through the moves.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, PHONE, PLIES, musashiMove, newPlayer, seatTwoAtDots3x3, serverAndBrowser, shot, state, waitCount, waitState } from './harness.js';

const env = serverAndBrowser();

/** The seated player draws the first open line on their turn; resolves once it is played. @param {import('playwright-core').Page} page */
async function drawLine(page) {
  const st = await waitState(page, 's.table.view.turn === s.table.seats[s.seat].side');
  const n = st.table.view.lines.length;
  await page.locator(`svg.dots-board .edge-hit[data-edge="${st.table.view.legal[0]}"]`).click();
  await waitState(page, `s.table.view.lines.length > ${n}`);
}

test('an earlier position while the game goes on, on a phone, and back to the game', async () => {
  const host = await newPlayer(env.browser, PHONE);
  const guest = await newPlayer(env.browser, DESKTOP);
  await seatTwoAtDots3x3(env.server.url, host, guest);
  const list = host.page.locator('#moves-list');
  await host.page.locator('#moves-none').waitFor();
  // Three lines, host and guest in turn (the first lines close no box).
  const first = (await state(host.page)).table.view.turn === (await state(host.page)).table.seats[0].side ? host : guest;
  const second = first === host ? guest : host;
  await drawLine(first.page);
  await drawLine(second.page);
  await drawLine(first.page);
  for (const p of [host, guest]) await waitCount(p.page.locator('#moves-list .move'), 3);
  // Numbered turns in the record's notation, the latest marked.
  assert.equal(await list.locator('.moves-turn').first().innerText().then((s) => s.replace(/\s+/g, ' ')), '1. a1–b1');
  assert.equal(await list.locator('.move.current').getAttribute('data-ply'), '3');
  assert.match(String(await list.locator('.move').first().getAttribute('aria-label')), /^1\. First player: /);
  await host.page.locator('#moves-back').waitFor({ state: 'hidden' });

  // The host taps the first move: the board shows one line, and says where it is.
  await list.locator('.move[data-ply="1"]').click();
  await waitCount(host.page.locator('svg.dots-board line.drawn'), 1);
  await host.page.locator('#moves-where').filter({ hasText: 'Move 1 of 3' }).waitFor();
  await host.page.locator('#board.past').waitFor();
  assert.equal(await list.locator('.move.current').getAttribute('data-ply'), '1');

  // The game goes on: the other player's move comes into the list, the board stays where it is.
  const mover = first === host ? guest : host;
  const other = mover === host ? guest : host;
  await drawLine(mover.page);
  await waitCount(list.locator('.move'), 4);
  await host.page.locator('#moves-where').filter({ hasText: 'Move 1 of 4' }).waitFor();
  assert.equal(await host.page.locator('svg.dots-board line.drawn').count(), 1);
  assert.equal((await state(host.page)).table.view.lines.length, 4, 'the live game is kept');
  await shot(host.page, 'moves-past-390x844');
  await shot(guest.page, 'moves-live-1280x800');

  // No move from a past position: on their turn, the host's board there offers no line to draw.
  assert.equal(other, host, 'the host is to move');
  assert.equal(await host.page.locator('svg.dots-board .edge-hit').count(), 0);

  // Back to the game: the live board, the latest move marked, and the game goes on.
  await host.page.locator('#moves-back').click();
  await waitCount(host.page.locator('svg.dots-board line.drawn'), 4);
  await host.page.locator('#moves-back').waitFor({ state: 'hidden' });
  assert.equal(await host.page.locator('#board.past').count(), 0);
  assert.equal(await list.locator('.move.current').getAttribute('data-ply'), '4');
  await drawLine(other.page);
  await waitCount(host.page.locator('svg.dots-board line.drawn'), 5);
  await waitCount(list.locator('.move'), 5);
  // A spectator has the list too, and looks back the same way.
  const watcher = await newPlayer(env.browser, PHONE);
  await watcher.page.goto(host.page.url());
  await waitCount(watcher.page.locator('#moves-list .move'), 5);
  await watcher.page.locator('#moves-list .move[data-ply="2"]').click();
  await waitCount(watcher.page.locator('svg.dots-board line.drawn'), 2);
  await watcher.page.locator('#moves-back').click();
  await waitCount(watcher.page.locator('svg.dots-board line.drawn'), 5);
  assert.deepEqual(watcher.errors, []);
  await watcher.context.close();
  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
  await host.context.close();
  await guest.context.close();
});

test('the arrow keys step through a game against the CPU, in German and Russian', async () => {
  const me = await newPlayer(env.browser, DESKTOP, 'de-DE');
  await me.page.goto(`${env.server.url}/de/games/musashi`);
  await me.page.locator('body[data-ready="true"]').waitFor();
  await me.page.locator('#play-cpu input[value="beginner"]').check();
  await me.page.locator('#play-cpu button[type="submit"]').click();
  await me.page.waitForURL(/\/de\/g\/[A-Za-z0-9]+$/);
  // The Parent moves first; the CPU answers each move.
  for (const plies of [2, 4]) {
    const st = await waitState(me.page, 's.seat === 0 && s.table.view.turn === 0 && s.table.status === "playing"', 30_000);
    await musashiMove(me.page, st.table.view.legal[0]);
    await waitState(me.page, `${PLIES} === ${plies}`, 30_000);
  }
  const { table } = await state(me.page);
  const start = 'c3';
  const parentAfter = (/** @type {number} */ ply) => (ply >= 3 ? table.moves[2] : ply >= 1 ? table.moves[0] : `x-${start}`).split('-')[1];
  // Boards redraw on the next frame: wait for the Parent where it should stand.
  const parentAt = (/** @type {string} */ point) => me.page.locator(`svg.musashi-board [data-piece="parent"][data-point="${point}"]`).waitFor();
  const list = me.page.locator('#moves-list');
  await waitCount(list.locator('.move'), 4);
  // The Tab key reaches the list at the latest move; the arrow keys step back and forth.
  await list.locator('.move.current').focus();
  await me.page.keyboard.press('ArrowLeft');
  await me.page.keyboard.press('ArrowLeft');
  await me.page.locator('#moves-where').filter({ hasText: 'Zug 2 von 4' }).waitFor();
  await parentAt(parentAfter(2));
  assert.equal(await me.page.evaluate(() => document.activeElement?.getAttribute('data-ply')), '2');
  await me.page.keyboard.press('Home');
  await me.page.locator('#moves-where').filter({ hasText: 'Anfangsstellung' }).waitFor();
  await parentAt(start);
  await me.page.keyboard.press('ArrowRight');
  await me.page.keyboard.press('ArrowRight');
  await me.page.keyboard.press('ArrowRight');
  await parentAt(parentAfter(3));
  // No piece can be moved from there.
  assert.equal(await me.page.locator('svg.musashi-board .movable').count(), 0);
  await me.page.evaluate(() => window.scrollTo(0, 0));
  await shot(me.page, 'moves-de-1280x800');
  await me.page.setViewportSize(PHONE);
  await shot(me.page, 'moves-de-390x844');
  await me.page.setViewportSize(DESKTOP);
  // The last move is the live game again.
  await me.page.keyboard.press('End');
  await me.page.locator('#moves-back').waitFor({ state: 'hidden' });
  await parentAt((await state(me.page)).table.view.parent);
  await me.page.locator('svg.musashi-board .movable').first().waitFor({ state: 'attached' });

  // The same table in Russian on a phone, an earlier move tapped.
  await me.page.setViewportSize(PHONE);
  await me.page.goto(me.page.url().replace('/de/', '/ru/'));
  await waitState(me.page, 's.seat === 0 && s.table.status === "playing"');
  await waitCount(list.locator('.move'), 4);
  await list.locator('.move[data-ply="2"]').click();
  await me.page.locator('#moves-where').filter({ hasText: 'Ход 2 из 4' }).waitFor();
  await shot(me.page, 'moves-ru-390x844');
  assert.deepEqual(me.errors, []);
  await me.context.close();
});
