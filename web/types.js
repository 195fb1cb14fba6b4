// Shapes shared by the client's modules: the wire types of docs/protocol.md and the page data.
// Type-only module: nothing here runs.

/**
 * @typedef {0 | 1} Side
 * @typedef {'musashi' | 'dots'} GameId
 * @typedef {'beginner' | 'intermediate' | 'expert'} CpuLevel
 */

/**
 * @typedef {object} PageData  What the server put into the page (`#qdan-data`).
 * @property {string} lang
 * @property {string} page  home | game | learn | rules | group | leaderboard | not-found
 * @property {GameId | null} game
 * @property {string | null} code
 * @property {string} ftl  The locale's Fluent messages.
 */

/**
 * @typedef {object} Finished
 * @property {Side | null} winner
 * @property {string} reason  trapped | target-reached | children-no-move | move-limit | resignation | boxes
 */

/**
 * @typedef {object} CapturePoint
 * @property {string} point
 * @property {number} takes
 */

/**
 * @typedef {object} MusashiView
 * @property {'musashi'} game
 * @property {'33' | '25'} board
 * @property {string} position
 * @property {string} parent
 * @property {string[]} children
 * @property {Side} turn
 * @property {number} childrenMoves
 * @property {number | null} limit
 * @property {number | null} target
 * @property {number} taken
 * @property {string[]} legal
 * @property {string[]} endangered
 * @property {CapturePoint[]} capturePoints
 * @property {{move: string, taken: string[]} | null} last
 * @property {Finished | null} outcome
 */

/**
 * @typedef {object} DotsLine
 * @property {number} edge
 * @property {Side} player
 * @property {number[]} completed
 */

/**
 * @typedef {object} DotsView
 * @property {'dots'} game
 * @property {string} size
 * @property {number} w
 * @property {number} h
 * @property {DotsLine[]} lines
 * @property {(Side | null)[]} boxes
 * @property {[number, number]} scores
 * @property {Side} turn
 * @property {number[]} legal
 * @property {DotsLine | null} last
 * @property {boolean} extraTurn
 * @property {Finished | null} outcome
 */

/** @typedef {MusashiView | DotsView} View */

/**
 * @typedef {object} Seat
 * @property {string | null} playerId
 * @property {string} name
 * @property {Side} side
 * @property {boolean} connected
 * @property {boolean} away
 * @property {CpuLevel | null} cpu
 * @property {number | null} rating
 */

/**
 * @typedef {object} RatingChange
 * @property {number} seat
 * @property {number} before
 * @property {number} after
 */

/**
 * @typedef {object} Result
 * @property {Side | null} winner
 * @property {string} reason
 * @property {RatingChange[]} [ratings]
 */

/**
 * @typedef {object} Table
 * @property {string} code
 * @property {GameId} game
 * @property {number} gameNo
 * @property {'waiting' | 'playing' | 'over'} status
 * @property {Record<string, string | boolean>} options
 * @property {number | null} turnLimit
 * @property {boolean} ranked
 * @property {number | null} host
 * @property {(Seat | null)[]} seats
 * @property {number} spectators
 * @property {View | null} view
 * @property {{side: Side, remainingMs: number} | null} [clock]
 * @property {{requestedBy: number} | null} [undo]
 * @property {Result | null} [result]
 * @property {[boolean, boolean] | null} [rematch]
 */

/**
 * @typedef {object} You
 * @property {string} playerId
 * @property {0 | 1 | null} seat
 * @property {boolean} host
 */

/**
 * @typedef {object} OptionSpec  One local rule, from `GET /api/options/GAME`.
 * @property {string} id
 * @property {(string | boolean)[]} values
 * @property {string | boolean} default
 * @property {boolean} changeable
 */

/**
 * @typedef {object} ServerMessage  Anything the server sends on the socket.
 * @property {string} t
 * @property {number} [v]
 * @property {number} [id]
 * @property {You} [you]
 * @property {Table} [table]
 * @property {string} [kind]
 * @property {string} [code]
 * @property {string} [message]
 * @property {string} [move]
 * @property {number} [ply]
 * @property {string} [by]
 * @property {number} [seat]
 * @property {number} [plies]
 * @property {number} [wait]
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
 * @property {(view: View, opts: BoardOptions) => void} set
 * @property {() => void} destroy
 */

/**
 * @typedef {(id: string, args?: Record<string, string | number>) => string} Translate
 */

export {};
