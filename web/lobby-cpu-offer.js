// The offer of a game against the CPU while waiting in a quick-pairing pool (issue 35): after
// `cpuOfferAfter` seconds in a pool the lobby shows it, with the CPU's level and whether to
// keep the place (default on). Kept, the CPU game's page holds the place alive and a pairing
// ends that game and takes the player to the new table (play/pool-wait.js); not kept, the
// player leaves the pool as with any new game. Built once and only shown or hidden, so that
// the lobby's redraw every second never resets a choice being made.

import { createGroup } from './api.js';
import { h } from './dom.js';
import { POOL_CPU_KEY } from './play/pool-wait.js';

/** @typedef {{key: string, options: import('./types.js').AnyOptions, turnLimit: number | null}} OfferPool */

/**
 * @param {{t: import('./types.js').Translate, lang: string, game: import('./types.js').GameKind,
 *   fail: (e: unknown) => void}} o
 */
export function createCpuOffer({ t, lang, game, fail }) {
  const level = /** @type {HTMLSelectElement} */ (h('select', { id: 'lobby-cpu-level', name: 'level' },
    ...['beginner', 'intermediate', 'expert'].map((l) => h('option', { value: l }, t(`level-${l}`)))));
  const keep = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', id: 'lobby-cpu-keep', checked: true }));
  const play = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'btn primary', id: 'lobby-cpu-play' }, t('lobby-cpu-play')));
  const el = h('div', { class: 'lobby-cpu-offer', id: 'lobby-cpu-offer', hidden: true },
    h('p', {}, h('strong', {}, t('lobby-cpu-offer'))),
    h('label', {}, h('span', {}, t('lobby-cpu-level')), level),
    h('label', { class: 'check' }, keep, h('span', {}, t('lobby-cpu-keep'))),
    play);
  /** @type {OfferPool | null} */
  let pool = null;
  play.addEventListener('click', async () => {
    if (!pool) return;
    play.disabled = true;
    try {
      // The pool's rules, unranked (a CPU game never is).
      const r = await createGroup({ game, options: pool.options, turnLimit: pool.turnLimit,
        cpu: /** @type {import('./types.js').CpuLevel} */ (level.value), keepPool: keep.checked });
      if (keep.checked) sessionStorage.setItem(POOL_CPU_KEY, JSON.stringify({ code: r.code, game }));
      location.assign(`/${lang}${r.url}`);
    } catch (e) {
      play.disabled = false;
      fail(e);
    }
  });
  return {
    el,
    /** Shows the offer for `p`, or hides it (`null`). @param {OfferPool | null} p */
    show(p) {
      pool = p;
      el.hidden = !p;
    },
  };
}
