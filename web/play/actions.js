// What a seated player can do during a game: ask the CPU for a hint, take back (or ask to),
// resign (after a question), and answer the other player's take-back request.

import { h, trapTab } from '../dom.js';
import { canHint, canResign, canUndo } from './can.js';
import { other, seatLabel, vsCpu } from './who.js';

/** @typedef {import('./who.js').Props} Props */

/**
 * @typedef {object} ActionsContext
 * @property {import('../types.js').Translate} t
 * @property {(intent: import('../types.js').Intent) => Promise<unknown>} intent
 * @property {() => void} hint  Ask the CPU for a move.
 * @property {(open: boolean) => void} confirmResign  Open or close the resign question.
 */

/** @param {ActionsContext} ctx */
export function createActions({ t, intent, hint, confirmResign }) {
  const undoBox = h('div', { class: 'undo-box', id: 'undo-box', role: 'status' });
  const undoBtn = h('button', { type: 'button', class: 'btn', id: 'undo', onclick: () => intent({ t: 'undo' }) });
  const resignBtn = h('button', { type: 'button', class: 'btn', id: 'resign' }, t('play-resign'));
  const hintBtn = h('button', { type: 'button', class: 'btn', id: 'hint', onclick: hint }, t('play-hint'));
  const actions = h('div', { class: 'actions' }, hintBtn, undoBtn, resignBtn);
  const yes = h('button', { type: 'button', class: 'btn danger', id: 'resign-yes' }, t('play-resign-yes'));
  const no = h('button', { type: 'button', class: 'btn', id: 'resign-no' }, t('play-cancel'));
  const confirmEl = h('div', { class: 'confirm', hidden: true, role: 'alertdialog', 'aria-labelledby': 'resign-q' },
    h('p', { id: 'resign-q' }, t('play-resign-confirm')), h('div', { class: 'row' }, yes, no));

  // The question opens on its harmless answer, keeps the Tab key, and Escape closes it, as a
  // dialog does.
  trapTab(confirmEl);
  resignBtn.addEventListener('click', () => {
    confirmResign(true);
    no.focus();
  });
  confirmEl.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    confirmResign(false);
    resignBtn.focus();
  });
  no.addEventListener('click', () => {
    confirmResign(false);
    resignBtn.focus();
  });
  yes.addEventListener('click', () => {
    confirmResign(false);
    intent({ t: 'resign' });
  });

  /** @param {Props} p */
  const undoRequest = (p) => {
    const { table: tb, me } = p;
    const req = tb.undo?.requestedBy;
    if (req === undefined || me === null || tb.status !== 'playing') {
      undoBox.replaceChildren();
      undoBox.hidden = true;
      return;
    }
    undoBox.hidden = false;
    if (req === me) {
      undoBox.replaceChildren(h('p', {}, t('play-undo-waiting', { name: seatLabel(t, p, other(me)) })));
    } else if (!undoBox.querySelector('#undo-accept')) {
      undoBox.replaceChildren(
        h('p', {}, t('play-undo-asked', { name: seatLabel(t, p, req) })),
        h('div', { class: 'row' },
          h('button', { type: 'button', class: 'btn primary', id: 'undo-accept', onclick: () => intent({ t: 'undoAnswer', accept: true }) }, t('play-undo-accept')),
          h('button', { type: 'button', class: 'btn', id: 'undo-decline', onclick: () => intent({ t: 'undoAnswer', accept: false }) }, t('play-undo-decline'))));
    }
  };

  return {
    els: [undoBox, actions, confirmEl],
    /** @param {Props} p */
    render(p) {
      const { table: tb, me, ui } = p;
      const shown = me !== null && tb.status === 'playing';
      const cpu = vsCpu(tb);
      undoRequest(p);
      undoBtn.textContent = t(cpu ? 'play-undo' : 'play-undo-request');
      // Each button is enabled only when the server would accept its intent (can.js).
      undoBtn.disabled = !canUndo(p, performance.now());
      resignBtn.disabled = !canResign(p);
      hintBtn.hidden = !cpu;
      hintBtn.disabled = !canHint(p);
      // The CPU takes about a second: the button says it is thinking until the hint arrives.
      const busy = !!ui.hintAsked;
      hintBtn.classList.toggle('busy', busy);
      hintBtn.setAttribute('aria-busy', String(busy));
      const label = t(busy ? 'play-hint-thinking' : 'play-hint');
      if (hintBtn.textContent !== label) hintBtn.textContent = label;
      actions.hidden = !shown;
      confirmEl.hidden = !(ui.resignConfirm && shown);
    },
  };
}
