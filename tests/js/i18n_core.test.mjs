// The pure language helpers of the web pages (src/stoneage/web/static/i18n_core.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { bcp47, format, normalizeTag, pluralForm, pluralIndexer, translate } from "../../src/stoneage/web/static/i18n_core.js";

const KNOWN = { en: "English", de: "Deutsch", ko: "한국어", pt_BR: "Português (Brasil)" };

test("format fills named fields, keeps unknown ones and reads doubled braces as braces", () => {
  assert.equal(format("{name} builds hut {hut}!", { name: "Ada", hut: 3 }), "Ada builds hut 3!");
  assert.equal(format("{name} and {other}", { name: "Ada" }), "Ada and {other}");
  assert.equal(format("{{name}} is {name}", { name: "x" }), "{name} is x");
  assert.equal(format("{count}", { count: 0 }), "0");
  assert.equal(format("no fields"), "no fields");
  assert.equal(format("{toString}", {}), "{toString}");  // only the params' own fields
  assert.equal(format("{1} {a-b}", { 1: "one" }), "{1} {a-b}");  // not field names
});

test("normalizeTag finds the catalog of a language tag", () => {
  assert.equal(normalizeTag("de-DE", KNOWN), "de");
  assert.equal(normalizeTag("ko_KR.UTF-8", KNOWN), "ko");
  assert.equal(normalizeTag("pt", KNOWN), "pt_BR");
  assert.equal(normalizeTag("pt-br", KNOWN), "pt_BR");
  assert.equal(normalizeTag(" EN ", KNOWN), "en");
  assert.equal(normalizeTag("de@euro", KNOWN), "de");
  assert.equal(normalizeTag("fr-FR", KNOWN), null);
  assert.equal(normalizeTag("", KNOWN), null);
  assert.equal(normalizeTag(null, KNOWN), null);
  assert.equal(normalizeTag("constructor", KNOWN), null);
});

test("bcp47 writes a catalog code as a language tag", () => {
  assert.equal(bcp47("pt_BR"), "pt-BR");
  assert.equal(bcp47("de"), "de");
});

test("pluralIndexer numbers the forms as Babel does", () => {
  const en = pluralIndexer("en");
  assert.deepEqual([0, 1, 2, 5].map(en), [1, 0, 1, 1]);
  const ko = pluralIndexer("ko");
  assert.deepEqual([0, 1, 2].map(ko), [0, 0, 0]);
  const pt = pluralIndexer("pt-BR");  // one (0 and 1) / many (whole millions) / other
  assert.deepEqual([0, 1, 2, 1000000].map(pt), [0, 0, 2, 1]);
});

test("translate falls back to the message id", () => {
  const messages = { Forest: "Wald", Empty: "" };
  assert.equal(translate(messages, "Forest"), "Wald");
  assert.equal(translate(messages, "River"), "River");
  assert.equal(translate(messages, "Empty"), "Empty");
  assert.equal(translate(messages, "constructor"), "constructor");
});

test("pluralForm picks the catalog's form, else English's rule", () => {
  const pt = pluralIndexer("pt-BR");
  const plurals = { "{count} figure": ["{count} figura", "{count} de figuras", "{count} figuras"] };
  assert.equal(pluralForm(plurals, "{count} figure", "{count} figures", 1, pt), "{count} figura");
  assert.equal(pluralForm(plurals, "{count} figure", "{count} figures", 3, pt), "{count} figuras");
  assert.equal(pluralForm(plurals, "{count} figure", "{count} figures", 1000000, pt), "{count} de figuras");
  const short = { "{count} hut": ["{count} Hütte"] };  // fewer forms than the language: the last one
  assert.equal(pluralForm(short, "{count} hut", "{count} huts", 2, pluralIndexer("de")), "{count} Hütte");
  assert.equal(pluralForm({}, "{count} hut", "{count} huts", 1, pt), "{count} hut");
  assert.equal(pluralForm({}, "{count} hut", "{count} huts", 0, pt), "{count} huts");
  assert.equal(pluralForm({ "{count} hut": [] }, "{count} hut", "{count} huts", 2, pt), "{count} huts");
});
