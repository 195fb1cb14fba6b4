// A game of Bagh-Chal as the table reducer keeps it: the position (from bagh-chal/board.js),
// the repetition record, the history and a resignation, and the view built from them exactly
// as the server builds its `BaghChalView` (crates/wire/src/games/bagh_chal.rs), list orders
// included. Pure: every function returns a new game and leaves its argument alone.

import { between, boardMoves, endangered, inOrder, play as boardPlay, parsePosition, positionText } from '../bagh-chal/board.js';

/** @typedef {import('../types.js').BaghChalOptions} Options */
/** @typedef {import('../types.js').BaghChalView} BaghChalView */
/** @typedef {import('../types.js').Finished} Finished */
/** @typedef {import('../types.js').Side} Side */
/** @typedef {import('../bagh-chal/board.js').Position} Position */

/**
 * @typedef {object} Game
 * @property {Options} options
 * @property {Position} pos
 * @property {string[]} record  Keys of the positions since every goat was placed.
 * @property {string[]} history
 * @property {Side | null} resigned
 */

/** The repetition key: tigers, goats and the side to move. @param {Position} pos */
const key = (pos) => `${[...pos.tigers].sort()}:${[...pos.goats].sort()}:${pos.turn}`;

/** @param {Options} o */
const target = (o) => (o.target === 'all' ? 20 : Number(o.target));

/** A move the rules refuse (the reducer turns it into a mismatch). @param {string} text @returns {never} */
function refuse(text) {
  throw new Error(text);
}

/** @param {Options} options @returns {Game} */
export function newGame(options) {
  const pos = parsePosition(`a1,a5,e1,e5::20:0:${options.first === 'tigers' ? 't' : 'g'}`);
  return { options, pos, record: [], history: [], resigned: null };
}

/** Whether `move` leaves a recorded position. @param {Game} g @param {string} move */
function repeats(g, move) {
  if (g.options.repetition === 'allowed') return false;
  const after = boardPlay(g.pos, move);
  return after.inHand === 0 && g.record.includes(key(after));
}

/** @param {Game} g */
const movesIgnoringEnd = (g) => boardMoves(g.pos).filter((m) => !repeats(g, m));

/** @param {Game} g @returns {Finished | null} */
export function outcome(g) {
  if (g.resigned !== null) return { winner: g.resigned === 0 ? 1 : 0, reason: 'resignation' };
  if (g.pos.captured >= target(g.options)) return { winner: 0, reason: 'target-reached' };
  if (movesIgnoringEnd(g).length) return null;
  return g.pos.turn === 0 ? { winner: 1, reason: 'tigers-blocked' } : { winner: 0, reason: 'goats-blocked' };
}

/** @param {Game} g @returns {string[]} */
export function legalMoves(g) {
  if (g.resigned !== null || g.pos.captured >= target(g.options)) return [];
  return movesIgnoringEnd(g);
}

/**
 * Plays `text` for `side`; throws when it is not a legal move.
 * @param {Game} g
 * @param {Side} side
 * @param {string} text
 * @returns {{game: Game, move: string}}
 */
export function play(g, side, text) {
  const move = text.replace(/\s+/g, '');
  if (outcome(g)) refuse('the game is over');
  if (side !== g.pos.turn) refuse('it is not your turn');
  if (!legalMoves(g).includes(move)) refuse(`${text} is not a legal move`);
  const pos = boardPlay(g.pos, move);
  return {
    game: {
      options: g.options,
      pos,
      record: pos.inHand === 0 ? [...g.record, key(pos)] : g.record,
      history: [...g.history, move],
      resigned: null,
    },
    move,
  };
}

/** Takes back a resignation, or else the last move (replayed from the start). @param {Game} g @returns {Game} */
export function undo(g) {
  if (g.resigned !== null) return { ...g, resigned: null };
  if (!g.history.length) return g;
  let back = newGame(g.options);
  for (const m of g.history.slice(0, -1)) back = play(back, back.pos.turn, m).game;
  return back;
}

/** @param {Game} g @param {Side} side @returns {Game} */
export function resign(g, side) {
  if (outcome(g)) refuse('the game is over');
  return { ...g, resigned: side };
}

/** @param {Game} g @returns {Side} */
export const turn = (g) => g.pos.turn;

/** @param {Game} g @returns {BaghChalView} */
export function view(g) {
  const { pos } = g;
  const end = outcome(g);
  const last = g.history.at(-1);
  return {
    game: 'bagh-chal',
    position: positionText(pos),
    tigers: inOrder(pos.tigers),
    goats: inOrder(pos.goats),
    inHand: pos.inHand,
    captured: pos.captured,
    target: target(g.options),
    turn: pos.turn,
    legal: legalMoves(g),
    endangered: end ? [] : endangered(pos),
    last: last ? { move: last, captured: last.includes('x') ? between(...(/** @type {[string, string]} */ (last.split('x')))) : null } : null,
    outcome: end,
  };
}
