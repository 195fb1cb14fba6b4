// The play page's pure parts: which actions a seat can take (play/can.js), the namesake tags
// (play/tags.js) and the rating change as shown (play/end.js). Run by `npm run unit`.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { game as dotsGame } from '../games/dots.js';
import { game as musashiGame } from '../games/musashi.js';
import { canHint, canRematch, canResign, canUndo } from '../play/can.js';
import { endedUnrated, ratingDelta } from '../play/end.js';
import { namesakes, playerTag } from '../play/tags.js';
import { initialUi } from '../play/ui.js';
import { props as propsOf } from '../play/who.js';

const GAMES = { musashi: musashiGame, dots: dotsGame };

/** The panels' props of a table, with its game's module as the page passes it. @type {(tb: import('../types.js').TableView, you: import('../types.js').You | null, ui: import('../play/ui.js').Ui) => import('../play/who.js').Props} */
const props = (tb, you, ui) => propsOf(tb, you, ui, GAMES[tb.game]);

const person = (/** @type {string} */ id, /** @type {0 | 1} */ side, name = id) => ({
  playerId: id, name, side, connected: true, away: false, cpu: null, rating: null,
});
const cpu = (/** @type {0 | 1} */ side) => ({
  playerId: null, name: 'CPU', side, connected: true, away: false, cpu: /** @type {const} */ ('beginner'), rating: null,
});

/**
 * A table in play after `moves`, with this device in seat 0.
 * @param {'musashi' | 'dots'} game
 * @param {any} options
 * @param {string[]} moves
 * @param {any[]} seats
 */
function table(game, options, moves, seats) {
  const rules = GAMES[game].rules;
  let g = rules.newGame(options);
  for (const m of moves) g = rules.play(g, rules.turn(g), m).game;
  return /** @type {import('../types.js').TableView} */ ({
    code: 'X', game, gameNo: 2, plies: moves.length, status: 'playing', options, nextOptions: options, turnLimit: null,
    ranked: false, nextRanked: false, host: 0, seats, spectators: 0, view: rules.view(g), moves, clock: null, undo: null,
    result: null, rematch: [false, false],
  });
}

const you = { playerId: 'a', seat: /** @type {0} */ (0), host: true };
const M = { game: 'musashi', first: 'parent', target: '10', limit: '100', board: '33', swapRoles: true, showDanger: true };

test('a Musashi take-back needs a move of one\'s own: the CPU moving first is not enough', () => {
  // This device plays the Children (side 1); the CPU's Parent moved first.
  const one = table('musashi', M, ['c3-d3'], [person('a', 1), cpu(0)]);
  assert.equal(musashiGame.hasMoved(one, 1), false);
  assert.equal(musashiGame.hasMoved(one, 0), true);
  assert.equal(canUndo(props(one, you, initialUi()), 0), false);
  assert.equal(canHint(props(one, you, initialUi())), true, 'the Children to move');
  const three = table('musashi', M, ['c3-d3', 'a1-b2', 'd3-c3'], [person('a', 1), cpu(0)]);
  assert.equal(canUndo(props(three, you, initialUi()), 0), true);
  // Children first: their single move is theirs.
  const kids = table('musashi', { ...M, first: 'children' }, ['a1-b2'], [person('a', 1), cpu(0)]);
  assert.equal(musashiGame.hasMoved(kids, 1), true);
  assert.equal(musashiGame.hasMoved(kids, 0), false);
});

test('a Dots take-back needs a line of one\'s own, however many the CPU drew', () => {
  const D = { game: 'dots', size: '3x3', swapFirst: true };
  const t = table('dots', D, ['0'], [person('a', 1), cpu(0)]);
  assert.equal(canUndo(props(t, you, initialUi()), 0), false);
  const t2 = table('dots', D, ['0', '1'], [person('a', 1), cpu(0)]);
  assert.equal(canUndo(props(t2, you, initialUi()), 0), true);
});

test('a declined request waits before asking again; an open one blocks a second', () => {
  const t = table('musashi', M, ['c3-d3', 'a1-b2'], [person('a', 0), person('b', 1)]);
  const ui = { ...initialUi(), undoWaitUntil: 10_000 };
  assert.equal(canUndo(props(t, you, ui), 9_999), false);
  assert.equal(canUndo(props(t, you, ui), 10_000), true);
  assert.equal(canUndo(props({ ...t, undo: { requestedBy: 1 } }, you, initialUi()), 0), false);
  assert.equal(canHint(props(t, you, initialUi())), false, 'hints only against the CPU');
});

test('resign during a game, play again once after it, nothing for a watcher', () => {
  const t = table('dots', { game: 'dots', size: '3x3', swapFirst: true }, [], [person('a', 0), cpu(1)]);
  assert.equal(canResign(props(t, you, initialUi())), true);
  assert.equal(canResign(props(t, null, initialUi())), false);
  const over = { ...t, status: /** @type {const} */ ('over'), rematch: /** @type {[boolean, boolean]} */ ([false, true]) };
  assert.equal(canResign(props(over, you, initialUi())), false);
  assert.equal(canRematch(props(over, you, initialUi())), true);
  assert.equal(canRematch(props({ ...over, rematch: [true, true] }, you, initialUi())), false);
});

test('a ranked game that ended with no rating change says so; others do not', () => {
  const t = table('dots', { game: 'dots', size: '3x3', swapFirst: true }, [], [person('a', 0), person('b', 1)]);
  const over = (/** @type {boolean} */ ranked, /** @type {any[]} */ ratings) => ({
    ...t, ranked, status: /** @type {const} */ ('over'), result: { winner: /** @type {0} */ (0), reason: /** @type {const} */ ('resign'), ratings },
  });
  assert.equal(endedUnrated(over(true, [])), true);
  assert.equal(endedUnrated(over(true, [{ seat: 0, before: 1500, after: 1662 }, { seat: 1, before: 1500, after: 1338 }])), false);
  assert.equal(endedUnrated(over(false, [])), false, 'a friendly game has no rating to change');
  assert.equal(endedUnrated({ ...t, ranked: true }), false, 'still playing');
});

test('rating changes carry their sign', () => {
  assert.equal(ratingDelta(1500, 1662.4), '+162');
  assert.equal(ratingDelta(1500, 1337.6), '\u2212162');
  assert.equal(ratingDelta(1500.2, 1499.9), '±0');
});

test('namesake tags are the server\'s (SHA-256 of the player id, four Crockford letters)', async () => {
  // Worked out independently: hashlib.sha256(b"p_abc"), first 20 bits in base32.
  assert.equal(await playerTag('p_abc'), '20D7');
  assert.equal(await playerTag('p_3kQ9vX0aZb1c'), 'A228');
  const t = table('dots', { game: 'dots', size: '3x3', swapFirst: true }, [], [person('a', 0, 'Ana'), person('b', 1, 'ana ')]);
  assert.equal(namesakes(t), true);
  assert.equal(namesakes({ ...t, seats: [t.seats[0], person('b', 1, 'Ben')] }), false);
  assert.equal(namesakes({ ...t, seats: [t.seats[0], cpu(1)] }), false);
});
