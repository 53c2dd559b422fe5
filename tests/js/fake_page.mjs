// A page's globals, just enough for the web modules that read them when imported (i18n.js reads
// <html data-languages>, the browser's language, storage and cookies, and fetches its catalog).
// Import this first, then the module under test with `await import(...)`. Not a DOM: a test that
// builds elements needs a browser (tests/browser).

/** A Storage kept in a Map. */
class MemoryStorage {
  constructor() { this.items = new Map(); }
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { this.items.set(key, String(value)); }
  removeItem(key) { this.items.delete(key); }
  clear() { this.items.clear(); }
}

const LANGUAGES = { en: "English", de: "Deutsch", ko: "한국어", pt_BR: "Português (Brasil)" };

/**
 * Install the globals of a page that reads ``language`` (kept in the page's storage) and is given
 * ``catalog`` ({messages, plurals}) by GET /api/i18n/{code}; ``answers`` maps other paths to
 * {status, body} for the lobby API. Returns the list of requests made ({path, init}).
 */
export function fakePage({ language = "en", catalog = { messages: {}, plurals: {} }, answers = {} } = {}) {
  const requests = [];
  const define = (name, value) => Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  define("document", {
    documentElement: { dataset: { languages: JSON.stringify(LANGUAGES), lang: language }, lang: "" },
    cookie: "",
  });
  define("localStorage", new MemoryStorage());
  define("sessionStorage", new MemoryStorage());
  define("navigator", { languages: ["en-US"], language: "en-US" });
  define("location", { origin: "http://table.test", pathname: "/", search: "", reload() { throw new Error("no reload in a test"); } });
  globalThis.localStorage.setItem("stoneage.lang", language);
  define("fetch", async (path, init = {}) => {
    requests.push({ path, init });
    const found = path.startsWith("/api/i18n/") ? { status: 200, body: catalog } : answers[path.split("?")[0]];
    if (!found) throw new TypeError("network down");
    return {
      ok: found.status >= 200 && found.status < 300,
      status: found.status,
      async json() {
        if (found.body === undefined) throw new SyntaxError("no JSON");
        return found.body;
      },
    };
  });
  return requests;
}
