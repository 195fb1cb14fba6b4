// Dots and Boxes' client side in Node: what the keyboard cursor says a line does (the boxes
// it takes, the boxes it gives a third side), which a screen reader user cannot see. Run by
// `npm run unit`.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boxEdges, lineEffect, viewOf } from '../dots/board.js';

/** A 3x3 view with `edges` drawn. @param {number[]} edges */
const view = (edges) => viewOf({ w: 3, h: 3, drawn: new Map(edges.map((e) => [e, 0])), boxes: Array(9).fill(null), turn: 0 }, null);

test('a line takes the boxes it closes and offers the boxes it gives a third side', () => {
  const centre = boxEdges(3, 3, 4); // the middle box's four sides
  assert.deepEqual(lineEffect(view([]), centre[0]), { closes: 0, offers: 0 });
  // Two sides of the middle box drawn: a third one offers it.
  assert.deepEqual(lineEffect(view(centre.slice(0, 2)), centre[2]), { closes: 0, offers: 1 });
  // Three drawn: the fourth takes it.
  assert.deepEqual(lineEffect(view(centre.slice(0, 3)), centre[3]), { closes: 1, offers: 0 });
  // The top side of the middle box is the bottom side of the box above: with two sides of
  // that one drawn too, the line takes one and offers the other.
  const above = boxEdges(3, 3, 1).filter((e) => e !== centre[0]);
  const v = view([...centre.slice(1), above[0]]);
  assert.deepEqual(lineEffect(v, centre[0]), { closes: 1, offers: 0 });
  assert.deepEqual(lineEffect(view([...centre.slice(1), ...above.slice(0, 2)]), centre[0]), { closes: 1, offers: 1 });
});
