// @ts-check
// My First Stone Age (the card game): the circle of nine face-down goods cards with Martin the
// mammoth, the draw pile in the middle, the hut pile, and every player's hut with the goods it still
// needs. A card turned up flips face up for everyone to see, then is kept (it flies to the hut and
// the gap is refilled face down) or turns back face down, as the game does. The board draws only
// from the view: a face-down card is never told. See boards/README.md for the contract.

import { _, format, ngettext, pgettext } from "../i18n.js";
import {
  HotSeat, aWord, banner, cardFace, cover, decisionActions, emptyPlace, flip, fly, goodIcon, hop,
  hotseatWanted, hutPicture, icon, injectStyles, labelOf, mammoth, meadowBack, offPlace, on, onPlace, panel,
  goodName, picture, playerCard, pulse, reducedMotion, seatName, sleep,
} from "./family.js";
import { clear, h, s } from "../dom.js";

/** @typedef {import("../types.js").BoardContext} BoardContext */
/** @typedef {import("../types.js").Decision} Decision */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").Seat} Seat */
/** @typedef {import("../types.js").GameEvent} GameEvent */

// The view's panels as data (play/first_stone_age/panels.py).
/**
 * An event of the latest action (the public log's): a card turned up, kept, turned back, refilled…
 * @typedef {object} FsaEvent
 * @property {string} event  reveal | keep | turn_back | refill | build | …
 * @property {number} at
 * @property {number} [player]
 * @property {number} [slot]
 * @property {string} [card]
 * @property {string} [as]
 * @property {number} [hut]
 */
/**
 * Which action each place or button plays, for the seat deciding.
 * @typedef {object} FsaActions
 * @property {({steps: number, slot: number, action: number})[]} [move]
 * @property {(number | null)[]} [start]
 * @property {Record<string, number>} [keep_guff]
 * @property {number} [turn_back]
 */
/**
 * The "turn" panel's data.
 * @typedef {object} FsaTurn
 * @property {number} [turn]
 * @property {string} [phase]  setup | play | over
 * @property {string} [stage]  start | move | guff | game_over
 * @property {number | null} [player]
 * @property {number | null} [winner]
 * @property {boolean} [stalemate]
 * @property {FsaEvent[]} [recent]
 * @property {FsaActions} [actions]
 */
/**
 * The "table" panel's data.
 * @typedef {object} FsaTable
 * @property {number | null} [martin]
 * @property {(string | null)[]} [circle]  per place: "down", a card face up, or null (empty)
 * @property {{top: string | null, size: number}} [draw_pile]
 * @property {string[]} [box]
 * @property {number} [hut_pile_size]
 */
/**
 * A seat of the "players" panel's data.
 * @typedef {object} FsaPlayer
 * @property {number[]} [built]
 * @property {{number: number, goods: string[]} | null} [hut]
 * @property {string[]} [needs]
 * @property {string | null} [guff_as]
 */
/**
 * A card turned up and still in sight.
 * @typedef {object} Overlay
 * @property {number} at
 * @property {number} slot
 * @property {string} card
 * @property {number} seat
 * @property {boolean} kept
 * @property {string | null} as
 * @property {string | null} refill
 * @property {number | null} built
 * @property {number} hold
 * @property {boolean} finished
 * @property {boolean} [flying]
 */
/**
 * A place of the circle, drawn.
 * @typedef {{g: SVGGElement, title: SVGTitleElement, glow: SVGRectElement, card: SVGGElement, badge: SVGGElement, hit: SVGRectElement}} Slot
 */

const SIZE = 420;
const C = SIZE / 2;
const R = 146; // card centres
const R_MARTIN = 80; // Martin stands just inside the card he is beside
const CW = 62;
const CH = 84;
const PILE_W = 58;
const PILE_H = 78;
const HOLD_MS = 2400; // a card turned up stays face up this long (the terminal: 3 s)
const STEP_MS = 320; // Martin's walk, per card

/** The angle of a place (0: the top; degrees, clockwise). @param {number} slot @returns {number} */
const angleOf = (slot) => -90 + slot * 40;
/** A place's centre. @param {number} slot @returns {{x: number, y: number}} */
function slotCentre(slot) {
  const a = (angleOf(slot) * Math.PI) / 180;
  return { x: C + R * Math.cos(a), y: C + R * Math.sin(a) };
}

export default {
  /**
   * @param {HTMLElement} root
   * @param {BoardContext & {holdMs?: number}} ctx
   */
  mount(root, ctx) {
    return new FirstStoneAgeBoard(root, ctx);
  },
};

class FirstStoneAgeBoard {
  // the circle's parts (buildCircle puts them together, render fills them)
  /** @type {SVGTextElement} */ turnText = s("text", { x: 14, y: 30, class: "fsa-corner-text" }, "");
  /** @type {SVGGElement} */ boxGroup = s("g", { transform: "translate(8 352)", class: "fsa-box" });
  /** @type {SVGGElement} */ hutPile = s("g", { transform: "translate(334 336)", class: "fsa-hutpile" });
  /** @type {SVGGElement} */ pile = s("g", { class: "fsa-pile", transform: `translate(${C - PILE_W / 2} ${C - PILE_H / 2 - 6})` });
  /** @type {SVGGElement} */ pileStack = s("g", {});
  /** @type {SVGGElement} */ pileTopG = s("g", { class: "fsa-pile-top" });
  /** @type {SVGGElement} */ pileCount = s("g", {});
  /** @type {SVGTitleElement} */ pileTitle = s("title", {}, "");
  /** @type {SVGTextElement} */ pileLabel = s("text", { x: C, y: C + PILE_H / 2 + 12, "text-anchor": "middle", class: "fsa-small-text" }, _("draw pile"));
  /** @type {SVGGElement} */ martinOrbit = s("g", { class: "fsa-martin-orbit" });
  /** @type {SVGGElement} */ martinTurn = s("g", { class: "fsa-martin-turn" });
  /** @type {SVGGElement} */ martinFace = s("g", {});
  /** @type {SVGGElement} */ martinHop = s("g", {}, this.martinFace);
  /** @type {SVGTitleElement} */ martinTitle = s("title", {}, _("Martin the mammoth"));
  /** @type {Slot[]} the nine places */ slots = [];

  /**
   * @param {HTMLElement} root
   * @param {BoardContext & {holdMs?: number}} ctx
   */
  constructor(root, ctx) {
    injectStyles();
    this.ctx = ctx;
    this.hold = typeof ctx.holdMs === "number" ? ctx.holdMs : HOLD_MS;
    /** @type {View | null} */
    this.view = null;
    /** @type {Seat[]} */
    this.seats = [];
    /** @type {(string | null)[]} what each place shows now: "down", "empty" or a card */
    this.faces = Array(9).fill(null);
    /** @type {string | null | undefined} */
    this.pileTop = undefined;
    /** @type {number | null} */
    this.martinAngle = null;
    /** @type {number | null} */
    this.martinSlot = null;
    /** @type {number | null} */
    this.lastAt = null;
    /** @type {Overlay | null} a card turned up and still in sight */
    this.overlay = null;
    /** @type {Promise<void>} */
    this.settled = Promise.resolve();
    /** @type {number | null | undefined} */
    this.builtPulse = null;

    this.el = h("div", { class: "kids kids-fsa", "data-own-highlight": "" }); // the board marks its choices itself
    this.banner = banner();
    this.svg = this.buildCircle();
    this.actions = h("div", { class: "kids-actions", hidden: true });
    this.players = h("div", { class: "kids-players", role: "list", "aria-label": _("The players' huts") });
    const table = h("div", { class: "kids-table" }, this.svg);
    this.el.append(this.banner.node, h("div", { class: "kids-layout" }, table, h("div", { class: "kids-side" }, this.actions, this.players)));
    root.append(this.el);
    this.hotseat = new HotSeat(this.el, {
      enabled: ctx.mode === "play" && hotseatWanted(ctx),
      passAtStart: false,
      note: _("Everyone sees the cards that are turned up. Tap when you have the device."),
      onReady: () => this.render(),
    });
  }

  // --- building the circle -------------------------------------------------------------------

  /** The circle, the pile, the corners and Martin (drawn once; ``render`` fills them). @returns {SVGSVGElement} */
  buildCircle() {
    const svg = s("svg", { viewBox: `0 0 ${SIZE} ${SIZE}`, class: "kids-svg fsa-circle", role: "group", "aria-label": _("The circle of goods cards") });
    svg.append(s("title", {}, _("The circle of nine goods cards, Martin the mammoth and the draw pile")));
    svg.append(s("defs", {},
      s("radialGradient", { id: "fsa-ground", cx: "50%", cy: "45%", r: "60%" },
        s("stop", { offset: "0%", "stop-color": "#fff3d6" }), s("stop", { offset: "75%", "stop-color": "#f6d8a0" }),
        s("stop", { offset: "100%", "stop-color": "#eec07a" }))));
    svg.append(s("circle", { cx: C, cy: C, r: 204, fill: "url(#fsa-ground)", stroke: "#c98b3c", "stroke-width": 4 }));
    svg.append(s("circle", { cx: C, cy: C, r: R, fill: "none", stroke: "#d9a45b", "stroke-width": 30, opacity: 0.45 }));
    svg.append(s("circle", { cx: C, cy: C, r: R, fill: "none", stroke: "#b07a35", "stroke-width": 2, "stroke-dasharray": "2 10", "stroke-linecap": "round" }));
    // clockwise arrows between the places
    for (let slot = 0; slot < 9; slot++) {
      const a = ((angleOf(slot) + 20) * Math.PI) / 180;
      const x = C + R * Math.cos(a);
      const y = C + R * Math.sin(a);
      svg.append(s("path", { d: "M-5 -6 L4 0 L-5 6", fill: "none", stroke: "#9c6424", "stroke-width": 3, "stroke-linecap": "round", "stroke-linejoin": "round", transform: `translate(${x} ${y}) rotate(${angleOf(slot) + 110})`, "aria-hidden": "true" }));
    }
    svg.append(this.turnText);

    // the box (2–3 players) and the hut pile in the corners
    svg.append(this.boxGroup, this.hutPile);

    // the draw pile in the middle
    this.pile.append(this.pileTitle, this.pileStack, this.pileTopG, this.pileCount);
    svg.append(this.pile);
    svg.append(this.pileLabel);

    // the nine places
    this.slots = [];
    for (let slot = 0; slot < 9; slot++) {
      const { x, y } = slotCentre(slot);
      const g = s("g", { class: "fsa-slot", transform: `translate(${x - CW / 2} ${y - CH / 2})`, "data-slot": slot });
      const title = s("title", {}, format(_("Card {number}"), { number: slot + 1 }));
      const glow = s("rect", { x: -6, y: -6, width: CW + 12, height: CH + 12, rx: 12, class: "fsa-glow" });
      const card = s("g", { class: "fsa-card" });
      const number = s("g", { class: "fsa-number", "aria-hidden": "true" },
        s("circle", { cx: 2, cy: 2, r: 10, fill: "#fff8e8", stroke: "#7a5230", "stroke-width": 2 }),
        s("text", { x: 2, y: 6.5, "text-anchor": "middle", class: "fsa-number-text" }, String(slot + 1)));
      const badge = s("g", { class: "fsa-badge", transform: `translate(${CW - 4} 2)`, "aria-hidden": "true" });
      const hit = cover({ x: -6, y: -6, width: CW + 12, height: CH + 12, rx: 12 });
      g.append(title, glow, card, number, badge, hit);
      svg.append(g);
      this.slots.push({ g, title, glow, card, badge, hit });
    }

    // Martin: an orbit (rotated about the centre) carrying him upright
    this.martinFace.append(mammoth());
    this.martinTurn.append(this.martinHop);
    const place = s("g", { transform: `translate(${C} ${C - R_MARTIN})` });
    const scale = s("g", { transform: "scale(0.55)" }, this.martinTurn);
    place.append(this.martinTitle, scale);
    this.martinOrbit.append(place);
    this.martinOrbit.style.transformBox = "view-box";
    this.martinOrbit.style.transformOrigin = `${C}px ${C}px`;
    this.martinTurn.style.transformBox = "fill-box";
    this.martinTurn.style.transformOrigin = "50% 50%";
    this.martinOrbit.setAttribute("visibility", "hidden");
    svg.append(this.martinOrbit);
    return svg;
  }

  // --- the contract ----------------------------------------------------------------------------

  /**
   * @param {View} view
   * @param {Seat[]} seats
   * @param {GameEvent[]} events
   */
  update(view, seats, events) {
    this.view = view;
    this.seats = seats || this.seats;
    /** @type {FsaTurn} */
    const turn = panel(view, "turn").data || {};
    const recent = turn.recent || [];
    const at = recent.length ? recent[0].at : null;
    const fresh = (events && events.length > 0) || this.ctx.mode === "replay";
    if (at !== this.lastAt) {
      this.dropOverlay(); // the card still in sight was turned up at another move than this view's
      if (at !== null && fresh) this.startAnimation(recent);
    }
    this.lastAt = at;
    this.render();
  }

  /** Take the card turned up out of sight at once, with no animation (the next render draws the view). */
  dropOverlay() {
    if (!this.overlay) return;
    this.overlay.finished = true;
    this.overlay = null;
  }

  /** @returns {Promise<void>} */
  animate() {
    return this.settled;
  }

  // --- what happened: a card turned up, kept or turned back ------------------------------------

  /** A card was turned up: show it, then keep it or turn it back. @param {FsaEvent[]} recent */
  startAnimation(recent) {
    const reveal = recent.find((e) => e.event === "reveal");
    const keep = recent.find((e) => e.event === "keep");
    const back = recent.find((e) => e.event === "turn_back");
    const refill = recent.find((e) => e.event === "refill");
    const build = recent.find((e) => e.event === "build");
    if (build) this.builtPulse = build.player;
    const shown = reveal || keep || back;
    if (!shown || (reveal && reveal.card === "guff" && !keep && !back)) {
      return; // Guff waits face up (the view shows him) for his finder to decide
    }
    /** @type {Overlay} */
    const overlay = {
      at: shown.at, slot: /** @type {number} */ (shown.slot), card: /** @type {string} */ (shown.card), seat: /** @type {number} */ (shown.player),
      kept: Boolean(keep), as: keep && keep.as ? keep.as : null, refill: refill && refill.card ? refill.card : null,
      built: build && build.hut !== undefined ? build.hut : null, // the hut is complete: the card goes with it, under the pile
      hold: reveal ? this.hold : Math.min(this.hold, 900), finished: false,
    };
    this.overlay = overlay;
    this.settled = this.playOverlay(overlay);
  }

  /** Hold the card in sight, then let it fly to the hut. @param {Overlay} overlay */
  async playOverlay(overlay) {
    await sleep(overlay.hold);
    if (overlay.finished) return;
    if (overlay.kept && overlay.built === null) {
      const slot = this.slots[overlay.slot];
      const target = this.players.querySelector(`[data-seat="${overlay.seat}"] [data-good="${overlay.as}"]`);
      const flying = fly(slot.card, target, picture(overlay.card === "guff" ? "guff" : overlay.card, { size: 100 }));
      overlay.flying = true;
      this.render();
      await flying;
    }
    if (overlay.finished) return;
    this.finishOverlay();
  }

  /** The card's hold is over: it is kept (the gap is refilled) or back face down, as the view has it. */
  finishOverlay() {
    const overlay = this.overlay;
    if (!overlay) return;
    overlay.finished = true;
    this.overlay = null;
    if (overlay.kept) {
      const slot = this.slots[overlay.slot];
      this.faces[overlay.slot] = null; // deal the refill card in afresh
      this.render();
      if (!reducedMotion() && slot.card.animate && this.faces[overlay.slot] === "down") {
        const from = { x: C - PILE_W / 2 - 6, y: C - PILE_H / 2 - 6 };
        const to = slotCentre(overlay.slot);
        const dx = from.x - (to.x - CW / 2);
        const dy = from.y - (to.y - CH / 2);
        slot.card.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }], { duration: 450, easing: "ease-out" });
      }
      const seat = this.players.querySelector(`[data-seat="${overlay.seat}"] [data-good="${overlay.as}"]`);
      pulse(seat);
    } else {
      this.render();
    }
  }

  // --- drawing -----------------------------------------------------------------------------------

  /** Draw the view (and the card still in sight). */
  render() {
    const view = this.view;
    if (!view) return;
    /** @type {FsaTurn} */
    const turn = panel(view, "turn").data || {};
    /** @type {FsaTable} */
    const table = panel(view, "table").data || {};
    /** @type {FsaPlayer[]} */
    const players = panel(view, "players").data || [];
    const viewer = typeof view.viewer === "number" && view.viewer >= 0 ? view.viewer : null;
    const decision = view.decision && view.viewer === viewer && this.ctx.mode === "play" ? view.decision : null; // a replay decides nothing
    const deciding = decision ? viewer : null;
    const turnOwner = turn.phase === "over" ? null : turn.player ?? null;
    const passing = this.hotseat.check(deciding, seatName(this.seats, deciding ?? 0), turnOwner);
    const live = passing ? null : decision;
    const legal = decisionActions(live);
    const actions = turn.actions || {};

    this.turnText.textContent = turn.turn ? format(_("Turn {number}"), { number: turn.turn }) : _("Setup");
    this.drawCircle(table, live, legal, actions);
    this.drawMartin(table.martin);
    this.drawPile(table);
    this.drawCorners(table);
    this.drawActions(turn, live, legal, actions);
    this.drawPlayers(players, turn, viewer);
    this.drawBanner(turn, table, players, viewer, live);
    this.el.classList.toggle("kids-my-turn", Boolean(live));
  }

  /**
   * What a place should show now: "down", "empty", "empty-gap" (a card flying off) or a card.
   * @param {FsaTable} table
   * @param {number} slot
   * @returns {string}
   */
  faceWanted(table, slot) {
    const o = this.overlay;
    if (o && o.slot === slot && !o.flying) return o.card;
    if (o && o.slot === slot && o.flying) return "empty-gap";
    const shown = (table.circle || [])[slot];
    if (shown === null || shown === undefined) return "empty";
    return shown;
  }

  /**
   * The places: their cards (flipped when they turn), Martin's place, the moves as numbers to tap.
   * @param {FsaTable} table
   * @param {Decision | null} decision
   * @param {Set<number>} legal
   * @param {FsaActions} actions
   */
  drawCircle(table, decision, legal, actions) {
    /** @type {Map<number, {steps: number, slot: number, action: number}[]>} */
    const moves = new Map();
    for (const move of actions.move || []) {
      if (!legal.has(move.action)) continue;
      const here = moves.get(move.slot) || [];
      here.push(move);
      moves.set(move.slot, here);
    }
    const starts = actions.start || [];
    for (let slot = 0; slot < 9; slot++) {
      const place = this.slots[slot];
      const want = this.faceWanted(table, slot);
      const was = this.faces[slot];
      if (want !== was) {
        this.faces[slot] = want;
        const content = () => { // a flip swaps late: paint what the place should show by then
          clear(place.card);
          place.card.append(this.cardContent(this.faces[slot]));
        };
        const turning = was !== null && was !== "empty" && want !== "empty" && want !== "empty-gap" && was !== "empty-gap"
          && (was === "down") !== (want === "down");
        if (turning) flip(place.card, content);
        else content();
      }
      const m = moves.get(slot);
      const startAction = starts[slot];
      clear(place.badge);
      place.g.classList.toggle("fsa-martin-here", table.martin === slot);
      place.g.classList.toggle("fsa-face-up", want !== "down" && want !== "empty" && want !== "empty-gap");
      place.title.textContent = this.placeWords(table, slot, want);
      if (m) {
        const steps = m.map((x) => x.steps);
        place.badge.append(s("circle", { r: 15, class: "fsa-badge-disc" }),
          s("text", { y: 7, "text-anchor": "middle", class: "fsa-badge-text" }, steps.join("/")));
        const words = format(ngettext("Move Martin {count} card, to card {number}", "Move Martin {count} cards, to card {number}", steps[0]),
          { count: steps[0], number: slot + 1 });
        onPlace(place.g, place.hit, { action: m[0].action, label: words, ctx: this.ctx });
      } else if (startAction !== null && startAction !== undefined && legal.has(startAction)) {
        onPlace(place.g, place.hit, { action: startAction, label: format(_("Martin starts beside card {number}"), { number: slot + 1 }), ctx: this.ctx });
      } else {
        offPlace(place.g, place.hit, place.title.textContent);
      }
    }
  }

  /**
   * A place in words (its title, and its name when it is not a choice).
   * @param {FsaTable} table
   * @param {number} slot
   * @param {string} face
   * @returns {string}
   */
  placeWords(table, slot, face) {
    const number = slot + 1;
    let words;
    if (face === "empty" || face === "empty-gap") words = format(_("Place {number}: empty"), { number });
    else if (face === "down") words = format(_("Card {number}: face down"), { number });
    else words = format(_("Card {number}: face up, {card}"), { number, card: aWord(face) });
    if (table.martin === slot) words = format(_("{place}. Martin stands here"), { place: words });
    return words;
  }

  /** The picture of a place's face. @param {string | null} face @returns {SVGElement} */
  cardContent(face) {
    if (face === "empty" || face === "empty-gap") return emptyPlace(CW, CH);
    if (face === "down") return meadowBack(CW, CH);
    return cardFace(face || "", CW, CH);
  }

  /** Martin beside his card (walking there round the circle). @param {number | null | undefined} martin */
  drawMartin(martin) {
    const orbit = this.martinOrbit;
    if (martin === null || martin === undefined) {
      orbit.setAttribute("visibility", "hidden");
      this.martinAngle = null;
      this.martinSlot = null;
      return;
    }
    const target = angleOf(martin) + 90; // 0 at the top, clockwise
    let angle;
    let steps = 0;
    if (this.martinAngle === null) {
      angle = target;
    } else {
      angle = this.martinAngle;
      while (((angle % 360) + 360) % 360 !== ((target % 360) + 360) % 360) {
        angle += 40;
        steps += 1;
        if (steps > 9) break;
      }
    }
    const still = steps === 0 || this.martinAngle === null || reducedMotion();
    const ms = still ? 0 : Math.min(1400, STEP_MS * steps);
    orbit.style.transition = `transform ${ms}ms ease-in-out`;
    this.martinTurn.style.transition = `transform ${ms}ms ease-in-out`;
    orbit.style.transform = `rotate(${angle}deg)`;
    this.martinTurn.style.transform = `rotate(${-angle}deg)`;
    const bottomHalf = Math.sin(((angleOf(martin)) * Math.PI) / 180) > 0.2;
    this.martinFace.setAttribute("transform", bottomHalf ? "scale(-1 1)" : "");
    orbit.setAttribute("visibility", "visible");
    this.martinTitle.textContent = format(_("Martin the mammoth, beside card {number}"), { number: martin + 1 });
    if (steps > 0 && !still) setTimeout(() => hop(this.martinHop), ms);
    this.martinAngle = angle;
    this.martinSlot = martin;
  }

  /** The draw pile: its size, and its top card (face up). @param {FsaTable} table */
  drawPile(table) {
    const pile = table.draw_pile || { top: null, size: 0 };
    let top = pile.top;
    const o = this.overlay;
    if (o && o.kept && o.refill && !o.flying) top = o.refill; // the card about to fill the gap is still on top
    const size = pile.size + (o && o.kept && o.refill && !o.flying ? 1 : 0);
    clear(this.pileStack);
    const layers = Math.min(3, Math.max(0, size - 1));
    for (let i = layers; i >= 1; i--) {
      this.pileStack.append(s("rect", { x: i * 3, y: i * 3, width: PILE_W, height: PILE_H, rx: 8, fill: "#f1e3c8", stroke: "#8d6e63", "stroke-width": 2 }));
    }
    if (top !== this.pileTop) {
      const was = this.pileTop;
      this.pileTop = top;
      const content = () => {
        clear(this.pileTopG);
        const now = this.pileTop;
        this.pileTopG.append(now ? cardFace(now, PILE_W, PILE_H) : emptyPlace(PILE_W, PILE_H));
      };
      if (was !== undefined && was !== null && top) flip(this.pileTopG, content);
      else content();
    }
    clear(this.pileCount);
    this.pileCount.append(s("g", { transform: `translate(${PILE_W} ${PILE_H})` },
      s("circle", { r: 13, fill: "#7a4f2a", stroke: "#fff8e8", "stroke-width": 2 }),
      s("text", { y: 5, "text-anchor": "middle", class: "fsa-count-text" }, String(size))));
    this.pileTitle.textContent = top
      ? format(ngettext("Draw pile: {count} card, {card} on top (face up)", "Draw pile: {count} cards, {card} on top (face up)", size), { count: size, card: aWord(top) })
      : format(ngettext("Draw pile: {count} card", "Draw pile: {count} cards", size), { count: size });
  }

  /** The hut pile and the cards in the box. @param {FsaTable} table */
  drawCorners(table) {
    clear(this.hutPile);
    const huts = table.hut_pile_size ?? 0;
    this.hutPile.append(s("title", {}, format(ngettext("Hut pile: {count} hut left", "Hut pile: {count} huts left", huts), { count: huts })));
    for (let i = Math.min(2, Math.max(0, huts - 1)); i >= 0; i--) {
      this.hutPile.append(s("rect", { x: 12 + i * 3, y: i * 3, width: 48, height: 40, rx: 6, fill: i ? "#d7b98f" : "#e9cfa3", stroke: "#7a5230", "stroke-width": 2 }));
    }
    if (huts) this.hutPile.append(s("g", { transform: "translate(36 20) scale(0.32)" }, hutPicture()));
    this.hutPile.append(s("text", { x: 36, y: 62, "text-anchor": "middle", class: "fsa-small-text" }, format(ngettext("{count} hut left", "{count} huts left", huts), { count: huts })));

    clear(this.boxGroup);
    const box = table.box || [];
    if (box.length) {
      this.boxGroup.append(s("title", {}, format(_("In the box (not played): {cards}"), { cards: box.map(goodName).join(", ") })));
      this.boxGroup.append(s("text", { x: 4, y: 10, class: "fsa-small-text" }, _("in the box:")));
      box.forEach((card, i) => this.boxGroup.append(s("g", { transform: `translate(${4 + (i % 3) * 22} ${16 + Math.floor(i / 3) * 22})`, opacity: 0.75 },
        s("rect", { width: 20, height: 20, rx: 4, fill: "#fff8e8", stroke: "#bfa27e", "stroke-width": 1.5 }),
        picture(card, { x: 10, y: 10, size: 17 }))));
    }
  }

  /**
   * The buttons that are not places: keep Guff as a good, or turn him back.
   * @param {FsaTurn} turn
   * @param {Decision | null} decision
   * @param {Set<number>} legal
   * @param {FsaActions} actions
   */
  drawActions(turn, decision, legal, actions) {
    const box = this.actions;
    clear(box);
    if (!decision || turn.stage !== "guff") {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    box.append(h("p", { class: "kids-actions-title" }, icon(picture("guff"), { cls: "kids-icon kids-icon-big" }), _("You found Guff the dog! Keep him as:")));
    const row = h("div", { class: "kids-button-row" });
    for (const [good, action] of Object.entries(actions.keep_guff || {})) {
      if (!legal.has(action)) continue;
      const button = h("button", { type: "button", class: "kids-big-button kids-good-button" }, goodIcon(good), h("span", {}, theGood(good)));
      on(button, { action, label: labelOf(decision, action) || format(_("keep Guff as {good}"), { good: theGood(good) }), ctx: this.ctx });
      button.removeAttribute("role");
      row.append(button);
    }
    box.append(row);
    if (actions.turn_back !== undefined && legal.has(actions.turn_back)) {
      const back = h("button", { type: "button", class: "kids-big-button kids-quiet-button" }, _("Turn Guff back"));
      on(back, { action: actions.turn_back, label: _("turn Guff back"), ctx: this.ctx });
      back.removeAttribute("role");
      box.append(back);
    }
  }

  /**
   * Every seat's card: its hut and the goods it still needs.
   * @param {FsaPlayer[]} players
   * @param {FsaTurn} turn
   * @param {number | null} viewer
   */
  drawPlayers(players, turn, viewer) {
    const box = this.players;
    const o = this.overlay;
    clear(box);
    players.forEach((data, seat) => {
      const name = seatName(this.seats, seat);
      const mine = seat === viewer;
      const theirs = turn.phase !== "over" && turn.player === seat && turn.phase === "play";
      const winner = turn.winner === seat;
      const built = data.built || [];
      const card = playerCard({ seat, name, mine, theirs, winner, built });
      const hut = data.hut;
      if (!hut) {
        card.append(h("p", { class: "kids-note" }, _("no hut card")));
      } else {
        const needs = new Set(data.needs || []);
        const row = h("div", { class: "kids-hut-card" });
        row.append(h("div", { class: "kids-hut-number" }, icon(hutPicture({ seat }), { cls: "kids-icon kids-hut-big" }), h("span", {}, format(_("hut {number}"), { number: hut.number }))));
        for (const good of hut.goods) {
          const arriving = o && o.kept && o.built === null && o.seat === seat && o.as === good;
          const got = !needs.has(good) && !arriving;
          const guff = got && data.guff_as === good;
          const slot = h("div", { class: `kids-good-slot${got ? " kids-got" : ""}`, "data-good": good });
          const face = s("svg", { viewBox: "0 0 50 66", class: "kids-mini-card", "aria-hidden": "true" });
          if (got) face.append(cardFace(guff ? "guff" : good, 50, 66, { label: false }));
          else face.append(s("rect", { x: 2, y: 2, width: 46, height: 62, rx: 7, fill: "rgba(255,255,255,0.5)", stroke: "#b08968", "stroke-width": 2.5, "stroke-dasharray": "5 4" }),
            s("g", { opacity: 0.35 }, picture(good, { x: 25, y: 33, size: 38 })));
          slot.append(face);
          if (guff) slot.append(h("span", { class: "kids-guff-as" }, goodIcon(good)));
          slot.append(h("span", { class: "kids-slot-word" }, got ? (guff ? format(_("Guff = {good}"), { good: goodName(good) }) : goodName(good))
            : format(_("needs {good}"), { good: goodName(good) })));
          row.append(slot);
        }
        card.append(row);
        const needWords = [...needs].length ? format(_("still needs {goods}"), { goods: [...needs].map(goodName).join(", ") }) : _("has everything");
        const params = { name, hut: hut.number, needs: needWords, count: built.length };
        card.setAttribute("aria-label", mine ? format(_("{name} (you): hut {hut}, {needs}; {count} of 3 huts built"), params)
          : format(_("{name}: hut {hut}, {needs}; {count} of 3 huts built"), params));
      }
      if (!hut) card.setAttribute("aria-label", format(_("{name}: no hut card; {count} of 3 huts built"), { name, count: built.length }));
      box.append(card);
      if (this.builtPulse === seat) {
        pulse(card);
      }
    });
    this.builtPulse = null;
  }

  /**
   * The banner: what just happened, or whose turn it is and what to do.
   * @param {FsaTurn} turn
   * @param {FsaTable} table
   * @param {FsaPlayer[]} players
   * @param {number | null} viewer
   * @param {Decision | null} decision
   */
  drawBanner(turn, table, players, viewer, decision) {
    const o = this.overlay;
    if (turn.phase === "over" || turn.stage === "game_over") {
      if (turn.stalemate) this.banner.set(_("Nobody can win!"), _("No card in the circle can ever be kept again."), "over");
      else if (turn.winner !== null && turn.winner !== undefined) {
        this.banner.set(turn.winner === viewer ? _("You win!") : format(_("{name} wins!"), { name: seatName(this.seats, turn.winner) }),
          _("Three huts built — hooray!"), "win");
      } else this.banner.set(_("The game is over."));
      return;
    }
    if (o) {
      const you = o.seat === viewer;
      const p = { name: seatName(this.seats, o.seat), good: theGood(o.as), hut: o.built };
      let sub;
      if (!o.kept) sub = _("Not needed: it turns face down again. Remember it!");
      else if (o.built !== null) {
        if (o.card === "guff") sub = format(you ? _("You keep Guff as {good} and build hut {hut}!") : _("{name} keeps Guff as {good} and builds hut {hut}!"), p);
        else sub = format(you ? _("You keep it and build hut {hut}!") : _("{name} keeps it and builds hut {hut}!"), p);
      } else if (o.card === "guff") sub = format(you ? _("You keep Guff as {good}!") : _("{name} keeps Guff as {good}!"), p);
      else sub = format(you ? _("You keep it!") : _("{name} keeps it!"), p);
      this.banner.set(format(_("Look! Card {number} is {card}."), { number: o.slot + 1, card: bigWord(o.card) }), sub, o.kept ? "happy" : "look");
      return;
    }
    const seat = turn.player;
    if (decision) {
      const who = seatName(this.seats, /** @type {number} */ (viewer));
      if (turn.stage === "start") this.banner.set(format(_("{name}, where does Martin start?"), { name: who }), _("Tap a card."), "go");
      else if (turn.stage === "move") this.banner.set(format(_("Your turn, {name}!"), { name: who }), _("Move Martin 1, 2, 3 or 4 cards: tap a card with a number."), "go");
      else if (turn.stage === "guff") this.banner.set(_("You found Guff the dog!"), _("He can be any good your hut still needs."), "happy");
      else this.banner.set(decision.prompt);
      return;
    }
    if (turn.stage === "guff" && seat !== null && seat !== undefined) {
      this.banner.set(format(_("{name} found Guff the dog!"), { name: seatName(this.seats, seat) }), _("Will they keep him?"), "look");
      return;
    }
    const built = (turn.recent || []).find((e) => e.event === "build");
    if (built) {
      const p = { name: seatName(this.seats, /** @type {number} */ (built.player)), hut: built.hut };
      this.banner.set(format(built.player === viewer ? _("You built hut {hut}!") : _("{name} built hut {hut}!"), p), "", "happy");
      return;
    }
    if (turn.phase === "setup") {
      this.banner.set(_("Getting ready…"), seat !== null && seat !== undefined ? format(_("{name} places Martin."), { name: seatName(this.seats, seat) }) : "");
      return;
    }
    if (seat !== null && seat !== undefined) {
      this.banner.set(format(_("{name}'s turn"), { name: seatName(this.seats, seat) }), /** @type {View} */ (this.view).to_move >= 0 ? _("Moving Martin…") : "", "wait");
    }
  }
}

/** "the berry", "the fish": a good Guff may stand for (in the page's language). @param {string | null} good @returns {string} */
function theGood(good) {
  switch (good) {
    case "berry": return pgettext("board good", "the berry");
    case "fish": return pgettext("board good", "the fish");
    case "jug": return pgettext("board good", "the jug");
    case "arrowhead": return pgettext("board good", "the arrowhead");
    case "tooth": return pgettext("board good", "the tooth");
    default: return `the ${good}`;
  }
}

/** "a BERRY", "GUFF the dog": a card turned up, on the banner (in the page's language). @param {string} card @returns {string} */
function bigWord(card) {
  switch (card) {
    case "guff": return _("GUFF the dog");
    case "berry": return _("a BERRY");
    case "fish": return _("a FISH");
    case "jug": return _("a JUG");
    case "arrowhead": return _("an ARROWHEAD");
    case "tooth": return _("a TOOTH");
    default: return `${aWord(card).split(" ")[0]} ${card.toUpperCase()}`;
  }
}
