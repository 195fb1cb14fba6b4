// The group page, which is also the play page: the board, both seats, whose turn and the
// clock, take-back, resign, rematch, spectators, the invite link, the host's rules for the
// next game, and the end screen. It renders from the table the server sends; the socket
// client (ws.js) keeps it current across reconnects.

import { ensureToken, forgetToken, gameOptions } from './api.js';
import { edgeInfo } from './dots/board.js';
import { createDotsBoard } from './dots/index.js';
import { h, s } from './dom.js';
import { createMusashiBoard } from './musashi/index.js';
import { Connection, IntentError } from './ws.js';

/** @typedef {import('./types.js').Table} Table */
/** @typedef {import('./types.js').Seat} Seat */
/** @typedef {import('./types.js').Translate} Translate */
/** @typedef {import('./types.js').ServerMessage} ServerMessage */

/** The error codes of the protocol (and the client's own `disconnected`), each with a message. */
const ERROR_CODES = ['bad-json', 'unknown-type', 'bad-field', 'hello-first', 'bad-token', 'not-found', 'not-seated',
  'seat-taken', 'table-full', 'not-host', 'stale-ply', 'game-over', 'not-your-turn', 'off-board', 'not-your-piece',
  'not-a-line', 'occupied', 'repetition', 'already-drawn', 'bad-move', 'no-undo', 'undo-wait', 'undo-pending',
  'not-vs-cpu', 'rate-limited', 'too-large', 'internal', 'disconnected'];

/**
 * The number of moves played in the current game (the `ply` of the next move).
 * @param {Table} table
 */
export function pliesPlayed(table) {
  const v = table.view;
  if (!v) return 0;
  if (v.game === 'dots') return v.lines.length;
  const k = v.childrenMoves;
  return table.options.first === 'children' ? 2 * k - (v.turn === 0 ? 1 : 0) : 2 * k + (v.turn === 1 ? 1 : 0);
}

/**
 * The start position of the table's next game, to show while waiting for a second player.
 * @param {Table} table
 * @returns {import('./types.js').View}
 */
export function startView(table) {
  const o = /** @type {Record<string, string | boolean>} */ (/** @type {any} */ (table).nextOptions ?? table.options);
  if (table.game === 'dots') {
    const [w, h] = String(o.size ?? '5x4').split('x').map(Number);
    return {
      game: 'dots', size: `${w}x${h}`, w, h, lines: [], boxes: Array(w * h).fill(null), scores: [0, 0], turn: 0, legal: [],
      last: null, extraTurn: false, outcome: null,
    };
  }
  const board = o.board === '25' ? '25' : '33';
  return {
    game: 'musashi', board, position: `${board}:start`, parent: 'c3',
    children: ['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'b5', 'c1', 'c5', 'd1', 'd5', 'e1', 'e2', 'e3', 'e4', 'e5'],
    turn: 0, childrenMoves: 0, limit: null, target: null, taken: 0, legal: [], endangered: [], capturePoints: [], last: null, outcome: null,
  };
}

/**
 * A small picture of a side: Musashi's Parent or Child piece, Dots' ring or cross.
 * @param {import('./types.js').GameId} game
 * @param {0 | 1} side
 */
function sideBadge(game, side) {
  const svg = s('svg', { class: `side-badge ${game} side-${side}`, viewBox: '0 0 40 40', width: 28, height: 28, 'aria-hidden': 'true' });
  if (game === 'musashi') {
    if (side === 0) svg.append(s('circle', { class: 'body', cx: 20, cy: 20, r: 17 }), s('circle', { class: 'ring', cx: 20, cy: 20, r: 11 }), s('path', { class: 'mark', d: 'M20 14 L25.5 23.5 L14.5 23.5 Z' }));
    else svg.append(s('circle', { class: 'body', cx: 20, cy: 20, r: 13 }), s('circle', { class: 'dot', cx: 20, cy: 20, r: 3 }));
  } else if (side === 0) {
    svg.append(s('circle', { class: 'icon icon-0', cx: 20, cy: 20, r: 12 }));
  } else {
    svg.append(s('path', { class: 'icon icon-1', d: 'M10 10 L30 30 M30 10 L10 30' }));
  }
  return svg;
}

/**
 * @param {import('./types.js').PageData} data
 * @param {Translate} t
 * @param {(text: string) => void} announce
 */
export function start(data, t, announce) {
  const code = /** @type {string} */ (data.code);
  const lang = data.lang;
  const boardEl = /** @type {HTMLElement} */ (document.getElementById('board'));
  const endEl = /** @type {HTMLElement} */ (document.getElementById('endscreen'));
  const panel = /** @type {HTMLElement} */ (document.getElementById('panel'));
  const connEl = /** @type {HTMLElement} */ (document.getElementById('conn'));
  const heading = /** @type {HTMLElement} */ (document.getElementById('play-heading'));

  /** @type {Table | null} */
  let table = null;
  /** @type {import('./types.js').You | null} */
  let you = null;
  /** @type {import('./types.js').BoardApi | null} */
  let board = null;
  let boardGame = '';
  let sitAsked = false;
  let resignConfirm = false;
  let notice = '';
  /** @type {import('./types.js').OptionSpec[] | null} */
  let specs = null;
  let settingsDirty = false;
  /** Whether to show "saved" under the rules (until they change again or a game starts). */
  let savedNote = false;
  let clockAt = 0;
  let everConnected = false;
  /** The CPU's suggestion for the move at `ply` (Hint button; only against the CPU). */
  /** @type {{ ply: number, move: string } | null} */
  let hint = null;
  let hintAsked = false;

  // ---- the panel's fixed parts, built once so focus survives updates ----
  const seatsEl = h('div', { class: 'seats', id: 'seats' });
  const turnEl = h('p', { class: 'turn', id: 'turn' });
  const clockEl = h('p', { class: 'clock', id: 'clock', hidden: true });
  const infoEl = h('div', { class: 'info', id: 'info' });
  const undoEl = h('div', { class: 'undo-box', id: 'undo-box', role: 'status' });
  const undoBtn = h('button', { type: 'button', class: 'btn', id: 'undo' });
  const resignBtn = h('button', { type: 'button', class: 'btn', id: 'resign' }, t('play-resign'));
  const hintBtn = h('button', { type: 'button', class: 'btn', id: 'hint' }, t('play-hint'));
  const actions = h('div', { class: 'actions' }, hintBtn, undoBtn, resignBtn);
  const confirmYes = h('button', { type: 'button', class: 'btn danger', id: 'resign-yes' }, t('play-resign-yes'));
  const confirmNo = h('button', { type: 'button', class: 'btn', id: 'resign-no' }, t('play-cancel'));
  const confirmEl = h('div', { class: 'confirm', hidden: true, role: 'alertdialog', 'aria-labelledby': 'resign-q' },
    h('p', { id: 'resign-q' }, t('play-resign-confirm')), h('div', { class: 'row' }, confirmYes, confirmNo));
  const noticeEl = h('p', { class: 'notice', id: 'notice', role: 'status' });
  const specEl = h('p', { class: 'spectators', id: 'spectators' });
  const link = `${location.origin}/${lang}/g/${code}`;
  const linkInput = h('input', { type: 'text', readonly: true, value: link, id: 'invite-link', 'aria-labelledby': 'invite-h' });
  const copyBtn = h('button', { type: 'button', class: 'btn', id: 'copy-link' }, t('play-invite-copy'));
  const copiedEl = h('span', { class: 'copied', role: 'status' });
  const inviteEl = h('section', { class: 'invite', id: 'invite' },
    h('h2', { id: 'invite-h' }, t('play-invite-heading')),
    h('p', {}, t('play-invite-text')),
    h('div', { class: 'row link-row' }, linkInput, copyBtn), copiedEl);
  const settingsForm = h('form', { class: 'settings-form', id: 'settings-form' });
  const settingsEl = h('details', { class: 'settings', id: 'settings' }, h('summary', {}, t('play-settings-heading')), settingsForm);
  const nameInput = h('input', { type: 'text', id: 'my-name', maxlength: 24, autocomplete: 'nickname' });
  const nameForm = h('form', { class: 'name-form', id: 'name-form' },
    h('label', { for: 'my-name' }, t('play-name-label')),
    h('div', { class: 'row' }, nameInput, h('button', { type: 'submit', class: 'btn' }, t('play-name-save'))));
  // The end screen leads the panel: beside the board on a wide screen, right under it on a phone.
  panel.replaceChildren(endEl, seatsEl, turnEl, clockEl, infoEl, undoEl, actions, confirmEl, noticeEl, specEl, inviteEl, settingsEl, nameForm);

  // The current table and identity, for debugging and the browser tests.
  /** @type {any} */ (window).qdanState = () => ({ table, you, seat: mySeat() });

  // ---- connection ----
  const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/${code}`;
  /** @type {Connection} */
  let conn;
  const connect = () => {
    conn = new Connection(wsUrl, ensureToken, {
      onWelcome(msg) {
        you = msg.you ?? null;
        render();
      },
      onTable(msg) {
        const prev = table;
        if (msg.table) table = msg.table;
        // A hint belongs to one position: any move, take-back or new game ends it.
        if (msg.t === 'event' && ['move', 'undo', 'rematch'].includes(msg.kind ?? '')) hint = null;
        if (msg.t === 'event' && prev && table) narrate(msg, prev, table);
        if (table?.clock) clockAt = performance.now();
        maybeSit();
        render();
      },
      onStatus(up) {
        if (up && everConnected && !connEl.hidden) announce(t('play-conn-back'));
        if (up) everConnected = true;
        connEl.hidden = up;
        connEl.textContent = up ? '' : t('play-conn-lost');
        if (up && notice === t('play-conn-lost')) notice = '';
      },
      onFatal(codeName) {
        if (codeName === 'bad-token') {
          forgetToken();
          connect();
        } else {
          panel.replaceChildren(h('p', { class: 'error', role: 'alert' }, t('play-not-found')));
          boardEl.replaceChildren();
        }
      },
    });
    conn.start();
  };
  connect();
  /** @type {any} */ (window).qdanConn = () => conn;
  // A socket that never opens still shows the banner after a moment.
  setTimeout(() => {
    if (!everConnected) {
      connEl.hidden = false;
      connEl.textContent = t('play-conn-lost');
    }
  }, 4000);

  /**
   * @param {string} type
   * @param {Record<string, unknown>} [fields]
   */
  const intent = async (type, fields) => {
    try {
      return await conn.send(type, fields);
    } catch (e) {
      const raw = e instanceof IntentError ? e.code : 'internal';
      const c = ERROR_CODES.includes(raw) ? raw : 'internal';
      if (c !== 'stale-ply') {
        // The server names the wait only in its English text ("... in 20 s").
        const wait = Number(/(\d+)\s*s\b/.exec((e instanceof IntentError && e.msg?.message) || '')?.[1] ?? 10);
        notice = t(`error-${c}`, { wait });
        renderNotice();
      }
      return null;
    }
  };

  /** A move as people read it: `c3–d3`, or a Dots line by row and column. @param {string} move */
  const describeMove = (move) => {
    const v = table?.view;
    if (v?.game !== 'dots') return move.replace('-', '–');
    const i = edgeInfo(v.w, v.h, Number(move));
    return t(i.horizontal ? 'dots-edge-h' : 'dots-edge-v', { row: i.r + 1, col: i.c + 1 });
  };

  // ---- who is who ----
  const mySeat = () => {
    if (!table || !you) return null;
    const i = table.seats.findIndex((st) => st?.playerId === you?.playerId);
    return i >= 0 ? i : null;
  };
  /** @param {number} side */
  const seatOfSide = (side) => (table ? table.seats.findIndex((st) => st?.side === side) : -1);
  /** @param {Seat | null | undefined} seat */
  const seatName = (seat) => (!seat ? '?' : seat.cpu ? t('play-cpu-name', { level: t(`level-${seat.cpu}`) }) : seat.name);
  /** @param {number} side */
  const sideName = (side) => seatName(table?.seats[seatOfSide(side)]);
  const vsCpu = () => !!table && table.seats.some((st) => st?.cpu);

  const maybeSit = () => {
    if (!table || !you || sitAsked || mySeat() !== null) return;
    if (table.status === 'waiting' && table.seats.some((st) => st === null)) {
      sitAsked = true;
      intent('sit');
    }
  };

  // ---- announcements for screen readers ----
  /**
   * @param {ServerMessage} msg
   * @param {Table} prev
   * @param {Table} now
   */
  const narrate = (msg, prev, now) => {
    const v = now.view;
    switch (msg.kind) {
      case 'move': {
        notice = '';
        if (!v) break;
        let text = '';
        if (v.game === 'musashi' && v.last) {
          const [from, to] = v.last.move.split('-');
          text = t(to === v.parent ? 'musashi-announce-parent' : 'musashi-announce-children', { from, to });
          if (v.last.taken.length) text += ` ${t('musashi-announce-take', { count: v.last.taken.length })}`;
        } else if (v.game === 'dots' && v.last) {
          const name = sideName(v.last.player);
          const n = v.last.completed.length;
          text = n ? t('dots-announce-box', { name, count: n }) : t('dots-announce-line', { name });
        }
        if (msg.by === 'cpu-away' || msg.by === 'timeout') {
          text += ` (${t(msg.by === 'timeout' ? 'play-by-timeout' : 'play-by-cpu-away')})`;
          notice = text;
        }
        const me = mySeat();
        if (me !== null && now.status === 'playing' && now.seats[me]?.side === v.turn) text += ` ${t('announce-your-turn')}`;
        announce(text);
        break;
      }
      case 'undo':
        notice = '';
        announce(t('announce-undo', { plies: msg.plies ?? 1 }));
        break;
      case 'undoDeclined': {
        // `seat` is the one who asked; only they need to hear the answer.
        const me = mySeat();
        if (me !== null && msg.seat === me) {
          notice = t('play-undo-declined', { name: seatName(now.seats[1 - me]) });
          announce(notice);
        }
        break;
      }
      case 'seat': {
        now.seats.forEach((st, i) => {
          const before = prev.seats[i];
          if (st && !before) announce(t('announce-joined', { name: seatName(st) }));
          else if (st && before && st.away && !before.away) announce(t('announce-away', { name: seatName(st) }));
          else if (st && before && !st.away && before.away) announce(t('announce-back', { name: seatName(st) }));
        });
        break;
      }
      case 'rematch':
        notice = '';
        savedNote = false;
        resignConfirm = false;
        announce(t('announce-new-game'));
        break;
      case 'settings':
        settingsDirty = false;
        if (!you?.host) announce(t('announce-settings'));
        break;
      default:
        break;
    }
  };

  // ---- drawing ----
  const renderNotice = () => {
    noticeEl.textContent = notice;
    noticeEl.hidden = !notice;
  };

  const ensureBoard = () => {
    if (!table || boardGame === table.game) return;
    boardGame = table.game;
    heading.textContent = t(`game-${table.game}`);
    const onMove = (/** @type {string} */ mv) => {
      if (!table) return;
      intent('move', { ply: pliesPlayed(table), move: mv });
    };
    board?.destroy();
    board = table.game === 'musashi'
      ? createMusashiBoard(boardEl, { onMove, t, announce })
      : createDotsBoard(boardEl, { onMove, t, announce });
    boardEl.className = `board ${table.game}`;
    gameOptions(table.game).then((sp) => {
      specs = sp;
      buildSettings();
    }, () => {});
  };

  const render = () => {
    if (!table) return;
    ensureBoard();
    const me = mySeat();
    const mySide = me === null ? null : table.seats[me]?.side ?? null;
    const v = table.view;
    const playing = table.status === 'playing';
    if (board && v) {
      board.set(v, {
        mySide,
        interactive: playing && mySide !== null && v.turn === mySide && !v.outcome,
        showDanger: table.options.showDanger !== false,
        hint: hint && hint.ply === pliesPlayed(table) ? hint.move : null,
      });
    } else if (board) {
      // Before the first game: the start position of the rules chosen so far.
      board.set(startView(table), { mySide: null, interactive: false, showDanger: false });
    }
    document.body.dataset.status = table.status;
    document.body.dataset.game = table.game;
    renderSeats(me);
    renderTurn(me, mySide);
    renderInfo();
    renderUndo(me);
    renderActions(me);
    renderEnd(me);
    renderNotice();
    specEl.textContent = t('play-spectators', { count: table.spectators });
    inviteEl.hidden = table.seats.some((st) => st?.cpu);
    if (!settingsDirty) buildSettings();
    if (document.activeElement !== nameInput && me !== null) nameInput.value = table.seats[me]?.name ?? '';
    nameForm.hidden = me === null;
  };

  /** @param {number | null} me */
  const renderSeats = (me) => {
    if (!table) return;
    const tb = table;
    const v = tb.view;
    seatsEl.replaceChildren(...[0, 1].map((i) => {
      const st = tb.seats[i];
      if (!st) {
        const canSit = me === null && tb.status === 'waiting';
        return h('div', { class: 'seat empty', 'data-seat': i },
          h('span', { class: 'seat-name muted' }, t('play-seat-empty')),
          canSit ? h('button', { type: 'button', class: 'btn', onclick: () => intent('sit') }, t('play-sit')) : null);
      }
      const side = /** @type {0 | 1} */ (st.side);
      const toMove = tb.status === 'playing' && v && v.turn === side && !v.outcome;
      const role = tb.game === 'musashi' ? t(side === 0 ? 'musashi-parent' : 'musashi-children') : t(side === 0 ? 'dots-first' : 'dots-second');
      return h('div', { class: `seat side-${side}${toMove ? ' to-move' : ''}${i === me ? ' mine' : ''}`, 'data-seat': i, 'data-side': side },
        sideBadge(tb.game, side),
        h('div', { class: 'seat-text' },
          h('div', { class: 'seat-line' },
            h('span', { class: 'seat-name' }, seatName(st)),
            i === me ? h('span', { class: 'tag you' }, t('play-you')) : null,
            tb.host === i ? h('span', { class: 'tag' }, t('play-host')) : null),
          h('div', { class: 'seat-line small' },
            h('span', { class: 'seat-role' }, role),
            st.rating !== null && !st.cpu ? h('span', { class: 'muted' }, t('play-rating', { rating: String(Math.round(st.rating)) })) : null),
          st.away ? h('div', { class: 'seat-away', 'data-away': 'true' }, t('play-seat-away'))
            : !st.connected ? h('div', { class: 'seat-away muted' }, t('play-seat-offline')) : null),
        v && v.game === 'dots' ? h('span', { class: 'seat-score', 'data-score': side }, t('dots-score', { boxes: v.scores[side] })) : null);
    }));
  };

  /** @param {number | null} me @param {number | null} mySide */
  const renderTurn = (me, mySide) => {
    if (!table) return;
    const v = table.view;
    let text = '';
    turnEl.className = 'turn';
    if (table.status === 'waiting') text = t(me === null ? 'play-watching' : 'play-waiting');
    else if (table.status === 'playing' && v) {
      const mine = v.turn === mySide;
      if (v.game === 'dots' && v.extraTurn) {
        text = mine ? t('dots-extra-turn-you') : t('dots-extra-turn', { name: sideName(v.turn) });
        turnEl.classList.add('extra');
      } else {
        text = mine ? t('play-turn-you') : t('play-turn-other', { name: sideName(v.turn) });
      }
      if (mine) turnEl.classList.add('mine');
      turnEl.classList.add(`side-${v.turn}`);
    }
    if (me === null && table.status === 'playing') text = `${text} · ${t('play-watching')}`;
    turnEl.textContent = text;
    turnEl.hidden = table.status === 'over';
    const badge = table.ranked ? ` · ${t('play-ranked-badge')}` : '';
    turnEl.dataset.meta = `${t('play-game-number', { n: table.gameNo })}${badge}`;
    tickClock();
  };

  const tickClock = () => {
    const c = table?.clock;
    if (!c || table?.status !== 'playing') {
      clockEl.hidden = true;
      return;
    }
    const left = Math.max(0, c.remainingMs - (performance.now() - clockAt));
    const secs = Math.ceil(left / 1000);
    clockEl.hidden = false;
    clockEl.className = `clock side-${c.side}${secs <= 10 ? ' low' : ''}`;
    clockEl.replaceChildren(h('span', { class: 'sr-only' }, `${t('play-clock-label')}: `), sideBadge(/** @type {import('./types.js').GameId} */ (table?.game), c.side), h('span', { class: 'secs' }, t('play-clock', { seconds: secs })));
  };
  setInterval(tickClock, 250);

  const renderInfo = () => {
    const v = table?.view;
    if (!v || v.game !== 'musashi') {
      infoEl.replaceChildren();
      return;
    }
    const me = mySeat();
    const side = me === null ? null : table?.seats[me]?.side;
    const items = [
      side === 0 || side === 1 ? h('strong', { id: 'my-role' }, t(side === 0 ? 'musashi-you-parent' : 'musashi-you-children')) : null,
      h('span', { id: 'taken' }, t('musashi-taken', { taken: v.taken, target: v.target ?? 10 })),
      h('span', { id: 'children-moves' }, v.limit === null ? t('musashi-moves-nolimit', { n: v.childrenMoves }) : t('musashi-moves', { n: v.childrenMoves, limit: v.limit })),
    ];
    if (table?.options.showDanger !== false && !v.outcome && (v.endangered.length || v.capturePoints.length)) {
      items.push(h('span', { class: 'legend' }, t('musashi-danger-legend')));
    }
    infoEl.replaceChildren(...items.filter((x) => x !== null));
  };

  /** @param {number | null} me */
  const renderUndo = (me) => {
    const req = table?.undo?.requestedBy;
    if (!table || req === undefined || req === null || me === null || table.status !== 'playing') {
      undoEl.replaceChildren();
      undoEl.hidden = true;
      return;
    }
    undoEl.hidden = false;
    if (req === me) {
      undoEl.replaceChildren(h('p', {}, t('play-undo-waiting', { name: seatName(table.seats[1 - me]) })));
    } else if (!undoEl.querySelector('#undo-accept')) {
      undoEl.replaceChildren(
        h('p', {}, t('play-undo-asked', { name: seatName(table.seats[req]) })),
        h('div', { class: 'row' },
          h('button', { type: 'button', class: 'btn primary', id: 'undo-accept', onclick: () => intent('undoAnswer', { accept: true }) }, t('play-undo-accept')),
          h('button', { type: 'button', class: 'btn', id: 'undo-decline', onclick: () => intent('undoAnswer', { accept: false }) }, t('play-undo-decline'))));
    }
  };

  /** @param {number | null} me */
  const renderActions = (me) => {
    if (!table) return;
    const seated = me !== null;
    const playing = table.status === 'playing';
    undoBtn.textContent = t(vsCpu() ? 'play-undo' : 'play-undo-request');
    undoBtn.hidden = !seated || !playing;
    undoBtn.disabled = pliesPlayed(table) === 0 || table.undo?.requestedBy === me;
    resignBtn.hidden = !seated || !playing;
    const mySide = seated ? table.seats[me]?.side : null;
    hintBtn.hidden = !seated || !playing || !vsCpu();
    hintBtn.disabled = hintAsked || !table.view || !!table.view.outcome || table.view.turn !== mySide;
    actions.hidden = !seated || !playing;
    confirmEl.hidden = !(resignConfirm && playing && seated);
  };

  /** @param {number | null} me */
  const resultTitle = (me) => {
    const r = table?.result;
    const v = table?.view;
    const winnerSeat = r ? r.winner : v?.outcome?.winner === null || v?.outcome?.winner === undefined ? null : seatOfSide(v.outcome.winner);
    if (winnerSeat === null || winnerSeat === undefined || winnerSeat < 0) return t('play-result-draw');
    if (me !== null) return t(winnerSeat === me ? 'play-result-you-won' : 'play-result-you-lost');
    return t('play-result-won', { name: seatName(table?.seats[winnerSeat]) });
  };

  /** @param {number | null} me */
  const renderEnd = (me) => {
    if (!table || table.status !== 'over') {
      endEl.hidden = true;
      endEl.replaceChildren();
      return;
    }
    const v = table.view;
    const reason = table.result?.reason ?? v?.outcome?.reason ?? '';
    let why = '';
    if (reason === 'resignation') {
      const winner = table.result?.winner;
      const loser = winner === null || winner === undefined ? null : table.seats[1 - winner];
      why = t('play-reason-resignation', { name: seatName(loser) });
    } else if (reason === 'boxes' && v?.game === 'dots') {
      why = t('play-reason-boxes', { score0: v.scores[0], score1: v.scores[1] });
    } else if (reason === 'target-reached' && v?.game === 'musashi') {
      why = t('play-reason-target-reached', { target: v.target ?? v.taken });
    } else if (reason === 'move-limit' && v?.game === 'musashi') {
      why = t('play-reason-move-limit', { limit: v.limit ?? v.childrenMoves });
    } else if (reason) {
      why = t(`play-reason-${reason}`);
    }
    const rating = me === null ? undefined : table.result?.ratings?.find((r) => r.seat === me);
    const other = me === null ? null : table.seats[1 - me];
    const otherAsked = me !== null && !!table.rematch?.[1 - me];
    const iAsked = me !== null && !!table.rematch?.[me];
    endEl.hidden = false;
    endEl.dataset.reason = reason;
    endEl.replaceChildren(h('div', { class: 'end-card', role: 'status' },
      h('h2', { id: 'result-title' }, resultTitle(me)),
      h('p', { id: 'result-reason' }, why),
      rating ? h('p', { class: 'muted' }, t('play-rating-change', { before: String(Math.round(rating.before)), after: String(Math.round(rating.after)) })) : null,
      iAsked && !vsCpu() ? h('p', { class: 'muted' }, t('play-rematch-waiting', { name: seatName(other) })) : null,
      otherAsked && !iAsked ? h('p', {}, t('play-rematch-asked', { name: seatName(other) })) : null,
      me !== null ? h('button', { type: 'button', class: 'btn primary', id: 'end-rematch', disabled: iAsked, onclick: () => intent('rematch') }, t('play-rematch')) : null,
      h('a', { class: 'btn', href: `/${lang}/games/${table.game}` }, t(`game-${table.game}`))));
  };

  // ---- settings (the host's rules for the next game) ----
  /** @param {string} id @param {string | boolean} value */
  const valueLabel = (id, value) => {
    if (!table) return String(value);
    if (typeof value === 'boolean') return t(value ? 'play-on' : 'play-off');
    if (table.game === 'dots' && id === 'size') {
      const [w, hh] = value.split('x');
      return t('dots-size', { w, h: hh });
    }
    return t(`${table.game}-opt-${id}-${value}`);
  };

  const buildSettings = () => {
    if (!table || !specs) return;
    const tb = /** @type {any} */ (table);
    const next = /** @type {Record<string, string | boolean>} */ (tb.nextOptions ?? table.options);
    const host = !!you?.host;
    const fields = specs.map((sp) => {
      const id = `opt-${sp.id}`;
      const current = next[sp.id] ?? sp.default;
      const disabled = !host || !sp.changeable;
      if (sp.values.every((x) => typeof x === 'boolean')) {
        return h('label', { class: 'check' },
          h('input', { type: 'checkbox', id, name: sp.id, checked: current === true, disabled }),
          h('span', {}, t(`${table?.game}-opt-${sp.id}`)));
      }
      return h('label', { class: 'field', for: id },
        h('span', {}, t(`${table?.game}-opt-${sp.id}`)),
        h('select', { id, name: sp.id, disabled },
          ...sp.values.map((val) => h('option', { value: String(val), selected: val === current }, valueLabel(sp.id, val)))));
    });
    const limit = table.turnLimit;
    fields.push(h('label', { class: 'field', for: 'opt-turnLimit' },
      h('span', {}, t('play-turn-limit')),
      h('select', { id: 'opt-turnLimit', name: 'turnLimit', disabled: !host },
        ...[null, 30, 60].map((s) => h('option', { value: s === null ? '' : String(s), selected: s === limit },
          s === null ? t('play-turn-limit-none') : t('play-turn-limit-seconds', { seconds: s }))))));
    const ranked = tb.nextRanked ?? table.ranked;
    fields.push(h('label', { class: 'check' },
      h('input', { type: 'checkbox', id: 'opt-ranked', name: 'ranked', checked: !!ranked, disabled: !host || vsCpu() }),
      h('span', {}, t('play-ranked'), h('small', { class: 'muted' }, ` ${t('play-ranked-hint')}`))));
    settingsForm.replaceChildren(
      h('p', { class: 'muted' }, t(host ? 'play-settings-host' : 'play-settings-readonly')),
      ...fields,
      ...(host ? [h('button', { type: 'submit', class: 'btn primary', id: 'settings-save' }, t('play-settings-save'))] : []),
      h('p', { class: 'saved', id: 'settings-saved', role: 'status' }, savedNote ? t('play-settings-saved') : ''));
  };

  settingsForm.addEventListener('change', () => {
    settingsDirty = true;
    savedNote = false;
    const saved = settingsForm.querySelector('#settings-saved');
    if (saved) saved.textContent = '';
  });
  settingsForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!specs || !table) return;
    /** @type {Record<string, string | boolean>} */
    const options = {};
    for (const sp of specs) {
      const el = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (settingsForm.elements.namedItem(sp.id));
      if (!el || !sp.changeable) continue;
      options[sp.id] = el instanceof HTMLInputElement && el.type === 'checkbox' ? el.checked : el.value;
    }
    const limitEl = /** @type {HTMLSelectElement} */ (settingsForm.elements.namedItem('turnLimit'));
    const rankedEl = /** @type {HTMLInputElement} */ (settingsForm.elements.namedItem('ranked'));
    /** @type {Record<string, unknown>} */
    const fields = { options, turnLimit: limitEl.value ? Number(limitEl.value) : null };
    if (!vsCpu()) fields.ranked = rankedEl.checked;
    const ok = await intent('settings', fields);
    if (ok) {
      settingsDirty = false;
      savedNote = true;
      render();
    }
  });

  // ---- buttons ----
  undoBtn.addEventListener('click', () => intent('undo'));
  hintBtn.addEventListener('click', async () => {
    if (!table) return;
    const ply = pliesPlayed(table);
    hintAsked = true;
    render();
    const reply = await intent('hint');
    hintAsked = false;
    // A move made while the CPU thought makes the suggestion stale.
    if (reply && table && pliesPlayed(table) === ply) {
      const move = typeof reply.move === 'string' ? reply.move : null;
      hint = move ? { ply, move } : null;
      notice = move ? t('play-hint-shown', { move: describeMove(move) }) : t('play-hint-none');
      announce(notice);
    }
    render();
  });
  resignBtn.addEventListener('click', () => {
    resignConfirm = true;
    render();
    confirmYes.focus();
  });
  confirmNo.addEventListener('click', () => {
    resignConfirm = false;
    render();
    resignBtn.focus();
  });
  confirmYes.addEventListener('click', async () => {
    resignConfirm = false;
    render();
    await intent('resign');
  });
  copyBtn.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      linkInput.select();
      document.execCommand('copy');
    }
    copiedEl.textContent = t('play-invite-copied');
  });
  linkInput.addEventListener('focus', () => linkInput.select());
  nameForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const name = nameInput.value.trim();
    if (!name) return;
    await intent('name', { name });
    nameInput.blur();
  });
}
