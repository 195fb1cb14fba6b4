// The players this device's player blocked, on "Your games" (`/{lang}/my-games`), each with
// "Unblock" (issue 35, part 7; docs/protocol.md, "Blocking a player"). Shown only when there
// is someone to list, or when the last one was just unblocked.

import { request, storedToken } from './api.js';
import { h } from './dom.js';
import { shownName } from './names.js';

/**
 * Lists the blocked players after `anchor`.
 * @param {import('./types.js').Translate} t
 * @param {HTMLElement} anchor
 */
export async function showBlocked(t, anchor) {
  const token = storedToken();
  if (!token) return;
  /** @type {{playerId: string, tag: string, name: string}[]} */
  let list;
  try {
    list = await request('/api/blocks', { token });
  } catch {
    return;
  }
  if (!list.length) return;
  const items = h('ul', { class: 'blocked-list' });
  const section = h('section', { class: 'blocked', id: 'blocked', 'aria-labelledby': 'blocked-heading' },
    h('h2', { id: 'blocked-heading' }, t('blocks-heading')),
    h('p', { class: 'muted' }, t('blocks-intro')),
    items);
  for (const b of list) {
    const li = h('li', { 'data-player': b.playerId },
      h('span', {}, shownName(t, b.name), ' ', h('span', { class: 'tag' }, b.tag)),
      h('button', {
        type: 'button', class: 'btn small',
        onclick: async () => {
          try {
            await request(`/api/blocks/${encodeURIComponent(b.playerId)}`, { method: 'DELETE', token });
            li.remove();
            if (!items.children.length) items.replaceWith(h('p', {}, t('blocks-empty')));
          } catch {
            li.append(h('span', { class: 'error', role: 'alert' }, t('block-error')));
          }
        },
      }, t('block-unblock')));
    items.append(li);
  }
  anchor.after(section);
}
