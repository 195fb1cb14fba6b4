// The analysis board (`/{lang}/games/{game}/analysis`): any position of either game under any
// rule, with the value of the position and of every legal move (exact, or an estimate where the
// solvers do not reach, said so). Play either side, step through the line, set a position up by
// hand, or continue from a replay (rules and moves in the address's fragment) or an imported
// record. The engine values each position on this device (the server where it cannot:
// review/device-analysis.js); the client rules draw it.

import { h } from './dom.js';
import { loadGame } from './games/index.js';
import { readRecord } from './review/api.js';
import { analyse } from './review/device-analysis.js';
import { analysisLink, readAnalysisLink } from './review/links.js';
import { moveValues, positionValue } from './review/move-values.js';
import { ruleFields } from './review/rule-fields.js';
import { createStepper } from './review/stepper.js';

/** @typedef {import('./types.js').Translate} Translate */

/**
 * @param {import('./types.js').PageData} data
 * @param {Translate} t
 * @param {(text: string) => void} announce
 */
export async function start(data, t, announce) {
  const game = /** @type {import('./types.js').GameKind} */ (data.game);
  const byId = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const boardEl = byId('board');
  const parts = await loadGame(game);
  const setup = parts.setup;
  const names = parts.analysisRoles(t);

  /** @type {Record<string, any>} */
  let options = { ...parts.analysisOptions };
  /** @type {'play' | 'setup'} */
  let mode = 'play';
  /** @type {any} */
  let base = null;
  /** @type {string[]} */
  let line = [];
  let from = '';
  /** @type {import('./review/types.js').AnalysisView | null} */
  let values = null;
  let valuesKey = '';
  let asked = 0;
  /** The question the server is working on, if any. @type {Promise<void> | null} */
  let pending = null;
  let error = '';

  const link = readAnalysisLink(location.hash);
  if (link && link.options.game === game) {
    options = { ...options, ...link.options };
    line = link.moves;
    if (link.from) from = link.from;
    // A position set up by hand: the line starts from it.
    if (link.setup) base = setup.read(options, link.setup);
    // A position that cannot be valued yet (Musashi: no Parent) is still being set up.
    if (base && !setup.ready(base)) mode = 'setup';
  }

  /** The game at the start of the line: the rules' start, or the set-up position. */
  const startGame = () => {
    if (!base) return parts.rules.newGame(options);
    return setup.game(options, base);
  };

  /** The game after `n` moves of the line (a move the rules refuse ends the line there). @param {number} n */
  const gameAt = (n) => {
    let g = startGame();
    for (let i = 0; i < n && i < line.length; i++) {
      try {
        g = parts.rules.play(g, parts.rules.turn(g), line[i]).game;
      } catch {
        line = line.slice(0, i);
        break;
      }
    }
    return g;
  };

  const board = parts.createBoard(boardEl, {
    onMove: (move) => play(move),
    t,
    announce,
  });
  boardEl.className = `board ${game}`;

  const stepper = createStepper({
    board: boardEl, first: byId('step-first'), prev: byId('step-prev'), next: byId('step-next'), last: byId('step-last'),
    onChange: () => render(),
  });

  /** Plays `move` after the shown move, cutting the line there. @param {string} move */
  function play(move) {
    const g = gameAt(stepper.ply);
    try {
      const done = parts.rules.play(g, parts.rules.turn(g), move);
      line = [...line.slice(0, stepper.ply), done.move];
      stepper.set(line.length, line.length);
      render();
    } catch {
      /* the board offers legal moves only */
    }
  }

  /** The request for the shown position. */
  const request = () => {
    const moves = line.slice(0, stepper.ply);
    /** @type {import('./review/types.js').AnalysisRequest} */
    const req = { options, moves };
    if (base) Object.assign(req, setup.request(base));
    return req;
  };

  const ask = async () => {
    if (mode === 'setup' && !setup.ready(base)) return;
    const req = request();
    const key = JSON.stringify(req);
    if (key === valuesKey) return;
    valuesKey = key;
    values = null;
    error = '';
    const mine = ++asked;
    drawValues();
    // One question at a time: the server values one position at once and refuses one that
    // waits too long, so taps while setting up a position (each a new position) piled up into
    // "slow down". A newer position waits for the answer being worked out; one that is no
    // longer the newest when that comes is not asked at all.
    while (pending) {
      await pending;
      if (mine !== asked) return;
    }
    /** @type {() => void} */
    let settle = () => {};
    pending = new Promise((r) => { settle = r; });
    try {
      const v = await analyse(req);
      if (mine !== asked) return;
      values = v;
    } catch (e) {
      if (mine !== asked) return;
      const err = /** @type {any} */ (e);
      error = err.detail ? `${t('review-analysis-error')} (${err.detail})` : t('review-analysis-error');
      valuesKey = '';
    } finally {
      pending = null;
      settle();
    }
    drawValues();
    drawBoard();
  };

  const drawBoard = () => {
    const g = gameAt(stepper.ply);
    const v = parts.rules.view(g);
    const over = !!v.outcome;
    const best = values && mode === 'play' && values.moves[0]?.value.exact ? values.moves[0].move : null;
    board.set(v, {
      mySide: mode === 'play' && !over ? v.turn : null,
      interactive: mode === 'play' && !over,
      // The analysis shows the danger hints whatever the rules' setting.
      showDanger: true,
      hint: best,
    });
    return v;
  };

  const drawValues = () => {
    const valueEl = byId('position-value');
    const list = byId('move-values');
    if (error) {
      valueEl.textContent = error;
      list.replaceChildren();
      return;
    }
    if (!values) {
      valueEl.textContent = t('review-analysis-thinking');
      list.replaceChildren();
      return;
    }
    valueEl.replaceChildren(...positionValue(t, parts, names, values));
    const view = parts.rules.view(gameAt(stepper.ply));
    list.replaceChildren(...moveValues(t, parts, names, values.moves, (mv) => parts.describe(t, view, mv), play));
  };

  const drawTools = () => {
    const tools = byId('analysis-tools');
    const modeBtn = (/** @type {'play' | 'setup'} */ m, /** @type {string} */ id) => h('button', {
      type: 'button', class: `btn${mode === m ? ' primary' : ''}`, 'aria-pressed': mode === m ? 'true' : 'false', 'data-mode': m,
      onclick: () => {
        if (m === 'setup' && mode !== 'setup') {
          // Set up from the position shown.
          const g = gameAt(stepper.ply);
          base = setup.fromGame(g);
          line = [];
          stepper.set(0, 0);
        }
        mode = m;
        render();
      },
    }, t(id));
    /** @type {HTMLElement[]} */
    const items = [modeBtn('play', 'review-analysis-play'), modeBtn('setup', 'review-analysis-setup')];
    if (mode === 'setup') {
      items.push(h('button', { type: 'button', class: 'btn', id: 'setup-start', onclick: () => {
        base = setup.start(options);
        render();
      } }, t('review-analysis-start')));
      items.push(h('button', { type: 'button', class: 'btn', id: 'setup-clear', onclick: () => {
        base = setup.empty(options);
        render();
      } }, t('review-analysis-clear')));
      const turn = base ? base.turn : 0;
      items.push(h('button', { type: 'button', class: 'btn', id: 'setup-turn', onclick: () => {
        if (!base) base = setup.initial(options);
        base = { ...base, turn: base.turn === 0 ? 1 : 0 };
        render();
      } }, `${t('review-analysis-turn')}: ${names[turn]}`));
      items.push(...setup.fields(t, base, options, (b) => {
        base = b;
        render();
      }));
      items.push(h('p', { class: 'muted' }, t(setup.hint)));
    } else if (from) {
      const [code, n] = from.split('/');
      items.push(h('a', { class: 'btn', href: `/${data.lang}/g/${code}/${n}` }, t('review-analysis-from', { ply: line.length, number: n })));
    }
    tools.replaceChildren(...items);
  };

  const drawRules = () => {
    byId('analysis-rules').replaceChildren(...ruleFields(t, parts, options, (id, value) => {
      options = { ...options, [id]: value };
      base = null;
      line = [];
      stepper.set(0, 0);
      render();
    }));
  };

  // Setting up: taps on the board change the position instead of moving.
  boardEl.addEventListener('click', (e) => {
    if (mode !== 'setup') return;
    const svg = boardEl.querySelector('svg');
    if (!svg) return;
    e.stopPropagation();
    base = setup.tap(base, options, svg, e);
    render();
  }, true);

  function render() {
    drawTools();
    drawBoard();
    drawValues();
    const total = line.length;
    byId('step-ply').textContent = stepper.ply === 0 ? t('review-step-start', { total }) : t('review-step-ply', { ply: stepper.ply, total });
    // The address holds what is shown, a set-up position too, so a reload or a shared link shows it again.
    const text = base ? setup.text(base) : null;
    history.replaceState(null, '', analysisLink(data.lang, { game, options: /** @type {any} */ (options), moves: line, setup: text }, stepper.ply));
    ask();
  }

  // Importing a record: its rules and moves replace the board's.
  const importText = async (/** @type {string} */ text) => {
    const errEl = byId('import-error');
    errEl.hidden = true;
    try {
      const r = await readRecord(text);
      const next = analysisLink(data.lang, { game: r.options.game, options: r.options, moves: r.moves }, r.moves.length);
      if (r.options.game !== game) {
        location.assign(next);
        return;
      }
      options = /** @type {any} */ (r.options);
      base = null;
      line = r.moves;
      from = '';
      mode = 'play';
      drawRules();
      stepper.set(line.length, line.length);
      render();
    } catch (e) {
      const err = /** @type {any} */ (e);
      errEl.textContent = t('review-import-bad', { why: err.detail ?? err.code ?? '' });
      errEl.hidden = false;
    }
  };
  byId('import-go').addEventListener('click', () => importText(/** @type {HTMLTextAreaElement} */ (byId('import-text')).value));
  byId('import-file').addEventListener('change', async () => {
    const f = /** @type {HTMLInputElement} */ (byId('import-file')).files?.[0];
    if (f) importText(await f.text());
  });

  drawRules();
  gameAt(line.length);
  stepper.set(line.length, line.length);
  render();
  /** @type {any} */ (window).qdanAnalysis = () => ({ options, line, ply: stepper.ply, values, mode, base: base ? setup.shown(base) : base });
}
