// @ts-check
// The decision menu as the server sends it (docs/server.md: leaves {label, action}, groups {label,
// choices}), walked without the DOM: the table's decision panel uses it, and `node --test`
// (tests/js/) imports it as it is.

/** @typedef {import("./types.js").Choice} Choice */
/** @typedef {import("./types.js").Decision} Decision */
/** A leaf of the menu and where it is. @typedef {{action: number | undefined, path: number[], label: string}} Leaf */

/**
 * Every leaf of a menu, with its path of indexes.
 * @param {Choice[]} choices
 * @param {number[]} [path]
 * @returns {Leaf[]}
 */
export function leaves(choices, path = []) {
  /** @type {Leaf[]} */
  const out = [];
  choices.forEach((choice, n) => {
    if (Array.isArray(choice.choices)) out.push(...leaves(choice.choices, [...path, n]));
    else out.push({ action: choice.action, path: [...path, n], label: choice.label });
  });
  return out;
}

/**
 * The choices of the group at ``path``, or null when the path opens no group.
 * @param {Decision} decision
 * @param {number[]} path
 * @returns {Choice[] | null}
 */
export function choicesAt(decision, path) {
  let choices = decision.choices;
  for (const index of path) {
    const group = choices[index];
    if (!group || !Array.isArray(group.choices)) return null;
    choices = group.choices;
  }
  return choices;
}

/**
 * The labels of the groups along ``path``.
 * @param {Decision} decision
 * @param {number[]} path
 * @returns {string[]}
 */
export function labelsAt(decision, path) {
  const labels = [];
  let choices = decision.choices;
  for (const index of path) {
    labels.push(choices[index].label);
    choices = choices[index].choices || [];
  }
  return labels;
}
