// What this device's player can do right now, as the server would judge it: each action
// button is enabled only when its intent would be accepted, so a tap never ends in "There is
// no move to take back." Pure functions of the panels' props; no DOM.

import { vsCpu } from './who.js';

/** @typedef {import('./who.js').Props} Props */
/** @typedef {import('../types.js').TableView} TableView */

/**
 * Whether `side` has made a move in the current game: what a take-back needs (the server
 * takes back to that side's last move). Dots records who drew each line; in Musashi the sides
 * alternate from the first mover.
 * @param {TableView} table
 * @param {import('../types.js').Side} side
 */
export function hasMoved(table, side) {
  const v = table.view;
  if (!v) return false;
  if (v.game === 'dots') return v.lines.some((l) => l.player === side);
  if (table.options.game !== 'musashi') return false;
  const first = table.options.first === 'children' ? 1 : 0;
  return table.plies >= 2 || (table.plies === 1 && first === side);
}

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
  return hasMoved(tb, mySide);
}

/** The CPU's suggestion: against the CPU, in this player's turn, none asked for already. @param {Props} p */
export function canHint(p) {
  const v = p.table.view;
  return canResign(p) && vsCpu(p.table) && !!v && v.turn === p.mySide && v.legal.length > 0 && !p.ui.hintAsked;
}

/** Ask for the next game: the game is over and this seat has not asked yet. @param {Props} p */
export const canRematch = (p) => p.me !== null && p.table.status === 'over' && !p.table.rematch[p.me];
