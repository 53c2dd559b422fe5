#!/usr/bin/env node
// An example bot for the stoneage-bot/1 protocol in JavaScript (Node.js, no packages).
//
// It plays every game of the family: a seeded pseudo-random choice among the legal moves,
// answered by action number. Run it with, e.g.:
//
//     stoneage tournament --bots "cmd:node examples/bots/random_bot.js,greedy" --games 4
//
// See docs/bot-protocol.md for the messages.
"use strict";

const readline = require("readline");

// mulberry32: a small seeded generator, so the same seed plays the same game
function generator(seed) {
  let a = seed >>> 0;
  return function () {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

let random = generator(0);
const lines = readline.createInterface({ input: process.stdin, terminal: false });

lines.on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch (error) {
    return; // not JSON: ignored
  }
  if (message === null || typeof message !== "object") return;
  switch (message.type) {
    case "hello":
      send({ type: "hello", protocol: "stoneage-bot/1", name: "random-js", version: "1.0", games: ["*"] });
      break;
    case "new_game":
      random = generator(message.seed);
      break;
    case "request": {
      const legal = message.legal_actions;
      send({ type: "action", id: message.id, action: legal[Math.floor(random() * legal.length)] });
      break;
    }
    case "quit":
      lines.close();
      process.exit(0);
      break;
    default:
      break; // game_over and unknown messages: ignored
  }
});
lines.on("close", () => process.exit(0));
