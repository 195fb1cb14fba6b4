// The group page, which is also the play page. This module only wires: the socket (ws.js)
// feeds the table reducer (table/reducer.js), each change is narrated (play/narrate.js) and
// drawn by the board and the panels (play/*.js). The table is the server's; the page's own
// state (a notice, the resign question, a hint) is in `ui` (play/ui.js).

import { ApiError, ensureToken, forgetToken, storedToken } from './api.js';
import { h } from './dom.js';
import { createActions } from './play/actions.js';
import { createDeviceCpu, deviceHint } from './play/device-cpu.js';
import { createEnd } from './play/end.js';
import { soundOf, soundQueue } from './play/event-sound.js';
import { loadGame } from './games/index.js';
import { errorText } from './play/errors.js';
import { createInvite } from './play/invite.js';
import { createMoveList } from './play/move-list.js';
import { createName } from './play/name.js';
import { keepFocus } from './focus-keeper.js';
import { narrate } from './play/narrate.js';
import { showNoShow } from './play/no-show.js';
import { createQuickMessages } from './play/quick-messages.js';
import { createReview } from './play/review.js';
import { createSeats } from './play/seats.js';
import { createSettings } from './play/settings.js';
import { createStatus } from './play/status.js';
import { seatTags } from './play/tags.js';
import { afterEvent, initialUi } from './play/ui.js';
import { mySeat, props } from './play/who.js';
import { createSound, soundToggle } from './sound.js';
import { MirrorError, applyEvent, mirrorOf } from './table/reducer.js';
import { Connection, IntentError } from './ws.js';

/** A fresh state is asked for at most this often after a mirror error (ms). */
const RESYNC_EVERY = 5000;

/**
 * @param {import('./types.js').PageData} data
 * @param {import('./types.js').Translate} t
 * @param {(text: string) => void} announce
 */
export function start(data, t, announce) {
  const code = /** @type {string} */ (data.code);
  const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const boardEl = byId('board');
  const panel = byId('panel');
  const connEl = byId('conn');

  /** @type {import('./table/reducer.js').Mirror | null} */ let mirror = null;
  /** @type {import('./types.js').You | null} */ let you = null;
  let ui = initialUi();
  /** @type {import('./games/types.js').GameModule | null} */ let parts = null;
  /** @type {import('./types.js').BoardApi | null} */ let board = null;
  let everConnected = false;
  let lastResync = -Infinity;
  /** The start position shown before the first game, by the rules it will be played with. */
  let waitingView = { key: '', view: /** @type {import('./types.js').GameView | null} */ (null) };

  const render = () => {
    if (!mirror || !parts || !board) return;
    const tb = mirror.table;
    const p = props(tb, you, ui, parts, seatTags(tb, render));
    const v = tb.view;
    if (v) {
      board.set(v, {
        mySide: p.mySide,
        interactive: tb.status === 'playing' && p.mySide !== null && v.turn === p.mySide && !v.outcome,
        showDanger: parts.showDanger(tb.options),
        hint: ui.hint && ui.hint.ply === tb.plies ? ui.hint.move : null,
      });
    } else {
      const key = JSON.stringify(tb.options);
      if (key !== waitingView.key) waitingView = { key, view: parts.rules.view(parts.rules.newGame(tb.options)) };
      if (waitingView.view) board.set(waitingView.view, { mySide: null, interactive: false, showDanger: false });
    }
    document.body.dataset.status = tb.status;
    document.body.dataset.game = tb.game;
    for (const x of panels) x.render(p);
    noticeEl.textContent = ui.notice;
    noticeEl.hidden = !ui.notice;
    // Nobody watching is not news.
    specEl.textContent = tb.spectators ? t('play-spectators', { count: tb.spectators }) : '';
    specEl.hidden = !tb.spectators;
  };

  /** @param {Partial<import('./play/ui.js').Ui>} patch */
  const setUi = (patch) => {
    ui = { ...ui, ...patch };
    render();
  };

  /**
   * Sends an intent; on refusal shows why and resolves null.
   * @param {import('./types.js').Intent} i
   */
  const intent = async (i) => {
    try {
      return await conn.send(i);
    } catch (e) {
      const err = e instanceof IntentError && e.error ? e.error : { code: /** @type {const} */ ('disconnected') };
      // A move for a position that has just changed: the board already shows the new one.
      if (err.code !== 'stale-ply') setUi({ notice: errorText(t, err) });
      return null;
    }
  };

  const askHint = async () => {
    if (!mirror) return;
    const ply = mirror.table.plies;
    setUi({ hintAsked: true });
    // The device's hint, or the server's where the engine failed here.
    const reply = (mirror.table.cpuOnDevice ? await deviceHint(mirror.table, code) : null) ?? (await intent({ t: 'hint' }));
    ui = { ...ui, hintAsked: false };
    // A move made while the CPU thought makes the suggestion stale.
    if (reply && reply.t === 'hint' && mirror?.table.view && mirror.table.plies === ply && parts) {
      const move = reply.move;
      const notice = move ? t('play-hint-shown', { move: parts.describe(t, mirror.table.view, move) }) : t('play-hint-none');
      ui = { ...ui, hint: move ? { ply, move } : null, notice };
      announce(notice);
    }
    render();
  };

  // A visitor watches without a player; tapping "sit" makes one (a device token), says hello
  // again with it, and sits down.
  const join = async () => {
    if (ui.joining) return;
    setUi({ joining: true });
    try {
      if (!you?.playerId) {
        await ensureToken();
        await conn.reconnect();
      }
      await intent({ t: 'sit' });
    } catch (e) {
      setUi({ notice: t(e instanceof ApiError && e.status === 429 ? 'error-rate-limited' : 'error-network') });
    }
    setUi({ joining: false });
  };

  // The move sound (off until turned on): a burst of events plays one sound, the weightiest.
  const sound = createSound();
  const playSoon = soundQueue(sound);

  /** @type {ReturnType<typeof setTimeout> | undefined} */ let undoWaitTimer;

  // ---- the panel, built once so focus survives updates ----
  const status = createStatus({ t });
  const actions = createActions({ t, intent, hint: askHint, confirmResign: (open) => setUi({ resignConfirm: open }) });
  const seats = createSeats({ t, join });
  const end = createEnd({ t, lang: data.lang, el: byId('endscreen'), rematch: () => intent({ t: 'rematch' }) });
  const invite = createInvite({ t, link: `${location.origin}/${data.lang}/g/${code}` });
  const settings = createSettings({ t, intent, setUi });
  const name = createName({ t, intent });
  const review = createReview({ t, lang: data.lang, code });
  const moveList = createMoveList({ t, boardEl });
  const deviceCpu = createDeviceCpu({ t, code, send: (i) => conn.send(i), announce });
  const quick = createQuickMessages({ t, code, intent, announce });
  const panels = [end, review, seats, status, moveList, actions, invite, settings, name, deviceCpu, quick];
  const noticeEl = h('p', { class: 'notice', id: 'notice', role: 'status' });
  const specEl = h('p', { class: 'spectators', id: 'spectators' });
  const tools = h('div', { class: 'row table-tools' }, specEl, soundToggle(t, sound));
  // The end screen leads the panel: beside the board on a wide screen, right under it on a phone.
  // While waiting, the invite link comes right under the status: it is the one thing to do.
  // A used button that goes away hands focus to the next thing to do: the end card, the board.
  keepFocus(document.body, () => [byId('end-rematch'), byId('end-new'), boardEl.querySelector('[tabindex="0"]'), byId('play-heading')]);
  panel.replaceChildren(byId('endscreen'), review.el, seats.el, ...status.els, deviceCpu.el, moveList.el, invite.el, ...actions.els, quick.el, noticeEl, tools, settings.el, name.el);

  // ---- the table: a state, then events ----
  /** Lost track of the table (a bug): ask for a full state, but not in a loop. @param {unknown} e */
  const resync = (e) => {
    console.error('qdan: the table and its events disagree; asking for a full state.', e);
    if (performance.now() - lastResync < RESYNC_EVERY) return;
    lastResync = performance.now();
    conn.reconnect({ fresh: true });
  };

  /** @param {import('./types.js').StateMessage} msg */
  const onState = async (msg) => {
    if (!parts) {
      parts = await loadGame(msg.table.game);
      byId('play-heading').textContent = t(`game-${msg.table.game}`);
      boardEl.className = `board ${msg.table.game}`;
      board = moveList.wrap(parts.createBoard(boardEl, {
        onMove: (move) => {
          if (!mirror) return;
          deviceCpu.ahead(mirror, move, mySeat(mirror.table, you));
          intent({ t: 'move', ply: mirror.table.plies, move });
        },
        t,
        announce,
      }));
    }
    try {
      mirror = mirrorOf(msg.v, msg.table, parts.rules);
    } catch (e) {
      // Show the table as sent; its events cannot be followed until the next state.
      mirror = { v: msg.v, table: msg.table, game: null, rules: parts.rules };
      resync(e);
    }
    render();
  };

  // Words said within a moment of each other are said together: the live region keeps only
  // the last (the game's last move, then its result).
  let spoken = { text: '', at: -1e9 };
  /** @param {string} text */
  const say = (text) => {
    const now = performance.now();
    const joined = now - spoken.at < 250 && spoken.text ? `${spoken.text} ${text}` : text;
    spoken = { text: joined, at: now };
    announce(joined);
  };

  /** @param {import('./types.js').EventMessage} msg */
  const onEvent = (msg) => {
    if (msg.kind === 'noShow') return showNoShow({ t, lang: data.lang, game: mirror?.table.game, announce, close: () => conn.close() });
    if (!mirror || !parts) return;
    const before = mirror.table;
    try {
      mirror = applyEvent(mirror, msg);
    } catch (e) {
      if (!(e instanceof MirrorError)) throw e;
      resync(e);
      return;
    }
    const after = mirror.table;
    const me = mySeat(after, you);
    const said = narrate(parts, msg, before, after, me, you, t, seatTags(after, render));
    ui = afterEvent(ui, msg);
    if (msg.kind === 'undoDeclined' && msg.seat === me) {
      // Asking again is refused until the wait is over: the button says so by being disabled.
      ui = { ...ui, undoWaitUntil: performance.now() + msg.waitMs };
      clearTimeout(undoWaitTimer);
      undoWaitTimer = setTimeout(render, msg.waitMs + 50);
    }
    const kind = soundOf(msg);
    if (kind) playSoon(kind);
    if (said.notice) ui = { ...ui, notice: said.notice };
    if (said.speak) say(said.speak);
    render();
    // The result, after the card is drawn: the end card itself is not reliably read out.
    if (before.status !== 'over' && after.status === 'over') say(end.words());
  };

  // Messages are handled in order; the first state waits for its game's modules to load.
  let queue = Promise.resolve();
  /** @param {() => void | Promise<void>} f */
  const inOrder = (f) => {
    queue = queue.then(f).catch((e) => console.error(e));
  };

  const conn = new Connection(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/${code}`, storedToken, {
    onWelcome: (msg) => inOrder(() => {
      you = msg.you;
      render();
    }),
    onState: (msg) => inOrder(() => onState(msg)),
    onEvent: (msg) => inOrder(() => onEvent(msg)),
    onQuick: (msg) => inOrder(() => quick.receive(msg)),
    onStatus(up) {
      if (up) clearTimeout(slow);
      if (up && everConnected && !connEl.hidden) announce(t('play-conn-back'));
      if (up) everConnected = true;
      connEl.hidden = up;
      connEl.textContent = up ? '' : t('play-conn-lost');
    },
    onBadToken() {
      // The server forgot this device: watch, and sit down again with a new token if wanted.
      forgetToken();
      you = null;
    },
    onRefused(e) {
      // Too many sockets from this network: say so in the connection banner until one opens.
      clearTimeout(slow);
      connEl.hidden = false;
      connEl.textContent = errorText(t, e);
    },
    onFatal() {
      clearTimeout(slow);
      conn.close();
      status.destroy();
      panel.replaceChildren(h('p', { class: 'error', role: 'alert' }, t('play-not-found')));
      boardEl.replaceChildren();
    },
  });
  // A socket that never opens still shows the banner after a moment.
  const slow = setTimeout(() => {
    connEl.hidden = false;
    connEl.textContent = t('play-conn-lost');
  }, 4000);
  conn.start();

  // The current table and identity, for debugging and the browser tests.
  /** @type {any} */ (window).qdanState = () => ({ table: mirror?.table ?? null, you, seat: mirror ? mySeat(mirror.table, you) : null });
  /** @type {any} */ (window).qdanConn = () => conn;
}
