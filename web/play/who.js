// Who is who at a table, as pure functions of the table and this connection's identity: the
// seat this device holds, the seat of a side, names as shown. No DOM, no state.

import { shownName } from '../names.js';

/** @typedef {import('../types.js').TableView} TableView */
/** @typedef {import('../types.js').SeatView} SeatView */
/** @typedef {import('../types.js').Seat} Seat */
/** @typedef {import('../types.js').Translate} Translate */

/**
 * What every panel draws from.
 * @typedef {object} Props
 * @property {TableView} table
 * @property {import('../types.js').You | null} you
 * @property {Seat | null} me  This device's seat, or null when watching.
 * @property {import('../types.js').Side | null} mySide
 * @property {import('./ui.js').Ui} ui
 * @property {[string | null, string | null]} tags  Each seat's namesake tag (tags.js), or null.
 * @property {import('../games/types.js').GameModule} game  The table's game (games/index.js).
 */

/**
 * The seat of this device's player.
 * @param {TableView} table
 * @param {import('../types.js').You | null} you
 * @returns {Seat | null}
 */
export function mySeat(table, you) {
  const id = you?.playerId;
  if (!id) return null;
  const i = table.seats.findIndex((s) => s?.playerId === id);
  return i === 0 || i === 1 ? i : null;
}

/** @param {TableView} table @param {number} side @returns {Seat | null} */
export function seatOfSide(table, side) {
  const i = table.seats.findIndex((s) => s?.side === side);
  return i === 0 || i === 1 ? i : null;
}

/** @param {Translate} t @param {SeatView | null | undefined} seat */
export function seatName(t, seat) {
  if (!seat) return '?';
  return seat.cpu ? t('play-cpu-name', { level: t(`level-${seat.cpu}`) }) : shownName(t, seat.name);
}

/** @param {Translate} t @param {TableView} table @param {number} side */
export function sideName(t, table, side) {
  const s = seatOfSide(table, side);
  return seatName(t, s === null ? null : table.seats[s]);
}

/**
 * A seat's name in a line of text, with its tag when both seated players share the name.
 * @param {Translate} t
 * @param {Props} p
 * @param {Seat} seat
 */
export function seatLabel(t, p, seat) {
  const name = seatName(t, p.table.seats[seat]);
  const tag = p.tags[seat];
  return tag ? `${name} #${tag}` : name;
}

/** @param {Translate} t @param {Props} p @param {number} side */
export function sideLabel(t, p, side) {
  const s = seatOfSide(p.table, side);
  return s === null ? '?' : seatLabel(t, p, s);
}

/** @param {TableView} table */
export const vsCpu = (table) => table.seats.some((s) => !!s?.cpu);

/** The other seat. @param {Seat} s @returns {Seat} */
export const other = (s) => (s === 0 ? 1 : 0);

/**
 * @param {TableView} table
 * @param {import('../types.js').You | null} you
 * @param {import('./ui.js').Ui} ui
 * @param {import('../games/types.js').GameModule} game
 * @param {[string | null, string | null]} [tags]
 * @returns {Props}
 */
export function props(table, you, ui, game, tags = [null, null]) {
  const me = mySeat(table, you);
  return { table, you, me, mySide: me === null ? null : table.seats[me]?.side ?? null, ui, tags, game };
}
