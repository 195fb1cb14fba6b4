// The CPU opponent played on this device (issue 36, docs/protocol.md "The CPU on the device"):
// at a table made with `cpuOnDevice`, in the CPU's turn, the seated player's page works out
// the CPU's move in the engine's worker (the page never freezes) and sends it as `cpuMove`;
// the server checks it like any move. A sign shows while it thinks. The engine loads only
// when a CPU move is first due, so no other page pays for it.

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
 * @param {{t: import('../types.js').Translate, code: string, send: (i: import('../types.js').Intent) => Promise<unknown>}} ctx
 */
export function createDeviceCpu({ t, code, send }) {
  const el = h('p', { class: 'cpu-thinking', id: 'cpu-thinking', hidden: true }, t('play-cpu-thinking'));
  /** The position (`gameNo/plies`) being worked out or sent; '' when none is. */
  let asked = '';
  /** The move worked out last, kept so that a send lost to a dropped socket is sent again as is. */
  let known = { key: '', move: /** @type {string | null} */ (null) };

  /**
   * @param {import('../types.js').TableView} tb
   * @param {import('../types.js').Seat} cpu
   * @param {string} key
   */
  const play = async (tb, cpu, key) => {
    const started = performance.now();
    try {
      if (known.key !== key) {
        const engine = await import('../engine/engine.js');
        const level = /** @type {string} */ (tb.seats[cpu]?.cpu);
        const seed = engine.moveSeed(code, tb.gameNo, tb.plies);
        const move = await engine.cpuMove({ kind: tb.game, options: tb.options, moves: tb.moves, level, seed });
        known = { key, move };
      }
      if (known.move === null) return;
      await new Promise((done) => setTimeout(done, Math.max(0, started + CPU_DELAY - performance.now())));
      await send({ t: 'cpuMove', ply: tb.plies, move: known.move });
    } catch (e) {
      const code = /** @type {{code?: string}} */ (e).code;
      // A lost socket: the next welcome renders again, and the move is sent then. A position
      // that moved on (a take-back, the clock) needs nothing. Anything else is a bug.
      if (code === 'disconnected') asked = '';
      else if (code !== 'stale-ply' && code !== 'not-your-turn' && code !== 'game-over') {
        console.error('qdan: the CPU move on this device failed', e);
        asked = '';
      }
    }
  };

  /** @param {import('./who.js').Props} p */
  const render = (p) => {
    const cpu = cpuDue(p.table, p.me);
    el.hidden = !p.table.cpuOnDevice || p.me === null;
    el.classList.toggle('idle', cpu === null);
    if (cpu === null) {
      asked = '';
      return;
    }
    const key = `${p.table.gameNo}/${p.table.plies}`;
    if (key === asked) return;
    asked = key;
    play(p.table, cpu, key);
  };

  return { el, render };
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
