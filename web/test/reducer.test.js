// The table reducer against the Rust mirror: every recorded session of web/test/fixtures.js
// (written by the server's tests) is replayed from its state through its events, and the table
// must end exactly as the server's own mirror ended it, field for field, list orders included.
// Run by `npm run unit`.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import fixtures from './fixtures.js';
import * as baghChal from '../table/bagh-chal.js';
import * as dots from '../table/dots.js';
import * as musashi from '../table/musashi.js';
import { MirrorError, applyEvent, mirrorOf } from '../table/reducer.js';

const RULES = { musashi, dots, 'bagh-chal': baghChal };

/** @param {import('../types.js').Fixture} f */
function replay(f) {
  let m = mirrorOf(f.state.v, f.state.table, RULES[f.state.table.game]);
  for (const e of f.events) {
    const before = m;
    const frozen = JSON.stringify(before.table);
    m = applyEvent(m, e);
    // Pure: the table before the event is left as it was (the page compares the two).
    assert.equal(JSON.stringify(before.table), frozen, `${f.name}: event v${e.v} changed the old table`);
  }
  return m;
}

test('the fixtures cover every game and every way a game ends that they hold', () => {
  assert.ok(fixtures.some((f) => f.state.table.game === 'musashi'));
  assert.ok(fixtures.some((f) => f.state.table.game === 'dots'));
  assert.ok(fixtures.some((f) => f.state.table.game === 'bagh-chal'));
  const kinds = new Set(fixtures.flatMap((f) => f.events.map((e) => e.kind)));
  for (const k of ['seat', 'spectators', 'move', 'newGame', 'resign', 'rematchOffer', 'undoRequest', 'undo', 'settings']) {
    assert.ok(kinds.has(k), `no ${k} event in the fixtures`);
  }
});

for (const f of fixtures) {
  test(`replays ${f.name} to the server's table`, () => {
    const m = replay(f);
    assert.equal(m.v, f.events.at(-1)?.v ?? f.state.v);
    assert.deepStrictEqual(m.table, f.final);
  });

  test(`a state of ${f.name} mid-session rebuilds the same game`, () => {
    // A client that joins late gets a state: replaying its moves must give the views the
    // events gave (the repetition record included, which decides the legal moves).
    let m = mirrorOf(f.state.v, f.state.table, RULES[f.state.table.game]);
    for (const e of f.events) {
      m = applyEvent(m, e);
      const again = mirrorOf(m.v, m.table, m.rules);
      if (again.game !== null) assert.deepStrictEqual(m.rules.view(again.game), m.table.view, `${f.name} v${m.v}`);
    }
  });
}

test('a version gap and an event that does not fit are refused', () => {
  const f = fixtures.find((x) => x.events.some((e) => e.kind === 'move'));
  assert.ok(f);
  const m = mirrorOf(f.state.v, f.state.table, RULES[f.state.table.game]);
  const first = f.events[0];
  assert.throws(() => applyEvent(m, { ...first, v: first.v + 1 }), (e) => e instanceof MirrorError && e.kind === 'gap');
  // Play the events up to the first move, then send that move again at the next version.
  let at = m;
  let i = 0;
  for (; f.events[i].kind !== 'move'; i++) at = applyEvent(at, f.events[i]);
  const move = f.events[i];
  at = applyEvent(at, move);
  assert.throws(() => applyEvent(at, { ...move, v: at.v + 1 }), (e) => e instanceof MirrorError && e.kind === 'mismatch');
  // A move that ends the game with another result than the rules give is a mismatch too.
  const bad = { ...f.events[i], v: at.v + 1, ply: at.table.plies, result: { winner: 0, reason: 'trapped', ratings: [] } };
  const next = at.table.view?.legal[0];
  if (next !== undefined) {
    assert.throws(() => applyEvent(at, /** @type {any} */ ({ ...bad, move: String(next), side: at.table.view?.turn })),
      (e) => e instanceof MirrorError && e.kind === 'mismatch');
  }
});
