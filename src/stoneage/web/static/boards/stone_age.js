// @ts-check
// Stone Age: the board in SVG, drawn from the view model only (boards/README.md).
//
// The board: every location with its figures (one shape per seat as well as its colour), the four
// card spaces with their costs and cards (number from the data, effects in words from the board
// panel's lines), the building stacks (top tile, tiles left), the Mammoth Herd when its panel is
// there, the dice of the latest roll, and one board per player. Locations offered by the pending
// decision are highlighted and can be played by click, tap or keyboard.
//
// This module is the board's entry (the table imports boards/stone_age.js): its state (the roll
// shown, the dice rolling), input and tips. What it reads of the view, the events' and the choices'
// facts is stone_age_model.js (no DOM, tested with node --test); the drawing is stone_age_draw.js;
// the words, in the page's language, stone_age_words.js. Nothing is read from the server's words.

import { clear, h } from "../dom.js";
import { _, format } from "../i18n.js";
import { boardSvg, defsSvg, dieInner, playerBoard, rollWords, setFont } from "./stone_age_draw.js";
import { facesForSum, layoutFor, makeRoll, moveOf, readView, rollsIn } from "./stone_age_model.js";
import { pickLabel } from "./stone_age_words.js";

/** @typedef {import("./stone_age_model.js").View} View */
/** @typedef {import("./stone_age_model.js").GameEvent} GameEvent */
/** @typedef {import("./stone_age_model.js").Roll} Roll */
/** @typedef {import("./stone_age_draw.js").SeatInfo} SeatInfo */
/** @typedef {import("./stone_age_draw.js").Drawing} Drawing */
/** @typedef {import("../types.js").BoardContext} BoardContext */
/** @typedef {import("../types.js").BoardHandle} BoardHandle */
/** @typedef {import("../types.js").Board} Board */
/** @typedef {import("../types.js").Seat} Seat */

const REDUCED = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
const ROLL_MS = 900;

let cssLinked = false;
let boards = 0;
function linkCss() {
  if (cssLinked || typeof document === "undefined") return;
  cssLinked = true;
  const href = new URL("./stone_age.css", import.meta.url).href;
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((l) => /** @type {HTMLLinkElement} */ (l).href === href)) return;
  document.head.append(h("link", { rel: "stylesheet", href }));
}

/** @type {Board} */
export default {
  mount(root, ctx) {
    linkCss();
    return new StoneAgeBoard(root, ctx || {});
  },
};

/**
 * @typedef {{done: Promise<void>, resolve: () => void, timer: ReturnType<typeof setTimeout> | null,
 *   ticker: ReturnType<typeof setInterval> | null, active: boolean}} Rolling
 */

/** @implements {BoardHandle} */
class StoneAgeBoard {
  /**
   * @param {HTMLElement} root
   * @param {Partial<BoardContext>} ctx
   */
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    /** @type {View | null} */
    this.view = null;
    /** @type {View | null} */
    this.prevView = null;
    /** @type {SeatInfo[]} */
    this.seats = [];
    /** @type {Roll | null} the latest roll shown */
    this.roll = null;
    /** @type {string | null} the events whose rolls were taken (an update told twice is taken once) */
    this.rollSig = null;
    /** @type {number | null} the move number of the view drawn */
    this.at = null;
    /** @type {Rolling | null} */
    this.rolling = null;
    /** @type {string | null} */
    this.tipKey = null;
    this.tipSticky = false;
    /** @type {"wide" | "mid" | "narrow" | null} */
    this.layout = null;
    /** @type {number | null} the root's width, kept by the resize observer (null: read it when drawing) */
    this.width = null;
    this.fontRead = false;
    /** @type {{key: string, faces: number[] | null} | null} the faces drawn for a pending roll's sum */
    this.pendingFaces = null;
    this.tipId = `sa-tip-${++boards}`;
    /** @type {number[]} */
    this.openPath = Array.isArray(ctx.openPath) ? ctx.openPath.map(Number) : [];
    root.classList.add("sa-root");
    root.setAttribute("data-own-highlight", ""); // the board marks its own clickable places
    this.svg = /** @type {SVGSVGElement} */ (document.createElementNS("http://www.w3.org/2000/svg", "svg"));
    this.svg.setAttribute("class", "sa-board");
    this.svg.setAttribute("role", "group");
    this.tip = h("div.sa-tip", { role: "tooltip", id: this.tipId, hidden: true });
    this.wrap = h("div.sa-boardwrap", null, this.svg, this.tip);
    this.playersEl = h("div.sa-players", { role: "list", "aria-label": _("Players") });
    this.live = h("div.sa-sr", { "aria-live": "polite" });
    clear(root);
    root.append(defsSvg(), this.wrap, this.playersEl, this.live);
    root.addEventListener("click", (e) => this.onClick(e));
    root.addEventListener("keydown", (e) => this.onKey(e));
    root.addEventListener("pointerover", (e) => this.onHover(e));
    root.addEventListener("pointerout", (e) => this.onLeave(e));
    root.addEventListener("focusin", (e) => this.onFocus(e));
    root.addEventListener("focusout", () => this.hideTip());
    if (typeof ResizeObserver === "function") {
      // the width read here, where the layout is fresh, so that a draw never forces one to read it
      this.resizer = new ResizeObserver(() => { this.width = this.root.clientWidth; this.checkWidth(); });
      this.resizer.observe(root);
    }
  }

  // --- the contract ---

  /**
   * @param {View} view
   * @param {Seat[]} seats
   * @param {GameEvent[]} events
   */
  update(view, seats, events) {
    if (!view) return;
    const at = moveOf(view);
    const follows = this.at !== null && (at === this.at || at === this.at + 1);
    if (!follows) this.forget();
    this.at = at;
    this.prevView = follows ? this.view : null;
    this.view = view;
    if (Array.isArray(seats) && seats.length) this.seats = seats;
    this.takeRolls(events || [], false);
    this.draw();
  }

  /** @param {GameEvent[]} events */
  async animate(events) {
    this.takeRolls(events || [], true);
    if (this.rolling) await this.rolling.done;
  }

  /**
   * The side panel opened a group of the decision (or closed it: []): mark that place.
   * @param {number[]} path
   */
  opened(path) {
    this.openPath = Array.isArray(path) ? path.map(Number) : [];
    if (this.view) this.draw();
  }

  /** A view not reached from the one drawn (a replay's jump, back to the start too; a reconnection):
   *  what earlier updates told (the latest roll) is not this view's, so it goes. */
  forget() {
    this.stopRolling();
    this.roll = null;
    this.rollSig = null;
    this.live.textContent = "";
  }

  // --- rolls ---

  /**
   * Take the rolls these events tell (from their facts): the tray shows them, rolling.
   * @param {GameEvent[]} events
   * @param {boolean} fromAnimate
   */
  takeRolls(events, fromAnimate) {
    if (!this.view || !events.length) return;
    // animate() may come before update(): then the view on the table is the one before these events
    const found = fromAnimate && !this.seen(events) ? rollsIn(events, this.view, null) : rollsIn(events, this.prevView, this.view);
    if (!found.length) return;
    const sig = events.map((e) => `${e.number}:${e.kind}:${JSON.stringify(e.fact ?? e.text ?? null)}`).join("|");
    if (sig === this.rollSig) return; // the same update told twice (update, then animate)
    this.rollSig = sig;
    const roll = makeRoll(found);
    if (!roll) return;
    this.roll = roll;
    this.startRolling();
    if (!fromAnimate) return;
    this.draw();
  }

  /** @param {GameEvent[]} events */
  seen(events) {
    return !!this.view && this.view.events === events;
  }

  startRolling() {
    this.stopRolling();
    const reduced = typeof this.ctx.reducedMotion === "boolean" ? this.ctx.reducedMotion || !!REDUCED?.matches : !!REDUCED?.matches;
    /** @type {() => void} */
    let resolve = () => {};
    /** @type {Promise<void>} */
    const done = new Promise((ok) => { resolve = ok; });
    /** @type {Rolling} */
    const rolling = { done, resolve, timer: null, ticker: null, active: !reduced };
    this.rolling = rolling;
    this.announce();
    if (reduced) {
      resolve();
      this.rolling = null;
      return;
    }
    rolling.ticker = setInterval(() => this.shuffleFaces(), 90);
    rolling.timer = setTimeout(() => this.stopRolling(), ROLL_MS);
  }

  stopRolling() {
    const r = this.rolling;
    if (!r) return;
    if (r.ticker) clearInterval(r.ticker);
    if (r.timer) clearTimeout(r.timer);
    const wasActive = r.active;
    r.active = false;
    r.resolve();
    this.rolling = null;
    if (wasActive) this.landDice();
  }

  /** The tray's dice, each with its spinning part and size. */
  *trayDice() {
    for (const g of this.svg.querySelectorAll(".sa-tray .sa-die")) {
      const spin = g.querySelector(".sa-die-spin");
      if (spin) yield { g: /** @type {SVGElement} */ (g), spin, size: Number(g.getAttribute("data-size")) || 30 };
    }
  }

  shuffleFaces() {
    for (const { spin, size } of this.trayDice()) {
      clear(spin);
      spin.append(...dieInner(1 + Math.floor(Math.random() * 6), size));
    }
  }

  landDice() {
    this.svg.querySelector(".sa-tray")?.classList.remove("sa-tray-rolling");
    for (const { g, spin, size } of this.trayDice()) {
      g.classList.remove("sa-rolling");
      g.classList.add("sa-landing");
      clear(spin);
      spin.append(...dieInner(Number(g.getAttribute("data-face")), size));
    }
    this.svg.querySelectorAll(".sa-rolled-at").forEach((el) => el.classList.add("sa-landed"));
  }

  announce() {
    if (this.roll) this.live.textContent = rollWords(this.roll, (seat) => this.name(seat));
  }

  // --- names ---

  /**
   * A seat's name, from the seat list.
   * @param {number | null | undefined} seat
   * @returns {string}
   */
  name(seat) {
    if (seat == null || seat < 0) return "—";
    const s = this.seats.find((x) => x && x.seat === seat) || this.seats[seat];
    return s?.name || format(_("Player {number}"), { number: seat + 1 });
  }

  // --- input ---

  /**
   * The board's choice or i button an event is on.
   * @param {Event} e
   * @returns {Element | null}
   */
  target(e) {
    const el = e.target instanceof Element ? e.target.closest("[data-action],[data-path],[data-info]") : null;
    return el && this.root.contains(el) ? el : null;
  }

  /**
   * The place (with a rule) an event is on.
   * @param {EventTarget | null} target
   * @returns {HTMLElement | SVGElement | null}
   */
  place(target) {
    return target instanceof Element ? /** @type {HTMLElement | SVGElement | null} */ (target.closest("[data-rule]")) : null;
  }

  /** @param {MouseEvent} e */
  onClick(e) {
    const el = this.target(e);
    if (!el) {
      const loc = this.place(e.target);
      if (loc) this.showTip(loc, true);
      else this.hideTip();
      return;
    }
    if (el.hasAttribute("data-info")) {
      e.stopPropagation();
      const loc = this.place(el);
      if (loc && this.tipKey === loc.dataset.key && !this.tip.hidden) this.hideTip();
      else if (loc) this.showTip(loc, true);
      return;
    }
    this.activate(el);
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    if (e.key !== "Enter" && e.key !== " " && e.key !== "Spacebar") {
      if (e.key === "Escape") this.hideTip();
      return;
    }
    const el = this.target(e);
    if (!el || el !== e.target) return;
    e.preventDefault();
    if (el.hasAttribute("data-info")) {
      const loc = this.place(el);
      if (loc) this.showTip(loc, true);
      return;
    }
    this.activate(el);
  }

  /** @param {Element} el */
  activate(el) {
    const action = el.getAttribute("data-action");
    const path = el.getAttribute("data-path");
    if (action !== null) {
      if (Number.isFinite(Number(action)) && typeof this.ctx.choose === "function") this.ctx.choose(Number(action));
    } else if (path !== null) {
      if (typeof this.ctx.open === "function") this.ctx.open(path.split(",").map(Number));
    }
  }

  /** @param {PointerEvent} e */
  onHover(e) {
    if (e.pointerType && e.pointerType !== "mouse") return;
    const loc = this.place(e.target);
    if (loc && loc.dataset.key !== this.tipKey) this.showTip(loc, false);
  }

  /** @param {PointerEvent} e */
  onLeave(e) {
    if (e.pointerType && e.pointerType !== "mouse") return;
    const from = this.place(e.target);
    const to = this.place(e.relatedTarget);
    if (from && from !== to && !this.tipSticky) this.hideTip();
  }

  /** @param {FocusEvent} e */
  onFocus(e) {
    // the rule of a place reached by keyboard (a click or tap chooses; hover or the i button tells)
    const el = e.target instanceof Element ? e.target : null;
    let keyboard = true;
    try { keyboard = el ? el.matches(":focus-visible") : false; } catch (err) { /* old browsers: show it */ }
    const loc = el && keyboard ? this.place(el) : null;
    if (loc) this.showTip(loc, false);
  }

  /**
   * Show the rule of a place in the tip, beside it.
   * @param {HTMLElement | SVGElement} loc
   * @param {boolean} sticky whether it stays when the pointer leaves
   */
  showTip(loc, sticky) {
    const text = loc.getAttribute("data-rule");
    if (!text) return;
    this.tip.textContent = text;
    this.tip.hidden = false;
    this.tipKey = loc.dataset.key ?? null;
    this.tipSticky = sticky;
    const box = this.wrap.getBoundingClientRect();
    const r = loc.getBoundingClientRect();
    const width = Math.min(300, box.width - 16);
    this.tip.style.maxWidth = `${width}px`;
    let left = r.left - box.left + r.width / 2 - width / 2;
    left = Math.max(8, Math.min(left, box.width - width - 8));
    this.tip.style.left = `${left}px`;
    const below = r.bottom - box.top + 6;
    const tipH = this.tip.offsetHeight || 80;
    const top = below + tipH > box.height && r.top - box.top - tipH - 6 > 0 ? r.top - box.top - tipH - 6 : below;
    this.tip.style.top = `${Math.min(top, Math.max(0, box.height - tipH))}px`;
  }

  hideTip() {
    this.tip.hidden = true;
    this.tipKey = null;
    this.tipSticky = false;
  }

  checkWidth() {
    if (this.view && layoutFor((this.width ?? this.root.clientWidth) || 0, this.layout) !== this.layout) this.draw();
  }

  // --- drawing ---

  /**
   * The faces shown for a roll still pending (its tools to decide): drawn once per roll.
   * @param {number} n
   * @param {number} sum
   * @param {string} key
   * @returns {number[] | null}
   */
  facesFor(n, sum, key) {
    if (this.pendingFaces?.key !== key) this.pendingFaces = { key, faces: facesForSum(n, sum) };
    return this.pendingFaces.faces;
  }

  draw() {
    const view = this.view;
    if (!view) return;
    const active = document.activeElement;
    const focusKey = active instanceof HTMLElement || active instanceof SVGElement ? (this.root.contains(active) ? active.dataset.key : null) : null;
    if (!this.fontRead) { // the page's font, read once: reading a style makes the browser restyle the page
      setFont(getComputedStyle(this.root).fontFamily);
      this.fontRead = true;
    }
    this.layout = layoutFor((this.width ?? this.root.clientWidth) || 0, this.layout);
    for (const name of ["wide", "mid", "narrow"]) this.root.classList.toggle(`sa-${name}`, this.layout === name);
    const model = readView(view, { replay: this.ctx.mode === "replay", seats: this.seats.length, pickLabel });
    /** @type {Drawing} */
    const drawing = {
      name: (seat) => this.name(seat), seats: this.seats, roll: this.roll, rolling: !!this.rolling,
      openPath: this.openPath, wide: this.layout === "wide", tipId: this.tipId, viewer: this.ctx.viewer,
      facesFor: (n, sum, key) => this.facesFor(n, sum, key),
    };
    const { nodes, width, height } = boardSvg(drawing, model);
    this.svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    this.svg.setAttribute("aria-label", _("Stone Age board"));
    this.svg.replaceChildren(...nodes);
    this.playersEl.style.setProperty("--sa-n", String(Math.max(1, model.players.length)));
    this.playersEl.replaceChildren(...model.players.map((p, seat) => playerBoard(drawing, model, p, seat)));
    if (this.rolling?.active) {
      this.svg.querySelector(".sa-tray")?.classList.add("sa-tray-rolling");
      this.svg.querySelectorAll(".sa-tray .sa-die").forEach((g) => g.classList.add("sa-rolling"));
      this.shuffleFaces();
    } else {
      this.svg.querySelectorAll(".sa-rolled-at").forEach((el) => el.classList.add("sa-landed"));
    }
    if (focusKey) {
      const again = this.root.querySelector(`[data-key="${CSS.escape(focusKey)}"][tabindex]`);
      if (again instanceof HTMLElement || again instanceof SVGElement) again.focus({ preventScroll: true });
    }
    if (this.tipKey && !this.tip.hidden) {
      const loc = this.root.querySelector(`[data-rule][data-key="${CSS.escape(this.tipKey)}"]`);
      if (loc instanceof HTMLElement || loc instanceof SVGElement) this.showTip(loc, this.tipSticky);
      else this.hideTip();
    }
  }
}
