// Shapes shared by the client's modules. The wire types mirror `crates/wire` exactly (field
// names as serialised, unions tagged like serde's enums), so `tsc` checks every message the
// client reads or writes, and the generated `web/test/fixtures.js` against them: a field
// renamed on one side fails `npm run typecheck`. Type-only module: nothing here runs.

// ---- small types (crates/rules, crates/wire/src/table.rs) ----

/**
 * @typedef {0 | 1} Side  Musashi: 0 the Parent, 1 the Children. Dots: 0 moves first. Bagh-Chal: 0 the tigers, 1 the goats.
 * @typedef {0 | 1} Seat  Seat 0 is the group's creator (the host).
 * @typedef {'musashi' | 'dots' | 'bagh-chal'} GameKind
 * @typedef {GameKind} GameId
 * @typedef {'beginner' | 'intermediate' | 'expert'} CpuLevel
 * @typedef {'waiting' | 'playing' | 'over'} Status
 * @typedef {'player' | 'cpu' | 'cpu-away' | 'timeout'} MoveSource
 * @typedef {'trapped' | 'target-reached' | 'children-no-move' | 'move-limit' | 'resignation' | 'boxes'
 *   | 'tigers-blocked' | 'goats-blocked'} EndReason
 */

/** @typedef {{winner: Side | null, reason: EndReason}} Finished  How a game ended, by side. */

/**
 * The local rules of a game (`AnyOptions`, tagged by `game`).
 * @typedef {{game: 'musashi', first: 'parent' | 'children', target: '10' | '6' | 'none', limit: string,
 *   board: '33' | '25', swapRoles: boolean, showDanger: boolean}} MusashiOptions
 * @typedef {{game: 'dots', size: string, swapFirst: boolean}} DotsOptions
 * @typedef {{game: 'bagh-chal', first: 'goats' | 'tigers', target: '5' | '4' | '6' | 'all',
 *   repetition: 'forbidden' | 'allowed', swapRoles: boolean}} BaghChalOptions
 * @typedef {MusashiOptions | DotsOptions | BaghChalOptions} AnyOptions
 */

// ---- game views (crates/wire/src/view.rs) ----

/**
 * @typedef {{point: string, takes: number}} CapturePoint
 * @typedef {{move: string, taken: string[]}} MusashiLast
 */

/**
 * A Juroku Musashi game as a client sees it.
 * @typedef {object} MusashiView
 * @property {'musashi'} game
 * @property {'33' | '25'} board
 * @property {string} position  The position text (`33:c3:a1,...:p:0`).
 * @property {string} parent
 * @property {string[]} children  In point order (a1 b1 .. e5, then f2 f3 f4 g1 .. g5).
 * @property {Side} turn
 * @property {number} childrenMoves
 * @property {number | null} limit
 * @property {number | null} target
 * @property {number} taken  Children taken so far.
 * @property {string[]} legal
 * @property {string[]} endangered  Children the Parent could take with its next move.
 * @property {CapturePoint[]} capturePoints  On the Parent's turn: where it takes, and how many.
 * @property {MusashiLast | null} last
 * @property {Finished | null} outcome
 */

/** @typedef {{edge: number, player: Side, completed: number[]}} DotsLine */

/**
 * A Dots and Boxes game as a client sees it.
 * @typedef {object} DotsView
 * @property {'dots'} game
 * @property {string} size
 * @property {number} w
 * @property {number} h
 * @property {DotsLine[]} lines  In the order drawn.
 * @property {(Side | null)[]} boxes  Owner of box `r*W + c`.
 * @property {[number, number]} scores
 * @property {Side} turn
 * @property {number[]} legal
 * @property {DotsLine | null} last
 * @property {boolean} extraTurn  The last line completed a box, so its player moves again.
 * @property {Finished | null} outcome
 */

/**
 * A Bagh-Chal game as a client sees it.
 * @typedef {object} BaghChalView
 * @property {'bagh-chal'} game
 * @property {string} position  The position text (`a1,a5,e1,e5::20:0:g`).
 * @property {string[]} tigers  In point order (a1 b1 .. e1 a2 .. e5).
 * @property {string[]} goats  In point order.
 * @property {number} inHand  Goats still to be placed.
 * @property {number} captured
 * @property {number} target  Captures that win (20: all).
 * @property {Side} turn
 * @property {string[]} legal
 * @property {string[]} endangered  Goats a tiger could jump next move.
 * @property {{move: string, captured: string | null} | null} last
 * @property {Finished | null} outcome
 */

/** @typedef {MusashiView | DotsView | BaghChalView} GameView */
/** @typedef {GameView} View */

// ---- the table (crates/wire/src/table.rs) ----

/**
 * @typedef {object} SeatView
 * @property {string | null} playerId  `null` for the CPU opponent.
 * @property {string} name
 * @property {Side} side
 * @property {boolean} connected
 * @property {boolean} away  The CPU plays for this seat: its device is gone.
 * @property {CpuLevel | null} cpu
 * @property {number | null} rating
 */

/**
 * @typedef {{side: Side, remainingMs: number, limit: number | null}} ClockView
 * @typedef {{requestedBy: Seat}} UndoView
 * @typedef {{seat: Seat, before: number, after: number}} RatingChange
 * @typedef {{winner: Seat | null, reason: EndReason, ratings: RatingChange[]}} ResultView  By seat.
 */

/**
 * The whole table: what a `state` message carries.
 * @typedef {object} TableView
 * @property {string} code
 * @property {GameKind} game
 * @property {number} gameNo  0 before the first game.
 * @property {number} plies  Moves played in the current game: the `ply` of the next move.
 * @property {Status} status
 * @property {AnyOptions} options  The current game's rules (before the first: the next game's).
 * @property {AnyOptions} nextOptions
 * @property {number | null} turnLimit
 * @property {boolean} ranked
 * @property {boolean} nextRanked
 * @property {Seat | null} host
 * @property {[SeatView | null, SeatView | null]} seats
 * @property {number} spectators
 * @property {GameView | null} view  `null` before the first game.
 * @property {string[]} moves  The current game's moves, oldest first.
 * @property {ClockView | null} clock
 * @property {UndoView | null} undo
 * @property {ResultView | null} result
 * @property {[boolean, boolean]} rematch  Which seats asked for the next game.
 * @property {boolean} cpuOnDevice  The CPU opponent is played on the host's device (`cpuMove`).
 */

/** @typedef {{playerId: string | null, seat: Seat | null, host: boolean}} You  `playerId` null: a watcher. */

// ---- events (crates/wire/src/event.rs): deltas, one per version ----

/**
 * @typedef {{kind: 'seat', seat: Seat, info: SeatView}} SeatEvent
 * @typedef {{kind: 'spectators', count: number}} SpectatorsEvent
 * @typedef {{kind: 'move', ply: number, seat: Seat, side: Side, by: MoveSource, move: string, taken?: string[],
 *   completed?: number[], clock: ClockView | null, result?: ResultView}} MoveEvent
 * @typedef {{kind: 'undo', seat: Seat, plies: number, clock: ClockView | null}} UndoEvent
 * @typedef {{kind: 'undoRequest', seat: Seat}} UndoRequestEvent
 * @typedef {{kind: 'undoDeclined', seat: Seat, waitMs: number}} UndoDeclinedEvent
 * @typedef {{kind: 'resign', seat: Seat, result: ResultView}} ResignEvent
 * @typedef {{kind: 'end', result: ResultView}} EndEvent
 * @typedef {{kind: 'rematchOffer', seat: Seat}} RematchOfferEvent
 * @typedef {{kind: 'newGame', gameNo: number, options: AnyOptions, ranked: boolean, sides: [Side, Side],
 *   clock: ClockView | null}} NewGameEvent
 * @typedef {{kind: 'settings', nextOptions: AnyOptions, turnLimit: number | null, nextRanked: boolean,
 *   clock: ClockView | null}} SettingsEvent
 * @typedef {{kind: 'noShow', absent: Seat[]}} NoShowEvent
 * @typedef {SeatEvent | SpectatorsEvent | MoveEvent | UndoEvent | UndoRequestEvent | UndoDeclinedEvent | ResignEvent
 *   | EndEvent | RematchOfferEvent | NewGameEvent | SettingsEvent | NoShowEvent} Event
 */

// ---- errors (crates/wire/src/error.rs): a code with typed arguments ----

/**
 * @typedef {{code: 'bad-json' | 'unknown-type' | 'bad-field' | 'hello-first' | 'bad-token' | 'not-found'
 *   | 'not-seated' | 'table-full' | 'not-host' | 'stale-ply' | 'game-over' | 'game-in-progress' | 'not-your-turn'
 *   | 'off-board' | 'not-your-piece' | 'not-a-line' | 'occupied' | 'repetition' | 'already-drawn' | 'must-place' | 'cannot-place' | 'no-jump' | 'bad-move'
 *   | 'no-undo' | 'undo-pending' | 'not-vs-cpu' | 'no-opponent' | 'rate-limited' | 'too-large' | 'cross-origin' | 'internal' | 'table-moved'
 *   | 'bad-history' | 'not-over'}} PlainErrorCode
 * @typedef {{code: 'undo-wait', args: {secs: number}}} UndoWaitError  Ask again after `secs`.
 * @typedef {{code: 'too-many-groups' | 'too-many-sockets', args: {max: number}}} TooManyError  A bound of issue 19.
 * @typedef {{code: 'illegal-move', args: {ply?: number}}} IllegalMoveError  The lesson's (no ply) and an
 *   uploaded offline game's (the ply of the first refused move).
 * @typedef {PlainErrorCode | UndoWaitError | TooManyError | IllegalMoveError} ErrorCode
 * @typedef {ErrorCode & {message: string}} WireError  `message` is English for logs: never parse it.
 */

// ---- server messages (crates/wire/src/server.rs) ----

/**
 * @typedef {{t: 'welcome', v: number, you: You}} WelcomeMessage
 * @typedef {{t: 'state', v: number, table: TableView}} StateMessage
 * @typedef {{t: 'event', v: number} & Event} EventMessage
 * @typedef {{t: 'ack', id: number, v: number}} AckMessage
 * @typedef {{t: 'error', id?: number} & WireError} ErrorMessage
 * @typedef {{t: 'hint', id: number, move: string | null}} HintMessage
 * @typedef {{t: 'pong'}} PongMessage
 * @typedef {'hello' | 'good-luck' | 'good-game' | 'thanks' | 'oops' | 'well-played' | 'sorry' | 'must-go'} Phrase
 * @typedef {{t: 'quick', seat: Seat, phrase: Phrase}} QuickMessage  A player said a preset phrase (no version).
 * @typedef {WelcomeMessage | StateMessage | EventMessage | AckMessage | ErrorMessage | HintMessage
 *   | PongMessage | QuickMessage} ServerMessage
 */

// ---- client messages (crates/wire/src/client.rs) ----

/**
 * @typedef {{t: 'hello', token?: string, since?: number}} HelloMessage  No token: only watch.
 * @typedef {{t: 'sync', since: number}} SyncMessage
 * @typedef {{t: 'ping'}} PingMessage
 * @typedef {{t: 'sit'} | {t: 'move', ply: number, move: string | number} | {t: 'resign'} | {t: 'undo'}
 *   | {t: 'undoAnswer', accept: boolean} | {t: 'rematch'}
 *   | {t: 'settings', options?: Record<string, string | boolean>, turnLimit?: number | null, ranked?: boolean}
 *   | {t: 'name', name: string} | {t: 'hint'} | {t: 'cpuMove', ply: number, move: string}
 *   | {t: 'quick', phrase: Phrase}} Intent
 * @typedef {Intent & {id: number}} IntentMessage
 * @typedef {HelloMessage | SyncMessage | PingMessage | IntentMessage} ClientMessage
 */

/**
 * A recorded session of a table (`web/test/fixtures.js`, written by the server's tests from the
 * Rust mirror): a start state, its events, and the table a client must end with.
 * @typedef {{name: string, state: StateMessage, events: EventMessage[], final: TableView}} Fixture
 */

// ---- the page and the boards ----

/**
 * @typedef {object} PageData  What the server put into the page (`#qdan-data`).
 * @property {string} lang
 * @property {string} page  home | game | learn | rules | group | leaderboard | not-found
 * @property {GameKind | null} game
 * @property {string | null} code
 * @property {string} ftl  The locale's Fluent messages.
 * @property {OptionSpec[]} [options]  A game page: the game's local rules (as `GET /api/options/GAME`), for a game offline.
 */

/**
 * @typedef {object} OptionSpec  One local rule, from `GET /api/options/GAME`.
 * @property {string} id
 * @property {(string | boolean)[]} values
 * @property {string | boolean} default
 * @property {boolean} changeable
 */

/**
 * @typedef {object} BoardOptions  What a board needs besides the view.
 * @property {Side | null} mySide  The side this device plays, or null when watching.
 * @property {boolean} interactive  Whether this device may move now.
 * @property {boolean} showDanger  Musashi: draw the danger hints.
 * @property {string | null} [hint]  A move the CPU suggested (the Hint button), drawn on the board.
 */

/**
 * @typedef {object} BoardApi  The small object a game's board module returns.
 * @property {(view: GameView, opts: BoardOptions) => void} set
 * @property {() => void} destroy
 */

/** @typedef {(id: string, args?: Record<string, string | number>) => string} Translate */

export {};
