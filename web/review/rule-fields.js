// The analysis board's rule choices: one labelled select per rule of the game, the
// analysis-only choices included (any board size, either first mover, no target or limit);
// the game module (games/*.js) lists them and names them.

import { h } from '../dom.js';

/** @typedef {import('../types.js').Translate} Translate */

/**
 * The select of each rule, set to `options`; `onChange(id, value)` when one changes.
 * @param {Translate} t
 * @param {import('../games/types.js').GameModule} game
 * @param {Record<string, any>} options
 * @param {(id: string, value: string) => void} onChange
 */
export function ruleFields(t, game, options, onChange) {
  return game.analysisRules.map(([id, vals]) => {
    const sel = h('select', { id: `rule-${id}`, name: id },
      ...vals.map((v) => h('option', { value: v, selected: options[id] === v }, game.ruleText(t, id, v))));
    sel.addEventListener('change', () => onChange(id, sel.value));
    return h('label', { class: 'rule' }, h('span', {}, game.ruleLabel(t, id)), sel);
  });
}
