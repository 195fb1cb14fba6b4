// The analysis board's rule choices: one labelled select per rule of the game, the
// analysis-only choices included (any board size, either first mover, no target or limit).

import { h } from '../dom.js';

/** @typedef {import('../types.js').Translate} Translate */

/** The rules each game offers here, the analysis-only ones included. */
const CHOICES = {
  musashi: [
    ['board', ['33', '25']],
    ['first', ['parent', 'children']],
    ['target', ['10', '6', 'none']],
    ['limit', ['100', 'none']],
  ],
  dots: [['size', ['3x3', '4x3', '3x4', '4x4', '5x3', '3x5', '5x4', '4x5', '5x5']]],
};

/** @param {Translate} t @param {string} id @param {string} value */
function choiceText(t, id, value) {
  if (id === 'size') {
    const [w, h] = value.split('x');
    return t('dots-size', { w, h });
  }
  if (id === 'target' && value === 'none') return t('review-target-none');
  return t(`musashi-opt-${id}-${value}`);
}

/**
 * The select of each rule, set to `options`; `onChange(id, value)` when one changes.
 * @param {Translate} t
 * @param {'musashi' | 'dots'} game
 * @param {Record<string, any>} options
 * @param {(id: string, value: string) => void} onChange
 */
export function ruleFields(t, game, options, onChange) {
  return CHOICES[game].map(([id, vals]) => {
    const sel = h('select', { id: `rule-${id}`, name: String(id) },
      ...(/** @type {string[]} */ (vals)).map((v) => h('option', { value: v, selected: options[/** @type {string} */ (id)] === v }, choiceText(t, String(id), v))));
    sel.addEventListener('change', () => onChange(String(id), sel.value));
    const label = id === 'size' ? t('dots-opt-size') : t(`musashi-opt-${id}`);
    return h('label', { class: 'rule' }, h('span', {}, label), sel);
  });
}
