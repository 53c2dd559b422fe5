// @ts-check
// The replay's analysis panel (docs/web.md "Replays"): an "Analyse" button asks
// GET /api/games/{id}/analysis (202 + Retry-After while it runs), then draws every seat's winning
// chance over the game as an SVG line chart — mistakes and blunders marked, the replay's position
// shown, a point's details on hover or focus, a click on a point going to that move — with a
// per-player summary table and the biggest mistakes as buttons. Plain DOM and SVG, no library.
import { seatMark, seatMarkWords } from "./api.js";
import { h, s } from "./dom.js";
import { _, format, pgettext } from "./i18n.js";

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { left: 58, right: 12, top: 12, bottom: 34 };
const MARKED = new Set(["mistake", "blunder"]);
const DASHES = ["", "7 4", "2 3", "9 3 2 3"];  // each seat's line differs by more than its colour

/**
 * A decision of the analysis (GET /api/games/{id}/analysis, play/analysis.py): the chances of every
 * seat before and after it, and after the best move.
 * @typedef {object} AnalysedDecision
 * @property {number} step
 * @property {number} seat
 * @property {string} move
 * @property {string} best_move
 * @property {"good" | "inaccuracy" | "mistake" | "blunder" | string} label
 * @property {number} loss
 * @property {number[]} before
 * @property {number[]} after
 * @property {number[]} best
 */
/**
 * A seat's summary of the analysis.
 * @typedef {object} SeatSummary
 * @property {number} seat
 * @property {number} accuracy
 * @property {Record<string, number>} counts
 * @property {number} luck
 * @property {number} skill
 * @property {number[]} worst  the steps of its worst decisions
 */
/**
 * The analysis of a game.
 * @typedef {object} Analysis
 * @property {number} players
 * @property {[number, number[]][]} curve  [step, every seat's chance]
 * @property {AnalysedDecision[]} decisions
 * @property {SeatSummary[]} summaries
 */

const panel = {
  gameId: "",
  /** @type {(at: number) => void} the replay's own navigation (table.js replayGo) */
  go: (_at) => {},
  /** @type {(seat: number) => string} */
  seatName: (seat) => format(_("Player {number}"), { number: seat + 1 }),
  /** @type {Analysis | null} the analysis once it came */
  data: null,
  moves: 0,
  at: 0,
  busy: false,
};

/**
 * The page's element for ``selector`` (table.html has it), as the type the caller expects.
 * @template {Element} [E=HTMLElement]
 * @param {string} selector
 * @returns {E}
 */
const $ = (selector) => /** @type {E} */ (document.querySelector(selector));

/**
 * The drawn analysis (``draw`` is called once it came).
 * @returns {Analysis}
 */
function analysis() {
  return /** @type {Analysis} */ (panel.data);
}

/**
 * A class in words (the same words as ``stoneage analyze``).
 * @param {string} label
 * @returns {string}
 */
function labelWords(label) {
  return /** @type {Record<string, string>} */ ({
    good: pgettext("decision", "good"), inaccuracy: pgettext("decision", "inaccuracy"),
    mistake: pgettext("decision", "mistake"), blunder: pgettext("decision", "blunder"),
  })[label] || label;
}

/** @param {number} chance @returns {number} */
function percent(chance) {
  return Math.round(chance * 100);
}

/** A chance as "54 %", kept on one line. @param {number} chance @returns {string} */
function chanceText(chance) {
  return `${percent(chance)}\u00a0%`;
}

/** The chart's x of a step. @param {number} step @returns {number} */
function x(step) {
  return PAD.left + (WIDTH - PAD.left - PAD.right) * (panel.moves ? step / panel.moves : 0);
}

/** The chart's y of a chance. @param {number} chance @returns {number} */
function y(chance) {
  return PAD.top + (HEIGHT - PAD.top - PAD.bottom) * (1 - Math.max(0, Math.min(1, chance)));
}

// --- asking for the analysis ---------------------------------------------------------------------

/**
 * The panel's status line.
 * @param {string} text
 * @param {"info" | "error"} [kind]
 */
function say(text, kind = "info") {
  const line = $("#analysis-status");
  line.textContent = text;
  line.dataset.kind = kind;
}

/** @param {number} ms @returns {Promise<void>} */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Seconds to wait from a Retry-After header (1 to 30; 5 when it is missing or odd).
 * @param {Response} response
 * @returns {number}
 */
function retryAfter(response) {
  const seconds = Number(response.headers.get("Retry-After"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(30, Math.max(1, seconds)) : 5;
}

/**
 * Why the analysis did not come, in words.
 * @param {number} status
 * @param {{error?: {message?: string}} | null} body
 * @returns {string}
 */
function failure(status, body) {
  const message = body && body.error && body.error.message;
  if (status === 503) return _("The server is busy analysing other games. Try again in a moment.");
  if (status === 409) return _("This game is not over yet: it can be analysed once it is over.");
  if (status === 422) return format(_("This game cannot be analysed: {reason}"), { reason: message || "" });
  return format(_("The analysis failed (the server answered {status})."), { status });
}

/**
 * The running analysis has no measure of its own: an indeterminate bar shows it is at work.
 * @param {boolean} on
 */
function working(on) {
  $("#analysis-progress").hidden = !on;
}

/** The analysis failed: say why and offer to try again. @param {string} text */
function failed(text) {
  panel.busy = false;
  working(false);
  say(text, "error");
  /** @type {HTMLButtonElement} */
  const button = $("#analyse");
  button.textContent = _("Try again");
  button.disabled = false;
  button.hidden = false;
}

/** Ask until the analysis comes (waiting as long as each 202 says), then draw it. */
async function request() {
  if (panel.busy) return;
  panel.busy = true;
  /** @type {HTMLButtonElement} */
  const button = $("#analyse");
  button.disabled = true;
  working(true);
  say(_("Analysing… the advisor weighs every decision; this takes a few seconds."));
  const url = `/api/games/${encodeURIComponent(panel.gameId)}/analysis`;
  for (;;) {
    let response;
    try {
      response = await fetch(url, { headers: { Accept: "application/json" } });
    } catch {
      failed(_("The server cannot be reached. Check your connection and try again."));
      return;
    }
    let body = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    if (response.status === 202) {
      await sleep(retryAfter(response) * 1000);
      continue;
    }
    if (!response.ok || !body || !Array.isArray(body.curve)) {
      failed(failure(response.status, body));
      return;
    }
    panel.busy = false;
    working(false);
    panel.data = body;
    button.hidden = true;
    say("");
    draw();
    return;
  }
}

// --- the chart -----------------------------------------------------------------------------------

/**
 * A decision's details, one line each: move and seat, the move, its class, the chances.
 * @param {AnalysedDecision} decision
 * @returns {string[]}
 */
function details(decision) {
  const seat = decision.seat;
  const lines = [
    format(_("Move {number}: {name}"), { number: decision.step + 1, name: panel.seatName(seat) }),
    decision.move,
    decision.label === "good" ? _("A good move") : format(_("{label}: lost {points} points of winning chance"),
      { label: labelWords(decision.label), points: percent(decision.loss) }),
    format(_("Winning chance {before} before, {after} after (best move: {best})"), {
      before: chanceText(decision.before[seat]), after: chanceText(decision.after[seat]), best: chanceText(decision.best[seat]),
    }),
  ];
  if (decision.label !== "good" && decision.best_move !== decision.move) {
    lines.push(format(_("Better: {move}"), { move: decision.best_move }));
  }
  lines.push(decision.before.map((chance, n) => format(_("{name}: {chance}"), { name: panel.seatName(n), chance: chanceText(chance) }))
    .join(", "));
  return lines;
}

/** Show a decision's details by its point. @param {AnalysedDecision} decision */
function showTip(decision) {
  const tip = $("#analysis-tip");
  tip.replaceChildren(...details(decision).map((line, n) => h(n ? "span" : "strong", { text: line })));
  tip.hidden = false;
  const box = $("#analysis-chart").getBoundingClientRect();
  const left = (x(decision.step) / WIDTH) * box.width;
  const top = (y(decision.before[decision.seat]) / HEIGHT) * box.height;
  tip.style.left = `${Math.min(Math.max(0, left - tip.offsetWidth / 2), Math.max(0, box.width - tip.offsetWidth))}px`;
  tip.style.top = `${top > box.height / 2 ? top - tip.offsetHeight - 10 : top + 14}px`;
}

/** Hide the details. */
function hideTip() {
  $("#analysis-tip").hidden = true;
}

/** Go to the position right after a decision's move. @param {AnalysedDecision} decision */
function jump(decision) {
  panel.go(decision.step + 1);
}

/**
 * A decision's point on the chart (a triangle for a mistake or a blunder, a button then).
 * @param {AnalysedDecision} decision
 * @returns {SVGGElement}
 */
function point(decision) {
  const marked = MARKED.has(decision.label);
  const cx = x(decision.step);
  const cy = y(decision.before[decision.seat]);
  const shape = marked
    ? s("path", { class: "chance-shape", d: `M${cx} ${cy - 7}L${cx + 6.5} ${cy + 5}L${cx - 6.5} ${cy + 5}Z` })
    : s("circle", { class: "chance-shape", cx, cy, r: 2.6 });
  const text = details(decision).join(". ");
  const g = s("g", {
    class: `chance-point seat-${decision.seat % 4} label-${decision.label}`,
    "data-step": decision.step, "data-seat": decision.seat, "data-label": decision.label,
  }, s("circle", { class: "chance-hit", cx, cy, r: 7 }), shape);
  if (marked) {  // the marked points are reached by Tab; the summary's buttons reach them too
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", text);
  }
  g.addEventListener("mouseenter", () => showTip(decision));
  g.addEventListener("mouseleave", hideTip);
  g.addEventListener("focus", () => showTip(decision));
  g.addEventListener("blur", hideTip);
  g.addEventListener("click", () => jump(decision));
  g.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      event.stopPropagation();
      jump(decision);
    }
  });
  return g;
}

/** The chart's grid, ticks and axis names. @returns {SVGElement[]} */
function axes() {
  const parts = [];
  for (const chance of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(s("line", { class: "chance-grid", x1: PAD.left, x2: WIDTH - PAD.right, y1: y(chance), y2: y(chance) }));
    parts.push(s("text", { class: "chance-tick", x: PAD.left - 6, y: y(chance) + 4, "text-anchor": "end" },
      `${percent(chance)} %`));
  }
  const every = Math.max(1, Math.ceil(panel.moves / 8 / 10) * 10);
  for (let step = 0; step <= panel.moves; step += every) {
    parts.push(s("text", { class: "chance-tick", x: x(step), y: HEIGHT - PAD.bottom + 15, "text-anchor": "middle" },
      String(step)));
  }
  parts.push(s("text", { class: "chance-axis", x: (PAD.left + WIDTH - PAD.right) / 2, y: HEIGHT - 3, "text-anchor": "middle" },
    pgettext("replay position", "Move")));
  const middle = (PAD.top + HEIGHT - PAD.bottom) / 2;
  parts.push(s("text", { class: "chance-axis", x: 12, y: middle, "text-anchor": "middle", transform: `rotate(-90 12 ${middle})` },
    _("Winning chance")));
  return parts;
}

/** The chart: a line per seat, the decisions' points, the replay's step. @returns {SVGSVGElement} */
function chart() {
  const data = analysis();
  const seats = data.players;
  const lines = [];
  for (let seat = 0; seat < seats; seat += 1) {
    const points = data.curve.map(([step, chances]) => `${x(step).toFixed(1)},${y(chances[seat]).toFixed(1)}`).join(" ");
    lines.push(s("polyline", {
      class: `chance-line seat-${seat % 4}`, points, "data-seat": seat, "stroke-dasharray": DASHES[seat % 4] || "",
    }));
  }
  const title = _("Winning chance of each player, move by move");
  const chartSvg = s("svg", {
    id: "analysis-chart", viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: "group", "aria-labelledby": "analysis-chart-title",
  },
  s("title", { id: "analysis-chart-title" }, title),
  ...axes(),
  s("line", { id: "analysis-now", class: "chance-now", y1: PAD.top, y2: HEIGHT - PAD.bottom, x1: x(panel.at), x2: x(panel.at) }),
  ...lines,
  ...data.decisions.filter((d) => !MARKED.has(d.label)).map(point),
  ...data.decisions.filter((d) => MARKED.has(d.label)).map(point));  // drawn last: on top
  return chartSvg;
}

/** Which line is whose. @returns {HTMLUListElement} */
function legend() {
  return h("ul.chance-legend", { "aria-label": _("Lines") }, Array.from({ length: analysis().players }, (_unused, seat) =>
    h(`li.seat-${seat % 4}`, {},
      h("span.chance-swatch", { "aria-hidden": "true" }, s("svg", { viewBox: "0 0 28 8", width: 28, height: 8 },
        s("line", { class: `chance-line seat-${seat % 4}`, x1: 1, x2: 27, y1: 4, y2: 4, "stroke-dasharray": DASHES[seat % 4] || "" }))),
      seatMark(seat, { size: 14 }),
      h("span", { text: `${panel.seatName(seat)} (${seatMarkWords(seat)})` }))));
}

/** The summary per seat (a note and its table). @returns {HTMLElement[]} */
function summaryTable() {
  const head = h("tr", {}, [_("Player"), _("Accuracy"), _("Inaccuracies"), _("Mistakes"), _("Blunders"), _("Luck"), _("Skill")]
    .map((text) => h("th", { scope: "col", text })));
  const signed = (/** @type {number} */ value) => `${value > 0 ? "+" : ""}${percent(value)}`;
  const rows = analysis().summaries.map((summary) => h("tr", {},
    h("th", { scope: "row" }, seatMark(summary.seat, { size: 14 }), " ", panel.seatName(summary.seat)),
    h("td", { text: `${Math.round(summary.accuracy)} %` }),
    h("td", { text: String(summary.counts.inaccuracy || 0) }),
    h("td", { text: String(summary.counts.mistake || 0) }),
    h("td", { text: String(summary.counts.blunder || 0) }),
    h("td", { text: signed(summary.luck) }),
    h("td", { text: signed(summary.skill) })));
  // on a narrow screen the table scrolls sideways inside its own box (a Tab stop, so keys scroll it too)
  return [
    h("p.muted.small", { id: "analysis-table-note",
      text: _("Each player's accuracy (of the decisions where a choice could lose 5 points or more, the share that lost less), and winning chance from luck and from decisions, in points") }),
    h("div.analysis-table-wrap", { tabindex: "0", role: "region", "aria-label": _("Summary per player"), "aria-describedby": "analysis-table-note" },
      h("table.analysis-table", { "aria-describedby": "analysis-table-note" },
        h("caption.visually-hidden", { text: _("Summary per player") }),
        h("thead", {}, head), h("tbody", {}, rows)))];
}

/** The biggest mistakes, as buttons that go there. @returns {HTMLElement} */
function worstList() {
  const byStep = new Map(analysis().decisions.map((d) => [d.step, d]));
  const worst = analysis().summaries.flatMap((summary) => summary.worst.map((step) => byStep.get(step)))
    .filter((d) => d !== undefined).sort((a, b) => b.loss - a.loss);
  if (!worst.length) return h("p.muted", { text: _("No inaccuracies: every decision kept its winning chance.") });
  return h("div", {},
    h("h3", { text: _("Biggest mistakes") }),
    h("ul.analysis-worst", {}, worst.map((d) => h("li", {},
      h("button.quiet.small", {
        type: "button", "data-step": d.step, onclick: () => jump(d),
        text: format(_("Move {number}, {name}: {label}, {move} (−{points})"), {
          number: d.step + 1, name: panel.seatName(d.seat), label: labelWords(d.label), move: d.move, points: percent(d.loss),
        }),
      })))));
}

/** Draw the analysis that came. */
function draw() {
  const body = $("#analysis-body");
  body.replaceChildren(
    legend(),
    h("div.chance-wrap", {}, chart(), h("div.chance-tip", { id: "analysis-tip", role: "tooltip", hidden: true })),
    h("p.muted.small", { text: _("Triangles mark mistakes and blunders; the upright line is the move shown. Hover or focus a point for its move, click it to go there.") }),
    ...summaryTable(),
    worstList());
}

// --- the hooks table.js calls -------------------------------------------------------------------

/**
 * Build the panel (hidden until the replay's first step came); ``go(at)`` moves the replay.
 * @param {{gameId: string, go: (at: number) => void, seatName: (seat: number) => string}} hooks
 */
export function setupAnalysis({ gameId, go, seatName }) {
  panel.gameId = gameId;
  panel.go = go;
  panel.seatName = seatName;
  const section = $("#analysis");
  if (!section) return;
  section.replaceChildren(
    h("div.card-head", {},
      h("h2", { id: "analysis-title", text: _("Analysis") }),
      h("button.primary", { type: "button", id: "analyse", onclick: request, text: _("Analyse") })),
    h("p.analysis-status", { id: "analysis-status", role: "status", "aria-live": "polite" }),
    h("progress.analysis-progress", { id: "analysis-progress", hidden: true, "aria-label": _("Analysing…") }),
    h("div", { id: "analysis-body" }));
}

/**
 * The replay shows step ``at`` of ``moves``: show the panel and mark the step on the chart.
 * @param {number} at
 * @param {number} moves
 */
export function analysisAt(at, moves) {
  const section = $("#analysis");
  if (!section || !moves) return;
  section.hidden = false;
  const movesChanged = panel.moves !== moves;
  panel.at = at;
  panel.moves = moves;
  if (panel.data && movesChanged) draw();
  const now = $("#analysis-now");
  if (now) {
    now.setAttribute("x1", String(x(at)));
    now.setAttribute("x2", String(x(at)));
  }
}
