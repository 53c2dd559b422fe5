// @ts-check
// Stone Age's board as data: what the board reads of the server's view, events and choices, and the
// maths of its layout. No DOM and no words here (the words are stone_age_words.js, the drawing
// stone_age_draw.js), so `node --test` checks these functions alone (tests/js/).
//
// Everything is read from data: events' facts (docs/facts.md: `roll`, `dice_for_all`, `tame_roll`),
// choices' facts (`pick`, `tame_bonus`), the view's panels. Never from the server's words, which are
// in the viewer's language.

/** @typedef {import("../types.js").Fact} Fact */
/** @typedef {import("../types.js").GameEvent} GameEvent */
/** @typedef {import("../types.js").Choice & {loc?: number, count?: number}} Choice  a choice; Stone Age's name their location (`loc`) */
/** @typedef {import("../types.js").Decision} Decision */
/** @typedef {import("../types.js").Panel} Panel */
/** @typedef {import("../types.js").View} View */
/**
 * @typedef {{seat: number | null, n?: number, sum?: number, where?: string | null, faces?: number[],
 *   kind?: "all" | "tame", key?: number}} FoundRoll
 *   A roll told by an update's events: a gathering roll (n dice, their sum, where), dice for all or a
 *   taming roll (faces).
 * @typedef {{seat: number | null, faces: number[]}} DiceGroup
 * @typedef {{kind: "gather", seat: number | null, where: string | null, n: number, sum: number, faces: number[]}
 *   | {kind: "all", seat: number | null, faces: number[]}
 *   | {kind: "tame", groups: DiceGroup[]}} Roll
 *   A roll as the dice tray shows it.
 * @typedef {{action?: number | null, path?: string, label: string}} Target
 *   What a place of the board plays: a leaf action, or a group of the decision (path of indexes).
 */

export const TERMINAL = -4;
/** The locations in the order of the game's location numbers (a choice's `loc`). */
export const LOCS = ["hunt", "forest", "claypit", "quarry", "river", "toolmaker", "hut", "field",
  "card1", "card2", "card3", "card4", "building1", "building2", "building3", "building4"];
export const RES = ["wood", "clay", "stone", "gold"];
/** @type {Record<string, number>} */
export const RES_VALUE = { wood: 3, clay: 4, stone: 5, gold: 6 };
/** @typedef {{good?: string, div?: number, spots?: number, icon?: string}} Area */
/** @type {Record<string, Area>} */
export const AREAS = {
  hunt: { good: "food", div: 2 },
  forest: { good: "wood", div: 3 },
  claypit: { good: "clay", div: 4 },
  quarry: { good: "stone", div: 5 },
  river: { good: "gold", div: 6 },
  toolmaker: { spots: 1, icon: "tool" },
  hut: { spots: 2, icon: "hut" },
  field: { spots: 1, icon: "wheat" },
};
/** The places whose figures roll the dice (a `roll` fact at any other place rolled for a card). */
export const GATHERING = ["hunt", "forest", "claypit", "quarry", "river"];

/** @typedef {[string, string | null, string?, number?]} CardInfo */
/** The civilization cards (games/stone_age/data.py CARDS), what the board draws of them:
 *  [top effect's icon, green symbol or null, sand figure or null, sand figures].
 *  @type {(CardInfo | null)[]} */
export const CARDS = [null,
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

/**
 * What the board draws of a civilization card, or null for a number that is no card.
 * @param {number} id
 * @returns {CardInfo | null}
 */
export const cardInfo = (id) => CARDS[id] || null;

// --- the view ------------------------------------------------------------------------------------

/**
 * A panel of the view by its name, or null.
 * @param {View | null | undefined} view
 * @param {string} name
 * @returns {Panel | null}
 */
export const panelOf = (view, name) => (view?.panels || []).find((p) => p.name === name) || null;

/**
 * The move number of a view: that of its latest events (0 before the first move).
 * @param {View | null | undefined} view
 * @returns {number}
 */
export const moveOf = (view) => Math.max(0, ...(view?.events || []).map((e) => (Number.isFinite(e?.number) ? Number(e.number) : 0)));

/**
 * The seats with the best score: the final breakdown's totals when there are all of them, else the
 * players' scores.
 * @param {any[]} breakdown the round panel's score_breakdown ({total, …} per seat)
 * @param {{score?: number}[]} players
 * @returns {number[]}
 */
export function winnersOf(breakdown, players) {
  const totals = (breakdown || []).map((b) => b?.total);
  const scores = totals.length === players.length && totals.every((t) => typeof t === "number") ? totals
    : players.map((p) => p.score ?? 0);
  const best = Math.max(...scores);
  /** @type {number[]} */
  const winners = [];
  scores.forEach((s, i) => { if (s === best) winners.push(i); });
  return winners;
}

/**
 * The final scores with their seats, best first.
 * @param {any[]} breakdown
 * @param {{score?: number}[]} players
 * @returns {[number, number][]} [score, seat]
 */
export function finalOrder(breakdown, players) {
  const totals = (breakdown || []).map((b) => b?.total);
  const scores = players.map((p, i) => (typeof totals[i] === "number" ? totals[i] : p.score ?? 0));
  return scores.map((sc, i) => /** @type {[number, number]} */ ([sc, i])).sort((a, b) => b[0] - a[0]);
}

// --- dice ----------------------------------------------------------------------------------------

/** @type {number[][]} */
const WAYS = [[1]];

/**
 * How many ordered rolls of ``n`` dice sum to ``s``.
 * @param {number} n
 * @param {number} s
 * @returns {number}
 */
export function ways(n, s) {
  for (let k = WAYS.length; k <= n; k++) {
    const row = new Array(6 * k + 1).fill(0);
    WAYS[k - 1].forEach((w, t) => { for (let f = 1; f <= 6; f++) row[t + f] += w; });
    WAYS.push(row);
  }
  return s < 0 || s >= WAYS[n].length ? 0 : WAYS[n][s];
}

/**
 * ``n`` faces summing to ``sum``, drawn uniformly among all such rolls (``null`` if impossible): the
 * dice a gathering roll shows, the server telling only how many dice and their total.
 * @param {number} n
 * @param {number} sum
 * @param {() => number} [random] numbers in [0, 1)
 * @returns {number[] | null}
 */
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

/** Where the pips of each face are, in steps of 0.27 of the die from its centre.
 *  @type {Record<number, [number, number][]>} */
export const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };

/**
 * The pips of a die of ``face`` drawn ``size`` wide: centres and radius.
 * @param {number} face
 * @param {number} size
 * @returns {{cx: number, cy: number, r: number}[]}
 */
export function pips(face, size) {
  const c = size / 2;
  const d = size * 0.27;
  const r = size * 0.09;
  return (PIPS[face] || []).map(([dx, dy]) => ({ cx: c + dx * d, cy: c + dy * d, r }));
}

/**
 * A list of die faces from a fact's field (numbers 1–6 only), or null.
 * @param {unknown} value
 * @returns {number[] | null}
 */
function faceList(value) {
  if (!Array.isArray(value)) return null;
  const faces = value.map(Number);
  return faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 6) ? faces : null;
}

/**
 * The seat of a fact, or null when it concerned nobody.
 * @param {Fact} fact
 * @returns {number | null}
 */
const seatOf = (fact) => (typeof fact.seat === "number" && fact.seat >= 0 ? fact.seat : null);

/**
 * The rolls told by the events of an update, from their facts: a gathering roll ``{seat, n, sum,
 * where}`` (``where``: the gathering place, or null for a card's roll), dice for all ``{faces, kind:
 * "all"}``, a taming roll ``{seat, faces, kind: "tame"}``. A chance event without a fact (a server
 * before facts) is read from the round panel's pending stage before and after it.
 * @param {GameEvent[] | null | undefined} events
 * @param {View | null} [prevView] the view before these events
 * @param {View | null} [view] the view after them
 * @returns {FoundRoll[]}
 */
export function rollsIn(events, prevView = null, view = null) {
  /** @type {FoundRoll[]} */
  const out = [];
  const prevPending = panelOf(prevView, "round")?.data?.pending;
  const pending = panelOf(view, "round")?.data?.pending;
  for (const e of events || []) {
    if (!e) continue;
    const fact = e.fact;
    const data = fact?.data || {};
    if (fact?.kind === "roll") {
      const n = Number(data.dice);
      const sum = Number(data.total);
      const place = typeof data.place === "string" && GATHERING.includes(data.place) ? data.place : null;
      if (Number.isInteger(n) && Number.isInteger(sum)) out.push({ seat: seatOf(fact), n, sum, where: place, key: e.number });
    } else if (fact?.kind === "dice_for_all") {
      const faces = faceList(data.faces);
      if (faces) out.push({ seat: null, faces, kind: "all", key: e.number });
    } else if (fact?.kind === "tame_roll") {
      const faces = faceList(data.faces);
      if (faces) out.push({ seat: seatOf(fact), faces, kind: "tame", key: e.number });
    } else if (!fact && e.kind === "chance" && prevPending?.stage === "roll" && typeof pending?.rolled === "number") {
      out.push({ seat: prevPending.player, n: prevPending.dice, sum: pending.rolled,
        where: GATHERING.includes(prevPending.gather) ? prevPending.gather : null, key: e.number });
    }
  }
  return out;
}

/**
 * Whether these events hold a gathering roll (the rolled-at highlight stays while they are the
 * view's latest).
 * @param {GameEvent[] | null | undefined} events
 * @returns {boolean}
 */
export const hasRoll = (events) => (events || []).some((e) => e?.fact?.kind === "roll");

/**
 * The roll the tray shows for the rolls of one update: every taming roll together, else the last
 * roll (a gathering roll's faces drawn to sum to its total); null when there is nothing to show.
 * @param {FoundRoll[]} found
 * @param {() => number} [random]
 * @returns {Roll | null}
 */
export function makeRoll(found, random = Math.random) {
  const tame = found.filter((r) => r.kind === "tame");
  if (tame.length) return { kind: "tame", groups: tame.map((r) => ({ seat: r.seat, faces: r.faces || [] })) };
  const r = found[found.length - 1];
  if (!r) return null;
  if (r.faces) return { kind: "all", seat: r.seat, faces: r.faces };
  const faces = facesForSum(r.n ?? 0, r.sum ?? 0, random);
  if (!faces) return null;
  return { kind: "gather", seat: r.seat, where: r.where ?? null, n: r.n ?? 0, sum: r.sum ?? 0, faces };
}

/**
 * Every contender's taming dice so far (the herd panel's ``tame_rolls``, one list per seat), as the
 * tray's groups; empty when no one has rolled.
 * @param {unknown} tameRolls
 * @returns {DiceGroup[]}
 */
export function tameGroups(tameRolls) {
  if (!Array.isArray(tameRolls)) return [];
  return tameRolls.map((faces, seat) => ({ seat, faces }))
    .filter((g) => Array.isArray(g.faces) && g.faces.length);
}

// --- the decision's places ---------------------------------------------------------------------------

/**
 * The places of the board that play the pending decision: ``targets`` by key (a location's name,
 * ``pick-<face>`` for a die of dice for all, ``bonus-one``/``bonus-all`` for the mammoth bonus) and
 * ``busy``, the locations several choices are about (drawn as being decided, played from the side
 * panel). A location's choice is its ``loc``; a die's, its ``pick`` fact; a bonus, its ``tame_bonus``
 * fact. ``pickLabel(face)`` names a die's choice (the label is the server's, in the viewer's language).
 * @param {Decision | null | undefined} decision
 * @param {(face: number, choice: Choice) => string} [pickLabel]
 * @returns {{targets: Map<string, Target>, busy: Set<string>}}
 */
export function targetsOf(decision, pickLabel) {
  /** @type {Map<string, Target>} */
  const targets = new Map();
  /** @type {Set<string>} */
  const busy = new Set();
  if (!decision || !Array.isArray(decision.choices)) return { targets, busy };
  /** @type {Map<number, [number, Choice][]>} */
  const byLoc = new Map();
  /** @type {Choice[]} */ (decision.choices).forEach((c, i) => {
    if (typeof c.loc === "number" && c.loc >= 0 && c.loc < LOCS.length) {
      const list = byLoc.get(c.loc) || [];
      list.push([i, c]);
      byLoc.set(c.loc, list);
    }
    const leaf = c.action != null && !Array.isArray(c.choices);
    const fact = c.fact;
    if (!leaf || !fact) return;
    if (fact.kind === "pick") {
      const face = Number(fact.data?.face);
      if (face >= 1 && face <= 6) targets.set(`pick-${face}`, { action: c.action, label: pickLabel ? pickLabel(face, c) : c.label || "" });
    } else if (fact.kind === "tame_bonus" && (fact.data?.bonus === "one" || fact.data?.bonus === "all")) {
      targets.set(`bonus-${fact.data.bonus}`, { action: c.action, label: c.label || "" });
    }
  });
  for (const [loc, list] of byLoc) {
    const key = LOCS[loc];
    if (list.length === 1) {
      const [i, c] = list[0];
      targets.set(key, Array.isArray(c.choices) ? { path: String(i), label: c.label || "" } : { action: c.action, label: c.label || "" });
    } else busy.add(key);
  }
  return { targets, busy };
}

/**
 * Whether the pending decision is about the mammoth herd (moving figures onto its tile, choosing its
 * bonus, taking the resources of its bonus).
 * @param {{stage?: string} | null | undefined} pending the round panel's pending stage
 * @param {string | undefined} phase
 * @returns {boolean}
 */
export const herdDeciding = (pending, phase) => {
  const stage = pending?.stage;
  return stage === "tame_move" || stage === "bonus" || (stage === "take_now" && phase === "taming");
};

// --- what the view says of cards, buildings and players ---------------------------------------------

/**
 * A card's words from the board panel's line for it ("Card 2 (cost 2): …; #23 roll 2 dice for gold |
 * green art"): the line is found by the card's number, in any language; its top effect and bottom
 * (null when no line names it).
 * @param {string[]} lines
 * @param {number} id
 * @returns {{top: string, bottom: string} | null}
 */
export function cardLine(lines, id) {
  const mark = `#${id} `;
  const line = (lines || []).find((l) => l.includes(mark));
  if (!line) return null;
  const what = line.slice(line.indexOf(mark));
  const [topPart, bottom = ""] = what.split(" | ");
  return { top: topPart.replace(/^#\d+\s*/, ""), bottom };
}

/**
 * @typedef {{fixed: true, cost: Record<string, number>, points: number}
 *   | {fixed: false, count: number, kinds: number}
 *   | {fixed: false, count: null, low: number, high: number}
 *   | {fixed: false, count?: undefined, other: string}} BuildingCost
 */

/**
 * A building tile's kind as data: ``wwc`` (a fixed cost and its points), ``4-of-2`` (4 resources of
 * exactly 2 kinds), ``1-to-7`` (1 to 7 resources of any kinds); null for none.
 * @param {string | null | undefined} kind
 * @returns {BuildingCost | null}
 */
export function buildingCost(kind) {
  if (!kind) return null;
  if (/^[wcsg]+$/.test(kind)) {
    /** @type {Record<string, number>} */
    const cost = { wood: 0, clay: 0, stone: 0, gold: 0 };
    /** @type {Record<string, string>} */
    const names = { w: "wood", c: "clay", s: "stone", g: "gold" };
    for (const ch of kind) cost[names[ch]] += 1;
    return { fixed: true, cost, points: RES.reduce((t, r) => t + cost[r] * RES_VALUE[r], 0) };
  }
  let m = kind.match(/^(\d+)-of-(\d+)$/);
  if (m) return { fixed: false, count: +m[1], kinds: +m[2] };
  m = kind.match(/^(\d+)-to-(\d+)$/);
  if (m) return { fixed: false, count: null, low: +m[1], high: +m[2] };
  return { fixed: false, other: kind };
}

/**
 * The goods a fixed building costs, one entry per unit (``["wood", "wood", "clay"]``).
 * @param {Record<string, number>} cost
 * @returns {string[]}
 */
export const costUnits = (cost) => RES.flatMap((r) => new Array(cost[r] || 0).fill(r));

/**
 * A player's civilization cards by what the board draws of them: green symbols (sorted) and sand
 * figures (kind, count); null when some are face down to this viewer.
 * @param {{cards?: number[], secret_cards?: number[] | number, card_count?: number}} p
 * @returns {{greens: string[], sands: [string, number][]} | null}
 */
export function playerCards(p) {
  const secret = Array.isArray(p.secret_cards) ? p.secret_cards : [];
  const hidden = typeof p.secret_cards === "number" ? p.secret_cards : secret.length;
  if ((p.card_count || 0) - hidden > (p.cards || []).length) return null;
  /** @type {string[]} */
  const greens = [];
  /** @type {Map<string, number>} */
  const sand = new Map();
  for (const id of [...(p.cards || []), ...secret]) {
    const card = cardInfo(id);
    if (!card) continue;
    if (card[1]) greens.push(card[1]);
    else if (card[2]) sand.set(card[2], (sand.get(card[2]) || 0) + (card[3] || 0));
  }
  greens.sort();
  return { greens, sands: [...sand] };
}

/**
 * How many of a player's cards are drawn face down (from the two-resources card's draws).
 * @param {{secret_cards?: number[] | number}} p
 * @returns {number}
 */
export const hiddenCards = (p) => (typeof p.secret_cards === "number" ? p.secret_cards : (p.secret_cards || []).length);

// --- text layout ---------------------------------------------------------------------------------

/**
 * ``s`` with its first letter capitalised.
 * @param {string} s
 * @returns {string}
 */
export const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/**
 * The width of ``text`` in Latin characters: a Hangul or other wide character counts nearly two.
 * @param {string} text
 * @returns {number}
 */
export function chars(text) {
  let n = 0;
  for (const c of String(text)) n += (c.codePointAt(0) ?? 0) >= 0x1100 ? 1.8 : 1;
  return n;
}

/**
 * The start of ``text`` that fits ``width - 1`` characters (as ``chars`` counts them), then ….
 * @param {string} text
 * @param {number} width
 * @returns {string}
 */
export function clipChars(text, width) {
  let out = "";
  for (const c of String(text)) {
    if (chars(out + c) > width - 1) break;
    out += c;
  }
  return out + "…";
}

/**
 * Break ``text`` into lines of at most ``width`` characters (``max`` lines, the last cut with …).
 * @param {string} text
 * @param {number} width
 * @param {number} [max]
 * @returns {string[]}
 */
export function wrap(text, width, max = 3) {
  /** @type {string[]} */
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

/**
 * ``text`` cut to ``n`` characters (the last one …).
 * @param {unknown} text
 * @param {number} n
 * @returns {string}
 */
export function clip(text, n) {
  const s = String(text ?? "");
  return s.length > n ? s.slice(0, n - 1) + "…" : s;
}

/**
 * The largest font size (down to ``min``) at which ``text`` fits ``width``, by a measure of widths.
 * @param {(size: number) => number} widthAt the text's width at a size
 * @param {number} size
 * @param {number} width
 * @param {number} [min]
 * @returns {number}
 */
export function fitSizeBy(widthAt, size, width, min = 11) {
  let s = size;
  while (s > min && widthAt(s) > width) s -= 1;
  return s;
}

/**
 * Figures of every seat flowing in rows of ``w``×``h``, each seat's group followed by its count when
 * it has 3 or more, at the largest size that fits: per seat, its figures' centres and its count's
 * place (null when nothing fits).
 * @param {number[]} counts figures per seat
 * @param {number} w
 * @param {number} h
 * @param {(label: string) => number} labelWidth the width of a count's label (font size 15)
 * @returns {{size: number, groups: {seat: number, count: number, figures: {x: number, y: number}[],
 *   label: {text: string, x: number, y: number} | null}[]} | null}
 */
export function trayLayout(counts, w, h, labelWidth) {
  const groups = (counts || []).map((c, seat) => [seat, c]).filter(([, c]) => c > 0);
  if (!groups.length) return null;
  for (const size of [24, 21, 18, 15, 12, 10]) {
    const step = size + 3;
    const rowH = size + 7;
    const rows = Math.max(1, Math.floor(h / rowH));
    let cx = 0;
    let row = 0;
    let fits = true;
    const out = [];
    for (const [seat, c] of groups) {
      const text = c >= 3 ? String(c) : "";
      const labelW = text ? labelWidth(text) + 6 : 0;
      const need = c * step + labelW;
      if (cx > 0 && cx + need > w) { // start the group on a new row when it would be cut
        cx = 0;
        row += 1;
      }
      const figures = [];
      for (let i = 0; i < c; i++) {
        if (cx + step > w + 4) {
          cx = 0;
          row += 1;
        }
        figures.push({ x: cx + size / 2, y: row * rowH + size / 2 + 2 });
        cx += step;
      }
      let label = null;
      if (text) {
        if (cx + labelW > w + 16) {
          cx = 0;
          row += 1;
        }
        label = { text, x: cx + 1, y: row * rowH + size / 2 + 8 };
        cx += labelW;
      }
      out.push({ seat, count: c, figures, label });
      cx += 12;
      if (row + 1 > rows) {
        fits = false;
        break;
      }
    }
    if (fits) return { size, groups: out };
  }
  return null;
}

/**
 * The board's layout for a width: ``wide`` (two columns) from 980 pixels, ``mid`` from 700, else
 * ``narrow``; the current layout is kept 24 pixels past its threshold (no flicker at the edge).
 * @param {number} width
 * @param {string | null} current
 * @returns {"wide" | "mid" | "narrow"}
 */
export function layoutFor(width, current) {
  const slack = (/** @type {string} */ name) => (current === name ? 24 : 0);
  if (width >= 980 - slack("wide")) return "wide";
  return width >= 700 - slack("mid") ? "mid" : "narrow";
}

/**
 * The dice tray's dice size: as large as fits (18 to 36) for ``total`` dice in ``groups`` groups
 * beside a label ``labelW`` wide, in a tray ``W`` wide.
 * @param {number} W
 * @param {number} labelW
 * @param {number} groups
 * @param {number} total
 * @returns {number}
 */
export function diceSize(W, labelW, groups, total) {
  const avail = W - labelW - 20 - groups * 34;
  return Math.max(18, Math.min(36, Math.floor(avail / Math.max(total, 1)) - 5));
}

// --- the whole view, as the board draws it --------------------------------------------------------

/**
 * @typedef {{view: View, round: any, board: Record<string, number[]>, display: ({card: number} | null)[],
 *   stacks: ({top: string | null, left: number} | null)[], deck: number | undefined, boardLines: string[],
 *   mammoth: any, mammothLines: string[], players: any[], playerLines: string[], n: number, over: boolean,
 *   decision: Decision | null, targets: Map<string, Target>, busy: Set<string>, winners: number[], pending: any,
 *   toMove: number | undefined, ruleCtx: {players: number, herd: any, lines: string[], display: ({card: number} | null)[],
 *   stacks: ({top: string | null, left: number} | null)[]}}} BoardModel
 */

/**
 * What the board draws of a view: its panels' data, the places the pending decision offers (none in
 * a replay), the winners once the game is over.
 * @param {View} view
 * @param {{replay?: boolean, seats?: number, pickLabel?: (face: number, choice: Choice) => string}} [options]
 *   ``seats``: how many seats the table has (when the view has no players panel)
 * @returns {BoardModel}
 */
export function readView(view, { replay = false, seats = 0, pickLabel } = {}) {
  const round = panelOf(view, "round")?.data || {};
  const boardP = panelOf(view, "board");
  const board = boardP?.data || {};
  const mammothP = panelOf(view, "mammoth");
  const playersP = panelOf(view, "players");
  const players = Array.isArray(playersP?.data) ? playersP.data : [];
  const n = players.length || seats || 4;
  const over = view.to_move === TERMINAL || round.phase === "over";
  const decision = replay ? null : view.decision || null;
  const { targets, busy } = targetsOf(decision, pickLabel);
  const mammoth = mammothP ? (mammothP.data || {}) : null;
  const winners = over ? winnersOf(round.score_breakdown, players) : [];
  return {
    view, round, board: board.board || {}, display: board.display || [], stacks: board.stacks || [],
    deck: board.deck_size, boardLines: boardP?.lines || [], mammoth, mammothLines: mammothP?.lines || [],
    players, playerLines: playersP?.lines || [], n, over, decision, targets, busy, winners,
    pending: round.pending || null, toMove: view.to_move,
    ruleCtx: { players: n, herd: mammoth, lines: boardP?.lines || [], display: board.display || [], stacks: board.stacks || [] },
  };
}
