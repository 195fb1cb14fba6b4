// What a screen reader hears when the table changes, as a pure function of the event and the
// table before and after it. It changes nothing: it returns the words, and a line for the
// page to keep on screen when the news matters to this player (the CPU moved for them, their
// take-back was declined).

import { other, seatName, seatOfSide } from './who.js';

/** @typedef {import('../types.js').TableView} TableView */

/**
 * @typedef {object} Narration
 * @property {string} speak  Said through the live region ('' for nothing).
 * @property {string | null} notice  Also kept on screen.
 */

/**
 * @param {import('../games/types.js').GameModule} game  The table's game: it says its moves.
 * @param {import('../types.js').Event} e
 * @param {TableView} before
 * @param {TableView} after
 * @param {import('../types.js').Seat | null} me  This device's seat.
 * @param {import('../types.js').You | null} you
 * @param {import('../types.js').Translate} t
 * @param {[string | null, string | null]} [tags]  The seats' namesake tags (tags.js).
 * @returns {Narration}
 */
export function narrate(game, e, before, after, me, you, t, tags = [null, null]) {
  const v = after.view;
  /** A seat's name, with its tag when both players share it. @param {import('../types.js').Seat} seat */
  const name = (seat) => {
    const n = seatName(t, after.seats[seat]);
    return tags[seat] ? `${n} #${tags[seat]}` : n;
  };
  switch (e.kind) {
    case 'move': {
      /** @param {import('../types.js').Side} side */
      const who = (side) => {
        const seat = seatOfSide(after, side);
        return seat === null ? '?' : name(seat);
      };
      let text = v ? game.said(t, v, who) : '';
      let notice = null;
      if (e.by === 'cpu-away' || e.by === 'timeout') {
        text += ` (${t(e.by === 'timeout' ? 'play-by-timeout' : 'play-by-cpu-away')})`;
        notice = text;
      }
      if (me !== null && v && after.status === 'playing' && after.seats[me]?.side === v.turn) {
        text += ` ${t('announce-your-turn')}`;
      }
      return { speak: text, notice };
    }
    case 'undo':
      return { speak: t('announce-undo', { plies: e.plies }), notice: null };
    case 'undoDeclined': {
      // `seat` asked; only they need to hear the answer.
      if (me === null || e.seat !== me) return { speak: '', notice: null };
      const text = t('play-undo-declined', { name: name(other(me)), wait: Math.ceil(e.waitMs / 1000) });
      return { speak: text, notice: text };
    }
    case 'seat': {
      const now = after.seats[e.seat];
      const was = before.seats[e.seat];
      let speak = '';
      if (now && !was) speak = t('announce-joined', { name: name(e.seat) });
      else if (now && was && now.away && !was.away) speak = t('announce-away', { name: name(e.seat) });
      else if (now && was && !now.away && was.away) speak = t('announce-back', { name: name(e.seat) });
      return { speak, notice: null };
    }
    case 'newGame':
      return { speak: t('announce-new-game'), notice: null };
    case 'settings':
      return { speak: you?.host ? '' : t('announce-settings'), notice: null };
    default:
      return { speak: '', notice: null };
  }
}
