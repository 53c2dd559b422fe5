// @ts-check
// The one way every page and board builds elements: h() for HTML, s() for SVG. Text is always set
// as text (never parsed as markup), so nothing a server or a player wrote can become an element.

export const SVG_NS = "http://www.w3.org/2000/svg";

/** @typedef {Node | string | number | null | undefined | false | Child[]} Child */
/** @typedef {Record<string, unknown>} Props */

/**
 * Append children (nested arrays flattened; null, undefined and false skipped; numbers as text).
 * @param {Element} node
 * @param {readonly Child[]} children
 */
function fill(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) fill(node, child);
    else node.append(child instanceof Node ? child : String(child));
  }
}

/**
 * The element type of an h() spec: "input.wide" → HTMLInputElement, "div" → HTMLDivElement.
 * @template {string} S
 * @typedef {S extends `${infer T}.${string}` ? (T extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[T] : HTMLElement)
 *   : S extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[S] : HTMLElement} HTMLOf
 */

/**
 * The element type of an s() tag: "rect" → SVGRectElement.
 * @template {string} T
 * @typedef {T extends keyof SVGElementTagNameMap ? SVGElementTagNameMap[T] : SVGElement} SVGOf
 */

/**
 * An HTML element: h("span.choice-label", { text: "…", onclick: fn, dataset: {action: 3} }, ...children).
 * ``spec`` is a tag with optional classes after dots; props: ``text`` (text content), ``dataset``,
 * ``on<event>`` functions, DOM properties given as non-strings, and attributes (true: present).
 * @template {string} S
 * @param {S} spec
 * @param {Props | null} [props]
 * @param {...Child} children
 * @returns {HTMLOf<S>}
 */
export function h(spec, props, ...children) {
  const [tag, ...classes] = spec.split(".");
  const el = /** @type {HTMLOf<S>} */ (document.createElement(tag || "div"));
  if (classes.length) el.className = classes.join(" ");
  for (const [name, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") el.addEventListener(name.slice(2), /** @type {EventListener} */ (value));
    else if (name === "dataset") Object.assign(el.dataset, value);
    else if (name === "text") el.textContent = String(value);
    else if (name in el && typeof value !== "string") /** @type {any} */ (el)[name] = value;
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  fill(el, children);
  return el;
}

/**
 * An SVG element: s("rect", { x: 0, y: 0, class: "die" }, ...children); attributes set as given
 * (true: present), ``on<event>`` functions as listeners, ``text`` as text content.
 * @template {string} T
 * @param {T} tag
 * @param {Props | null} [attrs]
 * @param {...Child} children
 * @returns {SVGOf<T>}
 */
export function s(tag, attrs, ...children) {
  const node = /** @type {SVGOf<T>} */ (document.createElementNS(SVG_NS, tag));
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), /** @type {EventListener} */ (value));
    else if (key === "text") node.textContent = String(value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  fill(node, children);
  return node;
}

/**
 * Remove every child of ``node``; returns ``node``.
 * @template {Node} N
 * @param {N} node
 * @returns {N}
 */
export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
  return node;
}
