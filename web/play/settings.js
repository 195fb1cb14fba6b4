// The host's rules for the next game (and the turn limit, which applies at once): a form
// built from the game's option schema (`GET /api/options/GAME`). Others see it read-only.

import { gameOptions } from '../api.js';
import { h } from '../dom.js';
import { vsCpu } from './who.js';

/** @typedef {import('./who.js').Props} Props */

/**
 * @typedef {object} SettingsContext
 * @property {import('../types.js').Translate} t
 * @property {(intent: import('../types.js').Intent) => Promise<unknown>} intent  Resolves null when refused.
 * @property {(patch: Partial<import('./ui.js').Ui>) => void} setUi
 */

/** @param {SettingsContext} ctx */
export function createSettings({ t, intent, setUi }) {
  const form = h('form', { class: 'settings-form', id: 'settings-form' });
  const el = h('details', { class: 'settings', id: 'settings' }, h('summary', {}, t('play-settings-heading')), form);
  /** @type {import('../types.js').OptionSpec[] | null} */
  let specs = null;
  /** @type {Props | null} */
  let last = null;
  let loading = '';

  /** @param {import('../games/types.js').GameModule} game @param {string} id @param {string | boolean} value */
  const valueLabel = (game, id, value) => {
    if (typeof value === 'boolean') return t(value ? 'play-on' : 'play-off');
    return game.optionText(t, id, value);
  };

  /** @param {Props} p */
  const build = (p) => {
    if (!specs) return;
    const { table: tb } = p;
    const next = /** @type {Record<string, unknown>} */ (tb.nextOptions);
    const host = !!p.you?.host;
    const fields = specs.map((sp) => {
      const id = `opt-${sp.id}`;
      const current = next[sp.id] ?? sp.default;
      // A rule with one value (Bagh-Chal's repetition rule) is shown, not chosen.
      const disabled = !host || !sp.changeable || sp.values.length < 2;
      if (sp.values.every((x) => typeof x === 'boolean')) {
        return h('label', { class: 'check' },
          h('input', { type: 'checkbox', id, name: sp.id, checked: current === true, disabled }),
          h('span', {}, t(`${tb.game}-opt-${sp.id}`)));
      }
      return h('label', { class: 'field', for: id },
        h('span', {}, t(`${tb.game}-opt-${sp.id}`)),
        h('select', { id, name: sp.id, disabled },
          ...sp.values.map((val) => h('option', { value: String(val), selected: val === current }, valueLabel(p.game, sp.id, val)))));
    });
    fields.push(h('label', { class: 'field', for: 'opt-turnLimit' },
      h('span', {}, t('play-turn-limit')),
      // A ranked game keeps the clock it started with (the server refuses a change).
      h('select', { id: 'opt-turnLimit', name: 'turnLimit', disabled: !host || (tb.ranked && tb.status === 'playing') },
        ...[null, 30, 60].map((s) => h('option', { value: s === null ? '' : String(s), selected: s === tb.turnLimit },
          s === null ? t('play-turn-limit-none') : t('play-turn-limit-seconds', { seconds: s }))))));
    // Games against the CPU are never ranked: no switch for it there.
    if (!vsCpu(tb)) {
      fields.push(h('label', { class: 'check' },
        h('input', { type: 'checkbox', id: 'opt-ranked', name: 'ranked', checked: tb.nextRanked, disabled: !host }),
        h('span', {}, t('play-ranked'), h('small', { class: 'muted' }, ` ${t('play-ranked-hint')}`))));
    }
    form.replaceChildren(
      h('p', { class: 'muted' }, t(host ? 'play-settings-host' : 'play-settings-readonly')),
      ...fields,
      ...(host ? [h('button', { type: 'submit', class: 'btn primary', id: 'settings-save' }, t('play-settings-save'))] : []),
      h('p', { class: 'saved', id: 'settings-saved', role: 'status' }, p.ui.savedNote ? t('play-settings-saved') : ''));
  };

  form.addEventListener('change', () => {
    setUi({ settingsDirty: true, savedNote: false });
    const saved = form.querySelector('#settings-saved');
    if (saved) saved.textContent = '';
  });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!specs || !last) return;
    /** @type {Record<string, string | boolean>} */
    const options = {};
    for (const sp of specs) {
      const f = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (form.elements.namedItem(sp.id));
      if (!f || !sp.changeable) continue;
      options[sp.id] = f instanceof HTMLInputElement && f.type === 'checkbox' ? f.checked : f.value;
    }
    const limit = /** @type {HTMLSelectElement} */ (form.elements.namedItem('turnLimit'));
    const ranked = /** @type {HTMLInputElement | null} */ (form.elements.namedItem('ranked'));
    const turnLimit = limit.value ? Number(limit.value) : null;
    // Ranked is only between two people: against the CPU the server keeps it off.
    const more = vsCpu(last.table) || !ranked ? {} : { ranked: ranked.checked };
    if (await intent({ t: 'settings', options, turnLimit, ...more })) setUi({ settingsDirty: false, savedNote: true });
  });

  return {
    el,
    /** @param {Props} p */
    render(p) {
      last = p;
      if (loading !== p.table.game) {
        loading = p.table.game;
        gameOptions(p.table.game).then((sp) => {
          specs = sp;
          if (last) build(last);
        }, () => {});
      }
      if (!p.ui.settingsDirty) build(p);
    },
  };
}
