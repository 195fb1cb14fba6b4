// The home and game pages: board thumbnails, "play with a friend" and "play the CPU".

import { ApiError, createGroup } from './api.js';
import { createDotsBoard } from './dots/index.js';
import { createMusashiBoard } from './musashi/index.js';

/** @typedef {import('./types.js').Translate} Translate */

/** The start position of each game, as a view, for the thumbnails. */
const START = {
  /** @type {import('./types.js').MusashiView} */
  musashi: {
    game: 'musashi', board: '33', position: '', parent: 'c3',
    children: ['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b5', 'c1', 'c5', 'd1', 'd5', 'e1', 'e2', 'e3', 'e4', 'e5'],
    turn: 0, childrenMoves: 0, limit: 100, target: 10, taken: 0, legal: [], endangered: [], capturePoints: [],
    last: null, outcome: null,
  },
  /** @type {import('./types.js').DotsView} */
  dots: {
    game: 'dots', size: '3x3', w: 3, h: 3,
    lines: [
      { edge: 0, player: 0, completed: [] }, { edge: 12, player: 1, completed: [] }, { edge: 3, player: 0, completed: [] },
      { edge: 13, player: 1, completed: [0] }, { edge: 7, player: 1, completed: [] }, { edge: 19, player: 0, completed: [] },
    ],
    boxes: [1, null, null, null, null, null, null, null, null], scores: [0, 1], turn: 1, legal: [], last: null,
    extraTurn: false, outcome: null,
  },
};

/**
 * @param {import('./types.js').PageData} data
 * @param {Translate} t
 */
export function start(data, t) {
  const quiet = { mySide: null, interactive: false, showDanger: false };
  for (const el of document.querySelectorAll('.thumb[data-game]')) {
    const box = /** @type {HTMLElement} */ (el);
    const game = box.dataset.game;
    const noop = () => {};
    if (game === 'musashi') createMusashiBoard(box, { onMove: noop, t }).set(START.musashi, quiet);
    if (game === 'dots') createDotsBoard(box, { onMove: noop, t }).set(START.dots, quiet);
    box.querySelector('svg')?.setAttribute('tabindex', '-1');
  }
  if (data.page !== 'game' || !data.game) return;
  const game = data.game;
  const err = /** @type {HTMLElement} */ (document.getElementById('page-error'));
  const friend = /** @type {HTMLButtonElement} */ (document.getElementById('play-friend'));
  const cpuForm = /** @type {HTMLFormElement} */ (document.getElementById('play-cpu'));

  /** @param {import('./types.js').CpuLevel} [cpu] */
  const open = async (cpu) => {
    err.hidden = true;
    const buttons = [friend, .../** @type {NodeListOf<HTMLButtonElement>} */ (cpuForm.querySelectorAll('button'))];
    for (const b of buttons) b.disabled = true;
    document.body.setAttribute('aria-busy', 'true');
    const live = document.getElementById('live');
    if (live) live.textContent = t('game-creating');
    try {
      const g = await createGroup(cpu ? { game, cpu } : { game });
      location.assign(`/${data.lang}/g/${g.code}`);
    } catch (e) {
      err.textContent = t(e instanceof ApiError && e.status === 429 ? 'error-rate-limited' : 'error-network');
      err.hidden = false;
      for (const b of buttons) b.disabled = false;
      document.body.removeAttribute('aria-busy');
    }
  };
  friend.addEventListener('click', () => open());
  cpuForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const level = /** @type {import('./types.js').CpuLevel} */ (new FormData(cpuForm).get('level') || 'beginner');
    open(level);
  });
}
