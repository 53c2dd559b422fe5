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

/** Every language the program speaks, by catalog code, in its own name (core/i18n.py's LANGUAGES,
 *  which the server writes into the page). */
export const languages = JSON.parse(document.documentElement.dataset.languages || '{"en": "English"}');

const SOURCE = "en";
const STORAGE_KEY = "stoneage.lang";
const COOKIE = "stoneage_lang";
const CATEGORIES = ["zero", "one", "two", "few", "many", "other"];

/** The catalog code for a language tag ("ko-KR", "pt", "de_DE"), or null (as core/i18n.normalize). */
export function normalize(tag) {
  if (typeof tag !== "string") return null;
  const clean = tag.trim().split(".")[0].split("@")[0].replace(/-/g, "_");
  if (!clean) return null;
  const [language, region] = clean.split("_");
  const lower = language.toLowerCase();
  const exact = region ? `${lower}_${region.toUpperCase()}` : lower;
  if (exact in languages) return exact;
  return Object.keys(languages).find((code) => code.split("_")[0] === lower) || null;
}

/** The BCP 47 tag of a catalog code: "pt_BR" → "pt-BR" (for <html lang> and Intl). */
export function bcp47(code) {
  return code.replace("_", "-");
}

function stored() {
  try {
    return normalize(localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

function fromBrowser() {
  const tags = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (const tag of tags) {
    const found = normalize(tag);
    if (found) return found;
  }
  return SOURCE;
}

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
const rules = new Intl.PluralRules(bcp47(language));
const order = [...rules.resolvedOptions().pluralCategories].sort((a, b) => CATEGORIES.indexOf(a) - CATEGORIES.indexOf(b));

/** The index of the plural form for ``n`` (CLDR categories in order zero, one, two, few, many, other,
 *  as Babel numbers a catalog's forms: pt_BR one / many / other). */
export function pluralIndex(n) {
  return Math.max(0, order.indexOf(rules.select(n)));
}

/** ``msgid`` in the page's language. */
export function _(msgid) {
  const found = catalog.messages[msgid];
  return typeof found === "string" && found ? found : msgid;
}

/** The form of ``singular``/``plural`` for ``n`` in the page's language. */
export function ngettext(singular, plural, n) {
  const forms = catalog.plurals[singular];
  if (Array.isArray(forms) && forms.length) {
    const form = forms[Math.min(pluralIndex(n), forms.length - 1)];
    if (form) return form;
  }
  return n === 1 ? singular : plural;
}

/** ``msgid`` in the page's language where ``context`` tells apart two uses of one word. */
export function pgettext(context, msgid) {
  const found = catalog.messages[`${context}\u0004${msgid}`];
  return typeof found === "string" && found ? found : msgid;
}

/** Fill the ``{name}`` fields of ``template`` from ``params`` (``{{``/``}}`` are literal braces). */
export function format(template, params = {}) {
  return String(template).replace(/\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    return Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole;
  });
}

/** Read ``code`` from now on (kept in this browser) and show the page in it (a reload). */
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

/** Wire the page's language menu (a <select> whose options are the codes) to ``setLanguage``. */
export function wireLanguageMenu(select) {
  if (!select) return;
  if (!select.options.length) {
    for (const [code, name] of Object.entries(languages)) {
      const option = document.createElement("option");
      option.value = code;
      option.lang = bcp47(code);
      option.textContent = name;
      select.append(option);
    }
  }
  select.value = language;
  select.addEventListener("change", () => setLanguage(select.value));
}
