"""What a player with perfect memory knows, worked out from an observation's public log.

Bots decide how much of the log to use: ``remembered_circle(obs)`` is the perfect-memory view;
a forgetful bot can pass only the events of the last few turns (``since_turn``).
"""

from __future__ import annotations

from stoneage.core.contract import JSON
from stoneage.games.first_stone_age.data import CIRCLE_SIZE, NUM_GOODS_CARDS

UNSEEN = "unknown"


def remembered_circle(observation: JSON, since_turn: int = 0) -> list[str | None]:
    """Per circle slot: the kind of the face-down card there as the log tells it, ``"unknown"``
    if it was not seen (in the remembered turns), ``None`` if the place is empty.

    Only events of turns ``>= since_turn`` are remembered (0: everything).
    """
    circle: list[str | None] = [UNSEEN] * CIRCLE_SIZE
    for event in observation["log"]:
        if event["turn"] < since_turn:
            continue
        kind = event["event"]
        if kind in ("reveal", "refill"):
            circle[event["slot"]] = event["card"]
        elif kind == "keep":
            circle[event["slot"]] = None  # refilled by a later "refill" event unless the pile is empty
    for slot, shown in enumerate(observation["circle"]):
        if shown is None:
            circle[slot] = None
        elif circle[slot] is None:
            circle[slot] = UNSEEN  # refilled before the remembered turns
    return circle


def remembered_draw_pile(observation: JSON) -> list[str | None]:
    """The draw pile top to bottom as a perfect memory knows it: the face-up top card (if any),
    then ``None`` for each card nobody has seen, then the cards seen going under, in order."""
    unseen = NUM_GOODS_CARDS - len(observation["box"]) - CIRCLE_SIZE  # the pile as laid out
    seen_below: list[str] = []
    for event in observation["log"]:
        if event["event"] == "under":
            seen_below.append(event["card"])
        elif event["event"] == "draw":
            if unseen:
                unseen -= 1
            else:
                seen_below.pop(0)
    top = observation["draw_pile"]["top"]
    return ([top] if top is not None else []) + [None] * unseen + seen_below
