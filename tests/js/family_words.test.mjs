// The words and decision helpers the children's boards share (boards/family.js), in English.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fakePage } from "./fake_page.mjs";

fakePage({ language: "en" });
const family = await import("../../src/stoneage/web/static/boards/family.js");

test("aWord, goodName and countWord name goods and the dog", () => {
  assert.equal(family.aWord("berry"), "a berry");
  assert.equal(family.aWord("arrowhead"), "an arrowhead");
  assert.equal(family.aWord("guff"), "Guff the dog");
  assert.equal(family.aWord("egg"), "an egg");      // not a good of the games: English's article
  assert.equal(family.aWord("stone"), "a stone");
  assert.equal(family.goodName("tooth"), "tooth");
  assert.equal(family.goodName("guff"), "Guff");
  assert.equal(family.goodName("mystery"), "mystery");
  assert.equal(family.countWord(1, "tooth"), "1 tooth");
  assert.equal(family.countWord(3, "tooth"), "3 teeth");
  assert.equal(family.countWord(2, "fish"), "2 fish");
  assert.equal(family.countWord(0, "berry"), "0 berries");
  assert.equal(family.countWord(2, "stone"), "2 stones");
  assert.equal(family.countWord(1, "stone"), "1 stone");
  assert.equal(family.cap("berry"), "Berry");
  assert.equal(family.cap(""), "");
});

const DECISION = {
  seat: 0,
  prompt: "Choose",
  choices: [
    { action: 4, label: "Turn up card 5" },
    { label: "Build a hut", choices: [{ action: 10, label: "Hut 1" }, { label: "deeper", choices: [{ action: 11, label: "Hut 2" }] }] },
    { action: 0, label: "Pass" },
  ],
};

test("decisionActions collects every leaf action at any depth", () => {
  assert.deepEqual([...family.decisionActions(DECISION)].sort((a, b) => a - b), [0, 4, 10, 11]);
  assert.equal(family.decisionActions(null).size, 0);
});

test("labelOf finds a leaf's label", () => {
  assert.equal(family.labelOf(DECISION, 11), "Hut 2");
  assert.equal(family.labelOf(DECISION, 0), "Pass");
  assert.equal(family.labelOf(DECISION, 99), "");
  assert.equal(family.labelOf(null, 0), "");
});

test("panel finds a view's panel by name, else an empty one", () => {
  const view = { panels: [{ name: "circle", data: [1, 2], lines: ["a"] }] };
  assert.deepEqual(family.panel(view, "circle").data, [1, 2]);
  assert.deepEqual(family.panel(view, "huts"), { data: null, lines: [] });
  assert.deepEqual(family.panel({}, "huts"), { data: null, lines: [] });
});

test("seatName reads the seat list, by seat number first", () => {
  const seats = [{ seat: 1, name: "Bo" }, { seat: 0, name: "Ada" }];
  assert.equal(family.seatName(seats, 0), "Ada");
  assert.equal(family.seatName(seats, 1), "Bo");
  assert.equal(family.seatName(seats, 3), "Player 4");
  assert.equal(family.seatName([{ seat: 2, name: "" }], 2), "Player 3");
  assert.equal(family.seatName(null, 0), "Player 1");
});

test("seatColour is the page's variable with a fallback", () => {
  assert.equal(family.seatColour(1), "var(--seat-1, #1971c2)");
  assert.equal(family.seatColour(5), "var(--seat-5, #1971c2)");
});

test("sharedScreen keeps the board's own setting", () => {
  assert.equal(family.sharedScreen(), false);
  assert.equal(family.sharedScreen(true), true);
  assert.equal(family.sharedScreen(), true);
  assert.equal(family.hotseatWanted({ hotseat: false }), false);
  assert.equal(family.hotseatWanted({}), true);
  family.sharedScreen(false);
  assert.equal(family.hotseatWanted(null), false);
});
