// i18n.js on a page that reads Brazilian Portuguese: the catalog fetched once, messages, contexts
// and the three plural forms.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fakePage } from "./fake_page.mjs";

const requests = fakePage({
  language: "pt_BR",
  catalog: {
    messages: { Forest: "Floresta", "good\u0004Stone": "Pedra", Empty: "" },
    plurals: { "{count} figure": ["{count} figura", "{count} de figuras", "{count} figuras"] },
  },
});
const i18n = await import("../../src/stoneage/web/static/i18n.js");

test("the page reads the language kept in the browser and tells the server", () => {
  assert.equal(i18n.language, "pt_BR");
  assert.equal(document.documentElement.lang, "pt-BR");
  assert.match(document.cookie, /^stoneage_lang=pt_BR;/);
  assert.deepEqual(requests.map((r) => r.path), ["/api/i18n/pt_BR"]);
  assert.equal(i18n.normalize("pt-PT"), "pt_BR");
});

test("messages, contexts and plural forms come from the catalog", () => {
  assert.equal(i18n._("Forest"), "Floresta");
  assert.equal(i18n._("River"), "River");
  assert.equal(i18n._("Empty"), "Empty");
  assert.equal(i18n.pgettext("good", "Stone"), "Pedra");
  assert.equal(i18n.pgettext("place", "Stone"), "Stone");
  const figures = (n) => i18n.format(i18n.ngettext("{count} figure", "{count} figures", n), { count: n });
  assert.equal(figures(0), "0 figura");
  assert.equal(figures(1), "1 figura");
  assert.equal(figures(2), "2 figuras");
  assert.equal(figures(1000000), "1000000 de figuras");
  assert.equal(i18n.ngettext("{count} hut", "{count} huts", 1), "{count} hut");
  assert.deepEqual([0, 1, 2, 1000000].map(i18n.pluralIndex), [0, 0, 2, 1]);
});
