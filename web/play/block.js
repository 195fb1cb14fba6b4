// Blocking the other player from the table (issue 35, part 7): a button under the quick
// messages, a confirmation that says what a block does, then "blocked" with a way back. A
// block keeps the two apart in the lobby (never paired, neither sees the other's challenges:
// docs/protocol.md, "Blocking a player"); the game at this table goes on.

import { request, storedToken } from '../api.js';
import { h, trapTab } from '../dom.js';
import { other, seatName } from './who.js';

/** @param {{t: import('../types.js').Translate}} ctx */
export function createBlock({ t }) {
  /** The other player, when a person. @type {import('../types.js').SeatView | null} */
  let them = null;
  /** Whether this device's player blocked them (`null`: not asked yet). @type {boolean | null} */
  let blocked = null;
  let confirming = false;
  /** Whose blocks were asked for, so a seat change asks again. */
  let askedFor = '';
  const el = h('div', { class: 'block', id: 'block', hidden: true });

  const draw = () => {
    if (!them) return el.replaceChildren();
    const name = seatName(t, them);
    if (blocked) {
      el.replaceChildren(
        h('p', { class: 'block-done', role: 'status' }, t('block-done', { name })),
        h('button', { type: 'button', class: 'btn small', id: 'unblock', onclick: () => change(false) }, t('block-unblock')));
    } else if (confirming) {
      // Opens on its harmless answer and keeps the Tab key; Cancel and Escape go back to the button.
      const cancel = () => {
        confirming = false;
        draw();
        /** @type {HTMLElement | null} */ (el.querySelector('#block-open'))?.focus();
      };
      const box = h('div', {
        class: 'block-confirm', role: 'alertdialog', 'aria-labelledby': 'block-ask',
        onkeydown: (/** @type {KeyboardEvent} */ e) => { if (e.key === 'Escape') cancel(); },
      },
        h('p', { id: 'block-ask' }, t('block-confirm', { name })),
        h('div', { class: 'row' },
          h('button', { type: 'button', class: 'btn danger', id: 'block-yes', onclick: () => change(true) }, t('block-yes')),
          h('button', { type: 'button', class: 'btn', id: 'block-cancel', onclick: cancel }, t('block-cancel'))));
      trapTab(box);
      el.replaceChildren(box);
      /** @type {HTMLElement | null} */ (el.querySelector('#block-cancel'))?.focus();
    } else {
      el.replaceChildren(h('button', {
        type: 'button', class: 'btn small block-open', id: 'block-open',
        onclick: () => { confirming = true; draw(); },
      }, t('block-button', { name })));
    }
  };

  /** Blocks or unblocks them. @param {boolean} block */
  const change = async (block) => {
    const id = them?.playerId;
    if (!id) return;
    try {
      const token = storedToken();
      if (block) await request('/api/blocks', { method: 'POST', json: { playerId: id }, token });
      else await request(`/api/blocks/${encodeURIComponent(id)}`, { method: 'DELETE', token });
      blocked = block;
      confirming = false;
      draw();
    } catch {
      el.append(h('p', { class: 'error', role: 'alert' }, t('block-error')));
    }
  };

  /** Whether this player blocked `id` already (once per opponent). @param {string} id */
  const ask = async (id) => {
    askedFor = id;
    try {
      /** @type {{playerId: string}[]} */
      const list = await request('/api/blocks', { token: storedToken() });
      if (askedFor === id) blocked = list.some((b) => b.playerId === id);
    } catch {
      blocked = false;
    }
    draw();
  };

  return {
    el,
    /** @param {import('./who.js').Props} p */
    render(p) {
      const seat = p.me === null ? null : p.table.seats[other(p.me)];
      const next = seat && !seat.cpu && seat.playerId ? seat : null;
      el.hidden = !next;
      const changed = next?.playerId !== them?.playerId;
      them = next;
      if (changed) {
        blocked = null;
        confirming = false;
        if (next?.playerId) ask(next.playerId);
      }
      if (blocked !== null) draw();
    },
  };
}
