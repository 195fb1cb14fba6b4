// The seated player's display name, changed through the `name` intent.

import { h } from '../dom.js';
import { shownName } from '../names.js';

// The server's rule (crates/server/src/ids.rs, `clean_name`), checked here too so the form can
// say why in words instead of the server's generic `bad-field`: no control, private-use (in any
// plane), line or paragraph separator or format characters (bidi overrides, zero-width ones),
// and something that shows.
const REFUSED = /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}]/u;
const BLANK = /^[\s\p{Mn}\p{Cf}\u115F\u1160\u3164\uFFA0\u2800\u034F]*$/u;
// Selectors that draw nothing (`invisible_selector`): the emoji presentation ones are kept
// after a symbol (❤️) and in a keycap (1️⃣).
const SELECTOR = /[\u034F\u180B-\u180D\u180F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
const SYMBOL = /[\p{So}\p{Sm}\p{Sk}]/u;

/** @param {string} name */
const hiddenSelector = (name) => {
  const cs = [...name];
  return cs.some((c, i) => SELECTOR.test(c) && !((c === '\uFE0E' || c === '\uFE0F') && i > 0
    && (SYMBOL.test(cs[i - 1]) || (/[0-9#*]/.test(cs[i - 1]) && cs[i + 1] === '\u20E3'))));
};

/**
 * Whether the server refuses `name` for its characters (its length the input bounds).
 * @param {string} name
 */
export function refusedName(name) {
  return REFUSED.test(name) || BLANK.test(name) || hiddenSelector(name);
}

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
    if (refusedName(name)) {
      input.setCustomValidity(t('play-name-refused'));
      input.reportValidity();
      return;
    }
    await intent({ t: 'name', name });
    input.blur();
  });
  input.addEventListener('input', () => input.setCustomValidity(''));
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
