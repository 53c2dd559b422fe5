// @ts-check
// The table page: /play/{id}, /watch/{id} and /replay/{id} (the mode comes from the path).
//
// The frame around a game's board: the header (game, whose turn, seats), the board module
// (boards/<name>.js, see boards/README.md), the decision panel, hints, the move log, notices,
// reconnecting, and the final breakdown. It never asks which game it shows beyond its board's name.
import {
  ApiError, CHANCE, TERMINAL, api, copyText, createPlayer, dropToken, forgetPlayer, invites, keepToken,
  loadGameTypes, seatMark, seatMarkWords, seatTokens, storedPlayer,
} from "./api.js";
import { choicesAt, labelsAt, leaves } from "./decision.js";
import { h, s } from "./dom.js";
import { _, format, language, ngettext, pgettext, wireLanguageMenu } from "./i18n.js";
import { analysisAt, setupAnalysis } from "./analysis.js";

/** @typedef {import("./types.js").View} View */
/** @typedef {import("./types.js").Seat} Seat */
/** @typedef {import("./types.js").Choice} Choice */
/** @typedef {import("./types.js").Decision} Decision */
/** @typedef {import("./types.js").Panel} Panel */
/** @typedef {import("./types.js").GameEvent} GameEvent */
/** @typedef {import("./types.js").GameType} GameType */
/** @typedef {import("./types.js").GameRow} GameRow */
/** @typedef {import("./types.js").Board} Board */
/** @typedef {import("./types.js").BoardHandle} BoardHandle */
/** @typedef {import("./types.js").BoardContext} BoardContext */
/** @typedef {import("./dom.js").Child} Child */

/**
 * A guided game's part of a message (docs/server.md).
 * @typedef {object} Lesson
 * @property {boolean} active
 * @property {number} [step]
 * @property {number} [steps]
 * @property {number | null} [expected]
 * @property {string[]} [texts]
 * @property {string} [task]
 */

/**
 * A message of the server (docs/server.md): each type carries some of these.
 * @typedef {object} Message
 * @property {string} type
 * @property {number} seq
 * @property {string} [game]
 * @property {number | null} viewer
 * @property {string} [status]
 * @property {Seat[]} [seats]
 * @property {View} view
 * @property {string} [reason]
 * @property {Lesson} [lesson]
 * @property {number} action
 * @property {string} label
 * @property {string[]} lines
 * @property {string} [question]
 * @property {string} [text]
 * @property {string} code
 * @property {string} [message]
 */

/**
 * A step of a replay (GET /api/games/{id}/replay/{at}).
 * @typedef {object} ReplayStep
 * @property {number} at
 * @property {number} moves
 * @property {string} game
 * @property {Seat[]} [seats]
 * @property {View} view
 */

/** A line of the move log. @typedef {{kind: string, seat: number | null, text: string, effects: string[]}} LogLine */

/**
 * The page's element for ``selector`` (table.html has it), as the type the caller expects.
 * @template {Element} [E=HTMLElement]
 * @param {string} selector
 * @returns {E}
 */
const $ = (selector) => /** @type {E} */ (document.querySelector(selector));
const [, MODE, RAW_ID] = location.pathname.split("/");
const GAME_ID = decodeURIComponent(RAW_ID || "");
const FATAL = new Set(["bad_token", "seat_taken", "bad_key", "forbidden", "not_found"]);
const RETRY_DELAYS = [500, 1000, 2000, 4000, 8000, 10000];
const LOG_LIMIT = 400;
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
/** Several people share this screen (``?hotseat``): boards cover what the next player may not see. */
const HOTSEAT = new URLSearchParams(location.search).has("hotseat");

const GENERIC_BOARD = "/static/boards/generic.js";

/**
 * Everything the page knows.
 * @typedef {object} TableState
 * @property {"play" | "watch" | "replay"} mode
 * @property {string | null} game
 * @property {GameType | null} type
 * @property {number | null} seq
 * @property {number | null} viewer
 * @property {Seat[]} seats
 * @property {string | null | undefined} status
 * @property {View | null} view
 * @property {number[]} openPath
 * @property {number | null} pending
 * @property {{seq: number, action: number, label: string} | null} hint
 * @property {boolean} hintAsked
 * @property {{seq: number, lines: string[]} | null} why
 * @property {Lesson | null} lesson
 * @property {string[]} lessonTexts
 * @property {boolean} lessonLeft
 * @property {{seq: number, action: number} | null} warning
 * @property {boolean} whyAsked
 * @property {{seq: number | null, lines: string[]} | null} odds
 * @property {boolean} oddsAsked
 * @property {{scores: number[], winners: number[]} | null} result
 * @property {BoardHandle | null} board
 * @property {string | null} boardName
 * @property {WebSocket | null} socket
 * @property {boolean} connected
 * @property {number} retry
 * @property {ReturnType<typeof setTimeout> | undefined} retryTimer
 * @property {boolean} fatal
 * @property {string | null} connectUrl
 * @property {boolean} pendingToken
 * @property {Set<string>} seenEvents
 * @property {Promise<void>} queue
 * @property {number} backlog
 * @property {{at: number, target: number, moves: number, viewer: string, shownViewer: string | null,
 *   timer: ReturnType<typeof setInterval> | undefined, loading: boolean}} replay
 */

/** @type {TableState} */
const state = {
  mode: MODE === "play" || MODE === "watch" || MODE === "replay" ? MODE : "watch",
  game: null,          // the game's name
  type: null,          // its description from /api/game-types
  seq: null,           // the latest seq heard
  viewer: null,        // the seat this page plays, or null
  seats: [],
  status: null,        // the game row's status: open | running | finished
  view: null,
  openPath: [],        // the open group of the decision menu (indexes into decision.choices)
  pending: null,       // the action sent and not yet answered
  hint: null,          // {seq, action, label}
  hintAsked: false,
  why: null,           // {seq, lines}: why the last bot move was played
  lesson: null,        // a guided game's part of the latest message: {active, texts, expected, task}
  lessonTexts: [],     // what the lesson said last (kept while bots and chance move)
  lessonLeft: false,   // the person left the lesson on this page
  warning: null,       // {seq, action}: a move the server warned of, waiting for "yes" or "no"
  whyAsked: false,
  odds: null,          // {seq, lines}: the odds of this seat's rolls ahead, as of that position
  oddsAsked: false,
  result: null,        // {scores, winners} once the game is over
  board: null,         // the board module's handle: {update, animate?}
  boardName: null,
  socket: null,
  connected: false,
  retry: 0,
  retryTimer: undefined,
  fatal: false,
  connectUrl: null,
  pendingToken: false, // the connection uses a link's token whose seat is known only from the hello
  seenEvents: new Set(),
  queue: Promise.resolve(),
  backlog: 0,
  // at: the step shown; target: the step asked for; loading: a step is being fetched or drawn
  replay: { at: 0, target: 0, moves: 0, viewer: "public", shownViewer: null, timer: undefined, loading: false },
};

// --- small helpers -----------------------------------------------------------------------------

/**
 * ``path`` asking the server for its words in the page's language (``?lang=``).
 * @param {string} path
 * @returns {string}
 */
function withLang(path) {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(language)}`;
}

/** A seat's name (its person's, else "Player N"). @param {number} seat @returns {string} */
function seatName(seat) {
  const found = state.seats.find((s) => s.seat === seat);
  return (found && found.name) || format(_("Player {number}"), { number: seat + 1 });
}

/**
 * The banner above the table (empty text: hidden), with links or buttons.
 * @param {string} text
 * @param {"error" | "info"} [kind]
 * @param {Child[]} [actions]
 */
function banner(text, kind = "error", actions = []) {
  const box = $("#banner");
  box.replaceChildren(...(text ? [h("p", { text })] : []), ...(text && actions.length ? [h("div.actions", {}, actions)] : []));
  box.dataset.kind = kind;
  box.hidden = !text;
}

/**
 * A passing notice (the latest three stay 12 s), also in the log unless {log: false}.
 * @param {string} text
 * @param {"info" | "error" | "away"} [kind]
 * @param {{log?: boolean}} [options]
 */
function notice(text, kind = "info", { log = true } = {}) {
  const box = $("#notices");
  const item = h("p.notice", { "data-kind": kind }, text);
  box.append(item);
  while (box.firstElementChild && box.children.length > 3) box.firstElementChild.remove();
  setTimeout(() => item.remove(), 12000);
  if (log) addLogEntry({ kind: "notice", seat: null, text, effects: [] });
}

/**
 * The connection line (empty: hidden), with a "Reconnect now" button.
 * @param {string} text
 * @param {boolean} [withButton]
 */
function connection(text, withButton = false) {
  const line = $("#connection");
  line.replaceChildren(text);
  if (withButton) {
    line.append(" ", h("button.quiet.small", { type: "button", onclick: () => reconnectNow() }, _("Reconnect now")));
  }
  line.hidden = !text;
}

/** Whether this page's person decides now. @returns {boolean} */
function myTurn() {
  return Boolean(state.mode === "play" && state.view && state.view.decision && state.viewer !== null);
}

// --- the board module --------------------------------------------------------------------------

/** What the board is given (boards/README.md). @returns {BoardContext} */
function boardContext() {
  return {
    get viewer() {
      if (state.mode === "play") return state.viewer;
      return state.mode === "replay" && state.replay.viewer !== "public" ? Number(state.replay.viewer) : null;
    },
    mode: state.mode,
    game: state.game,
    choose: (/** @type {number} */ action) => choose(action),
    get openPath() { return [...state.openPath]; },
    open: (/** @type {number[] | string} */ path) => openGroup(Array.isArray(path) ? path.map(Number) : String(path).split(",").map(Number)),
    t: _,
    seatMark: (/** @type {number} */ seat, /** @type {{size?: number, title?: string} | undefined} */ options) => seatMark(seat, options),
    get reducedMotion() { return reducedMotion.matches; },
    hotseat: HOTSEAT,
  };
}

const PLAIN_KEY = "stoneage.plainBoard";

/** Whether the table is shown in words (?board=generic, or the page's toggle). @returns {boolean} */
function plainWanted() {
  const asked = new URLSearchParams(location.search).get("board");
  if (asked === "generic") return true;
  try { return localStorage.getItem(PLAIN_KEY) === "1"; } catch { return false; }
}

/** The toggle between the board and the table in words. @param {string | null | undefined} name the game's board */
function setupPlainToggle(name) {
  const button = $("#plain-toggle");
  button.hidden = !name || name === "generic";
  button.setAttribute("aria-pressed", String(plainWanted()));
  button.textContent = plainWanted() ? _("Show the board") : _("Show the table in words");
  button.onclick = async () => {
    try { localStorage.setItem(PLAIN_KEY, plainWanted() ? "0" : "1"); } catch { /* ignore */ }
    await loadBoard(name);
    drawBoard([]);
    button.focus();
  };
}

/**
 * Load and mount a board module (the generic board when it cannot be loaded or words are wanted).
 * @param {string | null | undefined} name
 */
async function loadBoard(name) {
  setupPlainToggle(name);
  const wanted = name && /^[a-z0-9_]{1,40}$/.test(name) ? name : "generic";
  const safe = plainWanted() ? "generic" : wanted;
  /** @type {{default: Board} | null} */
  let module = null;
  if (safe !== "generic") {
    try {
      module = await import(`/static/boards/${safe}.js`);
    } catch (error) {
      console.warn(`board ${safe} could not be loaded; drawing the plain table`, error);
    }
  }
  let used = safe;
  if (!module) {
    module = /** @type {{default: Board}} */ (await import(GENERIC_BOARD));
    used = "generic";
  }
  mountBoard(module.default, used);
}

/**
 * Mount a board in #board (falling back to the generic one when it fails).
 * @param {Board} board
 * @param {string} name
 */
function mountBoard(board, name) {
  const root = $("#board");
  root.replaceChildren();
  root.className = `board board-${name}`;
  state.boardName = name;
  try {
    state.board = board.mount(root, boardContext());
  } catch (error) {
    console.error("the board failed to mount", error);
    return fallBack();
  }
  return null;
}

/** The board failed: the generic one instead. */
async function fallBack() {
  if (state.boardName === "generic") return;
  notice(_("The board could not be drawn; the table is shown in words."), "error", { log: false });
  const module = /** @type {{default: Board}} */ (await import(GENERIC_BOARD));
  mountBoard(module.default, "generic");
  drawBoard([]);
}

/** Draw the board from the view. @param {GameEvent[]} events this update's */
function drawBoard(events) {
  if (!state.board || !state.view) return;
  try {
    state.board.update(state.view, state.seats, events);
  } catch (error) {
    console.error("the board failed to draw", error);
    fallBack();
    return;
  }
  markBoard();
}

/** Let the board animate the events (at most 4 s; not when behind, hidden or without motion). @param {GameEvent[]} events */
async function animateBoard(events) {
  if (!state.board || typeof state.board.animate !== "function" || !events.length) return;
  if (reducedMotion.matches || state.backlog > 2 || document.visibilityState === "hidden") return;
  try {
    await Promise.race([state.board.animate(events), new Promise((resolve) => { setTimeout(resolve, 4000); })]);
  } catch (error) {
    console.error("the board's animation failed", error);
  }
}

/** Mark the board for the decision: the whole area while deciding, the hinted element. */
function markBoard() {
  const area = $("#board-area");
  const deciding = myTurn() && state.pending === null && state.connected;
  area.classList.toggle("deciding", deciding);
  area.querySelectorAll(".hinted").forEach((el) => { el.classList.remove("hinted"); });
  const marked = deciding && state.hint && state.hint.seq === state.seq ? state.hint.action : (deciding ? lessonExpected() : null);
  if (marked !== null) {
    const action = String(marked);
    area.querySelectorAll("[data-action]").forEach((el) => {
      if (el.getAttribute("data-action") === action) el.classList.add("hinted");
    });
  }
}

// --- a guided game (Learn to play) ---------------------------------------------------------------

/** The action the lesson expects of this page's person now, or null. @returns {number | null} */
function lessonExpected() {
  const lesson = state.lesson;
  return lesson && lesson.active && myTurn() && typeof lesson.expected === "number" ? lesson.expected : null;
}

/** Take a message's lesson part (a guided game's messages carry one). @param {Message} message */
function takeLesson(message) {
  if (!message.lesson) return;
  state.lesson = message.lesson;
  if (message.lesson.texts && message.lesson.texts.length) state.lessonTexts = message.lesson.texts;
  if (!message.lesson.active) state.lessonTexts = [];
}

/** The lesson's box: what it says, the task, the step. */
function drawLesson() {
  const box = $("#lesson");
  const lesson = state.lesson;
  if (!lesson || state.mode === "replay") {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const body = $("#lesson-body");
  const leave = $("#lesson-leave");
  if (!lesson.active) {
    body.replaceChildren(h("p", { text: _("You left the lesson: the game goes on as a normal game.") }));
    leave.hidden = true;
    return;
  }
  const over = state.view && state.view.to_move === TERMINAL;
  const parts = state.lessonTexts.map((text) => h("p", { text: text.replace(/\s*\n\s*/g, " ") }));
  if (lesson.task && myTurn()) parts.push(h("p.lesson-task", { text: lesson.task }));
  if (typeof lesson.step === "number" && typeof lesson.steps === "number" && lesson.step < lesson.steps && !over) {
    parts.push(h("p.muted.small", { text: format(_("Lesson step {step} of {steps}"), { step: lesson.step + 1, steps: lesson.steps }) }));
  }
  body.replaceChildren(...parts);
  leave.hidden = over || state.mode !== "play" || state.viewer === null;
}

/** Leave the lesson: the game goes on as a normal game. */
function leaveLesson() {
  if (send({ type: "leave_lesson" })) {
    state.lessonLeft = true;
    /** @type {HTMLButtonElement} */ ($("#lesson-leave")).disabled = true;
  }
}

// --- warnings before a move --------------------------------------------------------------------

/** The server warned of the move just sent: ask the same question before playing it. @param {Message} message */
function onWarning(message) {
  state.pending = null;
  if (message.seq !== state.seq || !myTurn()) {
    drawDecision();
    return;
  }
  state.warning = { seq: message.seq, action: message.action };
  drawDecision();
  /** @type {HTMLDialogElement} */
  const dialog = $("#warn-dialog");
  $("#warn-lines").replaceChildren(...(message.lines || []).map((line) => h("p", { text: line })),
    h("p", { text: _("Do it anyway?") }));
  if (typeof dialog.showModal !== "function") {
    answerWarning(window.confirm(message.question || (message.lines || []).join(" ")));
    return;
  }
  dialog.addEventListener("close", () => answerWarning(dialog.returnValue === "yes"), { once: true });
  dialog.returnValue = "";
  dialog.showModal();
  $("#warn-no").focus();
}

/** Play the warned move (yes) or choose again. @param {boolean} yes */
function answerWarning(yes) {
  const warned = state.warning;
  state.warning = null;
  if (yes && warned && warned.seq === state.seq && myTurn()) {
    if (send({ type: "move", seq: warned.seq, action: warned.action, warn: true, confirmed: true })) {
      state.pending = warned.action;
    }
  }
  drawDecision();
  markBoard();
}

// --- header ------------------------------------------------------------------------------------

/** The header: the game, the mode, whose turn, the seats. */
function drawHeader() {
  const view = state.view;
  const title = state.type ? state.type.display_name : (state.game || _("Stone Age"));
  $("#game-title").textContent = title;
  /** @type {Record<TableState["mode"], string>} */
  const modeWords = {
    play: state.viewer !== null ? format(_("Playing as {name}"), { name: seatName(state.viewer) }) : _("Playing"),
    watch: _("Watching"),
    replay: _("Replay"),
  };
  const mode = $("#mode-line");
  mode.replaceChildren();
  if (state.mode === "play" && state.viewer !== null) mode.append(seatMark(state.viewer, { size: 14 }), " ");
  mode.append(modeWords[state.mode]);
  document.title = `${title} — ${modeWords[state.mode]}`;

  let status = view ? view.status : _("Connecting to the table…");
  if (view) {
    if (view.to_move === TERMINAL) status = resultSentence() || _("The game is over.");
    else if (myTurn() && view.decision) status = format(_("Your turn: {prompt}"), { prompt: view.decision.prompt });
    else if (view.to_move >= 0 && state.mode === "play" && view.to_move === state.viewer) status = _("Your turn.");
    else if (view.to_move === CHANCE) status = _("Chance acts (dice, cards)…");
    if (state.status === "open" && view.to_move !== TERMINAL && state.mode !== "replay") {
      const free = state.seats.filter((s) => s.kind === "person" && !s.taken).length;
      if (free) status += " " + format(ngettext("Waiting for {count} player to join.", "Waiting for {count} players to join.", free), { count: free });
    }
  }
  const line = $("#status");
  if (line.textContent !== status) line.textContent = status;
  line.classList.toggle("your-turn", Boolean(myTurn()));

  const list = $("#seats");
  list.replaceChildren(...state.seats.map((seat) => {
    const toMove = view && view.to_move === seat.seat;
    const tags = [];
    if (state.mode === "play" && seat.seat === state.viewer) tags.push(h("span.tag.you", { text: _("you") }));
    if (seat.kind === "bot") {
      const level = seat.bot_label ?? seat.bot;
      const named = (seat.name || "").includes(`(${level})`);
      tags.push(h(named ? "span.visually-hidden" : "span.tag", { text: named ? ", " + _("a bot") : format(_("bot {level}"), { level }) }));
    }
    if (seat.kind === "person" && !seat.taken) tags.push(h("span.tag", { text: _("seat free") }));
    if (seat.away) tags.push(h("span.tag.away", { text: _("away: a bot stands in") }));
    if (state.result && state.result.winners.includes(seat.seat)) tags.push(h("span.tag.winner", { text: _("winner") }));
    return h("li", {
      class: `seat seat-${seat.seat % 4}${toMove ? " to-move" : ""}`,
      "aria-current": toMove ? "true" : null,
    },
    seatMark(seat.seat),
    h("span.seat-name", { text: seat.name || format(_("Player {number}"), { number: seat.seat + 1 }) }),
    h("span.visually-hidden", { text: " (" + seatMarkWords(seat.seat) + ")" + (toMove ? ", " + _("to move") : "") }),
    ...tags,
    toMove ? h("span.turn-pip", { "aria-hidden": "true", text: "◀" }) : null);
  }));
  drawAway();
}

/** The note that a bot stands in while this page's person is away. */
function drawAway() {
  const me = state.mode === "play" && state.seats.find((s) => s.seat === state.viewer);
  const box = $("#away-note");
  if (me && me.away) {
    if (!box) {
      const made = h("div.away-note.card", { id: "away-note", role: "alert" });
      $("#notices").before(made);
      made.append(h("p", { text: _("You were away, so a bot is playing for you. Press any key or the button to take your seat back.") }),
        h("button.primary", { type: "button", onclick: comeBack }, _("I'm back")));
    }
  } else if (box) {
    box.remove();
  }
}

/** Tell the server this person is back (any message does). */
function comeBack() {
  send({ type: "ping" });
}

// --- the decision panel ------------------------------------------------------------------------

/** The decision panel and the way down to it. @param {{keepFocus?: boolean}} [options] */
function drawDecision(options) {
  drawDecisionPanel(options);
  drawJump();
}

/**
 * The decision panel: the prompt, the open group's choices as buttons, the tools (back, hint, why,
 * odds) and their answers.
 * @param {{keepFocus?: boolean}} [options]
 */
function drawDecisionPanel({ keepFocus = false } = {}) {
  const body = $("#decision-body");
  const title = $("#decision-title");
  const panel = $("#decision");
  const hadFocus = panel.contains(document.activeElement) || document.activeElement === document.body;
  const view = state.view;
  body.replaceChildren();
  panel.classList.toggle("active", Boolean(myTurn()));
  if (state.mode === "replay") {
    title.textContent = _("The decision");
    if (view && view.decision) {
      body.append(h("p.prompt", { text: view.decision.prompt }),
        (view.decision.info || []).length ? h("ul.info", {}, (view.decision.info || []).map((line) => h("li", { text: line }))) : "",
        h("p.muted", { text: format(ngettext("{count} option was open.", "{count} options were open.", leaves(view.decision.choices).length), { count: leaves(view.decision.choices).length }) }));
    } else {
      body.append(h("p.muted", { text: view ? view.status : "" }));
    }
    return;
  }
  if (!view) {
    title.textContent = _("Your move");
    body.append(h("p.muted", { text: _("Waiting for the table…") }));
    return;
  }
  panel.hidden = view.to_move === TERMINAL;  // the results card says it all
  if (view.to_move === TERMINAL) return;
  if (state.mode === "watch") {
    title.textContent = _("Watching");
    body.append(h("p", { text: view.status }), h("p.muted", { text: _("Spectators see only what the whole table sees.") }));
    return;
  }
  const decision = view.decision;
  if (!decision) {
    title.textContent = _("Your move");
    const who = view.to_move >= 0 ? format(_("Waiting for {name}…"), { name: seatName(view.to_move) }) : _("Chance acts (dice, cards)…");
    body.append(h("p.waiting", {}, h("span.dots", { "aria-hidden": "true" }), who));
    return;
  }
  title.textContent = _("Your move");
  let choices = choicesAt(decision, state.openPath);
  if (!choices) {
    state.openPath = [];
    choices = decision.choices;
  }
  body.append(h("p.prompt", { text: decision.prompt }));
  if (decision.info && decision.info.length) {
    body.append(h("ul.info", {}, decision.info.map((line) => h("li", { text: line }))));
  }
  if (state.openPath.length) {
    body.append(h("p.crumbs", {}, h("span.muted", { text: _("Choosing in: ") }),
      labelsAt(decision, state.openPath).join(" › ")));
  }
  const hinted = state.hint && state.hint.seq === state.seq ? state.hint : null;
  const hintedPath = hinted ? (leaves(decision.choices).find((leaf) => leaf.action === hinted.action) || {}).path : null;
  const expected = lessonExpected();
  const expectedPath = expected !== null ? (leaves(decision.choices).find((leaf) => leaf.action === expected) || {}).path : null;
  const sending = state.pending !== null || !state.connected;
  const list = h("ol.choices", { "aria-label": _("Choices") });
  choices.forEach((choice, n) => {
    const path = [...state.openPath, n];
    const group = Array.isArray(choice.choices);
    const onHintPath = hintedPath && path.every((v, i) => hintedPath[i] === v);
    const onLessonPath = expectedPath && path.every((v, i) => expectedPath[i] === v);
    const button = h("button.choice", {
      type: "button",
      disabled: sending,
      "aria-keyshortcuts": n < 9 ? String(n + 1) : null,
      "aria-haspopup": group ? "true" : null,
      "data-action": group ? null : String(choice.action),
      "data-path": group ? path.join(",") : null,
      class: `choice${group ? " group" : ""}${onHintPath ? " hinted" : ""}${onLessonPath ? " expected" : ""}`,
      onclick: () => (group ? openGroup(path) : choose(/** @type {number} */ (choice.action))),
    },
    n < 9 ? h("kbd", { "aria-hidden": "true", text: String(n + 1) }) : h("span.kbd-space", { "aria-hidden": "true" }),
    h("span.choice-label", { text: choice.label }),
    choice.choices ? h("span.visually-hidden", { text: " " + format(ngettext("({count} option)", "({count} options)", choice.choices.length), { count: choice.choices.length }) }) : null,
    onHintPath ? h("span.hint-badge", { text: _("hint") }) : null,
    onLessonPath ? h("span.lesson-badge", { text: _("lesson") }) : null,
    group ? h("span.chevron", { "aria-hidden": "true", text: "›" }) : null);
    list.append(h("li", {}, button));
  });
  body.append(list);
  const tools = h("div.decision-tools", {});
  if (state.openPath.length) {
    tools.append(h("button", { type: "button", onclick: back, "aria-keyshortcuts": "Escape", disabled: sending },
      h("span", { "aria-hidden": "true", text: "← " }), pgettext("navigation", "Back")));
  }
  tools.append(h("button.hint-button", {
    type: "button", onclick: askHint, disabled: sending || state.hintAsked,
  }, state.hintAsked ? _("Thinking…") : _("Hint")));
  tools.append(h("button.why-button", {
    type: "button", onclick: askWhy, disabled: !state.connected || state.whyAsked,
  }, state.whyAsked ? _("Thinking…") : _("Why?")));
  if (hasOdds()) {
    tools.append(h("button.odds-button", {
      type: "button", onclick: askOdds, disabled: !state.connected || state.oddsAsked,
      title: _("The odds of your rolls ahead"),
    }, state.oddsAsked ? _("Thinking…") : _("Odds")));
  }
  body.append(tools);
  const why = state.why && state.why.seq === state.seq ? state.why.lines : [];
  body.append(h("div.why-text", { "aria-live": "polite" }, why.map((line) => h("p", { text: line }))));
  if (hasOdds()) {
    const odds = state.odds && state.odds.seq === state.seq ? state.odds.lines : [];
    body.append(h("div.odds-text", { "aria-live": "polite" }, odds.map((line) => h("p", { text: line }))));
  }
  body.append(h("p.hint-text", { "aria-live": "polite" }, hinted ? format(_("Hint: {label}"), { label: hinted.label }) : ""));
  if (!state.connected) body.append(h("p.muted", { text: _("Reconnecting: you can choose again in a moment.") }));
  else if (sending) body.append(h("p.muted", { text: _("Sending your move…") }));
  body.append(h("p.keys-help", { text: _("Keys: 1–9 choose, Esc goes back.") }));
  if ((hadFocus || keepFocus) && !sending) {
    const first = list.querySelector("button");
    if (first && (keepFocus || panel.contains(document.activeElement) || document.activeElement === document.body)) {
      first.focus({ preventScroll: true });
    }
  }
}

/** Open a group of the decision (its path of indexes). @param {number[]} path */
function openGroup(path) {
  const decision = state.view && state.view.decision;
  if (!myTurn() || state.pending !== null || !decision) return;
  if (!choicesAt(decision, path)) return;
  state.openPath = path;
  drawDecision({ keepFocus: true });
  tellBoardOpened();
}

// --- on a phone: a way down to the decision when it is out of sight ---------------------------------

let decisionInSight = true;

/** The "to your move" button, while the decision is out of sight. */
function drawJump() {
  $("#jump-to-move").hidden = !(myTurn() && state.pending === null && !decisionInSight);
}

if ("IntersectionObserver" in window) {
  new IntersectionObserver((entries) => {
    decisionInSight = entries.some((entry) => entry.isIntersecting);
    drawJump();
  }, { threshold: 0.15 }).observe($("#decision"));
}

$("#jump-to-move").addEventListener("click", (event) => {
  event.preventDefault();
  const panel = $("#decision");
  panel.scrollIntoView({ block: "start", behavior: reducedMotion.matches ? "auto" : "smooth" });
  const first = /** @type {HTMLElement | null} */ (panel.querySelector(".choice:not([disabled])"));
  (first || panel).focus({ preventScroll: true });
});

/** Optional board hook: opened(path) when the decision panel opens or leaves a group. */
function tellBoardOpened() {
  if (!state.board || typeof state.board.opened !== "function") return;
  try {
    state.board.opened([...state.openPath]);
  } catch (error) {
    console.error("the board's opened() failed", error);
  }
}

/** Leave the open group (Esc). */
function back() {
  if (!state.openPath.length) return;
  const was = state.openPath;
  state.openPath = was.slice(0, -1);
  drawDecision();
  tellBoardOpened();
  const again = /** @type {HTMLElement | null} */ (document.querySelector(`#decision-body [data-path="${was.join(",")}"]`));
  if (again) again.focus();
}

/** Play a leaf action of the decision. @param {number} action */
function choose(action) {
  const decision = state.view && state.view.decision;
  if (!myTurn() || state.pending !== null || !state.connected || !decision) return;
  const legal = leaves(decision.choices).some((leaf) => leaf.action === action);
  if (!legal) return;
  if (send({ type: "move", seq: state.seq, action, warn: true })) {
    state.pending = action;
    drawDecision();
    markBoard();
  }
}

/** Ask the server for a hint. */
function askHint() {
  if (!myTurn() || state.hintAsked) return;
  if (send({ type: "hint" })) {
    state.hintAsked = true;
    drawDecision();
  }
}

/** Ask why the last bot move was played. */
function askWhy() {
  if (state.whyAsked) return;
  if (send({ type: "why" })) {
    state.whyAsked = true;
    drawDecision();
  }
}

/** The answer to "Why?". @param {Message} message */
function showWhy(message) {
  state.whyAsked = false;
  state.why = { seq: message.seq, lines: message.lines };
  drawDecision();
}

/** Whether this page may ask the odds: a seated player in a game whose play kit brings odds
 *  (``"odds"`` of its entry in /api/game-types).
 * @returns {boolean} */
function hasOdds() {
  return state.mode === "play" && state.viewer !== null && Boolean(state.type && state.type.odds);
}

/** Ask the odds of this seat's rolls ahead. */
function askOdds() {
  if (state.oddsAsked || !hasOdds()) return;
  if (send({ type: "odds" })) {
    state.oddsAsked = true;
    drawDecision();
  }
}

/** The odds answer the position the page shows: messages come in order, so it is the latest seq's.
 *  @param {Message} message */
function showOdds(message) {
  state.oddsAsked = false;
  state.odds = { seq: state.seq, lines: message.lines || [] };
  drawDecision();
}

/** The hint: open its group and mark its choice. @param {Message} message */
function showHint(message) {
  state.hintAsked = false;
  const decision = state.view && state.view.decision;
  if (message.seq !== state.seq || !myTurn() || !decision) {
    drawDecision();
    return;
  }
  state.hint = { seq: message.seq, action: message.action, label: message.label };
  const leaf = leaves(decision.choices).find((l) => l.action === message.action);
  if (leaf) state.openPath = leaf.path.slice(0, -1);
  drawDecision();
  markBoard();
  const button = /** @type {HTMLElement | null} */ (document.querySelector("#decision-body .choice.hinted"));
  if (button) button.focus({ preventScroll: false });
}

// --- keyboard ----------------------------------------------------------------------------------

/** Whether keys go to a text field (not to the table). @param {EventTarget | null} target @returns {boolean} */
function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const me = state.mode === "play" && state.seats.find((s) => s.seat === state.viewer);
  if (me && me.away) comeBack();
  if (state.mode === "replay") {
    if (event.target instanceof Element && event.target.id === "replay-at") return;
    if (typing(event.target)) return;
    /** @type {Record<string, number>} */
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) {
      event.preventDefault();
      replayGo(state.replay.target + moves[event.key]);
    } else if (event.key === "Home") {
      event.preventDefault();
      replayGo(0);
    } else if (event.key === "End") {
      event.preventDefault();
      replayGo(state.replay.moves);
    }
    return;
  }
  if (typing(event.target) || !myTurn() || state.warning) return;
  if (/^[1-9]$/.test(event.key)) {
    const buttons = [.../** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#decision-body .choice"))];
    const button = buttons[Number(event.key) - 1];
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  } else if ((event.key === "Escape" || event.key === "Backspace") && state.openPath.length) {
    event.preventDefault();
    back();
  }
});

document.addEventListener("pointerdown", () => {
  const me = state.mode === "play" && state.seats.find((s) => s.seat === state.viewer);
  if (me && me.away) comeBack();
});

// --- the move log ------------------------------------------------------------------------------

/** An event's identity in the log (a resync sends the latest events again). @param {GameEvent} event @returns {string} */
function eventKey(event) {
  return JSON.stringify([event.number, event.kind, event.seat, event.text]);
}

let logFollows = true;  // the log keeps its newest line in sight unless the reader scrolled up
let logScrollFrame = 0;

/** Keep the newest line in sight: once per frame, however many lines came (one layout, not one a line). */
function followLog() {
  if (logScrollFrame) return;
  logScrollFrame = requestAnimationFrame(() => {
    logScrollFrame = 0;
    const scroller = $("#log-scroll");
    if (logFollows) scroller.scrollTop = scroller.scrollHeight;
  });
}

$("#log-scroll").addEventListener("scroll", (event) => {
  if (logScrollFrame) return;  // lines came and are not scrolled to yet: the reader did not move
  const scroller = /** @type {HTMLElement} */ (event.currentTarget);
  logFollows = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40;
}, { passive: true });
if ("ResizeObserver" in window) new ResizeObserver(followLog).observe($("#log-scroll"));

/** A line of the log. @param {GameEvent | LogLine} event @returns {HTMLLIElement} */
function logItem(event) {
  const item = h("li", { class: `log-entry kind-${String(event.kind || "event").replace(/[^a-z_]/g, "")}` });
  if (typeof event.seat === "number" && event.seat >= 0) item.append(seatMark(event.seat, { size: 14 }), " ");
  item.append(h("span.log-text", { text: event.text }));
  if (event.effects && event.effects.length) {
    item.append(h("ul.effects", {}, event.effects.map((line) => h("li", { text: line }))));
  }
  return item;
}

/** Add lines to the log at once (one DOM change), keeping the latest LOG_LIMIT of them.
 *  @param {HTMLLIElement[]} items */
function appendLog(items) {
  if (!items.length) return;
  const list = $("#log");
  const fragment = document.createDocumentFragment();
  fragment.append(...items.slice(-LOG_LIMIT));
  list.append(fragment);
  for (let extra = list.children.length - LOG_LIMIT; extra > 0; extra -= 1) list.firstElementChild?.remove();
  followLog();
}

/** Add a line to the log. @param {LogLine} event */
function addLogEntry(event) {
  appendLog([logItem(event)]);
}

/**
 * Log the events (with ``dedupe``, those not logged yet).
 * @param {GameEvent[] | undefined} events
 * @param {{dedupe: boolean}} options
 */
function logEvents(events, { dedupe }) {
  const items = [];
  for (const event of events || []) {
    const key = eventKey(event);
    if (dedupe && state.seenEvents.has(key)) continue;
    state.seenEvents.add(key);
    if (!event.text && !(event.effects || []).length) continue;
    items.push(logItem(event));
  }
  appendLog(items);
  if (state.seenEvents.size > 4000) state.seenEvents = new Set([...state.seenEvents].slice(-2000));
}

/** Empty the log. */
function clearLog() {
  $("#log").replaceChildren();
  state.seenEvents.clear();
}

// --- the end: results --------------------------------------------------------------------------

/** The view's panel of results, if any. @param {View} view @returns {Panel | undefined} */
function resultPanel(view) {
  return (view.panels || []).find((p) => /^(results?|final|scores?|breakdown)$/i.test(p.name));
}

/** Who won, in a sentence ("" before the result is known). @returns {string} */
function resultSentence() {
  if (!state.result) return "";
  const names = state.result.winners.map(seatName);
  if (!names.length) return _("The game is over.");
  if (names.length === 1) return format(_("The game is over: {name} wins!"), { name: names[0] });
  return format(_("The game is over: {names} and {last} share the win!"),
    { names: names.slice(0, -1).join(_(", ")), last: names[names.length - 1] });
}

/** The game's result from the lobby API. */
async function fetchResult() {
  try {
    const game = await api("GET", withLang(`/api/games/${encodeURIComponent(GAME_ID)}`), undefined, { key: false });
    if (game.result) state.result = game.result;
  } catch {
    /* the breakdown below still shows the panels */
  }
}

/** The results card, once the game is over. */
async function drawResults() {
  const box = $("#results");
  const view = state.view;
  const over = view && view.to_move === TERMINAL;
  if (!over) {
    box.hidden = true;
    box.replaceChildren();
    return;
  }
  const wasHidden = box.hidden;
  if (!state.result) await fetchResult();
  const panel = resultPanel(view);
  const rows = state.seats.map((seat) => {
    const won = state.result && state.result.winners.includes(seat.seat);
    return h("tr", { class: won ? "winner" : "" },
      h("th", { scope: "row" }, seatMark(seat.seat), " ", seat.name || format(_("Player {number}"), { number: seat.seat + 1 })),
      h("td", { text: state.result ? String(state.result.scores[seat.seat]) : "–" }),
      h("td", {}, won ? h("span.tag.winner", { text: _("winner") }) : ""));
  });
  box.replaceChildren(...[
    h("h2", { id: "results-title", text: resultSentence() || _("The game is over.") }),
    h("div.table-wrap", {}, h("table.results-table", {},
      h("caption.visually-hidden", { text: _("Final scores") }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: _("Player") }), h("th", { scope: "col", text: _("Score") }),
        h("th", { scope: "col", text: _("Result") }))),
      h("tbody", {}, rows))),
    panel ? h("div.breakdown", {},
      h("h3", { text: panel.title }),
      h("pre", { text: (panel.lines || []).join("\n") })) : null,
    state.mode !== "replay" ? h("div.actions", {},
      h("a.button.primary", { href: `/replay/${encodeURIComponent(GAME_ID)}` }, _("Replay this game")),
      h("a.button", { href: "/" }, _("Back to the lobby"))) : null,
  ].filter((node) => node !== null));
  box.hidden = false;
  drawHeader();
  if (wasHidden && state.mode !== "replay") box.scrollIntoView({ block: "nearest", behavior: reducedMotion.matches ? "auto" : "smooth" });
}

// --- invites (the creator's copies) ------------------------------------------------------------

/** The creator's invite links of the seats still free. */
function drawInvites() {
  const box = $("#invites");
  const links = invites(GAME_ID);
  const free = Object.entries(links).filter(([seat]) => {
    const held = state.seats.find((s) => s.seat === Number(seat));
    return held && held.kind === "person" && !held.taken;
  });
  if (state.mode !== "play" || !free.length || (state.view && state.view.to_move === TERMINAL)) {
    box.hidden = true;
    return;
  }
  box.replaceChildren(h("h2", { id: "invites-title", text: _("Invite your friends") }),
    h("p.muted", { text: _("Each link opens one seat. Send it to the friend who takes that seat.") }),
    ...free.map(([seat, link]) => {
      const id = `invite-${seat}`;
      const input = h("input", { id, type: "text", readonly: true, value: link });
      const status = h("span.copy-status", { role: "status" });
      return h("div.link-row", {},
        h("label", { for: id }, seatMark(Number(seat)), " " + format(_("Seat {number}"), { number: Number(seat) + 1 })),
        h("div.link-copy", {}, input, h("button", {
          type: "button", "aria-label": format(_("Copy the invite link for seat {number}"), { number: Number(seat) + 1 }),
          onclick: async () => { status.textContent = (await copyText(link, input)) ? _("Copied") : ""; },
        }, _("Copy")), status));
    }));
  box.hidden = false;
}

// --- drawing everything ------------------------------------------------------------------------

/** Draw the whole page for a view. @param {GameEvent[]} events this update's */
async function drawAll(events) {
  if (state.view && state.view.to_move === TERMINAL && !state.result) await fetchResult();
  drawHeader();
  drawDecision();
  drawInvites();
  drawLesson();
  drawBoard(events);
  await drawResults();
}

// --- the websocket -----------------------------------------------------------------------------

/** Send a message; false (and reconnecting) when not connected. @param {object} message @returns {boolean} */
function send(message) {
  const socket = state.socket;
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    notice(_("Not connected: the move was not sent. Reconnecting…"), "error", { log: false });
    reconnectNow();
    return false;
  }
  socket.send(JSON.stringify(message));
  return true;
}

/** Open the websocket (again). */
function connect() {
  clearTimeout(state.retryTimer);
  if (state.fatal || !state.connectUrl) return;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}${withLang(state.connectUrl)}`);
  state.socket = socket;
  connection(state.retry ? _("Reconnecting…") : _("Connecting…"));
  socket.addEventListener("open", () => {
    connection("");
  });
  // "connected" (moves may be sent) comes with the hello: the whole view is drawn again then
  socket.addEventListener("message", (event) => {
    /** @type {Message} */
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    state.backlog += 1;
    state.queue = state.queue.then(() => handle(message)).catch((error) => {
      console.error("the table could not handle a message", error);
    }).finally(() => { state.backlog -= 1; });
  });
  socket.addEventListener("close", (event) => {
    if (state.socket !== socket) return;
    state.socket = null;
    state.connected = false;
    state.pending = null;
    state.hintAsked = false;
    state.whyAsked = false;
    state.oddsAsked = false;
    drawDecision();
    markBoard();
    if (state.fatal || event.code === 1008) {
      state.fatal = true;
      connection(_("Disconnected."));
      return;
    }
    const delay = RETRY_DELAYS[Math.min(state.retry, RETRY_DELAYS.length - 1)] * (0.8 + Math.random() * 0.4);
    state.retry += 1;
    connection(format(_("Connection lost; reconnecting in {seconds} s."), { seconds: Math.max(1, Math.round(delay / 1000)) }), true);
    state.retryTimer = setTimeout(connect, delay);
  });
}

/** Reconnect at once (unless the connection is open or refused for good). */
function reconnectNow() {
  if (state.fatal) return;
  if (state.socket && state.socket.readyState <= WebSocket.OPEN) return;
  connect();
}

window.addEventListener("online", reconnectNow);

/** Handle a server message (one at a time, in order). @param {Message} message */
async function handle(message) {
  switch (message.type) {
    case "hello":
    case "resync":
      await onSnapshot(message);
      break;
    case "update":
      await onUpdate(message);
      break;
    case "ack":
      if (state.pending !== null) {
        state.pending = null;
        drawDecision();
        markBoard();
      }
      break;
    case "seats":
      if (message.view) {  // the whole table again: names in the panels changed
        await onSnapshot(message);
        drawInvites();
        break;
      }
      state.seats = message.seats || state.seats;
      state.status = message.status || state.status;
      drawHeader();
      drawInvites();
      drawBoard([]);
      break;
    case "notice":
      state.seats = message.seats || state.seats;
      if (message.text) notice(message.text, "away");
      drawHeader();
      drawBoard([]);
      break;
    case "hint":
      showHint(message);
      break;
    case "why":
      showWhy(message);
      break;
    case "odds":
      showOdds(message);
      break;
    case "warning":
      onWarning(message);
      break;
    case "error":
      onError(message);
      break;
    default:
      break;
  }
}

/** The whole table (hello, resync, seats): draw it all again. @param {Message} message */
async function onSnapshot(message) {
  state.retry = 0;
  state.connected = true;
  state.seq = message.seq;
  state.viewer = message.viewer;
  state.seats = message.seats || [];
  state.status = message.status;
  const sameDecision = state.view && JSON.stringify(state.view.decision) === JSON.stringify(message.view.decision);
  state.view = message.view;
  state.pending = null;
  state.hintAsked = false;
  takeLesson(message);
  if (!sameDecision) state.openPath = [];
  if (!state.game) await setGame(message.game || "");
  if (message.type === "hello" && state.mode === "play" && state.viewer !== null) adoptToken();
  if (message.type === "resync" && String(message.reason || "").startsWith("stale")) {
    notice(_("The game had moved on before your move arrived; the table shows the latest position."), "info", { log: false });
  }
  logEvents(message.view.events, { dedupe: true });
  await drawAll([]);
  banner("");
}

/** A step of the game: log it, draw it, animate it. @param {Message} message */
async function onUpdate(message) {
  const sameDecision = state.view && JSON.stringify(state.view.decision) === JSON.stringify(message.view.decision);
  state.seq = message.seq;
  state.view = message.view;
  takeLesson(message);
  if (!sameDecision) state.openPath = [];
  if (state.hint && state.hint.seq !== state.seq) state.hint = null;
  state.pending = null;
  const events = message.view.events || [];
  logEvents(events, { dedupe: false });
  await drawAll(events);
  await animateBoard(events);
}

/** The server refused a message (or the connection, for good). @param {Message} message */
function onError(message) {
  const text = message.message || message.code;
  if (FATAL.has(message.code)) {
    state.fatal = true;
    /** @type {Record<string, string>} */
    const words = {
      bad_token: _("This link no longer opens a seat at this game (it may have been taken with a newer link)."),
      seat_taken: _("This seat belongs to another player: only their browser (their personal key) can open it."),
      bad_key: _("The server does not know this browser's personal key."),
      forbidden: _("Only the player who took this seat may play it."),
      not_found: _("There is no such game."),
    };
    if (message.code === "bad_key") forgetPlayer();
    if (message.code === "bad_token" && state.mode === "play") {
      dropToken(GAME_ID, "?");  // a link that opens nothing is not tried again
      const seat = new URLSearchParams(location.search).get("seat");
      if (seat !== null) dropToken(GAME_ID, seat);
    }
    banner(words[message.code] || text, "error", [
      message.code !== "not_found" ? h("a.button", { href: `/watch/${encodeURIComponent(GAME_ID)}` }, _("Watch the game instead")) : null,
      h("a.button", { href: "/" }, _("Back to the lobby"))]);
    return;
  }
  if (state.pending !== null) state.pending = null;
  // A refused question frees its button again (a message over the rate limit was not answered).
  const refused = (/** @type {string} */ code) => message.code === code || message.code === "busy" || message.code === "rate_limited";
  if (refused("no_hint")) state.hintAsked = false;
  if (refused("no_why")) state.whyAsked = false;
  if (refused("no_odds")) state.oddsAsked = false;
  /** @type {Record<string, string>} */
  const polite = {
    not_your_turn: _("It is not your turn any more."),
    illegal_move: format(_("That move is not possible now: {reason}"), { reason: text }),
    game_over: _("The game is over."),
    storage_unavailable: _("The server could not store that just now; nothing changed. Try again in a moment."),
    rate_limited: _("Slow down a little: too many messages."),
    busy: _("A hint is being worked out; it comes in a moment."),
    no_hint: _("No hint is available right now."),
    no_why: _("No bot move to explain among the latest moves."),
    no_odds: _("No odds to show here: they are for the players at the table of a game with odds."),
    off_script: text,  // the lesson's own words: what to do instead
    no_lesson: _("This game follows no lesson any more."),
  };
  notice(polite[message.code] || format(_("The server refused that: {reason}"), { reason: text }), "error", { log: false });
  drawDecision();
  markBoard();
}

// --- who connects how --------------------------------------------------------------------------

/** A link's token: keep it under the seat the hello told, and tidy the address. */
function adoptToken() {
  const tokens = seatTokens(GAME_ID);
  if (state.pendingToken && tokens["?"]) {
    keepToken(GAME_ID, state.viewer, tokens["?"]);
    dropToken(GAME_ID, "?");
    state.pendingToken = false;
  }
  const url = new URL(location.href);
  if (url.searchParams.get("seat") !== String(state.viewer)) {
    history.replaceState(null, "", `${location.pathname}?seat=${state.viewer}${HOTSEAT ? "&hotseat" : ""}`);
  }
}

/** Ask the person's name (the first visit) and become a player. @returns {Promise<import("./api.js").Player | null>} */
async function askName() {
  /** @type {HTMLDialogElement} */
  const dialog = $("#name-dialog");
  if (typeof dialog.showModal !== "function") return createPlayer("Player");
  return new Promise((resolve) => {
    dialog.addEventListener("close", async () => {
      try {
        resolve(await createPlayer(/** @type {HTMLInputElement} */ ($("#name-input")).value));
      } catch (error) {
        banner(error instanceof Error ? error.message : String(error));
        resolve(null);
      }
    }, { once: true });
    dialog.showModal();
    $("#name-input").focus();
  });
}

/** The websocket address of this page's seat (from a link's token, a kept token or my key), or null. @returns {Promise<string | null>} */
async function playUrl() {
  const params = new URLSearchParams(location.search);
  const fromLink = params.get("token");
  const seatParam = params.get("seat");
  if (fromLink) {
    keepToken(GAME_ID, "?", fromLink);
    const kept = new URLSearchParams();
    if (seatParam) kept.set("seat", seatParam);
    if (HOTSEAT) kept.set("hotseat", "");
    history.replaceState(null, "", location.pathname + (kept.toString() ? `?${kept}` : ""));
  }
  const player = storedPlayer() || await askName();
  const tokens = seatTokens(GAME_ID);
  const seat = seatParam !== null && /^\d$/.test(seatParam) ? Number(seatParam) : null;
  const bySeat = seat !== null ? tokens[String(seat)] : null;
  const token = fromLink || bySeat || tokens["?"] || (seat === null ? Object.values(tokens)[0] : null);
  state.pendingToken = Boolean(token) && (token === fromLink || (!bySeat && token === tokens["?"]));
  const query = new URLSearchParams();
  if (token) {
    query.set("token", token);
    if (player) {
      query.set("key", player.key);
      query.set("name", player.name);
    }
    return `/api/games/${encodeURIComponent(GAME_ID)}/ws?${query}`;
  }
  let mySeat = seat;
  if (player) {
    try {
      const me = await api("GET", "/api/players/me");
      const held = /** @type {{id: string, seat: number}[]} */ (me.games).filter((g) => g.id === GAME_ID).map((g) => g.seat);
      if (mySeat === null || !held.includes(mySeat)) mySeat = held.length ? held[0] : null;
    } catch (error) {
      if (error instanceof ApiError && error.code === "bad_key") forgetPlayer();
      mySeat = null;
    }
  }
  if (player && mySeat !== null) {
    query.set("key", player.key);
    query.set("seat", String(mySeat));
    return `/api/games/${encodeURIComponent(GAME_ID)}/ws?${query}`;
  }
  return null;
}

/** This page has no seat: offer a free one, or watching. */
async function noSeat() {
  /** @type {GameRow} */
  let game;
  try {
    game = await api("GET", withLang(`/api/games/${encodeURIComponent(GAME_ID)}`), undefined, { key: false });
  } catch (error) {
    banner(error instanceof Error ? error.message : String(error), "error", [h("a.button", { href: "/" }, _("Back to the lobby"))]);
    return;
  }
  const free = game.seats.filter((s) => s.kind === "person" && !s.taken);
  const join = async (/** @type {MouseEvent} */ event) => {
    /** @type {HTMLButtonElement} */ (event.currentTarget).disabled = true;
    try {
      const me = storedPlayer() || await askName();
      const joined = await api("POST", `/api/games/${encodeURIComponent(GAME_ID)}/join`, { name: me ? me.name : undefined });
      keepToken(GAME_ID, joined.seat, joined.token);
      location.replace(`/play/${encodeURIComponent(GAME_ID)}?seat=${joined.seat}`);
    } catch (error) {
      banner(error instanceof Error ? error.message : String(error));
    }
  };
  banner(free.length ? _("You have no seat at this game yet. A seat is free: take it, or watch.")
    : _("You have no seat at this game (this browser holds no link for one)."), "info", [
    free.length ? h("button.primary", { type: "button", onclick: join }, _("Take a free seat")) : null,
    h("a.button", { href: `/watch/${encodeURIComponent(GAME_ID)}` }, _("Watch the game")),
    h("a.button", { href: "/" }, _("Back to the lobby"))]);
  $("#status").textContent = _("You have no seat at this game.");
}

/** The game's name came: its description, then its board. @param {string} name */
async function setGame(name) {
  state.game = name;
  try {
    const types = await loadGameTypes();
    state.type = types.find((g) => g.name === name) || null;
  } catch {
    state.type = null;
  }
  document.body.dataset.game = name;
  await loadBoard(state.type ? state.type.board : "generic");
}

// --- replay ------------------------------------------------------------------------------------
//
// Each press (buttons, keys, the slider) moves state.replay.target at once and the bar shows it;
// one pump fetches the latest target and draws it (state.replay.at: the step shown). A fetch whose
// target was passed by a newer press is cancelled, so an older step never follows a newer one.

/** @type {Promise<void> | null} the pump's promise while it runs */
let replayPumping = null;
/** @type {{at: number, viewer: string, controller: AbortController} | null} the step being fetched */
let replayFetch = null;

/**
 * Fetch one step of the replay, or null when a newer press cancelled it.
 * @param {number} at
 * @param {string} viewer  "public" or a seat number
 * @returns {Promise<ReplayStep | null>}
 */
async function fetchStep(at, viewer) {
  const controller = new AbortController();
  replayFetch = { at, viewer, controller };
  try {
    return await api("GET", withLang(`/api/games/${encodeURIComponent(GAME_ID)}/replay/${at}?viewer=${encodeURIComponent(viewer)}`),
      undefined, { key: false, signal: controller.signal });
  } catch (error) {
    if (error instanceof ApiError && error.code === "aborted") return null;
    throw error;
  } finally {
    if (replayFetch && replayFetch.controller === controller) replayFetch = null;
  }
}

/**
 * Draw a fetched step: the board, the panels, the log (continued when it is the next step).
 * @param {ReplayStep} step
 * @param {string} viewer
 */
async function showStep(step, viewer) {
  const r = state.replay;
  const append = r.shownViewer === viewer && step.at === r.at + 1;
  const newViewer = r.shownViewer !== null && r.shownViewer !== viewer;
  r.at = step.at;
  r.moves = step.moves;
  r.shownViewer = viewer;
  state.seats = step.seats || state.seats;
  state.view = step.view;
  state.seq = step.at;
  if (!state.game) await setGame(step.game);
  else if (newViewer) await loadBoard(state.type ? state.type.board : "generic");
  if (!append) {
    clearLog();
    if (step.at) addLogEntry({ kind: "notice", seat: null, text: format(_("Move {at} of {moves}"), { at: step.at, moves: step.moves }), effects: [] });
  }
  logEvents(step.view.events, { dedupe: false });
  drawReplayBar();
  await drawAll(step.view.events || []);
  if (append && r.target === step.at) await animateBoard(step.view.events || []);
  const url = new URL(location.href);
  url.searchParams.set("at", String(r.at));
  if (viewer !== "public") url.searchParams.set("viewer", viewer);
  else url.searchParams.delete("viewer");
  history.replaceState(null, "", url);
}

/** The replay could not go on: say why. @param {unknown} error */
function replayFailed(error) {
  const r = state.replay;
  r.target = r.at;
  if (error instanceof ApiError && error.code === "not_finished") {
    banner(_("This game is still being played: it can be replayed once it is over."), "info", [
      h("a.button.primary", { href: `/watch/${encodeURIComponent(GAME_ID)}` }, _("Watch it live")),
      h("a.button", { href: "/" }, _("Back to the lobby"))]);
    $("#status").textContent = _("The game is not over yet.");
  } else {
    banner((error instanceof Error && error.message) || String(error), "error", [h("a.button", { href: "/" }, _("Back to the lobby"))]);
  }
  stopReplayPlay();
  if (r.moves) drawReplayBar();
}

/** Fetch and draw until the step shown is the one asked for (and seen by the viewer asked for). */
async function pumpReplay() {
  const r = state.replay;
  r.loading = true;
  try {
    while (r.target !== r.at || r.viewer !== r.shownViewer) {
      const at = r.target;
      const viewer = r.viewer;
      const step = await fetchStep(at, viewer);
      if (!step) continue;  // a newer press cancelled it
      await showStep(step, viewer);
      if (step.at !== at && r.target === at) r.target = step.at;
    }
  } catch (error) {
    replayFailed(error);
  } finally {
    r.loading = false;
  }
}

/** Start the pump unless it runs; it follows every later change of the target by itself.
 *  @returns {Promise<void>} */
function replayPump() {
  if (!replayPumping) replayPumping = pumpReplay().finally(() => { replayPumping = null; });
  return replayPumping;
}

/** Ask for a step: the bar shows it at once, a fetch for another step is cancelled.
 *  @param {number} at
 *  @returns {Promise<void>} */
function replayGo(at) {
  const r = state.replay;
  if (r.shownViewer === null) return replayPump();  // the first step is still coming: its length is unknown
  r.target = Math.max(0, Math.min(r.moves, at));
  const fetching = replayFetch;
  if (fetching && (fetching.at !== r.target || fetching.viewer !== r.viewer)) fetching.controller.abort();
  drawReplayBar();
  return replayPump();
}

/**
 * The autoplay button's icon (as table.html draws it first): a circle with a triangle (play) or two bars (pause).
 * @param {string} inner  the path of the triangle or the bars
 * @returns {SVGSVGElement}
 */
function playIcon(inner) {
  return s("svg", { viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
    s("circle", { cx: 12, cy: 12, r: 9.5, fill: "none", stroke: "currentColor", "stroke-width": 2 }),
    s("path", { d: inner }));
}
const PLAY_ICON = "M10 7.5v9l7-4.5z";
const PAUSE_ICON = "M8.5 7.5h2.5v9H8.5zM13 7.5h2.5v9H13z";

/** The bar shows the step asked for (the board catches up with it). */
function drawReplayBar() {
  const r = state.replay;
  const at = r.target;
  /** @type {HTMLInputElement} */
  const slider = $("#replay-at");
  slider.max = String(r.moves);
  slider.value = String(at);
  slider.setAttribute("aria-valuetext", format(_("move {at} of {moves}"), { at, moves: r.moves }));
  $("#replay-position").textContent = `${at} / ${r.moves}`;
  /** @type {HTMLButtonElement} */ ($("#replay-first")).disabled = at <= 0;
  /** @type {HTMLButtonElement} */ ($("#replay-back")).disabled = at <= 0;
  /** @type {HTMLButtonElement} */ ($("#replay-forward")).disabled = at >= r.moves;
  /** @type {HTMLButtonElement} */ ($("#replay-last")).disabled = at >= r.moves;
  /** @type {HTMLSelectElement} */
  const select = $("#replay-viewer");
  if (select.options.length !== state.seats.length + 1) {
    select.replaceChildren(h("option", { value: "public", text: _("Everyone (public)") }),
      ...state.seats.map((seat) => h("option", { value: String(seat.seat), text: seat.name || format(_("Player {number}"), { number: seat.seat + 1 }) })));
  }
  select.value = r.viewer;
  analysisAt(at, r.moves);
}

/** Stop the autoplay. */
function stopReplayPlay() {
  const r = state.replay;
  clearInterval(r.timer);
  r.timer = undefined;
  const button = $("#replay-play");
  button.setAttribute("aria-pressed", "false");
  button.querySelector(".play-icon")?.replaceChildren(playIcon(PLAY_ICON));
}

/** Play the replay a move a second, or stop. */
function toggleReplayPlay() {
  const r = state.replay;
  if (r.timer) {
    stopReplayPlay();
    return;
  }
  if (r.target >= r.moves) replayGo(0);
  const button = $("#replay-play");
  button.setAttribute("aria-pressed", "true");
  button.querySelector(".play-icon")?.replaceChildren(playIcon(PAUSE_ICON));
  r.timer = setInterval(() => {
    if (r.loading) return;
    if (r.at >= r.moves) stopReplayPlay();
    else replayGo(r.at + 1);
  }, 900);
}

/** The replay page: its bar, its keys, the analysis, and the first step. */
async function startReplay() {
  $("#replay-bar").hidden = false;
  document.body.classList.add("mode-replay");
  const r = state.replay;
  const params = new URLSearchParams(location.search);
  const viewer = params.get("viewer");
  if (viewer && /^([0-7]|public)$/.test(viewer)) r.viewer = viewer;
  setupAnalysis({ gameId: GAME_ID, go: (at) => { stopReplayPlay(); replayGo(at); }, seatName });
  $("#replay-first").addEventListener("click", () => replayGo(0));
  $("#replay-back").addEventListener("click", () => replayGo(r.target - 1));
  $("#replay-forward").addEventListener("click", () => replayGo(r.target + 1));
  $("#replay-last").addEventListener("click", () => replayGo(r.moves));
  $("#replay-play").addEventListener("click", toggleReplayPlay);
  $("#replay-at").addEventListener("input", (event) => {
    stopReplayPlay();
    replayGo(Number(/** @type {HTMLInputElement} */ (event.target).value));
  });
  $("#replay-viewer").addEventListener("change", (event) => {
    r.viewer = /** @type {HTMLSelectElement} */ (event.target).value;
    replayGo(r.target);
  });
  const at = Number(params.get("at"));
  connection("");
  r.target = Number.isInteger(at) && at >= 0 ? at : 0;
  await replayPump();
}

// --- start -------------------------------------------------------------------------------------

/** Start the page by its mode. */
async function start() {
  document.body.classList.add(`mode-${state.mode}`);
  $("#lesson-leave").addEventListener("click", leaveLesson);
  wireLanguageMenu($("#language"));
  if (!GAME_ID) {
    banner(_("No game was named in the address."), "error", [h("a.button", { href: "/" }, _("Back to the lobby"))]);
    return;
  }
  if (state.mode === "replay") {
    await startReplay();
    return;
  }
  if (state.mode === "play") {
    state.connectUrl = await playUrl();
    if (!state.connectUrl) {
      await noSeat();
      return;
    }
  } else {
    state.connectUrl = `/api/games/${encodeURIComponent(GAME_ID)}/ws`;
  }
  connect();
}

// for end-to-end tests and curious developers: the table's state, read-only by convention
/** @type {Window & {stoneageTable?: {readonly state: TableState}}} */ (window).stoneageTable = { get state() { return state; } };

start();
