// The home and game pages: "play with a friend" and "play the CPU". The boards on their cards
// are pictures the server inlines (web/diagrams/), so this module draws nothing. Offline, a
// game page offers the CPU on this device (web/offline/), and `#offline=ID` is that game.

import { ApiError, createGroup } from './api.js';

/** @typedef {import('./types.js').Translate} Translate */

/**
 * @param {import('./types.js').PageData} data
 * @param {Translate} t
 */
export async function start(data, t) {
  if (data.page !== 'game' || !data.game) return;
  const game = data.game;
  const offlineId = location.hash.match(/^#offline=([0-9A-Za-z-]+)$/)?.[1];
  if (offlineId && (await (await import('./offline/table.js')).startOfflineTable({ t, lang: data.lang, id: offlineId }))) return;
  const err = /** @type {HTMLElement} */ (document.getElementById('page-error'));
  const friend = /** @type {HTMLButtonElement} */ (document.getElementById('play-friend'));
  const cpuForm = /** @type {HTMLFormElement} */ (document.getElementById('play-cpu'));
  const level = () => /** @type {import('./types.js').CpuLevel} */ (new FormData(cpuForm).get('level') || 'beginner');
  // Loaded only when it may be needed: offline now, or after a start that found no network.
  /** @type {Promise<{show: () => void}> | null} */
  let offer = null;
  const offline = () => {
    offer ??= import('./offline/offer.js').then((m) => m.createOfflineOffer({ t, lang: data.lang, game, specs: data.options ?? [], level, after: cpuForm }));
    return offer;
  };
  if (!navigator.onLine) offline();
  addEventListener('offline', offline);

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
      err.textContent =
        e instanceof ApiError && e.code === 'too-many-groups'
          ? t('error-too-many-groups', { max: e.args.max ?? 0 })
          : t(e instanceof ApiError && e.status === 429 ? 'error-rate-limited' : 'error-network');
      err.hidden = false;
      if (cpu && e instanceof ApiError && e.status === 0) offline().then((o) => o.show());
      for (const b of buttons) b.disabled = false;
      document.body.removeAttribute('aria-busy');
    }
  };
  friend.addEventListener('click', () => open());
  // The lobby loads after the page's own buttons work.
  const lobby = document.getElementById('lobby');
  if (lobby) import('./lobby.js').then((m) => m.startLobby(lobby, game, data.lang, t));
  cpuForm.addEventListener('submit', (e) => {
    e.preventDefault();
    open(level());
  });
}
