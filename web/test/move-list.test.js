// The move list beside the board (web/play/move-rows.js): numbered turns as the record writes
// them, the positions kept as a game grows, and where the arrow keys go.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { game as baghGame } from '../games/bagh-chal.js';
import { game as dotsGame } from '../games/dots.js';
import { game as musashiGame } from '../games/musashi.js';
import { keep, positionsOf, stepKey, turnsOf } from '../play/move-rows.js';
import { viewsOf } from '../review/positions.js';
import * as dots from '../table/dots.js';
import * as musashi from '../table/musashi.js';

const MUSASHI = /** @type {import('../types.js').MusashiOptions} */ ({
  game: 'musashi', first: 'parent', target: '10', limit: '100', board: '25', swapRoles: true, showDanger: true,
});
const DOTS = /** @type {import('../types.js').DotsOptions} */ ({ game: 'dots', size: '3x3', swapFirst: true });

test('Musashi and Bagh-Chal number a pair of moves, Dots a turn with the lines its boxes earned', () => {
  // Musashi (and Bagh-Chal): the first mover's move opens a number, the answer shares it.
  assert.deepEqual(turnsOf([0, 1, 0, 1, 0], musashiGame.startsTurn), [
    { number: 1, plies: [1, 2] }, { number: 2, plies: [3, 4] }, { number: 3, plies: [5] },
  ]);
  assert.deepEqual(turnsOf([1, 0, 1], baghGame.startsTurn), [{ number: 1, plies: [1, 2] }, { number: 2, plies: [3] }]);
  // Dots, from real moves: lines 0, 3, 12 and 13 close the top left box of a 3x3 board, so the
  // second player, who drew 13, draws 20 in the same turn.
  const d = positionsOf(dots, null, 'g1', DOTS, ['0', '3', '12', '13', '20', '1']);
  assert.deepEqual(d.movers, [0, 1, 0, 1, 1, 0]);
  assert.deepEqual(turnsOf(d.movers, dotsGame.startsTurn), [
    { number: 1, plies: [1] }, { number: 2, plies: [2] }, { number: 3, plies: [3] }, { number: 4, plies: [4, 5] }, { number: 5, plies: [6] },
  ]);
  assert.deepEqual(turnsOf([], dotsGame.startsTurn), []);
  // The list writes each move as the record and the replay do.
  assert.equal(dotsGame.notation(d.views[0], d.moves[0]), 'a1–b1');
});

test('the positions grow with the game, and start over on a take-back or another game', () => {
  const moves = ['c3-d4', 'e1-d2', 'd4-c3', 'd2-d3'];
  const two = positionsOf(musashi, null, 'g1', MUSASHI, moves.slice(0, 2));
  const four = positionsOf(musashi, two, 'g1', MUSASHI, moves);
  // The same positions as the replay computes from scratch.
  const whole = viewsOf(musashi, MUSASHI, moves);
  assert.deepEqual(four.views, whole.views);
  assert.deepEqual(four.movers, whole.movers);
  // Only the new moves were played: the earlier positions are the very same objects.
  assert.equal(four.views[2], two.views[2]);
  assert.equal(positionsOf(musashi, four, 'g1', MUSASHI, moves), four);
  // A take-back: the list is the shorter game's.
  const back = positionsOf(musashi, four, 'g1', MUSASHI, moves.slice(0, 3));
  assert.deepEqual(back.views, whole.views.slice(0, 4));
  // A new game with the same first moves is still another game.
  const next = positionsOf(musashi, four, 'g2', MUSASHI, moves.slice(0, 2));
  assert.notEqual(next.views[2], four.views[2]);
  assert.equal(next.key, 'g2');
  // A move that differs from the one kept (the server's word after a resync) starts over.
  const other = positionsOf(musashi, two, 'g1', MUSASHI, ['c3-d4', 'c1-c2']);
  assert.deepEqual(other.views, viewsOf(musashi, MUSASHI, ['c3-d4', 'c1-c2']).views);
});

test('the arrow keys step through the positions, and the last one is the live game', () => {
  // Live (null) with 4 moves: back one shows the position after move 3.
  assert.equal(stepKey(null, 4, 'ArrowLeft'), 3);
  assert.equal(stepKey(null, 4, 'ArrowUp'), 3);
  assert.equal(stepKey(3, 4, 'ArrowLeft'), 2);
  // Forward onto the last move is the live game again, and forward from it stays there.
  assert.equal(stepKey(3, 4, 'ArrowRight'), null);
  assert.equal(stepKey(null, 4, 'ArrowDown'), null);
  assert.equal(stepKey(2, 4, 'Home'), 0);
  assert.equal(stepKey(0, 4, 'ArrowLeft'), 0);
  assert.equal(stepKey(0, 4, 'End'), null);
  assert.equal(stepKey(2, 4, 'Enter'), undefined);
  // A position a take-back removed is gone: the live game is shown.
  assert.equal(keep(3, 4), 3);
  assert.equal(keep(3, 3), null);
  assert.equal(keep(5, 2), null);
  assert.equal(keep(null, 2), null);
  assert.equal(keep(0, 2), 0);
});
