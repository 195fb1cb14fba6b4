// The invite link, with a copy button (hidden against the CPU: nobody else can sit).

import { h } from '../dom.js';
import { vsCpu } from './who.js';

/** @param {{t: import('../types.js').Translate, link: string}} ctx */
export function createInvite({ t, link }) {
  const input = h('input', { type: 'text', readonly: true, value: link, id: 'invite-link', 'aria-labelledby': 'invite-h' });
  const copy = h('button', { type: 'button', class: 'btn', id: 'copy-link' }, t('play-invite-copy'));
  const copied = h('span', { class: 'copied', role: 'status' });
  const el = h('section', { class: 'invite', id: 'invite' },
    h('h2', { id: 'invite-h' }, t('play-invite-heading')),
    h('p', {}, t('play-invite-text')),
    h('div', { class: 'row link-row' }, input, copy), copied);
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      input.select();
      document.execCommand('copy');
    }
    copied.textContent = t('play-invite-copied');
  });
  input.addEventListener('focus', () => input.select());
  return {
    el,
    /** @param {import('./who.js').Props} p */
    render(p) {
      el.hidden = vsCpu(p.table);
    },
  };
}
