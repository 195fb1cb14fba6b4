// Setting up a Bagh-Chal position on the analysis board: a tap cycles a point empty → goat →
// tiger → empty; the goats captured stay as they were (none from scratch), and the rest of the
// twenty not on the board are in hand. Pure, except `pointAt`, which reads a click's place on
// the SVG board.

import { svgPoint } from '../dom.js';
import { POINTS, parsePosition, positionText } from './board.js';
import { toXY } from './render.js';

/** @typedef {import('./board.js').Position} BaghChalSetup */

/** @returns {BaghChalSetup} */
export const setupEmpty = () => ({ tigers: new Set(), goats: new Set(), inHand: 20, captured: 0, turn: 1 });

/** A tap on point `p`. @param {BaghChalSetup} s @param {string} p @returns {BaghChalSetup} */
export function setupTap(s, p) {
  const tigers = new Set(s.tigers);
  const goats = new Set(s.goats);
  if (tigers.has(p)) tigers.delete(p);
  else if (goats.has(p)) {
    goats.delete(p);
    tigers.add(p);
  } else if (goats.size + s.captured < 20) goats.add(p);
  return { ...s, tigers, goats, inHand: 20 - goats.size - s.captured };
}

/** Whether the server can read the set-up: four tigers. @param {BaghChalSetup | null} s */
export const setupReady = (s) => !!s && s.tigers.size === 4;

/** The set-up as the analysis link carries it: the position text. @param {BaghChalSetup} s */
export const setupText = (s) => positionText(s);

/** The set-up of an analysis link, or null when the text is not one. @param {string} text @returns {BaghChalSetup | null} */
export function readSetup(text) {
  if (text.split(':').length !== 5) return null;
  const s = parsePosition(text);
  const all = [...s.tigers, ...s.goats];
  const counts = [s.inHand, s.captured].every((n) => Number.isInteger(n) && n >= 0 && n <= 20);
  if (!all.every((p) => POINTS.includes(p)) || new Set(all).size !== all.length || !counts) return null;
  if (s.tigers.size > 4 || s.goats.size + s.inHand + s.captured !== 20) return null;
  return s;
}

/**
 * The client rules' game of a set-up: like the server's, its record holds the position when
 * no goat is in hand.
 * @param {import('../types.js').BaghChalOptions} o
 * @param {BaghChalSetup} s
 */
export function setupGame(o, s) {
  const key = `${[...s.tigers].sort()}:${[...s.goats].sort()}:${s.turn}`;
  return { options: o, pos: s, record: s.inHand === 0 ? [key] : [], history: [], resigned: null };
}

/** The point nearest a click on the board's SVG, if it is close to one. @param {SVGSVGElement} svg @param {MouseEvent} e */
export function pointAt(svg, e) {
  const at = svgPoint(svg, e);
  if (!at) return null;
  let best = null;
  let dist = Infinity;
  for (const p of POINTS) {
    const [x, y] = toXY(p);
    const d = Math.hypot(x - at.x, y - at.y);
    if (d < dist) [best, dist] = [p, d];
  }
  return dist < 50 ? best : null;
}
