// The seated player's display name, changed through the `name` intent.

import { h } from '../dom.js';
import { shownName } from '../names.js';

/**
 * @param {{t: import('../types.js').Translate,
 *   intent: (intent: import('../types.js').Intent) => Promise<unknown>}} ctx
 */
export function createName({ t, intent }) {
  const input = h('input', { type: 'text', id: 'my-name', maxlength: 24, autocomplete: 'nickname' });
  const el = h('form', { class: 'name-form', id: 'name-form' },
    h('label', { for: 'my-name' }, t('play-name-label')),
    h('div', { class: 'row' }, input, h('button', { type: 'submit', class: 'btn' }, t('play-name-save'))));
  el.addEventListener('submit', async (e) => {
    e.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    await intent({ t: 'name', name });
    input.blur();
  });
  return {
    el,
    /** @param {import('./who.js').Props} p */
    render(p) {
      el.hidden = p.me === null;
      if (p.me !== null && document.activeElement !== input) {
        // A default name is offered in this page's language, to keep or to type over.
        const name = p.table.seats[p.me]?.name ?? '';
        const shown = shownName(t, name);
        input.value = shown === name ? name : '';
        input.placeholder = shown === name ? '' : shown;
      }
    },
  };
}
