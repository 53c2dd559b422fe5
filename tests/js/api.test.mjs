// The lobby/table helpers of api.js that need no elements: storage of the player and the seats'
// tokens, the lobby API's errors, seat-mark words, links and ages.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fakePage } from "./fake_page.mjs";

const requests = fakePage({
  language: "en",
  answers: {
    "/api/players": { status: 200, body: { id: "p1", name: "Ada", key: "k-1" } },
    "/api/games/full": { status: 409, body: { error: { code: "game_full", message: "The game is full." } } },
    "/api/games/odd": { status: 502 },
    "/api/games/ok": { status: 200, body: { seats: 2 } },
  },
});
const api = await import("../../src/stoneage/web/static/api.js");

test("createPlayer keeps the player; api() sends its key", async () => {
  assert.equal(api.storedPlayer(), null);
  const player = await api.createPlayer("  ");
  assert.deepEqual(player, { id: "p1", name: "Ada", key: "k-1" });
  assert.deepEqual(JSON.parse(requests.at(-1).init.body), { name: "Player" });  // a blank name: "Player"
  assert.equal(requests.at(-1).init.headers["X-Player-Key"], undefined);         // not yet a player
  assert.deepEqual(api.storedPlayer(), player);
  assert.deepEqual(await api.api("GET", "/api/games/ok"), { seats: 2 });
  assert.equal(requests.at(-1).init.headers["X-Player-Key"], "k-1");
  assert.equal(requests.at(-1).init.body, undefined);
  await api.api("GET", "/api/games/ok", undefined, { key: false });
  assert.equal(requests.at(-1).init.headers["X-Player-Key"], undefined);
  api.forgetPlayer();
  assert.equal(api.storedPlayer(), null);
});

test("api() turns the server's errors into ApiError", async () => {
  await assert.rejects(api.api("POST", "/api/games/full", {}), (error) =>
    error instanceof api.ApiError && error.status === 409 && error.code === "game_full" && error.message === "The game is full.");
  await assert.rejects(api.api("GET", "/api/games/odd"), (error) =>
    error instanceof api.ApiError && error.code === "http_502" && error.message === "The server answered 502.");
  await assert.rejects(api.api("GET", "/api/nowhere"), (error) => error instanceof api.ApiError && error.code === "network");
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(api.api("GET", "/api/nowhere", undefined, { signal: controller.signal }),
    (error) => error instanceof api.ApiError && error.code === "aborted");
});

test("seat tokens are kept per game and dropped", () => {
  assert.deepEqual(api.seatTokens("g1"), {});
  api.keepToken("g1", 0, "t0");
  api.keepToken("g1", 2, "t2");
  api.keepToken("g2", 1, "u1");
  assert.deepEqual(api.seatTokens("g1"), { 0: "t0", 2: "t2" });
  api.dropToken("g1", 0);
  assert.deepEqual(api.seatTokens("g1"), { 2: "t2" });
  api.dropToken("g1", 2);
  assert.equal(localStorage.getItem("stoneage.tokens.g1"), null);  // nothing left: the key goes
  assert.deepEqual(api.seatTokens("g2"), { 1: "u1" });
  localStorage.setItem("stoneage.tokens.g3", "{not json");
  assert.deepEqual(api.seatTokens("g3"), {});
  api.keepInvites("g1", { 1: "http://x/play/g1?token=a" });
  assert.deepEqual(api.invites("g1"), { 1: "http://x/play/g1?token=a" });
});

test("seat marks in words: colour and shape, four seats round", () => {
  assert.equal(api.seatMarkWords(0), "orange circle");
  assert.equal(api.seatMarkWords(3), "pink diamond");
  assert.equal(api.seatMarkWords(5), "sky blue square");
  assert.equal(api.seatMarkWords(-1), "pink diamond");
});

test("links and ages", () => {
  assert.equal(api.playLink("a b", "t/1"), "http://table.test/play/a%20b?token=t%2F1");
  assert.equal(api.watchLink("g#1"), "http://table.test/watch/g%231");
  const now = Date.now() / 1000;
  assert.equal(api.when(0), "");
  assert.equal(api.when(now - 5), "just now");
  assert.equal(api.when(now - 600), "10 min ago");
  assert.equal(api.when(now - 7200), "2 h ago");
  assert.match(api.when(now - 86400 * 40), /\d/);
});
