// The page's own state beside the table (a notice, the resign question, the CPU's suggestion,
// the settings form), and how events change it: pure functions, so what an event does to the
// page is written in one place.

/**
 * @typedef {object} Ui
 * @property {string} notice  A line that stays until the next move (an error, a declined take-back).
 * @property {boolean} resignConfirm  The "give up?" question is open.
 * @property {{ply: number, move: string} | null} hint  The CPU's suggestion for the move at `ply`.
 * @property {boolean} hintAsked  Waiting for the CPU's suggestion.
 * @property {boolean} settingsDirty  The host has edited the rules form and not saved.
 * @property {boolean} savedNote  Show "saved" under the rules.
 * @property {boolean} joining  Sitting down is under way (making a token, reconnecting).
 * @property {number} undoWaitUntil  When this player may ask for a take-back again after a
 *   declined one (`performance.now()` ms; 0: no wait).
 */

/** @returns {Ui} */
export function initialUi() {
  return {
    notice: '', resignConfirm: false, hint: null, hintAsked: false, settingsDirty: false, savedNote: false, joining: false,
    undoWaitUntil: 0,
  };
}

/**
 * The page state after an event: a move, a take-back or a new game ends the notice and the
 * suggestion; a new game closes the resign question; new rules replace the form.
 * @param {Ui} ui
 * @param {import('../types.js').Event} e
 * @returns {Ui}
 */
export function afterEvent(ui, e) {
  switch (e.kind) {
    case 'move':
    case 'undo':
      return { ...ui, notice: '', hint: null };
    case 'newGame':
      return { ...ui, notice: '', hint: null, resignConfirm: false, savedNote: false };
    case 'settings':
      return { ...ui, settingsDirty: false };
    default:
      return ui;
  }
}
