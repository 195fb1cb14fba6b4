// The end card: who won and why, rating changes, and the way to the next game.

import { h } from '../dom.js';
import { other, seatName, vsCpu } from './who.js';

/** @typedef {import('./who.js').Props} Props */

/**
 * @param {{t: import('../types.js').Translate, lang: string, el: HTMLElement,
 *   rematch: () => void}} ctx  `el`: the page's end screen.
 */
export function createEnd({ t, lang, el, rematch }) {
  let drawn = '';

  /** @param {Props} p */
  const title = (p) => {
    const w = p.table.result?.winner;
    if (w === null || w === undefined) return t('play-result-draw');
    if (p.me !== null) return t(w === p.me ? 'play-result-you-won' : 'play-result-you-lost');
    return t('play-result-won', { name: seatName(t, p.table.seats[w]) });
  };

  /** @param {Props} p */
  const why = (p) => {
    const { table: tb } = p;
    const v = tb.view;
    const reason = tb.result?.reason;
    if (!reason) return '';
    if (reason === 'resignation') {
      const w = tb.result?.winner;
      return t('play-reason-resignation', { name: seatName(t, w === null || w === undefined ? null : tb.seats[other(w)]) });
    }
    if (reason === 'boxes' && v?.game === 'dots') return t('play-reason-boxes', { score0: v.scores[0], score1: v.scores[1] });
    if (reason === 'target-reached' && v?.game === 'musashi') return t('play-reason-target-reached', { target: v.target ?? v.taken });
    if (reason === 'move-limit' && v?.game === 'musashi') return t('play-reason-move-limit', { limit: v.limit ?? v.childrenMoves });
    return t(`play-reason-${reason}`);
  };

  return {
    /** @param {Props} p */
    render(p) {
      const { table: tb, me } = p;
      if (tb.status !== 'over') {
        el.hidden = true;
        el.replaceChildren();
        drawn = '';
        return;
      }
      const rating = me === null ? undefined : tb.result?.ratings.find((r) => r.seat === me);
      const them = me === null ? null : tb.seats[other(me)];
      const theyAsked = me !== null && tb.rematch[other(me)];
      const iAsked = me !== null && tb.rematch[me];
      const key = JSON.stringify([tb.result, tb.seats, tb.rematch, me, tb.gameNo]);
      if (key === drawn) return;
      drawn = key;
      el.hidden = false;
      el.dataset.reason = tb.result?.reason ?? '';
      el.replaceChildren(h('div', { class: 'end-card', role: 'status' },
        h('h2', { id: 'result-title' }, title(p)),
        h('p', { id: 'result-reason' }, why(p)),
        rating ? h('p', { class: 'muted' }, t('play-rating-change', { before: String(Math.round(rating.before)), after: String(Math.round(rating.after)) })) : null,
        iAsked && !vsCpu(tb) ? h('p', { class: 'muted' }, t('play-rematch-waiting', { name: seatName(t, them) })) : null,
        theyAsked && !iAsked ? h('p', {}, t('play-rematch-asked', { name: seatName(t, them) })) : null,
        me !== null ? h('button', { type: 'button', class: 'btn primary', id: 'end-rematch', disabled: iAsked, onclick: rematch }, t('play-rematch')) : null,
        h('a', { class: 'btn', href: `/${lang}/games/${tb.game}` }, t(`game-${tb.game}`))));
    },
  };
}
