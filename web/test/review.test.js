// The review's pure parts: values and turning points in words, a game's positions for
// stepping, and the analysis link that carries a game's rules and moves.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { game as dotsGame } from '../games/dots.js';
import { game as musashiGame } from '../games/musashi.js';
import * as dots from '../table/dots.js';
import * as musashi from '../table/musashi.js';
import { analysisLink, readAnalysisLink } from '../review/links.js';
import { viewsOf } from '../review/positions.js';
import { turningText, valueText } from '../review/words.js';

/** A translator that shows the id and its arguments. @type {import('../types.js').Translate} */
const t = (id, args) => (args ? `${id} ${JSON.stringify(args)}` : id);

/** @param {Partial<import('../review/types.js').ValueView>} v @returns {import('../review/types.js').ValueView} */
const value = (v) => ({ exact: true, text: '', score: 0, result: null, ...v });

test('Musashi values name the winner and the distance', () => {
  const names = /** @type {[string, string]} */ (['Parent', 'Children']);
  assert.equal(valueText(t, musashiGame, value({ score: 1, result: 1 }), names), 'review-win {"name":"Parent","side":"parent"}');
  assert.equal(valueText(t, musashiGame, value({ score: -1, result: -1, plies: 7 }), names), 'review-win-in {"name":"Children","side":"children","moves":7}');
  assert.equal(valueText(t, musashiGame, value({ score: -1, result: -1, plies: 0 }), names), 'review-won {"name":"Children","side":"children"}');
  assert.equal(valueText(t, musashiGame, value({ exact: false, score: -0.4 }), names), 'review-estimate-ahead {"name":"Children","side":"children"}');
  assert.equal(valueText(t, musashiGame, value({ exact: false, score: 0.05 }), names), 'review-estimate-even');
});

test('Dots values give the final margin of side 0', () => {
  const names = /** @type {[string, string]} */ (['Ana', 'Ben']);
  assert.equal(valueText(t, dotsGame, value({ margin: -3, result: -1 }), names), 'review-win-by {"name":"Ben","side":"second","boxes":3}');
  assert.equal(valueText(t, dotsGame, value({ margin: 0, result: 0 }), names), 'review-draw');
  assert.equal(valueText(t, dotsGame, value({ exact: false, margin: 1.6 }), names), 'review-estimate-by {"name":"Ana","side":"first","boxes":2}');
  assert.equal(valueText(t, dotsGame, value({ exact: false, margin: 0.3 }), names), 'review-estimate-even');
});

test('a turning point is the mover losing a win or a draw, told to whoever reads it', () => {
  const names = /** @type {[string, string]} */ (['Ana', 'Ben']);
  const win0 = value({ result: 1 });
  const draw = value({ result: 0 });
  const win1 = value({ result: -1 });
  // Ana (side 0) had the win and let it go.
  assert.equal(turningText(t, win0, win1, 0, 0, names), 'review-turn-you-lost-win');
  assert.equal(turningText(t, win0, win1, 0, 1, names), 'review-turn-gave-win {"name":"Ana"}');
  assert.equal(turningText(t, win0, draw, 0, 1, names), 'review-turn-gave-draw {"name":"Ana"}');
  assert.equal(turningText(t, win0, draw, 0, null, names), 'review-turn-lost-win {"name":"Ana"}');
  // Ben (side 1) had a draw and lost it.
  assert.equal(turningText(t, draw, win0, 1, 1, names), 'review-turn-you-lost-draw');
  assert.equal(turningText(t, draw, win0, 1, null, names), 'review-turn-lost-draw {"name":"Ben"}');
  // Values that do not fit a mistake are said plainly.
  assert.equal(turningText(t, win1, win0, 0, 0, names), 'review-turn-changed');
});

test('positions for stepping: a view after every move and who made it', () => {
  const options = /** @type {import('../types.js').MusashiOptions} */ ({
    game: 'musashi', first: 'parent', target: '10', limit: '100', board: '25', swapRoles: true, showDanger: true,
  });
  const { views, movers } = viewsOf(musashi, options, ['c3-d4', 'e1-d2', 'd4-c3']);
  assert.equal(views.length, 4);
  assert.deepEqual(movers, [0, 1, 0]);
  assert.equal(views[2].game === 'musashi' && views[2].parent, 'd4');
  // A turning point shows the position before the move, with the move marked.
  const tv = musashiGame.turningView(views, 3, 'd4-c3');
  assert.equal(tv.game === 'musashi' && tv.parent, 'd4');
  assert.deepEqual(tv.last, { move: 'd4-c3', taken: [] });

  const d = viewsOf(dots, { game: 'dots', size: '3x3', swapFirst: true }, ['0', '12', '3']);
  assert.deepEqual(d.movers, [0, 1, 0]);
  // Dots shows the position after the move: the line is drawn, and the others still open.
  const dv = dotsGame.turningView(d.views, 2, '12');
  assert.equal(dv.game === 'dots' && dv.lines.length, 2);
});

test('the analysis link carries the rules and the moves up to a move', () => {
  const g = {
    game: /** @type {const} */ ('dots'), options: /** @type {import('../types.js').DotsOptions} */ ({ game: 'dots', size: '4x3', swapFirst: true }),
    moves: ['0', '5', '17'], code: 'K3J9QW2M7XAB', gameNo: 2,
  };
  const url = analysisLink('de', g, 2);
  assert.ok(url.startsWith('/de/games/dots/analysis#'), url);
  const back = readAnalysisLink(url.slice(url.indexOf('#')));
  assert.deepEqual(back, { options: g.options, moves: ['0', '5'], from: 'K3J9QW2M7XAB/2', setup: null });
  assert.equal(readAnalysisLink('#nonsense'), null);
  assert.equal(readAnalysisLink('#o=%7Bbroken'), null);
});

test('a set-up position travels in the analysis link and reads back the same', () => {
  const o = { game: 'dots', size: '3x3' };
  const dotsSetup = { drawn: [0, 13], turn: /** @type {0 | 1} */ (1) };
  const url = analysisLink('en', { game: 'dots', options: /** @type {any} */ (o), moves: ['5'], setup: dotsGame.setup.text(dotsSetup) }, 1);
  const back = readAnalysisLink(url.slice(url.indexOf('#')));
  assert.deepEqual(back && dotsGame.setup.read(back.options, back.setup ?? ''), dotsSetup);
  assert.deepEqual(back?.moves, ['5']);
  assert.deepEqual(dotsGame.setup.read(o, ':0'), { drawn: [], turn: 0 });
  assert.equal(dotsGame.setup.read(o, '0,99:0'), null, 'a 3x3 board has 24 lines');
  const m = { game: 'musashi', board: '33' };
  const s = { board: /** @type {'33'} */ ('33'), parent: null, children: new Set(['a1', 'b2']), turn: /** @type {0 | 1} */ (0), childrenMoves: 3 };
  assert.equal(musashiGame.setup.text(s), '33::a1,b2:p:3');
  assert.deepEqual(musashiGame.setup.read(m, '33::a1,b2:p:3'), s);
  assert.equal(musashiGame.setup.read(m, '33:z9::p:0'), null);
});
