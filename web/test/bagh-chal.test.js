// Bagh-Chal's client side in Node: the board's moves in the server's order, and setting a
// position up on the analysis board (every tap keeps twenty goats: on the board, in hand or
// captured). Run by `npm run unit`.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { JUMPS, boardMoves, parsePosition, positionText } from '../bagh-chal/board.js';
import { readSetup, setupEmpty, setupTap, setupText } from '../bagh-chal/setup.js';

test('moves in the rules order: placements by point, then each tiger its steps and jumps', () => {
  const start = parsePosition('a1,a5,e1,e5::20:0:g');
  assert.equal(boardMoves(start).length, 21);
  assert.deepEqual(boardMoves(start).slice(0, 3), ['b1', 'c1', 'd1']);
  const t = parsePosition('a1,a5,e1,e5:b1,b2:18:0:t');
  assert.deepEqual(boardMoves(t).filter((m) => m.startsWith('a1')), ['a1-a2', 'a1xc1', 'a1xc3']);
  // A diagonal jump only along the board's diagonals: none from b1 over c2.
  assert.deepEqual((JUMPS.get('b1') ?? []).map((j) => j.to), ['d1', 'b3']);
  assert.equal(positionText(t), 'a1,a5,e1,e5:b1,b2:18:0:t');
});

test('a set-up keeps twenty goats: the ones not on the board are in hand', () => {
  let s = setupEmpty();
  for (const p of ['a1', 'a1', 'a5', 'a5', 'e1', 'e1', 'e5', 'e5', 'c3']) s = setupTap(s, p);
  assert.deepEqual([[...s.tigers].sort(), [...s.goats], s.inHand, s.captured], [['a1', 'a5', 'e1', 'e5'], ['c3'], 19, 0]);
  assert.equal(setupText(s), 'a1,a5,e1,e5:c3:19:0:g');
  assert.deepEqual(readSetup(setupText(s)), s);
  // Tapping a goat again makes it a tiger: back in hand.
  s = setupTap(s, 'c3');
  assert.equal(s.inHand, 20);
  assert.equal(readSetup('a1,a5,e1,e5:c3:19:2:g'), null, 'twenty-one goats');
});
