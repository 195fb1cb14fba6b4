// Juroku Musashi between two browsers through an invite link: the host picks the 25-point
// board before the friend arrives, the danger rings appear on the right Children, the
// Children trap the Parent (a real ending), the host switches back to the 33-point board and
// the rematch uses it with swapped roles, a take-back is accepted and one declined, and the
// second game ends by resignation.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DESKTOP, PHONE, PLIES, musashiMove, newPlayer, serverAndBrowser, shot, sitDown, state, waitCount, waitState } from './harness.js';

const env = serverAndBrowser();

// A short real game on the 25-point board (Parent first): the Parent walks to the edge and
// the Children close its last way out on a2. Found with web/musashi/board.js; the server
// judges every move.
const GAME = ['c3-c2', 'a1-b2', 'c2-c3', 'a2-a1', 'c3-b3', 'a3-b4', 'b3-a3', 'b4-b3', 'a3-a2', 'a4-a3'];

test('two friends play Juroku Musashi through an invite link', async () => {
  const host = await newPlayer(env.browser, DESKTOP);
  const guest = await newPlayer(env.browser, PHONE, 'de-DE');

  // The host opens a group from the game page.
  await host.page.goto(`${env.server.url}/en/games/musashi`);
  // The page's module is imported after the load event: wait until it is wired.
  await host.page.locator('body[data-ready="true"]').waitFor();
  await host.page.getByRole('button', { name: /Play with a friend/ }).click();
  await host.page.waitForURL(/\/en\/g\/[A-Za-z0-9]+$/);
  await waitState(host.page, 's.seat === 0 && s.table.status === "waiting"');
  const invite = await host.page.locator('#invite-link').inputValue();
  assert.match(invite, /\/en\/g\/[A-Za-z0-9]+$/);
  await host.page.locator('#copy-link').click();
  await host.page.locator('.invite .copied').filter({ hasText: 'Link copied.' }).waitFor();

  // While waiting, the host picks the 25-point Edo board for the first game.
  await host.page.locator('#settings summary').click();
  await host.page.locator('#opt-board').selectOption('25');
  await host.page.locator('#settings-save').click();
  await host.page.locator('#settings-saved').filter({ hasText: 'Saved' }).waitFor();

  // The friend opens the link (in German) and sits down.
  await guest.page.goto(invite.replace('/en/', '/de/'));
  await sitDown(guest.page);
  await waitState(guest.page, 's.seat === 1 && s.table.status === "playing"');
  await waitState(host.page, 's.table.status === "playing"');
  await host.page.locator('svg.musashi-board[data-board="25"]').waitFor();
  await waitCount(host.page.locator('svg.musashi-board .points circle'), 25);
  await waitCount(host.page.locator('svg.musashi-board [data-point]'), 17);
  await host.page.locator('.seat.mine .seat-role').filter({ hasText: 'Parent' }).waitFor();
  await guest.page.locator('.seat.mine .seat-role').filter({ hasText: 'Kinder' }).waitFor();
  await guest.page.locator('#spectators').waitFor({ state: 'attached' });

  for (let i = 0; i < GAME.length; i++) {
    const mover = i % 2 === 0 ? host : guest;
    await waitState(mover.page, `${PLIES} === ${i} && s.table.view.turn === ${i % 2}`);
    await musashiMove(mover.page, GAME[i]);
    await waitState(host.page, `${PLIES} === ${i + 1} || s.table.status === "over"`);
    if (i === 1) {
      // After a1-b2 the Parent (on c2) threatens c1 and e3 by stepping to d2, taking two.
      for (const p of [host.page, guest.page]) {
        await waitState(p, `${PLIES} === 2`);
        await p.locator('[data-danger]').first().waitFor();
        const rings = await p.locator('[data-danger]').evaluateAll((els) => els.map((e) => e.getAttribute('data-danger')).sort());
        assert.deepEqual(rings, ['c1', 'e3']);
        const marks = await p.locator('[data-capture]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-capture')}${e.textContent}`));
        assert.deepEqual(marks, ['d2×2']);
        // Issue 16, defect 5: the ring on the edge point c1 leaves the row and column labels clear.
        const overlaps = await p.locator('svg.musashi-board').evaluate((svg) => {
          const boxes = (/** @type {string} */ sel) => [...svg.querySelectorAll(sel)].map((e) => [e, e.getBoundingClientRect()]);
          const hit = (/** @type {DOMRect} */ a, /** @type {DOMRect} */ b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          const out = [];
          for (const [ring, r] of boxes('[data-danger]')) {
            for (const [label, l] of boxes('.coords text')) if (hit(r, l)) out.push(`${ring.getAttribute('data-danger')}/${label.textContent}`);
          }
          return out;
        });
        assert.deepEqual(overlaps, []);
      }
      await host.page.locator('#children-moves').filter({ hasText: 'Children moves: 1/100' }).waitFor();
      await shot(host.page, 'musashi-25-danger-1280x800');
      await shot(guest.page, 'musashi-25-danger-390x844');
    }
  }

  // The Children trapped the Parent: a clear end screen for both.
  await waitState(guest.page, 's.table.status === "over"');
  await guest.page.locator('#result-title').filter({ hasText: 'Du hast gewonnen!' }).waitFor();
  await guest.page.locator('#result-reason').filter({ hasText: 'eingesperrt' }).waitFor();
  await host.page.locator('#result-title').filter({ hasText: 'You lost' }).waitFor();
  await host.page.locator('#result-reason').filter({ hasText: 'The Children trapped the Parent' }).waitFor();
  assert.equal((await state(host.page)).table.result.reason, 'trapped');
  await shot(host.page, 'musashi-25-end-1280x800');
  await shot(guest.page, 'musashi-25-end-390x844');

  // The host switches back to the 33-point board; the rematch uses it and swaps roles.
  await host.page.locator('#opt-board').selectOption('33');
  await host.page.locator('#settings-save').click();
  await host.page.locator('#settings-saved').filter({ hasText: 'Saved' }).waitFor();
  await host.page.locator('#end-rematch').click();
  await guest.page.locator('#end-rematch').click();
  await waitState(host.page, 's.table.gameNo === 2 && s.table.status === "playing"');
  await waitState(guest.page, 's.table.gameNo === 2 && s.table.status === "playing"');
  await guest.page.locator('svg.musashi-board[data-board="33"]').waitFor();
  await waitCount(guest.page.locator('svg.musashi-board .points circle'), 33);
  await waitCount(guest.page.locator('svg.musashi-board .lines line'), 72);
  const st = await state(guest.page);
  assert.equal(st.table.seats[1].side, 0, 'the guest is the Parent now');
  assert.equal(st.table.view.board, '33');

  // The guest (Parent) moves and asks to take it back; the host allows it.
  await musashiMove(guest.page, 'c3-d3');
  await waitState(guest.page, `${PLIES} === 1`);
  await guest.page.locator('#undo').click();
  await host.page.locator('#undo-accept').click();
  await waitState(guest.page, `${PLIES} === 0 && s.table.view.parent === "c3"`);
  // Again; this time the host declines.
  await musashiMove(guest.page, 'c3-d4');
  await waitState(host.page, `${PLIES} === 1`);
  await guest.page.locator('#undo').click();
  await host.page.locator('#undo-decline').click();
  await guest.page.locator('#notice').filter({ hasText: 'abgelehnt' }).waitFor();
  await waitState(guest.page, `${PLIES} === 1 && s.table.view.parent === "d4"`);

  // Screenshots of the 33-point board with a selected piece.
  await host.page.locator('svg.musashi-board [data-point="a3"]').click();
  await host.page.locator('svg.musashi-board [data-target]').first().waitFor();
  await shot(host.page, 'musashi-33-1280x800');
  await shot(guest.page, 'musashi-33-390x844');

  // The host resigns; the end screen says so.
  await host.page.locator('#resign').click();
  await host.page.locator('#resign-yes').click();
  await guest.page.locator('#result-title').filter({ hasText: 'Du hast gewonnen!' }).waitFor();
  await guest.page.locator('#result-reason').filter({ hasText: 'aufgegeben' }).waitFor();
  assert.equal((await state(host.page)).table.result.reason, 'resignation');

  assert.deepEqual(host.errors, []);
  assert.deepEqual(guest.errors, []);
  await host.context.close();
  await guest.context.close();
});
