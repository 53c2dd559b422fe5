#!/usr/bin/env python3
"""A bot that breaks the stoneage-bot/1 protocol in one chosen way, for the tests.

Usage: misbehaving.py MODE [AFTER] — it plays well (the first legal action) for AFTER requests
(default 2), then, at every request from then on:

* ``crash``: writes a line to stderr and exits with status 3;
* ``hang``: stops answering (sleeps);
* ``garbage``: answers a line that is not JSON;
* ``huge``: answers a line longer than the engine reads;
* ``illegal``: answers an action number that is not legal;
* ``notation``: answers a notation string that names no action;
* ``stale``: answers with the wrong id first, then chatters unknown messages, then answers right
  (no incident: both are ignored);
* ``silent``: never answers the hello (from the start);
* ``alien``: answers the hello with another protocol (from the start);
* ``picky``: says it plays no game of the family (from the start).
"""

import json
import sys
import time

MODE = sys.argv[1]
AFTER = int(sys.argv[2]) if len(sys.argv) > 2 else 2


def send(message):
    sys.stdout.write((message if isinstance(message, str) else json.dumps(message)) + "\n")
    sys.stdout.flush()


def main():
    requests = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            if MODE == "silent":
                continue
            send({"type": "hello", "protocol": "other/9" if MODE == "alien" else "stoneage-bot/1",
                  "name": f"misbehaving-{MODE}", "version": "0",
                  "games": ["chess"] if MODE == "picky" else ["*"]})
        elif kind == "request":
            requests += 1
            good = {"type": "action", "id": message["id"], "action": message["legal_actions"][0]}
            if requests <= AFTER:
                send(good)
            elif MODE == "crash":
                sys.stderr.write("misbehaving bot: crashing on purpose\n")
                sys.stderr.flush()
                sys.exit(3)
            elif MODE == "hang":
                time.sleep(60)
            elif MODE == "garbage":
                send("this is not json")
            elif MODE == "huge":
                send("x" * (1 << 20 + 1))
            elif MODE == "illegal":
                send({**good, "action": -7})
            elif MODE == "notation":
                send({**good, "action": "fly to the moon"})
            elif MODE == "stale":
                send({**good, "id": message["id"] - 1})
                send({"type": "thinking", "depth": 3})
                send(good)
            else:
                send(good)
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
