// @ts-check
// The shapes the pages and boards share, for `// @ts-check` (JSDoc typedefs only: nothing runs here,
// and no page loads this file). The server's messages are described in docs/server.md; the board
// contract in boards/README.md. Use: /** @typedef {import("./types.js").View} View */

/**
 * A step's fact (docs/facts.md), redacted for the viewer.
 * @typedef {object} Fact
 * @property {string} kind
 * @property {number | null} [seat]
 * @property {Record<string, unknown>} [data]
 * @property {Record<string, Record<string, number>>} [deltas]
 * @property {string[]} [hidden]  the fields left out of ``data``: this viewer may not see them
 * @property {Fact[]} [details]
 */

/**
 * A choice of a decision: a leaf (``action``) or a group (``choices``).
 * @typedef {object} Choice
 * @property {string} label
 * @property {number} [action]
 * @property {Choice[]} [choices]
 * @property {Fact} [fact]
 */

/**
 * The decision of the seat to move, in that seat's view only.
 * @typedef {object} Decision
 * @property {number} [seat]
 * @property {string} prompt
 * @property {string[]} [info]
 * @property {Choice[]} choices
 */

/**
 * A panel of the view: words (``lines``) and the same as data.
 * @typedef {object} Panel
 * @property {string} name
 * @property {string} [title]
 * @property {string[]} [lines]
 * @property {any} [data]  each game's own shape (the boards read it)
 */

/**
 * A step of the game as told to a viewer.
 * @typedef {object} GameEvent
 * @property {number} [number]
 * @property {string} [kind]
 * @property {number | null} [seat]
 * @property {string} text
 * @property {string[]} [effects]
 * @property {number} [action]
 * @property {Fact} [fact]
 */

/**
 * The play layer's view model (docs/server.md), built for one viewer.
 * @typedef {object} View
 * @property {string} [game]
 * @property {number | null} [viewer]
 * @property {number} to_move  a seat, or CHANCE (-1) / TERMINAL (-4)
 * @property {string} status
 * @property {Panel[]} [panels]
 * @property {Decision | null} [decision]
 * @property {GameEvent[]} [events]
 */

/**
 * A seat as hello/seats/notice messages list it.
 * @typedef {object} Seat
 * @property {number} seat
 * @property {"person" | "bot" | string} kind
 * @property {string | null} [bot]
 * @property {string | null} [bot_label]
 * @property {string} [name]
 * @property {boolean} [taken]
 * @property {boolean} [away]
 */

/**
 * An expansion, variant or parameter of a game.
 * @typedef {object} GameOption
 * @property {string} name
 * @property {string | null} [doc]
 */

/**
 * A game's entry of GET /api/game-types (web/app.py _game_type_json).
 * @typedef {object} GameType
 * @property {string} name
 * @property {string} display_name
 * @property {string} [summary]
 * @property {{min: number, max: number, default: number}} players
 * @property {GameOption[]} expansions
 * @property {GameOption[]} variants
 * @property {GameOption[]} [parameters]
 * @property {string[]} bots
 * @property {Record<string, string>} bot_labels
 * @property {string} board
 * @property {boolean} lesson
 * @property {boolean} odds
 */

/**
 * A game as the lobby API lists it (web/app.py _game_json).
 * @typedef {object} GameRow
 * @property {string} id
 * @property {string} game
 * @property {number} players
 * @property {"open" | "running" | "finished"} status
 * @property {number} moves
 * @property {string[]} expansions
 * @property {string[]} variants
 * @property {number} created_at
 * @property {number} updated_at
 * @property {{pace?: string | null, clock?: number | null, lesson?: unknown}} settings
 * @property {Seat[]} seats
 * @property {{scores: number[], winners: number[]} | null} result
 * @property {Record<string, string>} links
 */

/**
 * What the table gives a board (boards/README.md).
 * @typedef {object} BoardContext
 * @property {number | null} viewer
 * @property {"play" | "watch" | "replay"} mode
 * @property {string | null} game
 * @property {(action: number) => void} choose
 * @property {number[]} openPath
 * @property {(path: number[] | string) => void} open
 * @property {(text: string) => string} t
 * @property {(seat: number, options?: {size?: number, title?: string}) => HTMLElement} [seatMark]
 * @property {boolean} reducedMotion
 * @property {boolean} [hotseat]
 */

/**
 * A mounted board.
 * @typedef {object} BoardHandle
 * @property {(view: View, seats: Seat[], events: GameEvent[]) => void} update
 * @property {(events: GameEvent[]) => Promise<void>} [animate]
 * @property {(path: number[]) => void} [opened]
 */

/**
 * A board module's default export.
 * @typedef {object} Board
 * @property {(root: HTMLElement, ctx: BoardContext) => BoardHandle} mount
 */

export {};
