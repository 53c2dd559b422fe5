// @ts-check
// The pure part of i18n.js: language tags, plural forms, catalog look-ups and ``{name}`` fields.
// No document, no storage, no network: i18n.js wires these to the page, and `node --test`
// (tests/js/) imports this module as it is.

/** A language's compiled catalog as GET /api/i18n/{code} serves it (language.py). */
/** @typedef {{messages: Record<string, string>, plurals: Record<string, string[]>}} Catalog */

const CATEGORIES = ["zero", "one", "two", "few", "many", "other"];

/**
 * The catalog code for a language tag ("ko-KR", "pt", "de_DE") among ``known`` codes, or null
 * (as core/i18n.normalize): the exact language and region first, else the first code of the language.
 * @param {unknown} tag
 * @param {Record<string, unknown>} known  catalog code → anything (the page's languages)
 * @returns {string | null}
 */
export function normalizeTag(tag, known) {
  if (typeof tag !== "string") return null;
  const clean = tag.trim().split(".")[0].split("@")[0].replace(/-/g, "_");
  if (!clean) return null;
  const [language, region] = clean.split("_");
  const lower = language.toLowerCase();
  const exact = region ? `${lower}_${region.toUpperCase()}` : lower;
  if (Object.prototype.hasOwnProperty.call(known, exact)) return exact;
  return Object.keys(known).find((code) => code.split("_")[0] === lower) || null;
}

/**
 * The BCP 47 tag of a catalog code: "pt_BR" → "pt-BR" (for <html lang> and Intl).
 * @param {string} code
 * @returns {string}
 */
export function bcp47(code) {
  return code.replace("_", "-");
}

/**
 * The plural-form index function of a language: ``n`` → the index of its form among the language's
 * CLDR categories in the order zero, one, two, few, many, other (as Babel numbers a catalog's
 * forms: pt_BR one / many / other; de one / other; ko other).
 * @param {string} locale  a BCP 47 tag
 * @returns {(n: number) => number}
 */
export function pluralIndexer(locale) {
  const rules = new Intl.PluralRules(locale);
  const order = [...rules.resolvedOptions().pluralCategories]
    .sort((a, b) => CATEGORIES.indexOf(a) - CATEGORIES.indexOf(b));
  return (n) => Math.max(0, order.indexOf(rules.select(n)));
}

/**
 * ``msgid`` translated by ``messages``, else ``msgid`` itself (an empty translation counts as none).
 * @param {Record<string, unknown>} messages
 * @param {string} msgid
 * @returns {string}
 */
export function translate(messages, msgid) {
  const found = Object.prototype.hasOwnProperty.call(messages, msgid) ? messages[msgid] : undefined;
  return typeof found === "string" && found ? found : msgid;
}

/**
 * The form of ``singular``/``plural`` for ``n`` from ``plurals`` (msgid → its forms), with
 * ``index`` picking the form; English's rule (1 is singular) when the catalog lacks the message.
 * @param {Record<string, unknown>} plurals
 * @param {string} singular
 * @param {string} plural
 * @param {number} n
 * @param {(n: number) => number} index
 * @returns {string}
 */
export function pluralForm(plurals, singular, plural, n, index) {
  const forms = Object.prototype.hasOwnProperty.call(plurals, singular) ? plurals[singular] : undefined;
  if (Array.isArray(forms) && forms.length) {
    const form = forms[Math.min(index(n), forms.length - 1)];
    if (typeof form === "string" && form) return form;
  }
  return n === 1 ? singular : plural;
}

/**
 * Fill the ``{name}`` fields of ``template`` from ``params`` (``{{``/``}}`` are literal braces; a
 * field without a value stays as it is).
 * @param {string} template
 * @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function format(template, params = {}) {
  return String(template).replace(/\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    return Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole;
  });
}
