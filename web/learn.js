// The lesson on the board: a few short steps per game, each a position on the real board and a
// task; the pure rules modules judge the learner's move locally (no server needed).

import * as dots from './dots/board.js';
import { createDotsBoard } from './dots/index.js';
import { h } from './dom.js';
import * as mus from './musashi/board.js';
import { createMusashiBoard } from './musashi/index.js';

/** @typedef {import('./types.js').Translate} Translate */

/**
 * @typedef {object} MusashiStep
 * @property {string} position
 * @property {boolean} hints  Show the danger rings and capture points.
 * @property {(before: mus.Position, after: mus.Position, taken: string[]) => boolean} done
 */

/** @type {MusashiStep[]} */
const MUSASHI = [
  { position: '33:c3:a1,a2,a3,a4,a5,b1,b5,c1,c5,d1,d5,e1,e2,e3,e4,e5:p:0', hints: false, done: () => true },
  { position: '33:c3:a1,a5,b2,b4,c5,d5,e1,e5:p:0', hints: false, done: (_b, _a, taken) => taken.length > 0 },
  { position: '33:c3:a1,a5,b2,b4,e1,e5:c:0', hints: true, done: (_b, a) => mus.danger(a).endangered.length === 0 },
  { position: '25:a1:a2,a3,b1,c1,c3:c:0', hints: false, done: (_b, a) => mus.trapped(a) },
  { position: '33:e3:a1,a5,c1,c5,e1,e5:p:0', hints: false, done: (_b, a) => a.parent.startsWith('f') || a.parent.startsWith('g') },
];

/**
 * @typedef {object} DotsStep
 * @property {number[]} drawn
 * @property {'any' | 'close' | 'safe' | 'chain'} task
 */

/** @type {DotsStep[]} */
const DOTS = [
  { drawn: [], task: 'any' },
  { drawn: [4, 7, 17, 0, 20], task: 'close' },
  { drawn: [0, 12, 4, 8, 22, 10], task: 'safe' },
  { drawn: [0, 1, 2, 3, 4, 5, 12], task: 'chain' },
];

/**
 * @param {import('./types.js').PageData} data
 * @param {Translate} t
 * @param {(text: string) => void} announce
 */
export function start(data, t, announce) {
  const game = data.game === 'dots' ? 'dots' : 'musashi';
  const steps = game === 'musashi' ? MUSASHI.length : DOTS.length;
  const boardEl = /** @type {HTMLElement} */ (document.getElementById('board'));
  const countEl = /** @type {HTMLElement} */ (document.getElementById('lesson-count'));
  const titleEl = /** @type {HTMLElement} */ (document.getElementById('lesson-step'));
  const textEl = /** @type {HTMLElement} */ (document.getElementById('lesson-text'));
  const feedbackEl = /** @type {HTMLElement} */ (document.getElementById('lesson-feedback'));
  const prev = /** @type {HTMLButtonElement} */ (document.getElementById('lesson-prev'));
  const next = /** @type {HTMLButtonElement} */ (document.getElementById('lesson-next'));
  const lesson = /** @type {HTMLElement} */ (document.querySelector('.lesson'));

  let step = 0;
  /** @type {mus.Position | null} */
  let mpos = null;
  /** @type {dots.DotsState | null} */
  let dstate = null;
  let solved = false;
  /** @type {HTMLElement | null} */
  let finish = null;

  /** @param {string} text @param {boolean} good */
  const feedback = (text, good) => {
    feedbackEl.textContent = text;
    feedbackEl.className = `feedback ${good ? 'good' : 'bad'}`;
    announce(text);
  };

  const musBoard = game === 'musashi' ? createMusashiBoard(boardEl, { onMove: (m) => musMove(m), t, announce }) : null;
  const dotsBoard = game === 'dots' ? createDotsBoard(boardEl, { onMove: (m) => dotsMove(Number(m)), t, announce }) : null;
  boardEl.classList.add(game);

  /** @param {mus.Position} pos @param {{move: string, taken: string[]} | null} last */
  const musView = (pos, last) => {
    const d = mus.danger(pos);
    /** @type {import('./types.js').MusashiView} */
    const v = {
      game: 'musashi', board: pos.board, position: `${pos.board}:${pos.parent}:${[...pos.children].sort().join(',')}:${pos.turn}:${last?.move ?? ''}`,
      parent: pos.parent, children: [...pos.children], turn: pos.turn, childrenMoves: 0, limit: 100, target: 10,
      taken: 16 - pos.children.size, legal: solved ? [] : mus.legalMoves(pos), endangered: d.endangered,
      capturePoints: pos.turn === 0 ? d.capturePoints : [], last, outcome: null,
    };
    return v;
  };

  const show = () => {
    solved = false;
    finish?.remove();
    finish = null;
    feedbackEl.textContent = '';
    feedbackEl.className = 'feedback';
    prev.disabled = step === 0;
    next.textContent = t('learn-next');
    if (step >= steps) {
      countEl.textContent = '';
      titleEl.textContent = t('learn-finished');
      textEl.textContent = '';
      next.hidden = true;
      finish = h('p', { class: 'row' },
        h('a', { class: 'btn primary', href: `/${data.lang}/games/${game}` }, t('learn-play-friend')),
        h('a', { class: 'btn', href: `/${data.lang}/games/${game}` }, t('learn-play-cpu')));
      textEl.after(finish);
      return;
    }
    next.hidden = false;
    countEl.textContent = t('learn-step', { step: step + 1, steps });
    titleEl.textContent = t(`learn-${game}-${step + 1}-title`);
    textEl.textContent = t(`learn-${game}-${step + 1}-text`);
    if (musBoard) {
      mpos = mus.parsePosition(MUSASHI[step].position);
      musBoard.set(musView(mpos, null), { mySide: mpos.turn, interactive: true, showDanger: MUSASHI[step].hints });
    }
    if (dotsBoard) {
      const d = DOTS[step];
      /** @type {dots.DotsState} */
      let st = { w: 3, h: 3, drawn: new Map(), boxes: Array(9).fill(null), turn: 0 };
      for (const e of d.drawn) st = dots.drawEdge(st, e).state;
      st = { ...st, turn: 0 };
      dstate = st;
      dotsBoard.set(dots.viewOf(st, null), { mySide: 0, interactive: true, showDanger: false });
    }
  };

  /** @param {string} move */
  const musMove = (move) => {
    if (!mpos || !musBoard || solved) return;
    const before = mpos;
    const { pos, taken } = mus.play(mpos, move);
    if (MUSASHI[step].done(before, pos, taken)) {
      solved = true;
      mpos = pos;
      musBoard.set(musView(pos, { move, taken }), { mySide: null, interactive: false, showDanger: MUSASHI[step].hints });
      feedback(t('learn-good'), true);
      next.focus();
    } else {
      feedback(t('learn-try-again'), false);
    }
  };

  /** @param {number} e */
  const dotsMove = (e) => {
    if (!dstate || !dotsBoard || solved) return;
    const task = DOTS[step].task;
    const { state, completed } = dots.drawEdge(dstate, e);
    let ok = false;
    let keepGoing = false;
    if (task === 'any') ok = true;
    else if (task === 'close') ok = completed.length > 0;
    else if (task === 'safe') ok = completed.length === 0 && state.boxes.every((o, b) => o !== null || dots.sides(state, b) !== 3);
    else if (completed.length > 0) {
      ok = [0, 1, 2].every((b) => state.boxes[b] === 0);
      keepGoing = !ok;
    }
    if (ok || keepGoing) {
      dstate = keepGoing ? state : { ...state, turn: 0 };
      solved = ok;
      const last = { edge: e, player: /** @type {0 | 1} */ (0), completed };
      dotsBoard.set(dots.viewOf(dstate, last), { mySide: 0, interactive: !ok, showDanger: false });
      if (ok) {
        feedback(t('learn-good'), true);
        next.focus();
      }
    } else {
      feedback(t('learn-try-again'), false);
    }
  };

  prev.addEventListener('click', () => {
    step = Math.max(0, step - 1);
    show();
  });
  next.addEventListener('click', () => {
    step = Math.min(steps, step + 1);
    show();
  });
  lesson.dataset.steps = String(steps);
  show();
}
