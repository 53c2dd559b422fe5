"""What a player with perfect (or short) memory knows, worked out from an observation's public log.

Bots decide how much of the log to use: ``remembered_forest(obs)`` is the perfect-memory view of
the face-down forest tiles; ``since_turn`` makes a forgetful one that only remembers the recent
turns. ``goods_from_log(obs)`` rebuilds every seat's public holdings from the log alone (they are
shown in the observation too, as a perfect memory knows them), ``remembered_pile(obs)`` the
goods-card pile of the expansion.
"""

from __future__ import annotations

from typing import Any

from stoneage.core.contract import JSON
from stoneage.games.stone_age_junior.data import CARDS_IN_PILE, GOODS, NUM_POSITIONS

UNSEEN = "unknown"


def remembered_forest(observation: JSON, since_turn: int = 0) -> list[str]:
    """Per forest place: the tile lying there as the log tells it, or ``"unknown"``.

    Tiles turned up are remembered, and follow their place through the public swaps. Only events
    of turns ``>= since_turn`` are remembered (0: everything); tiles face up now are always known.
    """
    forest = [UNSEEN] * NUM_POSITIONS
    for event in observation["log"]:
        if event["turn"] < since_turn:
            continue
        if event["event"] == "reveal":
            forest[event["place"]] = event["tile"]
        elif event["event"] == "swap":
            a, b = event["places"]
            forest[a], forest[b] = forest[b], forest[a]
    for place, shown in enumerate(observation["forest"]):
        if shown != "down":
            forest[place] = shown
    return forest


def goods_from_log(observation: JSON) -> list[dict[str, Any]]:
    """Per seat, what the public log says it holds: ``goods`` (tiles per good), ``dogs``,
    ``cards_public`` (goods cards of known kind, sorted as in the card game) and ``cards_hidden``
    (how many face-down cards of a kind only the holder knows)."""
    seats = len(observation["players"])
    holdings: list[dict[str, Any]] = [
        {"goods": dict.fromkeys(GOODS, 0), "dogs": 0, "cards_public": [], "cards_hidden": 0} for _ in range(seats)
    ]
    for event in observation["log"]:
        kind = event["event"]
        if kind not in ("take", "trade", "dog", "build", "draw"):
            continue
        seat = holdings[event["player"]]
        if kind == "take":
            seat["goods"][event["good"]] += 1
        elif kind == "trade":
            seat["goods"][event["give"]] -= 1
            seat["goods"][event["take"]] += 1
        elif kind == "dog":
            seat["dogs"] += 1
            if event["from"] is not None:
                holdings[event["from"]]["dogs"] -= 1
        elif kind == "draw":
            if event["card"] is None:
                seat["cards_hidden"] += 1
            else:
                seat["cards_public"].append(event["card"])
        else:
            for item in event["paid"]:
                if item == "dog":
                    seat["dogs"] -= 1
                elif item in GOODS:
                    seat["goods"][item] -= 1
                else:
                    card = item.removesuffix("_card")
                    if card in seat["cards_public"]:
                        seat["cards_public"].remove(card)
                    else:
                        seat["cards_hidden"] -= 1
    order = [*GOODS, "guff"]
    for seat in holdings:
        seat["cards_public"].sort(key=order.index)
    return holdings


def remembered_pile(observation: JSON) -> list[str | None]:
    """The goods-card pile top to bottom as a perfect memory knows it: ``None`` for each card
    nobody has seen, then the cards seen going under, in order (expansion only; else ``[]``)."""
    if observation["pile"] is None:
        return []
    unseen = CARDS_IN_PILE
    below: list[str] = []
    for event in observation["log"]:
        if event["event"] == "draw":
            if unseen:
                unseen -= 1
            else:
                below.pop(0)
        elif event["event"] == "build":
            below.extend(item.removesuffix("_card") for item in event["paid"] if item not in GOODS and item != "dog")
    return [None] * unseen + list(below)
