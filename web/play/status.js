// Whose turn it is, the turn clock (counting down between messages) and the game's own lines
// (Musashi: the Children taken and moved). The clock's ticker runs only while a clock is
// shown, and stops with `destroy`.

import { h } from '../dom.js';
import { sideBadge } from './seats.js';
import { seatLabel, sideLabel } from './who.js';

/** @typedef {import('./who.js').Props} Props */

/** @param {{t: import('../types.js').Translate}} ctx */
export function createStatus({ t }) {
  const turnEl = h('p', { class: 'turn', id: 'turn' });
  const clockEl = h('p', { class: 'clock', id: 'clock', hidden: true });
  const infoEl = h('div', { class: 'info', id: 'info' });
  /** @type {Props | null} */
  let last = null;
  /** The clock shown and when it arrived (its `remainingMs` counts from then). */
  /** @type {import('../types.js').ClockView | null} */
  let clock = null;
  let clockAt = 0;
  /** @type {ReturnType<typeof setInterval> | null} */
  let ticker = null;

  const tick = () => {
    const tb = last?.table;
    if (!tb || !clock || tb.status !== 'playing') {
      clockEl.hidden = true;
      if (ticker !== null) clearInterval(ticker);
      ticker = null;
      return;
    }
    const secs = Math.ceil(Math.max(0, clock.remainingMs - (performance.now() - clockAt)) / 1000);
    clockEl.hidden = false;
    clockEl.className = `clock side-${clock.side}${secs <= 10 ? ' low' : ''}`;
    clockEl.replaceChildren(h('span', { class: 'sr-only' }, `${t('play-clock-label')}: `), sideBadge(/** @type {Props} */ (last).game, clock.side),
      h('span', { class: 'secs' }, t('play-clock', { seconds: secs })));
  };

  /** @param {Props} p */
  const turn = (p) => {
    const { table: tb, me, mySide } = p;
    const v = tb.view;
    let text = '';
    turnEl.className = 'turn';
    if (tb.status === 'waiting') {
      // A visitor who came by the invite link is invited to play, not told they are watching.
      text = me !== null ? t('play-waiting') : tb.host !== null && tb.seats[tb.host] ? t('play-invited', { name: seatLabel(t, p, tb.host) }) : t('play-watching');
    }
    else if (tb.status === 'playing' && v) {
      const mine = v.turn === mySide;
      const extra = p.game.extraTurn(t, v, mine, sideLabel(t, p, v.turn));
      if (extra !== null) {
        text = extra;
        turnEl.classList.add('extra');
      } else {
        text = mine ? t('play-turn-you') : t('play-turn-other', { name: sideLabel(t, p, v.turn) });
      }
      if (mine) turnEl.classList.add('mine');
      turnEl.classList.add(`side-${v.turn}`);
    }
    if (me === null && tb.status === 'playing') text = `${text} · ${t('play-watching')}`;
    turnEl.textContent = text;
    turnEl.hidden = tb.status === 'over';
    // No game number before the first game ("Game 0" says nothing).
    const meta = [tb.gameNo > 0 ? t('play-game-number', { n: tb.gameNo }) : '', tb.ranked ? t('play-ranked-badge') : ''];
    const line = meta.filter(Boolean).join(' · ');
    if (line) turnEl.dataset.meta = line;
    else delete turnEl.dataset.meta;
  };

  /** The game's own lines (Musashi: the Children taken and moved). @param {Props} p */
  const info = (p) => {
    const v = p.table.view;
    infoEl.replaceChildren(...(v ? p.game.info(t, v, p.table.options, p.mySide) : []));
  };

  return {
    els: [turnEl, clockEl, infoEl],
    /** @param {Props} p */
    render(p) {
      last = p;
      if (p.table.clock !== clock) {
        clock = p.table.clock;
        clockAt = performance.now();
      }
      turn(p);
      info(p);
      tick();
      if (clock && p.table.status === 'playing' && ticker === null) ticker = setInterval(tick, 250);
    },
    destroy() {
      if (ticker !== null) clearInterval(ticker);
      ticker = null;
    },
  };
}
