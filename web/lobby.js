// The lobby on a game's page (docs/protocol.md, "The lobby"): quick pairing in one tap, the
// open challenges, updated live over `/ws/lobby`, and a form to open a challenge. While this
// page is open its socket keeps the player's challenges and pool place alive; when the server
// seats the player at a new table (`paired`, or an accepted challenge) the page goes there.

import { ApiError, ensureToken, request, storedToken } from './api.js';
import { h } from './dom.js';
import { loadGame } from './games/index.js';
import { createCpuOffer } from './lobby-cpu-offer.js';
import { shownName } from './names.js';

/** @typedef {import('./types.js').Translate} Translate */

/**
 * @typedef {object} LobbyChallenge
 * @property {string} id
 * @property {{playerId: string, tag: string, name: string, rating: number | null}} by
 * @property {import('./types.js').AnyOptions} options
 * @property {number | null} turnLimit
 * @property {boolean} ranked
 * @property {number} createdAt
 * @property {boolean} mine
 */

/**
 * @typedef {object} LobbyPool
 * @property {string} key
 * @property {import('./types.js').AnyOptions} options
 * @property {number | null} turnLimit
 * @property {boolean} ranked
 * @property {number} waiting
 */

/**
 * @typedef {object} LobbyMessage
 * @property {'lobby'} t
 * @property {LobbyChallenge[]} challenges
 * @property {LobbyPool[]} pools
 * @property {number} online
 * @property {string | null} myPool
 * @property {number} cpuOfferAfter  Seconds in a pool before a CPU game is offered.
 */

/**
 * @param {HTMLElement} root  The page's `#lobby` section.
 * @param {import('./types.js').GameKind} game
 * @param {string} lang
 * @param {Translate} t
 */
export function startLobby(root, game, lang, t) {
  /** The game's module, for a challenge's rules in words: loaded once a challenge is shown. */
  /** @type {import('./games/types.js').GameModule | null} */
  let rules = null;
  const online = h('p', { class: 'muted lobby-online', id: 'lobby-online' });
  const pools = h('div', { class: 'lobby-pools', id: 'lobby-pools', role: 'group', 'aria-label': t('lobby-quick') });
  const waiting = h('p', { class: 'lobby-waiting', id: 'lobby-waiting', role: 'status', hidden: true });
  const list = h('ul', { class: 'lobby-challenges', id: 'lobby-challenges', 'aria-live': 'polite' });
  const err = h('p', { class: 'error', id: 'lobby-error', role: 'alert', hidden: true });
  const limit = /** @type {HTMLSelectElement} */ (h('select', { name: 'turnLimit', id: 'lobby-limit' },
    ...[null, 30, 60].map((s) => h('option', { value: s === null ? '' : String(s) },
      s === null ? t('play-turn-limit-none') : t('play-turn-limit-seconds', { seconds: s })))));
  const ranked = /** @type {HTMLInputElement} */ (h('input', { type: 'checkbox', name: 'ranked', id: 'lobby-ranked', checked: true }));
  const form = /** @type {HTMLFormElement} */ (h('form', { class: 'lobby-new', id: 'lobby-new' },
    h('label', {}, h('span', {}, t('play-turn-limit')), limit),
    h('label', { class: 'check' }, ranked, h('span', {}, t('lobby-ranked'))),
    h('button', { type: 'submit', class: 'btn' }, t('lobby-open'))));
  const offer = createCpuOffer({ t, lang, game, fail: (e) => fail(e) });
  root.append(online, h('h3', {}, t('lobby-quick')), pools, waiting, offer.el,
    h('h3', {}, t('lobby-challenges')), list, h('h3', {}, t('lobby-new')), form, err);

  /** @type {LobbyMessage | null} */
  let last = null;
  /** When this page put the player in a pool (for the time shown). */
  let since = 0;
  /** @type {WebSocket | null} */
  let ws = null;
  let retry = 0;

  /** @param {unknown} e */
  const fail = (e) => {
    err.textContent = !(e instanceof ApiError) ? t('error-network')
      : e.code === 'challenge-gone' ? t('lobby-gone')
        : e.code === 'too-many-challenges' ? t('lobby-too-many', { max: e.args.max ?? 3 })
          : e.status === 429 ? t('error-rate-limited') : t('error-network');
    err.hidden = false;
  };
  /** @param {string} url */
  const go = (url) => location.assign(`/${lang}${url}`);
  const limitText = (/** @type {number | null} */ s) =>
    s === null ? t('play-turn-limit-none') : t('play-turn-limit-seconds', { seconds: s });

  // A redraw keeps every element whose content is the same: a lobby message (someone came
  // online) or the pool's clock ticking must not swap a button out from under a finger.
  let poolsDrawn = '';
  // The clock ticks every second: said once on entering the pool, not at every tick.
  const searching = h('span', { 'aria-live': 'off' });
  let wasInPool = false;
  const cancel = h('button', { type: 'button', class: 'btn small', id: 'lobby-cancel' }, t('lobby-cancel'));
  cancel.addEventListener('click', () => leavePool());
  waiting.append(searching, cancel);
  const none = h('li', { class: 'muted' }, t('lobby-none'));
  /** Each shown challenge's row by id, with the text it was drawn from. */
  /** @type {Map<string, {drawn: string, el: HTMLElement}>} */
  let rows = new Map();

  /** @param {LobbyChallenge} c @param {import('./games/types.js').GameModule} words */
  const challengeRow = (c, words) => {
    const who = `${shownName(t, c.by.name)} #${c.by.tag}`;
    const rating = c.by.rating === null ? t('lobby-unrated-player') : String(c.by.rating);
    // The row's words describe its button: "Play" alone does not say against whom.
    const about = `challenge-${c.id}`;
    const b = c.mine
      ? h('button', { type: 'button', class: 'btn small', 'data-cancel': c.id, 'aria-describedby': `${about}-who ${about}-what` }, t('lobby-withdraw'))
      : h('button', { type: 'button', class: 'btn small primary', 'data-accept': c.id, 'aria-describedby': `${about}-who ${about}-what` }, t('lobby-accept'));
    b.addEventListener('click', () => (c.mine ? withdraw(c.id) : accept(c.id)));
    return h('li', { class: c.mine ? 'challenge mine' : 'challenge', 'data-challenge': c.id },
      h('div', { class: 'who', id: `${about}-who` }, h('strong', {}, who), h('span', { class: 'rating' }, rating)),
      h('div', { class: 'what muted', id: `${about}-what` }, `${words.rulesText(t, c.options)} · ${limitText(c.turnLimit)} · ${c.ranked ? t('lobby-ranked') : t('lobby-casual')}`),
      b);
  };
  /** Puts `nodes` in `parent`, touching it only when they differ from what is there. @param {Element} parent @param {Element[]} nodes */
  const place = (parent, nodes) => {
    const now = [...parent.children];
    if (now.length !== nodes.length || now.some((n, i) => n !== nodes[i])) parent.replaceChildren(...nodes);
  };

  const draw = () => {
    if (!last) return;
    online.textContent = t('lobby-online', { count: last.online });
    const poolsNow = JSON.stringify([last.pools, last.myPool]);
    if (poolsNow !== poolsDrawn) {
      poolsDrawn = poolsNow;
      pools.replaceChildren(...last.pools.map((p) => {
        const mine = last?.myPool === p.key;
        const b = h('button', { type: 'button', class: mine ? 'btn primary pool on' : 'btn pool', 'data-pool': p.key, 'aria-pressed': String(mine) },
          h('strong', {}, limitText(p.turnLimit)), h('span', {}, t('lobby-waiting-count', { count: p.waiting })));
        b.addEventListener('click', () => (mine ? leavePool() : enterPool(p.key)));
        return b;
      }));
    }
    const inPool = last.myPool && last.pools.some((p) => p.key === last?.myPool);
    waiting.hidden = !inPool;
    if (inPool) {
      const secs = since ? Math.round((Date.now() - since) / 1000) : 0;
      searching.textContent = t('lobby-searching', { seconds: secs });
      const live = document.getElementById('live');
      if (!wasInPool && live) live.textContent = searching.textContent;
    }
    wasInPool = !!inPool;
    // A quiet pool: after a while, a game against the CPU meanwhile (lobby-cpu-offer.js).
    const waited = since ? (Date.now() - since) / 1000 : 0;
    offer.show((inPool && waited >= last.cpuOfferAfter && last.pools.find((p) => p.key === last?.myPool)) || null);
    if (!last.challenges.length) {
      rows = new Map();
      place(list, [none]);
      return;
    }
    if (!rules) {
      loadGame(game).then((m) => { rules = m; draw(); });
      return;
    }
    const words = rules;
    /** @type {Map<string, {drawn: string, el: HTMLElement}>} */
    const next = new Map();
    for (const c of last.challenges) {
      const drawn = JSON.stringify(c);
      const had = rows.get(c.id);
      next.set(c.id, had && had.drawn === drawn ? had : { drawn, el: challengeRow(c, words) });
    }
    rows = next;
    place(list, [...next.values()].map((r) => r.el));
  };

  /** Says hello (again), with the token when this device has one. */
  const hello = () => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ t: 'hello', token: storedToken() ?? undefined, game }));
  };
  const connect = () => {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    ws = new WebSocket(`${proto}://${location.host}/ws/lobby`);
    ws.addEventListener('open', () => { retry = 0; hello(); });
    ws.addEventListener('message', (ev) => {
      const m = JSON.parse(String(ev.data));
      if (m.t === 'lobby') {
        if (m.myPool && !last?.myPool) since = since || Date.now();
        if (!m.myPool) since = 0;
        last = m;
        draw();
      } else if (m.t === 'paired') {
        go(m.url);
      }
    });
    ws.addEventListener('close', () => {
      ws = null;
      retry = Math.min(retry + 1, 5);
      setTimeout(connect, 500 * 2 ** retry);
    });
  };
  // The time in the pool ticks between lobbies.
  setInterval(() => { if (since) draw(); }, 1000);

  /**
   * One request with the device token (made the first time), then a hello so the socket keeps
   * what it made alive.
   * @param {string} method @param {string} url @param {unknown} [json]
   */
  const act = async (method, url, json) => {
    err.hidden = true;
    const token = await ensureToken();
    const r = await request(url, { method, json, token });
    hello();
    return r;
  };
  /** @param {string} key */
  const enterPool = async (key) => {
    try {
      await act('POST', `/api/pools/${key}`);
      since = Date.now();
    } catch (e) { fail(e); }
  };
  const leavePool = async () => {
    try {
      await act('DELETE', '/api/pools');
      since = 0;
    } catch (e) { fail(e); }
  };
  /** @param {string} id */
  const accept = async (id) => {
    try {
      const r = await act('POST', `/api/challenges/${id}/accept`);
      go(r.url);
    } catch (e) { fail(e); }
  };
  /** @param {string} id */
  const withdraw = async (id) => {
    try { await act('DELETE', `/api/challenges/${id}`); } catch (e) { fail(e); }
  };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      await act('POST', '/api/challenges', {
        game, turnLimit: limit.value === '' ? null : Number(limit.value), ranked: ranked.checked,
      });
    } catch (e2) { fail(e2); }
  });
  connect();
}
