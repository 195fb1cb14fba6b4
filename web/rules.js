// The rules page: "Play with these rules" opens a group against the CPU and "With a friend" a
// group with an invite link, both with the options the page's table shows (the page carries
// them in `data-options`). Without JavaScript both buttons lead to the game page.

import { ApiError, createGroup } from './api.js';

/**
 * @param {import('./types.js').PageData} data
 * @param {import('./types.js').Translate} t
 */
export function start(data, t) {
  const article = /** @type {HTMLElement | null} */ (document.querySelector('article.rules'));
  const game = data.game;
  if (!article || !game) return;
  const options = JSON.parse(article.dataset.options || '{}');
  const err = /** @type {HTMLElement} */ (document.getElementById('page-error'));
  const buttons = /** @type {HTMLAnchorElement[]} */ (['btn-rules-play', 'btn-rules-friend'].map((id) => document.getElementById(id)));

  /** @param {import('./types.js').CpuLevel} [cpu] */
  const open = async (cpu) => {
    err.hidden = true;
    for (const b of buttons) b.setAttribute('aria-disabled', 'true');
    document.body.setAttribute('aria-busy', 'true');
    const live = document.getElementById('live');
    if (live) live.textContent = t('game-creating');
    try {
      const g = await createGroup(cpu ? { game, cpu, options } : { game, options });
      location.assign(`/${data.lang}/g/${g.code}`);
    } catch (e) {
      err.textContent = t(e instanceof ApiError && e.status === 429 ? 'error-rate-limited' : 'error-network');
      err.hidden = false;
      for (const b of buttons) b.removeAttribute('aria-disabled');
      document.body.removeAttribute('aria-busy');
    }
  };
  const [play, friend] = buttons;
  play.addEventListener('click', (e) => {
    e.preventDefault();
    if (play.getAttribute('aria-disabled') !== 'true') open('beginner');
  });
  friend.addEventListener('click', (e) => {
    e.preventDefault();
    if (friend.getAttribute('aria-disabled') !== 'true') open();
  });
}
