// The shapes of the after-the-game endpoints, mirroring `crates/wire/src/review.rs` field for
// field (as serialised). Type-only module: nothing here runs.

/**
 * A position's value. `score` and `result` are side 0's view (the Parent; the Dots player
 * who moved first).
 * @typedef {object} ValueView
 * @property {boolean} exact  Proven by the tables or a solver; false: an estimate.
 * @property {string} text  As `qdan review` prints it (`children-win-in 7`, `parent-win`, `-3`, `~2`).
 * @property {number} score  -1 (side 1 wins) to 1 (side 0 wins).
 * @property {-1 | 0 | 1 | null} result  The proven result for side 0; null for an estimate.
 * @property {number} [plies]  Musashi, the Children winning: moves until the trap.
 * @property {number} [margin]  Dots: side 0's final box margin, boxes already taken included.
 */

/**
 * @typedef {{ply: number, played: string, best: string | null}} TurningView
 *   `ply` counts moves from 1: the value before the move is `plies[ply - 1]`.
 * @typedef {{plies: ValueView[], turning: TurningView[], busyMs: number}} ReviewView
 */

/**
 * `POST /api/musashi/values`: the exact value the server's Musashi tables give each position
 * of a game, and the table's move there (null once the game is over); null where they do not
 * tell. The engine's review takes them as `known`.
 * @typedef {{value: ValueView, best: string | null}} KnownValue
 * @typedef {{values: (KnownValue | null)[]}} KnownValues
 */

/**
 * @typedef {object} PlayerView
 * @property {string | null} playerId  null for the CPU.
 * @property {string | null} tag
 * @property {string} name
 * @property {import('../types.js').CpuLevel | null} cpu
 */

/** @typedef {{winner: import('../types.js').Seat | null, reason: import('../types.js').EndReason}} EndView */

/**
 * A finished game: `GET /api/games/CODE/N`.
 * @typedef {object} GameRecordView
 * @property {string} code
 * @property {number} gameNo
 * @property {import('../types.js').GameKind} game
 * @property {import('../types.js').AnyOptions} options
 * @property {boolean} ranked
 * @property {[import('../types.js').Side, import('../types.js').Side]} sides  The side of seats 0 and 1.
 * @property {[PlayerView, PlayerView]} players  By seat.
 * @property {EndView} result
 * @property {import('../types.js').RatingChange[]} ratings
 * @property {string[]} moves
 * @property {import('../types.js').MoveSource[]} by
 * @property {number} startedAt
 * @property {number} endedAt
 * @property {ReviewView | null} review  null while it is being worked out.
 * @property {'done' | 'making' | 'device' | 'rate-limited'} [reviewState]  Where the review stands
 *   on the server: stored; being made; left to the asking device (`review=device`); refused
 *   for now (the address started too many).
 */

/**
 * @typedef {object} GameSummary
 * @property {string} code
 * @property {number} gameNo
 * @property {import('../types.js').GameKind} game
 * @property {import('../types.js').AnyOptions} options
 * @property {boolean} ranked
 * @property {import('../types.js').Seat} seat
 * @property {import('../types.js').Side} side
 * @property {PlayerView} opponent
 * @property {EndView} result
 * @property {number} plies
 * @property {number} endedAt
 */

/** @typedef {{player: PlayerView, games: GameSummary[]}} PlayerGames */

/**
 * @typedef {{move: string, value: ValueView}} MoveValue
 * @typedef {{turn: import('../types.js').Side | null, value: ValueView, moves: MoveValue[]}} AnalysisView
 * @typedef {{options: import('../types.js').AnyOptions, moves: string[], tags: [string, string][]}} RecordView
 */

/**
 * `POST /api/analysis`.
 * @typedef {object} AnalysisRequest
 * @property {Record<string, string>} options  With `game`.
 * @property {string} [position]  Musashi: start from this position text.
 * @property {number[]} [drawn]  Dots: start from these lines (no owners).
 * @property {import('../types.js').Side} [turn]  Dots with `drawn`: the side to move.
 * @property {string[]} moves
 */

export {};
