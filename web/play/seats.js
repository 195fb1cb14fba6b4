// The two seats: who sits where, their side, rating, presence and (Dots) score, and for a
// visitor while a seat is free, the button that sits them down.

import { h, s } from '../dom.js';
import { seatName } from './who.js';

/** @typedef {import('./who.js').Props} Props */

/**
 * A small picture of a side: Musashi's Parent or Child piece, Dots' ring or cross.
 * @param {import('../types.js').GameKind} game
 * @param {import('../types.js').Side} side
 */
export function sideBadge(game, side) {
  const svg = s('svg', { class: `side-badge ${game} side-${side}`, viewBox: '0 0 40 40', width: 28, height: 28, 'aria-hidden': 'true' });
  if (game === 'musashi') {
    if (side === 0) svg.append(s('circle', { class: 'body', cx: 20, cy: 20, r: 17 }), s('circle', { class: 'ring', cx: 20, cy: 20, r: 11 }), s('path', { class: 'mark', d: 'M20 14 L25.5 23.5 L14.5 23.5 Z' }));
    else svg.append(s('circle', { class: 'body', cx: 20, cy: 20, r: 13 }), s('circle', { class: 'dot', cx: 20, cy: 20, r: 3 }));
  } else if (side === 0) {
    svg.append(s('circle', { class: 'icon icon-0', cx: 20, cy: 20, r: 12 }));
  } else {
    svg.append(s('path', { class: 'icon icon-1', d: 'M10 10 L30 30 M30 10 L10 30' }));
  }
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
    const role = tb.game === 'musashi' ? t(side === 0 ? 'musashi-parent' : 'musashi-children') : t(side === 0 ? 'dots-first' : 'dots-second');
    return h('div', { class: `seat side-${side}${toMove ? ' to-move' : ''}${i === me ? ' mine' : ''}`, 'data-seat': i, 'data-side': side },
      sideBadge(tb.game, side),
      h('div', { class: 'seat-text' },
        h('div', { class: 'seat-line' },
          h('span', { class: 'seat-name' }, seatName(t, st)),
          p.tags[i] ? h('span', { class: 'player-tag', title: t('leaderboard-tag') }, `#${p.tags[i]}`) : null,
          i === me ? h('span', { class: 'tag you' }, t('play-you')) : null,
          tb.host === i ? h('span', { class: 'tag' }, t('play-host')) : null),
        h('div', { class: 'seat-line small' },
          h('span', { class: 'seat-role' }, role),
          st.rating !== null && !st.cpu ? h('span', { class: 'muted' }, t('play-rating', { rating: String(Math.round(st.rating)) })) : null),
        st.away ? h('div', { class: 'seat-away', 'data-away': 'true' }, t('play-seat-away'))
          : !st.connected ? h('div', { class: 'seat-away muted' }, t('play-seat-offline')) : null),
      v && v.game === 'dots' ? h('span', { class: 'seat-score', 'data-score': side }, t('dots-score', { boxes: v.scores[side] })) : null);
  };

  let drawn = '';
  return {
    el,
    /** @param {Props} p */
    render(p) {
      // Rebuild only when something shown changed, so the join button keeps its focus.
      const v = p.table.view;
      const key = JSON.stringify([p.table.seats, p.table.status, p.table.host, p.me, p.ui.joining, p.tags, v?.turn, v?.outcome,
        v?.game === 'dots' ? v.scores : null]);
      if (key === drawn) return;
      drawn = key;
      el.replaceChildren(seat(p, 0), seat(p, 1));
    },
  };
}
