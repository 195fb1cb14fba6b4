// The rules pages' diagrams are what the play board's code draws: regenerate them through
// web/musashi/render.js and web/dots/render.js and compare with the committed files.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { OUT, facts, rendered } from '../scripts/diagrams.mjs';

test('committed diagrams match the board code', () => {
  const files = rendered();
  assert.deepEqual(Object.keys(files).sort(),
    ['bagh-chal-jump.svg', 'bagh-chal-start.svg', 'dots-chain.svg', 'dots-home.svg', 'musashi-capture-after.svg', 'musashi-capture-before.svg', 'musashi-start.svg']);
  for (const [name, svg] of Object.entries(files)) {
    const have = readFileSync(join(OUT, name), 'utf8');
    assert.equal(have, svg, `web/diagrams/${name} is stale: run node scripts/diagrams.mjs`);
  }
});

test('the diagrams show what their captions say', () => {
  const f = facts();
  // Two pairs at once: b3-c3-d3 and b2-c3-d4.
  assert.deepEqual(f.captureTakes, ['b2', 'b3', 'd3', 'd4']);
  // The second row's four boxes: the first has three sides (takeable), the rest two (a chain).
  assert.deepEqual(f.chainSides.slice(5, 9), [3, 2, 2, 2]);
  // No other box offers a fourth side.
  assert.ok(f.chainSides.every((n, b) => b === 5 || n !== 3), String(f.chainSides));
  assert.equal(f.boxesTaken, 1);
  // The home card: the first box taken by the second player, the rest open.
  assert.deepEqual(f.homeBoxes, [1, null, null, null, null, null, null, null, null]);
  // Bagh-Chal: the tiger's jump from a1 captured the goat on b2; the start has four tigers, no goat.
  assert.equal(f.jumpCaptures, 'b2');
  const svgs = rendered();
  assert.equal((svgs['bagh-chal-start.svg'].match(/class="piece tiger"/g) || []).length, 4);
  assert.equal((svgs['bagh-chal-start.svg'].match(/class="piece goat"/g) || []).length, 0);
  assert.equal((svgs['bagh-chal-jump.svg'].match(/class="taken-mark"/g) || []).length, 1);
  assert.match(svgs['musashi-start.svg'], /class="setchin-zone"/);
  assert.equal((svgs['musashi-start.svg'].match(/class="piece child"/g) || []).length, 16);
  assert.equal((svgs['musashi-capture-after.svg'].match(/class="taken-mark"/g) || []).length, 4);
  // One place to capture, so the caption's "there" is unambiguous.
  assert.equal((svgs['musashi-capture-before.svg'].match(/class="capture-point"/g) || []).length, 1);
  assert.match(svgs['musashi-capture-before.svg'], /data-capture="c3"/);
  assert.match(svgs['dots-chain.svg'], /class="chain-mark"/);
});
