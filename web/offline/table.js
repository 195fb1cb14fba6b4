// A game against the CPU played with no server (issue 36, part 6): the table runs in the game
// page, from the same client rules the table reducer plays events with (table/*.js through the
// game's module), the same board and the same panels as the group page (seats, status, move
// list, end card), and the CPU's moves worked out in the engine on this device with the seed
// `offline/ID/PLY`. Every move is kept in web/offline/store.js as it is made, so a reload (the
// page's address carries `#offline=ID`) continues the game, and a finished game waits there for
// its upload (web/offline/upload.js). The player holds seat 0 and side 0, the CPU seat 1, as in
// the first game of a group made with POST /api/groups {"cpu": LEVEL}.

import { h } from '../dom.js';
import { loadGame } from '../games/index.js';
import { createEnd } from '../play/end.js';
import { createMoveList } from '../play/move-list.js';
import { createSeats } from '../play/seats.js';
import { createStatus } from '../play/status.js';
import { initialUi } from '../play/ui.js';
import { props, sideName } from '../play/who.js';
import { CHANGED, newGameId, offlineGame, offlineUrl, saveOffline } from './store.js';

/** The CPU takes at least this long, as on the server, so the player's own move shows first (ms). */
const CPU_DELAY = 400;
/** This device's player in the table's seats (never sent anywhere). */
const ME = 'offline-player';

/**
 * A new offline game, kept at once.
 * @param {import('../types.js').GameKind} game
 * @param {Record<string, string | boolean>} options
 * @param {import('../types.js').CpuLevel} cpu
 */
export function newOfflineGame(game, options, cpu) {
  /** @type {import('./store.js').OfflineGame} */
  const g = { id: newGameId(), game, options, cpu, moves: [], resigned: false, startedAt: Date.now(), endedAt: null, outcome: null, refused: null };
  saveOffline(g);
  return g;
}

/**
 * Replaces the page's main content with the table of offline game `id` and plays it.
 * @param {{t: import('../types.js').Translate, lang: string, id: string}} ctx
 * @returns {Promise<boolean>} false when this device keeps no game `id`
 */
export async function startOfflineTable({ t, lang, id }) {
  let rec = offlineGame(id);
  if (!rec) return false;
  const parts = await loadGame(rec.game);
  const rules = parts.rules;
  const options = { ...rec.options, game: rec.game };
  let game = rules.newGame(options);
  for (const m of rec.moves) game = rules.play(game, rules.turn(game), m).game;
  if (rec.resigned) game = rules.resign(game, 0);
  const engine = await import('../engine/engine.js');

  const main = /** @type {HTMLElement} */ (document.getElementById('main'));
  const boardEl = h('div', { id: 'board', class: `board ${rec.game}` });
  const endEl = h('div', { id: 'endscreen', class: 'endscreen', hidden: true });
  const panel = h('aside', { class: 'panel', id: 'panel' });
  main.replaceChildren(h('div', { class: 'play offline', id: 'play', 'data-game': rec.game },
    h('div', { class: 'board-area' }, h('h1', { class: 'sr-only', id: 'play-heading' }, t(`game-${rec.game}`)), boardEl, endEl),
    panel));
  // Started from the offer, low on the game page: the board is at the top.
  scrollTo(0, 0);
  document.body.dataset.page = 'offline';
  document.body.dataset.game = rec.game;

  let ui = initialUi();
  let notice = '';
  /** The server's replay once the game is uploaded while on screen, else ''. */
  let replay = '';
  /** The position whose CPU move is being worked out (`id/ply`), '' when none is. */
  let asked = '';

  /** @param {string} text */
  const announce = (text) => {
    const live = document.getElementById('live');
    if (live) live.textContent = text;
  };

  /** @returns {import('../types.js').TableView} */
  const table = () => {
    const r = /** @type {import('./store.js').OfflineGame} */ (rec);
    const view = rules.view(game);
    const out = view.outcome;
    const seat = (/** @type {0 | 1} */ side) =>
      ({ playerId: side === 0 ? ME : null, name: side === 0 ? t('offline-seat-name') : '', side, connected: true, away: false,
        cpu: side === 0 ? null : r.cpu, rating: null });
    return {
      code: '', game: r.game, gameNo: 1, plies: r.moves.length, status: out ? 'over' : 'playing',
      options: /** @type {any} */ (options), nextOptions: /** @type {any} */ (options), turnLimit: null, ranked: false,
      nextRanked: false, host: null, seats: [seat(0), seat(1)], spectators: 0, view, moves: r.moves, clock: null, undo: null,
      result: out ? { winner: out.winner, reason: out.reason, ratings: [] } : null, rematch: [false, true], cpuOnDevice: true,
    };
  };

  const status = createStatus({ t });
  const seats = createSeats({ t, join: () => {} });
  const end = createEnd({ t, lang, el: endEl, rematch: () => again() });
  const moveList = createMoveList({ t, boardEl });
  const thinking = h('p', { class: 'cpu-thinking idle', id: 'cpu-thinking' }, t('play-cpu-thinking'));
  const note = h('p', { class: 'offline-note', id: 'offline-note' });
  const noticeEl = h('p', { class: 'notice', id: 'notice', role: 'status' });
  const confirm = h('div', { class: 'row confirm', hidden: true },
    h('span', {}, t('play-resign-confirm')),
    h('button', { type: 'button', class: 'btn danger', id: 'resign-yes', onclick: () => resign() }, t('play-resign-yes')),
    h('button', { type: 'button', class: 'btn', onclick: () => { confirm.hidden = true; } }, t('play-cancel')));
  const resignBtn = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'btn', id: 'resign',
    onclick: () => { confirm.hidden = false; } }, t('play-resign')));
  const mine = h('a', { class: 'btn', id: 'offline-my-games', href: `/${lang}/my-games` }, t('offline-my-games'));
  // The note under the end card: on a phone, in sight when the game ends and when it is uploaded.
  panel.replaceChildren(endEl, note, seats.el, ...status.els, thinking, moveList.el, h('div', { class: 'row actions' }, resignBtn, mine),
    confirm, noticeEl);
  const board = moveList.wrap(parts.createBoard(boardEl, { onMove: (move) => move0(move), t, announce }));

  const render = () => {
    const tb = table();
    const p = props(tb, { playerId: ME, seat: 0, host: false }, ui, parts);
    const v = /** @type {import('../types.js').GameView} */ (tb.view);
    board.set(v, { mySide: 0, interactive: !v.outcome && v.turn === 0, showDanger: parts.showDanger(tb.options), hint: null });
    document.body.dataset.status = tb.status;
    for (const x of [end, seats, status, moveList]) x.render(p);
    thinking.classList.toggle('idle', !!v.outcome || v.turn !== 1);
    resignBtn.disabled = !!v.outcome;
    if (v.outcome) confirm.hidden = true;
    if (replay) note.replaceChildren(`${t('offline-note-uploaded')} `, h('a', { href: replay, id: 'offline-replay' }, t('review-replay-link')));
    else note.textContent = t(v.outcome ? 'offline-note-over' : 'offline-note-playing');
    noticeEl.textContent = notice;
  };

  /** Keeps the game; a game that has just ended is uploaded when the network is there. */
  const keep = () => {
    const r = /** @type {import('./store.js').OfflineGame} */ (rec);
    const out = rules.view(game).outcome;
    if (out && r.endedAt === null) rec = { ...r, endedAt: Date.now(), outcome: out };
    saveOffline(/** @type {import('./store.js').OfflineGame} */ (rec));
    if (out && navigator.onLine) import('./upload.js').then((m) => m.uploadOffline()).catch(() => {});
  };

  /** @param {0 | 1} side @param {string} move @returns {boolean} */
  const apply = (side, move) => {
    let next;
    try {
      next = rules.play(game, side, move);
    } catch {
      return false; // A tap the rules refuse: the board shows the same position.
    }
    game = next.game;
    const r = /** @type {import('./store.js').OfflineGame} */ (rec);
    rec = { ...r, moves: [...r.moves, next.move] };
    notice = '';
    keep();
    step();
    return true;
  };

  /** The player's move. @param {string} move */
  const move0 = (move) => {
    if (rules.turn(game) === 0 && !rules.view(game).outcome) apply(0, move);
  };

  /** Draws the table and, in the CPU's turn, asks the engine for its move. */
  const step = () => {
    render();
    const r = /** @type {import('./store.js').OfflineGame} */ (rec);
    const v = rules.view(game);
    if (v.outcome || v.turn !== 1) return;
    const key = `${r.id}/${r.moves.length}`;
    if (asked === key) return;
    asked = key;
    const started = performance.now();
    engine.cpuMove({ kind: r.game, options, moves: r.moves, level: r.cpu, seed: engine.offlineSeed(r.id, r.moves.length) })
      .then(async (move) => {
        await new Promise((done) => setTimeout(done, Math.max(0, started + CPU_DELAY - performance.now())));
        if (move === null || rec?.id !== r.id || rec.moves.length !== r.moves.length) return;
        if (!apply(1, move)) throw new Error(`the engine played ${move}, which the rules refuse`);
        announce(parts.said(t, rules.view(game), (side) => sideName(t, table(), side)));
      })
      .catch((e) => {
        console.error('qdan: the CPU move on this device failed', e);
        notice = t('offline-cpu-failed');
        asked = '';
        render();
      });
  };

  const resign = () => {
    const r = /** @type {import('./store.js').OfflineGame} */ (rec);
    if (rules.view(game).outcome) return;
    game = rules.resign(game, 0);
    rec = { ...r, resigned: true };
    keep();
    step();
  };

  /** The next game, by the same rules and against the same level. */
  const again = () => {
    const r = /** @type {import('./store.js').OfflineGame} */ (rec);
    location.replace(offlineUrl(lang, r.game, newOfflineGame(r.game, r.options, r.cpu).id));
    location.reload();
  };

  // Uploaded while on screen (app.js, at the `online` event): the note links to the server's replay.
  addEventListener(CHANGED, (e) => {
    const url = /** @type {CustomEvent} */ (e).detail?.uploaded?.[id];
    if (typeof url !== 'string') return;
    replay = `/${lang}${url}`;
    render();
  });

  step();
  /** The offline table, for the browser tests. */
  /** @type {any} */ (window).qdanOffline = () => ({ game: rec, view: rules.view(game) });
  return true;
}
