// What fills the review section of the table page once a game is over (./review.js loads it
// then): the chart of the game's value after every move (from this player's side), its
// turning points, and a small board that shows a tapped turning point (the move played, and
// the better one). The review is worked out on this device when it can (review/source.js),
// and asked of the server otherwise.

import { h } from '../dom.js';
import { reveal } from '../motion.js';
import { createReviewPanel } from '../review/panel.js';
import { viewsOf } from '../review/positions.js';
import { followGameReview } from '../review/source.js';
import { sideNames } from '../review/words.js';

/** @typedef {import('./who.js').Props} Props */

/**
 * Fills `el`, the review section.
 * @param {HTMLElement} el
 * @param {{t: import('../types.js').Translate, lang: string, code: string}} ctx
 */
export function fillReview(el, { t, lang, code }) {
  const status = h('p', { class: 'muted', id: 'review-status' });
  const chart = h('div', { class: 'chart', id: 'chart' });
  const turning = h('ol', { class: 'turning', id: 'turning' });
  const mini = h('div', { class: 'board mini', id: 'turn-board', hidden: true });
  const said = h('div', { class: 'turn-show', id: 'turn-show', hidden: true });
  const link = h('a', { class: 'btn', id: 'open-replay' }, t('review-open-replay'));
  el.replaceChildren(h('h2', { id: 'review-title' }, t('review-heading')), status, chart, turning, mini, said, h('p', {}, link));

  /** Which game is shown (`gameNo`), and what is known of it. */
  let game = 0;
  /** @type {import('../review/types.js').GameRecordView | null} */
  let record = null;
  /** @type {{views: import('../types.js').GameView[], movers: import('../types.js').Side[]}} */
  let pos = { views: [], movers: [] };
  /** The table's game. @type {import('../games/types.js').GameModule | null} */
  let parts = null;
  /** @type {import('../types.js').BoardApi | null} */
  let board = null;
  /** @type {import('../types.js').Side | null} */
  let reader = null;
  let failed = false;

  /** @param {import('../review/types.js').TurningView} tp */
  const showTurning = async (tp) => {
    if (!record || !parts) return;
    if (!board) board = parts.createBoard(mini, { onMove: () => {}, t });
    mini.className = `board mini ${record.game}`;
    mini.hidden = false;
    board.set(parts.turningView(pos.views, tp.ply, tp.played), { mySide: null, interactive: false, showDanger: false, hint: tp.best });
    const before = pos.views[tp.ply - 1];
    said.hidden = false;
    said.replaceChildren(
      h('p', {}, t('review-played', { move: parts.describe(t, before, tp.played) })),
      h('p', {}, tp.best ? t('review-best', { move: parts.describe(t, before, tp.best) }) : t('review-best-none')));
    // The tap may be far from the board it changed (a phone's long page).
    requestAnimationFrame(() => reveal(mini));
  };

  const panel = createReviewPanel({
    t, status, chart, turning,
    onPick: (ply) => {
      const tp = record?.review?.turning.find((x) => x.ply === ply);
      if (tp) showTurning(tp);
    },
    onTurning: showTurning,
  });

  const draw = () => {
    if (!record) {
      panel.set({ review: null, movers: [], reader, names: ['', ''], current: 0, failed });
      return;
    }
    panel.set({ review: record.review, movers: pos.movers, reader, names: sideNames(t, record), current: pos.views.length - 1, failed });
  };

  /** @param {number} n */
  const follow = async (n) => {
    try {
      await followGameReview(code, n, (g) => {
        if (game !== n || !parts) return;
        if (!record) pos = viewsOf(parts.rules, g.options, g.moves);
        record = g;
        draw();
        el.classList.remove('loading');
      }, { stopped: () => game !== n, every: 1000 });
    } catch {
      /* shown as pending; the replay link still works */
    }
    if (game === n && !record?.review) {
      failed = true;
      draw();
    }
    if (game === n) el.classList.remove('loading');
  };

  return {
    /** @param {Props} p @param {boolean} first  Whether the page opened on this finished game. */
    render(p, first) {
      const tb = p.table;
      if (tb.status !== 'over' || !tb.gameNo) {
        el.hidden = true;
        el.classList.remove('loading');
        game = 0;
        return;
      }
      reader = p.mySide;
      parts = p.game;
      el.hidden = false;
      if (game !== tb.gameNo) {
        game = tb.gameNo;
        record = null;
        failed = false;
        mini.hidden = true;
        said.hidden = true;
        link.setAttribute('href', `/${lang}/g/${code}/${game}`);
        // A page opened on a finished game keeps its panel out of sight until the review's
        // first answer (web/style.css): arriving later, the chart would push the seats down.
        el.classList.toggle('loading', first);
        draw();
        follow(game);
      }
    },
  };
}
