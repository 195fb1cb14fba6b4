// Against the CPU: a whole Dots and Boxes game (with a reload in the middle that returns to
// the seat), a Juroku Musashi game where a move is taken back at once, and the Hint button
// on both boards.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, PHONE, PLIES, musashiMove, newPlayer, serverAndBrowser, shot, state, waitState } from './harness.js';

const env = serverAndBrowser();

/**
 * @param {import('playwright-core').Page} page
 * @param {'musashi' | 'dots'} game
 * @param {string} level
 */
async function startVsCpu(page, game, level) {
  await page.goto(`${env.server.url}/en/games/${game}`);
  // The page's module is imported after the load event: wait until it is wired.
  await page.locator('body[data-ready="true"]').waitFor();
  await page.locator(`#play-cpu input[value="${level}"]`).check();
  await page.locator('#play-cpu button[type="submit"]').click();
  await page.waitForURL(/\/en\/g\/[A-Za-z0-9]+$/);
  await waitState(page, 's.seat === 0 && s.table.status === "playing"');
}

test('a whole Dots and Boxes game against the CPU, with a reload mid-game', async () => {
  const me = await newPlayer(env.browser, PHONE);
  await startVsCpu(me.page, 'dots', 'beginner');
  const first = await state(me.page);
  assert.ok(first.table.seats[1].cpu, 'the CPU holds the second seat');
  await me.page.locator('.seat[data-seat="1"] .seat-name').filter({ hasText: 'CPU (Beginner)' }).waitFor();
  assert.equal(await me.page.locator('#invite').isHidden(), true);

  let mine = 0;
  let reloaded = false;
  for (;;) {
    const st = await waitState(me.page, 's.table.status === "over" || s.table.view.turn === s.table.seats[s.seat].side', 30_000);
    if (st.table.status === 'over') break;
    const lines = st.table.view.lines.length;
    // A line open in this state (the drawing may lag the state by a frame).
    await me.page.locator(`svg.dots-board .edge-hit[data-edge="${st.table.view.legal[0]}"]`).click();
    mine++;
    await waitState(me.page, `s.table.view.lines.length > ${lines}`);
    if (mine === 6 && !reloaded) {
      reloaded = true;
      const before = (await state(me.page)).table.view.lines.length;
      await me.page.reload();
      await waitState(me.page, `s.seat === 0 && s.table.view.lines.length >= ${before}`);
      await me.page.locator('.seat.mine .tag.you').waitFor();
      await shot(me.page, 'dots-cpu-after-reload-390x844');
    }
  }
  const end = (await state(me.page)).table;
  assert.equal(end.view.scores[0] + end.view.scores[1], end.view.boxes.length);
  assert.equal(end.view.outcome.reason, 'boxes');
  await me.page.locator('#result-title').waitFor();
  await me.page.locator('#end-rematch').waitFor();
  await shot(me.page, 'dots-cpu-end-390x844');
  assert.deepEqual(me.errors, []);
  await me.context.close();
});

test('take back a move against the CPU at once', async () => {
  const me = await newPlayer(env.browser, DESKTOP);
  await startVsCpu(me.page, 'musashi', 'beginner');
  await me.page.locator('.seat.mine .seat-role').filter({ hasText: 'Parent' }).waitFor();
  await musashiMove(me.page, 'c3-d3');
  // The CPU (Children) answers; then it is our move again.
  await waitState(me.page, `${PLIES} === 2`, 30_000);
  await me.page.locator('#undo').filter({ hasText: 'Take back' }).click();
  await waitState(me.page, `${PLIES} === 0 && s.table.view.parent === "c3" && s.table.view.childrenMoves === 0`);
  await me.page.locator('svg.musashi-board [data-point="c3"]').waitFor();
  // Play on after the take-back, dragging the Parent from c3 to b3 this time.
  const svg = await me.page.locator('svg.musashi-board').boundingBox();
  const from = await me.page.locator('svg.musashi-board [data-point="c3"]').boundingBox();
  assert.ok(svg && from);
  const unit = svg.width / 760; // the 33-point board is 760 units wide, points 100 apart
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await me.page.mouse.move(x, y);
  await me.page.mouse.down();
  await me.page.mouse.move(x - 40 * unit, y, { steps: 4 });
  await me.page.locator('svg.musashi-board .piece.dragging').waitFor();
  await me.page.mouse.move(x - 100 * unit, y + 5, { steps: 4 });
  await me.page.mouse.up();
  // The Parent stands on b3 after the CPU's answer (Children never move it).
  await waitState(me.page, `${PLIES} === 2 && s.table.view.parent === "b3"`, 30_000);
  // A turn limit applies at once: the clock counts down.
  await me.page.locator('#settings summary').click();
  await me.page.locator('#opt-turnLimit').selectOption('60');
  await me.page.locator('#settings-save').click();
  await waitState(me.page, 's.table.turnLimit === 60 && !!s.table.clock');
  await me.page.locator('#clock .secs').filter({ hasText: /^[1-6]?[0-9] s$/ }).waitFor();
  const first = await me.page.locator('#clock .secs').textContent();
  await me.page.waitForTimeout(1300);
  const later = await me.page.locator('#clock .secs').textContent();
  assert.ok(parseInt(String(later), 10) < parseInt(String(first), 10), `${first} then ${later}`);
  await me.page.evaluate(() => window.scrollTo(0, 0));
  await shot(me.page, 'musashi-cpu-1280x800');
  assert.deepEqual(me.errors, []);
  await me.context.close();
});

test('the Hint button shows a legal move on the board, in words too, and it can be played', async () => {
  const me = await newPlayer(env.browser, PHONE);
  await startVsCpu(me.page, 'dots', 'expert');
  await waitState(me.page, 's.table.view.turn === s.table.seats[s.seat].side');
  await me.page.locator('#hint').click();
  const mark = me.page.locator('svg.dots-board .hint[data-hint]');
  await mark.waitFor({ state: 'attached' }); // a vertical line has no width: never "visible"
  const edge = Number(await mark.getAttribute('data-hint'));
  const st = await state(me.page);
  assert.ok(st.table.view.legal.includes(edge), `hint ${edge} is not legal`);
  await me.page.locator('#notice').filter({ hasText: /^Suggested move: Line (across|down), / }).waitFor();
  await shot(me.page, 'dots-hint-390x844');
  // Playing the suggested line clears the mark.
  await me.page.locator(`svg.dots-board .edge-hit[data-edge="${edge}"]`).click();
  await waitState(me.page, `s.table.view.lines.some((l) => l.edge === ${edge})`);
  await mark.waitFor({ state: 'detached' });
  assert.deepEqual(me.errors, []);
  await me.context.close();

  const m = await newPlayer(env.browser, PHONE, 'de-DE');
  await m.page.goto(`${env.server.url}/de/games/musashi`);
  // The page's module is imported after the load event: wait until it is wired.
  await m.page.locator('body[data-ready="true"]').waitFor();
  await m.page.locator('#play-cpu input[value="intermediate"]').check();
  await m.page.locator('#play-cpu button[type="submit"]').click();
  await waitState(m.page, 's.seat === 0 && s.table.status === "playing" && s.table.view.turn === s.table.seats[0].side');
  await m.page.locator('#hint').filter({ hasText: 'Tipp' }).click();
  const ring = m.page.locator('svg.musashi-board .hint[data-hint]');
  await ring.waitFor({ state: 'attached' });
  const move = String(await ring.getAttribute('data-hint'));
  const ms = await state(m.page);
  assert.ok(ms.table.view.legal.includes(move), `hint ${move} is not legal`);
  await m.page.locator('#notice').filter({ hasText: `Vorschlag: ${move.replace('-', '–')}` }).waitFor();
  await shot(m.page, 'musashi-hint-de-390x844');
  await musashiMove(m.page, move);
  await waitState(m.page, `${PLIES} >= 1`);
  await ring.waitFor({ state: 'detached' });
  assert.deepEqual(m.errors, []);
  await m.context.close();
});
