// The replay page (`/{lang}/g/{code}/{n}`): a finished game step by step, with its names,
// result, rules, the review chart and its turning points, the record to download, and a way
// to the analysis board from any move. Works in any browser: it needs no seat or token.

import { me } from './api.js';
import { reveal } from './motion.js';
import { loadGame } from './games/index.js';
import { errorText } from './play/errors.js';
import { recordUrl } from './review/api.js';
import { analysisLink } from './review/links.js';
import { createReviewPanel } from './review/panel.js';
import { viewsOf } from './review/positions.js';
import { followGameReview, recordToReview } from './review/source.js';
import { createStepper } from './review/stepper.js';
import { sideNames } from './review/words.js';

/**
 * @param {import('./types.js').PageData} data
 * @param {import('./types.js').Translate} t
 * @param {(text: string) => void} announce
 */
export async function start(data, t, announce) {
  const code = /** @type {string} */ (data.code);
  const n = Number(/** @type {any} */ (data).gameNo);
  const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const boardEl = byId('board');
  // Who is looking is asked for beside the game, so that the panel is drawn in one go once the
  // game is there (a wait between the result and the chart would move the page).
  const looking = me();

  /** @type {import('./review/types.js').GameRecordView} */
  let rec;
  try {
    rec = await recordToReview(code, n);
  } catch (e) {
    const err = /** @type {any} */ (e);
    const p = document.createElement('p');
    p.className = 'error';
    p.setAttribute('role', 'alert');
    p.textContent = err && err.status === 404 ? t('review-replay-missing') : errorText(t, { code: 'internal' });
    byId('replay').replaceChildren(p);
    return;
  }

  /** @type {{views: import('./types.js').GameView[], movers: import('./types.js').Side[]}} */
  let game = { views: [], movers: [] };
  /** @type {import('./types.js').BoardApi | null} */
  let board = null;
  /** @type {import('./games/types.js').GameModule | null} */
  let parts = null;
  /** @type {import('./types.js').Side | null} */
  let reader = null;
  /** @type {import('./review/types.js').TurningView | null} */
  let shown = null;
  /** @type {import('./review/types.js').GameRecordView} */
  let current = rec;
  /** @type {ReturnType<typeof createReviewPanel> | null} */
  let panel = null;
  /** @type {ReturnType<typeof createStepper> | null} */
  let stepper = null;

  /** @param {import('./games/types.js').GameModule} parts @param {import('./review/types.js').GameRecordView} rec */
  function setup(parts, rec) {
    current = rec;
    const names = sideNames(t, rec);
    byId('replay-heading').textContent = t('review-replay-heading', { game: t(`game-${rec.game}`), number: rec.gameNo });
    document.title = `${byId('replay-heading').textContent} · qdan`;
    const roles = parts.roles(t);
    // A dot, not brackets, before the side: the CPU's name holds its level in brackets already.
    byId('replay-players').textContent = t('review-replay-players', {
      first: `${names[0]} · ${roles[0]}`, second: `${names[1]} · ${roles[1]}`,
    });
    const w = rec.result.winner;
    const winnerSide = w === null ? null : rec.sides[w];
    // The result and how it came are two sentences: one line each.
    const result = document.createElement('strong');
    result.textContent = winnerSide === null ? t('play-result-draw') : t('play-result-won', { name: names[winnerSide] });
    const reason = document.createElement('span');
    reason.className = 'reason';
    reason.textContent = reasonText(parts, rec, names);
    byId('replay-result').replaceChildren(result, document.createElement('br'), reason);
    byId('replay-rules').textContent = parts.rulesText(t, rec.options);
    /** @type {HTMLAnchorElement} */ (byId('download')).href = recordUrl(rec.code, rec.gameNo);
  }

  /**
   * @param {import('./games/types.js').GameModule} parts
   * @param {import('./review/types.js').GameRecordView} rec
   * @param {[string, string]} names
   */
  function reasonText(parts, rec, names) {
    const r = rec.result.reason;
    if (r === 'resignation') {
      const w = rec.result.winner;
      const loser = w === null ? 0 : rec.sides[w === 0 ? 1 : 0];
      return t('play-reason-resignation', { name: names[loser] });
    }
    const last = game.views[game.views.length - 1];
    return parts.reasonText(t, r, last ?? null) ?? t(`play-reason-${r}`);
  }

  /** @param {import('./review/types.js').GameRecordView} rec */
  function update(rec) {
    current = rec;
    if (panel) drawPanel();
  }

  const drawPanel = () => {
    if (!panel || !current || !stepper) return;
    panel.set({ review: current.review, movers: game.movers, reader, names: sideNames(t, current), current: stepper.ply });
  };

  /** Shows move `ply` (the position after it) on the board. @param {number} ply */
  const show = (ply) => {
    if (!board || !parts || !current) return;
    shown = null;
    byId('turn-show').hidden = true;
    const v = game.views[ply];
    board.set(v, { mySide: null, interactive: false, showDanger: parts.showDanger(current.options) });
    const total = game.views.length - 1;
    byId('step-ply').textContent = ply === 0 ? t('review-step-start', { total }) : t('review-step-ply', { ply, total });
    const said = ply === 0 ? '' : parts.notation(game.views[ply - 1], current.moves[ply - 1]);
    byId('move-said').textContent = said;
    /** @type {HTMLAnchorElement} */ (byId('analyse-here')).href = analysisLink(data.lang, current, ply);
    drawPanel();
  };

  /** Shows a turning point: the move played, and the better one. @param {import('./review/types.js').TurningView} tp */
  const showTurning = (tp) => {
    if (!board || !parts || !current || !stepper) return;
    stepper.set(tp.ply, game.views.length - 1);
    show(tp.ply);
    shown = tp;
    const v = parts.turningView(game.views, tp.ply, tp.played);
    const before = game.views[tp.ply - 1];
    board.set(v, { mySide: null, interactive: false, showDanger: false, hint: tp.best });
    const el = byId('turn-show');
    el.hidden = false;
    el.replaceChildren(
      Object.assign(document.createElement('p'), { textContent: t('review-played', { move: parts.notation(before, tp.played) }) }),
      Object.assign(document.createElement('p'), {
        textContent: tp.best ? t('review-best', { move: parts.notation(before, tp.best) }) : t('review-best-none'),
      }),
    );
    // The two sentences, spaced (textContent runs the paragraphs together).
    announce([...el.children].map((c) => c.textContent).join(' '));
    // The tap may be far below the board it changed (a phone's long page).
    requestAnimationFrame(() => reveal(boardEl));
  };

  parts = await loadGame(rec.game);
  boardEl.className = `board ${rec.game}`;
  board = parts.createBoard(boardEl, { onMove: () => {}, t, announce });
  // Read only: its name must not promise that Enter plays.
  boardEl.querySelector('[role="application"]')?.setAttribute('aria-label', t('replay-board-label'));
  game = viewsOf(parts.rules, rec.options, rec.moves);
  setup(parts, rec);
  const self = (await looking)?.playerId;
  const seat = rec.players.findIndex((p) => p.playerId && p.playerId === self);
  reader = seat === 0 || seat === 1 ? rec.sides[seat] : null;
  stepper = createStepper({
    board: boardEl, first: byId('step-first'), prev: byId('step-prev'), next: byId('step-next'), last: byId('step-last'),
    onChange: show,
  });
  panel = createReviewPanel({
    t, status: byId('review-status'), chart: byId('chart'), turning: byId('turning'),
    onPick: (ply) => {
      const tp = current?.review?.turning.find((x) => x.ply === ply);
      if (tp) showTurning(tp);
      else {
        stepper?.go(ply);
        requestAnimationFrame(() => reveal(boardEl));
      }
    },
    onTurning: showTurning,
  });
  const total = game.views.length - 1;
  stepper.set(total, total);
  show(total);
  /** @type {any} */ (window).qdanReplay = () => ({ ply: stepper?.ply, shown, review: current.review });
  if (!rec.review) {
    const done = await followGameReview(code, n, update, { rec, every: 1500 });
    if (!done) panel.set({ review: null, failed: true, movers: game.movers, reader, names: sideNames(t, rec), current: stepper.ply });
  }
}
