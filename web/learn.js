// The lesson on the board: short steps per game, each a position on the real board and a task.
// The server holds the steps and judges every move (`/api/lesson/GAME`, docs/protocol.md); this
// module draws the board, sends the learner's moves and shows the step texts, hints and notes.
// The last step starts a real game against the beginner CPU on a small board.

import { ApiError, createGroup } from './api.js';
import { h } from './dom.js';
import { loadGame } from './games/index.js';

/** @typedef {import('./types.js').Translate} Translate */
/** @typedef {import('./types.js').View} View */

/**
 * @typedef {object} LessonStep  One step of `GET /api/lesson/GAME`.
 * @property {string} id
 * @property {0 | 1} side  The learner's side.
 * @property {View} view  The start position.
 */

/**
 * @typedef {object} LessonAnswer  The answer of `POST /api/lesson/GAME/STEP`.
 * @property {'done' | 'continue' | 'try-again'} verdict
 * @property {string | null} hint
 * @property {Record<string, string>} args
 * @property {string | null} note
 * @property {View} view
 * @property {string[]} replies
 * @property {string[]} moves
 */

/**
 * @param {string} method
 * @param {string} url
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
async function call(method, url, body) {
  let res;
  try {
    res = await fetch(url, {
      method,
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network');
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, (data && data.code) || 'internal');
  return data;
}

/**
 * @param {import('./types.js').PageData} data
 * @param {Translate} t
 * @param {(text: string) => void} announce
 */
export async function start(data, t, announce) {
  const kind = /** @type {import('./types.js').GameKind} */ (data.game);
  const game = await loadGame(kind);
  const boardEl = /** @type {HTMLElement} */ (document.getElementById('board'));
  const countEl = /** @type {HTMLElement} */ (document.getElementById('lesson-count'));
  const titleEl = /** @type {HTMLElement} */ (document.getElementById('lesson-step'));
  const textEl = /** @type {HTMLElement} */ (document.getElementById('lesson-text'));
  const feedbackEl = /** @type {HTMLElement} */ (document.getElementById('lesson-feedback'));
  const prev = /** @type {HTMLButtonElement} */ (document.getElementById('lesson-prev'));
  const next = /** @type {HTMLButtonElement} */ (document.getElementById('lesson-next'));
  const lesson = /** @type {HTMLElement} */ (document.querySelector('.lesson'));

  /** @param {string} text @param {'good' | 'bad' | ''} kind */
  const feedback = (text, kind) => {
    feedbackEl.textContent = text;
    feedbackEl.className = `feedback ${kind}`;
    if (text) announce(text);
  };

  /** @type {LessonStep[]} */
  let steps = [];
  // The page carries the lesson (the server renders its first step too); ask only without it.
  const inline = /** @type {{lesson?: {steps: LessonStep[]}}} */ (/** @type {unknown} */ (data)).lesson;
  try {
    steps = inline ? inline.steps : (await call('GET', `/api/lesson/${kind}`)).steps;
  } catch {
    feedback(t('error-network'), 'bad');
    return;
  }
  const total = steps.length + 1;
  let step = 0;
  /** @type {string[]} */
  let moves = [];
  let solved = false;
  let busy = false;
  /** Bumped on every step change, so a late answer for an old step is dropped. */
  let epoch = 0;
  /** @type {HTMLElement | null} */
  let finish = null;

  const board = game.createBoard(boardEl, { onMove: (m) => move(m), t, announce });
  boardEl.classList.add(kind);

  /** @param {View} view @param {boolean} interactive */
  const draw = (view, interactive) => {
    const s = steps[step];
    board.set(view, { mySide: interactive ? s.side : null, interactive, showDanger: s.id === 'gap' });
  };

  /** The view of the small board the final real game is played on. */
  const playView = () => game.lessonView(steps[0].view);

  /** @param {boolean} cpu */
  const open = async (cpu) => {
    const buttons = /** @type {NodeListOf<HTMLButtonElement>} */ (lesson.querySelectorAll('.finish button'));
    for (const b of buttons) b.disabled = true;
    try {
      const g = await createGroup(cpu ? { game: kind, cpu: 'beginner', options: game.lessonOptions } : { game: kind });
      location.assign(`/${data.lang}/g/${g.code}`);
    } catch (e) {
      feedback(t(e instanceof ApiError && e.status === 429 ? 'error-rate-limited' : 'error-network'), 'bad');
      for (const b of buttons) b.disabled = false;
    }
  };

  const show = () => {
    epoch++;
    busy = false;
    solved = false;
    moves = [];
    finish?.remove();
    finish = null;
    feedback('', '');
    prev.disabled = step === 0;
    lesson.dataset.step = String(step + 1);
    countEl.textContent = t('learn-step', { step: step + 1, steps: total });
    if (step >= steps.length) {
      lesson.dataset.stepId = 'play';
      titleEl.textContent = t('learn-play-title');
      textEl.textContent = t(`learn-${kind}-play-text`);
      next.hidden = true;
      const cpu = h('button', { type: 'button', class: 'btn primary', id: 'lesson-play-cpu' }, t('learn-play-beginner'));
      const friend = h('button', { type: 'button', class: 'btn', id: 'lesson-play-friend' }, t('learn-play-friend'));
      cpu.addEventListener('click', () => open(true));
      friend.addEventListener('click', () => open(false));
      // Or someone waiting in the game page's lobby (open challenges, quick pairing).
      const someone = h('a', { class: 'btn', id: 'lesson-play-someone', href: `/${data.lang}/games/${kind}#lobby` }, t('lobby-title'));
      finish = h('p', { class: 'row finish' }, cpu, friend, someone);
      textEl.after(finish);
      board.set(playView(), { mySide: null, interactive: false, showDanger: false });
      return;
    }
    const s = steps[step];
    lesson.dataset.stepId = s.id;
    next.hidden = false;
    next.textContent = t('learn-skip');
    titleEl.textContent = t(`learn-${kind}-${s.id}-title`);
    textEl.textContent = t(`learn-${kind}-${s.id}-text`);
    draw(s.view, true);
  };

  /** @param {string} mv */
  const move = async (mv) => {
    if (busy || solved || step >= steps.length) return;
    busy = true;
    const mine = epoch;
    /** @type {LessonAnswer} */
    let r;
    try {
      r = await call('POST', `/api/lesson/${kind}/${step}`, { moves, move: mv });
    } catch (e) {
      if (mine !== epoch) return;
      busy = false;
      feedback(t(e instanceof ApiError && e.status === 0 ? 'error-network' : 'learn-try-again'), 'bad');
      draw(steps[step].view, true);
      return;
    }
    if (mine !== epoch) return;
    busy = false;
    if (r.verdict === 'try-again') {
      feedback(r.hint ? t(`learn-${kind}-hint-${r.hint}`, r.args) : t('learn-try-again'), 'bad');
      draw(r.view, true);
      return;
    }
    moves = r.moves;
    const note = r.note ? t(`learn-${kind}-note-${r.note}`) : '';
    if (r.verdict === 'continue') {
      draw(r.view, true);
      feedback(note, note ? 'good' : '');
      return;
    }
    solved = true;
    draw(r.view, false);
    feedback(note ? `${t('learn-good')} ${note}` : t('learn-good'), 'good');
    next.textContent = t('learn-next');
    next.focus();
  };

  prev.addEventListener('click', () => {
    step = Math.max(0, step - 1);
    show();
  });
  next.addEventListener('click', () => {
    step = Math.min(steps.length, step + 1);
    show();
  });
  // The title and the text keep the room of the tallest step's at this width, so the buttons
  // under them stay where the thumb is from one step to the next.
  const steady = () => {
    for (const [el, part] of /** @type {const} */ ([[titleEl, 'title'], [textEl, 'text']])) {
      const shown = el.textContent;
      el.style.minHeight = '';
      let most = 0;
      for (const s of steps) {
        el.textContent = t(`learn-${kind}-${s.id}-${part}`);
        most = Math.max(most, el.offsetHeight);
      }
      el.textContent = shown;
      el.style.minHeight = `${most}px`;
    }
  };
  // Measured again when the width changes, at most once a frame while a window is dragged.
  let width = textEl.clientWidth;
  let pending = false;
  addEventListener('resize', () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      if (textEl.clientWidth !== width) {
        width = textEl.clientWidth;
        steady();
      }
    });
  });
  lesson.dataset.steps = String(steps.length);
  show();
  steady();
}
