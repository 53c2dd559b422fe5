// The Stone Age board's data model (boards/stone_age_model.js): what it reads of events' and choices'
// facts (docs/facts.md) whatever language their words are in, and the maths of its dice and layout.
// The model touches no page, so no fake page is needed.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  GATHERING, LOCS, buildingCost, cardLine, costUnits, diceSize, facesForSum, finalOrder, hasRoll, herdDeciding,
  layoutFor, makeRoll, moveOf, pips, playerCards, readView, rollsIn, tameGroups, targetsOf, trayLayout, ways,
  winnersOf, wrap, clip, chars,
} from "../../src/stoneage/web/static/boards/stone_age_model.js";

/** A random number generator with a seed (a linear congruential one), for repeatable draws. */
function seeded(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

// Events as the server sends them to a Korean and a German viewer: the words are theirs, the facts data.
const KOREAN = [
  { number: 12, kind: "decision", seat: 1, text: "베르트: 숲을 해결합니다", effects: [],
    fact: { kind: "resolve_location", seat: 1, data: { place: "forest" } } },
  { number: 12, kind: "chance", seat: 1, text: "베르트가 숲에서 주사위 3개를 굴립니다: 11", effects: ["나무 +3"],
    fact: { kind: "roll", seat: 1, data: { place: "forest", dice: 3, total: 11 }, deltas: { 1: { wood: 3 } } } },
];
const GERMAN_ALL = [
  { number: 30, kind: "decision", seat: 0, text: "Anna kauft Karte 3", effects: [],
    fact: { kind: "buy_card", seat: 0, data: { card: 4, cost: 3, pay: ["wood", "wood", "clay"] } } },
  { number: 31, kind: "chance", seat: -1, text: "Würfel für alle: 2 5 6", effects: [],
    fact: { kind: "dice_for_all", seat: -1, data: { faces: [2, 5, 6] } } },
];
const GERMAN_TAMING = [
  { number: 50, kind: "chance", seat: 0, text: "Anna würfelt, um das Mammut zu zähmen: 6 3", effects: [],
    fact: { kind: "tame_roll", seat: 0, data: { faces: [6, 3] } } },
  { number: 51, kind: "chance", seat: 2, text: "Carla würfelt, um das Mammut zu zähmen: 4", effects: [],
    fact: { kind: "tame_roll", seat: 2, data: { faces: [4] } } },
];

test("rollsIn finds a gathering roll's seat, place, dice and sum in its fact, not its Korean words", () => {
  assert.deepEqual(rollsIn(KOREAN), [{ seat: 1, n: 3, sum: 11, where: "forest", key: 12 }]);
  assert.equal(hasRoll(KOREAN), true);
  // the same words without a fact tell nothing
  assert.deepEqual(rollsIn(KOREAN.map(({ fact, ...words }) => words)), []);
});

test("rollsIn reads every gathering place, and a card's roll as no place", () => {
  for (const place of GATHERING) {
    const [found] = rollsIn([{ number: 1, kind: "chance", text: "…", fact: { kind: "roll", seat: 3, data: { place, dice: 2, total: 7 } } }]);
    assert.equal(found.where, place);
    assert.equal(found.seat, 3);
  }
  const [card] = rollsIn([{ number: 1, kind: "chance", text: "…", fact: { kind: "roll", seat: 0, data: { place: "card2", dice: 2, total: 5 } } }]);
  assert.equal(card.where, null);
  assert.equal(card.sum, 5);
});

test("rollsIn finds dice for all and the taming rolls in German events", () => {
  assert.deepEqual(rollsIn(GERMAN_ALL), [{ seat: null, faces: [2, 5, 6], kind: "all", key: 31 }]);
  assert.equal(hasRoll(GERMAN_ALL), false, "dice for all is no gathering roll");
  assert.deepEqual(rollsIn(GERMAN_TAMING), [
    { seat: 0, faces: [6, 3], kind: "tame", key: 50 },
    { seat: 2, faces: [4], kind: "tame", key: 51 },
  ]);
});

test("rollsIn ignores facts that are not rolls and faces that are no die's", () => {
  const events = [
    { number: 2, kind: "chance", text: "Player 1 rolls 3 dice at the forest: 11", fact: { kind: "card_dealt", data: { cost: 1, card: 7 } } },
    { number: 3, kind: "chance", text: "Dice for all: 1 2", fact: { kind: "dice_for_all", data: { faces: [0, 7] } } },
    { number: 4, kind: "chance", text: "?", fact: { kind: "roll", seat: 0, data: { place: "hunt" } } },
    null,
  ];
  assert.deepEqual(rollsIn(events), []);
});

test("rollsIn reads a chance event without a fact from the pending stages around it", () => {
  const round = (pending) => ({ panels: [{ name: "round", data: { pending } }] });
  const before = round({ stage: "roll", player: 2, dice: 4, gather: "quarry" });
  const after = round({ stage: "tools", player: 2, rolled: 17 });
  assert.deepEqual(rollsIn([{ number: 9, kind: "chance", text: "Carla wirft 4 Würfel" }], before, after),
    [{ seat: 2, n: 4, sum: 17, where: "quarry", key: 9 }]);
});

test("ways counts the ordered rolls of n dice that sum to s", () => {
  assert.equal(ways(1, 3), 1);
  assert.equal(ways(2, 7), 6);
  assert.equal(ways(2, 2), 1);
  assert.equal(ways(3, 10), 27);
  assert.equal(ways(2, 13), 0);
  assert.equal(ways(3, 2), 0);
  let total = 0;
  for (let s = 4; s <= 24; s++) total += ways(4, s);
  assert.equal(total, 6 ** 4);
});

test("facesForSum: n dice of 1 to 6 that always sum to the total", () => {
  const random = seeded(7);
  for (let n = 1; n <= 10; n++) {
    for (let sum = n; sum <= 6 * n; sum++) {
      const faces = facesForSum(n, sum, random);
      assert.ok(faces, `no faces for ${n} dice summing to ${sum}`);
      assert.equal(faces.length, n);
      assert.ok(faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 6), `${faces}`);
      assert.equal(faces.reduce((a, b) => a + b, 0), sum);
    }
  }
  assert.equal(facesForSum(2, 13), null);
  assert.equal(facesForSum(3, 2), null);
  assert.equal(facesForSum(0, 0), null);
  assert.equal(facesForSum(41, 100), null);
});

test("facesForSum draws every roll of a sum, about equally often", () => {
  const random = seeded(11);
  const seen = new Map();
  for (let i = 0; i < 6000; i++) {
    const key = facesForSum(2, 7, random).join(",");
    seen.set(key, (seen.get(key) || 0) + 1);
  }
  assert.deepEqual([...seen.keys()].sort(), ["1,6", "2,5", "3,4", "4,3", "5,2", "6,1"]);
  for (const count of seen.values()) assert.ok(count > 800 && count < 1200, `${[...seen]}`);
});

test("makeRoll: the taming rolls together, else the last roll, a gathering roll's faces summing to its total", () => {
  assert.deepEqual(makeRoll(rollsIn(GERMAN_TAMING)), { kind: "tame", groups: [{ seat: 0, faces: [6, 3] }, { seat: 2, faces: [4] }] });
  assert.deepEqual(makeRoll(rollsIn(GERMAN_ALL)), { kind: "all", seat: null, faces: [2, 5, 6] });
  const roll = makeRoll(rollsIn(KOREAN), seeded(3));
  assert.equal(roll.kind, "gather");
  assert.equal(roll.where, "forest");
  assert.equal(roll.seat, 1);
  assert.equal(roll.n, 3);
  assert.equal(roll.faces.length, 3);
  assert.equal(roll.faces.reduce((a, b) => a + b, 0), 11);
  assert.equal(makeRoll([]), null);
  assert.equal(makeRoll([{ seat: 0, n: 2, sum: 20, where: "hunt" }]), null, "an impossible sum shows no dice");
});

test("tameGroups: every seat that has rolled, in seat order", () => {
  assert.deepEqual(tameGroups([[5, 2], [], [6]]), [{ seat: 0, faces: [5, 2] }, { seat: 2, faces: [6] }]);
  assert.deepEqual(tameGroups(undefined), []);
});

test("pips: each face's pips inside the die", () => {
  for (let face = 1; face <= 6; face++) {
    const dots = pips(face, 30);
    assert.equal(dots.length, face);
    for (const { cx, cy, r } of dots) assert.ok(cx - r > 0 && cx + r < 30 && cy - r > 0 && cy + r < 30);
  }
});

// A decision as the server sends it in German: the labels are German, the facts and locations data.
const PLACEMENT = {
  prompt: "Anna: Figuren einsetzen (5 zu Hause)",
  choices: [
    { label: "Jagdgründe …", loc: 0, choices: [{ label: "1 Figur", action: 1 }, { label: "2 Figuren", action: 2 }] },
    { label: "Werkzeugmacher", loc: 5, action: 40, fact: { kind: "place", seat: 0, data: { place: "toolmaker", count: 1 } } },
    { label: "Karte 1", loc: 8, action: 50 },
    { label: "Karte 1 (anders)", loc: 8, action: 51 },
  ],
};

test("targetsOf: a location offered once plays its action or opens its group; twice, it is busy", () => {
  const { targets, busy } = targetsOf(PLACEMENT);
  assert.deepEqual(targets.get("hunt"), { path: "0", label: "Jagdgründe …" });
  assert.deepEqual(targets.get("toolmaker"), { action: 40, label: "Werkzeugmacher" });
  assert.equal(targets.has("card1"), false);
  assert.deepEqual([...busy], ["card1"]);
});

test("targetsOf: the dice of dice for all by their pick facts, the mammoth bonus by its tame_bonus facts", () => {
  const pick = {
    prompt: "안나: 모두의 주사위 — 하나를 고르세요",
    choices: [
      { label: "3: 돌 1", action: 203, fact: { kind: "pick", seat: 0, data: { face: 3 } } },
      { label: "6: 농업 +1", action: 206, fact: { kind: "pick", seat: 0, data: { face: 6 } } },
    ],
  };
  const named = targetsOf(pick, (face) => `die ${face}`).targets;
  assert.deepEqual(named.get("pick-3"), { action: 203, label: "die 3" });
  assert.deepEqual(named.get("pick-6"), { action: 206, label: "die 6" });
  assert.deepEqual(targetsOf(pick).targets.get("pick-3"), { action: 203, label: "3: 돌 1" });
  const bonus = {
    prompt: "Anna: „1“ oder „alle“?",
    choices: [
      { label: "Bonus „alle“: 2 Holz", action: 301, fact: { kind: "tame_bonus", seat: 0, data: { bonus: "all", reward: { wood: 2 } } } },
      { label: "Bonus „1“: 3 Nahrung", action: 300, fact: { kind: "tame_bonus", seat: 0, data: { bonus: "one", reward: { food: 3 } } } },
    ],
  };
  const { targets } = targetsOf(bonus);
  assert.equal(targets.get("bonus-one").action, 300);
  assert.equal(targets.get("bonus-all").action, 301);
  // labels alone (no facts) mark nothing, whatever words they hold
  assert.equal(targetsOf({ choices: [{ label: "the 3: 1 stone", action: 203 }, { label: "bonus one: 1 food", action: 300 }] }).targets.size, 0);
  assert.equal(targetsOf(null).targets.size, 0);
});

test("herdDeciding: moving figures onto the tile, its bonus, and the bonus's resources", () => {
  assert.equal(herdDeciding({ stage: "tame_move" }, "actions"), true);
  assert.equal(herdDeciding({ stage: "bonus" }, "taming"), true);
  assert.equal(herdDeciding({ stage: "take_now" }, "taming"), true);
  assert.equal(herdDeciding({ stage: "take_now" }, "actions"), false);
  assert.equal(herdDeciding({ stage: "place" }, "placement"), false);
  assert.equal(herdDeciding(null, undefined), false);
});

test("readView: panels, the offered places, no choices in a replay, the winners once over", () => {
  const view = {
    to_move: -4, status: "Spiel vorbei", events: [{ number: 80, kind: "final_scoring", text: "…" }, { number: 79, text: "…" }],
    panels: [
      { name: "round", data: { round: 9, phase: "over", score_breakdown: [{ total: 70 }, { total: 82 }, { total: 82 }] } },
      { name: "board", lines: ["Karte 1 (Kosten 1): #23 würfle | grün Kunst"], data: { board: { hunt: [1, 0, 2] }, display: [{ card: 23 }], stacks: [], deck_size: 12 } },
      { name: "players", data: [{ score: 1 }, { score: 2 }, { score: 3 }] },
    ],
    decision: PLACEMENT,
  };
  const m = readView(view, { seats: 3 });
  assert.equal(m.over, true);
  assert.deepEqual(m.winners, [1, 2]);
  assert.equal(m.n, 3);
  assert.equal(m.deck, 12);
  assert.deepEqual(m.board.hunt, [1, 0, 2]);
  assert.equal(m.mammoth, null);
  assert.equal(m.targets.get("toolmaker").action, 40);
  assert.equal(readView(view, { replay: true }).targets.size, 0);
  assert.equal(moveOf(view), 80);
  assert.equal(moveOf({}), 0);
});

test("winnersOf and finalOrder use the final totals when every seat has one, else the scores", () => {
  assert.deepEqual(winnersOf([{ total: 5 }, { total: 9 }], [{ score: 9 }, { score: 1 }]), [1]);
  assert.deepEqual(winnersOf([{ total: 5 }], [{ score: 9 }, { score: 1 }]), [0]);
  assert.deepEqual(finalOrder([{ total: 5 }, { total: 9 }, null], [{}, {}, { score: 7 }]), [[9, 1], [7, 2], [5, 0]]);
});

test("buildingCost reads the three kinds of building tile", () => {
  assert.deepEqual(buildingCost("wwc"), { fixed: true, cost: { wood: 2, clay: 1, stone: 0, gold: 0 }, points: 10 });
  assert.deepEqual(costUnits({ wood: 2, clay: 1, stone: 0, gold: 1 }), ["wood", "wood", "clay", "gold"]);
  assert.deepEqual(buildingCost("4-of-2"), { fixed: false, count: 4, kinds: 2 });
  assert.deepEqual(buildingCost("1-to-7"), { fixed: false, count: null, low: 1, high: 7 });
  assert.equal(buildingCost(null), null);
});

test("cardLine finds a card's line by its number, in any language", () => {
  const lines = ["카드 칸 1 (비용 1): #7 주사위 | 도구 제작자 2", "Karte 2: #17 2 Nahrung | 2 Bauern"];
  assert.deepEqual(cardLine(lines, 7), { top: "주사위", bottom: "도구 제작자 2" });
  assert.deepEqual(cardLine(lines, 17), { top: "2 Nahrung", bottom: "2 Bauern" });
  assert.equal(cardLine(lines, 1), null);
});

test("playerCards: green symbols sorted, sand figures added up; nothing when cards are face down", () => {
  assert.deepEqual(playerCards({ cards: [28, 1, 9, 30], card_count: 4 }),
    { greens: ["music", "pottery"], sands: [["farmer", 2]] });
  assert.equal(playerCards({ cards: [], card_count: 2 }), null);
  assert.deepEqual(playerCards({ cards: [], secret_cards: [5], card_count: 1 }), { greens: [], sands: [["hutbuilder", 1]] });
});

test("wrap, clip and chars: Hangul counts nearly two", () => {
  assert.equal(chars("ab"), 2);
  assert.equal(chars("석기"), 3.6);
  assert.deepEqual(wrap("one two three four", 9), ["one two", "three", "four"]);
  assert.deepEqual(wrap("a b c d e f g", 3, 2), ["a b", "c …"]);
  for (const line of wrap("석기 시대 보드 게임의 규칙을 읽어 보세요", 10)) assert.ok(chars(line) <= 10, line);
  assert.equal(clip("Abcdefgh", 5), "Abcd…");
  assert.equal(clip("Abc", 5), "Abc");
});

test("trayLayout: every figure inside the tray, each seat's count after its figures", () => {
  const counts = [3, 0, 7, 1];
  const layout = trayLayout(counts, 200, 70, (label) => label.length * 9);
  assert.ok(layout);
  assert.deepEqual(layout.groups.map((g) => [g.seat, g.figures.length, g.label?.text ?? null]), [[0, 3, "3"], [2, 7, "7"], [3, 1, null]]);
  for (const g of layout.groups) {
    for (const f of g.figures) assert.ok(f.x + layout.size / 2 <= 200 + 4 && f.y + layout.size / 2 <= 70 + layout.size, `${f.x},${f.y}`);
  }
  const crowded = trayLayout([40], 100, 40, () => 10);
  assert.ok(!crowded || crowded.size < 24, "a crowded tray draws smaller figures");
  assert.equal(trayLayout([0, 0], 100, 40, () => 10), null);
});

test("layoutFor keeps the current layout near a threshold, and diceSize stays between 18 and 36", () => {
  assert.equal(layoutFor(1000, null), "wide");
  assert.equal(layoutFor(970, null), "mid");
  assert.equal(layoutFor(970, "wide"), "wide");
  assert.equal(layoutFor(690, "mid"), "mid");
  assert.equal(layoutFor(500, "mid"), "narrow");
  assert.equal(diceSize(520, 200, 1, 2), 36);
  assert.equal(diceSize(520, 110, 4, 40), 18);
  assert.equal(LOCS.length, 16);
});
