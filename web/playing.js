// Games in progress (`GET /api/me/playing`, docs/protocol.md "Games in progress"): on every
// page, the tab title reads "(N) ..." and the icon carries a dot while it is this player's
// turn in N games other than the one the page shows (Lichess does the same); the home page and
// "Your games" list the games, each a link that opens the game in the player's seat (the
// device token is the seat's key, so the link is the group's page).
//
// No socket tells a page about other tables, so a page asks: at once, then every POLL_MS while
// it is visible, and at once again when it becomes visible. A hidden tab asks nothing.

import { request, storedToken } from './api.js';
import { h } from './dom.js';
import { shownName } from './names.js';

/** How often a visible page asks: one small request (two indexed reads) per 20 s per page. */
export const POLL_MS = 20000;

/**
 * One unfinished game (`crates/wire/src/playing.rs`).
 * @typedef {object} PlayingGame
 * @property {string} code
 * @property {string} url  `/g/CODE`, without the language.
 * @property {number} gameNo
 * @property {import('./types.js').GameKind} game
 * @property {import('./types.js').AnyOptions} options
 * @property {boolean} ranked
 * @property {import('./types.js').Seat} seat
 * @property {import('./types.js').Side} side
 * @property {import('./review/types.js').PlayerView} opponent
 * @property {import('./types.js').Seat} turn
 * @property {boolean} myTurn
 * @property {number} plies
 * @property {import('./types.js').ClockView | null} clock
 * @property {number} startedAt
 * @property {number} updatedAt
 */

/** This device's unfinished games; empty when it has no player yet. @returns {Promise<PlayingGame[]>} */
export async function playingGames() {
  const token = storedToken();
  if (!token) return [];
  return request('/api/me/playing', { token });
}

const MARKED = /^\(\d+\) /;
/** Games waiting for this player, the one on screen left out. */
let waiting = 0;

/** Puts "(N) " before the title, or takes it away; other modules may set the title meanwhile. */
function markTitle() {
  const plain = document.title.replace(MARKED, '');
  const want = waiting ? `(${waiting}) ${plain}` : plain;
  if (document.title !== want) document.title = want;
}

/** The icon with a dot, as a data URL (the CSP allows `data:` images), made once. */
/** @type {Promise<string | null> | null} */
let markedIcon = null;

/** @param {string} plainHref  The SVG icon's own address. */
function iconWithDot(plainHref) {
  markedIcon ??= fetch(plainHref)
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
    .then((svg) => {
      const dot = '<circle cx="50" cy="14" r="13" fill="#d62828" stroke="#fff" stroke-width="3"/>';
      return `data:image/svg+xml,${encodeURIComponent(svg.replace(/<\/svg>\s*$/, `${dot}</svg>`))}`;
    })
    .catch(() => null);
  return markedIcon;
}

/** Every icon link shows the dot while a game waits, and its own picture otherwise. */
async function markIcon() {
  const links = /** @type {HTMLLinkElement[]} */ ([...document.querySelectorAll('link[rel="icon"]')]);
  for (const l of links) l.dataset.plain ??= l.getAttribute('href') ?? '';
  const svg = links.find((l) => l.type === 'image/svg+xml');
  const marked = waiting && svg ? await iconWithDot(/** @type {string} */ (svg.dataset.plain)) : null;
  for (const l of links) {
    const href = marked && waiting ? marked : /** @type {string} */ (l.dataset.plain);
    if (l.getAttribute('href') !== href) l.setAttribute('href', href);
  }
}

/** @param {number} ms */
function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The list's rows; a clock counts down from the answer's arrival.
 * @param {import('./types.js').Translate} t
 * @param {string} lang
 * @param {PlayingGame} g
 * @param {number} at  When the answer arrived (performance.now()).
 */
function row(t, lang, g, at) {
  const o = g.opponent;
  const name = o.cpu ? t('play-cpu-name', { level: t(`level-${o.cpu}`) }) : shownName(t, o.name);
  const when = new Date(g.updatedAt);
  const clock = g.clock
    ? h('span', { class: 'playing-clock', 'data-ends': String(at + g.clock.remainingMs) },
      t('playing-time-left', { time: clockText(g.clock.remainingMs) }))
    : null;
  return h('li', { class: 'playing-item', 'data-code': g.code, 'data-my-turn': String(g.myTurn) },
    h('a', { href: `/${lang}${g.url}` },
      h('span', { class: 'playing-game' }, t(`game-${g.game}`),
        g.ranked ? h('span', { class: 'tag' }, t('play-ranked-badge')) : null),
      h('span', { class: 'playing-opponent' }, t('playing-against', { name })),
      h('span', { class: `playing-turn${g.myTurn ? ' mine' : ''}` },
        g.myTurn ? t('playing-your-turn') : t('playing-waiting', { name })),
      clock,
      h('time', { class: 'playing-when', datetime: when.toISOString() },
        t(g.plies ? 'playing-last-move' : 'playing-started',
          // A 24-hour clock: some locales' am/pm is in Latin letters (Hindi's "pm").
          { when: when.toLocaleString(lang, { dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }) }))));
}

/** @type {number | undefined} */
let ticking;

/** Counts the shown clocks down each second while any is shown. */
function tickClocks(/** @type {import('./types.js').Translate} */ t) {
  clearInterval(ticking);
  ticking = undefined;
  if (!document.querySelector('.playing-clock')) return;
  ticking = window.setInterval(() => {
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.playing-clock'))) {
      el.textContent = t('playing-time-left', { time: clockText(Number(el.dataset.ends) - performance.now()) });
    }
  }, 1000);
}

/**
 * Fills the page's list (`#playing`, on the home page and "Your games") if it has one. The home
 * page shows it only when there are games; "Your games" always, saying when there are none.
 * @param {import('./types.js').Translate} t
 * @param {string} lang
 * @param {PlayingGame[] | null} games  null: the request failed.
 */
function fillList(t, lang, games) {
  const section = document.getElementById('playing');
  const list = document.getElementById('playing-list');
  if (!section || !list) return;
  const always = section.dataset.always === 'true';
  const at = performance.now();
  if (games === null) {
    list.replaceChildren(h('li', { class: 'error' }, t('playing-error')));
  } else if (games.length) {
    list.replaceChildren(...games.map((g) => row(t, lang, g, at)));
  } else {
    list.replaceChildren(h('li', { class: 'muted' }, t('playing-empty')));
  }
  section.hidden = !always && !games?.length;
  tickClocks(t);
}

/**
 * Follows this player's games in progress for as long as the page is open.
 * @param {import('./types.js').PageData} data
 * @param {import('./types.js').Translate} t
 */
export function followPlaying(data, t) {
  // On a table's page, that table is in front of the player already.
  const shown = data.page === 'group' ? data.code : null;
  new MutationObserver(markTitle).observe(document.head, { childList: true, subtree: true, characterData: true });
  /** @type {number | undefined} */
  let timer;
  let busy = false;
  const ask = async () => {
    clearTimeout(timer);
    timer = undefined;
    if (busy || document.visibilityState !== 'visible') return;
    busy = true;
    /** @type {PlayingGame[] | null} */
    let games = null;
    try {
      games = await playingGames();
    } catch {
      games = null;
    }
    busy = false;
    if (games) {
      waiting = games.filter((g) => g.myTurn && g.code !== shown).length;
      document.documentElement.dataset.turns = String(waiting);
      markTitle();
      markIcon();
    }
    fillList(t, data.lang, games);
    if (document.visibilityState === 'visible') timer = window.setTimeout(ask, POLL_MS);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') ask();
    else clearTimeout(timer);
  });
  ask();
}
