// The decision menu walked without the DOM (src/stoneage/web/static/decision.js): the table's
// decision panel opens groups by their path and finds a hint's or a lesson's leaf by its action.
import assert from "node:assert/strict";
import { test } from "node:test";

import { choicesAt, labelsAt, leaves } from "../../src/stoneage/web/static/decision.js";

const DECISION = {
  prompt: "Place figures",
  choices: [
    { label: "Forest", choices: [{ label: "1 figure", action: 10 }, { label: "2 figures", action: 11 }] },
    { label: "Hunt", choices: [{ label: "more", choices: [{ label: "5 figures", action: 24 }] }] },
    { label: "Pass", action: 0 },
  ],
};

test("leaves lists every leaf with its path, in menu order", () => {
  assert.deepEqual(leaves(DECISION.choices), [
    { action: 10, path: [0, 0], label: "1 figure" },
    { action: 11, path: [0, 1], label: "2 figures" },
    { action: 24, path: [1, 0, 0], label: "5 figures" },
    { action: 0, path: [2], label: "Pass" },
  ]);
  assert.deepEqual(leaves([]), []);
  assert.deepEqual(leaves([{ label: "empty group", choices: [] }]), []);
});

test("choicesAt opens a group by its path, or says there is none", () => {
  assert.equal(choicesAt(DECISION, []), DECISION.choices);
  assert.deepEqual(choicesAt(DECISION, [0]).map((c) => c.action), [10, 11]);
  assert.deepEqual(choicesAt(DECISION, [1, 0]).map((c) => c.action), [24]);
  assert.equal(choicesAt(DECISION, [2]), null);      // a leaf is not a group
  assert.equal(choicesAt(DECISION, [7]), null);      // no such choice (a stale path)
  assert.equal(choicesAt(DECISION, [0, 0]), null);
});

test("labelsAt names the groups along a path (the panel's crumbs)", () => {
  assert.deepEqual(labelsAt(DECISION, []), []);
  assert.deepEqual(labelsAt(DECISION, [1, 0]), ["Hunt", "more"]);
  assert.deepEqual(labelsAt(DECISION, [0]), ["Forest"]);
});
