// What this device's player can do right now, as the server would judge it: each action
// button is enabled only when its intent would be accepted, so a tap never ends in "There is
// no move to take back." Pure functions of the panels' props; no DOM.

import { vsCpu } from './who.js';

/** @typedef {import('./who.js').Props} Props */

/** A game is being played and this device sits at it. @param {Props} p */
export const canResign = (p) => p.me !== null && p.table.status === 'playing' && !!p.table.view && !p.table.view.outcome;

/**
 * Take back (against the CPU) or ask to (against a person): this seat has moved in this game,
 * no request is open, and a declined request's wait is over.
 * @param {Props} p
 * @param {number} now  `performance.now()`, the clock of `ui.undoWaitUntil`.
 */
export function canUndo(p, now) {
  const { table: tb, mySide, ui } = p;
  if (!canResign(p) || mySide === null || tb.undo !== null) return false;
  if (!vsCpu(tb) && now < ui.undoWaitUntil) return false;
  // The server takes back to this side's last move: there must be one.
  return p.game.hasMoved(tb, mySide);
}

/** The CPU's suggestion: against the CPU, in this player's turn, none asked for already. @param {Props} p */
export function canHint(p) {
  const v = p.table.view;
  return canResign(p) && vsCpu(p.table) && !!v && v.turn === p.mySide && v.legal.length > 0 && !p.ui.hintAsked;
}

/** Ask for the next game: the game is over and this seat has not asked yet. @param {Props} p */
export const canRematch = (p) => p.me !== null && p.table.status === 'over' && !p.table.rematch[p.me];
