// The end card: who won and why, both players' rating changes after a ranked game, and the
// way to the next game.

import { h } from '../dom.js';
import { canRematch } from './can.js';
import { other, seatLabel, vsCpu } from './who.js';

/** @typedef {import('./who.js').Props} Props */

/**
 * Whether a ranked game ended without changing a rating: the server does not rate a game in
 * which a side never moved (an abort), nor more than 3 games a day between the same two
 * players (docs/deploy.md).
 * @param {import('../types.js').TableView} tb
 */
export function endedUnrated(tb) {
  return tb.ranked && tb.status === 'over' && tb.result !== null && tb.result.ratings.length === 0;
}

/**
 * A rating change with its sign, as people write it: +162, −162 (a minus sign), ±0.
 * @param {number} before
 * @param {number} after
 */
export function ratingDelta(before, after) {
  const d = Math.round(after) - Math.round(before);
  return d > 0 ? `+${d}` : d < 0 ? `\u2212${-d}` : '±0';
}

/**
 * @param {{t: import('../types.js').Translate, lang: string, el: HTMLElement,
 *   rematch: () => void}} ctx  `el`: the page's end screen.
 */
export function createEnd({ t, lang, el, rematch }) {
  let drawn = '';
  /** The card's result and reason, for the live region. */
  let words = '';

  /** @param {Props} p */
  const title = (p) => {
    const w = p.table.result?.winner;
    if (w === null || w === undefined) return t('play-result-draw');
    if (p.me !== null) return t(w === p.me ? 'play-result-you-won' : 'play-result-you-lost');
    return t('play-result-won', { name: seatLabel(t, p, w) });
  };

  /** @param {Props} p */
  const why = (p) => {
    const { table: tb } = p;
    const v = tb.view;
    const reason = tb.result?.reason;
    if (!reason) return '';
    if (reason === 'resignation') {
      const w = tb.result?.winner;
      return t('play-reason-resignation', { name: w === null || w === undefined ? '?' : seatLabel(t, p, other(w)) });
    }
    return p.game.reasonText(t, reason, v) ?? t(`play-reason-${reason}`);
  };

  /** Both players' new ratings after a ranked game, this device's first. @param {Props} p */
  const ratings = (p) => {
    const list = [...(p.table.result?.ratings ?? [])].sort((a, b) => Number(b.seat === p.me) - Number(a.seat === p.me));
    if (!list.length) return null;
    return h('div', { class: 'ratings', id: 'result-ratings' },
      h('p', { class: 'muted' }, t('play-rating-heading')),
      h('ul', {}, ...list.map((r) => h('li', { 'data-seat': r.seat, class: r.seat === p.me ? 'mine' : null },
        t('play-rating-change', {
          name: seatLabel(t, p, r.seat),
          before: String(Math.round(r.before)),
          after: String(Math.round(r.after)),
          change: ratingDelta(r.before, r.after),
        })))));
  };

  /** Why a ranked game changed no rating. @param {Props} p */
  const unrated = (p) => (endedUnrated(p.table) ? h('p', { class: 'muted', id: 'result-unrated' }, t('play-unrated')) : null);

  return {
    /** What the card says, for the live region ('' before the game is over). */
    words: () => words,
    /** @param {Props} p */
    render(p) {
      const { table: tb, me } = p;
      if (tb.status !== 'over') {
        el.hidden = true;
        el.replaceChildren();
        drawn = '';
        words = '';
        return;
      }
      words = `${title(p)} ${why(p)}`.trim();
      const them = me === null ? null : other(me);
      const theyAsked = them !== null && tb.rematch[them];
      const iAsked = me !== null && tb.rematch[me];
      const key = JSON.stringify([tb.result, tb.seats, tb.rematch, me, tb.gameNo, p.tags]);
      if (key === drawn) return;
      drawn = key;
      el.hidden = false;
      el.dataset.reason = tb.result?.reason ?? '';
      el.replaceChildren(h('div', { class: 'end-card', role: 'status' },
        h('h2', { id: 'result-title' }, title(p)),
        h('p', { id: 'result-reason' }, why(p)),
        ratings(p),
        unrated(p),
        iAsked && them !== null && !vsCpu(tb) ? h('p', { class: 'muted' }, t('play-rematch-waiting', { name: seatLabel(t, p, them) })) : null,
        theyAsked && !iAsked && them !== null && !vsCpu(tb) ? h('p', {}, t('play-rematch-asked', { name: seatLabel(t, p, them) })) : null,
        me !== null ? h('button', { type: 'button', class: 'btn primary', id: 'end-rematch', disabled: !canRematch(p), onclick: rematch }, t('play-rematch')) : null,
        // The game's page: the CPU at another level, or a new invite link (for a watcher: a
        // game of their own).
        h('a', { class: 'btn', id: 'end-new', href: `/${lang}/games/${tb.game}` }, t(me === null ? 'home-play' : 'play-new-opponent'))));
    },
  };
}
