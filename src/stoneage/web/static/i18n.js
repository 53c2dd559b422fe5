// @ts-check
// The page's language: which one this browser reads, its catalog, and the gettext calls.
//
// The language is the one chosen in the menu (kept in this browser), else the first of the
// browser's languages the program speaks, else English. The server renders the page's own words in
// the language of the "stoneage_lang" cookie (else Accept-Language); this module keeps that cookie
// in step with the choice. The catalog is loaded before the module resolves (top-level await), so
// `_` works from the first line of any module that imports it.
//
//   import { _, ngettext, pgettext, format } from "./i18n.js";
//   format(ngettext("{count} figure", "{count} figures", n), { count: n })
//
// Call them with one plain string literal each (Babel extracts them; see docs/translating.md).

import { h } from "./dom.js";
import { bcp47, format, normalizeTag, pluralForm, pluralIndexer, translate } from "./i18n_core.js";

export { bcp47, format };

/** Every language the program speaks, by catalog code, in its own name (core/i18n.py's LANGUAGES,
 *  which the server writes into the page).
 *  @type {Record<string, string>} */
export const languages = JSON.parse(document.documentElement.dataset.languages || '{"en": "English"}');

const SOURCE = "en";
const STORAGE_KEY = "stoneage.lang";
const COOKIE = "stoneage_lang";

/**
 * The catalog code for a language tag ("ko-KR", "pt", "de_DE"), or null (as core/i18n.normalize).
 * @param {unknown} tag
 * @returns {string | null}
 */
export function normalize(tag) {
  return normalizeTag(tag, languages);
}

/** The language kept in this browser, if any. @returns {string | null} */
function stored() {
  try {
    return normalize(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

/** The first of the browser's languages the program speaks, else English. @returns {string} */
function fromBrowser() {
  const tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (const tag of tags) {
    const found = normalize(tag);
    if (found) return found;
  }
  return SOURCE;
}

/** Tell the server the language (it renders the page's own words in it). @param {string} code */
function writeCookie(code) {
  document.cookie = `${COOKIE}=${code}; path=/; max-age=31536000; SameSite=Lax`;
}

/** The language this page reads: "en", "ko", "pt_BR" or "de". */
export const language = stored() || fromBrowser();

// The page's words came from the server in the language it negotiated (<html data-lang>); when the
// browser's choice differs (a stale or missing cookie), fix the cookie and load the page again, once.
const served = document.documentElement.dataset.lang;
writeCookie(language);
if (served && served !== language) {
  let again = false;
  try {
    again = sessionStorage.getItem("stoneage.lang-reload") !== language;
    sessionStorage.setItem("stoneage.lang-reload", language);
  } catch {
    again = false;
  }
  if (again) location.reload();
} else {
  try {
    sessionStorage.removeItem("stoneage.lang-reload");
  } catch {
    /* no session storage: nothing to forget */
  }
}
document.documentElement.lang = bcp47(language);

/**
 * The compiled catalog of ``code`` (empty for English, or when it cannot be loaded).
 * @param {string} code
 * @returns {Promise<import("./i18n_core.js").Catalog>}
 */
async function loadCatalog(code) {
  if (code === SOURCE) return { messages: {}, plurals: {} };
  try {
    const response = await fetch(`/api/i18n/${encodeURIComponent(code)}`, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`catalog ${code}: ${response.status}`);
    const data = await response.json();
    return { messages: data.messages || {}, plurals: data.plurals || {} };
  } catch (error) {
    console.warn("stoneage: no catalog, the page stays in English", error);
    return { messages: {}, plurals: {} };
  }
}

const catalog = await loadCatalog(language);
const formIndex = pluralIndexer(bcp47(language));

/**
 * The index of the plural form for ``n`` (CLDR categories in order zero, one, two, few, many, other,
 * as Babel numbers a catalog's forms: pt_BR one / many / other).
 * @param {number} n
 * @returns {number}
 */
export function pluralIndex(n) {
  return formIndex(n);
}

/**
 * ``msgid`` in the page's language.
 * @param {string} msgid
 * @returns {string}
 */
export function _(msgid) {
  return translate(catalog.messages, msgid);
}

/**
 * The form of ``singular``/``plural`` for ``n`` in the page's language.
 * @param {string} singular
 * @param {string} plural
 * @param {number} n
 * @returns {string}
 */
export function ngettext(singular, plural, n) {
  return pluralForm(catalog.plurals, singular, plural, n, formIndex);
}

/**
 * ``msgid`` in the page's language where ``context`` tells apart two uses of one word.
 * @param {string} context
 * @param {string} msgid
 * @returns {string}
 */
export function pgettext(context, msgid) {
  const found = translate(catalog.messages, `${context}\u0004${msgid}`);
  return found === `${context}\u0004${msgid}` ? msgid : found;
}

/**
 * Read ``code`` from now on (kept in this browser) and show the page in it (a reload).
 * @param {string} code
 */
export function setLanguage(code) {
  const found = normalize(code) || SOURCE;
  try {
    localStorage.setItem(STORAGE_KEY, found);
  } catch {
    /* private mode: the cookie still carries the choice for this visit */
  }
  writeCookie(found);
  if (found !== language) location.reload();
}

/**
 * Wire the page's language menu (a <select> whose options are the codes) to ``setLanguage``.
 * @param {HTMLSelectElement | null} select
 */
export function wireLanguageMenu(select) {
  if (!select) return;
  if (!select.options.length) {
    for (const [code, name] of Object.entries(languages)) {
      select.append(h("option", { value: code, lang: bcp47(code), text: name }));
    }
  }
  select.value = language;
  select.addEventListener("change", () => setLanguage(select.value));
}
