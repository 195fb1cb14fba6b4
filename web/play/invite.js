// The invite link, with a copy button. Shown only while it can still bring someone to play:
// to a seated player while a seat is free (never against the CPU).

import { h } from '../dom.js';
import { vsCpu } from './who.js';

/** How long "Link copied." stays (ms). */
const COPIED_FOR = 3000;

/** @param {{t: import('../types.js').Translate, link: string}} ctx */
export function createInvite({ t, link }) {
  const input = h('input', { type: 'text', readonly: true, value: link, id: 'invite-link', 'aria-labelledby': 'invite-h' });
  const copy = h('button', { type: 'button', class: 'btn', id: 'copy-link' }, t('play-invite-copy'));
  const copied = h('span', { class: 'copied', role: 'status' });
  const el = h('section', { class: 'invite', id: 'invite' },
    h('h2', { id: 'invite-h' }, t('play-invite-heading')),
    h('p', {}, t('play-invite-text')),
    h('div', { class: 'row link-row' }, input, copy), copied);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let clear;
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      input.select();
      document.execCommand('copy');
    }
    copied.textContent = t('play-invite-copied');
    // A second copy restarts the time rather than cutting it short.
    clearTimeout(clear);
    clear = setTimeout(() => {
      copied.textContent = '';
    }, COPIED_FOR);
  });
  input.addEventListener('focus', () => input.select());
  return {
    el,
    /** @param {import('./who.js').Props} p */
    render(p) {
      const { table: tb, me } = p;
      // A visitor who has not sat down is offered the seat, not the link they came by.
      el.hidden = vsCpu(tb) || me === null || (tb.seats[0] !== null && tb.seats[1] !== null);
    },
  };
}
