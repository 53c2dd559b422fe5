// @ts-check
// Stone Age Junior: the ring of eight spaces (building site, dogs, goods, trading post) with the
// figures and, with the card expansion, Martin the mammoth; the forest of fourteen tiles in the
// middle (face down until turned up, all face down again after a visit to the building site, two
// swapped); the three hut stacks; every player's settlement. Goods lie behind the settlement boards:
// the person at the screen sees their own, the others' as a count (as the terminal shows them),
// and in hot seat nobody's until the next person is ready. Contract: boards/README.md.

import { _, format, ngettext, pgettext } from "../i18n.js";
import {
  GOODS, HotSeat, aWord, banner, cap, countWord, cover, decisionActions, dog, flip, goodIcon, hop,
  hotseatWanted, hutPicture, icon, injectStyles, labelOf, mammoth, meadowBack, offPlace, on, onPlace, panel, picture,
  goodName, playerCard, pulse, reducedMotion, seatName, seatShape, sharedScreen, sleep,
} from "./family.js";
import { clear, h, s } from "../dom.js";

/** @typedef {import("../types.js").BoardContext} BoardContext */
/** @typedef {import("../types.js").Decision} Decision */
/** @typedef {import("../types.js").View} View */
/** @typedef {import("../types.js").Seat} Seat */
/** @typedef {import("../types.js").GameEvent} GameEvent */

// The view's panels as data (play/stone_age_junior/panels.py).
/**
 * An event of the latest action (the public log's): a tile turned up, a figure's way, a swap…
 * @typedef {object} SajEvent
 * @property {string} event
 * @property {number} at
 * @property {number} [player]
 * @property {string} [tile]
 * @property {string} [space]
 * @property {string} [good]
 * @property {string} [give]
 * @property {string} [take]
 * @property {number | null} [from]
 * @property {number} [hut]
 * @property {string | null} [card]
 * @property {[number, number]} [places]
 */
/**
 * A way to pay a face-up hut.
 * @typedef {{hut: number, stack: number, items: string[], action: number}} SajBuild
 */
/**
 * Which action each place or button plays, for the seat deciding.
 * @typedef {object} SajActions
 * @property {(number | null)[]} [turn]
 * @property {number} [stay]
 * @property {Record<string, number>} [travel]
 * @property {Record<string, Record<string, number>>} [trade]
 * @property {number} [stop_trading]
 * @property {SajBuild[]} [build]
 * @property {number} [pass]
 * @property {(number | null)[][]} [swap]
 */
/**
 * The "turn" panel's data.
 * @typedef {object} SajTurn
 * @property {number} [turn]
 * @property {string} [phase]  setup | play | over
 * @property {string} [stage]  turn | reveal | martin | trade | build | swap | game_over
 * @property {number | null} [player]
 * @property {number | null} [winner]
 * @property {number} [place]
 * @property {SajEvent[]} [recent]
 * @property {SajActions} [actions]
 */
/** A face-up hut. @typedef {{number: number, goods: string[]}} SajHut */
/**
 * The "board" panel's data.
 * @typedef {object} SajBoard
 * @property {string[]} [figures]
 * @property {Record<string, number>} [supply]
 * @property {Record<string, number>} [trading_post]
 * @property {number} [dog_storage]
 * @property {string[]} [forest]
 * @property {{face_up: SajHut | null, below: number}[]} [huts]
 * @property {string | null} [martin]
 * @property {{size: number} | null} [pile]
 */
/**
 * A seat of the "players" panel's data (the goods of others may be hidden).
 * @typedef {object} SajPlayer
 * @property {Record<string, number>} goods
 * @property {number} [dogs]
 * @property {number[]} [built]
 * @property {string[]} [cards_public]
 * @property {string[]} [cards_hidden]
 */
/**
 * What every part of a render draws from.
 * @typedef {object} Drawing
 * @property {SajTurn} turn
 * @property {SajBoard} board
 * @property {SajPlayer[]} players
 * @property {number | null} viewer
 * @property {Decision | null} decision
 * @property {Set<number>} legal
 * @property {SajActions} actions
 */
/** A ring space, drawn. @typedef {{g: SVGGElement, title: SVGTitleElement, content: SVGGElement, hit: SVGRectElement}} Space */
/** A forest tile, drawn. @typedef {{g: SVGGElement, title: SVGTitleElement, face: SVGGElement, mover: SVGGElement, hit: SVGRectElement}} Tile */
/** A figure, drawn. @typedef {{g: SVGGElement, inner: SVGGElement, title: SVGTitleElement}} Figure */

const W = 400;
const H = 520;
const SP = 96; // a ring space
const RING = ["building_site", "dog", "tooth", "berry", "jug", "arrowhead", "fish", "trading_post"];
/** @type {Record<string, [number, number]>} */
const SPACE_AT = {
  building_site: [8, 8], dog: [152, 8], tooth: [296, 8], berry: [296, 212],
  jug: [296, 416], arrowhead: [152, 416], fish: [8, 416], trading_post: [8, 212],
};
/** The word printed on a ring space (in the page's language). @param {string} space @returns {string} */
function spaceTitle(space) {
  switch (space) {
    case "building_site": return _("BUILD");
    case "dog": return _("DOGS");
    case "tooth": return _("TEETH");
    case "berry": return _("BERRIES");
    case "jug": return _("JUGS");
    case "arrowhead": return _("ARROWHEADS");
    case "fish": return _("FISH");
    case "trading_post": return _("TRADE 1:1");
    default: return space.toUpperCase();
  }
}
/** @type {Record<string, string>} */
const SPACE_BG = {
  building_site: "#f3d9b1", dog: "#eadcf5", tooth: "#f1ebe4", berry: "#fbe0ea", jug: "#fde3cf",
  arrowhead: "#e3eaee", fish: "#dcecfb", trading_post: "#fff1c1",
};
const TILE = 54;
const TILE_GAP = 7;
const FOREST_X = 112;
const FOREST_Y = 111;
const CENTRE_CELL = 7; // of the 3 × 5 grid: the middle holds the goods-card pile (or a tree)
const STEP_MS = 230;

/** "the building site", "the berry space" (in the page's language). @param {string} space @returns {string} */
function spaceWords(space) {
  switch (space) {
    case "building_site": return pgettext("board space", "the building site");
    case "trading_post": return pgettext("board space", "the trading post");
    case "dog": return pgettext("board space", "the dog space");
    case "berry": return pgettext("board space", "the berry space");
    case "fish": return pgettext("board space", "the fish space");
    case "jug": return pgettext("board space", "the jug space");
    case "arrowhead": return pgettext("board space", "the arrowhead space");
    case "tooth": return pgettext("board space", "the tooth space");
    default: return `the ${space.replace("_", " ")} space`;
  }
}
/** A forest tile face up, in words: "a 3", "the berry space". @param {string} tile @returns {string} */
function tileWords(tile) {
  return /^\d$/.test(tile) ? format(_("a {number}"), { number: tile }) : spaceWords(tile);
}
/** Where a forest place is drawn (the grid's middle cell is the pile). @param {number} place @returns {{x: number, y: number}} */
function tileCell(place) {
  const cell = place < CENTRE_CELL ? place : place + 1;
  const col = cell % 3;
  const row = Math.floor(cell / 3);
  return { x: FOREST_X + col * (TILE + TILE_GAP), y: FOREST_Y + row * (TILE + TILE_GAP) };
}

/**
 * Whether a player (own data: goods, dogs, cards told) can pay `hut` now (words.can_pay).
 * @param {SajHut} hut
 * @param {SajPlayer} data
 * @returns {boolean}
 */
function canPay(hut, data) {
  /** @type {Record<string, number>} */
  const need = {};
  for (const good of hut.goods) need[good] = (need[good] || 0) + 1;
  const cards = [...(data.cards_public || []), ...(data.cards_hidden || [])];
  const count = (/** @type {string} */ kind) => cards.filter((c) => c === kind).length;
  let short = 0;
  for (const [good, n] of Object.entries(need)) short += Math.max(0, n - (data.goods[good] || 0) - count(good));
  return short <= Math.min((data.dogs || 0) + count("guff"), 2);
}

export default {
  /**
   * @param {HTMLElement} root
   * @param {BoardContext} ctx
   */
  mount(root, ctx) {
    return new JuniorBoard(root, ctx);
  },
};

class JuniorBoard {
  // the board's parts (buildBoard puts them together, render fills them)
  /** @type {SVGGElement} */ centre = s("g", { class: "saj-centre" });
  /** @type {Record<string, Space>} the ring's spaces */ spaces = {};
  /** @type {SVGGElement} */ martin = s("g", { class: "saj-martin", visibility: "hidden" });
  /** @type {SVGGElement} */ martinInner = s("g", { transform: "scale(0.34)" }, mammoth());
  /** @type {SVGTitleElement} */ martinTitle = s("title", {}, _("Martin the mammoth"));
  /** @type {SVGGElement} */ figureLayer = s("g", {});
  /** @type {Figure[]} */ figures = [];

  /**
   * @param {HTMLElement} root
   * @param {BoardContext} ctx
   */
  constructor(root, ctx) {
    injectStyles();
    this.ctx = ctx;
    /** @type {View | null} */
    this.view = null;
    /** @type {Seat[]} */
    this.seats = [];
    /** @type {Tile[]} */
    this.tiles = [];
    /** @type {(string | null)[]} */
    this.tileFaces = Array(14).fill(null);
    /** @type {(string | null)[]} */
    this.figurePos = [];
    /** @type {number | null} */
    this.lastAt = null;
    /** @type {number | null} */
    this.swapFirst = null;
    /** @type {string | null} */
    this.tradeGive = null;
    this.peek = false;
    this.hideMine = false;
    /** @type {number | null | undefined} */
    this.peekOwner = undefined;
    /** @type {Promise<unknown>} */
    this.settled = Promise.resolve();
    /** @type {SajEvent[] | null} what just happened, for the banner */
    this.news = null;

    this.el = h("div", { class: "kids kids-saj", "data-own-highlight": "" }); // the board marks its choices itself
    this.banner = banner();
    this.svg = this.buildBoard();
    this.actions = h("div", { class: "kids-actions", hidden: true });
    this.huts = h("div", { class: "saj-huts", role: "list", "aria-label": _("Huts to build") });
    this.players = h("div", { class: "kids-players", role: "list", "aria-label": _("The settlements") });
    const board = h("div", { class: "kids-boardwrap" }, this.svg);
    this.shared = h("button", { type: "button", class: "kids-shared-toggle", hidden: true });
    this.shared.addEventListener("click", () => this.toggleShared());
    this.el.append(this.banner.node, h("div", { class: "kids-layout" }, board,
      h("div", { class: "kids-side" }, this.actions, h("h3", { class: "saj-section-title" }, _("Huts to build")), this.huts,
        this.players, this.shared)));
    root.append(this.el);
    this.hotseat = new HotSeat(this.el, {
      enabled: ctx.mode === "play" && hotseatWanted(ctx),
      passAtStart: true,
      note: _("The goods are hidden. Tap when you have the device."),
      onReady: () => this.render(),
    });
  }

  // --- building the board ------------------------------------------------------------------------

  /** The ring, the forest, Martin and the figures' layer (drawn once; ``render`` fills them). @returns {SVGSVGElement} */
  buildBoard() {
    const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "kids-svg saj-board", role: "group", "aria-label": _("The board: the ring and the forest") });
    svg.append(s("title", {}, _("Stone Age Junior: the ring of spaces around the forest tiles")));
    svg.append(s("rect", { x: 0, y: 0, width: W, height: H, rx: 22, fill: "#cfe8a9", stroke: "#8fb35a", "stroke-width": 3 }));
    // the path along the ring, with arrows
    svg.append(s("rect", { x: 56, y: 56, width: 288, height: 408, rx: 40, fill: "none", stroke: "#d9a45b", "stroke-width": 30, opacity: 0.85 }));
    svg.append(s("rect", { x: 56, y: 56, width: 288, height: 408, rx: 40, fill: "none", stroke: "#b07a35", "stroke-width": 2, "stroke-dasharray": "2 11", "stroke-linecap": "round" }));
    const arrows = [[128, 56, 0], [272, 56, 0], [344, 158, 90], [344, 362, 90], [272, 464, 180], [128, 464, 180], [56, 362, 270], [56, 158, 270]];
    for (const [x, y, a] of arrows) {
      svg.append(s("path", { d: "M-6 -8 L5 0 L-6 8", fill: "none", stroke: "#7a4f14", "stroke-width": 4, "stroke-linecap": "round", "stroke-linejoin": "round", transform: `translate(${x} ${y}) rotate(${a})`, "aria-hidden": "true" }));
    }
    // the forest
    const forest = s("g", { class: "saj-forest" });
    forest.append(s("rect", { x: 105, y: 104, width: 190, height: 312, rx: 18, fill: "#2f6b2f", stroke: "#1f4d1f", "stroke-width": 3 }));
    for (const [x, y, r] of [[118, 118, 12], [284, 122, 10], [122, 404, 11], [282, 400, 12]]) {
      forest.append(s("circle", { cx: x, cy: y, r, fill: "#3f8a3a", opacity: 0.8 }));
    }
    svg.append(forest);
    svg.append(this.centre);

    for (const space of RING) {
      const [x, y] = SPACE_AT[space];
      const g = s("g", { class: "saj-space", transform: `translate(${x} ${y})`, "data-space": space });
      const title = s("title", {}, spaceWords(space));
      const glow = s("rect", { x: -5, y: -5, width: SP + 10, height: SP + 10, rx: 20, class: "saj-glow" });
      const base = s("rect", { width: SP, height: SP, rx: 16, fill: SPACE_BG[space], stroke: "#7a5230", "stroke-width": 3 });
      const name = s("text", { x: SP / 2, y: 15, "text-anchor": "middle", class: "saj-space-name", textLength: spaceTitle(space).length > 9 ? 84 : null, lengthAdjust: "spacingAndGlyphs" }, spaceTitle(space));
      const content = s("g", {});
      const hit = cover({ x: -5, y: -5, width: SP + 10, height: SP + 10, rx: 20 });
      g.append(title, glow, base, name, content, hit);
      svg.append(g);
      this.spaces[space] = { g, title, content, hit };
    }

    for (let place = 0; place < 14; place++) {
      const { x, y } = tileCell(place);
      const g = s("g", { class: "saj-tile", transform: `translate(${x} ${y})`, "data-place": place });
      const title = s("title", {}, format(_("Forest tile {number}"), { number: place + 1 }));
      const glow = s("rect", { x: -4, y: -4, width: TILE + 8, height: TILE + 8, rx: 12, class: "saj-glow" });
      const face = s("g", { class: "saj-tile-face" });
      const mover = s("g", {}, glow, face);
      mover.style.transformBox = "fill-box"; // the swap lifts a tile about its own centre
      mover.style.transformOrigin = "50% 50%";
      const hit = cover({ x: -4, y: -4, width: TILE + 8, height: TILE + 8, rx: 12 });
      g.append(title, mover, hit);
      svg.append(g);
      this.tiles.push({ g, title, face, mover, hit });
    }

    this.martin.append(this.martinTitle, this.martinInner);
    this.martin.style.transition = "transform 0.6s ease-in-out";
    svg.append(this.martin);
    svg.append(this.figureLayer);
    return svg;
  }

  /** Where a seat's figure stands on a space. @param {number} seat @param {string} space @returns {{x: number, y: number}} */
  figureAt(seat, space) {
    const [x, y] = SPACE_AT[space];
    const slot = seat % 4;
    return { x: x + 14 + slot * 18, y: y + SP - 13 };
  }

  /** Draw figures up to ``count``. @param {number} count */
  ensureFigures(count) {
    while (this.figures.length < count) {
      const seat = this.figures.length;
      const g = s("g", { class: "saj-figure" });
      const inner = s("g", {},
        s("ellipse", { cx: 0, cy: 9, rx: 9, ry: 3, fill: "#000", opacity: 0.2 }),
        seatShape(seat, 8.5));
      const title = s("title", {}, "");
      g.append(title, inner);
      this.figureLayer.append(g);
      this.figures.push({ g, inner, title });
      this.figurePos.push(null);
    }
  }

  /** The board's own hot-seat switch (when the table gives no ctx.hotseat and the address no hotseat). */
  toggleShared() {
    const on = !this.hotseat.enabled;
    sharedScreen(on);
    this.hotseat.enabled = on;
    if (on) this.hotseat.lastDecider = this.view ? this.view.viewer ?? null : null; // no cover for the person here now
    else this.hotseat.uncover();
    this.render();
    this.shared.focus();
  }

  /** The board's own "sharing this screen" switch. @param {number | null} viewer */
  drawShared(viewer) {
    const fixed = (this.ctx.hotseat !== undefined && this.ctx.hotseat !== null)
      || new URLSearchParams(location.search).has("hotseat");
    this.shared.hidden = fixed || this.ctx.mode !== "play" || viewer === null;
    this.shared.setAttribute("aria-pressed", String(this.hotseat.enabled));
    this.shared.textContent = this.hotseat.enabled ? _("Sharing this screen: goods hidden between turns (tap to stop)")
      : _("Sharing this screen? Hide my goods between turns");
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
    /** @type {SajTurn} */
    const turn = panel(view, "turn").data || {};
    const recent = turn.recent || [];
    const at = recent.length ? recent[0].at : null;
    const fresh = (events && events.length > 0) || this.ctx.mode === "replay";
    let moves = null;
    if (at !== this.lastAt) { // something happened: a half-made choice (a swap, a trade) starts afresh
      this.swapFirst = null;
      this.tradeGive = null;
      this.news = at === null ? null : recent; // the banner tells this view's latest move (none at the start)
      if (at !== null && fresh) moves = recent;
    }
    this.lastAt = at;
    if (turn.stage !== "swap") this.swapFirst = null;
    if (turn.stage !== "trade") this.tradeGive = null;
    this.render(moves);
  }

  /** @returns {Promise<unknown>} */
  animate() {
    return this.settled;
  }

  // --- drawing -------------------------------------------------------------------------------------

  /**
   * Draw the view; with ``moves`` (the latest action's events), animate them.
   * @param {SajEvent[] | null} [moves]
   */
  render(moves = null) {
    const view = this.view;
    if (!view) return;
    /** @type {SajTurn} */
    const turn = panel(view, "turn").data || {};
    /** @type {SajBoard} */
    const board = panel(view, "board").data || {};
    /** @type {SajPlayer[]} */
    const players = panel(view, "players").data || [];
    const viewer = typeof view.viewer === "number" && view.viewer >= 0 ? view.viewer : null;
    const decision = view.decision && viewer !== null && this.ctx.mode === "play" ? view.decision : null; // a replay decides nothing
    const turnOwner = turn.phase === "play" ? turn.player ?? null : null;
    const passing = this.hotseat.check(decision ? viewer : null, seatName(this.seats, viewer ?? 0), turnOwner);
    const live = passing ? null : decision;
    if (this.peekOwner !== turnOwner) { // a new turn: what was peeked at goes out of sight again
      this.peekOwner = turnOwner;
      this.peek = false;
      this.hideMine = false;
    }
    const legal = decisionActions(live);
    const actions = live ? turn.actions || {} : {};
    /** @type {Drawing} */
    const ctx = { turn, board, players, viewer, decision: live, legal, actions };

    const animations = [];
    animations.push(this.drawForest(ctx, moves));
    this.drawSpaces(ctx);
    animations.push(this.drawFigures(ctx, moves));
    this.drawMartin(board);
    this.drawCentre(board);
    this.drawHuts(ctx);
    this.drawActions(ctx);
    this.drawPlayers(ctx, moves);
    this.drawBanner(ctx);
    this.drawShared(viewer);
    this.el.classList.toggle("kids-my-turn", Boolean(live));
    if (moves) this.settled = Promise.all(animations).then(() => sleep(reducedMotion() ? 0 : 150));
  }

  /**
   * The forest: tiles face down (clickable to turn) or face up.
   * @param {Drawing} drawing
   * @param {SajEvent[] | null} moves
   * @returns {Promise<unknown>}
   */
  drawForest({ turn, board, decision, legal, actions }, moves) {
    const forest = board.forest || [];
    const turnable = actions.turn || [];
    const swaps = actions.swap || null;
    /** @type {Promise<unknown>[]} */
    const flips = [];
    const swapEvent = moves && moves.find((e) => e.event === "swap");
    const reset = moves && moves.some((e) => e.event === "reset");
    forest.forEach((shown, place) => {
      const tile = this.tiles[place];
      const was = this.tileFaces[place];
      if (was !== shown) {
        this.tileFaces[place] = shown;
        const paint = () => {
          clear(tile.face);
          tile.face.append(this.tileContent(this.tileFaces[place], place));
        };
        if (was !== null && moves) {
          const delay = reset && shown === "down" && !reducedMotion() ? place * 40 : 0;
          flips.push(sleep(delay).then(() => flip(tile.face, paint)));
        } else paint();
      }
      tile.g.classList.toggle("saj-turning", turn.stage === "reveal" && turn.place === place);
      tile.title.textContent = shown === "down" ? format(_("Forest tile {number}: face down"), { number: place + 1 })
        : format(_("Forest tile {number}: {tile}"), { number: place + 1, tile: tileWords(shown) });
      const turnAction = turnable[place];
      if (turnAction !== null && turnAction !== undefined && legal.has(turnAction)) {
        onPlace(tile.g, tile.hit, { action: turnAction, label: format(_("Turn up forest tile {number}"), { number: place + 1 }), ctx: this.ctx });
      } else if (swaps && decision) {
        if (this.swapFirst === null) {
          const group = this.swapGroup(decision, swaps, place);
          onPlace(tile.g, tile.hit, {
            path: group === null ? null : [group], label: format(_("Swap tile {number} with…"), { number: place + 1 }), ctx: this.ctx,
            onPick: () => { this.swapFirst = place; if (group !== null) this.ctx.open([group]); this.render(); },
          });
        } else if (this.swapFirst === place) {
          onPlace(tile.g, tile.hit, { path: [], label: format(_("Tile {number} chosen: tap it again to choose another"), { number: place + 1 }), ctx: this.ctx,
            selected: true, onPick: () => { this.swapFirst = null; this.ctx.open([]); this.render(); } });
          tile.hit.removeAttribute("data-path");
        } else {
          const action = swaps[this.swapFirst][place];
          const first = this.swapFirst;
          if (action !== null && legal.has(action)) {
            onPlace(tile.g, tile.hit, { action, label: format(_("Swap tiles {first} and {second}"), { first: first + 1, second: place + 1 }), ctx: this.ctx });
          } else offPlace(tile.g, tile.hit, tile.title.textContent);
        }
      } else {
        offPlace(tile.g, tile.hit, tile.title.textContent);
      }
    });
    if (swapEvent && swapEvent.places) flips.push(this.animateSwap(swapEvent.places));
    return Promise.all(flips);
  }

  /**
   * The decision's group of the swaps with tile ``place`` (its index), or null.
   * @param {Decision} decision
   * @param {(number | null)[][]} swaps
   * @param {number} place
   * @returns {number | null}
   */
  swapGroup(decision, swaps, place) {
    const want = new Set(swaps[place].filter((a) => a !== null));
    const index = decision.choices.findIndex((choice) => choice.choices
      && choice.choices.length === want.size && choice.choices.every((c) => c.action !== undefined && want.has(c.action)));
    return index < 0 ? null : index;
  }

  /** Two tiles change places (each arrives from where the other was). @param {[number, number]} places */
  async animateSwap([a, b]) {
    if (reducedMotion()) return;
    const pa = tileCell(a);
    const pb = tileCell(b);
    const ta = this.tiles[a].mover;
    const tb = this.tiles[b].mover;
    const opts = { duration: 700, easing: "ease-in-out" };
    const lift = (/** @type {number} */ dx, /** @type {number} */ dy) => [{ transform: `translate(${dx}px, ${dy}px)` }, { transform: `translate(${dx / 2}px, ${dy / 2 - 18}px) scale(1.12)` }, { transform: "translate(0, 0)" }];
    // each tile arrives from where the other one was
    const one = ta.animate(lift(pb.x - pa.x, pb.y - pa.y), opts).finished.catch(() => {});
    const two = tb.animate(lift(pa.x - pb.x, pa.y - pb.y), opts).finished.catch(() => {});
    await Promise.all([one, two]);
  }

  /** A tile's face: the forest (down), pips, or a space's picture. @param {string | null} shown @param {number} place @returns {SVGGElement} */
  tileContent(shown, place) {
    const label = s("text", { x: 6, y: 13, class: `saj-tile-num${shown === "down" ? "" : " saj-tile-num-up"}` }, String(place + 1));
    if (shown === "down") {
      return s("g", {},
        s("rect", { width: TILE, height: TILE, rx: 9, fill: "#4c9a3c", stroke: "#1f4d1f", "stroke-width": 3 }),
        s("path", { d: `M${TILE / 2} 10 L${TILE / 2 + 13} 30 L${TILE / 2 + 6} 30 L${TILE / 2 + 15} 43 L${TILE / 2 - 15} 43 L${TILE / 2 - 6} 30 L${TILE / 2 - 13} 30 Z`, fill: "#2b6a22", stroke: "#1f4d1f", "stroke-width": 2, "stroke-linejoin": "round" }),
        s("rect", { x: TILE / 2 - 3, y: 43, width: 6, height: 6, fill: "#6b3d17" }),
        label);
    }
    const g = s("g", {}, s("rect", { width: TILE, height: TILE, rx: 9, fill: "#fff3d6", stroke: "#a0612d", "stroke-width": 3 }));
    if (/^\d$/.test(/** @type {string} */ (shown))) {
      g.append(...pips(Number(shown), TILE));
    } else {
      g.append(this.spaceSymbol(/** @type {string} */ (shown), TILE / 2, TILE / 2 + 2, 36));
    }
    g.append(label);
    return g;
  }

  /**
   * A space's picture, ``size`` wide at x, y: a good, a dog, a hut, the trading post's arrows.
   * @param {string} space
   * @param {number} x
   * @param {number} y
   * @param {number} size
   * @returns {SVGGElement}
   */
  spaceSymbol(space, x, y, size) {
    if (GOODS.includes(space)) return picture(space, { x, y, size });
    if (space === "dog") return picture("dog", { x, y, size });
    if (space === "building_site") return s("g", { transform: `translate(${x} ${y}) scale(${size / 100})` }, hutPicture());
    // the trading post: two arrows, one for one
    return s("g", { transform: `translate(${x} ${y}) scale(${size / 100})` },
      s("path", { d: "M-36 -14 L30 -14 M18 -28 L32 -14 L18 0", fill: "none", stroke: "#d9480f", "stroke-width": 9, "stroke-linecap": "round", "stroke-linejoin": "round" }),
      s("path", { d: "M36 16 L-30 16 M-18 2 L-32 16 L-18 30", fill: "none", stroke: "#1971c2", "stroke-width": 9, "stroke-linecap": "round", "stroke-linejoin": "round" }));
  }

  /** The ring's spaces: what lies there; clickable for Martin's question. @param {Drawing} drawing */
  drawSpaces({ turn, board, decision, legal, actions }) {
    const supply = board.supply || {};
    const post = board.trading_post || {};
    const here = turn.phase === "play" && typeof turn.player === "number" && board.figures ? board.figures[turn.player] : null;
    for (const space of RING) {
      const { g, title, content, hit } = this.spaces[space];
      clear(content);
      let words = spaceWords(space);
      if (space === "building_site") {
        content.append(s("g", { transform: `translate(${SP / 2} 46) scale(0.42)` }, hutPicture()));
        words = format(_("{space}: build a hut here"), { space: words });
      } else if (space === "dog") {
        const dogs = board.dog_storage ?? 0;
        if (dogs >= 1) content.append(picture("dog", { x: dogs === 2 ? 30 : 48, y: 45, size: 40 }));
        if (dogs >= 2) content.append(picture("dog", { x: 66, y: 45, size: 40 }));
        if (!dogs) content.append(s("g", { opacity: 0.25 }, picture("dog", { x: 48, y: 45, size: 40 })));
        words = format(ngettext("{space}: {count} dog waiting", "{space}: {count} dogs waiting", dogs), { space: words, count: dogs });
      } else if (space === "trading_post") {
        GOODS.forEach((good, i) => {
          const x = i < 3 ? 16 + i * 28 : 16 + (i - 3) * 28;
          const y = i < 3 ? 32 : 57;
          const n = post[good] ?? 0;
          content.append(s("g", { opacity: n ? 1 : 0.25 }, picture(good, { x, y, size: 22 })));
          content.append(s("text", { x: x + 12, y: y + 12, class: "saj-small", "text-anchor": "middle" }, String(n)));
        });
        words = format(_("{space}: on the post {goods}"), { space: words,
          goods: GOODS.filter((g2) => post[g2]).map((g2) => countWord(post[g2], g2)).join(", ") || _("nothing") });
      } else {
        const n = supply[space] ?? 0;
        const martin = board.martin === space; // he stands on the right: the good moves over
        content.append(s("g", { opacity: n ? 1 : 0.25 }, picture(space, { x: martin ? 30 : SP / 2 - 6, y: 47, size: martin ? 40 : 44 })));
        content.append(s("g", { transform: martin ? "translate(50 64)" : `translate(${SP - 20} 52)` },
          s("circle", { r: 12, fill: n ? "#fff" : "#eee", stroke: "#7a5230", "stroke-width": 2 }),
          s("text", { y: 5, "text-anchor": "middle", class: "saj-count" }, String(n))));
        words = n ? format(_("{space}: {goods}"), { space: words, goods: countWord(n, space) }) : format(_("{space}: empty"), { space: words });
      }
      const who = (board.figures || []).map((where, seat) => (where === space ? seatName(this.seats, seat) : "")).filter(Boolean);
      if (board.martin === space) who.push(_("Martin"));
      if (who.length) words = format(_("{space} ({names} here)"), { space: words, names: who.join(", ") });
      title.textContent = words;
      g.classList.toggle("saj-here", here === space);
      // Martin's question: stay here, or travel to a goods space
      /** @type {number | null} */
      let action = null;
      let label = "";
      if (actions.stay !== undefined && space === here && legal.has(actions.stay)) {
        action = actions.stay;
        label = labelOf(decision, action) || _("stay");
      } else if (actions.travel && actions.travel[space] !== undefined && legal.has(actions.travel[space])) {
        action = actions.travel[space];
        label = labelOf(decision, action) || format(_("travel to {space}"), { space: spaceWords(space) });
      }
      if (action !== null) onPlace(g, hit, { action, label, ctx: this.ctx });
      else offPlace(g, hit, words);
    }
  }

  /**
   * The figures on the ring (walking their way there).
   * @param {Drawing} drawing
   * @param {SajEvent[] | null} moves
   * @returns {Promise<unknown>}
   */
  drawFigures({ board }, moves) {
    const figures = board.figures || [];
    this.ensureFigures(figures.length);
    /** @type {Promise<void>[]} */
    const walks = [];
    /** @type {Map<number | undefined, SajEvent>} */
    const moveOf = new Map();
    for (const e of moves || []) {
      if (e.event === "move" || e.event === "travel") moveOf.set(e.player, e);
    }
    figures.forEach((space, seat) => {
      const fig = this.figures[seat];
      fig.title.textContent = format(_("{name} on {space}"), { name: seatName(this.seats, seat), space: spaceWords(space) });
      const from = this.figurePos[seat];
      this.figurePos[seat] = space;
      if (from === null || from === space || reducedMotion() || !moves) {
        const p = this.figureAt(seat, space);
        fig.g.style.transition = "none";
        fig.g.style.transform = `translate(${p.x}px, ${p.y}px)`;
        if (from !== null && from !== space && moves) hop(fig.inner);
        return;
      }
      const e = moveOf.get(seat);
      const path = [];
      const start = RING.indexOf(from);
      const steps = e && e.event === "move" && e.tile && /^\d$/.test(e.tile) ? Number(e.tile) : 0;
      if (steps && RING[(start + steps) % 8] === space) {
        for (let i = 1; i <= steps; i++) path.push(RING[(start + i) % 8]);
      } else path.push(space);
      walks.push(this.walk(fig, seat, path));
    });
    return Promise.all(walks);
  }

  /** A figure walks its path, space by space. @param {Figure} fig @param {number} seat @param {string[]} path */
  async walk(fig, seat, path) {
    const ms = path.length > 1 ? STEP_MS : 500;
    fig.g.style.transition = `transform ${ms}ms ease-in-out`;
    for (const space of path) {
      const p = this.figureAt(seat, space);
      fig.g.style.transform = `translate(${p.x}px, ${p.y}px)`;
      await sleep(ms);
      if (this.figurePos[seat] !== path[path.length - 1]) return; // a newer view took over
    }
    hop(fig.inner);
  }

  /** Martin on his space. @param {SajBoard} board */
  drawMartin(board) {
    if (!board.martin) {
      this.martin.setAttribute("visibility", "hidden");
      return;
    }
    const [x, y] = SPACE_AT[board.martin];
    this.martin.setAttribute("visibility", "visible");
    const [dx, dy] = board.martin === "trading_post" ? [78, 60] : [76, 50];
    this.martin.style.transform = `translate(${x + dx}px, ${y + dy}px)`;
    this.martinTitle.textContent = format(_("Martin the mammoth, on {space}"), { space: spaceWords(board.martin) });
  }

  /** The goods-card pile in the middle (with the expansion), else a tree. @param {SajBoard} board */
  drawCentre(board) {
    clear(this.centre);
    const { x, y } = { x: FOREST_X + TILE + TILE_GAP, y: FOREST_Y + 2 * (TILE + TILE_GAP) };
    if (board.pile) {
      const size = board.pile.size;
      this.centre.append(s("title", {}, format(ngettext("Goods-card pile: {count} card, face down", "Goods-card pile: {count} cards, face down", size), { count: size })));
      for (let i = Math.min(2, Math.max(0, size - 1)); i >= 0; i--) {
        const card = s("g", { transform: `translate(${x + 8 + i * 2} ${y - 4 + i * 2})` });
        card.append(size ? meadowBack(38, 50) : s("rect", { width: 38, height: 50, rx: 8, fill: "none", stroke: "#c5e1a5", "stroke-dasharray": "5 4", "stroke-width": 2 }));
        if (i === 0 || size) this.centre.append(card);
        if (!size) break;
      }
      this.centre.append(s("g", { transform: `translate(${x + 46} ${y + 48})` },
        s("circle", { r: 11, fill: "#7a4f2a", stroke: "#fff8e8", "stroke-width": 2 }),
        s("text", { y: 4.5, "text-anchor": "middle", class: "fsa-count-text" }, String(size))));
    } else {
      this.centre.append(s("g", { "aria-hidden": "true", transform: `translate(${x + TILE / 2} ${y + TILE / 2})` },
        s("path", { d: "M0 -26 L20 4 L9 4 L22 22 L-22 22 L-9 4 L-20 4 Z", fill: "#1f5a1a", stroke: "#174514", "stroke-width": 2, "stroke-linejoin": "round" }),
        s("rect", { x: -4, y: 22, width: 8, height: 8, fill: "#5b3413" })));
    }
  }

  /** The three hut stacks: build by tapping a hut (or one of its ways to pay). @param {Drawing} drawing */
  drawHuts({ turn, board, players, viewer, decision, legal, actions }) {
    clear(this.huts);
    const mine = viewer !== null && this.goodsShown(viewer) ? players[viewer] : null;
    const builds = (actions.build || []).filter((b) => legal.has(b.action));
    (board.huts || []).forEach((stack, index) => {
      const hut = stack.face_up;
      const box = h("div", { class: "saj-stack", role: "listitem" });
      if (!hut) {
        box.append(h("div", { class: "saj-stack-title" }, format(_("Stack {number}"), { number: index + 1 })), h("div", { class: "saj-stack-below" }, _("no hut left")));
        this.huts.append(box);
        return;
      }
      const can = mine && turn.phase === "play" && canPay(hut, mine);
      box.classList.toggle("saj-can", Boolean(can));
      box.append(icon(hutPicture(), { cls: "kids-icon kids-hut-big" }),
        h("div", { class: "saj-stack-title" }, format(_("Hut {number}"), { number: hut.number })),
        h("div", { class: "saj-stack-goods" }, hut.goods.map((good) => goodIcon(good, goodName(good)))),
        h("div", { class: "saj-stack-below" }, format(_("{count} below"), { count: stack.below })));
      if (can && !decision && turn.phase === "play") box.append(h("div", { class: "saj-can-flag" }, _("You can build it!")));
      const ways = builds.filter((b) => b.hut === hut.number);
      if (ways.length === 1) { // the whole hut is the button: a see-through cover over it, in its list item
        const hit = h("button", { type: "button", class: "saj-stack-hit" });
        on(hit, { action: ways[0].action, label: labelOf(decision, ways[0].action) || format(_("build hut {number}"), { number: hut.number }), ctx: this.ctx });
        hit.removeAttribute("role");
        box.classList.add("kids-legal");
        box.append(h("div", { class: "saj-can-flag" }, _("Tap to build!")), payment(ways[0].items), hit);
      } else if (ways.length > 1) {
        const list = h("div", { class: "saj-pay" }, h("div", { class: "saj-can-flag" }, _("Build with:")));
        for (const way of ways) {
          const button = h("button", { type: "button", class: "kids-big-button" }, payment(way.items));
          on(button, { action: way.action, label: labelOf(decision, way.action) || format(_("build hut {number}"), { number: hut.number }), ctx: this.ctx });
          button.removeAttribute("role");
          list.append(button);
        }
        box.append(list);
      }
      const stackWords = { number: index + 1, hut: hut.number, goods: hut.goods.map(goodName).join(", "), count: stack.below };
      box.setAttribute("aria-label", can ? format(_("Stack {number}: hut {hut} needs {goods}; {count} below; you can build it"), stackWords)
        : format(_("Stack {number}: hut {hut} needs {goods}; {count} below"), stackWords));
      this.huts.append(box);
    });
  }

  /** Buttons for the decisions that are not places: trading, not building, stay/travel in words. @param {Drawing} drawing */
  drawActions({ turn, board, players, viewer, decision, legal, actions }) {
    const box = this.actions;
    clear(box);
    if (!decision) {
      box.hidden = true;
      return;
    }
    const stage = turn.stage;
    const trade = actions.trade;
    if (stage === "trade" && trade) {
      box.hidden = false;
      const me = players[/** @type {number} */ (viewer)];
      const post = board.trading_post || {};
      box.append(h("p", { class: "kids-actions-title" }, icon(this.spaceSymbol("trading_post", 0, 0, 90), {}), _("Trading post: 1 for 1")));
      const giveRow = h("div", { class: "kids-button-row", role: "group", "aria-label": _("Give") });
      const takeRow = h("div", { class: "kids-button-row", role: "group", "aria-label": _("Take") });
      for (const good of GOODS) {
        const options = Object.values(trade[good] || {}).filter((a) => legal.has(a));
        const n = me.goods[good] || 0;
        const give = h("button", { type: "button", class: "kids-chip" }, goodIcon(good), `${n}`);
        if (options.length) {
          on(give, { label: format(_("give {good}, you have {count}"), { good: aWord(good), count: n }), ctx: this.ctx, selected: this.tradeGive === good,
            onPick: () => { this.tradeGive = this.tradeGive === good ? null : good; this.render(); } });
          give.removeAttribute("role");
        } else give.disabled = true;
        giveRow.append(give);
      }
      for (const good of GOODS) {
        const n = post[good] || 0;
        const take = h("button", { type: "button", class: "kids-chip" }, goodIcon(good), `${n}`);
        const action = this.tradeGive ? (trade[this.tradeGive] || {})[good] : undefined;
        if (action !== undefined && legal.has(action)) {
          on(take, { action, label: format(_("{choice}, {count} on the post"), { choice: labelOf(decision, action) || format(_("take {good}"), { good: aWord(good) }), count: n }), ctx: this.ctx });
          take.removeAttribute("role");
        } else take.disabled = true;
        takeRow.append(take);
      }
      box.append(h("p", { class: "kids-actions-sub" }, this.tradeGive ? format(_("You give {good}. Now take:"), { good: aWord(this.tradeGive) }) : _("1. Tap a good you give:")), giveRow,
        h("p", { class: "kids-actions-sub" }, _("2. …and the good you take from the post:")), takeRow);
      if (actions.stop_trading !== undefined && legal.has(actions.stop_trading)) {
        const stop = h("button", { type: "button", class: "kids-big-button kids-quiet-button" }, _("Stop trading"));
        on(stop, { action: actions.stop_trading, label: _("stop trading"), ctx: this.ctx });
        stop.removeAttribute("role");
        box.append(stop);
      }
      return;
    }
    if (stage === "build" && actions.pass !== undefined && legal.has(actions.pass)) {
      box.hidden = false;
      const canBuild = (actions.build || []).some((b) => legal.has(b.action));
      box.append(h("p", { class: "kids-actions-title" }, icon(hutPicture(), {}),
        canBuild ? _("Build a hut? Tap it in the huts below.") : _("No hut you can pay for now.")));
      const words = canBuild || !board.pile ? _("Don't build") : _("Don't build: take a goods card");
      const pass = h("button", { type: "button", class: "kids-big-button kids-quiet-button" }, words);
      on(pass, { action: actions.pass, label: board.pile ? _("Don't build: take a goods card") : words, ctx: this.ctx });
      pass.removeAttribute("role");
      box.append(pass);
      return;
    }
    if (stage === "martin" && actions.stay !== undefined) {
      box.hidden = false;
      box.append(h("p", { class: "kids-actions-title" }, icon(mammoth(), {}), _("Martin is here! Stay, or travel with him?")));
      const row = h("div", { class: "kids-button-row" });
      const stay = h("button", { type: "button", class: "kids-big-button" }, _("Stay"));
      on(stay, { action: actions.stay, label: labelOf(decision, actions.stay) || _("stay"), ctx: this.ctx });
      stay.removeAttribute("role");
      row.append(stay);
      for (const good of GOODS) {
        const action = (actions.travel || {})[good];
        if (action === undefined || !legal.has(action)) continue;
        const go = h("button", { type: "button", class: "kids-big-button kids-good-button" }, goodIcon(good), h("span", {}, toGood(good)));
        on(go, { action, label: labelOf(decision, action) || format(_("travel to {space}"), { space: spaceWords(good) }), ctx: this.ctx });
        go.removeAttribute("role");
        row.append(go);
      }
      box.append(row);
      return;
    }
    if (stage === "swap") {
      box.hidden = false;
      box.append(h("p", { class: "kids-actions-title" }, this.swapFirst === null
        ? _("Swap two forest tiles: tap one tile…") : format(_("…now tap the tile to swap with tile {number}."), { number: this.swapFirst + 1 })));
      return;
    }
    box.hidden = true;
  }

  /** Whether a seat's goods may be on screen (behind the settlement board otherwise). @param {number | null} seat @returns {boolean} */
  goodsShown(seat) {
    if (this.ctx.mode !== "play") return true; // watching or a replay: everything public is shown
    /** @type {SajTurn} */
    const turn = panel(this.view || {}, "turn").data || {};
    if (turn.phase === "over") return true; // the settlement boards come down at the end
    const viewer = this.view && this.view.viewer;
    if (seat !== viewer) return false;
    if (!this.hotseat.enabled) return true;
    return (this.hotseat.showing === seat && !this.hideMine) || this.peek;
  }

  /**
   * Every seat's settlement: huts, goods (hidden when not its own), dogs and cards.
   * @param {Drawing} drawing
   * @param {SajEvent[] | null} moves
   */
  drawPlayers({ turn, board, players, viewer }, moves) {
    const box = this.players;
    clear(box);
    const expansion = Boolean(board.pile);
    players.forEach((data, seat) => {
      const name = seatName(this.seats, seat);
      const mine = seat === viewer;
      const theirs = turn.phase === "play" && turn.player === seat;
      const winner = turn.winner === seat;
      const built = data.built || [];
      const card = playerCard({ seat, name, mine, theirs, winner, built, namedHuts: true });
      const where = board.figures ? board.figures[seat] : null;
      const dogs = data.dogs || 0;
      card.append(h("div", { class: "saj-where" }, where ? format(_("on {space}"), { space: spaceWords(where) }) : ""));
      const shown = this.goodsShown(seat);
      const goods = h("div", { class: "saj-goods" });
      const total = GOODS.reduce((n, g2) => n + (data.goods[g2] || 0), 0);
      let words;
      if (shown) {
        for (const good of GOODS) {
          const n = data.goods[good] || 0;
          goods.append(h("span", { class: `kids-chip${n ? "" : " kids-empty"}`, "data-good": good }, goodIcon(good, goodName(good)), `${n}`));
        }
        words = GOODS.filter((g2) => data.goods[g2]).map((g2) => countWord(data.goods[g2], g2)).join(", ") || _("no goods");
      } else {
        goods.append(h("span", { class: "kids-chip kids-chip-hidden" }, icon(s("g", {},
          s("rect", { x: -34, y: -30, width: 68, height: 60, rx: 10, fill: "#a07850", stroke: "#5b3413", "stroke-width": 5 }),
          s("path", { d: "M-34 -6 L34 -6 M-34 12 L34 12", stroke: "#5b3413", "stroke-width": 4 })), {}), format(ngettext("{count} good", "{count} goods", total), { count: total })));
        words = format(ngettext("{count} good (hidden)", "{count} goods (hidden)", total), { count: total });
      }
      for (let i = 0; i < dogs; i++) goods.append(h("span", { class: "kids-chip" }, icon(dog(), { label: _("a dog") })));
      if (expansion) {
        for (const c of data.cards_public || []) goods.append(h("span", { class: "kids-chip kids-chip-card" }, goodIcon(c === "guff" ? "guff" : c, format(_("{good} card (known to all)"), { good: goodName(c) })), _("card")));
        for (const c of data.cards_hidden || []) {
          if (c === "hidden" || !shown) goods.append(h("span", { class: "kids-chip kids-chip-card" }, icon(s("g", { transform: "translate(-30 -40)" }, meadowBack(60, 80)), { label: _("a face-down goods card"), cls: "kids-icon" }), _("card")));
          else goods.append(h("span", { class: "kids-chip kids-chip-card" }, goodIcon(c === "guff" ? "guff" : c, format(_("your {good} card"), { good: goodName(c) })), _("card")));
        }
      }
      card.append(goods);
      if (mine && this.hotseat.enabled && this.ctx.mode === "play" && this.hotseat.passing === null) {
        const peek = h("button", { type: "button", class: "kids-peek" }, shown ? _("Hide my goods") : _("Tap to see my goods"));
        peek.addEventListener("click", () => {
          if (shown) { this.peek = false; this.hideMine = true; } else { this.peek = true; this.hideMine = false; }
          this.render();
        });
        card.append(peek);
      }
      const seatWords = { name, count: built.length, space: where ? spaceWords(where) : pgettext("board space", "the board"), goods: words };
      let label = mine ? format(_("{name} (you): {count} of 3 huts built; on {space}; {goods}"), seatWords)
        : format(_("{name}: {count} of 3 huts built; on {space}; {goods}"), seatWords);
      if (dogs) label = format(ngettext("{seat}; {count} dog", "{seat}; {count} dogs", dogs), { seat: label, count: dogs });
      card.setAttribute("aria-label", label);
      box.append(card);
      if (moves && moves.some((e) => e.player === seat && (e.event === "build" || e.event === "take" || e.event === "dog"))) pulse(card);
    });
  }

  /** The banner: the winner, what to do now, or what just happened. @param {Drawing} drawing */
  drawBanner({ turn, board, players, viewer, decision, legal, actions }) {
    if (turn.phase === "over" || turn.stage === "game_over") {
      const w = turn.winner;
      this.banner.set(w === viewer && w !== null ? _("You win!") : w !== null && w !== undefined ? format(_("{name} wins!"), { name: seatName(this.seats, w) }) : _("The game is over."),
        _("Three huts built — hooray!"), "win");
      return;
    }
    if (decision) {
      const who = seatName(this.seats, /** @type {number} */ (viewer));
      const stage = turn.stage;
      if (stage === "turn") {
        const me = players[/** @type {number} */ (viewer)];
        const can = this.goodsShown(viewer) && (board.huts || []).some((st) => st.face_up && me && canPay(st.face_up, me));
        this.banner.set(format(_("Your turn, {name}!"), { name: who }),
          can ? _("Turn up a forest tile. You can build a hut: find the building site!") : _("Turn up a forest tile: tap one."), "go");
      } else if (stage === "martin") this.banner.set(_("Martin the mammoth is here!"), _("Stay, or tap a goods space to travel with him."), "happy");
      else if (stage === "trade") this.banner.set(_("Trade at the trading post"), _("Give one of your goods, take one from the post."), "go");
      else if (stage === "build") {
        const can = (actions.build || []).some((b) => legal.has(b.action));
        this.banner.set(can ? _("Build a hut?") : _("You are on the building site"), can ? _("Tap a hut you can pay for.") : _("No hut you can pay for now."), "go");
      } else if (stage === "swap") this.banner.set(_("All tiles are face down again!"), _("Swap two tiles: tap one, then another. Remember where they go!"), "look");
      else this.banner.set(decision.prompt);
      return;
    }
    const news = this.news || [];
    const lines = /** @type {string[]} */ (news.map((e) => this.newsLine(e, viewer)).filter(Boolean));
    if (lines.length) {
      const important = news.some((e) => e.event === "build") ? "happy" : news.some((e) => e.event === "reveal" || e.event === "reset") ? "look" : "wait";
      this.banner.set(lines[0], lines.slice(1, 3).join(" "), important);
      return;
    }
    if (turn.player !== null && turn.player !== undefined && turn.phase === "play") this.banner.set(format(_("{name}'s turn"), { name: seatName(this.seats, turn.player) }), "", "wait");
    else this.banner.set(_("Getting ready…"));
  }

  /**
   * One line of what just happened; the viewer's own moves say "You".
   * @param {SajEvent} e
   * @param {number | null} viewer
   * @returns {string | null}
   */
  newsLine(e, viewer) {
    const you = "player" in e && e.player === viewer;
    const p = { name: "player" in e ? seatName(this.seats, /** @type {number} */ (e.player)) : "" };
    const say = (/** @type {string} */ mine, /** @type {string} */ theirs, /** @type {Record<string, unknown>} */ more = {}) =>
      format(you ? mine : theirs, { ...p, ...more });
    const text = (/** @type {string | null | undefined} */ value) => /** @type {string} */ (value);
    const places = /** @type {[number, number]} */ (e.places);
    switch (e.event) {
      case "reveal": return say(_("You turn up {tile}!"), _("{name} turns up {tile}!"), { tile: tileWords(text(e.tile)) });
      case "move": return say(_("You go to {space}."), _("{name} goes to {space}."), { space: spaceWords(text(e.space)) });
      case "stay": return say(_("You stay with Martin."), _("{name} stays with Martin."));
      case "travel": return say(_("You travel with Martin to {space}."), _("{name} travels with Martin to {space}."), { space: spaceWords(text(e.space)) });
      case "take": return say(_("You take {good}."), _("{name} takes {good}."), { good: aWord(text(e.good)) });
      case "empty": return cap(format(_("{space} is empty."), { space: spaceWords(text(e.good)) }));
      case "trade": return say(_("You trade {give} for {take}."), _("{name} trades {give} for {take}."), { give: aWord(text(e.give)), take: aWord(text(e.take)) });
      case "stop_trading": return say(_("You stop trading."), _("{name} stops trading."));
      case "dog":
        if (e.from === null || e.from === undefined) return say(_("You take a dog!"), _("{name} takes a dog!"));
        return say(_("You take a dog from {other}!"), _("{name} takes a dog from {other}!"), { other: seatName(this.seats, e.from) });
      case "no_dog": return say(_("You already have both dogs."), _("{name} already has both dogs."));
      case "build": return say(_("You build hut {hut}!"), _("{name} builds hut {hut}!"), { hut: e.hut });
      case "pass": return say(_("You do not build."), _("{name} does not build."));
      case "draw":
        if (!e.card) return say(_("You take a goods card."), _("{name} takes a goods card."));
        return say(_("You take a goods card ({card})."), _("{name} takes a goods card ({card})."), { card: aWord(e.card) });
      case "no_card": return _("The goods-card pile is empty.");
      case "reset": return _("All forest tiles are turned face down.");
      case "swap": return say(_("You swap tiles {first} and {second}."), _("{name} swaps tiles {first} and {second}."), { first: places[0] + 1, second: places[1] + 1 });
      case "hut": return format(_("Hut {number} turns face up."), { number: e.hut });
      case "win": return say(_("You win!"), _("{name} wins!"));
      default: return null;
    }
  }
}

/** A payment as icons: goods tiles, goods cards (dashed), dogs, the Guff card. @param {string[]} items @returns {HTMLSpanElement} */
function payment(items) {
  const row = h("span", { class: "saj-stack-goods" });
  for (const item of items) {
    if (item === "dog") row.append(icon(dog(), { label: _("a dog") }));
    else if (item === "guff") row.append(icon(dog(), { label: _("the Guff card") }));
    else if (item.endsWith("_card")) {
      const good = item.slice(0, -5);
      row.append(h("span", { class: "kids-chip kids-chip-card" }, goodIcon(good, format(_("{good} card"), { good: aWord(good) }))));
    } else row.append(goodIcon(item, aWord(item)));
  }
  return row;
}

/** A die's pips for ``n``, in a ``size`` square. @param {number} n @param {number} size @returns {SVGCircleElement[]} */
function pips(n, size) {
  const c = size / 2;
  const d = size * 0.25;
  /** @type {Record<number, [number, number][]>} */
  const all = {
    1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
  };
  const spots = all[n] || [];
  return spots.map(([x, y]) => s("circle", { cx: c + x * d, cy: c + 2 + y * d, r: size * 0.085, fill: "#5b3413" }));
}

/** "to the berry": where Martin may take a figure (a button's words, in the page's language). @param {string} good @returns {string} */
function toGood(good) {
  switch (good) {
    case "berry": return _("to the berry");
    case "fish": return _("to the fish");
    case "jug": return _("to the jug");
    case "arrowhead": return _("to the arrowhead");
    case "tooth": return _("to the tooth");
    default: return `to the ${good}`;
  }
}
