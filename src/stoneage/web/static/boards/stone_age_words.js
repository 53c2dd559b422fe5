// @ts-check
// Stone Age's board in words: the page's language (i18n.js), each text translated where it is made,
// as whole sentences with {name} fields; names of places, goods and cards through small functions
// that call _() with the literal word (Babel's extractor reads only plain calls with one literal).

import { _, format, ngettext, pgettext } from "../i18n.js";
import { AREAS, buildingCost, cardLine, playerCards } from "./stone_age_model.js";

/**
 * A location's name on the board ("Hunting grounds", "Tool maker").
 * @param {string} key
 * @returns {string}
 */
export function areaTitle(key) {
  switch (key) {
    case "hunt": return _("Hunting grounds");
    case "forest": return _("Forest");
    case "claypit": return _("Clay pit");
    case "quarry": return _("Quarry");
    case "river": return _("River");
    case "toolmaker": return _("Tool maker");
    case "hut": return _("Hut");
    case "field": return _("Field");
    default: return key;
  }
}

/**
 * A location in a sentence ("the hunting grounds": "rolled at the hunting grounds").
 * @param {string} key
 * @returns {string}
 */
export function areaThe(key) {
  switch (key) {
    case "hunt": return pgettext("board place", "the hunting grounds");
    case "forest": return pgettext("board place", "the forest");
    case "claypit": return pgettext("board place", "the clay pit");
    case "quarry": return pgettext("board place", "the quarry");
    case "river": return pgettext("board place", "the river");
    default: return key;
  }
}

/**
 * What a village location gives ("+1 tool").
 * @param {string} key
 * @returns {string}
 */
export function areaGives(key) {
  switch (key) {
    case "toolmaker": return _("+1 tool");
    case "hut": return _("+1 figure");
    case "field": return _("+1 agriculture");
    default: return "";
  }
}

/**
 * A good or resource by its key ("food", "wood", "clay", "stone", "gold").
 * @param {string} key
 * @returns {string}
 */
export function goodWord(key) {
  switch (key) {
    case "food": return _("food");
    case "wood": return _("wood");
    case "clay": return _("clay");
    case "stone": return _("stone");
    case "gold": return _("gold");
    default: return key;
  }
}

/**
 * A seat's shape (each seat has one as well as its colour).
 * @param {number} seat
 * @returns {string}
 */
export function shapeName(seat) {
  switch (seat % 4) {
    case 0: return pgettext("shape", "circle");
    case 1: return pgettext("shape", "square");
    case 2: return pgettext("shape", "triangle");
    default: return pgettext("shape", "diamond");
  }
}

/**
 * The phase in words ("placing figures").
 * @param {string} phase
 * @returns {string}
 */
export function phaseWords(phase) {
  switch (phase) {
    case "setup": return _("setting up");
    case "placement": return _("placing figures");
    case "actions": return _("taking actions");
    case "taming": return _("taming the mammoth");
    case "feeding": return _("feeding");
    case "over": return _("game over");
    default: return phase || "";
  }
}

/**
 * A culture symbol of the green cards ("art").
 * @param {string} symbol
 * @returns {string}
 */
export function symbolWord(symbol) {
  switch (symbol) {
    case "pottery": return _("pottery");
    case "writing": return _("writing");
    case "sundial": return _("sundial");
    case "transport": return _("transport");
    case "medicine": return _("medicine");
    case "weaving": return _("weaving");
    case "art": return _("art");
    case "music": return _("music");
    default: return symbol;
  }
}

/**
 * The sand cards' figures as a player holds them ("2 farmers").
 * @param {string} kind
 * @param {number} n
 * @returns {string}
 */
export function sandWords(kind, n) {
  switch (kind) {
    case "farmer": return format(ngettext("{count} farmer", "{count} farmers", n), { count: n });
    case "toolmaker": return format(ngettext("{count} tool maker", "{count} tool makers", n), { count: n });
    case "hutbuilder": return format(ngettext("{count} hut builder", "{count} hut builders", n), { count: n });
    default: return format(ngettext("{count} shaman", "{count} shamans", n), { count: n });
  }
}

/**
 * A part of the final score by its key in the breakdown ("card_points").
 * @param {string} key
 * @returns {string}
 */
export function scorePart(key) {
  switch (key) {
    case "buildings": return _("buildings");
    case "card_points": return _("card points");
    case "penalties": return _("penalties");
    case "green": return _("green");
    case "farmers": return _("farmers");
    case "tool_makers": return _("tool makers");
    case "hut_builders": return _("hut builders");
    case "shamans": return _("shamans");
    case "resources": return _("resources");
    case "mammoth": return _("mammoth");
    default: return key.replace(/_/g, " ");
  }
}

/** "3 resources" (counted for a card space's cost). */
export const resourcesWord = (/** @type {number} */ n) => format(ngettext("{count} resource", "{count} resources", n), { count: n });
/** "3 figures". */
export const figuresWord = (/** @type {number} */ n) => format(ngettext("{count} figure", "{count} figures", n), { count: n });
/** "3 tiles". */
export const tilesWord = (/** @type {number} */ n) => format(ngettext("{count} tile", "{count} tiles", n), { count: n });

/** The words the drawing uses, each translated when called (one plain gettext call per message, as
 *  Babel's extractor reads them; never inside a template literal's ${…}). */
export const SAY = {
  roundPhaseStatus: () => _("Round {round}: {phase}. {status}"),
  firstPlayerName: () => _("First player: {name}"),
  cardsLeftInDeck: (/** @type {number} */ n) => ngettext("{count} card left in the deck", "{count} cards left in the deck", n),
  diceForAllDiceLeft: () => _("Dice for all: dice left {faces}"),
  diceForAll: () => _("Dice for all"),
  nameTakesADie: () => _("{name} takes a die"),
  noDiceRolledYet: () => _("No dice rolled yet"),
  oneDiePerPlayer: () => _("one die per player"),
  tamingRolls: () => _("Taming rolls"),
  rulesOfThisPlace: () => _("Rules of this place"),
  oneDiePerFigureTotal: () => _("one die per figure; total ÷ {divisor} = {good}"),
  theMammothHerdIsHere: () => _("The mammoth herd is here"),
  nameFigures: () => _("{name}: {figures}"),
  civilizationCards: () => _("Civilization cards"),
  buildings: () => _("Buildings"),
  costsResources: (/** @type {number} */ n) => ngettext("Costs {count} resource of any kinds", "Costs {count} resources of any kinds", n),
  empty: () => _("empty"),
  countLeft: () => _("{count} left"),
  pointsAsShown: () => _("points as shown"),
  pointsValue: () => _("points = value"),
  mammothHerd: () => _("Mammoth herd"),
  bonusBonusText: () => _("{bonus} bonus: {text}"),
  tilesLeftNextBack: (/** @type {number} */ n) => ngettext("{count} tile left in the pile; the next tile's back shows {resource}", "{count} tiles left in the pile; the next tile's back shows {resource}", n),
  tilesLeftInPile: (/** @type {number} */ n) => ngettext("{count} tile left in the pile", "{count} tiles left in the pile", n),
  countLeftNextResource: () => _("{count} left, next {resource}"),
  tilesWon: () => _("Tiles won"),
  nameTilesOnTile: () => _("{name}: {tiles}, {figures} on the bonus tile"),
  nameTiles: () => _("{name}: {tiles}"),
  finalScoresScores: () => _("Final scores: {scores}"),
  finalScores: () => _("Final scores"),
  firstPlayerThisRound: () => _("First player this round"),
  winner: () => _("Winner"),
  finalScoreCountPoint: (/** @type {number} */ n) => ngettext("Final score: {count} point", "Final score: {count} points", n),
  scoreCountPoint: (/** @type {number} */ n) => ngettext("Score: {count} point", "Score: {count} points", n),
  figuresAtHome: () => _("{figures}, {count} at home"),
  figures: () => _("Figures"),
  countHomeHome: () => _("{count} ({home} home)"),
  foodFood: () => _("Food {food}"),
  foodShort: () => _("Food {food}; the next feeding needs {need} ({figures} figures − agriculture {agriculture}): {count} short"),
  foodEnough: () => _("Food {food}; the next feeding needs {need} ({figures} figures − agriculture {agriculture}): enough"),
  agricultureCount: () => _("Agriculture {count}"),
  resourceCount: () => _("{resource}: {count}"),
  tools: () => _("Tools"),
  none: () => _("none"),
  countUsed: () => _("{count} used"),
  faceDown: () => _("face down"),
  buildingsCountKinds: () => _("Buildings: {count} ({kinds})"),
  buildingsCount: () => _("Buildings: {count}"),
  countPtsFromBonuses: () => _("+{count} pts from bonuses"),
  countOnTile: () => _("{count} on tile"),
  starvedCountPointsPoints: () => _("Starved {count}× (−{points} points)"),
};


/** The reward of each die of dice for all, by its face (1 wood … agriculture +1). */
export const pickReward = (/** @type {number} */ face) => [_("1 wood"), _("1 clay"), _("1 stone"), _("1 gold"), _("a tool step"), _("agriculture +1")][face - 1] || "";

/**
 * The label of a die of dice for all on the board ("take the die showing 3: 1 stone").
 * @param {number} face
 * @returns {string}
 */
export const pickLabel = (face) => format(_("take the die showing {face}: {reward}"), { face, reward: pickReward(face) });

/**
 * ``n`` of a resource ("2 clay").
 * @param {number} n
 * @param {string} r
 * @returns {string}
 */
export const amountWord = (n, r) => format(_("{count} {resource}"), { count: n, resource: goodWord(r) });

/**
 * @typedef {{fixed: boolean, short: string, words: string, cost?: Record<string, number>, points?: number,
 *   count?: number | null, kinds?: number}} BuildingKind
 */

/**
 * A building tile's kind in words (short, and in full) with its data.
 * @param {string | null | undefined} kind
 * @returns {BuildingKind | null}
 */
export function buildingKind(kind) {
  const b = buildingCost(kind);
  if (!b || !kind) return null;
  if (b.fixed) {
    const words = Object.keys(b.cost).filter((r) => b.cost[r]).map((r) => amountWord(b.cost[r], r)).join(" + ");
    return { fixed: true, cost: b.cost, points: b.points, short: words,
      words: format(ngettext("{cost} → {count} point", "{cost} → {count} points", b.points), { cost: words, count: b.points }) };
  }
  if ("kinds" in b) {
    const { count, kinds } = b;
    return { fixed: false, count, kinds,
      short: format(ngettext("{count} of {kinds} kind", "{count} of {kinds} kinds", kinds), { count, kinds }),
      words: kinds === 1 ? format(_("{count} resources of exactly 1 kind → their value"), { count })
        : format(_("{count} resources of exactly {kinds} different kinds → their value"), { count, kinds }) };
  }
  if ("low" in b) {
    return { fixed: false, count: null, short: format(_("{low}–{high} of any"), { low: b.low, high: b.high }),
      words: format(_("{low} to {high} resources of any kinds → their value"), { low: b.low, high: b.high }) };
  }
  return { fixed: false, short: kind, words: kind };
}

/**
 * A player's civilization cards in words, from the card numbers the view holds: ``green`` ("art music
 * music", sorted) and ``sand`` ("2 farmers, 1 shaman"), "none" for none; {} when they are face down to
 * this viewer.
 * @param {{cards?: number[], secret_cards?: number[] | number, card_count?: number}} p
 * @returns {{green?: string, greens?: string[], sand?: string, sands?: [string, number][]}}
 */
export function playerWords(p) {
  const cards = playerCards(p);
  if (!cards) return {};
  const { greens, sands } = cards;
  return { green: greens.length ? greens.map(symbolWord).join(" ") : _("none"), greens,
    sand: sands.length ? sands.map(([k, n]) => sandWords(k, n)).join(", ") : _("none"), sands };
}

/**
 * A card's words from the board panel's line for it (found by the card's number): its top effect and
 * bottom; "card 23" when no line names it.
 * @param {string[]} lines
 * @param {number} id
 * @returns {{top: string, bottom: string}}
 */
export function cardWords(lines, id) {
  return cardLine(lines, id) || { top: id ? format(_("card {number}"), { number: id }) : "", bottom: "" };
}

// --- rules of the locations (short texts for hover, focus and tap) ---------------------------------

/**
 * @typedef {{players?: number, herd?: any, lines?: string[], display?: ({card: number} | null)[], stacks?: ({top: string | null, left: number} | null)[]}} RuleContext
 */

/**
 * The rule of a location in words.
 * @param {string} key
 * @param {RuleContext} ctx
 * @returns {string}
 */
export function ruleOf(key, ctx) {
  const { players = 4, herd = null, lines = [], display = [], stacks = [] } = ctx;
  const area = AREAS[key];
  if (area && area.div) {
    let text = format(_("{place}: roll one die per figure, {good} = total ÷ {divisor} (rounded down);"),
      { place: areaTitle(key), good: goodWord(area.good || ""), divisor: area.div }) + " ";
    if (key === "hunt") text += _("any number of figures.");
    else {
      text += players === 2 ? _("at most 7 figures, and only one player here with 2 players.") :
        players === 3 ? _("at most 7 figures, and at most two players here with 3 players.") : _("at most 7 figures.");
    }
    text += " " + _("Tools may be added after the roll.");
    if (herd && herd.herd === key && herd.bonus) {
      text += " " + format(_("The mammoth herd is here: after your roll you may move figures onto bonus tile {tile} for 1 food or resource each."),
        { tile: herd.bonus_tile });
    }
    return text;
  }
  if (key === "toolmaker") return _("Tool maker: 1 figure. One tool step: a new tool of value 1 (up to 3 tools), else your lowest tool +1 (up to 4).") + few(players);
  if (key === "hut") return _("Hut: exactly 2 figures. You gain a figure (up to 10); it must be fed.") + few(players);
  if (key === "field") return _("Field: 1 figure. Agriculture +1 (up to 10): each level feeds one figure every round.") + few(players);
  if (key.startsWith("card")) {
    const slot = +key.slice(4) - 1;
    const entry = display[slot];
    let text = format(ngettext("Card space {number}: 1 figure. Pay {count} resource of any kinds to take the card, or decline.",
      "Card space {number}: 1 figure. Pay {count} resources of any kinds to take the card, or decline.", slot + 1), { number: slot + 1, count: slot + 1 });
    if (entry) {
      const w = cardWords(lines, entry.card);
      const card = { number: entry.card, top: w.top, bottom: w.bottom };
      text += " " + (w.bottom ? format(_("Card {number}: {top}; at the end: {bottom}."), card) : format(_("Card {number}: {top}."), card));
    } else text += " " + _("The space is empty.");
    return text;
  }
  if (key.startsWith("building")) {
    const stack = +key.slice(8) - 1;
    const entry = stacks[stack];
    let text = format(_("Building stack {number}: 1 figure. Pay for the top tile to score it, or decline."), { number: stack + 1 });
    if (entry?.top) {
      text += " " + format(ngettext("Top tile: {tile}. {count} tile left.", "Top tile: {tile}. {count} tiles left.", entry.left),
        { tile: buildingKind(entry.top)?.words ?? entry.top, count: entry.left });
      text += " " + _("Resources are worth wood 3, clay 4, stone 5, gold 6.");
    } else text += " " + _("The stack is empty.");
    return text;
  }
  if (key === "mammoth") {
    return _("Mammoth herd: after gathering in the herd's area you may move some of those figures onto the bonus tile (1 food or resource each). Before feeding, those on the tile roll one die per figure: the highest single die wins the tile and its \"1\" or \"all\" bonus. Most tiles at the end: 10 points.");
  }
  return "";
}

/**
 * The note on the village with fewer than 4 players.
 * @param {number} players
 * @returns {string}
 */
function few(players) {
  return players < 4 ? " " + format(_("With {count} players only two of tool maker, hut and field are used each round."), { count: players }) : "";
}

