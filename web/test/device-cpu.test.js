// When the page works out the CPU's move itself (play/device-cpu.js, issue 36): only at a
// table whose CPU is on the device, for its seated player, in the CPU's turn of a game in
// play; and when the page loads the engine ahead of that move (in its player's turn too).
// Run by `npm run unit`.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cpuComing, cpuDue } from '../play/device-cpu.js';

/**
 * A table in play whose seat 1 is the CPU, with `turn` to move.
 * @param {0 | 1} turn
 * @param {Partial<import('../types.js').TableView>} [over]
 * @returns {import('../types.js').TableView}
 */
function table(turn, over = {}) {
  const seat = (/** @type {0 | 1} */ side, /** @type {any} */ cpu) => ({
    playerId: cpu ? null : 'p_ana', name: cpu ? 'CPU' : 'Ana', side, connected: true, away: false, cpu, rating: null,
  });
  return /** @type {any} */ ({
    status: 'playing', cpuOnDevice: true, seats: [seat(0, null), seat(1, 'beginner')],
    view: { turn, outcome: null }, ...over,
  });
}

test('the CPU seat is due in its turn, at a device table, for the seated player', () => {
  assert.equal(cpuDue(table(1), 0), 1);
  assert.equal(cpuDue(table(0), 0), null, 'the player to move');
  assert.equal(cpuDue(table(1), null), null, 'a watcher works out nothing');
  assert.equal(cpuDue(table(1, { cpuOnDevice: false }), 0), null, 'the server plays that CPU');
  assert.equal(cpuDue(table(1, { status: 'over' }), 0), null);
  assert.equal(cpuDue(table(1, { view: /** @type {any} */ ({ turn: 1, outcome: { winner: 0 } }) }), 0), null);
  // Sides swapped in a rematch: the CPU's seat moves first.
  const swapped = table(0);
  swapped.seats = [{ ...swapped.seats[0], side: 1 }, { ...swapped.seats[1], side: 0 }];
  assert.equal(cpuDue(swapped, 0), 1);
});

test('the engine is warmed for the player seated against the CPU on the device, in either turn', () => {
  assert.equal(cpuComing(table(0), 0), true, "the player's turn: the CPU answers next");
  assert.equal(cpuComing(table(1), 0), true);
  assert.equal(cpuComing(table(0), null), false, 'a watcher (as the page Lighthouse loads)');
  assert.equal(cpuComing(table(0, { cpuOnDevice: false }), 0), false, 'the server plays that CPU');
  assert.equal(cpuComing(table(0, { status: 'over' }), 0), false);
  const people = table(0);
  people.seats = [people.seats[0], { ...people.seats[0], playerId: 'p_bo', cpu: null, side: 1 }];
  assert.equal(cpuComing(people, 0), false, 'no CPU seated');
});
