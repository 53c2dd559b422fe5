// @ts-check
// Shared pieces of the children's boards (My First Stone Age, Stone Age Junior): the goods pictures,
// card faces, Martin the mammoth, huts, seat markers, clickable elements, the flip animation and the
// hot-seat cover. Plain ES module, no build step; elements are built with dom.js.

import { h, s } from "../dom.js";
import { _, format, ngettext } from "../i18n.js";

/** @typedef {import("../types.js").BoardContext} BoardContext */
/** @typedef {import("../types.js").Decision} Decision */
/** @typedef {import("../types.js").Choice} Choice */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").Seat} Seat */
/** @typedef {import("../types.js").Panel} Panel */
/** @typedef {import("../dom.js").Child} Child */
/** An element that may be a choice (``on`` keeps how to undo it). @typedef {Element & {_kidsOff?: (() => void) | null}} Pickable */
/**
 * What a choice on the board is: a leaf action or a group's path, its words, and what picking does
 * (by default ctx.choose / ctx.open).
 * @typedef {object} PickOptions
 * @property {number | null} [action]
 * @property {number[] | string | null} [path]
 * @property {string} label
 * @property {(() => void) | null} [onPick]
 * @property {BoardContext} [ctx]
 * @property {boolean} [selected]
 */

export const GOODS = ["berry", "fish", "jug", "arrowhead", "tooth"];
/** @type {Record<string, string>} */
export const PLURALS = { berry: "berries", fish: "fish", jug: "jugs", arrowhead: "arrowheads", tooth: "teeth" };
export const SHAPES = ["circle", "square", "triangle", "diamond"]; // seat 0 … 3
/** @type {Record<string, string>} */
export const GOOD_COLOURS = {
  berry: "#c2255c", fish: "#1c7ed6", jug: "#d9480f", arrowhead: "#5c6f7b", tooth: "#8d6e63",
  guff: "#9c36b5", dog: "#9c36b5",
};
const SEAT_FALLBACK = ["#d9480f", "#1971c2", "#e8a900", "#2b8a3e"];

/** The seat's colour: the page's CSS variable, with a warm fallback. @param {number} seat @returns {string} */
export const seatColour = (seat) => `var(--seat-${seat}, ${SEAT_FALLBACK[seat % 4]})`;

/** "a berry", "an arrowhead", "Guff the dog" (in the page's language). @param {string} word @returns {string} */
export function aWord(word) {
  switch (word) {
    case "guff": return _("Guff the dog");
    case "berry": return _("a berry");
    case "fish": return _("a fish");
    case "jug": return _("a jug");
    case "arrowhead": return _("an arrowhead");
    case "tooth": return _("a tooth");
    case "dog": return _("a dog");
    default: return `${/^[aeiou]/.test(word) ? "an" : "a"} ${word}`;
  }
}

/** A good's name: "berry", "fish", "jug", "arrowhead", "tooth" (in the page's language). @param {string} word @returns {string} */
export function goodName(word) {
  switch (word) {
    case "guff": return _("Guff");
    case "berry": return _("berry");
    case "fish": return _("fish");
    case "jug": return _("jug");
    case "arrowhead": return _("arrowhead");
    case "tooth": return _("tooth");
    case "dog": return _("dog");
    default: return word;
  }
}

/** "3 berries", "1 fish" (in the page's language). @param {number} n @param {string} good @returns {string} */
export function countWord(n, good) {
  switch (good) {
    case "berry": return format(ngettext("{count} berry", "{count} berries", n), { count: n });
    case "fish": return format(ngettext("{count} fish", "{count} fish", n), { count: n });
    case "jug": return format(ngettext("{count} jug", "{count} jugs", n), { count: n });
    case "arrowhead": return format(ngettext("{count} arrowhead", "{count} arrowheads", n), { count: n });
    case "tooth": return format(ngettext("{count} tooth", "{count} teeth", n), { count: n });
    default: return `${n} ${n === 1 ? good : PLURALS[good] || good + "s"}`;
  }
}
/** The text with a capital first letter. @param {string} text @returns {string} */
export const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// --- element builders (h, s and clear are dom.js's) -------------------------------------------

/**
 * A standalone <svg> for an icon in HTML (decorative unless given a label).
 * @param {Child} draw  the picture, drawn around 0,0 in a ``size`` box
 * @param {{size?: number, label?: string | null, cls?: string}} [options]
 * @returns {SVGSVGElement}
 */
export function icon(draw, { size = 100, label = null, cls = "kids-icon" } = {}) {
  /** @type {Record<string, string>} */
  const attrs = { viewBox: `${-size / 2} ${-size / 2} ${size} ${size}`, class: cls, focusable: "false" };
  if (label) Object.assign(attrs, { role: "img", "aria-label": label });
  else attrs["aria-hidden"] = "true";
  const node = s("svg", attrs, draw);
  if (label) node.prepend(s("title", {}, label));
  return node;
}

/** Load children.css once (next to this module). */
export function injectStyles() {
  if (document.getElementById("kids-board-css")) return;
  document.head.append(h("link", { id: "kids-board-css", rel: "stylesheet", href: new URL("./children.css", import.meta.url).href }));
}

/** Whether the reader asked for less motion. @returns {boolean} */
export const reducedMotion = () =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/** @param {number} ms @returns {Promise<void>} */
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const SHARED_KEY = "stoneage.kids.sharedScreen";

/**
 * Whether this page is shared by several people (hot seat): the table's ctx.hotseat, else a
 * `hotseat` parameter in the address, else the board's own "sharing this screen" setting.
 * @param {{hotseat?: boolean | null} | null | undefined} ctx
 * @returns {boolean}
 */
export function hotseatWanted(ctx) {
  if (ctx && ctx.hotseat !== undefined && ctx.hotseat !== null) return Boolean(ctx.hotseat);
  try {
    const value = new URLSearchParams(location.search).get("hotseat");
    if (value !== null) return !["0", "false", "no", "off"].includes(value.toLowerCase());
  } catch { /* no address */ }
  return sharedScreen();
}

/**
 * The board's own setting: this screen is shared, hide private things between turns (given a
 * value: keep it).
 * @param {boolean} [value]
 * @returns {boolean}
 */
export function sharedScreen(value) {
  try {
    if (value !== undefined) localStorage.setItem(SHARED_KEY, value ? "1" : "0");
    return localStorage.getItem(SHARED_KEY) === "1";
  } catch {
    return Boolean(value);
  }
}

// --- clickable elements ------------------------------------------------------------------------

/**
 * Make `node` a button of the pending decision: data-action (a leaf) or data-path (a group), focusable,
 * with words for screen readers; click, Enter or Space call `onPick` (by default ctx.choose / ctx.open).
 * `off(node)` takes it all away again.
 * @template {Element} E
 * @param {E & Pickable} node
 * @param {PickOptions} options
 * @returns {E}
 */
export function on(node, { action = null, path = null, label, onPick = null, ctx, selected = false }) {
  off(node);
  if (action !== null) node.setAttribute("data-action", String(action));
  if (path !== null) node.setAttribute("data-path", Array.isArray(path) ? path.join(",") : String(path));
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.classList.add("kids-legal");
  node.classList.toggle("kids-selected", selected);
  if (selected) node.setAttribute("aria-pressed", "true");
  const pick = (/** @type {Event} */ event) => {
    event.preventDefault();
    event.stopPropagation();
    if (onPick) onPick();
    else if (action !== null) /** @type {BoardContext} */ (ctx).choose(action);
    else if (path !== null) /** @type {BoardContext} */ (ctx).open(Array.isArray(path) ? path : String(path).split(",").map(Number));
  };
  const key = (/** @type {Event} */ event) => {
    const pressed = /** @type {KeyboardEvent} */ (event).key;
    if (pressed === "Enter" || pressed === " " || pressed === "Spacebar") pick(event);
  };
  node.addEventListener("click", pick);
  node.addEventListener("keydown", key);
  node._kidsOff = () => {
    node.removeEventListener("click", pick);
    node.removeEventListener("keydown", key);
  };
  return node;
}

/**
 * Not a choice (any more); with `words`, a picture that screen readers still name.
 * @param {Pickable} node
 * @param {string | null} [words]
 */
export function off(node, words = null) {
  if (node._kidsOff) node._kidsOff();
  node._kidsOff = null;
  for (const name of ["data-action", "data-path", "tabindex", "role", "aria-label", "aria-pressed"]) {
    node.removeAttribute(name);
  }
  node.classList.remove("kids-legal", "kids-selected");
  if (words) {
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", words);
  }
}

/**
 * The see-through cover of a place drawn in SVG (a card, a tile, a space), laid over it last: when the
 * place is a choice, the cover is its button (`onPlace`). It holds no text, so the button's name is
 * its label alone: the words and numbers drawn on the place are not part of a button named otherwise.
 * @param {{x?: number, y?: number, width: number, height: number, rx?: number}} box
 * @returns {SVGRectElement}
 */
export function cover({ x = 0, y = 0, width, height, rx = 0 }) {
  return s("rect", { x, y, width, height, rx, class: "kids-hit", fill: "transparent" });
}

/**
 * The place `node` is a choice: its cover `hit` is the button (see `on`), the place glows.
 * @param {Element} node
 * @param {Element} hit
 * @param {PickOptions} options
 */
export function onPlace(node, hit, options) {
  off(node);
  on(hit, options);
  node.classList.add("kids-legal");
  node.classList.toggle("kids-selected", Boolean(options.selected));
}

/**
 * The place `node` is not a choice (any more); with `words`, a picture that screen readers name.
 * @param {Element} node
 * @param {Element} hit
 * @param {string | null} [words]
 */
export function offPlace(node, hit, words = null) {
  off(hit);
  off(node, words);
}

/**
 * Every leaf action of a decision (any depth).
 * @param {Decision | null | undefined} decision
 * @returns {Set<number>}
 */
export function decisionActions(decision) {
  /** @type {Set<number>} */
  const found = new Set();
  const walk = (/** @type {Choice[] | undefined} */ choices) => {
    for (const choice of choices || []) {
      if (choice.choices) walk(choice.choices);
      else if (choice.action !== undefined) found.add(choice.action);
    }
  };
  if (decision) walk(decision.choices);
  return found;
}

/**
 * The label of a decision's leaf `action` ("" if it is not there).
 * @param {Decision | null | undefined} decision
 * @param {number} action
 * @returns {string}
 */
export function labelOf(decision, action) {
  let label = "";
  const walk = (/** @type {Choice[] | undefined} */ choices) => {
    for (const choice of choices || []) {
      if (choice.choices) walk(choice.choices);
      else if (choice.action === action) label = choice.label;
    }
  };
  if (decision) walk(decision.choices);
  return label;
}

/**
 * The view's panel called `name`, else an empty one.
 * @param {{panels?: Panel[]}} view
 * @param {string} name
 * @returns {Panel | {data: null, lines: string[]}}
 */
export function panel(view, name) {
  return (view.panels || []).find((p) => p.name === name) || { data: null, lines: [] };
}

/**
 * A seat's name from the seat list, else "Player N".
 * @param {Seat[] | null | undefined} seats
 * @param {number} seat
 * @returns {string}
 */
export function seatName(seats, seat) {
  const entry = (seats || []).find((x) => x.seat === seat) || (seats || [])[seat];
  return (entry && entry.name) || format(_("Player {number}"), { number: seat + 1 });
}

// --- pictures (each drawn in a 100 × 100 box around 0,0) ---------------------------------------

/**
 * A seat's shape (circle, square, triangle, diamond) in its colour, of radius `r` around 0,0.
 * @param {number} seat
 * @param {number} [r]
 * @param {Record<string, unknown>} [extra]  more attributes
 * @returns {SVGElement}
 */
export function seatShape(seat, r = 10, extra = {}) {
  const fill = seatColour(seat);
  const common = { fill, stroke: "#3b2412", "stroke-width": Math.max(1.5, r / 5), class: `seat-shape seat-shape-${seat}`, ...extra };
  switch (seat % 4) {
    case 0: return s("circle", { r, ...common });
    case 1: return s("rect", { x: -r * 0.9, y: -r * 0.9, width: r * 1.8, height: r * 1.8, rx: r * 0.2, ...common });
    case 2: return s("path", { d: `M0 ${-r * 1.1} L${r * 1.05} ${r * 0.8} L${-r * 1.05} ${r * 0.8} Z`, "stroke-linejoin": "round", ...common });
    default: return s("path", { d: `M0 ${-r * 1.15} L${r * 1.05} 0 L0 ${r * 1.15} L${-r * 1.05} 0 Z`, "stroke-linejoin": "round", ...common });
  }
}

/** A seat's marker as a small standalone SVG (for HTML). @param {number} seat @param {string | null} [label] */
export const seatIcon = (seat, label = null) =>
  icon(seatShape(seat, 38), { label, cls: `kids-icon kids-seat-icon seat-shape-${seat}` });

/** @returns {SVGGElement} */
function berry() {
  const dot = (/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ r) => s("g", {},
    s("circle", { cx: x, cy: y, r, fill: "#c2255c", stroke: "#7a1038", "stroke-width": 3 }),
    s("circle", { cx: x - r * 0.35, cy: y - r * 0.35, r: r * 0.25, fill: "#ffd6e4" }));
  return s("g", { class: "pic pic-berry" },
    s("path", { d: "M-4 -30 C-20 -44 -34 -38 -38 -30 C-26 -26 -14 -26 -4 -30 Z", fill: "#5c940d", stroke: "#2b5a06", "stroke-width": 3 }),
    s("path", { d: "M0 -30 C10 -44 26 -42 32 -34 C22 -28 10 -28 0 -30 Z", fill: "#74b816", stroke: "#2b5a06", "stroke-width": 3 }),
    s("path", { d: "M0 -30 L0 -14", stroke: "#2b5a06", "stroke-width": 4 }),
    dot(-16, 0, 15), dot(14, 0, 15), dot(0, 22, 15), dot(-1, -12, 12));
}

/** @returns {SVGGElement} */
function fish() {
  return s("g", { class: "pic pic-fish" },
    s("path", { d: "M-40 0 C-22 -30 18 -32 34 -4 L46 -20 L42 0 L46 20 L34 4 C18 32 -22 30 -40 0 Z", fill: "#4dabf7", stroke: "#0b4f8a", "stroke-width": 4, "stroke-linejoin": "round", transform: "scale(-1 1)" }),
    s("path", { d: "M6 -20 C0 -8 0 8 6 20", fill: "none", stroke: "#0b4f8a", "stroke-width": 3 }),
    s("path", { d: "M-8 -18 C-2 -26 8 -28 14 -26", fill: "none", stroke: "#a5d8ff", "stroke-width": 4, "stroke-linecap": "round" }),
    s("circle", { cx: 24, cy: -5, r: 5.5, fill: "#fff", stroke: "#0b4f8a", "stroke-width": 2 }),
    s("circle", { cx: 25, cy: -5, r: 2.6, fill: "#0b2540" }),
    s("path", { d: "M-14 10 L-6 16 M-20 4 L-12 10", stroke: "#0b4f8a", "stroke-width": 2.5, "stroke-linecap": "round" }));
}

/** @returns {SVGGElement} */
function jug() {
  return s("g", { class: "pic pic-jug" },
    s("path", { d: "M16 -22 C40 -22 40 10 18 12", fill: "none", stroke: "#8a2c07", "stroke-width": 7, "stroke-linecap": "round" }),
    s("path", { d: "M-12 -38 L12 -38 L10 -26 C30 -14 32 24 14 38 L-14 38 C-32 24 -30 -14 -10 -26 Z", fill: "#f08c3a", stroke: "#8a2c07", "stroke-width": 4, "stroke-linejoin": "round" }),
    s("rect", { x: -15, y: -42, width: 30, height: 8, rx: 3, fill: "#e8590c", stroke: "#8a2c07", "stroke-width": 3 }),
    s("path", { d: "M-24 0 Q0 10 24 0", fill: "none", stroke: "#8a2c07", "stroke-width": 3 }),
    s("path", { d: "M-22 12 L-14 6 L-6 12 L2 6 L10 12 L18 6", fill: "none", stroke: "#fff4e6", "stroke-width": 3, "stroke-linejoin": "round" }),
    s("path", { d: "M-18 -14 C-22 -4 -22 6 -18 14", fill: "none", stroke: "#ffd8a8", "stroke-width": 4, "stroke-linecap": "round" }));
}

/** @returns {SVGGElement} */
function arrowhead() {
  return s("g", { class: "pic pic-arrowhead" },
    s("rect", { x: -5, y: 18, width: 10, height: 28, rx: 3, fill: "#a0612d", stroke: "#5b3413", "stroke-width": 3 }),
    s("path", { d: "M-10 24 L10 24 L6 32 L-6 32 Z", fill: "#d9a066", stroke: "#5b3413", "stroke-width": 2.5 }),
    s("path", { d: "M0 -44 L24 8 L10 22 L-10 22 L-24 8 Z", fill: "#90a4ae", stroke: "#37474f", "stroke-width": 4, "stroke-linejoin": "round" }),
    s("path", { d: "M0 -44 L4 -6 L10 22 M4 -6 L24 8 M-6 -10 L-24 8 M-6 -10 L0 -44 M-6 -10 L-10 22", fill: "none", stroke: "#546e7a", "stroke-width": 2 }),
    s("path", { d: "M-4 -30 L-12 -6", stroke: "#eceff1", "stroke-width": 3.5, "stroke-linecap": "round" }));
}

/** @returns {SVGGElement} */
function tooth() {
  return s("g", { class: "pic pic-tooth" },
    s("path", { d: "M-30 -22 C-34 -40 -14 -46 0 -36 C14 -46 34 -40 30 -22 C28 -8 22 0 20 10 C18 24 16 40 8 42 C2 42 2 26 0 16 C-2 26 -2 42 -8 42 C-16 40 -18 24 -20 10 C-22 0 -28 -8 -30 -22 Z", fill: "#fffdf7", stroke: "#6d4c41", "stroke-width": 4.5, "stroke-linejoin": "round" }),
    s("path", { d: "M-18 -28 C-22 -18 -20 -8 -16 0", fill: "none", stroke: "#e3d5c0", "stroke-width": 5, "stroke-linecap": "round" }),
    s("path", { d: "M-8 -36 C-4 -32 4 -32 8 -36", fill: "none", stroke: "#6d4c41", "stroke-width": 3, "stroke-linecap": "round" }),
    s("circle", { cx: 16, cy: -24, r: 3.5, fill: "#fff" }));
}

/** Guff the dog (a goods card of the card game, a dog tile of Junior). @returns {SVGGElement} */
export function dog() {
  return s("g", { class: "pic pic-dog" },
    s("path", { d: "M-30 -30 C-46 -24 -48 4 -36 14 C-30 4 -26 -14 -22 -22 Z", fill: "#7b4a1e", stroke: "#3b2412", "stroke-width": 3 }),
    s("path", { d: "M30 -30 C46 -24 48 4 36 14 C30 4 26 -14 22 -22 Z", fill: "#7b4a1e", stroke: "#3b2412", "stroke-width": 3 }),
    s("path", { d: "M-26 -22 C-26 -44 26 -44 26 -22 C32 0 24 30 0 34 C-24 30 -32 0 -26 -22 Z", fill: "#e0a96d", stroke: "#3b2412", "stroke-width": 4 }),
    s("ellipse", { cx: 0, cy: 16, rx: 16, ry: 13, fill: "#fff1dc" }),
    s("ellipse", { cx: 12, cy: -12, rx: 9, ry: 10, fill: "#c97d3a", opacity: 0.8 }),
    s("circle", { cx: -11, cy: -10, r: 5, fill: "#2b1a0e" }), s("circle", { cx: 11, cy: -10, r: 5, fill: "#2b1a0e" }),
    s("circle", { cx: -9.5, cy: -11.5, r: 1.6, fill: "#fff" }), s("circle", { cx: 12.5, cy: -11.5, r: 1.6, fill: "#fff" }),
    s("ellipse", { cx: 0, cy: 6, rx: 7, ry: 5, fill: "#2b1a0e" }),
    s("path", { d: "M-8 16 Q0 22 8 16", fill: "none", stroke: "#2b1a0e", "stroke-width": 2.5, "stroke-linecap": "round" }),
    s("path", { d: "M-4 18 Q0 30 4 18 Z", fill: "#f06595", stroke: "#a61e4d", "stroke-width": 1.5 }));
}

/** @type {Record<string, () => SVGGElement>} */
const PICTURES = { berry, fish, jug, arrowhead, tooth, guff: dog, dog };

/**
 * The picture of a good or of Guff/the dog, scaled to `size` (of its 100 units), at x, y.
 * @param {string} kind
 * @param {{x?: number, y?: number, size?: number}} [where]
 * @returns {SVGGElement}
 */
export function picture(kind, { x = 0, y = 0, size = 100 } = {}) {
  const draw = PICTURES[kind];
  const inner = draw ? draw() : s("text", { "text-anchor": "middle", y: 10, "font-size": 40 }, "?");
  return s("g", { transform: `translate(${x} ${y}) scale(${size / 100})` }, inner);
}

/** A standalone icon of a good (HTML). @param {string} kind @param {string | null} [label] @param {string} [cls] */
export const goodIcon = (kind, label = null, cls = "kids-icon kids-good") => icon(picture(kind), { label, cls });

/**
 * The meadow side of a goods card, w × h at 0,0 (top left).
 * @param {number} w
 * @param {number} h
 * @param {{id?: string}} [_options]
 * @returns {SVGGElement}
 */
export function meadowBack(w, h, _options = {}) {
  const blades = [];
  for (let i = 0; i < 5; i++) {
    const x = w * (0.14 + i * 0.18);
    const y = h * (0.58 + (i % 2) * 0.16);
    blades.push(s("path", { d: `M${x - 5} ${y + 6} Q${x - 3} ${y - 4} ${x - 6} ${y - 10} M${x} ${y + 6} Q${x + 1} ${y - 6} ${x + 1} ${y - 13} M${x + 5} ${y + 6} Q${x + 4} ${y - 3} ${x + 8} ${y - 9}`, fill: "none", stroke: "#2f6b12", "stroke-width": 2, "stroke-linecap": "round" }));
  }
  const flower = (/** @type {number} */ fx, /** @type {number} */ fy, /** @type {string} */ colour) => s("g", { transform: `translate(${fx} ${fy})` },
    ...[0, 72, 144, 216, 288].map((a) => s("circle", { cx: 4 * Math.cos((a * Math.PI) / 180), cy: 4 * Math.sin((a * Math.PI) / 180), r: 3, fill: colour })),
    s("circle", { r: 2.4, fill: "#ffd43b" }));
  return s("g", { class: "meadow" },
    s("rect", { width: w, height: h, rx: 8, fill: "#8bc34a", stroke: "#33691e", "stroke-width": 3 }),
    s("rect", { x: 5, y: 5, width: w - 10, height: h - 10, rx: 5, fill: "none", stroke: "#c5e1a5", "stroke-width": 2, "stroke-dasharray": "5 4" }),
    s("path", { d: `M5 ${h * 0.45} Q${w * 0.5} ${h * 0.33} ${w - 5} ${h * 0.45} L${w - 5} ${h - 9} Q${w / 2} ${h - 3} 5 ${h - 9} Z`, fill: "#689f38", opacity: 0.55 }),
    ...blades,
    flower(w * 0.28, h * 0.3, "#fff"), flower(w * 0.72, h * 0.22, "#ffc9de"), flower(w * 0.6, h * 0.46, "#fff"));
}

/**
 * A goods card's good side, w × h at 0,0.
 * @param {string} kind
 * @param {number} w
 * @param {number} h
 * @param {{label?: boolean}} [options]
 * @returns {SVGGElement}
 */
export function cardFace(kind, w, h, { label = true } = {}) {
  const colour = GOOD_COLOURS[kind] || "#6d4c41";
  const word = goodName(kind).toLocaleUpperCase();
  const size = Math.min(w * 0.78, h * (label ? 0.6 : 0.78));
  return s("g", { class: `card-face card-${kind}` },
    s("rect", { width: w, height: h, rx: 8, fill: "#fff8e8", stroke: colour, "stroke-width": 4 }),
    s("rect", { x: 5, y: 5, width: w - 10, height: h - 10, rx: 5, fill: "none", stroke: colour, "stroke-width": 1.5, opacity: 0.45 }),
    picture(kind, { x: w / 2, y: label ? h * 0.42 : h / 2, size }),
    label ? s("text", { x: w / 2, y: h - 9, "text-anchor": "middle", class: "card-word", "font-size": Math.min(13, (w * 1.5) / word.length), fill: colour }, word) : null);
}

/** An empty place (no card): a dashed outline. @param {number} w @param {number} h */
export const emptyPlace = (w, h) =>
  s("rect", { width: w, height: h, rx: 8, fill: "rgba(255,255,255,0.25)", stroke: "#a1887f", "stroke-width": 2.5, "stroke-dasharray": "6 5" });

/** Martin the mammoth, about 100 × 80 around 0,0, facing right. @returns {SVGGElement} */
export function mammoth() {
  return s("g", { class: "pic pic-mammoth" },
    s("ellipse", { cx: 0, cy: 40, rx: 40, ry: 6, fill: "#000", opacity: 0.15 }),
    ...[-26, -10, 10, 24].map((x) => s("rect", { x: x - 7, y: 14, width: 14, height: 26, rx: 6, fill: "#8d5524", stroke: "#3e2410", "stroke-width": 3 })),
    s("path", { d: "M-40 6 C-46 -28 -10 -44 12 -34 C30 -30 34 -10 30 10 C24 22 -30 24 -40 6 Z", fill: "#a0632e", stroke: "#3e2410", "stroke-width": 3.5 }),
    s("path", { d: "M-30 -20 C-28 -26 -20 -30 -12 -30 M-34 -8 C-32 -14 -26 -18 -18 -18", fill: "none", stroke: "#6b3d17", "stroke-width": 2.5, "stroke-linecap": "round" }),
    s("path", { d: "M-44 0 C-52 4 -52 12 -46 14", fill: "none", stroke: "#3e2410", "stroke-width": 3, "stroke-linecap": "round" }),
    s("circle", { cx: 28, cy: -14, r: 20, fill: "#a0632e", stroke: "#3e2410", "stroke-width": 3.5 }),
    s("path", { d: "M40 -6 C52 4 50 24 42 32 C38 36 34 32 38 28 C42 22 40 12 34 6 Z", fill: "#a0632e", stroke: "#3e2410", "stroke-width": 3 }),
    s("path", { d: "M32 4 C40 16 52 14 58 4", fill: "none", stroke: "#fffaf0", "stroke-width": 6, "stroke-linecap": "round" }),
    s("path", { d: "M32 4 C40 16 52 14 58 4", fill: "none", stroke: "#6d4c41", "stroke-width": 1.5, "stroke-linecap": "round", opacity: 0.6 }),
    s("path", { d: "M14 -22 C6 -18 6 -2 16 2 C22 -4 22 -16 14 -22 Z", fill: "#8d5524", stroke: "#3e2410", "stroke-width": 2.5 }),
    s("circle", { cx: 33, cy: -18, r: 4, fill: "#2b1a0e" }), s("circle", { cx: 34.2, cy: -19.4, r: 1.4, fill: "#fff" }),
    s("path", { d: "M18 -34 C20 -42 28 -44 30 -36", fill: "none", stroke: "#3e2410", "stroke-width": 2.5, "stroke-linecap": "round" }));
}

/**
 * A hut of the Stone Age family (built: full colour; to build: a dashed outline), 100 × 100 around 0,0.
 * @param {{built?: boolean, seat?: number | null}} [options]
 * @returns {SVGGElement}
 */
export function hutPicture({ built = true, seat = null } = {}) {
  if (!built) {
    return s("g", { class: "pic pic-hut pic-hut-todo" },
      s("path", { d: "M-40 6 L0 -36 L40 6 L32 6 L32 40 L-32 40 L-32 6 Z", fill: "rgba(255,255,255,0.35)", stroke: "#a1887f", "stroke-width": 4, "stroke-dasharray": "8 6", "stroke-linejoin": "round" }));
  }
  return s("g", { class: "pic pic-hut" },
    s("rect", { x: -30, y: 2, width: 60, height: 38, rx: 4, fill: "#c8a27a", stroke: "#5b3413", "stroke-width": 4 }),
    s("path", { d: "M-30 14 L30 14 M-30 27 L30 27", stroke: "#8d6e63", "stroke-width": 2.5 }),
    s("path", { d: "M-10 40 L-10 18 C-10 10 10 10 10 18 L10 40 Z", fill: "#4e2c0f" }),
    s("path", { d: "M-44 8 L0 -38 L44 8 Z", fill: seat === null ? "#e8b04a" : seatColour(seat), stroke: "#5b3413", "stroke-width": 4, "stroke-linejoin": "round" }),
    s("path", { d: "M-28 -4 L-8 -26 M-14 4 L8 -20 M4 6 L24 -12", stroke: "#7a4f14", "stroke-width": 3, "stroke-linecap": "round", opacity: 0.55 }));
}

/**
 * A seat's card in the players' list: its header (mark, name, "you", whose turn, the winner) with the
 * strip of its three huts, the built ones named when `namedHuts`; the board appends the rest.
 * @param {{seat: number, name: string, mine: boolean, theirs: boolean, winner: boolean, built: number[], namedHuts?: boolean}} player
 * @returns {HTMLDivElement}
 */
export function playerCard({ seat, name, mine, theirs, winner, built, namedHuts = false }) {
  const card = h("div", {
    class: `kids-player seat-${seat}${theirs ? " kids-turn" : ""}${mine ? " kids-me" : ""}${winner ? " kids-winner" : ""}`,
    "data-seat": seat, role: "listitem", style: `--seat: var(--seat-${seat})`,
  });
  const huts = h("div", { class: "kids-built", role: "img", "aria-label": format(_("{count} of 3 huts built"), { count: built.length }) });
  for (let i = 0; i < 3; i++) {
    const label = namedHuts && i < built.length ? format(_("hut {number}"), { number: built[i] }) : null;
    huts.append(icon(hutPicture({ built: i < built.length, seat }), { cls: "kids-icon kids-hut-icon", label }));
  }
  card.append(h("header", { class: "kids-player-head" }, seatIcon(seat), h("span", { class: "kids-player-name" }, name),
    mine ? h("span", { class: "kids-you" }, _("you")) : null,
    theirs ? h("span", { class: "kids-turn-flag" }, mine ? _("your turn!") : _("turn")) : null,
    winner ? h("span", { class: "kids-turn-flag" }, _("winner!")) : null, huts));
  return card;
}

// --- animation -----------------------------------------------------------------------------------

/**
 * Turn a card over: `node` (an SVG group) is squeezed to its edge, `swap()` puts the other side
 * in, and it opens again. Without motion (prefers-reduced-motion), just swap. Resolves when done.
 * @param {SVGElement | HTMLElement} node
 * @param {() => void} swap
 * @param {number} [ms]
 */
export async function flip(node, swap, ms = 420) {
  if (reducedMotion() || !node.animate) {
    swap();
    return;
  }
  node.style.transformBox = "fill-box";
  node.style.transformOrigin = "50% 50%";
  try {
    await node.animate([{ transform: "scaleX(1)" }, { transform: "scaleX(0.02)" }], { duration: ms / 2, easing: "ease-in" }).finished;
  } catch { /* cancelled */ }
  swap();
  try {
    await node.animate([{ transform: "scaleX(0.02)" }, { transform: "scaleX(1)" }], { duration: ms / 2, easing: "ease-out" }).finished;
  } catch { /* cancelled */ }
}

/** A short hop (Martin landing, a figure arriving), skipped without motion. @param {Element} node */
export function hop(node) {
  if (reducedMotion() || !node.animate) return;
  node.animate([{ transform: "translateY(0)" }, { transform: "translateY(-10px)" }, { transform: "translateY(0)" }],
    { duration: 380, easing: "ease-out" });
}

/** A glow pulse on an HTML element (a hut just built, goods just taken). @param {Element | null | undefined} node */
export function pulse(node) {
  if (!node || reducedMotion() || !node.animate) return;
  node.animate([{ transform: "scale(1)" }, { transform: "scale(1.08)" }, { transform: "scale(1)" }],
    { duration: 600, easing: "ease-in-out" });
}

/**
 * Fly a copy of a picture from one element to another (a card kept, from the circle to the hut),
 * in a fixed layer above the page. Resolves when it lands (at once without motion).
 * @param {Element | null | undefined} from
 * @param {Element | null | undefined} to
 * @param {Child} draw  the picture (around 0,0 in a 100 box)
 * @param {number} [ms]
 */
export async function fly(from, to, draw, ms = 650) {
  if (!from || !to || reducedMotion() || !document.body.animate) return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  if (!a.width || !b.width) return;
  const layer = h("div", { class: "kids-fly", "aria-hidden": "true" });
  const size = Math.max(a.width, a.height);
  layer.style.cssText = `position:fixed;left:${a.left + a.width / 2 - size / 2}px;top:${a.top + a.height / 2 - size / 2}px;width:${size}px;height:${size}px;z-index:1000;pointer-events:none;`;
  layer.append(icon(draw, {}));
  document.body.append(layer);
  const dx = b.left + b.width / 2 - (a.left + a.width / 2);
  const dy = b.top + b.height / 2 - (a.top + a.height / 2);
  const scale = Math.max(0.3, Math.min(1.2, b.width / size));
  try {
    await layer.animate([{ transform: "translate(0,0) scale(1)" }, { transform: `translate(${dx * 0.5}px, ${dy * 0.5 - 40}px) scale(${(1 + scale) / 2 + 0.15})`, offset: 0.5 },
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})` }], { duration: ms, easing: "ease-in-out" }).finished;
  } catch { /* cancelled */ }
  layer.remove();
}

// --- the hot seat --------------------------------------------------------------------------------

/**
 * The hot seat as the terminal has it (tui/hot_seat_*.py): with several people at one screen, a
 * person's turn starts with "Pass the device to …" and waits for them; `passAtStart` passes before
 * the very first decision too. `showing` is the seat whose private things may be on screen now.
 */
export class HotSeat {
  /**
   * @param {Element} root  where the cover goes
   * @param {{enabled: boolean, passAtStart: boolean, note: string, onReady: () => void}} options
   */
  constructor(root, { enabled, passAtStart, note, onReady }) {
    this.enabled = enabled;
    this.passAtStart = passAtStart;
    /** @type {number | null} */
    this.lastDecider = null;
    /** @type {number | null} */
    this.passing = null;
    /** @type {number | null} */
    this.showing = null;
    this.onReady = onReady;
    this.cover = h("div", { class: "kids-cover", hidden: true, role: "dialog", "aria-modal": "true", "aria-label": _("Pass the device") });
    this.title = h("p", { class: "kids-cover-title" });
    this.note = h("p", { class: "kids-cover-note", text: note });
    this.button = h("button", { type: "button", class: "kids-big-button kids-ready" });
    this.button.addEventListener("click", () => this.ready());
    this.cover.append(h("div", { class: "kids-cover-card" }, this.title, this.note, this.button));
    root.append(this.cover);
  }

  /**
   * A view arrived: `seat` decides now (or null), named `name`; true while the device is passed.
   * @param {number | null} seat
   * @param {string} name
   * @param {number | null} [turnOwner]  whose turn it is (a seat), when nobody decides
   * @returns {boolean}
   */
  check(seat, name, turnOwner) {
    if (!this.enabled) {
      this.showing = null;
      return false;
    }
    if (seat === null) {
      this.uncover();
      if (turnOwner !== this.showing) this.showing = null; // someone else's turn: out of sight
      return false;
    }
    if (seat !== this.lastDecider && (this.passAtStart || this.lastDecider !== null)) {
      if (this.passing !== seat) {
        this.passing = seat;
        this.showing = null;
        this.title.textContent = format(_("Pass the device to {name}!"), { name });
        this.button.textContent = format(_("{name}: I am ready!"), { name });
        this.cover.hidden = false;
        setTimeout(() => this.button.focus(), 0);
      }
      return true;
    }
    this.uncover();
    this.lastDecider = seat;
    this.showing = seat;
    return false;
  }

  /** Take the cover away (the passing is over). */
  uncover() {
    if (this.passing === null) return;
    this.passing = null;
    this.cover.hidden = true;
  }

  /** The next person is at the screen. */
  ready() {
    if (this.passing === null) return;
    this.lastDecider = this.passing;
    this.showing = this.passing;
    this.passing = null;
    this.cover.hidden = true;
    this.onReady();
  }
}

/**
 * A live line for what happens ("Look! Card 3 is a fish."): for everyone, screen readers too.
 * @returns {{node: HTMLDivElement, set: (text: string, detail?: string, mood?: string) => void}}
 */
export function banner() {
  const node = h("div", { class: "kids-banner", role: "status", "aria-live": "polite" });
  const main = h("span", { class: "kids-banner-main" });
  const sub = h("span", { class: "kids-banner-sub" });
  node.append(main, sub);
  return {
    node,
    set(text, detail = "", mood = "") {
      if (main.textContent !== text) main.textContent = text;
      if (sub.textContent !== detail) sub.textContent = detail;
      node.dataset.mood = mood;
    },
  };
}
