// The moves beside the board during a game (to players and spectators alike): numbered turns in
// the record's notation, the latest marked. A tap on a move, or the arrow keys in the list,
// shows that position on the board, read-only, while the game goes on: new moves keep coming
// into the list, and "Back to the game" (or the last move) shows the live board again. The
// board passes through `wrap`, which keeps the live view the page sets and draws the chosen
// earlier one instead, never movable; so no move can be made from a past position.

import { h } from '../dom.js';
import { keep, positionsOf, stepKey, turnsOf } from './move-rows.js';

/** @typedef {import('../types.js').BoardApi} BoardApi */
/** @typedef {import('../types.js').BoardOptions} BoardOptions */
/** @typedef {import('../types.js').GameView} GameView */

/** @param {{t: import('../types.js').Translate, boardEl: HTMLElement}} ctx */
export function createMoveList({ t, boardEl }) {
  const where = h('span', { class: 'moves-where', id: 'moves-where' });
  const back = h('button', { type: 'button', class: 'btn primary moves-back', id: 'moves-back', hidden: true }, t('play-moves-back'));
  const list = h('ol', { class: 'moves-list', id: 'moves-list', 'aria-labelledby': 'moves-title', 'aria-describedby': 'moves-keys' });
  const none = h('p', { class: 'moves-none', id: 'moves-none' }, t('play-moves-none'));
  const el = h('section', { class: 'moves', id: 'moves', 'aria-labelledby': 'moves-title', hidden: true },
    h('div', { class: 'moves-head' }, h('h2', { id: 'moves-title' }, t('play-moves-heading')), where, back),
    list, none, h('p', { class: 'sr-only', id: 'moves-keys' }, t('play-moves-keys')));

  // Beside the board on a wide screen, in the panel where the page put `anchor`; on a phone a
  // strip at the head of the panel, which is right under the board: tapped with the board in
  // sight. (Not in the board's own box: the panel would move down as the page fills in.)
  const anchor = document.createComment(' moves ');
  const narrow = matchMedia('(max-width: 860px)');
  const place = () => {
    // Moving an element loses the focus in it: a turned phone keeps it.
    const focused = el.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement) : null;
    if (narrow.matches) anchor.parentNode?.prepend(el);
    else anchor.after(el);
    focused?.focus({ preventScroll: true });
  };
  narrow.addEventListener('change', place);

  /** @type {import('./move-rows.js').Positions | null} */
  let pos = null;
  /** The position on the board: null is the live game, a number the position after that many moves. */
  /** @type {number | null} */
  let shown = null;
  /** @type {import('./who.js').Props | null} */
  let last = null;
  /** @type {BoardApi | null} */
  let inner = null;
  /** @type {{view: GameView, opts: BoardOptions} | null} */
  let live = null;
  /** What the list shows, so that it is rebuilt only when that changes (`positionsOf` makes
   * new positions whenever the moves change, also for as many other moves after a resync). */
  let drawn = { pos: /** @type {object | null} */ (null), at: -1 };

  const total = () => (pos ? pos.moves.length : 0);

  const drawBoard = () => {
    const past = shown !== null && pos ? pos.views[shown] : null;
    boardEl.classList.toggle('past', !!past);
    if (!inner) return;
    // An earlier position is never movable, and says nothing about whose turn it is.
    if (past) inner.set(past, { mySide: null, interactive: false, showDanger: live?.opts.showDanger ?? false, hint: null });
    else if (live) inner.set(live.view, live.opts);
  };

  /** Scrolls the list (not the page) so that the marked move is in sight. */
  const scrollToCurrent = () => {
    const b = list.querySelector('.current');
    if (!b) return;
    const lr = list.getBoundingClientRect();
    const br = b.getBoundingClientRect();
    if (br.left < lr.left || br.right > lr.right) list.scrollLeft += br.left - lr.left - (lr.width - br.width) / 2;
    if (br.top < lr.top || br.bottom > lr.bottom) list.scrollTop += br.top - lr.top - (lr.height - br.height) / 2;
  };

  const drawList = () => {
    const p = last;
    if (!p || !pos) return;
    const n = total();
    const at = shown ?? n;
    if (drawn.pos === pos && drawn.at === at) return;
    drawn = { pos, at };
    const focused = list.contains(document.activeElement);
    const game = p.game;
    // A side by its name in the game (Parent, First player), not by a role beside a name.
    const roles = game.analysisRoles(t);
    const views = pos.views;
    const moves = pos.moves;
    const movers = pos.movers;
    list.replaceChildren(...turnsOf(movers, game.startsTurn).map((row) => h('li', { class: 'moves-turn' },
      h('span', { class: 'no', 'aria-hidden': 'true' }, `${row.number}.`),
      ...row.plies.map((ply) => {
        const shown = game.notation(views[ply - 1], moves[ply - 1]);
        const said = game.describe(t, views[ply - 1], moves[ply - 1]);
        return h('button', {
          type: 'button',
          class: ply === at ? 'move current' : 'move',
          'data-ply': ply,
          // One stop for the Tab key: the marked move; the arrow keys do the rest.
          tabindex: ply === at ? 0 : -1,
          'aria-current': ply === at ? 'step' : null,
          // The name holds what the button shows (WCAG 2.5.3, label in name).
          'aria-label': t('play-moves-move', { number: row.number, side: roles[movers[ply - 1]], move: said.includes(shown) ? said : t('play-moves-written', { notation: shown, move: said }) }),
        }, shown);
      }))));
    none.hidden = n > 0;
    where.textContent = shown === null ? '' : shown === 0 ? t('play-moves-start') : t('play-moves-viewing', { ply: shown, total: n });
    back.hidden = shown === null;
    el.classList.toggle('viewing', shown !== null);
    if (focused) /** @type {HTMLElement | null} */ (list.querySelector('.current') ?? list.querySelector('.move'))?.focus({ preventScroll: true });
    scrollToCurrent();
  };

  /** Shows position `to` (null: the live game). @param {number | null} to */
  const show = (to) => {
    const next = keep(to, total());
    if (next === shown) return;
    shown = next;
    drawBoard();
    drawList();
  };

  list.addEventListener('click', (e) => {
    const b = e.target instanceof Element ? e.target.closest('button.move') : null;
    if (b) show(Number(b.getAttribute('data-ply')));
  });
  // Focus moves without scrolling the page; the strip itself scrolls to the focused move
  // (Home went to the first move off the strip's left edge, its ring out of sight).
  list.addEventListener('focusin', (e) => {
    if (e.target instanceof HTMLElement) e.target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  });
  list.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const to = stepKey(shown, total(), e.key);
    if (to === undefined) return;
    e.preventDefault();
    show(to);
    // From the start position the focus stays on the first move (it has no button of its own).
    /** @type {HTMLElement | null} */ (list.querySelector('.current') ?? list.querySelector('.move'))?.focus({ preventScroll: true });
  });
  back.addEventListener('click', () => {
    show(null);
    // The button goes away with the past position: the focus goes to the latest move.
    /** @type {HTMLElement | null} */ (list.querySelector('.current'))?.focus({ preventScroll: true });
  });

  return {
    /** Where the page wants the list beside the board. */
    el: anchor,
    /**
     * The board as the page sees it: what the page sets is the live game, drawn unless an
     * earlier position is shown.
     * @param {BoardApi} board
     * @returns {BoardApi}
     */
    wrap(board) {
      inner = board;
      return {
        set(view, opts) {
          live = { view, opts };
          drawBoard();
        },
        destroy: () => board.destroy(),
      };
    },
    /** @param {import('./who.js').Props} p */
    render(p) {
      if (!el.isConnected) place();
      last = p;
      const tb = p.table;
      // Before the first game there is nothing to list.
      el.hidden = !tb.view;
      const before = shown;
      try {
        const key = `${tb.gameNo}|${JSON.stringify(tb.options)}`;
        if (pos && pos.key !== key) shown = null;
        pos = tb.view ? positionsOf(p.game.rules, pos, key, tb.options, tb.moves) : null;
      } catch (e) {
        // Moves the rules refuse: the page is already asking the server for a fresh state.
        console.error(e);
        pos = null;
      }
      shown = pos ? keep(shown, total()) : null;
      if (shown !== before) drawBoard();
      drawList();
    },
  };
}
