// @ts-check
// Stone Age's board drawn in SVG from the board's model (stone_age_model.js readView): the locations
// with their figures, the card spaces, the building stacks, the Mammoth Herd, the dice tray, the final
// scores and one board per player. Every element is built with dom.js (text is always text); every
// word comes from stone_age_words.js.

import { h, s } from "../dom.js";
import { _, format, ngettext } from "../i18n.js";
import {
  AREAS, GATHERING, RES, cap, cardInfo, clip, costUnits, diceSize, finalOrder, fitSizeBy, hasRoll, herdDeciding, hiddenCards,
  pips, tameGroups, trayLayout, wrap,
} from "./stone_age_model.js";
import {
  SAY, areaGives, areaThe, areaTitle, buildingKind, cardWords, figuresWord, goodWord, phaseWords, pickReward,
  playerWords, resourcesWord, ruleOf, sandWords, scorePart, shapeName, symbolWord, tilesWord,
} from "./stone_age_words.js";

/** @typedef {import("./stone_age_model.js").BoardModel} BoardModel */
/** @typedef {import("./stone_age_model.js").Roll} Roll */
/** @typedef {import("./stone_age_model.js").Target} Target */
/** @typedef {import("../dom.js").Child} Child */
/** @typedef {{seat?: number, name?: string, kind?: string, away?: boolean}} SeatInfo */
/**
 * What the drawing needs of the board besides its model.
 * @typedef {{name: (seat: number | null | undefined) => string, seats: SeatInfo[], roll: Roll | null,
 *   rolling: boolean, openPath: number[], wide: boolean, tipId: string, viewer: number | null | undefined,
 *   facesFor: (n: number, sum: number, key: string) => number[] | null}} Drawing
 */

// --- static SVG pieces ------------------------------------------------------------------------------

/** @typedef {[string, Record<string, string>, ...any[]]} Spec */

/** The figures' shapes, the icons, the wood grain and the shadow, as data (tag, attributes, children). */
/** @type {Spec[]} */
const DEFS = [
  ["symbol", {id: "sa-f-0", viewBox: "0 0 20 20"}, ["circle", {cx: "10", cy: "10", r: "8.2", class: "sa-fig-shape"}]],
  ["symbol", {id: "sa-f-1", viewBox: "0 0 20 20"}, ["rect", {x: "2.3", y: "2.3", width: "15.4", height: "15.4", rx: "1.6", class: "sa-fig-shape"}]],
  ["symbol", {id: "sa-f-2", viewBox: "0 0 20 20"}, ["path", {d: "M10 1.6 L18.6 17.6 H1.4 Z", class: "sa-fig-shape"}]],
  ["symbol", {id: "sa-f-3", viewBox: "0 0 20 20"}, ["path", {d: "M10 0.8 L19.2 10 L10 19.2 L0.8 10 Z", class: "sa-fig-shape"}]],
  ["symbol", {id: "sa-i-wood", viewBox: "0 0 20 20"}, ["rect", {x: "1.5", y: "6", width: "16", height: "8.5", rx: "4.2", fill: "#8a5a2e", stroke: "#43270f", "stroke-width": "1.2"}], ["path", {d: "M4 8.5 H12 M5 12 H13", stroke: "#6b4220", "stroke-width": "1"}], ["ellipse", {cx: "16.2", cy: "10.25", rx: "2.6", ry: "4.2", fill: "#e0b071", stroke: "#43270f", "stroke-width": "1.2"}], ["ellipse", {cx: "16.2", cy: "10.25", rx: "1", ry: "1.8", fill: "none", stroke: "#9b6a33", "stroke-width": ".8"}]],
  ["symbol", {id: "sa-i-clay", viewBox: "0 0 20 20"}, ["path", {d: "M2 7 L6 4 H18 L18 13 L14 16 H2 Z", fill: "#c2603a", stroke: "#5c2410", "stroke-width": "1.2", "stroke-linejoin": "round"}], ["path", {d: "M2 7 H14 V16 M14 7 L18 4", fill: "none", stroke: "#5c2410", "stroke-width": "1.1"}], ["path", {d: "M2 7 H14 V16 H2 Z", fill: "#d7774e", stroke: "#5c2410", "stroke-width": "1.1"}]],
  ["symbol", {id: "sa-i-stone", viewBox: "0 0 20 20"}, ["path", {d: "M3.5 14.5 L2.5 9 L6.5 3.8 L13 3 L17.5 7 L17.5 13 L12.5 17.2 L6 17.2 Z", fill: "#9d9c96", stroke: "#45443f", "stroke-width": "1.2", "stroke-linejoin": "round"}], ["path", {d: "M6.5 3.8 L8 9 L2.5 9 M8 9 L13 10 L17.5 7 M13 10 L12.5 17.2", fill: "none", stroke: "#6d6c66", "stroke-width": ".9"}]],
  ["symbol", {id: "sa-i-gold", viewBox: "0 0 20 20"}, ["path", {d: "M2 14.5 L5.5 6 H14.5 L18 14.5 Z", fill: "#efbf2c", stroke: "#7a5a00", "stroke-width": "1.2", "stroke-linejoin": "round"}], ["path", {d: "M5.5 6 L7.5 14.5 M14.5 6 L12.5 14.5", stroke: "#b98d0c", "stroke-width": ".9"}], ["path", {d: "M7 8 L9.5 8", stroke: "#fff6c8", "stroke-width": "1.4", "stroke-linecap": "round"}]],
  ["symbol", {id: "sa-i-food", viewBox: "0 0 20 20"}, ["path", {d: "M10.5 9.5 L15.6 4.4", stroke: "#5a3b22", "stroke-width": "3.8", "stroke-linecap": "round"}], ["path", {d: "M10.5 9.5 L15.6 4.4", stroke: "#f6efe0", "stroke-width": "2.2", "stroke-linecap": "round"}], ["circle", {cx: "15.4", cy: "2.6", r: "1.9", fill: "#f6efe0", stroke: "#5a3b22", "stroke-width": ".8"}], ["circle", {cx: "17.4", cy: "4.6", r: "1.9", fill: "#f6efe0", stroke: "#5a3b22", "stroke-width": ".8"}], ["ellipse", {cx: "7.6", cy: "12.4", rx: "6.6", ry: "5.2", transform: "rotate(-45 7.6 12.4)", fill: "#b2452e", stroke: "#5a1c10", "stroke-width": "1.2"}], ["ellipse", {cx: "6.4", cy: "13.2", rx: "2.6", ry: "1.7", transform: "rotate(-45 6.4 13.2)", fill: "#d8735a"}]],
  ["symbol", {id: "sa-i-tool", viewBox: "0 0 20 20"}, ["path", {d: "M6 18.5 L13.5 4", stroke: "#7b4f27", "stroke-width": "2.4", "stroke-linecap": "round"}], ["path", {d: "M9.5 3.2 C12 0.8 16.5 1.2 18.2 3.8 L15.5 8.8 C14.2 6.4 12.2 5.6 10.6 6.4 Z", fill: "#8f8d86", stroke: "#3f3e3a", "stroke-width": "1.1", "stroke-linejoin": "round"}]],
  ["symbol", {id: "sa-i-wheat", viewBox: "0 0 20 20"}, ["path", {d: "M10 19 V4", stroke: "#8a6a1c", "stroke-width": "1.4"}], ["g", {fill: "#e4b93f", stroke: "#8a6a1c", "stroke-width": ".8"}, ["ellipse", {cx: "10", cy: "3.4", rx: "1.6", ry: "2.6"}], ["ellipse", {cx: "7.4", cy: "7", rx: "1.5", ry: "2.5", transform: "rotate(-35 7.4 7)"}], ["ellipse", {cx: "12.6", cy: "7", rx: "1.5", ry: "2.5", transform: "rotate(35 12.6 7)"}], ["ellipse", {cx: "7.4", cy: "11", rx: "1.5", ry: "2.5", transform: "rotate(-35 7.4 11)"}], ["ellipse", {cx: "12.6", cy: "11", rx: "1.5", ry: "2.5", transform: "rotate(35 12.6 11)"}]]],
  ["symbol", {id: "sa-i-hut", viewBox: "0 0 20 20"}, ["path", {d: "M1.5 10 L10 2.5 L18.5 10 Z", fill: "#b8893f", stroke: "#4b3212", "stroke-width": "1.2", "stroke-linejoin": "round"}], ["path", {d: "M3.5 10 V17.5 H16.5 V10", fill: "#d9b98a", stroke: "#4b3212", "stroke-width": "1.2"}], ["path", {d: "M8 17.5 V12.5 H12 V17.5", fill: "#5a3b1c"}]],
  ["symbol", {id: "sa-i-star", viewBox: "0 0 20 20"}, ["path", {d: "M10 1.5 L12.6 7 L18.6 7.6 L14 11.6 L15.4 17.6 L10 14.5 L4.6 17.6 L6 11.6 L1.4 7.6 L7.4 7 Z", fill: "#f0c23b", stroke: "#7a5a00", "stroke-width": "1.1", "stroke-linejoin": "round"}]],
  ["symbol", {id: "sa-i-cardback", viewBox: "0 0 20 20"}, ["rect", {x: "3.5", y: "1.5", width: "13", height: "17", rx: "2", fill: "#7a4b2a", stroke: "#3b220f", "stroke-width": "1.1"}], ["path", {d: "M6.5 5.5 L13.5 14.5 M13.5 5.5 L6.5 14.5", stroke: "#c79a62", "stroke-width": "1"}]],
  ["symbol", {id: "sa-i-two", viewBox: "0 0 20 20"}, ["circle", {cx: "10", cy: "10", r: "8.5", fill: "#f3e3bf", stroke: "#6b4a22", "stroke-width": "1.2"}], ["text", {x: "10", y: "14.2", "font-size": "12", "font-weight": "700", "text-anchor": "middle", fill: "#6b4a22", text: "2"}]],
  ["symbol", {id: "sa-i-dice", viewBox: "0 0 20 20"}, ["rect", {x: "1.5", y: "5.5", width: "11", height: "11", rx: "2", fill: "#fffdf6", stroke: "#3b2a1a", "stroke-width": "1.1"}], ["rect", {x: "8", y: "2", width: "10", height: "10", rx: "2", fill: "#fffdf6", stroke: "#3b2a1a", "stroke-width": "1.1"}], ["circle", {cx: "4.5", cy: "8.5", r: "1", fill: "#3b2a1a"}], ["circle", {cx: "9.5", cy: "13.5", r: "1", fill: "#3b2a1a"}], ["circle", {cx: "13", cy: "7", r: "1", fill: "#3b2a1a"}]],
  ["symbol", {id: "sa-i-mammoth", viewBox: "0 0 40 30"}, ["path", {d: "M8 24 V16 C6 8 12 3 20 3 C28 3 34 6 35 13 C36 16 35 19 33 20 V25 H29 V20 H16 V25 H12 V21 C11 22 10 23 8 24 Z", fill: "#7a5233", stroke: "#3a2414", "stroke-width": "1.2", "stroke-linejoin": "round"}], ["path", {d: "M8 16 C4 18 3 23 5 27", fill: "none", stroke: "#7a5233", "stroke-width": "3", "stroke-linecap": "round"}], ["path", {d: "M10 17 C8 21 10 24 14 23", fill: "none", stroke: "#f4ecd8", "stroke-width": "2", "stroke-linecap": "round"}], ["circle", {cx: "12.5", cy: "10.5", r: "1.1", fill: "#1b0f06"}], ["path", {d: "M20 6 C24 8 28 8 31 7", stroke: "#5c3a20", "stroke-width": "1", fill: "none"}]],
  ["symbol", {id: "sa-i-crown", viewBox: "0 0 20 20"}, ["path", {d: "M2 15 L3 5 L7.5 10 L10 3 L12.5 10 L17 5 L18 15 Z", fill: "#f0c23b", stroke: "#7a5a00", "stroke-width": "1.2", "stroke-linejoin": "round"}], ["rect", {x: "2", y: "15", width: "16", height: "2.6", fill: "#d9a21d", stroke: "#7a5a00", "stroke-width": "1"}]],
  ["symbol", {id: "sa-i-first", viewBox: "0 0 20 20"}, ["path", {d: "M4 18.5 L15 3", stroke: "#6b4220", "stroke-width": "2.2", "stroke-linecap": "round"}], ["path", {d: "M12.5 2 L18.5 1.5 L16.5 7.5 Z", fill: "#8f8d86", stroke: "#3f3e3a", "stroke-width": "1", "stroke-linejoin": "round"}]],
  ["pattern", {id: "sa-grain", width: "8", height: "8", patternUnits: "userSpaceOnUse"}, ["path", {d: "M0 8 L8 0", stroke: "rgba(80,50,20,.08)", "stroke-width": "1"}]],
  ["filter", {id: "sa-shadow", x: "-10%", y: "-10%", width: "120%", height: "130%"}, ["feDropShadow", {dx: "0", dy: "2", stdDeviation: "1.6", "flood-color": "#3b2a1a", "flood-opacity": ".35"}]],
];

/**
 * An SVG element from its spec, with its children.
 * @param {Spec} spec
 * @returns {SVGElement}
 */
const build = ([tag, attrs, ...children]) => s(tag, attrs, ...children.map(build));

/**
 * The hidden SVG holding the board's symbols, patterns and filters (every board's SVG uses them).
 * @returns {SVGElement}
 */
export const defsSvg = () => s("svg", { class: "sa-defs", width: 0, height: 0, "aria-hidden": "true", focusable: "false" },
  s("defs", null, DEFS.map(build)));

/**
 * An icon of the board's set ("wood", "tool", "mammoth"…).
 * @param {string} name
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {Record<string, unknown>} [extra]
 * @returns {SVGElement}
 */
export function icon(name, x, y, size, extra = {}) {
  return s("use", { href: `#sa-i-${name}`, x, y, width: size, height: size, ...extra });
}

/**
 * A seat's figure (its shape and colour) centred at (cx, cy).
 * @param {number} seat
 * @param {number} cx
 * @param {number} cy
 * @param {number} size
 * @param {Record<string, unknown>} [extra]
 * @returns {SVGElement}
 */
export function fig(seat, cx, cy, size, extra = {}) {
  const k = ((seat % 4) + 4) % 4;
  return s("use", { href: `#sa-f-${k}`, x: cx - size / 2, y: cy - size / 2, width: size, height: size,
    class: `sa-fig sa-seat-${seat} sa-shape-${k}`, ...extra });
}

/**
 * A die's body and pips, ``size`` wide.
 * @param {number} face
 * @param {number} size
 * @returns {SVGElement[]}
 */
export function dieInner(face, size) {
  return [s("rect", { class: "sa-die-body", x: 0, y: 0, width: size, height: size, rx: size * 0.18 }),
    ...pips(face, size).map((p) => s("circle", { class: "sa-pip", cx: p.cx, cy: p.cy, r: p.r }))];
}

/**
 * A die showing ``face`` at (x, y) (its face kept in ``data-face``, its size in ``data-size``).
 * @param {number} face
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @returns {SVGElement}
 */
export function die(face, x, y, size) {
  return s("g", { class: "sa-die", transform: `translate(${x} ${y})`, "data-face": face, "data-size": size },
    s("g", { class: "sa-die-spin" }, dieInner(face, size)));
}

/**
 * Lines of text, one under another.
 * @param {string[]} lines
 * @param {number} x
 * @param {number} y
 * @param {number} size
 * @param {number} step
 * @param {Record<string, unknown>} [attrs]
 * @returns {SVGElement[]}
 */
function textLines(lines, x, y, size, step, attrs = {}) {
  return lines.map((l, i) => s("text", { x, y: y + i * step, "font-size": size, ...attrs }, l));
}

/**
 * A title (the words a screen reader and a hover give of its parent).
 * @param {string} text
 * @returns {SVGElement}
 */
const title = (text) => s("title", null, text);

// --- measuring text ----------------------------------------------------------------------------------

/** @type {CanvasRenderingContext2D | null} */
let measurer = null;
let fontFamily = "sans-serif";
/** @type {Map<string, number>} */
const widths = new Map();

/**
 * The font the board's words are drawn in (read once from the page).
 * @param {string} family
 */
export function setFont(family) {
  if (family && family !== fontFamily) {
    fontFamily = family;
    widths.clear();
  }
}

/**
 * The width of ``text`` in the board's font at ``size`` (SVG units are CSS pixels before scaling).
 * @param {string} text
 * @param {number} size
 * @param {boolean} [bold]
 * @returns {number}
 */
export function tw(text, size, bold = true) {
  const key = `${bold ? "b" : "n"}${size}|${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  let width = String(text).length * size * (bold ? 0.6 : 0.53);
  try {
    measurer = measurer || document.createElement("canvas").getContext("2d");
    if (measurer) {
      measurer.font = `${bold ? "700" : "400"} ${size}px ${fontFamily}`;
      width = measurer.measureText(String(text)).width;
    }
  } catch (err) { /* an estimate will do */ }
  if (widths.size > 4000) widths.clear();
  widths.set(key, width);
  return width;
}

/**
 * The largest font size (down to ``min``) at which ``text`` fits ``width``.
 * @param {string} text
 * @param {number} size
 * @param {number} width
 * @param {number} [min]
 * @param {boolean} [bold]
 * @returns {number}
 */
function fitSize(text, size, width, min = 11, bold = true) {
  return fitSizeBy((at) => tw(text, at, bold), size, width, min);
}

// --- words of a roll and of the people at a place -----------------------------------------------------

/**
 * A roll in words ("Anna rolled 9 with 3 dice at the forest (2 + 3 + 4)").
 * @param {Roll} r
 * @param {(seat: number | null | undefined) => string} name
 * @returns {string}
 */
export function rollWords(r, name) {
  if (r.kind === "tame") {
    return format(_("Taming rolls: {rolls}"), { rolls: r.groups.map((g) => `${name(g.seat)} ${g.faces.join(" ")}`).join("; ") });
  }
  if (r.kind === "all") return format(_("Dice for all: {faces}"), { faces: r.faces.join(" ") });
  const words = { name: name(r.seat), sum: r.sum, count: r.n, faces: r.faces.join(" + ") };
  if (!r.where) return format(ngettext("{name} rolled {sum} with {count} die ({faces})", "{name} rolled {sum} with {count} dice ({faces})", r.n), words);
  return format(ngettext("{name} rolled {sum} with {count} die at {place} ({faces})", "{name} rolled {sum} with {count} dice at {place} ({faces})", r.n),
    { ...words, place: areaThe(r.where) });
}

/**
 * Who is at a place, in words ("Anna 2 (circle), Bert 1 (square)"; "empty").
 * @param {Drawing} d
 * @param {number[]} counts
 * @returns {string}
 */
function occupantWords(d, counts) {
  const parts = (counts || []).map((c, seat) => (c ? format(_("{name} {count} ({shape})"), { name: d.name(seat), count: c, shape: shapeName(seat) }) : null)).filter(Boolean);
  return parts.length ? parts.join(", ") : _("empty");
}

// --- the board ----------------------------------------------------------------------------------------

/**
 * The whole board: header and dice tray, the gathering places and the village, the cards, buildings
 * and herd, and the final scores once the game is over.
 * @param {Drawing} d
 * @param {BoardModel} m
 * @returns {{nodes: SVGElement[], width: number, height: number}}
 */
export function boardSvg(d, m) {
  const W = d.wide ? 600 : 520;
  const gap = 12;
  const pad = 10;
  const blockA = gatherBlock(d, m, W);
  const blockB = tradeBlock(d, m, W);
  const headW = d.wide ? W * 2 + gap : W;
  const head = headBlock(d, m, headW);
  /** @type {SVGElement[]} */
  let body;
  let width;
  let height;
  const top = pad + head.h + gap;
  if (d.wide) {
    width = pad * 2 + headW;
    body = [s("g", { transform: `translate(${pad} ${top})` }, blockA.nodes),
      s("g", { transform: `translate(${pad + W + gap} ${top})` }, blockB.nodes)];
    height = top + Math.max(blockA.h, blockB.h) + pad;
  } else {
    width = pad * 2 + W;
    body = [s("g", { transform: `translate(${pad} ${top})` }, blockA.nodes),
      s("g", { transform: `translate(${pad} ${top + blockA.h + gap})` }, blockB.nodes)];
    height = top + blockA.h + gap + blockB.h + pad;
  }
  const nodes = [title(boardTitle(m)),
    s("rect", { class: "sa-table", x: 0, y: 0, width, height, rx: 18 }),
    s("rect", { x: 0, y: 0, width, height, rx: 18, fill: "url(#sa-grain)" }),
    s("g", { transform: `translate(${pad} ${pad})` }, head.nodes), ...body];
  if (m.over) nodes.push(finalScroll(d, m, width, height));
  return { nodes, width, height };
}

/**
 * The board's name and state in words.
 * @param {BoardModel} m
 * @returns {string}
 */
function boardTitle(m) {
  const r = m.round;
  return format(_("Stone Age, round {round}, {phase}. {status}"), { round: r.round ?? "?", phase: phaseWords(r.phase), status: m.view.status || "" });
}

/**
 * The header (round, phase, first player, deck), then the dice tray.
 * @param {Drawing} d
 * @param {BoardModel} m
 * @param {number} W
 * @returns {{nodes: SVGElement[], h: number}}
 */
function headBlock(d, m, W) {
  const r = m.round;
  const h1 = 46;
  const first = typeof r.first_player === "number" ? r.first_player : null;
  const head = s("g", { class: "sa-head" }, s("rect", { class: "sa-head-bg", x: 0, y: 0, width: W, height: h1, rx: 12 }),
    title(format(SAY.roundPhaseStatus(), { round: r.round ?? "?", phase: phaseWords(r.phase), status: m.view.status || "" })));
  const badge = m.over ? _("Final") : format(_("Round {round}"), { round: r.round ?? "?" });
  const badgeW = Math.max(70, tw(badge, 17) + 26);
  add(head, s("g", { transform: "translate(10 7)" }, s("rect", { class: "sa-round-badge", width: badgeW, height: 32, rx: 16 }),
    s("text", { x: badgeW / 2, y: 22, "text-anchor": "middle", class: "sa-round-text", "font-size": 17 }, badge)));
  const phase = m.over ? _("Game over") : cap(phaseWords(r.phase));
  add(head, s("text", { x: badgeW + 22, y: 29, class: "sa-phase", "font-size": 17 }, phase));
  const x = badgeW + 22 + tw(phase, 17) + 18;
  if (first !== null && !m.over && x + 44 < W - 80) {
    const room = W - 84 - x - 48;
    let words = format(_("{name} plays first"), { name: clip(d.name(first), 18) });
    if (tw(words, 15, false) > room) words = clip(d.name(first), 12);
    while (words.length > 1 && tw(words, 15, false) > room) words = clip(words, words.length - 1);
    add(head, s("g", { transform: `translate(${x} 9)` }, title(format(SAY.firstPlayerName(), { name: d.name(first) })),
      icon("first", 0, 2, 24), fig(first, 34, 14, 18),
      room > 24 ? s("text", { x: 48, y: 20, "font-size": 15, class: "sa-muted" }, words) : null));
  }
  if (typeof m.deck === "number") {
    add(head, s("g", { transform: `translate(${W - 74} 8)` }, title(format(SAY.cardsLeftInDeck(m.deck), { count: m.deck })),
      icon("cardback", 0, 0, 30), s("text", { x: 32, y: 22, "font-size": 16, class: "sa-strong" }, m.deck)));
  }
  const tray = trayBlock(d, m, W);
  return { nodes: [head, s("g", { transform: `translate(0 ${h1 + 8})` }, tray.node)], h: h1 + 8 + tray.h };
}

/**
 * The dice tray: the latest roll (a gathering roll, dice for all, the taming rolls), the dice left to
 * take of dice for all, or the winner once the game is over.
 * @param {Drawing} d
 * @param {BoardModel} m
 * @param {number} W
 * @returns {{node: SVGElement, h: number}}
 */
function trayBlock(d, m, W) {
  const h = 62;
  let roll = d.roll;
  const pend = m.pending;
  if (!roll && pend && pend.stage === "tools" && pend.rolled) {
    const faces = d.facesFor(pend.dice, pend.rolled, `pending:${pend.player}:${pend.gather}:${pend.dice}:${pend.rolled}`);
    if (faces) {
      roll = { kind: "gather", seat: pend.player, where: GATHERING.includes(pend.gather) ? pend.gather : null,
        n: pend.dice, sum: pend.rolled, faces };
    }
  }
  // the taming contest: every contender's dice so far, from the herd's data
  const groupsSoFar = tameGroups(m.mammoth?.tame_rolls);
  if (m.round.phase === "taming" && groupsSoFar.length) {
    if (!roll || roll.kind === "tame" || roll.kind === "gather") roll = { kind: "tame", groups: groupsSoFar };
  }
  const picking = pend && pend.stage === "pick" && Array.isArray(pend.dice_left) && !m.over;
  const tray = s("g", { class: "sa-tray" }, s("rect", { class: "sa-tray-bg", x: 0, y: 0, width: W, height: h, rx: 12 }));
  if (picking) {
    /** @type {number[]} */
    const faces = pend.dice_left;
    const ds = 40;
    add(tray, title(format(SAY.diceForAllDiceLeft(), { faces: faces.join(", ") })),
      s("text", { x: 14, y: 26, "font-size": fitSize(SAY.diceForAll(), 16, 180, 11), class: "sa-strong" }, SAY.diceForAll()),
      s("text", { x: 14, y: 47, "font-size": 14, class: "sa-muted" }, clip(format(SAY.nameTakesADie(), { name: d.name(pend.player) }), 26)));
    const stepX = ds + 16;
    const x0 = Math.max(200, W - 16 - faces.length * stepX);
    faces.forEach((f, i) => {
      const t = m.targets.get(`pick-${f}`);
      add(tray, s("g", { class: `sa-pick${t ? " sa-legal" : ""}` }, title(`${f}: ${pickReward(f)}`),
        t ? s("rect", { class: "sa-hl", x: x0 + i * stepX - 4, y: 7, width: ds + 8, height: ds + 8, rx: 10 }) : null,
        die(f, x0 + i * stepX, 11, ds),
        hitArea(d, t, `pick-${f}-${i}`, x0 + i * stepX - 4, 7, ds + 8, ds + 8, 10)));
    });
    return { node: tray, h };
  }
  if (m.over && m.winners.length) {
    const totals = m.round.score_breakdown?.map((/** @type {any} */ b) => b?.total) || [];
    const best = totals[m.winners[0]] ?? m.players[m.winners[0]]?.score;
    const who = m.winners.map((w) => d.name(w)).reduce((a, b) => format(_("{first} and {second}"), { first: a, second: b }));
    const text = m.winners.length > 1 ? format(ngettext("{names} share the win with {count} point", "{names} share the win with {count} points", best), { names: who, count: best })
      : format(ngettext("{name} wins with {count} point", "{name} wins with {count} points", best), { name: who, count: best });
    add(tray, title(text), icon("crown", W / 2 - tw(text, 17) / 2 - 40, 14, 32),
      s("text", { x: W / 2, y: 38, "text-anchor": "middle", "font-size": 17, class: "sa-strong" }, text));
    return { node: tray, h };
  }
  if (!roll) {
    add(tray, s("text", { x: W / 2, y: 37, "text-anchor": "middle", "font-size": 15, class: "sa-muted" }, SAY.noDiceRolledYet()));
    return { node: tray, h };
  }
  add(tray, title(rollWords(roll, d.name)));
  const groups = roll.kind === "tame" ? roll.groups : [{ seat: roll.seat, faces: roll.faces }];
  const total = groups.reduce((t, g) => t + g.faces.length, 0);
  const labelW = roll.kind === "tame" ? 110 : 200;
  const ds = diceSize(W, labelW, groups.length, total);
  if (roll.kind === "gather") {
    const where = roll.where ? format(_("rolled at {place}"), { place: areaThe(roll.where) }) : _("rolled for a card");
    const who = clip(d.name(roll.seat), 22);
    add(tray, fig(roll.seat ?? 0, 24, 22, 20),
      s("text", { x: 40, y: 28, "font-size": fitSize(who, 16, labelW - 72, 11), class: "sa-strong" }, who),
      s("text", { x: 14, y: 50, "font-size": fitSize(where, 14, labelW - 46, 10, false), class: "sa-muted" }, where),
      s("g", { class: "sa-sum" }, s("circle", { cx: labelW - 14, cy: 31, r: 21 }),
        s("text", { x: labelW - 14, y: 38, "text-anchor": "middle", "font-size": 20 }, roll.sum)));
  } else if (roll.kind === "all") {
    add(tray, icon("dice", 10, 8, 24),
      s("text", { x: 40, y: 27, "font-size": fitSize(SAY.diceForAll(), 16, labelW - 44, 11), class: "sa-strong" }, SAY.diceForAll()),
      s("text", { x: 14, y: 50, "font-size": fitSize(SAY.oneDiePerPlayer(), 14, labelW - 18, 10, false), class: "sa-muted" }, SAY.oneDiePerPlayer()));
  } else {
    add(tray, icon("mammoth", 8, 8, 36),
      s("text", { x: 14, y: 54, "font-size": fitSize(SAY.tamingRolls(), 13, labelW - 18, 9, false), class: "sa-muted" }, SAY.tamingRolls()));
  }
  let x = labelW + 18;
  for (const g of groups) {
    if (roll.kind === "tame") {
      add(tray, fig(g.seat ?? 0, x + 9, 31, 18));
      x += 24;
    }
    for (const f of g.faces) {
      add(tray, die(f, x, (h - ds) / 2, ds));
      x += ds + 5;
    }
    x += 10;
  }
  return { node: tray, h };
}

// --- block A: gathering and the village ---

/**
 * The hunting grounds, forest, clay pit, quarry, river, then tool maker, hut and field.
 * @param {Drawing} d
 * @param {BoardModel} m
 * @param {number} W
 * @returns {{nodes: SVGElement[], h: number}}
 */
function gatherBlock(d, m, W) {
  const nodes = [];
  let y = 0;
  nodes.push(area(d, m, "hunt", 0, y, W, 128));
  y += 128 + 10;
  const half = (W - 10) / 2;
  nodes.push(area(d, m, "forest", 0, y, half, 118), area(d, m, "claypit", half + 10, y, half, 118));
  y += 118 + 10;
  nodes.push(area(d, m, "quarry", 0, y, half, 118), area(d, m, "river", half + 10, y, half, 118));
  y += 118 + 10;
  const third = (W - 20) / 3;
  ["toolmaker", "hut", "field"].forEach((k, i) => { nodes.push(village(d, m, k, i * (third + 10), y, third, 112)); });
  y += 112;
  return { nodes, h: y };
}

/**
 * A location's group: its classes (offered, open, busy, rolled at), key and rule, with its title;
 * ``hit`` makes its button when the decision offers it.
 * @param {Drawing} d
 * @param {BoardModel} m
 * @param {string} key
 * @param {string} titleWords
 * @returns {{group: SVGElement, hit: (w: number, h: number, rx: number) => SVGElement | null}}
 */
function locGroup(d, m, key, titleWords) {
  const t = m.targets.get(key);
  const cls = ["sa-loc", `sa-loc-${key}`];
  if (t) cls.push("sa-legal");
  if (t && t.path != null && d.openPath.length && String(d.openPath[0]) === t.path) cls.push("sa-open");
  if (m.busy.has(key)) cls.push("sa-busy");
  if (d.roll?.kind === "gather" && d.roll.where === key && (d.rolling || hasRoll(m.view.events))) cls.push("sa-rolled-at");
  const group = s("g", { class: cls.join(" "), "data-key": key, "data-rule": ruleOf(key, m.ruleCtx) }, title(titleWords));
  return { group, hit: (w, h, rx) => hitArea(d, t, key, 1.5, 1.5, w - 3, h - 3, rx - 1, true) };
}

/**
 * The button of a choice drawn on the board: a see-through cover over its place, drawn after the
 * place's pictures and words so that a click anywhere on it lands here. It holds no text, so its
 * name is its aria-label alone (the words drawn below are not part of a button named otherwise).
 * @param {Drawing} d
 * @param {Target | undefined} t
 * @param {string} key
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} rx
 * @param {boolean} [described] whether the place's rule (the tip) describes it
 * @returns {SVGElement | null}
 */
function hitArea(d, t, key, x, y, w, h, rx, described = false) {
  if (!t) return null;
  return s("rect", { class: "sa-hit", x, y, width: w, height: h, rx, fill: "transparent",
    "data-action": t.action != null ? t.action : null, "data-path": t.action != null ? null : t.path,
    "data-key": key, tabindex: 0, role: "button", "aria-label": t.label,
    "aria-describedby": described ? d.tipId : null });
}

/**
 * The i button that tells a place's rule.
 * @param {number} x
 * @param {number} y
 * @returns {SVGElement}
 */
function infoButton(x, y) {
  return s("g", { class: "sa-info", "data-info": 1, transform: `translate(${x} ${y})` }, title(SAY.rulesOfThisPlace()),
    s("circle", { r: 10, cx: 0, cy: 0 }), s("text", { x: 0, y: 5, "text-anchor": "middle", "font-size": 14 }, "i"));
}

/**
 * A gathering place: its plate, its figures, its capacity, the herd when it is here.
 * @param {Drawing} d
 * @param {BoardModel} m
 * @param {string} key
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @returns {SVGElement}
 */
function area(d, m, key, x, y, w, h) {
  const a = AREAS[key];
  const good = a.good || "";
  const div = a.div || 1;
  const counts = m.board[key] || [];
  const total = counts.reduce((t, c) => t + c, 0);
  const herdHere = m.mammoth && m.mammoth.herd === key;
  const name = areaTitle(key);
  const capWords = key === "hunt" ? format(ngettext("{count} figure", "{count} figures", total), { count: total })
    : format(_("{count} of 7 places taken"), { count: total });
  const words = format(_("{place}: {taken}; {occupants}. Gives {good}: dice total ÷ {divisor}."),
    { place: name, taken: capWords, occupants: occupantWords(d, counts), good: goodWord(good), divisor: div }) +
    (herdHere ? " " + _("The mammoth herd is here.") : "");
  const { group, hit } = locGroup(d, m, key, words);
  add(group, s("rect", { class: `sa-area sa-area-${key}`, x: 0, y: 0, width: w, height: h, rx: 14 }),
    ...scenery(key, w, h),
    s("rect", { class: "sa-hl", x: 1.5, y: 1.5, width: w - 3, height: h - 3, rx: 13 }));
  // title plate: the good, the name, and what the dice give
  const nameSize = fitSize(name, 17, w - 8 - 41 - 62 - 30, 12); // the plate stops short of the i button
  const nameW = tw(name, nameSize);
  const plateW = 41 + nameW + 62;
  add(group, s("g", { class: "sa-plate" }, s("rect", { x: 8, y: 8, width: plateW, height: 30, rx: 9 }),
    icon(good, 13, 11, 24), s("text", { x: 41, y: 29, "font-size": nameSize, class: "sa-plate-text" }, name),
    s("g", null, title(format(SAY.oneDiePerFigureTotal(), { divisor: div, good: goodWord(good) })),
      icon("dice", 47 + nameW, 13, 20), s("text", { x: 69 + nameW, y: 29, "font-size": 16, class: "sa-strong" }, `÷${div}`))));
  if (key !== "hunt") {
    add(group, s("g", { class: `sa-cap${total >= 7 ? " sa-full" : ""}` }, title(capWords),
      s("rect", { x: w - 60, y: 38, width: 52, height: 26, rx: 13 }),
      s("text", { x: w - 34, y: 57, "text-anchor": "middle", "font-size": 16 }, `${total}/7`)));
  }
  if (herdHere) {
    add(group, s("g", { class: "sa-herd-badge", transform: `translate(${w - 72} ${h - 50})` }, title(SAY.theMammothHerdIsHere()),
      s("rect", { x: -2, y: -2, width: 66, height: 48, rx: 10 }), icon("mammoth", 1, 0, 60)));
  }
  add(group, ...figureTray(d, counts, 14, 46, key === "hunt" ? w - 40 : w - 90, h - 50), hit(w, h, 14), infoButton(w - 18, 20));
  return s("g", { transform: `translate(${x} ${y})` }, group);
}

/**
 * The scenery drawn behind a gathering place (trees, waves, rocks, a pit, grass).
 * @param {string} key
 * @param {number} w
 * @param {number} h
 * @returns {SVGElement[]}
 */
function scenery(key, w, h) {
  const c = { class: "sa-scenery" };
  if (key === "forest") {
    const trees = [];
    for (let i = 0; i < 6; i++) {
      const x = w - 30 - i * 34 - (i % 2) * 6;
      const yy = h - 10 - (i % 2) * 8;
      trees.push(s("path", { d: `M${x} ${yy - 50} L${x + 16} ${yy - 18} H${x + 6} L${x + 20} ${yy} H${x - 20} L${x - 6} ${yy - 18} H${x - 16} Z` }));
    }
    return [s("g", c, trees)];
  }
  if (key === "river") {
    const lines = [];
    const waves = " t 40 0".repeat(Math.max(0, Math.floor((w - 60) / 40)));
    for (let i = 0; i < 3; i++) {
      const yy = h - 50 + i * 16;
      lines.push(s("path", { d: `M10 ${yy} q 20 -10 40 0${waves}`, fill: "none", "stroke-width": 4 }));
    }
    return [s("g", c, lines)];
  }
  if (key === "quarry") {
    return [s("g", c, s("path", { d: `M${w - 200} ${h} L${w - 170} ${h - 50} L${w - 120} ${h - 62} L${w - 80} ${h - 40} L${w - 40} ${h - 70} L${w} ${h - 45} V${h} Z` }))];
  }
  if (key === "claypit") {
    return [s("g", c, s("ellipse", { cx: w - 90, cy: h - 18, rx: 110, ry: 26 }),
      s("ellipse", { cx: w - 90, cy: h - 18, rx: 70, ry: 14, class: "sa-scenery-deep" }))];
  }
  if (key === "hunt") {
    const grass = [];
    for (let i = 0; i < Math.floor((w - 40) / 44); i++) {
      const x = 20 + i * 44 + (i % 3) * 7;
      grass.push(s("path", { d: `M${x} ${h - 6} l4 -14 l3 14 l5 -11 l2 11`, fill: "none", "stroke-width": 2 }));
    }
    return [s("g", c, grass)];
  }
  return [];
}

/**
 * Figures of every seat in a flowing tray, each seat's group followed by its count.
 * @param {Drawing} d
 * @param {number[]} counts
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @returns {SVGElement[]}
 */
function figureTray(d, counts, x, y, w, h) {
  const layout = trayLayout(counts, w, h, (label) => tw(label, 15));
  if (!layout) return [];
  return layout.groups.map((g) => s("g", { class: "sa-group" },
    title(format(SAY.nameFigures(), { name: d.name(g.seat), figures: figuresWord(g.count) })),
    g.figures.map((f) => fig(g.seat, x + f.x, y + f.y, layout.size)),
    g.label ? s("text", { x: x + g.label.x, y: y + g.label.y, "font-size": 15, class: "sa-count" }, g.label.text) : null));
}

/**
 * A village place (tool maker, hut, field): its name, what it gives, its spots.
 * @param {Drawing} d
 * @param {BoardModel} m
 * @param {string} key
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @returns {SVGElement}
 */
function village(d, m, key, x, y, w, h) {
  const a = AREAS[key];
  const spots = a.spots || 1;
  const counts = m.board[key] || [];
  const name = areaTitle(key);
  const gives = areaGives(key);
  const words = format(_("{place} ({gives}, {figures}): {occupants}."),
    { place: name, gives, figures: figuresWord(spots), occupants: occupantWords(d, counts) });
  const { group, hit } = locGroup(d, m, key, words);
  add(group, s("rect", { class: `sa-area sa-area-village sa-area-${key}`, x: 0, y: 0, width: w, height: h, rx: 14 }),
    s("rect", { class: "sa-hl", x: 1.5, y: 1.5, width: w - 3, height: h - 3, rx: 13 }));
  if (tw(name, 14) <= w - 72) {
    add(group, icon(a.icon || "", 8, 10, 30),
      s("text", { x: 42, y: 32, "font-size": fitSize(name, 18, w - 72), class: "sa-plate-text sa-strong" }, name));
  } else { // a long name (Fabricante de ferramentas, Werkzeugmacher): the whole width, on two lines if need be
    const one = fitSize(name, 16, w - 42, 12);
    if (tw(name, one) <= w - 42) add(group, s("text", { x: 12, y: 32, "font-size": one, class: "sa-plate-text sa-strong" }, name));
    else add(group, ...textLines(wrap(name, Math.max(8, Math.floor((w - 42) / 7.2)), 2), 12, 22, 13, 15, { class: "sa-plate-text sa-strong" }));
  }
  add(group, s("text", { x: 12, y: 60, "font-size": fitSize(gives, 15, w - 20, 10, false), class: "sa-gives-text" }, gives));
  // spots
  const occupant = counts.findIndex((c) => c > 0);
  for (let i = 0; i < spots; i++) {
    const cx = w / 2 + (i - (spots - 1) / 2) * 40;
    add(group, s("circle", { class: "sa-spot", cx, cy: h - 24, r: 16 }));
    if (occupant >= 0 && counts[occupant] > i) add(group, fig(occupant, cx, h - 24, 24));
  }
  add(group, hit(w, h, 14), infoButton(w - 18, 20));
  return s("g", { transform: `translate(${x} ${y})` }, group);
}

// --- block B: cards, buildings, the herd ---

/**
 * The four card spaces, the building stacks, and the herd when the game has it.
 * @param {Drawing} d
 * @param {BoardModel} m
 * @param {number} W
 * @returns {{nodes: SVGElement[], h: number}}
 */
function tradeBlock(d, m, W) {
  const nodes = [];
  let y = 0;
  const slotW = (W - 30) / 4;
  nodes.push(s("text", { x: 2, y: 16, "font-size": 15, class: "sa-section" }, SAY.civilizationCards()));
  y = 24;
  for (let i = 0; i < 4; i++) nodes.push(cardSlot(d, m, i, i * (slotW + 10), y, slotW, 226));
  y += 226 + 12;
  nodes.push(s("text", { x: 2, y: y + 16, "font-size": 15, class: "sa-section" }, SAY.buildings()));
  y += 24;
  const stacks = m.stacks.length || 4;
  for (let i = 0; i < stacks; i++) nodes.push(stack(d, m, i, i * (slotW + 10), y, slotW, 168));
  y += 168;
  if (m.mammoth) {
    y += 12;
    const herd = herdBlock(d, m, W);
    nodes.push(s("g", { transform: `translate(0 ${y})` }, herd.node));
    y += herd.h;
  }
  return { nodes, h: y };
}

/**
 * A card space: its cost, its card, its spot.
 * @param {Drawing} d
 * @param {BoardModel} m
 * @param {number} slot
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @returns {SVGElement}
 */
function cardSlot(d, m, slot, x, y, w, h) {
  const key = `card${slot + 1}`;
  const entry = m.display[slot];
  const counts = m.board[key] || [];
  const words = entry ? cardWords(m.boardLines, entry.card) : null;
  const space = { number: slot + 1, cost: resourcesWord(slot + 1), occupants: occupantWords(d, counts) };
  const desc = !entry || !words ? format(_("Card space {number}: empty."), space)
    : words.bottom ? format(_("Card space {number}, cost {cost}: card {card}, {top} / {bottom}. {occupants}."), { ...space, card: entry.card, ...words })
      : format(_("Card space {number}, cost {cost}: card {card}, {top}. {occupants}."), { ...space, card: entry.card, ...words });
  const { group, hit } = locGroup(d, m, key, desc);
  add(group, s("rect", { class: "sa-slot", x: 0, y: 0, width: w, height: h, rx: 12 }),
    s("rect", { class: "sa-hl", x: 1.5, y: 1.5, width: w - 3, height: h - 3, rx: 11 }));
  // cost: as many resource stones as it costs
  const cost = s("g", { class: "sa-cost" }, title(format(SAY.costsResources(slot + 1), { count: slot + 1 })));
  for (let i = 0; i <= slot; i++) cost.append(s("circle", { cx: 13 + i * 12, cy: 16, r: 5.2, class: "sa-cost-dot" }));
  cost.append(s("text", { x: 14 + (slot + 1) * 12, y: 21, "font-size": 14, class: "sa-strong sa-cost-text" }, slot + 1));
  add(group, cost);
  const cw = w - 12;
  const ch = 158;
  if (entry && words) {
    add(group, s("g", { transform: "translate(6 32)", filter: "url(#sa-shadow)" }, cardFace(entry.card, words, cw, ch)));
  } else {
    add(group, s("rect", { class: "sa-empty-card", x: 6, y: 32, width: cw, height: ch, rx: 9 }),
      s("text", { x: w / 2, y: 32 + ch / 2 + 5, "text-anchor": "middle", "font-size": 14, class: "sa-muted" }, SAY.empty()));
  }
  add(group, s("circle", { class: "sa-spot", cx: w / 2, cy: h - 17, r: 13 }));
  const occ = counts.findIndex((c) => c > 0);
  add(group, occ >= 0 ? fig(occ, w / 2, h - 17, 22) : null, hit(w, h, 12), infoButton(w - 15, 16));
  return s("g", { transform: `translate(${x} ${y})` }, group);
}

/**
 * A civilization card's face: its number, its top effect (icon and words), its green or sand bottom.
 * @param {number} id
 * @param {{top: string, bottom: string}} words
 * @param {number} w
 * @param {number} h
 * @returns {SVGElement[]}
 */
function cardFace(id, words, w, h) {
  const card = cardInfo(id);
  const green = card ? !!card[1] : false;
  const bandH = 52;
  /** @type {SVGElement[]} */
  const out = [s("rect", { class: "sa-card", x: 0, y: 0, width: w, height: h, rx: 9 }),
    s("text", { x: 8, y: 17, "font-size": 12, class: "sa-card-no" }, `#${id}`)];
  const ic = card ? card[0] : null;
  if (ic === "dice") out.push(icon("dice", w / 2 - 17, 10, 34));
  else if (ic && ic.startsWith("roll-")) out.push(icon("dice", w / 2 - 30, 12, 28), icon(ic.slice(5), w / 2 + 2, 12, 28));
  else if (ic) out.push(icon(ic, w / 2 - 17, 10, 34));
  const lines = wrap(words.top, Math.max(10, Math.floor(w / 8.6)), 3);
  out.push(...textLines(lines, w / 2, 64, 14, 16, { "text-anchor": "middle", class: "sa-card-text" }));
  out.push(s("path", { class: green ? "sa-band-green" : "sa-band-sand", d: `M0 ${h - bandH} H${w} V${h - 9} a9 9 0 0 1 -9 9 H9 a9 9 0 0 1 -9 -9 Z` }));
  if (card && card[1]) {
    const sym = symbolWord(card[1]);
    out.push(s("circle", { cx: w / 2, cy: h - bandH + 18, r: 11, class: "sa-green-disc" }),
      s("text", { x: w / 2, y: h - bandH + 23, "text-anchor": "middle", "font-size": 13, class: "sa-green-glyph" }, sym.slice(0, 1).toUpperCase()),
      s("text", { x: w / 2, y: h - 8, "text-anchor": "middle", "font-size": 13, class: "sa-band-text" }, sym));
  } else {
    const count = card ? card[3] || 0 : 0;
    for (let i = 0; i < Math.min(count, 4); i++) {
      out.push(sandFigure(w / 2 + (i - (Math.min(count, 4) - 1) / 2) * 16, h - bandH + 19));
    }
    out.push(s("text", { x: w / 2, y: h - 8, "text-anchor": "middle", "font-size": 13, class: "sa-band-text" }, clip(words.bottom, 18)));
  }
  return out;
}

/**
 * A sand card's figure (a person).
 * @param {number} cx
 * @param {number} cy
 * @returns {SVGElement}
 */
function sandFigure(cx, cy) {
  return s("g", { class: "sa-sand-fig", transform: `translate(${cx} ${cy})` },
    s("circle", { cx: 0, cy: -7, r: 4 }), s("path", { d: "M-6 9 L-4 -2 H4 L6 9 Z" }));
}

/**
 * A building stack: tiles left, its top tile, its spot.
 * @param {Drawing} d
 * @param {BoardModel} m
 * @param {number} i
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @returns {SVGElement}
 */
function stack(d, m, i, x, y, w, h) {
  const key = `building${i + 1}`;
  const entry = m.stacks[i] || { top: null, left: 0 };
  const counts = m.board[key] || [];
  const kind = buildingKind(entry.top);
  const stackWords = { number: i + 1, occupants: occupantWords(d, counts) };
  const desc = entry.top && kind ? format(ngettext("Building stack {number}: top tile {tile}; {count} tile left. {occupants}.",
    "Building stack {number}: top tile {tile}; {count} tiles left. {occupants}.", entry.left), { ...stackWords, tile: kind.words, count: entry.left })
    : format(_("Building stack {number}: empty. {occupants}."), stackWords);
  const { group, hit } = locGroup(d, m, key, desc);
  const left = format(SAY.countLeft(), { count: entry.left });
  add(group, s("rect", { class: "sa-slot", x: 0, y: 0, width: w, height: h, rx: 12 }),
    s("rect", { class: "sa-hl", x: 1.5, y: 1.5, width: w - 3, height: h - 3, rx: 11 }),
    s("text", { x: 10, y: 20, "font-size": fitSize(left, 14, w - 34, 10, false), class: "sa-muted" }, left));
  const tileW = w - 22;
  const th = 98;
  const layers = Math.min(Math.max(entry.left - 1, 0), 3);
  for (let l = layers; l >= 1; l--) {
    add(group, s("rect", { class: "sa-tile-under", x: 8 + l * 3, y: 30 + l * 3, width: tileW, height: th, rx: 8 }));
  }
  if (entry.top && kind) {
    add(group, s("g", { transform: "translate(8 30)" }, tileFace(kind, tileW, th)));
  } else {
    add(group, s("rect", { class: "sa-empty-card", x: 8, y: 30, width: tileW, height: th, rx: 8 }),
      s("text", { x: 8 + tileW / 2, y: 30 + th / 2 + 5, "text-anchor": "middle", "font-size": 14, class: "sa-muted" }, SAY.empty()));
  }
  add(group, s("circle", { class: "sa-spot", cx: w / 2, cy: h - 18, r: 13 }));
  const occ = counts.findIndex((c) => c > 0);
  add(group, occ >= 0 ? fig(occ, w / 2, h - 18, 22) : null, hit(w, h, 12), infoButton(w - 15, 15));
  return s("g", { transform: `translate(${x} ${y})` }, group);
}

/**
 * A building tile's face: its points (or ?), its cost as goods or in words.
 * @param {import("./stone_age_words.js").BuildingKind} kind
 * @param {number} w
 * @param {number} h
 * @returns {SVGElement[]}
 */
function tileFace(kind, w, h) {
  const out = [s("rect", { class: "sa-tile", x: 0, y: 0, width: w, height: h, rx: 8 }), icon("hut", 6, 4, 30)];
  if (kind.fixed && kind.cost) {
    out.push(s("g", { class: "sa-points" }, s("circle", { cx: w - 22, cy: 20, r: 16 }),
      s("text", { x: w - 22, y: 26, "text-anchor": "middle", "font-size": 17 }, kind.points ?? 0)));
    const items = costUnits(kind.cost);
    const size = 28;
    const x0 = w / 2 - (items.length * (size + 3) - 3) / 2;
    items.forEach((r, k) => { out.push(icon(r, x0 + k * (size + 3), 46, size)); });
    out.push(s("text", { x: w / 2, y: h - 8, "text-anchor": "middle", "font-size": fitSize(SAY.pointsAsShown(), 12, w - 8, 8, false), class: "sa-muted" }, SAY.pointsAsShown()));
  } else {
    out.push(s("g", { class: "sa-points" }, s("circle", { cx: w - 22, cy: 20, r: 16 }),
      s("text", { x: w - 22, y: 26, "text-anchor": "middle", "font-size": 17 }, "?")),
    s("text", { x: w / 2, y: 60, "text-anchor": "middle", "font-size": fitSize(kind.short, 15, w - 8, 10), class: "sa-strong" }, kind.short));
    const n = kind.count || 7;
    const dots = Math.min(n, 7);
    for (let k = 0; k < dots; k++) out.push(s("circle", { cx: w / 2 + (k - (dots - 1) / 2) * 12, cy: 74, r: 4.5, class: "sa-cost-dot" }));
    out.push(s("text", { x: w / 2, y: h - 8, "text-anchor": "middle", "font-size": fitSize(SAY.pointsValue(), 12, w - 8, 8, false), class: "sa-muted" }, SAY.pointsValue()));
  }
  return out;
}

/**
 * The Mammoth Herd: its bonus tile (the "1" and "all" bonuses, offered when the decision is the bonus),
 * the pile, the tiles won and the figures on the tile.
 * @param {Drawing} d
 * @param {BoardModel} m
 * @param {number} W
 * @returns {{node: SVGElement, h: number}}
 */
function herdBlock(d, m, W) {
  const herd = m.mammoth;
  const h = 132;
  const key = "mammoth";
  const players = m.players;
  const rule = ruleOf(key, m.ruleCtx);
  const left = typeof herd.pile_size === "number" ? herd.pile_size : 0;
  const where = herd.herd && AREAS[herd.herd] ? areaThe(herd.herd) : null;
  const summary = (m.mammothLines || []).join(" ");
  const deciding = !!m.decision && herdDeciding(m.pending, m.round.phase);
  const g = s("g", { class: `sa-herd${deciding ? " sa-busy" : ""}`, "data-key": key, "data-rule": rule }, title(summary || SAY.mammothHerd()),
    s("rect", { class: "sa-herd-bg", x: 0, y: 0, width: W, height: h, rx: 14 }),
    s("rect", { class: "sa-hl", x: 1.5, y: 1.5, width: W - 3, height: h - 3, rx: 13 }),
    s("text", { x: 12, y: 22, "font-size": fitSize(SAY.mammothHerd(), 15, 118), class: "sa-strong" }, SAY.mammothHerd()),
    icon("mammoth", 12, 32, 92), infoButton(W - 18, 18));
  // the tile
  const tx = 140;
  if (herd.bonus && where) {
    const tileWords = format(_("Tile {number} at {place}"), { number: herd.bonus_tile, place: where });
    g.append(s("text", { x: tx, y: 22, "font-size": fitSize(tileWords, 15, Math.max(tx + 252, W - 170) - tx - 8, 10, false), class: "sa-muted" }, tileWords));
    const halfW = 120;
    for (const [i, which, label] of /** @type {[number, string, string][]} */ ([[0, "one", _("“1”")], [1, "all", _("“all”")]])) {
      const t = m.targets.get(`bonus-${which}`);
      const bx = tx + i * (halfW + 6);
      const text = herd.bonus[which] || "";
      add(g, s("g", { class: `sa-bonus${t ? " sa-legal" : ""}` }, title(format(SAY.bonusBonusText(), { bonus: label, text })),
        s("rect", { class: "sa-bonus-half", x: bx, y: 30, width: halfW, height: 56, rx: 9 }),
        s("rect", { class: "sa-hl", x: bx - 2, y: 28, width: halfW + 4, height: 60, rx: 10 }),
        s("text", { x: bx + 8, y: 48, "font-size": 14, class: "sa-strong" }, label),
        textLines(wrap(text, 15, 2), bx + 8, 66, 13, 15, { class: "sa-bonus-text" }),
        hitArea(d, t, `bonus-${which}`, bx - 2, 28, halfW + 4, 60, 10, true)));
    }
  } else {
    const words = left ? _("No bonus tile now: the next is turned up when the round starts") :
      _("Fully tamed: the herd has left the game");
    g.append(...textLines(wrap(words, 34, 2), tx, 40, 15, 19, { class: "sa-muted" }));
  }
  // pile and next back
  if (left || herd.next_back) {
    g.append(s("g", { transform: `translate(${tx} ${h - 36})` }, title(herd.next_back
      ? format(SAY.tilesLeftNextBack(left), { count: left, resource: goodWord(herd.next_back) })
      : format(SAY.tilesLeftInPile(left), { count: left })),
    s("rect", { class: "sa-tile-back", width: 26, height: 26, rx: 5 }),
    herd.next_back && RES.includes(herd.next_back) ? icon(herd.next_back, 4, 4, 18) : null,
    s("text", { x: 34, y: 19, "font-size": 14, class: "sa-muted" }, herd.next_back
      ? format(SAY.countLeftNextResource(), { count: left, resource: goodWord(herd.next_back) })
      : format(SAY.countLeft(), { count: left }))));
  }
  // tiles won and figures on the tile
  const rx = Math.max(tx + 252, W - 170);
  g.append(s("text", { x: rx, y: 22, "font-size": fitSize(SAY.tilesWon(), 14, W - rx - 30, 10, false), class: "sa-muted" }, SAY.tilesWon()));
  players.forEach((p, seat) => {
    const yy = 30 + seat * 24;
    const on = p.on_tile || 0;
    const row = s("g", null, title(on ? format(SAY.nameTilesOnTile(), { name: d.name(seat), tiles: tilesWord(p.mammoth_tiles || 0), figures: figuresWord(on) })
      : format(SAY.nameTiles(), { name: d.name(seat), tiles: tilesWord(p.mammoth_tiles || 0) })),
    fig(seat, rx + 9, yy + 9, 16), s("text", { x: rx + 24, y: yy + 15, "font-size": 15, class: "sa-strong" }, p.mammoth_tiles || 0));
    for (let k = 0; k < on; k++) row.append(fig(seat, rx + 58 + k * 13, yy + 9, 11, { opacity: ".9" }));
    g.append(row);
  });
  return { node: g, h };
}

/**
 * The final scores' scroll drawn over the board once the game is over.
 * @param {Drawing} d
 * @param {BoardModel} m
 * @param {number} width
 * @param {number} height
 * @returns {SVGElement}
 */
function finalScroll(d, m, width, height) {
  const order = finalOrder(m.round.score_breakdown, m.players);
  const w = Math.min(420, width - 60);
  const h = 86 + order.length * 34;
  const x = (width - w) / 2;
  const y = Math.min(height - h - 20, d.wide ? 150 : 160);
  const g = s("g", { class: "sa-final", transform: `translate(${x} ${y})`, filter: "url(#sa-shadow)" },
    title(format(SAY.finalScoresScores(), { scores: order.map(([sc, i]) => `${d.name(i)} ${sc}`).join(", ") })),
    s("rect", { class: "sa-scroll", width: w, height: h, rx: 16 }),
    icon("crown", w / 2 - 18, 8, 36),
    s("text", { x: w / 2, y: 64, "text-anchor": "middle", "font-size": 20, class: "sa-strong" }, SAY.finalScores()));
  order.forEach(([sc, i], k) => {
    const yy = 84 + k * 34;
    const win = m.winners.includes(i);
    g.append(s("g", { class: win ? "sa-final-win" : "" }, s("rect", { x: 16, y: yy, width: w - 32, height: 28, rx: 8, class: "sa-final-row" }),
      s("text", { x: 30, y: yy + 20, "font-size": 16 }, `${k + 1}.`), fig(i, 62, yy + 14, 18),
      s("text", { x: 78, y: yy + 20, "font-size": 16, class: "sa-strong" }, clip(d.name(i), 20)),
      win ? icon("crown", w - 120, yy + 3, 22) : null,
      s("text", { x: w - 30, y: yy + 20, "text-anchor": "end", "font-size": 17, class: "sa-strong" }, sc)));
  });
  return g;
}

// --- the players' boards ---

/**
 * One player's board (an HTML list item holding an SVG): name, score, figures, food and feeding,
 * agriculture, resources, tools, cards, huts, mammoth tiles, penalties and the final breakdown.
 * @param {Drawing} d
 * @param {BoardModel} m
 * @param {any} p the player's entry of the players panel
 * @param {number} seat
 * @returns {HTMLElement}
 */
export function playerBoard(d, m, p, seat) {
  const W = 360;
  const name = d.name(seat);
  const seatInfo = d.seats.find((x) => x && x.seat === seat) || d.seats[seat] || {};
  const words = playerWords(p);
  const viewer = d.viewer !== undefined ? d.viewer : (typeof m.view.viewer === "number" && m.view.viewer >= 0 ? m.view.viewer : null);
  const me = viewer === seat;
  const toMove = m.toMove === seat;
  const first = m.round.first_player === seat && !m.over;
  const win = m.over && m.winners.includes(seat);
  const finalTotal = m.over && m.round.score_breakdown?.[seat]?.total;
  const score = typeof finalTotal === "number" ? finalTotal : p.score;
  const res = p.resources || {};
  const need = Math.max(0, (p.figures || 0) - (p.agriculture || 0));
  const short = Math.max(0, need - (p.food || 0));
  /** @type {Child[]} */
  const out = [];
  let y = 0;
  // header
  out.push(s("rect", { class: `sa-pb-head sa-seatbg-${seat}`, x: 0, y: 0, width: W, height: 46, rx: 12 }),
    s("rect", { x: 0, y: 30, width: W, height: 16, class: `sa-seatbg-${seat}` }),
    s("circle", { cx: 24, cy: 23, r: 16, class: "sa-pb-disc" }), fig(seat, 24, 23, 22));
  const tags = [me ? _("you") : null, seatInfo.kind === "bot" ? _("bot") : null, seatInfo.away ? _("away") : null].filter(Boolean);
  out.push(s("text", { x: 44, y: tags.length ? 22 : 29, "font-size": 18, class: "sa-pb-name" }, clip(name, 20)));
  if (tags.length) out.push(s("text", { x: 44, y: 39, "font-size": 12, class: "sa-pb-tags" }, tags.join(" · ")));
  if (first) out.push(s("g", null, title(SAY.firstPlayerThisRound()), icon("first", 226, 10, 26)));
  if (win) out.push(s("g", null, title(SAY.winner()), icon("crown", 222, 8, 30)));
  out.push(s("g", { class: "sa-pb-score" }, title(m.over ? format(SAY.finalScoreCountPoint(score), { count: score })
    : format(SAY.scoreCountPoint(score), { count: score })),
  s("rect", { x: W - 102, y: 7, width: 94, height: 32, rx: 16 }), icon("star", W - 98, 11, 24),
  s("text", { x: W - 16, y: 30, "text-anchor": "end", "font-size": 19 }, score)));
  y = 56;
  // figures
  const figs = p.figures || 0;
  const home = p.unplaced || 0;
  const figures = s("g", null, title(home ? format(SAY.figuresAtHome(), { figures: figuresWord(figs), count: home }) : figuresWord(figs)),
    s("text", { x: 12, y: y + 17, "font-size": fitSize(SAY.figures(), 14, 68, 10), class: "sa-label" }, SAY.figures()));
  for (let i = 0; i < figs; i++) {
    const placed = i >= home && m.round.phase === "placement" || (m.round.phase === "actions" && i >= home);
    figures.append(fig(seat, 92 + i * 22, y + 12, 18, placed ? { opacity: ".35" } : {}));
  }
  figures.append(s("text", { x: W - 12, y: y + 17, "text-anchor": "end", "font-size": 14, class: "sa-strong" },
    home ? format(SAY.countHomeHome(), { count: figs, home }) : String(figs)));
  out.push(figures);
  y += 30;
  // food and feeding
  const feeding = m.pending?.stage === "feed" && m.pending.player === seat && !m.over;
  const feedShort = feeding ? m.pending.shortfall || 0 : short;
  const feedText = feeding ? format(_("feeding now: {count} food short!"), { count: feedShort }) :
    short ? format(_("feeding needs {need}: {count} short!"), { need, count: short }) : format(_("feeding needs {need} ✓"), { need });
  const feedCls = feedShort ? "sa-short" : "sa-ok";
  const foodWords = { food: p.food, need, figures: figs, agriculture: p.agriculture, count: short };
  out.push(s("g", null, title(m.over ? format(SAY.foodFood(), foodWords)
    : short ? format(SAY.foodShort(), foodWords)
      : format(SAY.foodEnough(), foodWords)),
  icon("food", 10, y, 26), s("text", { x: 40, y: y + 19, "font-size": 18, class: "sa-strong" }, p.food),
  m.over ? null : s("g", { class: `sa-feed ${feedCls}` }, s("rect", { x: 78, y: y + 1, width: 164, height: 24, rx: 12 }),
    s("text", { x: 160, y: y + 18, "text-anchor": "middle", "font-size": fitSize(feedText, 13, 154, 10, !!feedShort) }, feedText))));
  // agriculture track
  const ag = p.agriculture || 0;
  const track = s("g", null, title(format(SAY.agricultureCount(), { count: ag })), icon("wheat", 250, y, 24),
    s("text", { x: 276, y: y + 18, "font-size": 17, class: "sa-strong" }, ag));
  for (let k = 1; k <= 10; k++) track.append(s("rect", { x: 296 + (k - 1) * 5.6, y: y + 6, width: 4, height: 14, rx: 1.5, class: k <= ag ? "sa-ag-on" : "sa-ag-off" }));
  out.push(track);
  y += 34;
  // resources
  out.push(s("rect", { class: "sa-pb-row", x: 6, y: y - 3, width: W - 12, height: 34, rx: 9 }));
  RES.forEach((r, k) => {
    const x = 12 + k * 87;
    out.push(s("g", null, title(format(SAY.resourceCount(), { resource: goodWord(r), count: res[r] ?? 0 })), icon(r, x, y, 28),
      s("text", { x: x + 34, y: y + 21, "font-size": 18, class: "sa-strong" }, res[r] ?? 0)));
  });
  y += 40;
  // tools
  /** @type {number[]} */
  const ready = p.tools_ready || [];
  /** @type {number[]} */
  const used = p.tools_used || [];
  /** @type {number[]} */
  const oneUse = p.one_use_tools || [];
  let toolWords = format(_("Tools ready: {ready}; used this round: {used}"), { ready: ready.join(", ") || _("none"), used: used.join(", ") || _("none") });
  if (oneUse.length) toolWords = format(_("{tools}; one-use tools {values}"), { tools: toolWords, values: oneUse.join(", ") });
  if (p.two_resources) toolWords = format(_("{tools}; the two-resources card"), { tools: toolWords });
  const tools = s("g", null, title(toolWords), icon("tool", 10, y, 24),
    s("text", { x: 38, y: y + 17, "font-size": 14, class: "sa-label" }, SAY.tools()));
  let tx = Math.max(92, 38 + tw(SAY.tools(), 14) + 10);
  for (const v of ready) {
    tools.append(s("g", { class: "sa-tooltile" }, s("rect", { x: tx, y, width: 24, height: 24, rx: 4 }),
      s("text", { x: tx + 12, y: y + 17, "text-anchor": "middle", "font-size": 15 }, v)));
    tx += 28;
  }
  for (const v of used) {
    tools.append(s("g", { class: "sa-tooltile sa-used" }, s("rect", { x: tx, y, width: 24, height: 24, rx: 4 }),
      s("text", { x: tx + 12, y: y + 17, "text-anchor": "middle", "font-size": 15 }, v)));
    tx += 28;
  }
  if (!ready.length && !used.length) {
    tools.append(s("text", { x: tx, y: y + 17, "font-size": 14, class: "sa-muted" }, SAY.none()));
    tx += 44;
  }
  if (used.length) {
    tools.append(s("text", { x: tx + 2, y: y + 17, "font-size": 12, class: "sa-muted" }, format(SAY.countUsed(), { count: used.length })));
    tx += 50;
  }
  for (const v of oneUse) {
    tools.append(s("g", { class: "sa-oneuse" }, s("rect", { x: tx, y: y - 2, width: 20, height: 28, rx: 3 }),
      s("text", { x: tx + 10, y: y + 17, "text-anchor": "middle", "font-size": 14 }, v)));
    tx += 24;
  }
  if (p.two_resources) tools.append(icon("two", tx + 2, y, 24));
  out.push(tools);
  y += 34;
  // cards
  const hidden = hiddenCards(p);
  const count = p.card_count || 0;
  const bought = count - hidden;
  const faceDown = bought > (p.cards || []).length;
  let cardTitle = faceDown ? format(_("Civilization cards: {count} (face down)"), { count }) : format(_("Civilization cards: {count}"), { count });
  if (hidden) cardTitle = format(_("{cards}, {count} drawn face down"), { cards: cardTitle, count: hidden });
  if (words.green && !faceDown) cardTitle = format(_("{cards}; green: {symbols}"), { cards: cardTitle, symbols: words.green });
  if (words.sand && !faceDown) cardTitle = format(_("{cards}; sand: {figures}"), { cards: cardTitle, figures: words.sand });
  const cardsLabel = format(_("Cards {count}"), { count });
  const cardsG = s("g", null, title(cardTitle), icon("cardback", 10, y, 24),
    s("text", { x: 38, y: y + 17, "font-size": 14, class: "sa-label" }, cardsLabel));
  const known = !faceDown && words.greens !== undefined;
  const chipX = Math.max(104, 38 + tw(cardsLabel, 14) + 10);
  let cx = chipX;
  if (!known || !words.greens || !words.sands) {
    const shown = Math.min(count, 10);
    for (let k = 0; k < shown; k++) cardsG.append(icon("cardback", cx + k * 12, y, 24));
    if (count) cardsG.append(s("text", { x: cx + shown * 12 + 18, y: y + 17, "font-size": 12, class: "sa-muted" }, SAY.faceDown()));
    else cardsG.append(s("text", { x: cx, y: y + 17, "font-size": 13, class: "sa-muted" }, SAY.none()));
    out.push(cardsG);
    y += 30;
  } else {
    // green symbols (one chip per symbol, ×n for doubles), then sand figures
    const greens = words.greens;
    /** @type {{cls: string, text: string, sand?: boolean}[]} */
    const chips = [...new Set(greens)].map((g) => {
      const n = greens.filter((x) => x === g).length;
      return { cls: "sa-chip-green", text: symbolWord(g) + (n > 1 ? ` ×${n}` : "") };
    });
    for (const [kind, n] of words.sands) chips.push({ cls: "sa-chip-sand", text: sandWords(kind, n), sand: true });
    if (!chips.length) cardsG.append(s("text", { x: cx, y: y + 17, "font-size": 13, class: "sa-muted" }, count ? "" : SAY.none()));
    let cy = y + 2;
    for (const c of chips) {
      const cw = tw(c.text, 11) + (c.sand ? 26 : 14);
      if (cx + cw > W - 8 && cx > chipX) {
        cx = chipX;
        cy += 24;
      }
      cardsG.append(s("g", { class: c.cls }, s("rect", { x: cx, y: cy, width: cw, height: 20, rx: 10 }),
        c.sand ? sandFigure(cx + 11, cy + 10) : null,
        s("text", { x: cx + (c.sand ? 20 : 7), y: cy + 14, "font-size": 11 }, c.text)));
      cx += cw + 4;
    }
    if (hidden) {
      const text = format(_("+{count} face down"), { count: hidden });
      if (cx + tw(text, 12, false) > W - 8) {
        cx = chipX;
        cy += 24;
      }
      cardsG.append(s("text", { x: cx + 2, y: cy + 15, "font-size": 12, class: "sa-muted" }, text));
    }
    out.push(cardsG);
    y = cy + 28;
  }
  // buildings
  /** @type {{kind: string}[]} */
  const blds = p.buildings || [];
  const hutsLabel = format(_("Huts {count}"), { count: blds.length });
  const huts = s("g", null, title(blds.length ? format(SAY.buildingsCountKinds(), { count: blds.length, kinds: blds.map((b) => buildingKind(b.kind)?.short ?? b.kind).join(", ") })
    : format(SAY.buildingsCount(), { count: blds.length })),
  icon("hut", 10, y, 24), s("text", { x: 38, y: y + 17, "font-size": 14, class: "sa-label" }, hutsLabel));
  let bx = Math.max(104, 38 + tw(hutsLabel, 14) + 10);
  for (const b of blds) {
    if (bx + 22 > W - 8) {
      huts.append(s("text", { x: bx, y: y + 17, "font-size": 12, class: "sa-muted" }, "…"));
      break;
    }
    huts.append(miniTile(b.kind, bx, y));
    bx += 24;
  }
  out.push(huts);
  y += 32;
  // mammoth
  if (m.mammoth && "mammoth_tiles" in p) {
    let herdTitle = format(_("Mammoth tiles: {count}"), { count: p.mammoth_tiles });
    if (p.mammoth_points) herdTitle = format(ngettext("{tiles}, {count} point from bonuses", "{tiles}, {count} points from bonuses", p.mammoth_points), { tiles: herdTitle, count: p.mammoth_points });
    if (p.on_tile) herdTitle = format(_("{tiles}; {count} on the bonus tile"), { tiles: herdTitle, count: p.on_tile });
    const herdLabel = format(_("Mammoth tiles {count}"), { count: p.mammoth_tiles });
    out.push(s("g", null, title(herdTitle), icon("mammoth", 8, y - 2, 30),
      s("text", { x: 44, y: y + 17, "font-size": 14, class: "sa-label" }, herdLabel),
      p.mammoth_points ? s("text", { x: 44 + tw(herdLabel, 14) + 10, y: y + 17, "font-size": 12, class: "sa-muted" }, format(SAY.countPtsFromBonuses(), { count: p.mammoth_points })) : null,
      p.on_tile ? s("text", { x: W - 12, y: y + 17, "text-anchor": "end", "font-size": 12, class: "sa-strong" }, format(SAY.countOnTile(), { count: p.on_tile })) : null));
    y += 30;
  }
  if (p.penalties) {
    out.push(s("text", { x: 12, y: y + 12, "font-size": 13, class: "sa-short-text" }, format(SAY.starvedCountPointsPoints(), { count: p.penalties, points: p.penalties * 10 })));
    y += 22;
  }
  if (m.over && m.round.score_breakdown?.[seat]) {
    const b = m.round.score_breakdown[seat];
    const parts = Object.entries(b).filter(([k, v]) => k !== "total" && v).map(([k, v]) => format(_("{part} {points}"), { part: scorePart(k), points: v }));
    const lines = wrap(parts.join(" · "), 52, 3);
    out.push(...textLines(lines, 12, y + 12, 12, 15, { class: "sa-muted" }));
    y += 15 * Math.min(3, lines.length) + 6;
  }
  const H = y + 4;
  const cls = ["sa-player", `sa-player-${seat}`, toMove ? "sa-to-move" : "", me ? "sa-me" : "", win ? "sa-winner" : "", m.over ? "sa-over" : ""].filter(Boolean).join(" ");
  const label = playerLabel(m, p, { name, me, toMove, win, score, figs, home, need, short, faceDown, words });
  return h("div", { class: cls, role: "listitem", "aria-label": label },
    s("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label }, title(label),
      s("rect", { class: "sa-pb-bg", x: 0, y: 0, width: W, height: H, rx: 12 }), out));
}

/**
 * A player's board in one sentence (its list item's and picture's name).
 * @param {BoardModel} m
 * @param {any} p
 * @param {{name: string, me: boolean, toMove: boolean, win: boolean, score: number, figs: number, home: number,
 *   need: number, short: number, faceDown: boolean, words: ReturnType<typeof playerWords>}} o
 * @returns {string}
 */
function playerLabel(m, p, { name, me, toMove, win, score, figs, home, need, short, faceDown, words }) {
  const res = p.resources || {};
  let who = me ? format(_("{name} (you)"), { name }) : name;
  if (toMove) who = format(_("{name}, to move"), { name: who });
  if (win) who = format(_("{name}, winner"), { name: who });
  const figures = home ? format(_("{figures} ({count} at home)"), { figures: figuresWord(figs), count: home }) : figuresWord(figs);
  const food = m.over ? format(_("food {count}"), { count: p.food })
    : short ? format(_("food {count} (the next feeding needs {need}, {short} short)"), { count: p.food, need, short })
      : format(_("food {count} (the next feeding needs {need})"), { count: p.food, need });
  const toolsWords = { ready: (p.tools_ready || []).join("+") || _("none"), used: (p.tools_used || []).join("+") || _("none"),
    values: (p.one_use_tools || []).join("+") };
  let cards = format(_("cards {count}"), { count: p.card_count || 0 });
  if (faceDown) cards = format(_("{cards} (green {symbols}) (sand {figures})"), { cards, symbols: _("face down"), figures: _("face down") });
  else if (words.greens?.length && words.sands?.length) cards = format(_("{cards} (green {symbols}) (sand {figures})"), { cards, symbols: words.green, figures: words.sand });
  else if (words.greens?.length) cards = format(_("{cards} (green {symbols})"), { cards, symbols: words.green });
  else if (words.sands?.length) cards = format(_("{cards} (sand {figures})"), { cards, figures: words.sand });
  const parts = [
    m.over ? format(_("final score {count}"), { count: score }) : format(_("score {count}"), { count: score }),
    figures,
    food,
    format(_("wood {wood}, clay {clay}, stone {stone}, gold {gold}"), { wood: res.wood ?? 0, clay: res.clay ?? 0, stone: res.stone ?? 0, gold: res.gold ?? 0 }),
    format(_("agriculture {count}"), { count: p.agriculture }),
    (p.one_use_tools || []).length ? format(_("tools ready {ready}, used {used}, one-use {values}"), toolsWords) : format(_("tools ready {ready}, used {used}"), toolsWords),
    cards,
    format(_("buildings {count}"), { count: (p.buildings || []).length }),
  ];
  if (m.mammoth && "mammoth_tiles" in p) parts.push(format(_("mammoth tiles {count}"), { count: p.mammoth_tiles }));
  return format(_("{name}: {holdings}."), { name: who, holdings: parts.join("; ") });
}

/**
 * A player's building as a small tile: its goods as dots, or its count.
 * @param {string} kind
 * @param {number} x
 * @param {number} y
 * @returns {SVGElement}
 */
function miniTile(kind, x, y) {
  const k = buildingKind(kind);
  const g = s("g", { class: "sa-minitile" }, title(k ? k.words : kind), s("rect", { x, y, width: 20, height: 24, rx: 3 }));
  if (k?.fixed && k.cost) {
    costUnits(k.cost).forEach((r, n) => { g.append(s("circle", { cx: x + 10, cy: y + 5 + n * 7, r: 3, class: `sa-dot-${r}` })); });
  } else {
    g.append(s("text", { x: x + 10, y: y + 16, "text-anchor": "middle", "font-size": 10 }, kind.split("-")[0]));
  }
  return g;
}

/**
 * Append the children that are there (null, undefined and false skipped).
 * @param {Element} parent
 * @param {...(Node | Node[] | string | null | undefined | false)} kids
 * @returns {Element}
 */
function add(parent, ...kids) {
  for (const kid of kids.flat()) if (kid) parent.append(kid);
  return parent;
}
