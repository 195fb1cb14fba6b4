// A game against the CPU played while waiting in a quick-pairing pool (issue 35): the lobby's
// offer kept the place and named this table here (sessionStorage, this tab only). A pool place
// stays alive only while a lobby socket of its player is open (docs/protocol.md, "The lobby"),
// so this page holds one, as the lobby page did. When a wave pairs the player, the server ends
// this CPU game and the socket says `paired`: the page goes to the new table. A line above the
// board says the place is kept, with a button to leave the pool.

import { request, storedToken } from '../api.js';
import { h } from '../dom.js';

/** What the lobby's offer leaves for the CPU game's page: `{code, game}`. */
export const POOL_CPU_KEY = 'qdan.poolCpu';

/** @returns {{code: string, game: string} | null} */
function kept() {
  try {
    return JSON.parse(sessionStorage.getItem(POOL_CPU_KEY) ?? 'null');
  } catch {
    return null;
  }
}

/**
 * @param {import('../types.js').PageData} data
 * @param {import('../types.js').Translate} t
 */
export function startPoolWait(data, t) {
  const place = kept();
  const token = storedToken();
  if (!place || place.code !== data.code || !token) return;
  const leave = h('button', { type: 'button', class: 'btn small', id: 'pool-wait-leave' }, t('lobby-pool-leave'));
  const box = h('div', { class: 'pool-wait', id: 'pool-wait', role: 'status', hidden: true }, h('span', {}, t('lobby-pool-kept')), leave);
  document.querySelector('main')?.prepend(box);
  /** @type {WebSocket | null} */
  let ws = null;
  let done = false;
  let retry = 0;
  const stop = () => {
    done = true;
    sessionStorage.removeItem(POOL_CPU_KEY);
    box.remove();
    ws?.close();
  };
  leave.addEventListener('click', async () => {
    leave.disabled = true;
    // 404: already out of the pool (paired a moment ago: `paired` follows).
    try { await request('/api/pools', { method: 'DELETE', token }); } catch { /* see above */ }
    stop();
  });
  const connect = () => {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    ws = new WebSocket(`${proto}://${location.host}/ws/lobby`);
    ws.addEventListener('open', () => { retry = 0; ws?.send(JSON.stringify({ t: 'hello', token, game: place.game })); });
    ws.addEventListener('message', (ev) => {
      const m = JSON.parse(String(ev.data));
      if (m.t === 'paired') {
        stop();
        location.assign(`/${data.lang}${m.url}`);
      } else if (m.t === 'lobby') {
        // Out of the pool (left on another page, or gone while this page was away).
        if (!m.myPool) stop();
        else box.hidden = false;
      }
    });
    ws.addEventListener('close', () => {
      if (done) return;
      retry = Math.min(retry + 1, 5);
      setTimeout(connect, 500 * 2 ** retry);
    });
  };
  connect();
}
