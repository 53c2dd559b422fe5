// @ts-check
// The pieces the lobby and the table share: the personal key, calls to the lobby API, seat marks
// (colour + shape, never colour alone). Elements are built with dom.js. No framework, no build step.

const PLAYER_KEY = "stoneage.player";
const TOKENS_KEY = "stoneage.tokens.";   // + game id: {seat: token} for the seats this browser plays
const INVITES_KEY = "stoneage.invites."; // + game id: {seat: page link} of friend seats (the creator's copy)

export const TERMINAL = -4;
export const CHANCE = -1;

import { h, s } from "./dom.js";

/** @typedef {import("./types.js").GameType} GameType */
import { _, format, language } from "./i18n.js";

/** The page's words in its language (``_`` of i18n.js; boards had it as ``ctx.t``). */
export const t = _;

// --- storage ---------------------------------------------------------------------------------

/**
 * The JSON kept under ``key`` in this browser, or ``fallback`` (none, unreadable, or no storage).
 * @template T
 * @param {string} key
 * @param {T} fallback
 * @returns {T}
 */
function readJSON(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Keep ``value`` as JSON under ``key`` (null or undefined: forget it).
 * @param {string} key
 * @param {unknown} value
 */
function writeJSON(key, value) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode or full storage: the page still works for this visit */
  }
}

/** @typedef {{id: string, name: string, key: string}} Player */

/**
 * The player this browser is ({id, name, key}), or null before the first visit's name.
 * @returns {Player | null}
 */
export function storedPlayer() {
  const player = /** @type {Player | null} */ (readJSON(PLAYER_KEY, null));
  return player && typeof player.key === "string" ? player : null;
}

/** Forget the player this browser was (its key is no longer known). */
export function forgetPlayer() {
  writeJSON(PLAYER_KEY, null);
}

/**
 * Become a player (POST /api/players) and keep the key; returns {id, name, key}.
 * @param {string | null | undefined} name
 * @returns {Promise<Player>}
 */
export async function createPlayer(name) {
  const player = await api("POST", "/api/players", { name: (name || "").trim() || _("Player") }, { key: false });
  writeJSON(PLAYER_KEY, player);
  return player;
}

/**
 * The stored player, or a new one called "Player" (so that statistics follow this browser).
 * @returns {Promise<Player>}
 */
export async function ensurePlayer() {
  return storedPlayer() || createPlayer(_("Player"));
}

/** @typedef {Record<string, string>} SeatLinks  seat number (or "?", seat unknown yet) → token or link */

/**
 * The tokens this browser holds for a game's seats.
 * @param {string} gameId
 * @returns {SeatLinks}
 */
export function seatTokens(gameId) {
  return readJSON(TOKENS_KEY + gameId, /** @type {SeatLinks} */ ({}));
}

/**
 * Keep the token of a seat (``"?"``: a link's token whose seat the hello will tell).
 * @param {string} gameId
 * @param {number | string | null} seat
 * @param {string} token
 */
export function keepToken(gameId, seat, token) {
  const tokens = seatTokens(gameId);
  tokens[String(seat)] = token;
  writeJSON(TOKENS_KEY + gameId, tokens);
}

/**
 * Forget the token of a seat.
 * @param {string} gameId
 * @param {number | string} seat
 */
export function dropToken(gameId, seat) {
  const tokens = seatTokens(gameId);
  delete tokens[String(seat)];
  writeJSON(TOKENS_KEY + gameId, Object.keys(tokens).length ? tokens : null);
}

/**
 * The invite links of a game's friend seats (the creator's copy).
 * @param {string} gameId
 * @returns {SeatLinks}
 */
export function invites(gameId) {
  return readJSON(INVITES_KEY + gameId, /** @type {SeatLinks} */ ({}));
}

/**
 * Keep the invite links of a game's friend seats.
 * @param {string} gameId
 * @param {SeatLinks} links
 */
export function keepInvites(gameId, links) {
  writeJSON(INVITES_KEY + gameId, links);
}

// --- the lobby API ---------------------------------------------------------------------------

/** An error the server (or the network) gave, with its stable code and its words. */
export class ApiError extends Error {
  /**
   * @param {number} status  the HTTP status (0: no answer)
   * @param {string} code  the stable code ("network", "aborted", "http_502", or the server's)
   * @param {string} message  the words to show
   */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * Call the lobby API; the personal key goes in X-Player-Key unless {key: false}. A call whose
 * ``signal`` (an AbortController's) is aborted throws an ApiError with the code "aborted".
 * The answer is the server's JSON, as each endpoint documents it (docs/server.md).
 * @param {"GET" | "POST" | "PUT" | "DELETE"} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {{key?: boolean, signal?: AbortSignal}} [options]
 * @returns {Promise<any>}
 */
export async function api(method, path, body, { key = true, signal } = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  const player = key ? storedPlayer() : null;
  if (player) headers["X-Player-Key"] = player.key;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const aborted = () => new ApiError(0, "aborted", _("The request was cancelled."));
  let response;
  try {
    response = await fetch(path, { method, headers, signal, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    if (signal && signal.aborted) throw aborted();
    throw new ApiError(0, "network", _("The server cannot be reached. Check your connection and try again."));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (signal && signal.aborted) throw aborted();
  if (!response.ok) {
    const error = data && data.error;
    throw new ApiError(response.status, error ? error.code : "http_" + response.status,
                       error ? error.message : format(_("The server answered {status}."), { status: response.status }));
  }
  return data;
}

/** @type {Promise<GameType[]> | null} */
let gameTypes = null;

/**
 * GET /api/game-types, asked once per page.
 * @returns {Promise<GameType[]>}
 */
export function loadGameTypes() {
  gameTypes = gameTypes || api("GET", `/api/game-types?lang=${encodeURIComponent(language)}`, undefined, { key: false }).catch((error) => {
    gameTypes = null;
    throw error;
  });
  return gameTypes;
}

// --- seats: colour and shape -----------------------------------------------------------------

// The words of a seat's mark ("orange circle"), as whole phrases (the order of colour and shape is the
// language's). Kept as functions so they are translated when shown, never at import.
const SEAT_MARK_WORDS = [
  () => _("orange circle"), () => _("sky blue square"), () => _("green triangle"), () => _("pink diamond"),
];
/** @type {(() => SVGElement)[]} */
const SHAPES = [
  () => s("circle", { cx: 12, cy: 12, r: 9 }),
  () => s("rect", { x: 3.5, y: 3.5, width: 17, height: 17, rx: 1.5 }),
  () => s("path", { d: "M12 2.5 22 20.5H2Z" }),
  () => s("path", { d: "M12 1.5 22.5 12 12 22.5 1.5 12Z" }),
];

/**
 * The words for a seat's mark: "orange circle".
 * @param {number} seat
 * @returns {string}
 */
export function seatMarkWords(seat) {
  const n = ((seat % 4) + 4) % 4;
  return SEAT_MARK_WORDS[n]();
}

/**
 * An SVG mark for a seat (its colour and its shape), titled for screen readers.
 * @param {number} seat
 * @param {{size?: number, title?: string}} [options]
 * @returns {HTMLSpanElement}
 */
export function seatMark(seat, { size = 18, title } = {}) {
  const n = ((seat % 4) + 4) % 4;
  const label = title || format(_("Seat {number}: {mark}"), { number: seat + 1, mark: seatMarkWords(seat) });
  return h(`span.seat-mark.seat-${n}`, {},
    s("svg", { viewBox: "0 0 24 24", width: size, height: size, role: "img", focusable: "false" },
      s("title", { text: label }), SHAPES[n]()));
}

/**
 * Copy text to the clipboard; falls back to selecting an input. Resolves true when copied.
 * @param {string} text
 * @param {HTMLInputElement} [input]
 * @returns {Promise<boolean>}
 */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (input) {
      input.focus();
      input.select();
      try {
        return document.execCommand("copy");
      } catch {
        return false;
      }
    }
    return false;
  }
}

/**
 * The page link of a seat: /play/{id}?token=… (the table keeps the token and tidies the URL).
 * @param {string} gameId
 * @param {string} token
 * @returns {string}
 */
export function playLink(gameId, token) {
  return `${location.origin}/play/${encodeURIComponent(gameId)}?token=${encodeURIComponent(token)}`;
}

/**
 * The page link to watch a game.
 * @param {string} gameId
 * @returns {string}
 */
export function watchLink(gameId) {
  return `${location.origin}/watch/${encodeURIComponent(gameId)}`;
}

/**
 * How long ago a time was, in words ("just now", "5 min ago", a date).
 * @param {number | null | undefined} seconds  since the epoch
 * @returns {string}
 */
export function when(seconds) {
  if (!seconds) return "";
  const date = new Date(seconds * 1000);
  const age = (Date.now() - date.getTime()) / 1000;
  if (age < 60) return _("just now");
  if (age < 3600) return format(_("{minutes} min ago"), { minutes: Math.round(age / 60) });
  if (age < 86400) return format(_("{hours} h ago"), { hours: Math.round(age / 3600) });
  return date.toLocaleDateString(language.replace("_", "-"));
}
