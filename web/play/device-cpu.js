// The CPU opponent played on this device (issue 36, docs/protocol.md "The CPU on the device"):
// at a table made with `cpuOnDevice`, in the CPU's turn, the seated player's page works out
// the CPU's move in the engine's worker (the page never freezes) and sends it as `cpuMove`;
// the server checks it like any move. A sign shows while it thinks. The engine's worker and
// module load as soon as the seated player's table is known and the page has loaded
// (`warmSoon`), so that the CPU's first move does not wait for them; a page where nobody plays
// against this device's CPU (a watcher's, a game between two people) never loads them.

import { h } from '../dom.js';

/** The CPU takes at least this long, as on the server, so the player's own move lands first (ms). */
const CPU_DELAY = 400;

/**
 * The seat of the CPU whose move this page should work out now, or null.
 * @param {import('../types.js').TableView} tb
 * @param {import('../types.js').Seat | null} me
 * @returns {import('../types.js').Seat | null}
 */
export function cpuDue(tb, me) {
  if (!tb.cpuOnDevice || tb.status !== 'playing' || me === null || !tb.view || tb.view.outcome) return null;
  const cpu = me === 0 ? 1 : 0;
  const seat = tb.seats[cpu];
  return seat && seat.cpu && seat.side === tb.view.turn ? cpu : null;
}

/**
 * Whether this page will work out CPU moves at this table: its viewer is seated against a CPU
 * played on this device, in a game still in play.
 * @param {import('../types.js').TableView} tb
 * @param {import('../types.js').Seat | null} me
 */
export function cpuComing(tb, me) {
  return tb.cpuOnDevice && tb.status === 'playing' && me !== null && tb.seats.some((s) => s?.cpu);
}

/**
 * A position of the table's game: its number and every move played in it, so that a position
 * reached again at the same ply after a take-back is not taken for the one before it.
 * @param {number} gameNo
 * @param {string[]} moves
 */
const positionKey = (gameNo, moves) => `${gameNo}/${moves.length}/${moves.join(' ')}`;

/** @typedef {typeof import('../engine/engine.js')} Engine */

/** The engine's module once imported: a move asked for then reaches the worker at once. */
let engineModule = /** @type {Engine | null} */ (null);

/** @returns {Promise<Engine>} */
async function loadEngine() {
  engineModule ??= await import('../engine/engine.js');
  return engineModule;
}

/**
 * Loads and warms the engine once the page itself has loaded: its worker downloads and
 * compiles the module on a thread of its own and runs a short search (engine.js
 * `warmEngine`), so the page pays for two small modules and a message, and the first CPU move
 * waits for none of it. (An idle callback came too late: on a throttled phone the page is
 * seldom idle before a quick player's first move.)
 * @param {Omit<import('../engine/engine.js').MoveRequest, 'seed'>} req the table's game, rules, moves and the CPU's level
 */
function warmSoon(req) {
  const warm = () => {
    loadEngine()
      .then((engine) => engine.warmEngine(req))
      .catch((e) => console.error('qdan: the engine did not load', e));
  };
  if (document.readyState === 'complete') setTimeout(warm, 0);
  else addEventListener('load', warm, { once: true });
}

/**
 * @param {{t: import('../types.js').Translate, code: string, send: (i: import('../types.js').Intent) => Promise<unknown>, announce: (text: string) => void}} ctx
 */
export function createDeviceCpu({ t, code, send, announce }) {
  const label = h('span', {}, t('play-cpu-thinking'));
  // The engine failed (it did not load, or refused the position): the page says so and offers
  // to ask again, rather than show the CPU thinking for ever.
  const retry = h('button', { type: 'button', class: 'btn', id: 'cpu-retry', hidden: true, onclick: () => again() }, t('play-cpu-retry'));
  const el = h('p', { class: 'cpu-thinking', id: 'cpu-thinking', hidden: true }, label, retry);
  /** The position (`gameNo/plies/moves`) being worked out or sent; '' when none is. */
  let asked = '';
  /** The position whose CPU move failed; '' when none did. */
  let failed = '';
  /** @type {import('./who.js').Props | null} */
  let last = null;
  /** The move worked out last, kept so that a send lost to a dropped socket is sent again as is. */
  let known = { key: '', move: /** @type {string | null} */ (null) };
  /** Whether the engine was started (by `warmSoon` or a move due). */
  let warmed = false;
  /**
   * The CPU's answer to the player's move, asked for when the player made it (`ahead`), before
   * the server sends the move back: used if the table then holds exactly those moves.
   * @type {{key: string, started: number, move: Promise<string | null>} | null}
   */
  let early = null;

  /**
   * The CPU's move after `moves` (`ply` of them) in the table's game, worked out in the engine.
   * @param {import('../types.js').TableView} tb
   * @param {import('../types.js').Seat} cpu
   * @param {string[]} moves
   * @param {number} ply
   */
  const think = (tb, cpu, moves, ply) => {
    const level = /** @type {string} */ (tb.seats[cpu]?.cpu);
    /** @param {Engine} engine */
    const ask = (engine) =>
      engine.cpuMove({ kind: tb.game, options: tb.options, moves, level, seed: engine.moveSeed(code, tb.gameNo, ply) });
    // Loaded already (the usual case): asked before the page goes on with the player's move.
    return engineModule ? ask(engineModule) : loadEngine().then(ask);
  };

  /**
   * @param {import('../types.js').TableView} tb
   * @param {import('../types.js').Seat} cpu
   * @param {string} key
   */
  const play = async (tb, cpu, key) => {
    let started = performance.now();
    try {
      if (known.key !== key) {
        const ready = early?.key === key ? early : null;
        early = null;
        if (ready) started = ready.started;
        const move = await (ready ? ready.move : think(tb, cpu, tb.moves, tb.plies));
        known = { key, move };
      }
      if (known.move === null) return;
      await new Promise((done) => setTimeout(done, Math.max(0, started + CPU_DELAY - performance.now())));
      // A take-back (and another move of the player's) while it thought: the move answers a
      // position that is gone, though it may be at the same ply.
      if (asked !== key) return;
      await send({ t: 'cpuMove', ply: tb.plies, move: known.move });
      engineModule?.markEngineFailed(false);
    } catch (e) {
      const code = /** @type {{code?: string}} */ (e).code;
      // A lost socket: the next welcome renders again, and the move is sent then. A position
      // that moved on (a take-back, the clock) needs nothing. Anything else is a bug.
      if (code === 'disconnected') {
        if (asked === key) asked = '';
      } else if (code !== 'stale-ply' && code !== 'not-your-turn' && code !== 'game-over' && asked === key) {
        console.error('qdan: the CPU move on this device failed', e);
        failed = key;
        // Not the same move again on "Try again", and the next CPU games of this tab are
        // played by the server (`engineFailed`).
        known = { key: '', move: null };
        loadEngine().then((m) => m.markEngineFailed(true), () => {});
        announce(t('play-cpu-failed'));
        if (last) render(last);
      }
    }
  };

  /**
   * The player has just made `move` (not yet sent back by the server): when the CPU is to
   * answer it, the engine starts on the answer now rather than after the server's round trip
   * and the page's redraw (a few hundred ms on a slow phone). The server still decides: the
   * answer is used only if the table comes back with exactly these moves.
   * @param {import('../table/reducer.js').Mirror} mirror the table before the move
   * @param {string} move
   * @param {import('../types.js').Seat | null} me
   */
  const ahead = (mirror, move, me) => {
    const tb = mirror.table;
    if (!cpuComing(tb, me) || cpuDue(tb, me) !== null || mirror.game === null) return;
    const cpu = me === 0 ? 1 : 0;
    try {
      /** @type {{game: any, move: string}} */
      let next;
      try {
        next = mirror.rules.play(mirror.game, mirror.rules.turn(mirror.game), move);
      } catch {
        return; // An illegal move: the server refuses it, and nothing is due.
      }
      if (mirror.rules.view(next.game).outcome || mirror.rules.turn(next.game) !== tb.seats[cpu]?.side) return;
      const moves = [...tb.moves, next.move];
      const answer = think(tb, cpu, moves, tb.plies + 1);
      // `play` awaits it and reports a failure; an answer never used fails silently.
      answer.catch(() => {});
      early = { key: positionKey(tb.gameNo, moves), started: performance.now(), move: answer };
    } catch (e) {
      // A bug, never in the way of the player's own move: the answer is asked for as before.
      console.error('qdan: the CPU could not start on its answer early', e);
    }
  };

  /** @param {import('./who.js').Props} p */
  const render = (p) => {
    last = p;
    const cpu = cpuDue(p.table, p.me);
    const key = cpu === null ? '' : positionKey(p.table.gameNo, p.table.moves);
    if (failed !== key) failed = '';
    el.hidden = !p.table.cpuOnDevice || p.me === null;
    el.classList.toggle('idle', cpu === null);
    el.classList.toggle('failed', failed !== '');
    label.textContent = t(failed ? 'play-cpu-failed' : 'play-cpu-thinking');
    retry.hidden = !failed;
    if (!warmed && cpuComing(p.table, p.me)) {
      warmed = true;
      // A move due now starts the engine itself, at once.
      const level = /** @type {string} */ (p.table.seats.find((s) => s?.cpu)?.cpu);
      if (cpu === null) warmSoon({ kind: p.table.game, options: p.table.options, moves: p.table.moves, level });
    }
    if (cpu === null) {
      asked = '';
      return;
    }
    if (key === asked || failed) return;
    asked = key;
    play(p.table, cpu, key);
  };

  /** "Try again": the failed position's move is asked for anew. */
  const again = () => {
    failed = '';
    asked = '';
    if (last) render(last);
  };

  return { el, render, ahead };
}

/**
 * The hint at a table whose CPU plays on this device, worked out here too: the expert's move
 * with the seed the server's hint uses for this position (`ai::move_seed`), so it is the hint
 * the server would give. Answers as the server's `hint` reply does; null when the engine fails.
 * @param {import('../types.js').TableView} tb
 * @param {string} code
 * @returns {Promise<{t: 'hint', move: string | null} | null>}
 */
export async function deviceHint(tb, code) {
  try {
    const engine = await import('../engine/engine.js');
    const seed = engine.moveSeed(code, tb.gameNo, tb.plies);
    return { t: 'hint', move: await engine.hintMove({ kind: tb.game, options: tb.options, moves: tb.moves, seed }) };
  } catch (e) {
    console.error('qdan: the hint on this device failed', e);
    return null;
  }
}
