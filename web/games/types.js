// What a game's web module gives the pages (web/games/index.js loads one by its kind). Every
// page and helper asks the module instead of comparing the game's kind, so a new game is one
// module here, its board and rules folders, and one line in the registry. Type-only module.

/** @typedef {import('../types.js').Translate} Translate */
/** @typedef {import('../types.js').GameView} GameView */
/** @typedef {import('../types.js').AnyOptions} AnyOptions */
/** @typedef {import('../types.js').Side} Side */

/**
 * Setting a position up by hand on the analysis board. A set-up (`any` here: each game has
 * its own shape, e.g. `MusashiSetup` in musashi/setup.js) is plain data the page keeps.
 * @typedef {object} GameSetup
 * @property {(options: Record<string, any>) => any} start  The "start" button: the rules' start
 *   as a set-up, or null where the rules' own start game is shown.
 * @property {(options: Record<string, any>) => any} empty  The "clear" button.
 * @property {(options: Record<string, any>) => any} initial  What an edit starts from when nothing is set up.
 * @property {(game: any) => any} fromGame  The set-up of a client rules game (table/*.js).
 * @property {(base: any, options: Record<string, any>, svg: SVGSVGElement, e: MouseEvent) => any} tap
 *   The set-up after a tap on the board (`base` may be null).
 * @property {(options: Record<string, any>, base: any) => any} game  The client rules' game of a set-up.
 * @property {(base: any) => Partial<import('../review/types.js').AnalysisRequest>} request
 *   What the analysis request carries of the set-up.
 * @property {(base: any) => boolean} ready  Whether the set-up (null: none) can be valued yet.
 * @property {(base: any) => string} text  The set-up as the analysis link carries it.
 * @property {(options: Record<string, any>, text: string) => any} read  `text` back, or null.
 * @property {(base: any) => unknown} shown  The set-up as `window.qdanAnalysis` reports it.
 * @property {string} hint  The message id of the words under the set-up tools.
 * @property {(t: Translate, base: any, options: Record<string, any>, change: (base: any) => void) => HTMLElement[]} fields
 *   The game's own set-up fields (Musashi: the Children's moves made).
 */

/**
 * @typedef {object} GameModule
 * @property {import('../types.js').GameKind} kind
 * @property {import('../table/reducer.js').GameRules} rules  The client rules the table reducer plays events with.
 * @property {(el: HTMLElement, config: {onMove: (move: string) => void, t: Translate,
 *   announce?: (text: string) => void}) => import('../types.js').BoardApi} createBoard
 * @property {(view: GameView, move: string) => string} notation
 *   A move as the game's record writes it (docs/notation.md), with a typographic dash: `c3–d3`,
 *   a Dots line by its dots, `b2–c2`. The replay shows moves so, like the record it downloads.
 * @property {(t: Translate, view: GameView, move: string) => string} describe
 *   A move as people read it: `c3–d3`, or a Dots line by row and column.
 * @property {(ply: number, side: Side, last: Side | null) => boolean} startsTurn
 *   Whether the move at `ply` (from 0) by `side` begins a numbered turn (`last`: the side of the
 *   move before), as the record writes numbers (docs/notation.md; `Game::starts_turn` in Rust).
 * @property {(t: Translate) => [string, string]} roles  Side 0's and side 1's role at a table.
 * @property {(t: Translate) => [string, string]} analysisRoles  The sides' names where no one sits.
 * @property {(side: Side) => SVGElement[]} badge  The shapes of a side's small picture (40x40).
 * @property {(options: AnyOptions) => boolean} showDanger  Whether the board draws the danger hints.
 * @property {(t: Translate, view: GameView, whoOfSide: (side: Side) => string) => string} said
 *   The last move in words, for a screen reader.
 * @property {(t: Translate, view: GameView, mine: boolean, name: string) => string | null} extraTurn
 *   The turn line when the side to move moves again (Dots after a box), else null.
 * @property {(t: Translate, view: GameView, side: Side) => string | null} seatScore  A seat's score, if the game keeps one.
 * @property {(t: Translate, view: GameView, options: AnyOptions, mySide: Side | null) => HTMLElement[]} info
 *   The game's own lines under the turn (Musashi: the Children taken and moved, the legend).
 * @property {(t: Translate, reason: import('../types.js').EndReason, last: GameView | null) => string | null} reasonText
 *   How a game ended, where the game's words say more than `play-reason-REASON`.
 * @property {(table: import('../types.js').TableView, side: Side) => boolean} hasMoved
 *   Whether `side` has made a move in the current game: what a take-back needs.
 * @property {(t: Translate, id: string, value: string) => string} optionText  A local rule's value in the settings.
 * @property {(t: Translate, options: AnyOptions) => string} rulesText  The rules in words, on the replay.
 * @property {(views: GameView[], ply: number, played: string) => GameView} turningView
 *   The view that shows turning point `ply` (numbered from 1).
 * @property {[string, string]} valueSides  The `side` each value message is told, side 0's then side 1's.
 * @property {(t: Translate, v: import('../review/types.js').ValueView,
 *   who: (side: Side) => {name: string, side: string}) => string} valueText  A value in words (review/words.js).
 * @property {Record<string, any>} analysisOptions  The analysis board's rules before any are chosen.
 * @property {[string, string[]][]} analysisRules  The rules the analysis board offers, with their values.
 * @property {(t: Translate, id: string) => string} ruleLabel  A rule's name on the analysis board.
 * @property {(t: Translate, id: string, value: string) => string} ruleText  A rule's value there.
 * @property {GameSetup} setup
 * @property {Record<string, string>} lessonOptions  The small board the lesson's last step plays on.
 * @property {(first: GameView) => GameView} lessonView  That board's view, from the first step's.
 */

export {};
