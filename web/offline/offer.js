// "Play the CPU offline" on a game page (issue 36, part 6): shown where "Play the CPU" is when
// the browser says it is offline, or once starting a game at the server failed for want of a
// network. The level is the one chosen in the CPU form; the rules are the game's local rules
// (the page data's `options`, what GET /api/options/GAME answers), each at the site default
// until changed. Ranked games stay online-only: offline there is only the CPU.

import { h } from '../dom.js';
import { engineAvailable } from '../engine/engine.js';
import { loadGame } from '../games/index.js';
import { offlineUrl } from './store.js';
import { newOfflineGame, startOfflineTable } from './table.js';

/** Rules that only change the next game of a group (who moves first in a rematch): an offline game is one game. */
const REMATCH_ONLY = new Set(['swapRoles', 'swapFirst']);

/**
 * @param {{t: import('../types.js').Translate, lang: string, game: import('../types.js').GameKind,
 *   specs: import('../types.js').OptionSpec[], level: () => import('../types.js').CpuLevel, after: Element}} ctx
 *   `after`: the element the offer follows (the CPU form).
 */
export async function createOfflineOffer({ t, lang, game, specs, level, after }) {
  // Without WebAssembly or workers the device cannot play the CPU: nothing to offer.
  if (!engineAvailable()) return { show() {} };
  const parts = await loadGame(game);
  /** @param {string} id @param {string | boolean} v */
  const valueText = (id, v) => (typeof v === 'boolean' ? t(v ? 'play-on' : 'play-off') : parts.optionText(t, id, v));
  // A rule with one value (Bagh-Chal's repetition rule) is no choice: left out, sent as its default.
  const shown = specs.filter((sp) => sp.changeable && sp.values.length > 1 && !REMATCH_ONLY.has(sp.id));
  const fields = shown.map((sp) => {
    const id = `offline-opt-${sp.id}`;
    if (sp.values.every((x) => typeof x === 'boolean')) {
      return h('label', { class: 'check' }, h('input', { type: 'checkbox', id, name: sp.id, checked: sp.default === true }),
        h('span', {}, t(`${game}-opt-${sp.id}`)));
    }
    return h('label', { class: 'field', for: id }, h('span', {}, t(`${game}-opt-${sp.id}`)),
      h('select', { id, name: sp.id }, ...sp.values.map((v) => h('option', { value: String(v), selected: v === sp.default }, valueText(sp.id, v)))));
  });
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'offline-offer', id: 'offline-offer', hidden: true },
    h('h2', {}, t('offline-offer-title')),
    h('p', { class: 'muted' }, t('offline-offer-text')),
    ...fields,
    h('button', { type: 'submit', class: 'btn primary', id: 'offline-start' }, t('offline-offer-start'))));
  after.after(form);
  let failed = false;
  const update = () => {
    form.hidden = !(failed || !navigator.onLine);
  };
  addEventListener('online', update);
  addEventListener('offline', update);
  update();

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    /** @type {Record<string, string | boolean>} */
    const options = {};
    for (const sp of specs) {
      const f = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (form.elements.namedItem(sp.id));
      options[sp.id] = !f ? sp.default : f instanceof HTMLInputElement && f.type === 'checkbox' ? f.checked : f.value;
    }
    const g = newOfflineGame(game, options, level());
    history.replaceState(null, '', offlineUrl(lang, game, g.id));
    await startOfflineTable({ t, lang, id: g.id });
  });
  return {
    /** Offers the offline game after a failed start at the server. */
    show() {
      failed = true;
      update();
      form.scrollIntoView({ block: 'nearest' });
    },
  };
}
