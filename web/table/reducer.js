// The client's copy of a table, kept current by applying events in order: the JavaScript twin
// of `wire::Mirror` (crates/wire/src/mirror.rs), which every client must follow. A `state`
// makes a mirror; each `event` makes the next one. Events are deltas (a move, its clock, how
// the game ended), so the new game view is computed here with the game's rules
// (table/musashi.js, table/dots.js), the same way the server computes it. Pure and without
// the DOM: `applyEvent` returns a new mirror and leaves the old one (and its table) alone, so
// the page can compare the table before and after.

/** @typedef {import('../types.js').TableView} TableView */
/** @typedef {import('../types.js').EventMessage} EventMessage */
/** @typedef {import('../types.js').ClockView} ClockView */
/** @typedef {import('../types.js').ResultView} ResultView */
/** @typedef {import('../types.js').AnyOptions} AnyOptions */
/** @typedef {import('../types.js').Side} Side */

/**
 * One game's rules, as table/musashi.js and table/dots.js export them.
 * @typedef {object} GameRules
 * @property {(options: any) => any} newGame
 * @property {(game: any, side: Side, move: string) => {game: any, move: string}} play  Throws on an illegal move.
 * @property {(game: any) => any} undo
 * @property {(game: any, side: Side) => any} resign  Throws once the game is over.
 * @property {(game: any) => Side} turn  The side to move.
 * @property {(game: any) => import('../types.js').GameView} view
 */

/**
 * @typedef {object} Mirror
 * @property {number} v  The table's version.
 * @property {TableView} table
 * @property {unknown} game  The current game in the rules' own form; `null` before the first.
 * @property {GameRules} rules
 */

/** An event that cannot be applied: the client must ask for the missed events or a full state. */
export class MirrorError extends Error {
  /** @param {'gap' | 'mismatch'} kind @param {string} message */
  constructor(kind, message) {
    super(`${kind}: ${message}`);
    this.kind = kind;
  }
}

/** @param {string} text @returns {never} */
function mismatch(text) {
  throw new MirrorError('mismatch', text);
}

/**
 * Runs a rules function, turning what it throws into a mismatch.
 * @template T
 * @param {() => T} f
 * @param {string} what
 * @returns {T}
 */
function rule(f, what) {
  try {
    return f();
  } catch (e) {
    return mismatch(`${what}: ${e instanceof Error ? e.message : e}`);
  }
}

/**
 * A mirror of a full `state` at version `v`: the game is replayed from the table's moves (the
 * view is taken as sent).
 * @param {number} v
 * @param {TableView} table
 * @param {GameRules} rules
 * @returns {Mirror}
 */
export function mirrorOf(v, table, rules) {
  if (!table.view) return { v, table, game: null, rules };
  let game = rules.newGame(table.options);
  table.moves.forEach((mv, i) => {
    game = rule(() => rules.play(game, rules.turn(game), mv).game, `move ${i} ${mv}`);
  });
  const r = table.result;
  if (r && r.reason === 'resignation') {
    const loser = r.winner === null ? null : table.seats[r.winner === 0 ? 1 : 0];
    if (!loser) mismatch('a resignation without a loser');
    game = rule(() => rules.resign(game, loser.side), 'resignation');
  }
  return { v, table, game, rules };
}

/**
 * The mirror after event `msg`; throws a MirrorError when it does not follow or does not fit.
 * @param {Mirror} m
 * @param {EventMessage} msg
 * @returns {Mirror}
 */
export function applyEvent(m, msg) {
  if (msg.v !== m.v + 1) throw new MirrorError('gap', `at ${m.v}, got ${msg.v}`);
  const next = change(m, msg);
  return { ...next, v: msg.v };
}

/** @param {Mirror} m @param {unknown} game @param {Partial<TableView>} fields @returns {Mirror} */
function redraw(m, game, fields) {
  const table = { ...m.table, ...fields };
  table.view = game === null ? null : m.rules.view(game);
  table.plies = table.moves.length;
  return { ...m, table, game };
}

/** Only a game in progress has a clock. @param {TableView} t @param {ClockView | null} clock */
const clockOf = (t, clock) => (t.status === 'playing' ? clock : null);

/** @param {Mirror} m @param {EventMessage} e @returns {Mirror} */
function change(m, e) {
  const t = m.table;
  const game = () => (m.game === null ? mismatch('no game yet') : m.game);
  switch (e.kind) {
    case 'seat':
      return { ...m, table: { ...t, seats: withAt(t.seats, e.seat, e.info) } };
    case 'spectators':
      return { ...m, table: { ...t, spectators: e.count } };
    case 'move': {
      if (e.ply !== t.plies) mismatch(`move at ply ${e.ply}, table at ${t.plies}`);
      const played = rule(() => m.rules.play(game(), e.side, e.move), e.move);
      let next = redraw(m, played.game, { moves: [...t.moves, played.move] });
      next = { ...next, table: { ...next.table, clock: clockOf(next.table, e.clock) } };
      if (e.result) {
        const reason = next.table.view?.outcome?.reason;
        if (reason !== e.result.reason) mismatch(`the rules say ${reason ?? 'playing'}, the server ${e.result.reason}`);
        next = end(next, e.result);
      }
      return next;
    }
    case 'undo': {
      if (e.plies > t.moves.length) mismatch('undo past the start');
      let g = game();
      for (let i = 0; i < e.plies; i++) g = m.rules.undo(g);
      const next = redraw(m, g, { moves: t.moves.slice(0, t.moves.length - e.plies), undo: null });
      return { ...next, table: { ...next.table, clock: clockOf(next.table, e.clock) } };
    }
    case 'undoRequest':
      return { ...m, table: { ...t, undo: { requestedBy: e.seat } } };
    case 'undoDeclined':
      return { ...m, table: { ...t, undo: null } };
    case 'resign': {
      const seat = t.seats[e.seat];
      if (!seat) return mismatch('an empty seat');
      const g = rule(() => m.rules.resign(game(), seat.side), 'resignation');
      return end(redraw(m, g, {}), e.result);
    }
    case 'end':
      return end(m, e.result);
    case 'rematchOffer':
      return { ...m, table: { ...t, rematch: withAt(t.rematch, e.seat, true) } };
    case 'newGame': {
      const seats = /** @type {TableView['seats']} */ (t.seats.map((s, i) => (s ? { ...s, side: e.sides[i] } : s)));
      const next = redraw(m, m.rules.newGame(e.options), {
        gameNo: e.gameNo, options: e.options, ranked: e.ranked, seats, status: 'playing', moves: [], undo: null,
        result: null, rematch: [false, false],
      });
      return { ...next, table: { ...next.table, clock: e.clock } };
    }
    case 'settings': {
      // Before the first game the table shows the rules it will be played with.
      const waiting = t.status === 'waiting';
      const table = {
        ...t,
        nextOptions: e.nextOptions,
        turnLimit: e.turnLimit,
        nextRanked: e.nextRanked,
        options: waiting ? e.nextOptions : t.options,
        ranked: waiting ? e.nextRanked : t.ranked,
        clock: clockOf(t, e.clock),
      };
      return { ...m, table };
    }
    case 'noShow':
      // The group is gone (a player the lobby seated here did not come); the page says so.
      return m;
    default:
      return mismatch(`unknown event ${/** @type {{kind: string}} */ (e).kind}`);
  }
}

/** The game is over. @param {Mirror} m @param {ResultView} result @returns {Mirror} */
function end(m, result) {
  const t = m.table;
  /** @type {TableView['seats']} */
  let seats = t.seats;
  for (const r of result.ratings) {
    const s = seats[r.seat];
    if (s) seats = withAt(seats, r.seat, { ...s, rating: r.after });
  }
  // The CPU is always ready for the next game.
  /** @type {[boolean, boolean]} */
  const rematch = [!!seats[0]?.cpu, !!seats[1]?.cpu];
  return { ...m, table: { ...t, seats, status: 'over', clock: null, undo: null, rematch, result } };
}

/**
 * A copy of a pair with item `i` replaced.
 * @template T
 * @param {[T, T]} pair
 * @param {number} i
 * @param {T} value
 * @returns {[T, T]}
 */
function withAt(pair, i, value) {
  return i === 0 ? [value, pair[1]] : [pair[0], value];
}
