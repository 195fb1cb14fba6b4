// The two seats: who sits where, their side, rating, presence and score (in a game that keeps
// one), and for a visitor while a seat is free, the button that sits them down.

import { h, s } from '../dom.js';
import { seatName } from './who.js';

/** @typedef {import('./who.js').Props} Props */

/**
 * A small picture of a side: Musashi's Parent or Child piece, Dots' ring or cross.
 * @param {import('../games/types.js').GameModule} game
 * @param {import('../types.js').Side} side
 */
export function sideBadge(game, side) {
  const svg = s('svg', { class: `side-badge ${game.kind} side-${side}`, viewBox: '0 0 40 40', width: 28, height: 28, 'aria-hidden': 'true' });
  svg.append(...game.badge(side));
  return svg;
}

/**
 * @param {{t: import('../types.js').Translate, join: () => void}} ctx  `join`: sit down in the free seat.
 */
export function createSeats({ t, join }) {
  const el = h('div', { class: 'seats', id: 'seats' });

  /** @param {Props} p @param {0 | 1} i */
  const seat = (p, i) => {
    const { table: tb, me } = p;
    const st = tb.seats[i];
    const v = tb.view;
    if (!st) {
      const canSit = me === null && tb.status === 'waiting';
      return h('div', { class: 'seat empty', 'data-seat': i },
        h('span', { class: 'seat-name muted' }, t('play-seat-empty')),
        canSit ? h('button', { type: 'button', class: 'btn primary', id: 'join', disabled: p.ui.joining, onclick: join }, t('play-join')) : null);
    }
    const side = st.side;
    const toMove = tb.status === 'playing' && v && v.turn === side && !v.outcome;
    const role = p.game.roles(t)[side];
    const score = v && p.game.seatScore(t, v, side);
    return h('div', { class: `seat side-${side}${toMove ? ' to-move' : ''}${i === me ? ' mine' : ''}`, 'data-seat': i, 'data-side': side },
      sideBadge(p.game, side),
      h('div', { class: 'seat-text' },
        h('div', { class: 'seat-line' },
          h('span', { class: 'seat-name' }, seatName(t, st)),
          p.tags[i] ? h('span', { class: 'player-tag', title: t('leaderboard-tag') }, `#${p.tags[i]}`) : null,
          i === me ? h('span', { class: 'tag you' }, t('play-you')) : null,
          // Against the CPU the one person is the host: no badge to tell anyone apart.
          tb.host === i && !tb.seats.some((x) => x?.cpu) ? h('span', { class: 'tag' }, t('play-host')) : null),
        h('div', { class: 'seat-line small' },
          h('span', { class: 'seat-role' }, role),
          st.rating !== null && !st.cpu ? h('span', { class: 'muted' }, t('play-rating', { rating: String(Math.round(st.rating)) })) : null),
        st.away ? h('div', { class: 'seat-away', 'data-away': 'true' }, t('play-seat-away'))
          // Between games nobody is about to reconnect: "Reconnecting…" would never end.
          : !st.connected ? h('div', { class: 'seat-away muted' }, t(tb.status === 'playing' ? 'play-seat-offline' : 'play-seat-gone')) : null),
      score ? h('span', { class: 'seat-score', 'data-score': side }, score) : null);
  };

  let drawn = '';
  return {
    el,
    /** @param {Props} p */
    render(p) {
      // Rebuild only when something shown changed, so the join button keeps its focus.
      const v = p.table.view;
      const key = JSON.stringify([p.table.seats, p.table.status, p.table.host, p.me, p.ui.joining, p.tags, v?.turn, v?.outcome,
        v ? [p.game.seatScore(t, v, 0), p.game.seatScore(t, v, 1)] : null]);
      if (key === drawn) return;
      drawn = key;
      el.replaceChildren(seat(p, 0), seat(p, 1));
    },
  };
}
