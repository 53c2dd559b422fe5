#!/usr/bin/env python3
"""An example bot for the stoneage-bot/1 protocol, in Python with the standard library only.

It plays every game of the family: a seeded random choice among the legal moves, answered in
notation. Run it with, e.g.:

    stoneage tournament --bots "cmd:python3 examples/bots/stdlib_bot.py,greedy" --games 4

See docs/bot-protocol.md for the messages.
"""

import json
import random
import sys

NAME, VERSION = "stdlib-bot", "1.0"


def send(message):
    """Write one message as one line and flush it (the engine waits for the newline)."""
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    rng = random.Random(0)
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "hello":
            send({"type": "hello", "protocol": "stoneage-bot/1", "name": NAME, "version": VERSION,
                  "games": ["*"]})
        elif kind == "new_game":
            rng = random.Random(message["seed"])  # the same seed plays the same game
        elif kind == "request":
            choice = rng.randrange(len(message["legal_actions"]))
            send({"type": "action", "id": message["id"], "action": message["legal_notation"][choice]})
        elif kind == "quit":
            return
        # game_over and anything unknown: ignored


if __name__ == "__main__":
    main()
