// Stone Age: the board in SVG, drawn from the view model only (boards/README.md).
//
// The board: every location with its figures (one shape per seat as well as its colour), the four
// card spaces with their costs and cards (number from the data, effects in words from the board
// panel's lines), the building stacks (top tile, tiles left), the Mammoth Herd when its panel is
// there, the dice of the latest roll, and one board per player. Locations offered by the pending
// decision are highlighted and can be played by click, tap or keyboard.
//
// Every word is the page's language (i18n.js), translated where it is drawn. What the board reads
// of the server's words (a card's effect in the board panel) it finds by numbers, never by English.

import { _, format, ngettext, pgettext } from "../i18n.js";

const NS = "http://www.w3.org/2000/svg";
const TERMINAL = -4;
const LOCS = ["hunt", "forest", "claypit", "quarry", "river", "toolmaker", "hut", "field",
  "card1", "card2", "card3", "card4", "building1", "building2", "building3", "building4"];
const RES = ["wood", "clay", "stone", "gold"];
const RES_VALUE = { wood: 3, clay: 4, stone: 5, gold: 6 };
const AREAS = {
  hunt: { good: "food", div: 2 },
  forest: { good: "wood", div: 3 },
  claypit: { good: "clay", div: 4 },
  quarry: { good: "stone", div: 5 },
  river: { good: "gold", div: 6 },
  toolmaker: { spots: 1, icon: "tool" },
  hut: { spots: 2, icon: "hut" },
  field: { spots: 1, icon: "wheat" },
};
const PLACE_WORDS = { "the hunting grounds": "hunt", "the forest": "forest", "the clay pit": "claypit",
  "the quarry": "quarry", "the river": "river" };

/** A location's name on the board ("Hunting grounds", "Tool maker"). */
function areaTitle(key) {
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

/** A location in a sentence ("the hunting grounds": "rolled at the hunting grounds"). */
function areaThe(key) {
  switch (key) {
    case "hunt": return pgettext("board place", "the hunting grounds");
    case "forest": return pgettext("board place", "the forest");
    case "claypit": return pgettext("board place", "the clay pit");
    case "quarry": return pgettext("board place", "the quarry");
    case "river": return pgettext("board place", "the river");
    default: return key;
  }
}

/** What a village location gives ("+1 tool"). */
function areaGives(key) {
  switch (key) {
    case "toolmaker": return _("+1 tool");
    case "hut": return _("+1 figure");
    case "field": return _("+1 agriculture");
    default: return "";
  }
}

/** A good or resource by its key ("food", "wood", "clay", "stone", "gold"). */
function goodWord(key) {
  switch (key) {
    case "food": return _("food");
    case "wood": return _("wood");
    case "clay": return _("clay");
    case "stone": return _("stone");
    case "gold": return _("gold");
    default: return key;
  }
}

/** A seat's shape (each seat has one as well as its colour). */
function shapeName(seat) {
  switch (seat % 4) {
    case 0: return pgettext("shape", "circle");
    case 1: return pgettext("shape", "square");
    case 2: return pgettext("shape", "triangle");
    default: return pgettext("shape", "diamond");
  }
}

/** The phase in words ("placing figures"). */
function phaseWords(phase) {
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

/** A culture symbol of the green cards ("art"). */
function symbolWord(symbol) {
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

/** The sand cards' figures as a player holds them ("2 farmers"). */
function sandWords(kind, n) {
  switch (kind) {
    case "farmer": return format(ngettext("{count} farmer", "{count} farmers", n), { count: n });
    case "toolmaker": return format(ngettext("{count} tool maker", "{count} tool makers", n), { count: n });
    case "hutbuilder": return format(ngettext("{count} hut builder", "{count} hut builders", n), { count: n });
    default: return format(ngettext("{count} shaman", "{count} shamans", n), { count: n });
  }
}

/** A part of the final score by its key in the breakdown ("card_points"). */
function scorePart(key) {
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
const resourcesWord = (n) => format(ngettext("{count} resource", "{count} resources", n), { count: n });
/** "3 figures". */
const figuresWord = (n) => format(ngettext("{count} figure", "{count} figures", n), { count: n });
/** "3 tiles". */
const tilesWord = (n) => format(ngettext("{count} tile", "{count} tiles", n), { count: n });

/** The civilization cards (games/stone_age/data.py CARDS), what the board draws of them:
 *  [top effect's icon, green symbol or null, sand figure or null, sand figures]. */
const CARDS = [null,
  ["dice", "pottery"], ["dice", "writing"], ["dice", "sundial"], ["dice", "transport"],
  ["dice", null, "hutbuilder", 1], ["dice", null, "hutbuilder", 2], ["dice", null, "toolmaker", 2],
  ["dice", null, "toolmaker", 2], ["dice", null, "farmer", 1], ["dice", null, "farmer", 2],
  ["food", "pottery"], ["food", null, "hutbuilder", 2], ["food", null, "hutbuilder", 1], ["food", "medicine"],
  ["food", "weaving"], ["food", "weaving"], ["food", null, "farmer", 2], ["stone", null, "farmer", 1],
  ["stone", "transport"], ["stone", null, "shaman", 1], ["gold", null, "shaman", 1], ["clay", null, "shaman", 2],
  ["roll-gold", "art"], ["roll-wood", null, "shaman", 2], ["roll-stone", null, "shaman", 1],
  ["star", null, "hutbuilder", 3], ["star", "music"], ["star", "music"], ["tool", "art"],
  ["wheat", null, "farmer", 1], ["wheat", "sundial"], ["cardback", "writing"], ["tool", null, "toolmaker", 1],
  ["tool", null, "toolmaker", 1], ["tool", null, "toolmaker", 2], ["two", "medicine"],
];
const cardInfo = (id) => CARDS[id] || null;
const REDUCED = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
const ROLL_MS = 900;

/** The words drawn inside the SVG templates, translated when called (gettext calls stay out of
 *  template literals, whose ${…} Babel's extractor does not read). */
const SAY = {
  roundPhaseStatus: () => _("Round {round}: {phase}. {status}"),
  firstPlayerName: () => _("First player: {name}"),
  cardsLeftInDeck: (n) => ngettext("{count} card left in the deck", "{count} cards left in the deck", n),
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
  costsResources: (n) => ngettext("Costs {count} resource of any kinds", "Costs {count} resources of any kinds", n),
  empty: () => _("empty"),
  countLeft: () => _("{count} left"),
  pointsAsShown: () => _("points as shown"),
  pointsValue: () => _("points = value"),
  mammothHerd: () => _("Mammoth herd"),
  bonusBonusText: () => _("{bonus} bonus: {text}"),
  tilesLeftNextBack: (n) => ngettext("{count} tile left in the pile; the next tile's back shows {resource}", "{count} tiles left in the pile; the next tile's back shows {resource}", n),
  tilesLeftInPile: (n) => ngettext("{count} tile left in the pile", "{count} tiles left in the pile", n),
  countLeftNextResource: () => _("{count} left, next {resource}"),
  tilesWon: () => _("Tiles won"),
  nameTilesOnTile: () => _("{name}: {tiles}, {figures} on the bonus tile"),
  nameTiles: () => _("{name}: {tiles}"),
  finalScoresScores: () => _("Final scores: {scores}"),
  finalScores: () => _("Final scores"),
  firstPlayerThisRound: () => _("First player this round"),
  winner: () => _("Winner"),
  finalScoreCountPoint: (n) => ngettext("Final score: {count} point", "Final score: {count} points", n),
  scoreCountPoint: (n) => ngettext("Score: {count} point", "Score: {count} points", n),
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

// --- small helpers --------------------------------------------------------------------------------

const esc = (v) => String(v ?? "").replace(/[&<>"']/g, (c) => (
  { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);
const panelOf = (view, name) => (view?.panels || []).find((p) => p.name === name) || null;
/** The move number of a view: that of its latest events (0 before the first move). */
const moveOf = (view) => Math.max(0, ...(view?.events || []).map((e) => (Number.isFinite(e?.number) ? e.number : 0)));

/** The width of ``text`` in Latin characters: a Hangul or other wide character counts nearly two. */
function chars(text) {
  let n = 0;
  for (const c of String(text)) n += c.codePointAt(0) >= 0x1100 ? 1.8 : 1;
  return n;
}

/** Break ``text`` into lines of at most ``width`` characters (``max`` lines, the last cut with …). */
function wrap(text, width, max = 3) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    if (line && chars(line + " " + word) > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? line + " " + word : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    kept[max - 1] = clipChars(kept[max - 1], width);
    return kept;
  }
  return lines;
}

/** The start of ``text`` that fits ``width - 1`` characters (as ``chars`` counts them), then …. */
function clipChars(text, width) {
  let out = "";
  for (const c of String(text)) {
    if (chars(out + c) > width - 1) break;
    out += c;
  }
  return out + "…";
}

function textLines(lines, x, y, size, step, attrs = "") {
  return lines.map((l, i) => `<text x="${x}" y="${y + i * step}" font-size="${size}" ${attrs}>${esc(l)}</text>`).join("");
}

let measurer = null;
let fontFamily = "sans-serif";
const widths = new Map();
/** The width of ``text`` in the board's font at ``size`` (SVG units are CSS pixels before scaling). */
function tw(text, size, bold = true) {
  const key = `${bold ? "b" : "n"}${size}|${text}`;
  if (widths.has(key)) return widths.get(key);
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

/** The largest font size (down to ``min``) at which ``text`` fits ``width``. */
function fitSize(text, size, width, min = 11, bold = true) {
  let s = size;
  while (s > min && tw(text, s, bold) > width) s -= 1;
  return s;
}

function clip(text, n) {
  const s = String(text ?? "");
  return s.length > n ? s.slice(0, n - 1) + "…" : s;
}

// --- dice -----------------------------------------------------------------------------------------

const WAYS = [[1]];
/** How many ordered rolls of ``n`` dice sum to ``s``. */
function ways(n, s) {
  for (let k = WAYS.length; k <= n; k++) {
    const row = new Array(6 * k + 1).fill(0);
    WAYS[k - 1].forEach((w, t) => { for (let f = 1; f <= 6; f++) row[t + f] += w; });
    WAYS.push(row);
  }
  return s < 0 || s >= WAYS[n].length ? 0 : WAYS[n][s];
}

/** ``n`` faces summing to ``sum``, drawn uniformly among all such rolls (``null`` if impossible). */
export function facesForSum(n, sum, random = Math.random) {
  if (!(n >= 1 && n <= 40) || ways(n, sum) === 0) return null;
  const faces = [];
  let left = sum;
  for (let k = n; k >= 1; k--) {
    const total = ways(k, left);
    let pick = random() * total;
    for (let f = 1; f <= 6; f++) {
      const w = ways(k - 1, left - f);
      if (pick < w || f === 6) {
        if (w === 0) continue;
        faces.push(f);
        left -= f;
        break;
      }
      pick -= w;
    }
  }
  return faces.length === n ? faces : null;
}

const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };

function dieInner(face, s) {
  const c = s / 2;
  const d = s * 0.27;
  const r = s * 0.09;
  return `<rect class="sa-die-body" x="0" y="0" width="${s}" height="${s}" rx="${s * 0.18}"/>` +
    (PIPS[face] || []).map(([dx, dy]) => `<circle class="sa-pip" cx="${c + dx * d}" cy="${c + dy * d}" r="${r}"/>`).join("");
}

function die(face, x, y, s, extra = "") {
  return `<g class="sa-die" transform="translate(${x} ${y})" data-face="${face}" ${extra}>` +
    `<g class="sa-die-spin">${dieInner(face, s)}</g></g>`;
}

// --- parsing what the view says in words ------------------------------------------------------------

/** A roll in the events of an update: {seat, where, n, sum} or {seat, faces} or groups of faces. */
function rollsIn(events, prevView, view) {
  const out = [];
  const prevPending = panelOf(prevView, "round")?.data?.pending;
  const pending = panelOf(view, "round")?.data?.pending;
  for (const e of events || []) {
    if (!e || e.kind !== "chance" || typeof e.text !== "string") continue;
    let m = e.text.match(/^Player (\d+) rolls (\d+) (?:die|dice) at (.+): (\d+)$/);
    if (m) {
      out.push({ seat: +m[1] - 1, n: +m[2], sum: +m[4], where: PLACE_WORDS[m[3]] || null, key: e.number });
      continue;
    }
    m = e.text.match(/^Dice for all: ([\d ]+)$/);
    if (m) {
      out.push({ seat: null, faces: m[1].trim().split(/\s+/).map(Number), kind: "all", key: e.number });
      continue;
    }
    m = e.text.match(/^Player (\d+) rolls to tame the mammoth: ([\d ]+)$/);
    if (m) {
      out.push({ seat: +m[1] - 1, faces: m[2].trim().split(/\s+/).map(Number), kind: "tame", key: e.number });
      continue;
    }
    // Not told in words we know: the stage before says how many dice, the stage after their sum.
    if (prevPending?.stage === "roll" && typeof pending?.rolled === "number") {
      out.push({ seat: prevPending.player, n: prevPending.dice, sum: pending.rolled,
        where: LOCS.includes(prevPending.gather) ? prevPending.gather : null, key: e.number });
    }
  }
  return out;
}

/** A card's words from the board panel's line for it ("Card 2 (cost 2): …; #23 roll 2 dice for gold |
 *  green art"): the line is found by the card's number, in any language; its top effect and bottom. */
function cardWords(lines, slot, id) {
  const mark = `#${id} `;
  const line = (lines || []).find((l) => l.includes(mark));
  if (!line) return { top: id ? format(_("card {number}"), { number: id }) : "", bottom: "" };
  const what = line.slice(line.indexOf(mark));
  const [topPart, bottom = ""] = what.split(" | ");
  return { top: topPart.replace(/^#\d+\s*/, ""), bottom };
}

/** ``n`` of a resource ("2 clay"). */
const amountWord = (n, r) => format(_("{count} {resource}"), { count: n, resource: goodWord(r) });

function buildingKind(kind) {
  if (!kind) return null;
  if (/^[wcsg]+$/.test(kind)) {
    const cost = { wood: 0, clay: 0, stone: 0, gold: 0 };
    for (const ch of kind) cost[{ w: "wood", c: "clay", s: "stone", g: "gold" }[ch]] += 1;
    const points = RES.reduce((t, r) => t + cost[r] * RES_VALUE[r], 0);
    const words = RES.filter((r) => cost[r]).map((r) => amountWord(cost[r], r)).join(" + ");
    return { fixed: true, cost, points, short: words,
      words: format(ngettext("{cost} → {count} point", "{cost} → {count} points", points), { cost: words, count: points }) };
  }
  let m = kind.match(/^(\d+)-of-(\d+)$/);
  if (m) {
    const kinds = +m[2];
    return { fixed: false, count: +m[1], kinds,
      short: format(ngettext("{count} of {kinds} kind", "{count} of {kinds} kinds", kinds), { count: m[1], kinds }),
      words: kinds === 1 ? format(_("{count} resources of exactly 1 kind → their value"), { count: m[1] })
        : format(_("{count} resources of exactly {kinds} different kinds → their value"), { count: m[1], kinds }) };
  }
  m = kind.match(/^(\d+)-to-(\d+)$/);
  if (m) {
    return { fixed: false, count: null, short: format(_("{low}–{high} of any"), { low: m[1], high: m[2] }),
      words: format(_("{low} to {high} resources of any kinds → their value"), { low: m[1], high: m[2] }) };
  }
  return { fixed: false, short: kind, words: kind };
}

/** A player's civilization cards as the board draws them, from the card numbers the view holds:
 *  {green: "art music music" (sorted), sand: "2 farmers, 1 shaman"} ("none" for none); {} when they
 *  are face down to this viewer. */
function playerWords(p) {
  const secret = Array.isArray(p.secret_cards) ? p.secret_cards : [];
  const hidden = typeof p.secret_cards === "number" ? p.secret_cards : secret.length;
  if ((p.card_count || 0) - hidden > (p.cards || []).length) return {};
  const green = [];
  const sand = new Map();
  for (const id of [...(p.cards || []), ...secret]) {
    const card = cardInfo(id);
    if (!card) continue;
    if (card[1]) green.push(card[1]);
    else sand.set(card[2], (sand.get(card[2]) || 0) + card[3]);
  }
  green.sort();
  return { green: green.length ? green.map(symbolWord).join(" ") : _("none"), greens: green,
    sand: sand.size ? [...sand].map(([k, n]) => sandWords(k, n)).join(", ") : _("none"), sands: [...sand] };
}

// --- rules of the locations (short texts for hover, focus and tap) ---------------------------------

function ruleOf(key, ctx) {
  const { players = 4, herd = null, lines = [], display = [], stacks = [] } = ctx;
  const area = AREAS[key];
  if (area && area.div) {
    let text = format(_("{place}: roll one die per figure, {good} = total ÷ {divisor} (rounded down);"),
      { place: areaTitle(key), good: goodWord(area.good), divisor: area.div }) + " ";
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
      const w = cardWords(lines, slot, entry.card);
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
        { tile: buildingKind(entry.top).words, count: entry.left });
      text += " " + _("Resources are worth wood 3, clay 4, stone 5, gold 6.");
    } else text += " " + _("The stack is empty.");
    return text;
  }
  if (key === "mammoth") {
    return _("Mammoth herd: after gathering in the herd's area you may move some of those figures onto the bonus tile (1 food or resource each). Before feeding, those on the tile roll one die per figure: the highest single die wins the tile and its \"1\" or \"all\" bonus. Most tiles at the end: 10 points.");
  }
  return "";
}

function few(players) {
  return players < 4 ? " " + format(_("With {count} players only two of tool maker, hut and field are used each round."), { count: players }) : "";
}

// --- static SVG pieces ------------------------------------------------------------------------------

const DEFS = `
<symbol id="sa-f-0" viewBox="0 0 20 20"><circle cx="10" cy="10" r="8.2" class="sa-fig-shape"/></symbol>
<symbol id="sa-f-1" viewBox="0 0 20 20"><rect x="2.3" y="2.3" width="15.4" height="15.4" rx="1.6" class="sa-fig-shape"/></symbol>
<symbol id="sa-f-2" viewBox="0 0 20 20"><path d="M10 1.6 L18.6 17.6 H1.4 Z" class="sa-fig-shape"/></symbol>
<symbol id="sa-f-3" viewBox="0 0 20 20"><path d="M10 0.8 L19.2 10 L10 19.2 L0.8 10 Z" class="sa-fig-shape"/></symbol>
<symbol id="sa-i-wood" viewBox="0 0 20 20"><rect x="1.5" y="6" width="16" height="8.5" rx="4.2" fill="#8a5a2e" stroke="#43270f" stroke-width="1.2"/><path d="M4 8.5 H12 M5 12 H13" stroke="#6b4220" stroke-width="1"/><ellipse cx="16.2" cy="10.25" rx="2.6" ry="4.2" fill="#e0b071" stroke="#43270f" stroke-width="1.2"/><ellipse cx="16.2" cy="10.25" rx="1" ry="1.8" fill="none" stroke="#9b6a33" stroke-width=".8"/></symbol>
<symbol id="sa-i-clay" viewBox="0 0 20 20"><path d="M2 7 L6 4 H18 L18 13 L14 16 H2 Z" fill="#c2603a" stroke="#5c2410" stroke-width="1.2" stroke-linejoin="round"/><path d="M2 7 H14 V16 M14 7 L18 4" fill="none" stroke="#5c2410" stroke-width="1.1"/><path d="M2 7 H14 V16 H2 Z" fill="#d7774e" stroke="#5c2410" stroke-width="1.1"/></symbol>
<symbol id="sa-i-stone" viewBox="0 0 20 20"><path d="M3.5 14.5 L2.5 9 L6.5 3.8 L13 3 L17.5 7 L17.5 13 L12.5 17.2 L6 17.2 Z" fill="#9d9c96" stroke="#45443f" stroke-width="1.2" stroke-linejoin="round"/><path d="M6.5 3.8 L8 9 L2.5 9 M8 9 L13 10 L17.5 7 M13 10 L12.5 17.2" fill="none" stroke="#6d6c66" stroke-width=".9"/></symbol>
<symbol id="sa-i-gold" viewBox="0 0 20 20"><path d="M2 14.5 L5.5 6 H14.5 L18 14.5 Z" fill="#efbf2c" stroke="#7a5a00" stroke-width="1.2" stroke-linejoin="round"/><path d="M5.5 6 L7.5 14.5 M14.5 6 L12.5 14.5" stroke="#b98d0c" stroke-width=".9"/><path d="M7 8 L9.5 8" stroke="#fff6c8" stroke-width="1.4" stroke-linecap="round"/></symbol>
<symbol id="sa-i-food" viewBox="0 0 20 20"><path d="M10.5 9.5 L15.6 4.4" stroke="#5a3b22" stroke-width="3.8" stroke-linecap="round"/><path d="M10.5 9.5 L15.6 4.4" stroke="#f6efe0" stroke-width="2.2" stroke-linecap="round"/><circle cx="15.4" cy="2.6" r="1.9" fill="#f6efe0" stroke="#5a3b22" stroke-width=".8"/><circle cx="17.4" cy="4.6" r="1.9" fill="#f6efe0" stroke="#5a3b22" stroke-width=".8"/><ellipse cx="7.6" cy="12.4" rx="6.6" ry="5.2" transform="rotate(-45 7.6 12.4)" fill="#b2452e" stroke="#5a1c10" stroke-width="1.2"/><ellipse cx="6.4" cy="13.2" rx="2.6" ry="1.7" transform="rotate(-45 6.4 13.2)" fill="#d8735a"/></symbol>
<symbol id="sa-i-tool" viewBox="0 0 20 20"><path d="M6 18.5 L13.5 4" stroke="#7b4f27" stroke-width="2.4" stroke-linecap="round"/><path d="M9.5 3.2 C12 0.8 16.5 1.2 18.2 3.8 L15.5 8.8 C14.2 6.4 12.2 5.6 10.6 6.4 Z" fill="#8f8d86" stroke="#3f3e3a" stroke-width="1.1" stroke-linejoin="round"/></symbol>
<symbol id="sa-i-wheat" viewBox="0 0 20 20"><path d="M10 19 V4" stroke="#8a6a1c" stroke-width="1.4"/><g fill="#e4b93f" stroke="#8a6a1c" stroke-width=".8"><ellipse cx="10" cy="3.4" rx="1.6" ry="2.6"/><ellipse cx="7.4" cy="7" rx="1.5" ry="2.5" transform="rotate(-35 7.4 7)"/><ellipse cx="12.6" cy="7" rx="1.5" ry="2.5" transform="rotate(35 12.6 7)"/><ellipse cx="7.4" cy="11" rx="1.5" ry="2.5" transform="rotate(-35 7.4 11)"/><ellipse cx="12.6" cy="11" rx="1.5" ry="2.5" transform="rotate(35 12.6 11)"/></g></symbol>
<symbol id="sa-i-hut" viewBox="0 0 20 20"><path d="M1.5 10 L10 2.5 L18.5 10 Z" fill="#b8893f" stroke="#4b3212" stroke-width="1.2" stroke-linejoin="round"/><path d="M3.5 10 V17.5 H16.5 V10" fill="#d9b98a" stroke="#4b3212" stroke-width="1.2"/><path d="M8 17.5 V12.5 H12 V17.5" fill="#5a3b1c"/></symbol>
<symbol id="sa-i-star" viewBox="0 0 20 20"><path d="M10 1.5 L12.6 7 L18.6 7.6 L14 11.6 L15.4 17.6 L10 14.5 L4.6 17.6 L6 11.6 L1.4 7.6 L7.4 7 Z" fill="#f0c23b" stroke="#7a5a00" stroke-width="1.1" stroke-linejoin="round"/></symbol>
<symbol id="sa-i-cardback" viewBox="0 0 20 20"><rect x="3.5" y="1.5" width="13" height="17" rx="2" fill="#7a4b2a" stroke="#3b220f" stroke-width="1.1"/><path d="M6.5 5.5 L13.5 14.5 M13.5 5.5 L6.5 14.5" stroke="#c79a62" stroke-width="1"/></symbol>
<symbol id="sa-i-two" viewBox="0 0 20 20"><circle cx="10" cy="10" r="8.5" fill="#f3e3bf" stroke="#6b4a22" stroke-width="1.2"/><text x="10" y="14.2" font-size="12" font-weight="700" text-anchor="middle" fill="#6b4a22">2</text></symbol>
<symbol id="sa-i-dice" viewBox="0 0 20 20"><rect x="1.5" y="5.5" width="11" height="11" rx="2" fill="#fffdf6" stroke="#3b2a1a" stroke-width="1.1"/><rect x="8" y="2" width="10" height="10" rx="2" fill="#fffdf6" stroke="#3b2a1a" stroke-width="1.1"/><circle cx="4.5" cy="8.5" r="1" fill="#3b2a1a"/><circle cx="9.5" cy="13.5" r="1" fill="#3b2a1a"/><circle cx="13" cy="7" r="1" fill="#3b2a1a"/></symbol>
<symbol id="sa-i-mammoth" viewBox="0 0 40 30"><path d="M8 24 V16 C6 8 12 3 20 3 C28 3 34 6 35 13 C36 16 35 19 33 20 V25 H29 V20 H16 V25 H12 V21 C11 22 10 23 8 24 Z" fill="#7a5233" stroke="#3a2414" stroke-width="1.2" stroke-linejoin="round"/><path d="M8 16 C4 18 3 23 5 27" fill="none" stroke="#7a5233" stroke-width="3" stroke-linecap="round"/><path d="M10 17 C8 21 10 24 14 23" fill="none" stroke="#f4ecd8" stroke-width="2" stroke-linecap="round"/><circle cx="12.5" cy="10.5" r="1.1" fill="#1b0f06"/><path d="M20 6 C24 8 28 8 31 7" stroke="#5c3a20" stroke-width="1" fill="none"/></symbol>
<symbol id="sa-i-crown" viewBox="0 0 20 20"><path d="M2 15 L3 5 L7.5 10 L10 3 L12.5 10 L17 5 L18 15 Z" fill="#f0c23b" stroke="#7a5a00" stroke-width="1.2" stroke-linejoin="round"/><rect x="2" y="15" width="16" height="2.6" fill="#d9a21d" stroke="#7a5a00" stroke-width="1"/></symbol>
<symbol id="sa-i-first" viewBox="0 0 20 20"><path d="M4 18.5 L15 3" stroke="#6b4220" stroke-width="2.2" stroke-linecap="round"/><path d="M12.5 2 L18.5 1.5 L16.5 7.5 Z" fill="#8f8d86" stroke="#3f3e3a" stroke-width="1" stroke-linejoin="round"/></symbol>
<pattern id="sa-grain" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M0 8 L8 0" stroke="rgba(80,50,20,.08)" stroke-width="1"/></pattern>
<filter id="sa-shadow" x="-10%" y="-10%" width="120%" height="130%"><feDropShadow dx="0" dy="2" stdDeviation="1.6" flood-color="#3b2a1a" flood-opacity=".35"/></filter>
`;

function icon(name, x, y, s, extra = "") {
  return `<use href="#sa-i-${name}" x="${x}" y="${y}" width="${s}" height="${s}" ${extra}/>`;
}

function fig(seat, cx, cy, s, extra = "") {
  const k = ((seat % 4) + 4) % 4;
  return `<use href="#sa-f-${k}" x="${cx - s / 2}" y="${cy - s / 2}" width="${s}" height="${s}" ` +
    `class="sa-fig sa-seat-${seat} sa-shape-${k}" ${extra}/>`;
}

// --- the module ---------------------------------------------------------------------------------------

let cssLinked = false;
let boards = 0;
function linkCss() {
  if (cssLinked || typeof document === "undefined") return;
  cssLinked = true;
  const href = new URL("./stone_age.css", import.meta.url).href;
  if ([...document.querySelectorAll("link[rel=stylesheet]")].some((l) => l.href === href)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  document.head.appendChild(link);
}

export default {
  mount(root, ctx) {
    linkCss();
    return new StoneAgeBoard(root, ctx || {});
  },
};

class StoneAgeBoard {
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.view = null;
    this.prevView = null;
    this.seats = [];
    this.roll = null; // the latest roll shown: {seat, where, faces, sum, n, kind, key}
    this.at = null; // the move number of the view drawn
    this.rolling = null; // {timer, resolve, until}
    this.tipKey = null;
    this.wide = null;
    this.width = null; // the root's width, kept by the resize observer (null: read it when drawing)
    this.fontRead = false;
    this.tipId = `sa-tip-${++boards}`;
    this.openPath = Array.isArray(ctx.openPath) ? ctx.openPath.map(Number) : [];
    root.classList.add("sa-root");
    root.setAttribute("data-own-highlight", ""); // the board marks its own clickable places
    const playersWord = _("Players");
    root.innerHTML =
      `<svg class="sa-defs" width="0" height="0" aria-hidden="true" focusable="false"><defs>${DEFS}</defs></svg>` +
      `<div class="sa-boardwrap"><svg class="sa-board" role="group" xmlns="${NS}"></svg>` +
      `<div class="sa-tip" role="tooltip" id="${this.tipId}" hidden></div></div>` +
      `<div class="sa-players" role="list" aria-label="${esc(playersWord)}"></div>` +
      `<div class="sa-sr" aria-live="polite"></div>`;
    this.svg = root.querySelector(".sa-board");
    this.tip = root.querySelector(".sa-tip");
    this.playersEl = root.querySelector(".sa-players");
    this.live = root.querySelector(".sa-sr");
    this.wrap = root.querySelector(".sa-boardwrap");
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

  async animate(events) {
    this.takeRolls(events || [], true);
    if (this.rolling) await this.rolling.done;
  }

  /** The side panel opened a group of the decision (or closed it: []): mark that place. */
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

  takeRolls(events, fromAnimate) {
    if (!this.view || !events.length) return;
    // animate() may come before update(): then the view on the table is the one before these events
    const found = fromAnimate && !this.seen(events) ? rollsIn(events, this.view, null) : rollsIn(events, this.prevView, this.view);
    if (!found.length) return;
    const sig = events.map((e) => `${e.number}:${e.text}`).join("|");
    if (sig === this.rollSig) return; // the same update told twice (update, then animate)
    this.rollSig = sig;
    const roll = this.makeRoll(found);
    if (!roll) return;
    this.roll = roll;
    this.startRolling();
    if (!fromAnimate) return;
    this.draw();
  }

  seen(events) {
    return this.view && this.view.events === events;
  }

  makeRoll(found) {
    const tame = found.filter((r) => r.kind === "tame");
    if (tame.length) return { kind: "tame", groups: tame.map((r) => ({ seat: r.seat, faces: r.faces })) };
    const r = found[found.length - 1];
    if (r.faces) return { kind: r.kind, seat: r.seat, faces: r.faces, groups: null };
    const faces = facesForSum(r.n, r.sum);
    if (!faces) return null;
    return { kind: "gather", seat: r.seat, where: r.where, n: r.n, sum: r.sum, faces };
  }

  startRolling() {
    this.stopRolling();
    const reduced = typeof this.ctx.reducedMotion === "boolean" ? this.ctx.reducedMotion || !!REDUCED?.matches : !!REDUCED?.matches;
    let resolve;
    const done = new Promise((ok) => { resolve = ok; });
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
    clearInterval(r.ticker);
    clearTimeout(r.timer);
    const wasActive = r.active;
    r.active = false;
    r.resolve();
    this.rolling = null;
    if (wasActive) this.landDice();
  }

  shuffleFaces() {
    for (const g of this.svg.querySelectorAll(".sa-tray .sa-die")) {
      const spin = g.querySelector(".sa-die-spin");
      const s = +g.dataset.size || 30;
      spin.innerHTML = dieInner(1 + Math.floor(Math.random() * 6), s);
    }
  }

  landDice() {
    this.svg.querySelector(".sa-tray")?.classList.remove("sa-tray-rolling");
    for (const g of this.svg.querySelectorAll(".sa-tray .sa-die")) {
      g.classList.remove("sa-rolling");
      g.classList.add("sa-landing");
      const spin = g.querySelector(".sa-die-spin");
      const s = +g.dataset.size || 30;
      spin.innerHTML = dieInner(+g.dataset.face, s);
    }
    this.svg.querySelectorAll(".sa-rolled-at").forEach((el) => el.classList.add("sa-landed"));
  }

  announce() {
    const r = this.roll;
    if (!r) return;
    this.live.textContent = this.rollWords(r);
  }

  rollWords(r) {
    if (r.kind === "tame") {
      return format(_("Taming rolls: {rolls}"), { rolls: r.groups.map((g) => `${this.name(g.seat)} ${g.faces.join(" ")}`).join("; ") });
    }
    if (r.kind === "all") return format(_("Dice for all: {faces}"), { faces: r.faces.join(" ") });
    const words = { name: this.name(r.seat), sum: r.sum, count: r.n, faces: r.faces.join(" + ") };
    if (!r.where) return format(ngettext("{name} rolled {sum} with {count} die ({faces})", "{name} rolled {sum} with {count} dice ({faces})", r.n), words);
    return format(ngettext("{name} rolled {sum} with {count} die at {place} ({faces})", "{name} rolled {sum} with {count} dice at {place} ({faces})", r.n),
      { ...words, place: areaThe(r.where) });
  }

  // --- names ---

  name(seat) {
    if (seat == null || seat < 0) return "—";
    const s = this.seats.find((x) => x && x.seat === seat) || this.seats[seat];
    return s?.name || format(_("Player {number}"), { number: seat + 1 });
  }

  // --- input ---

  target(e) {
    const el = e.target instanceof Element ? e.target.closest("[data-action],[data-path],[data-info]") : null;
    return el && this.root.contains(el) ? el : null;
  }

  onClick(e) {
    const el = this.target(e);
    if (!el) {
      const loc = e.target instanceof Element ? e.target.closest("[data-rule]") : null;
      if (loc) this.showTip(loc, true);
      else this.hideTip();
      return;
    }
    if (el.hasAttribute("data-info")) {
      e.stopPropagation();
      const loc = el.closest("[data-rule]");
      if (loc && this.tipKey === loc.dataset.key && !this.tip.hidden) this.hideTip();
      else if (loc) this.showTip(loc, true);
      return;
    }
    this.activate(el);
  }

  onKey(e) {
    if (e.key !== "Enter" && e.key !== " " && e.key !== "Spacebar") {
      if (e.key === "Escape") this.hideTip();
      return;
    }
    const el = this.target(e);
    if (!el || el !== e.target) return;
    e.preventDefault();
    if (el.hasAttribute("data-info")) {
      const loc = el.closest("[data-rule]");
      if (loc) this.showTip(loc, true);
      return;
    }
    this.activate(el);
  }

  activate(el) {
    if (el.hasAttribute("data-action")) {
      const action = Number(el.getAttribute("data-action"));
      if (Number.isFinite(action) && typeof this.ctx.choose === "function") this.ctx.choose(action);
    } else if (el.hasAttribute("data-path")) {
      const path = el.getAttribute("data-path").split(",").map(Number);
      if (typeof this.ctx.open === "function") this.ctx.open(path);
    }
  }

  onHover(e) {
    if (e.pointerType && e.pointerType !== "mouse") return;
    const loc = e.target instanceof Element ? e.target.closest("[data-rule]") : null;
    if (loc && loc.dataset.key !== this.tipKey) this.showTip(loc, false);
  }

  onLeave(e) {
    if (e.pointerType && e.pointerType !== "mouse") return;
    const from = e.target instanceof Element ? e.target.closest("[data-rule]") : null;
    const to = e.relatedTarget instanceof Element ? e.relatedTarget.closest("[data-rule]") : null;
    if (from && from !== to && !this.tipSticky) this.hideTip();
  }

  onFocus(e) {
    // the rule of a place reached by keyboard (a click or tap chooses; hover or the i button tells)
    const el = e.target instanceof Element ? e.target : null;
    let keyboard = true;
    try { keyboard = el ? el.matches(":focus-visible") : false; } catch (err) { /* old browsers: show it */ }
    const loc = el && keyboard ? el.closest("[data-rule]") : null;
    if (loc) this.showTip(loc, false);
  }

  showTip(loc, sticky) {
    const text = loc.getAttribute("data-rule");
    if (!text) return;
    this.tip.textContent = text;
    this.tip.hidden = false;
    this.tipKey = loc.dataset.key;
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

  layoutFor() {
    const width = (this.width ?? this.root.clientWidth) || 0;
    const slack = (name) => (this.layout === name ? 24 : 0); // keep the current layout near a threshold
    if (width >= 980 - slack("wide")) return "wide";
    return width >= 700 - slack("mid") ? "mid" : "narrow";
  }

  checkWidth() {
    if (this.layoutFor() !== this.layout && this.view) this.draw();
  }

  // --- drawing ---

  draw() {
    const view = this.view;
    const active = document.activeElement;
    const focusKey = active && this.root.contains(active) ? active.dataset?.key : null;
    if (!this.fontRead) {  // the page's font, read once: reading a style makes the browser restyle the page
      fontFamily = getComputedStyle(this.root).fontFamily || fontFamily;
      this.fontRead = true;
    }
    this.layout = this.layoutFor();
    this.wide = this.layout === "wide";
    for (const name of ["wide", "mid", "narrow"]) this.root.classList.toggle(`sa-${name}`, this.layout === name);
    const model = this.model(view);
    this.model_ = model;
    const { svg, width, height } = this.boardSvg(model);
    this.svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    this.svg.setAttribute("aria-label", _("Stone Age board"));
    this.svg.innerHTML = svg;
    this.playersEl.style.setProperty("--sa-n", String(Math.max(1, model.players.length)));
    this.playersEl.innerHTML = model.players.map((p, seat) => this.playerBoard(model, p, seat)).join("");
    if (this.rolling?.active) {
      this.svg.querySelector(".sa-tray")?.classList.add("sa-tray-rolling");
      this.svg.querySelectorAll(".sa-tray .sa-die").forEach((g) => g.classList.add("sa-rolling"));
      this.shuffleFaces();
    } else {
      this.svg.querySelectorAll(".sa-rolled-at").forEach((el) => el.classList.add("sa-landed"));
    }
    if (focusKey) {
      const again = this.root.querySelector(`[data-key="${CSS.escape(focusKey)}"][tabindex]`);
      if (again) again.focus({ preventScroll: true });
    }
    if (this.tipKey && !this.tip.hidden) {
      const loc = this.root.querySelector(`[data-rule][data-key="${CSS.escape(this.tipKey)}"]`);
      if (loc) this.showTip(loc, this.tipSticky);
      else this.hideTip();
    }
  }

  model(view) {
    const round = panelOf(view, "round")?.data || {};
    const boardP = panelOf(view, "board");
    const board = boardP?.data || {};
    const mammothP = panelOf(view, "mammoth");
    const playersP = panelOf(view, "players");
    const players = Array.isArray(playersP?.data) ? playersP.data : [];
    const n = players.length || (this.seats.length || 4);
    const over = view.to_move === TERMINAL || round.phase === "over";
    const decision = this.ctx.mode === "replay" ? null : view.decision;
    const targets = new Map(); // key -> {action|path, label}
    const busy = new Set(); // locations being decided among several choices
    if (decision && Array.isArray(decision.choices)) {
      const byLoc = new Map();
      decision.choices.forEach((c, i) => {
        if (typeof c.loc === "number" && c.loc >= 0 && c.loc < LOCS.length) {
          if (!byLoc.has(c.loc)) byLoc.set(c.loc, []);
          byLoc.get(c.loc).push([i, c]);
        }
        // the choices' labels are the server's words in the page's language: English is read
        // closely, any other language by the die's number (pick) or the order one, all (bonus)
        const leaf = typeof c.label === "string" && c.action != null;
        if (leaf && round.pending?.stage === "pick") {
          const english = c.label.match(/^the ([1-6]):/);
          const face = english || c.label.match(/([1-6])/);
          if (face) {
            targets.set(`pick-${face[1]}`, { action: c.action, label: english ? format(_("take the die showing {face}: {reward}"),
              { face: face[1], reward: c.label.slice(c.label.indexOf(":") + 2) }) : c.label });
          }
        }
        if (leaf && /^bonus (one|all):/.test(c.label)) {
          targets.set(c.label.startsWith("bonus one") ? "bonus-one" : "bonus-all", { action: c.action, label: c.label });
        } else if (leaf && round.pending?.stage === "bonus" && i < 2) {
          targets.set(i === 0 ? "bonus-one" : "bonus-all", { action: c.action, label: c.label });
        }
      });
      for (const [loc, list] of byLoc) {
        const key = LOCS[loc];
        if (list.length === 1) {
          const [i, c] = list[0];
          targets.set(key, Array.isArray(c.choices) ? { path: String(i), label: c.label } : { action: c.action, label: c.label });
        } else busy.add(key);
      }
    }
    const mammoth = mammothP ? (mammothP.data || {}) : null;
    const winners = [];
    if (over) {
      const totals = (round.score_breakdown || []).map((b) => b?.total);
      const scores = totals.length === players.length && totals.every((t) => typeof t === "number") ? totals :
        players.map((p) => p.score);
      const best = Math.max(...scores);
      scores.forEach((s, i) => { if (s === best) winners.push(i); });
    }
    return {
      view, round, board: board.board || {}, display: board.display || [], stacks: board.stacks || [],
      deck: board.deck_size, boardLines: boardP?.lines || [], mammoth, mammothLines: mammothP?.lines || [],
      players, playerLines: playersP?.lines || [], n, over, decision, targets, busy, winners,
      pending: round.pending || null, toMove: view.to_move,
      ruleCtx: { players: n, herd: mammoth, lines: boardP?.lines || [], display: board.display || [], stacks: board.stacks || [] },
    };
  }

  boardSvg(m) {
    const W = this.wide ? 600 : 520;
    const gap = 12;
    const pad = 10;
    const blockA = this.gatherBlock(m, W);
    const blockB = this.tradeBlock(m, W);
    const headW = this.wide ? W * 2 + gap : W;
    const head = this.headBlock(m, headW);
    let body;
    let width;
    let height;
    if (this.wide) {
      width = pad * 2 + headW;
      const top = pad + head.h + gap;
      body = `<g transform="translate(${pad} ${top})">${blockA.svg}</g>` +
        `<g transform="translate(${pad + W + gap} ${top})">${blockB.svg}</g>`;
      height = top + Math.max(blockA.h, blockB.h) + pad;
    } else {
      width = pad * 2 + W;
      const top = pad + head.h + gap;
      body = `<g transform="translate(${pad} ${top})">${blockA.svg}</g>` +
        `<g transform="translate(${pad} ${top + blockA.h + gap})">${blockB.svg}</g>`;
      height = top + blockA.h + gap + blockB.h + pad;
    }
    const over = m.over ? this.finalScroll(m, width, height) : "";
    const svg = `<title>${esc(this.boardTitle(m))}</title>` +
      `<rect class="sa-table" x="0" y="0" width="${width}" height="${height}" rx="18"/>` +
      `<rect x="0" y="0" width="${width}" height="${height}" rx="18" fill="url(#sa-grain)"/>` +
      `<g transform="translate(${pad} ${pad})">${head.svg}</g>` + body + over;
    return { svg, width, height };
  }

  boardTitle(m) {
    const r = m.round;
    return format(_("Stone Age, round {round}, {phase}. {status}"), { round: r.round ?? "?", phase: phaseWords(r.phase), status: m.view.status || "" });
  }

  // header: round, phase, first player, deck; then the dice tray
  headBlock(m, W) {
    const r = m.round;
    const h1 = 46;
    const first = typeof r.first_player === "number" ? r.first_player : null;
    let s = `<g class="sa-head"><rect class="sa-head-bg" x="0" y="0" width="${W}" height="${h1}" rx="12"/>`;
    s += `<title>${esc(format(SAY.roundPhaseStatus(), { round: r.round ?? "?", phase: phaseWords(r.phase), status: m.view.status || "" }))}</title>`;
    const badge = m.over ? _("Final") : format(_("Round {round}"), { round: r.round ?? "?" });
    const badgeW = Math.max(70, tw(badge, 17) + 26);
    s += `<g transform="translate(10 7)"><rect class="sa-round-badge" width="${badgeW}" height="32" rx="16"/>` +
      `<text x="${badgeW / 2}" y="22" text-anchor="middle" class="sa-round-text" font-size="17">${esc(badge)}</text></g>`;
    const phase = m.over ? _("Game over") : cap(phaseWords(r.phase));
    s += `<text x="${badgeW + 22}" y="29" class="sa-phase" font-size="17">${esc(phase)}</text>`;
    const x = badgeW + 22 + tw(phase, 17) + 18;
    if (first !== null && !m.over && x + 44 < W - 80) {
      const room = W - 84 - x - 48;
      let words = format(_("{name} plays first"), { name: clip(this.name(first), 18) });
      if (tw(words, 15, false) > room) words = clip(this.name(first), 12);
      while (words.length > 1 && tw(words, 15, false) > room) words = clip(words, words.length - 1);
      s += `<g transform="translate(${x} 9)"><title>${esc(format(SAY.firstPlayerName(), { name: this.name(first) }))}</title>` +
        icon("first", 0, 2, 24) + fig(first, 34, 14, 18) +
        (room > 24 ? `<text x="48" y="20" font-size="15" class="sa-muted">${esc(words)}</text>` : "") + `</g>`;
    }
    if (typeof m.deck === "number") {
      s += `<g transform="translate(${W - 74} 8)"><title>${esc(format(SAY.cardsLeftInDeck(m.deck), { count: m.deck }))}</title>` +
        icon("cardback", 0, 0, 30) + `<text x="32" y="22" font-size="16" class="sa-strong">${m.deck}</text></g>`;
    }
    s += `</g>`;
    const tray = this.trayBlock(m, W);
    s += `<g transform="translate(0 ${h1 + 8})">${tray.svg}</g>`;
    return { svg: s, h: h1 + 8 + tray.h };
  }

  trayBlock(m, W) {
    const h = 62;
    let roll = this.roll;
    const pend = m.pending;
    if (!roll && pend && pend.stage === "tools" && pend.rolled) {
      const key = `pending:${pend.player}:${pend.gather}:${pend.dice}:${pend.rolled}`;
      if (this.pendingRollKey !== key) {
        this.pendingRollKey = key;
        this.pendingFaces = facesForSum(pend.dice, pend.rolled);
      }
      if (this.pendingFaces) {
        roll = { kind: "gather", seat: pend.player, where: LOCS.includes(pend.gather) ? pend.gather : null,
          n: pend.dice, sum: pend.rolled, faces: this.pendingFaces };
      }
    }
    // the taming contest: every contender's dice so far, from the herd's data
    const tameRolls = Array.isArray(m.mammoth?.tame_rolls) ? m.mammoth.tame_rolls : [];
    if (m.round.phase === "taming" && tameRolls.some((f) => Array.isArray(f) && f.length)) {
      const groups = tameRolls.map((faces, seat) => ({ seat, faces })).filter((g) => Array.isArray(g.faces) && g.faces.length);
      if (!roll || roll.kind === "tame" || roll.kind === "gather") roll = { kind: "tame", groups };
    }
    const picking = pend && pend.stage === "pick" && Array.isArray(pend.dice_left) && !m.over;
    let s = `<g class="sa-tray"><rect class="sa-tray-bg" x="0" y="0" width="${W}" height="${h}" rx="12"/>`;
    if (picking) {
      const faces = pend.dice_left;
      const ds = 40;
      s += `<title>${esc(format(SAY.diceForAllDiceLeft(), { faces: faces.join(", ") }))}</title>`;
      s += `<text x="14" y="26" font-size="${fitSize(SAY.diceForAll(), 16, 180, 11)}" class="sa-strong">${esc(SAY.diceForAll())}</text>` +
        `<text x="14" y="47" font-size="14" class="sa-muted">${esc(clip(format(SAY.nameTakesADie(), { name: this.name(pend.player) }), 26))}</text>`;
      const stepX = ds + 16;
      const x0 = Math.max(200, W - 16 - faces.length * stepX);
      faces.forEach((f, i) => {
        const t = m.targets.get(`pick-${f}`);
        const words = [_("1 wood"), _("1 clay"), _("1 stone"), _("1 gold"), _("a tool step"), _("agriculture +1")][f - 1] || "";
        s += `<g class="sa-pick${t ? " sa-legal" : ""}"><title>${esc(`${f}: ${words}`)}</title>` +
          (t ? `<rect class="sa-hl" x="${x0 + i * stepX - 4}" y="7" width="${ds + 8}" height="${ds + 8}" rx="10"/>` : "") +
          die(f, x0 + i * stepX, 11, ds, `data-size="${ds}"`) +
          this.hitArea(t, `pick-${f}-${i}`, x0 + i * stepX - 4, 7, ds + 8, ds + 8, 10) + `</g>`;
      });
      return { svg: s + `</g>`, h };
    }
    if (m.over && m.winners.length) {
      const totals = m.round.score_breakdown?.map((b) => b?.total) || [];
      const best = totals[m.winners[0]] ?? m.players[m.winners[0]]?.score;
      const who = m.winners.map((w) => this.name(w)).reduce((a, b) => format(_("{first} and {second}"), { first: a, second: b }));
      const text = m.winners.length > 1 ? format(ngettext("{names} share the win with {count} point", "{names} share the win with {count} points", best), { names: who, count: best })
        : format(ngettext("{name} wins with {count} point", "{name} wins with {count} points", best), { name: who, count: best });
      s += `<title>${esc(text)}</title>` + icon("crown", W / 2 - tw(text, 17) / 2 - 40, 14, 32) +
        `<text x="${W / 2}" y="38" text-anchor="middle" font-size="17" class="sa-strong">${esc(text)}</text>`;
      return { svg: s + `</g>`, h };
    }
    if (!roll) {
      s += `<text x="${W / 2}" y="37" text-anchor="middle" font-size="15" class="sa-muted">${esc(SAY.noDiceRolledYet())}</text>`;
      return { svg: s + `</g>`, h };
    }
    s += `<title>${esc(this.rollWords(roll))}</title>`;
    const groups = roll.kind === "tame" ? roll.groups : [{ seat: roll.seat, faces: roll.faces }];
    const total = groups.reduce((t, g) => t + g.faces.length, 0);
    const labelW = roll.kind === "tame" ? 110 : 200;
    const avail = W - labelW - 20 - groups.length * 34;
    const ds = Math.max(18, Math.min(36, Math.floor(avail / Math.max(total, 1)) - 5));
    if (roll.kind === "gather") {
      const where = roll.where ? format(_("rolled at {place}"), { place: areaThe(roll.where) }) : _("rolled for a card");
      s += fig(roll.seat, 24, 22, 20) +
        `<text x="40" y="28" font-size="${fitSize(clip(this.name(roll.seat), 22), 16, labelW - 72, 11)}" class="sa-strong">${esc(clip(this.name(roll.seat), 22))}</text>` +
        `<text x="14" y="50" font-size="${fitSize(where, 14, labelW - 46, 10, false)}" class="sa-muted">${esc(where)}</text>` +
        `<g class="sa-sum"><circle cx="${labelW - 14}" cy="31" r="21"/>` +
        `<text x="${labelW - 14}" y="38" text-anchor="middle" font-size="20">${roll.sum}</text></g>`;
    } else if (roll.kind === "all") {
      s += icon("dice", 10, 8, 24) + `<text x="40" y="27" font-size="${fitSize(SAY.diceForAll(), 16, labelW - 44, 11)}" class="sa-strong">${esc(SAY.diceForAll())}</text>` +
        `<text x="14" y="50" font-size="${fitSize(SAY.oneDiePerPlayer(), 14, labelW - 18, 10, false)}" class="sa-muted">${esc(SAY.oneDiePerPlayer())}</text>`;
    } else {
      s += icon("mammoth", 8, 8, 36) + `<text x="14" y="54" font-size="${fitSize(SAY.tamingRolls(), 13, labelW - 18, 9, false)}" class="sa-muted">${esc(SAY.tamingRolls())}</text>`;
    }
    let x = labelW + 18;
    for (const g of groups) {
      if (roll.kind === "tame") {
        s += fig(g.seat, x + 9, 31, 18);
        x += 24;
      }
      g.faces.forEach((f) => {
        s += die(f, x, (h - ds) / 2, ds, `data-size="${ds}"`);
        x += ds + 5;
      });
      x += 10;
    }
    return { svg: s + `</g>`, h };
  }

  // --- block A: gathering and the village ---

  gatherBlock(m, W) {
    let s = "";
    let y = 0;
    s += this.area(m, "hunt", 0, y, W, 128);
    y += 128 + 10;
    const half = (W - 10) / 2;
    s += this.area(m, "forest", 0, y, half, 118) + this.area(m, "claypit", half + 10, y, half, 118);
    y += 118 + 10;
    s += this.area(m, "quarry", 0, y, half, 118) + this.area(m, "river", half + 10, y, half, 118);
    y += 118 + 10;
    const third = (W - 20) / 3;
    ["toolmaker", "hut", "field"].forEach((k, i) => { s += this.village(m, k, i * (third + 10), y, third, 112); });
    y += 112;
    return { svg: s, h: y };
  }

  locAttrs(m, key, titleWords) {
    const t = m.targets.get(key);
    const cls = ["sa-loc", `sa-loc-${key}`];
    if (t) cls.push("sa-legal");
    if (t && t.path != null && this.openPath.length && String(this.openPath[0]) === t.path) cls.push("sa-open");
    if (m.busy.has(key)) cls.push("sa-busy");
    if (this.roll?.where === key && this.roll.kind === "gather" && (this.rolling || this.rollFresh(m))) cls.push("sa-rolled-at");
    const rule = ruleOf(key, m.ruleCtx);
    const attrs = `class="${cls.join(" ")}" data-key="${key}" data-rule="${esc(rule)}"`;
    const hit = (w, h, rx) => this.hitArea(t, key, 1.5, 1.5, w - 3, h - 3, rx - 1, true);
    return { attrs, title: `<title>${esc(titleWords)}</title>`, legal: !!t, hit };
  }

  /** The button of a choice drawn on the board: a see-through cover over its place, drawn after the
   *  place's pictures and words so that a click anywhere on it lands here. It holds no text, so its
   *  name is its aria-label alone (the words drawn below are not part of a button named otherwise). */
  hitArea(t, key, x, y, w, h, rx, described = false) {
    if (!t) return "";
    const what = t.action != null ? `data-action="${t.action}"` : `data-path="${esc(t.path)}"`;
    return `<rect class="sa-hit" x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="transparent" ${what} ` +
      `data-key="${esc(key)}" tabindex="0" role="button" aria-label="${esc(t.label)}"` +
      (described ? ` aria-describedby="${this.tipId}"` : "") + `/>`;
  }

  rollFresh(m) {
    return this.roll && m.view.events?.some((e) => e.kind === "chance" && /rolls/.test(e.text || ""));
  }

  occupantWords(counts) {
    const parts = (counts || []).map((c, seat) => (c ? format(_("{name} {count} ({shape})"), { name: this.name(seat), count: c, shape: shapeName(seat) }) : null)).filter(Boolean);
    return parts.length ? parts.join(", ") : _("empty");
  }

  infoButton(x, y) {
    return `<g class="sa-info" data-info="1" transform="translate(${x} ${y})"><title>${esc(SAY.rulesOfThisPlace())}</title>` +
      `<circle r="10" cx="0" cy="0"/><text x="0" y="5" text-anchor="middle" font-size="14">i</text></g>`;
  }

  area(m, key, x, y, w, h) {
    const a = AREAS[key];
    const counts = m.board[key] || [];
    const total = counts.reduce((t, c) => t + c, 0);
    const herdHere = m.mammoth && m.mammoth.herd === key;
    const name = areaTitle(key);
    const capWords = key === "hunt" ? format(ngettext("{count} figure", "{count} figures", total), { count: total })
      : format(_("{count} of 7 places taken"), { count: total });
    const words = format(_("{place}: {taken}; {occupants}. Gives {good}: dice total ÷ {divisor}."),
      { place: name, taken: capWords, occupants: this.occupantWords(counts), good: goodWord(a.good), divisor: a.div }) +
      (herdHere ? " " + _("The mammoth herd is here.") : "");
    const { attrs, title, hit } = this.locAttrs(m, key, words);
    let s = `<g transform="translate(${x} ${y})"><g ${attrs}>${title}`;
    s += `<rect class="sa-area sa-area-${key}" x="0" y="0" width="${w}" height="${h}" rx="14"/>`;
    s += this.scenery(key, w, h);
    s += `<rect class="sa-hl" x="1.5" y="1.5" width="${w - 3}" height="${h - 3}" rx="13"/>`;
    // title plate: the good, the name, and what the dice give
    const nameSize = fitSize(name, 17, w - 8 - 41 - 62 - 30, 12); // the plate stops short of the i button
    const nameW = tw(name, nameSize);
    const plateW = 41 + nameW + 62;
    s += `<g class="sa-plate"><rect x="8" y="8" width="${plateW}" height="30" rx="9"/>` +
      icon(a.good, 13, 11, 24) + `<text x="41" y="29" font-size="${nameSize}" class="sa-plate-text">${esc(name)}</text>` +
      `<g><title>${esc(format(SAY.oneDiePerFigureTotal(), { divisor: a.div, good: goodWord(a.good) }))}</title>` +
      icon("dice", 47 + nameW, 13, 20) + `<text x="${69 + nameW}" y="29" font-size="16" class="sa-strong">÷${a.div}</text></g></g>`;
    if (key !== "hunt") {
      s += `<g class="sa-cap${total >= 7 ? " sa-full" : ""}"><title>${esc(capWords)}</title>` +
        `<rect x="${w - 60}" y="38" width="52" height="26" rx="13"/>` +
        `<text x="${w - 34}" y="57" text-anchor="middle" font-size="16">${total}/7</text></g>`;
    }
    if (herdHere) {
      s += `<g class="sa-herd-badge" transform="translate(${w - 72} ${h - 50})"><title>${esc(SAY.theMammothHerdIsHere())}</title>` +
        `<rect x="-2" y="-2" width="66" height="48" rx="10"/>` + icon("mammoth", 1, 0, 60) + `</g>`;
    }
    s += this.tray(counts, 14, 46, key === "hunt" ? w - 40 : w - 90, h - 50);
    s += hit(w, h, 14) + this.infoButton(w - 18, 20);
    s += `</g></g>`;
    return s;
  }

  scenery(key, w, h) {
    const c = `class="sa-scenery"`;
    if (key === "forest") {
      let t = "";
      for (let i = 0; i < 6; i++) {
        const x = w - 30 - i * 34 - (i % 2) * 6;
        const yy = h - 10 - (i % 2) * 8;
        t += `<path d="M${x} ${yy - 50} L${x + 16} ${yy - 18} H${x + 6} L${x + 20} ${yy} H${x - 20} L${x - 6} ${yy - 18} H${x - 16} Z"/>`;
      }
      return `<g ${c}>${t}</g>`;
    }
    if (key === "river") {
      let t = "";
      const waves = " t 40 0".repeat(Math.max(0, Math.floor((w - 60) / 40)));
      for (let i = 0; i < 3; i++) {
        const yy = h - 50 + i * 16;
        t += `<path d="M10 ${yy} q 20 -10 40 0${waves}" fill="none" stroke-width="4"/>`;
      }
      return `<g ${c}>${t}</g>`;
    }
    if (key === "quarry") {
      return `<g ${c}><path d="M${w - 200} ${h} L${w - 170} ${h - 50} L${w - 120} ${h - 62} L${w - 80} ${h - 40} L${w - 40} ${h - 70} L${w} ${h - 45} V${h} Z"/></g>`;
    }
    if (key === "claypit") {
      return `<g ${c}><ellipse cx="${w - 90}" cy="${h - 18}" rx="110" ry="26"/><ellipse cx="${w - 90}" cy="${h - 18}" rx="70" ry="14" class="sa-scenery-deep"/></g>`;
    }
    if (key === "hunt") {
      let t = "";
      for (let i = 0; i < Math.floor((w - 40) / 44); i++) {
        const x = 20 + i * 44 + (i % 3) * 7;
        t += `<path d="M${x} ${h - 6} l4 -14 l3 14 l5 -11 l2 11" fill="none" stroke-width="2"/>`;
      }
      return `<g ${c}>${t}</g>`;
    }
    return "";
  }

  /** Figures of every seat in a flowing tray, each seat's group followed by its count. */
  tray(counts, x, y, w, h) {
    const groups = (counts || []).map((c, seat) => [seat, c]).filter(([, c]) => c > 0);
    if (!groups.length) return "";
    for (const size of [24, 21, 18, 15, 12, 10]) {
      const step = size + 3;
      const rowH = size + 7;
      const rows = Math.max(1, Math.floor(h / rowH));
      let cx = 0;
      let row = 0;
      let out = "";
      let fits = true;
      for (const [seat, c] of groups) {
        const label = c >= 3 ? String(c) : "";
        const labelW = label ? tw(label, 15) + 6 : 0;
        const need = c * step + labelW;
        if (cx > 0 && cx + need > w) { // start the group on a new row when it would be cut
          cx = 0;
          row += 1;
        }
        out += `<g class="sa-group"><title>${esc(format(SAY.nameFigures(), { name: this.name(seat), figures: figuresWord(c) }))}</title>`;
        for (let i = 0; i < c; i++) {
          if (cx + step > w + 4) {
            cx = 0;
            row += 1;
          }
          out += fig(seat, x + cx + size / 2, y + row * rowH + size / 2 + 2, size);
          cx += step;
        }
        if (label) {
          if (cx + labelW > w + 16) {
            cx = 0;
            row += 1;
          }
          out += `<text x="${x + cx + 1}" y="${y + row * rowH + size / 2 + 8}" font-size="15" class="sa-count">${label}</text>`;
          cx += labelW;
        }
        out += `</g>`;
        cx += 12;
        if (row + 1 > rows) {
          fits = false;
          break;
        }
      }
      if (fits) return out;
    }
    return "";
  }

  village(m, key, x, y, w, h) {
    const a = AREAS[key];
    const counts = m.board[key] || [];
    const name = areaTitle(key);
    const gives = areaGives(key);
    const words = format(_("{place} ({gives}, {figures}): {occupants}."),
      { place: name, gives, figures: figuresWord(a.spots), occupants: this.occupantWords(counts) });
    const { attrs, title, hit } = this.locAttrs(m, key, words);
    let s = `<g transform="translate(${x} ${y})"><g ${attrs}>${title}`;
    s += `<rect class="sa-area sa-area-village sa-area-${key}" x="0" y="0" width="${w}" height="${h}" rx="14"/>`;
    s += `<rect class="sa-hl" x="1.5" y="1.5" width="${w - 3}" height="${h - 3}" rx="13"/>`;
    if (tw(name, 14) <= w - 72) {
      s += icon(a.icon, 8, 10, 30) + `<text x="42" y="32" font-size="${fitSize(name, 18, w - 72)}" class="sa-plate-text sa-strong">${esc(name)}</text>`;
    } else { // a long name (Fabricante de ferramentas, Werkzeugmacher): the whole width, on two lines if need be
      const one = fitSize(name, 16, w - 42, 12);
      if (tw(name, one) <= w - 42) s += `<text x="12" y="32" font-size="${one}" class="sa-plate-text sa-strong">${esc(name)}</text>`;
      else s += textLines(wrap(name, Math.max(8, Math.floor((w - 42) / 7.2)), 2), 12, 22, 13, 15, `class="sa-plate-text sa-strong"`);
    }
    s += `<text x="12" y="60" font-size="${fitSize(gives, 15, w - 20, 10, false)}" class="sa-gives-text">${esc(gives)}</text>`;
    // spots
    const occupant = counts.findIndex((c) => c > 0);
    for (let i = 0; i < a.spots; i++) {
      const cx = w / 2 + (i - (a.spots - 1) / 2) * 40;
      s += `<circle class="sa-spot" cx="${cx}" cy="${h - 24}" r="16"/>`;
      if (occupant >= 0 && counts[occupant] > i) s += fig(occupant, cx, h - 24, 24);
    }
    s += hit(w, h, 14) + this.infoButton(w - 18, 20);
    s += `</g></g>`;
    return s;
  }

  // --- block B: cards, buildings, the herd ---

  tradeBlock(m, W) {
    let s = "";
    let y = 0;
    const slotW = (W - 30) / 4;
    s += `<text x="2" y="16" font-size="15" class="sa-section">${esc(SAY.civilizationCards())}</text>`;
    y = 24;
    for (let i = 0; i < 4; i++) s += this.cardSlot(m, i, i * (slotW + 10), y, slotW, 226);
    y += 226 + 12;
    s += `<text x="2" y="${y + 16}" font-size="15" class="sa-section">${esc(SAY.buildings())}</text>`;
    y += 24;
    const stacks = m.stacks.length || 4;
    for (let i = 0; i < stacks; i++) s += this.stack(m, i, i * (slotW + 10), y, slotW, 168);
    y += 168;
    if (m.mammoth) {
      y += 12;
      const herd = this.herdBlock(m, W);
      s += `<g transform="translate(0 ${y})">${herd.svg}</g>`;
      y += herd.h;
    }
    return { svg: s, h: y };
  }

  cardSlot(m, slot, x, y, w, h) {
    const key = `card${slot + 1}`;
    const entry = m.display[slot];
    const counts = m.board[key] || [];
    const words = entry ? cardWords(m.boardLines, slot, entry.card) : null;
    const space = { number: slot + 1, cost: resourcesWord(slot + 1), occupants: this.occupantWords(counts) };
    const desc = !entry ? format(_("Card space {number}: empty."), space)
      : words.bottom ? format(_("Card space {number}, cost {cost}: card {card}, {top} / {bottom}. {occupants}."), { ...space, card: entry.card, ...words })
        : format(_("Card space {number}, cost {cost}: card {card}, {top}. {occupants}."), { ...space, card: entry.card, ...words });
    const { attrs, title, hit } = this.locAttrs(m, key, desc);
    let s = `<g transform="translate(${x} ${y})"><g ${attrs}>${title}`;
    s += `<rect class="sa-slot" x="0" y="0" width="${w}" height="${h}" rx="12"/>`;
    s += `<rect class="sa-hl" x="1.5" y="1.5" width="${w - 3}" height="${h - 3}" rx="11"/>`;
    // cost: as many resource stones as it costs
    s += `<g class="sa-cost"><title>${esc(format(SAY.costsResources(slot + 1), { count: slot + 1 }))}</title>`;
    for (let i = 0; i <= slot; i++) s += `<circle cx="${13 + i * 12}" cy="16" r="5.2" class="sa-cost-dot"/>`;
    s += `<text x="${14 + (slot + 1) * 12}" y="21" font-size="14" class="sa-strong sa-cost-text">${slot + 1}</text></g>`;
    const cw = w - 12;
    const ch = 158;
    if (entry) {
      s += `<g transform="translate(6 32)" filter="url(#sa-shadow)">${this.cardFace(entry.card, words, cw, ch)}</g>`;
    } else {
      s += `<rect class="sa-empty-card" x="6" y="32" width="${cw}" height="${ch}" rx="9"/>` +
        `<text x="${w / 2}" y="${32 + ch / 2 + 5}" text-anchor="middle" font-size="14" class="sa-muted">${esc(SAY.empty())}</text>`;
    }
    s += `<circle class="sa-spot" cx="${w / 2}" cy="${h - 17}" r="13"/>`;
    const occ = counts.findIndex((c) => c > 0);
    if (occ >= 0) s += fig(occ, w / 2, h - 17, 22);
    s += hit(w, h, 12) + this.infoButton(w - 15, 16);
    s += `</g></g>`;
    return s;
  }

  cardFace(id, words, w, h) {
    const card = cardInfo(id);
    const green = card ? !!card[1] : words.bottom.startsWith("green");
    const bandH = 52;
    let s = `<rect class="sa-card" x="0" y="0" width="${w}" height="${h}" rx="9"/>`;
    s += `<text x="8" y="17" font-size="12" class="sa-card-no">#${id}</text>`;
    const ic = card ? card[0] : null;
    if (ic === "dice") s += icon("dice", w / 2 - 17, 10, 34);
    else if (ic && ic.startsWith("roll-")) s += icon("dice", w / 2 - 30, 12, 28) + icon(ic.slice(5), w / 2 + 2, 12, 28);
    else if (ic) s += icon(ic, w / 2 - 17, 10, 34);
    const lines = wrap(words.top, Math.max(10, Math.floor(w / 8.6)), 3);
    s += textLines(lines, w / 2, 64, 14, 16, `text-anchor="middle" class="sa-card-text"`);
    s += `<path class="${green ? "sa-band-green" : "sa-band-sand"}" d="M0 ${h - bandH} H${w} V${h - 9} a9 9 0 0 1 -9 9 H9 a9 9 0 0 1 -9 -9 Z"/>`;
    if (green) {
      const sym = card ? symbolWord(card[1]) : words.bottom.replace(/^green\s*/, "");
      s += `<circle cx="${w / 2}" cy="${h - bandH + 18}" r="11" class="sa-green-disc"/>` +
        `<text x="${w / 2}" y="${h - bandH + 23}" text-anchor="middle" font-size="13" class="sa-green-glyph">${esc(sym.slice(0, 1).toUpperCase())}</text>` +
        `<text x="${w / 2}" y="${h - 8}" text-anchor="middle" font-size="13" class="sa-band-text">${esc(sym)}</text>`;
    } else {
      const m = words.bottom.match(/^(\d+)\s+(.+)$/);
      const count = card ? card[3] : m ? +m[1] : 0;
      for (let i = 0; i < Math.min(count, 4); i++) {
        s += this.sandFigure(w / 2 + (i - (Math.min(count, 4) - 1) / 2) * 16, h - bandH + 19);
      }
      s += `<text x="${w / 2}" y="${h - 8}" text-anchor="middle" font-size="13" class="sa-band-text">${esc(clip(words.bottom, 18))}</text>`;
    }
    return s;
  }

  sandFigure(cx, cy) {
    return `<g class="sa-sand-fig" transform="translate(${cx} ${cy})"><circle cx="0" cy="-7" r="4"/><path d="M-6 9 L-4 -2 H4 L6 9 Z"/></g>`;
  }

  stack(m, i, x, y, w, h) {
    const key = `building${i + 1}`;
    const entry = m.stacks[i] || { top: null, left: 0 };
    const counts = m.board[key] || [];
    const kind = buildingKind(entry.top);
    const stackWords = { number: i + 1, occupants: this.occupantWords(counts) };
    const desc = entry.top ? format(ngettext("Building stack {number}: top tile {tile}; {count} tile left. {occupants}.",
      "Building stack {number}: top tile {tile}; {count} tiles left. {occupants}.", entry.left), { ...stackWords, tile: kind.words, count: entry.left })
      : format(_("Building stack {number}: empty. {occupants}."), stackWords);
    const { attrs, title, hit } = this.locAttrs(m, key, desc);
    let s = `<g transform="translate(${x} ${y})"><g ${attrs}>${title}`;
    s += `<rect class="sa-slot" x="0" y="0" width="${w}" height="${h}" rx="12"/>`;
    s += `<rect class="sa-hl" x="1.5" y="1.5" width="${w - 3}" height="${h - 3}" rx="11"/>`;
    s += `<text x="10" y="20" font-size="${fitSize(format(SAY.countLeft(), { count: entry.left }), 14, w - 34, 10, false)}" class="sa-muted">${esc(format(SAY.countLeft(), { count: entry.left }))}</text>`;
    const tw = w - 22;
    const th = 98;
    const layers = Math.min(Math.max(entry.left - 1, 0), 3);
    for (let l = layers; l >= 1; l--) {
      s += `<rect class="sa-tile-under" x="${8 + l * 3}" y="${30 + l * 3}" width="${tw}" height="${th}" rx="8"/>`;
    }
    if (entry.top && kind) {
      s += `<g transform="translate(8 30)">${this.tileFace(kind, tw, th)}</g>`;
    } else {
      s += `<rect class="sa-empty-card" x="8" y="30" width="${tw}" height="${th}" rx="8"/>` +
        `<text x="${8 + tw / 2}" y="${30 + th / 2 + 5}" text-anchor="middle" font-size="14" class="sa-muted">${esc(SAY.empty())}</text>`;
    }
    s += `<circle class="sa-spot" cx="${w / 2}" cy="${h - 18}" r="13"/>`;
    const occ = counts.findIndex((c) => c > 0);
    if (occ >= 0) s += fig(occ, w / 2, h - 18, 22);
    s += hit(w, h, 12) + this.infoButton(w - 15, 15);
    s += `</g></g>`;
    return s;
  }

  tileFace(kind, w, h) {
    let s = `<rect class="sa-tile" x="0" y="0" width="${w}" height="${h}" rx="8"/>`;
    s += icon("hut", 6, 4, 30);
    if (kind.fixed) {
      s += `<g class="sa-points"><circle cx="${w - 22}" cy="20" r="16"/><text x="${w - 22}" y="26" text-anchor="middle" font-size="17">${kind.points}</text></g>`;
      const items = [];
      for (const r of RES) for (let k = 0; k < kind.cost[r]; k++) items.push(r);
      const size = 28;
      const x0 = w / 2 - (items.length * (size + 3) - 3) / 2;
      items.forEach((r, k) => { s += icon(r, x0 + k * (size + 3), 46, size); });
      s += `<text x="${w / 2}" y="${h - 8}" text-anchor="middle" font-size="${fitSize(SAY.pointsAsShown(), 12, w - 8, 8, false)}" class="sa-muted">${esc(SAY.pointsAsShown())}</text>`;
    } else {
      s += `<g class="sa-points"><circle cx="${w - 22}" cy="20" r="16"/><text x="${w - 22}" y="26" text-anchor="middle" font-size="17">?</text></g>`;
      s += `<text x="${w / 2}" y="60" text-anchor="middle" font-size="${fitSize(kind.short, 15, w - 8, 10)}" class="sa-strong">${esc(kind.short)}</text>`;
      const n = kind.count || 7;
      const dots = Math.min(n, 7);
      for (let k = 0; k < dots; k++) s += `<circle cx="${w / 2 + (k - (dots - 1) / 2) * 12}" cy="74" r="4.5" class="sa-cost-dot"/>`;
      s += `<text x="${w / 2}" y="${h - 8}" text-anchor="middle" font-size="${fitSize(SAY.pointsValue(), 12, w - 8, 8, false)}" class="sa-muted">${esc(SAY.pointsValue())}</text>`;
    }
    return s;
  }

  herdBlock(m, W) {
    const herd = m.mammoth;
    const h = 132;
    const key = "mammoth";
    const players = m.players;
    const rule = ruleOf(key, m.ruleCtx);
    const left = typeof herd.pile_size === "number" ? herd.pile_size : 0;
    const where = herd.herd && AREAS[herd.herd] ? areaThe(herd.herd) : null;
    const summary = (m.mammothLines || []).join(" ");
    const stage = m.pending?.stage;
    const deciding = m.decision && (stage === "tame_move" || stage === "bonus" || /mammoth/.test(m.decision.prompt || ""));
    let s = `<g class="sa-herd${deciding ? " sa-busy" : ""}" data-key="${key}" data-rule="${esc(rule)}"><title>${esc(summary || SAY.mammothHerd())}</title>`;
    s += `<rect class="sa-herd-bg" x="0" y="0" width="${W}" height="${h}" rx="14"/>`;
    s += `<rect class="sa-hl" x="1.5" y="1.5" width="${W - 3}" height="${h - 3}" rx="13"/>`;
    s += `<text x="12" y="22" font-size="${fitSize(SAY.mammothHerd(), 15, 118)}" class="sa-strong">${esc(SAY.mammothHerd())}</text>`;
    s += icon("mammoth", 12, 32, 92);
    s += this.infoButton(W - 18, 18);
    // the tile
    const tx = 140;
    if (herd.bonus && where) {
      const tileWords = format(_("Tile {number} at {place}"), { number: herd.bonus_tile, place: where });
      s += `<text x="${tx}" y="22" font-size="${fitSize(tileWords, 15, Math.max(tx + 252, W - 170) - tx - 8, 10, false)}" class="sa-muted">${esc(tileWords)}</text>`;
      const halfW = 120;
      for (const [i, which, label] of [[0, "one", _("“1”")], [1, "all", _("“all”")]]) {
        const t = m.targets.get(`bonus-${which}`);
        const bx = tx + i * (halfW + 6);
        const text = herd.bonus[which] || "";
        s += `<g class="sa-bonus${t ? " sa-legal" : ""}"><title>${esc(format(SAY.bonusBonusText(), { bonus: label, text }))}</title>` +
          `<rect class="sa-bonus-half" x="${bx}" y="30" width="${halfW}" height="56" rx="9"/>` +
          `<rect class="sa-hl" x="${bx - 2}" y="28" width="${halfW + 4}" height="60" rx="10"/>` +
          `<text x="${bx + 8}" y="48" font-size="14" class="sa-strong">${esc(label)}</text>` +
          textLines(wrap(text, 15, 2), bx + 8, 66, 13, 15, `class="sa-bonus-text"`) +
          this.hitArea(t, `bonus-${which}`, bx - 2, 28, halfW + 4, 60, 10, true) + `</g>`;
      }
    } else {
      const words = left ? _("No bonus tile now: the next is turned up when the round starts") :
        _("Fully tamed: the herd has left the game");
      s += textLines(wrap(words, 34, 2), tx, 40, 15, 19, `class="sa-muted"`);
    }
    // pile and next back
    const px = tx;
    if (left || herd.next_back) s += `<g transform="translate(${px} ${h - 36})"><title>${esc(herd.next_back
      ? format(SAY.tilesLeftNextBack(left),
        { count: left, resource: goodWord(herd.next_back) })
      : format(SAY.tilesLeftInPile(left), { count: left }))}</title>` +
      `<rect class="sa-tile-back" width="26" height="26" rx="5"/>` + (herd.next_back && RES.includes(herd.next_back) ? icon(herd.next_back, 4, 4, 18) : "") +
      `<text x="34" y="19" font-size="14" class="sa-muted">${esc(herd.next_back ? format(SAY.countLeftNextResource(), { count: left, resource: goodWord(herd.next_back) })
        : format(SAY.countLeft(), { count: left }))}</text></g>`;
    // tiles won and figures on the tile
    const rx = Math.max(tx + 252, W - 170);
    s += `<text x="${rx}" y="22" font-size="${fitSize(SAY.tilesWon(), 14, W - rx - 30, 10, false)}" class="sa-muted">${esc(SAY.tilesWon())}</text>`;
    players.forEach((p, seat) => {
      const yy = 30 + seat * 24;
      const on = p.on_tile || 0;
      s += `<g><title>${esc(on ? format(SAY.nameTilesOnTile(), { name: this.name(seat), tiles: tilesWord(p.mammoth_tiles || 0), figures: figuresWord(on) })
        : format(SAY.nameTiles(), { name: this.name(seat), tiles: tilesWord(p.mammoth_tiles || 0) }))}</title>` +
        fig(seat, rx + 9, yy + 9, 16) + `<text x="${rx + 24}" y="${yy + 15}" font-size="15" class="sa-strong">${p.mammoth_tiles || 0}</text>`;
      for (let k = 0; k < on; k++) s += fig(seat, rx + 58 + k * 13, yy + 9, 11, `opacity=".9"`);
      s += `</g>`;
    });
    s += `</g>`;
    return { svg: s, h };
  }

  finalScroll(m, width, height) {
    const totals = (m.round.score_breakdown || []).map((b) => b?.total);
    const scores = m.players.map((p, i) => (typeof totals[i] === "number" ? totals[i] : p.score));
    const order = scores.map((s, i) => [s, i]).sort((a, b) => b[0] - a[0]);
    const w = Math.min(420, width - 60);
    const h = 86 + order.length * 34;
    const x = (width - w) / 2;
    const y = Math.min(height - h - 20, this.wide ? 150 : 160);
    let s = `<g class="sa-final" transform="translate(${x} ${y})" filter="url(#sa-shadow)"><title>${esc(format(SAY.finalScoresScores(), { scores: order.map(([sc, i]) => `${this.name(i)} ${sc}`).join(", ") }))}</title>`;
    s += `<rect class="sa-scroll" width="${w}" height="${h}" rx="16"/>`;
    s += icon("crown", w / 2 - 18, 8, 36);
    s += `<text x="${w / 2}" y="64" text-anchor="middle" font-size="20" class="sa-strong">${esc(SAY.finalScores())}</text>`;
    order.forEach(([sc, i], k) => {
      const yy = 84 + k * 34;
      const win = m.winners.includes(i);
      s += `<g class="${win ? "sa-final-win" : ""}"><rect x="16" y="${yy}" width="${w - 32}" height="28" rx="8" class="sa-final-row"/>` +
        `<text x="30" y="${yy + 20}" font-size="16">${k + 1}.</text>` + fig(i, 62, yy + 14, 18) +
        `<text x="78" y="${yy + 20}" font-size="16" class="sa-strong">${esc(clip(this.name(i), 20))}</text>` +
        (win ? icon("crown", w - 120, yy + 3, 22) : "") +
        `<text x="${w - 30}" y="${yy + 20}" text-anchor="end" font-size="17" class="sa-strong">${sc}</text></g>`;
    });
    return s + `</g>`;
  }

  // --- the players' boards ---

  playerBoard(m, p, seat) {
    const W = 360;
    const name = this.name(seat);
    const seatInfo = this.seats.find((x) => x && x.seat === seat) || this.seats[seat] || {};
    const words = playerWords(p);
    const viewer = this.ctx.viewer !== undefined ? this.ctx.viewer : (m.view.viewer >= 0 ? m.view.viewer : null);
    const me = viewer === seat;
    const toMove = m.toMove === seat;
    const first = m.round.first_player === seat && !m.over;
    const win = m.over && m.winners.includes(seat);
    const finalTotal = m.over && m.round.score_breakdown?.[seat]?.total;
    const score = typeof finalTotal === "number" ? finalTotal : p.score;
    const res = p.resources || {};
    const need = Math.max(0, (p.figures || 0) - (p.agriculture || 0));
    const short = Math.max(0, need - (p.food || 0));
    let s = "";
    let y = 0;
    // header
    s += `<rect class="sa-pb-head sa-seatbg-${seat}" x="0" y="0" width="${W}" height="46" rx="12"/>`;
    s += `<rect x="0" y="30" width="${W}" height="16" class="sa-seatbg-${seat}"/>`;
    s += `<circle cx="24" cy="23" r="16" class="sa-pb-disc"/>` + fig(seat, 24, 23, 22);
    const tags = [me ? _("you") : null, seatInfo.kind === "bot" ? _("bot") : null, seatInfo.away ? _("away") : null].filter(Boolean);
    s += `<text x="44" y="${tags.length ? 22 : 29}" font-size="18" class="sa-pb-name">${esc(clip(name, 20))}</text>`;
    if (tags.length) s += `<text x="44" y="39" font-size="12" class="sa-pb-tags">${esc(tags.join(" · "))}</text>`;
    if (first) s += `<g><title>${esc(SAY.firstPlayerThisRound())}</title>${icon("first", 226, 10, 26)}</g>`;
    if (win) s += `<g><title>${esc(SAY.winner())}</title>${icon("crown", 222, 8, 30)}</g>`;
    s += `<g class="sa-pb-score"><title>${esc(m.over ? format(SAY.finalScoreCountPoint(score), { count: score })
      : format(SAY.scoreCountPoint(score), { count: score }))}</title>` +
      `<rect x="${W - 102}" y="7" width="94" height="32" rx="16"/>` + icon("star", W - 98, 11, 24) +
      `<text x="${W - 16}" y="30" text-anchor="end" font-size="19">${score}</text></g>`;
    y = 56;
    // figures
    const figs = p.figures || 0;
    const home = p.unplaced || 0;
    s += `<g><title>${esc(home ? format(SAY.figuresAtHome(), { figures: figuresWord(figs), count: home }) : figuresWord(figs))}</title>` +
      `<text x="12" y="${y + 17}" font-size="${fitSize(SAY.figures(), 14, 68, 10)}" class="sa-label">${esc(SAY.figures())}</text>`;
    for (let i = 0; i < figs; i++) {
      const out = i >= home && m.round.phase === "placement" || (m.round.phase === "actions" && i >= home);
      s += fig(seat, 92 + i * 22, y + 12, 18, out ? `opacity=".35"` : "");
    }
    s += `<text x="${W - 12}" y="${y + 17}" text-anchor="end" font-size="14" class="sa-strong">${esc(home ? format(SAY.countHomeHome(), { count: figs, home }) : String(figs))}</text></g>`;
    y += 30;
    // food and feeding

    const feeding = m.pending?.stage === "feed" && m.pending.player === seat && !m.over;
    const feedShort = feeding ? m.pending.shortfall || 0 : short;
    const feedText = feeding ? format(_("feeding now: {count} food short!"), { count: feedShort }) :
      short ? format(_("feeding needs {need}: {count} short!"), { need, count: short }) : format(_("feeding needs {need} ✓"), { need });
    const feedCls = feedShort ? "sa-short" : "sa-ok";
    const foodWords = { food: p.food, need, figures: figs, agriculture: p.agriculture, count: short };
    s += `<g><title>${esc(m.over ? format(SAY.foodFood(), foodWords)
      : short ? format(SAY.foodShort(), foodWords)
        : format(SAY.foodEnough(), foodWords))}</title>` +
      icon("food", 10, y, 26) + `<text x="40" y="${y + 19}" font-size="18" class="sa-strong">${p.food}</text>` +
      (m.over ? "" : `<g class="sa-feed ${feedCls}"><rect x="78" y="${y + 1}" width="164" height="24" rx="12"/>` +
      `<text x="160" y="${y + 18}" text-anchor="middle" font-size="${fitSize(feedText, 13, 154, 10, !!feedShort)}">${esc(feedText)}</text></g>`) + `</g>`;
    // agriculture track
    const ag = p.agriculture || 0;
    s += `<g><title>${esc(format(SAY.agricultureCount(), { count: ag }))}</title>` + icon("wheat", 250, y, 24) +
      `<text x="276" y="${y + 18}" font-size="17" class="sa-strong">${ag}</text>`;
    for (let k = 1; k <= 10; k++) s += `<rect x="${296 + (k - 1) * 5.6}" y="${y + 6 + (k > ag ? 0 : 0)}" width="4" height="14" rx="1.5" class="${k <= ag ? "sa-ag-on" : "sa-ag-off"}"/>`;
    s += `</g>`;
    y += 34;
    // resources
    s += `<rect class="sa-pb-row" x="6" y="${y - 3}" width="${W - 12}" height="34" rx="9"/>`;
    RES.forEach((r, k) => {
      const x = 12 + k * 87;
      s += `<g><title>${esc(format(SAY.resourceCount(), { resource: goodWord(r), count: res[r] ?? 0 }))}</title>` + icon(r, x, y, 28) +
        `<text x="${x + 34}" y="${y + 21}" font-size="18" class="sa-strong">${res[r] ?? 0}</text></g>`;
    });
    y += 40;
    // tools
    const ready = p.tools_ready || [];
    const used = p.tools_used || [];
    const oneUse = p.one_use_tools || [];
    let toolWords = format(_("Tools ready: {ready}; used this round: {used}"), { ready: ready.join(", ") || _("none"), used: used.join(", ") || _("none") });
    if (oneUse.length) toolWords = format(_("{tools}; one-use tools {values}"), { tools: toolWords, values: oneUse.join(", ") });
    if (p.two_resources) toolWords = format(_("{tools}; the two-resources card"), { tools: toolWords });
    s += `<g><title>${esc(toolWords)}</title>`;
    s += icon("tool", 10, y, 24) + `<text x="38" y="${y + 17}" font-size="14" class="sa-label">${esc(SAY.tools())}</text>`;
    let tx = Math.max(92, 38 + tw(SAY.tools(), 14) + 10);
    for (const v of ready) {
      s += `<g class="sa-tooltile"><rect x="${tx}" y="${y}" width="24" height="24" rx="4"/><text x="${tx + 12}" y="${y + 17}" text-anchor="middle" font-size="15">${v}</text></g>`;
      tx += 28;
    }
    for (const v of used) {
      s += `<g class="sa-tooltile sa-used"><rect x="${tx}" y="${y}" width="24" height="24" rx="4"/><text x="${tx + 12}" y="${y + 17}" text-anchor="middle" font-size="15">${v}</text></g>`;
      tx += 28;
    }
    if (!ready.length && !used.length) {
      s += `<text x="${tx}" y="${y + 17}" font-size="14" class="sa-muted">${esc(SAY.none())}</text>`;
      tx += 44;
    }
    if (used.length) {
      s += `<text x="${tx + 2}" y="${y + 17}" font-size="12" class="sa-muted">${esc(format(SAY.countUsed(), { count: used.length }))}</text>`;
      tx += 50;
    }
    for (const v of oneUse) {
      s += `<g class="sa-oneuse"><rect x="${tx}" y="${y - 2}" width="20" height="28" rx="3"/><text x="${tx + 10}" y="${y + 17}" text-anchor="middle" font-size="14">${v}</text></g>`;
      tx += 24;
    }
    if (p.two_resources) s += icon("two", tx + 2, y, 24);
    s += `</g>`;
    y += 34;
    // cards
    const hidden = typeof p.secret_cards === "number" ? p.secret_cards : (p.secret_cards || []).length;
    const count = p.card_count || 0;
    const bought = count - hidden;
    const faceDown = bought > (p.cards || []).length;
    let cardTitle = faceDown ? format(_("Civilization cards: {count} (face down)"), { count }) : format(_("Civilization cards: {count}"), { count });
    if (hidden) cardTitle = format(_("{cards}, {count} drawn face down"), { cards: cardTitle, count: hidden });
    if (words.green && !faceDown) cardTitle = format(_("{cards}; green: {symbols}"), { cards: cardTitle, symbols: words.green });
    if (words.sand && !faceDown) cardTitle = format(_("{cards}; sand: {figures}"), { cards: cardTitle, figures: words.sand });
    s += `<g><title>${esc(cardTitle)}</title>`;
    const cardsLabel = format(_("Cards {count}"), { count });
    s += icon("cardback", 10, y, 24) + `<text x="38" y="${y + 17}" font-size="14" class="sa-label">${esc(cardsLabel)}</text>`;
    const known = !faceDown && words.greens !== undefined;
    const chipX = Math.max(104, 38 + tw(cardsLabel, 14) + 10);
    let cx = chipX;
    if (!known) {
      const shown = Math.min(count, 10);
      for (let k = 0; k < shown; k++) s += icon("cardback", cx + k * 12, y, 24);
      if (count) s += `<text x="${cx + shown * 12 + 18}" y="${y + 17}" font-size="12" class="sa-muted">${esc(SAY.faceDown())}</text>`;
      else s += `<text x="${cx}" y="${y + 17}" font-size="13" class="sa-muted">${esc(SAY.none())}</text>`;
      s += `</g>`;
      y += 30;
    } else {
      // green symbols (one chip per symbol, ×n for doubles), then sand figures
      const greens = words.greens;
      const chips = [...new Set(greens)].map((g) => {
        const n = greens.filter((x) => x === g).length;
        return { cls: "sa-chip-green", text: symbolWord(g) + (n > 1 ? ` ×${n}` : "") };
      });
      for (const [kind, n] of words.sands) chips.push({ cls: "sa-chip-sand", text: sandWords(kind, n), sand: true });
      if (!chips.length) s += `<text x="${cx}" y="${y + 17}" font-size="13" class="sa-muted">${count ? "" : esc(SAY.none())}</text>`;
      let cy = y + 2;
      for (const c of chips) {
        const cw = tw(c.text, 11) + (c.sand ? 26 : 14);
        if (cx + cw > W - 8 && cx > chipX) {
          cx = chipX;
          cy += 24;
        }
        s += `<g class="${c.cls}"><rect x="${cx}" y="${cy}" width="${cw}" height="20" rx="10"/>` +
          (c.sand ? this.sandFigure(cx + 11, cy + 10) : "") +
          `<text x="${cx + (c.sand ? 20 : 7)}" y="${cy + 14}" font-size="11">${esc(c.text)}</text></g>`;
        cx += cw + 4;
      }
      if (hidden) {
        const text = format(_("+{count} face down"), { count: hidden });
        if (cx + tw(text, 12, false) > W - 8) {
          cx = chipX;
          cy += 24;
        }
        s += `<text x="${cx + 2}" y="${cy + 15}" font-size="12" class="sa-muted">${esc(text)}</text>`;
      }
      s += `</g>`;
      y = cy + 28;
    }
    // buildings
    const blds = p.buildings || [];
    s += `<g><title>${esc(blds.length ? format(SAY.buildingsCountKinds(), { count: blds.length, kinds: blds.map((b) => buildingKind(b.kind)?.short ?? b.kind).join(", ") })
      : format(SAY.buildingsCount(), { count: blds.length }))}</title>`;
    const hutsLabel = format(_("Huts {count}"), { count: blds.length });
    s += icon("hut", 10, y, 24) + `<text x="38" y="${y + 17}" font-size="14" class="sa-label">${esc(hutsLabel)}</text>`;
    let bx = Math.max(104, 38 + tw(hutsLabel, 14) + 10);
    for (const b of blds) {
      if (bx + 22 > W - 8) {
        s += `<text x="${bx}" y="${y + 17}" font-size="12" class="sa-muted">…</text>`;
        break;
      }
      s += this.miniTile(b.kind, bx, y);
      bx += 24;
    }
    s += `</g>`;
    y += 32;
    // mammoth
    if (m.mammoth && "mammoth_tiles" in p) {
      let herdTitle = format(_("Mammoth tiles: {count}"), { count: p.mammoth_tiles });
      if (p.mammoth_points) herdTitle = format(ngettext("{tiles}, {count} point from bonuses", "{tiles}, {count} points from bonuses", p.mammoth_points), { tiles: herdTitle, count: p.mammoth_points });
      if (p.on_tile) herdTitle = format(_("{tiles}; {count} on the bonus tile"), { tiles: herdTitle, count: p.on_tile });
      const herdLabel = format(_("Mammoth tiles {count}"), { count: p.mammoth_tiles });
      s += `<g><title>${esc(herdTitle)}</title>` +
        icon("mammoth", 8, y - 2, 30) + `<text x="44" y="${y + 17}" font-size="14" class="sa-label">${esc(herdLabel)}</text>` +
        (p.mammoth_points ? `<text x="${44 + tw(herdLabel, 14) + 10}" y="${y + 17}" font-size="12" class="sa-muted">${esc(format(SAY.countPtsFromBonuses(), { count: p.mammoth_points }))}</text>` : "") +
        (p.on_tile ? `<text x="${W - 12}" y="${y + 17}" text-anchor="end" font-size="12" class="sa-strong">${esc(format(SAY.countOnTile(), { count: p.on_tile }))}</text>` : "") + `</g>`;
      y += 30;
    }
    if (p.penalties) {
      s += `<text x="12" y="${y + 12}" font-size="13" class="sa-short-text">${esc(format(SAY.starvedCountPointsPoints(), { count: p.penalties, points: p.penalties * 10 }))}</text>`;
      y += 22;
    }
    if (m.over && m.round.score_breakdown?.[seat]) {
      const b = m.round.score_breakdown[seat];
      const parts = Object.entries(b).filter(([k, v]) => k !== "total" && v).map(([k, v]) => format(_("{part} {points}"), { part: scorePart(k), points: v }));
      s += textLines(wrap(parts.join(" · "), 52, 3), 12, y + 12, 12, 15, `class="sa-muted"`);
      y += 15 * Math.min(3, wrap(parts.join(" · "), 52, 3).length) + 6;
    }
    const H = y + 4;
    const cls = ["sa-player", `sa-player-${seat}`, toMove ? "sa-to-move" : "", me ? "sa-me" : "", win ? "sa-winner" : "", m.over ? "sa-over" : ""].filter(Boolean).join(" ");
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
    const label = format(_("{name}: {holdings}."), { name: who, holdings: parts.join("; ") });
    return `<div class="${cls}" role="listitem" aria-label="${esc(label)}">` +
      `<svg viewBox="0 0 ${W} ${H}" xmlns="${NS}" role="img" aria-label="${esc(label)}"><title>${esc(label)}</title>` +
      `<rect class="sa-pb-bg" x="0" y="0" width="${W}" height="${H}" rx="12"/>${s}</svg></div>`;
  }

  miniTile(kind, x, y) {
    const k = buildingKind(kind);
    let s = `<g class="sa-minitile"><title>${esc(k ? k.words : kind)}</title><rect x="${x}" y="${y}" width="20" height="24" rx="3"/>`;
    if (k?.fixed) {
      const items = [];
      for (const r of RES) for (let n = 0; n < k.cost[r]; n++) items.push(r);
      items.forEach((r, n) => { s += `<circle cx="${x + 10}" cy="${y + 5 + n * 7}" r="3" class="sa-dot-${r}"/>`; });
    } else {
      s += `<text x="${x + 10}" y="${y + 16}" text-anchor="middle" font-size="10">${esc(kind.split("-")[0])}</text>`;
    }
    return s + `</g>`;
  }
}
