"""Stone Age Junior's panels of the view model: the turn, the board and the players."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from stoneage.core.contract import JSON
from stoneage.core.i18n import _
from stoneage.games.stone_age_junior import actions as A
from stoneage.games.stone_age_junior.data import BUILDS, GOODS, ITEM_NAMES, NUM_POSITIONS
from stoneage.play.stone_age_junior.words import board_sentences, player_sentence
from stoneage.play.view import Panel

BOARD_KEYS = ("figures", "supply", "trading_post", "box", "dog_storage", "forest", "huts", "martin", "pile")
"""The observation fields the board panel draws."""


def recent_events(observation: JSON) -> list[JSON]:
    """The public log's events of the latest action that made any (a board animates them: the tile
    turned up, the figure's way, the swap); everyone saw them, and only them."""
    log = observation["log"]
    if not log:
        return []
    last = log[-1]["at"]
    return [event for event in log if event["at"] == last]


def _affordable(items: tuple[int, ...], have: Counter[str]) -> bool:
    need = Counter(ITEM_NAMES[item] for item in items)
    return all(have[name] >= count for name, count in need.items())


def _holdings(me: JSON) -> Counter[str]:
    have: Counter[str] = Counter({good: count for good, count in me["goods"].items()})
    have["dog"] = me["dogs"]
    for card in (*me["cards_public"], *me["cards_hidden"]):
        have["guff" if card == "guff" else f"{card}_card"] += 1
    return have


def decision_actions(observation: JSON) -> dict[str, Any]:
    """For the seat deciding, in its own view: which action each place or button of a board plays.
    ``turn``: per forest place, the action turning it up (null when face up); ``stay`` and
    ``travel`` (per good); ``trade`` (give → take → action) and ``stop_trading``; ``build`` (per
    payment the seat can make of a face-up hut: ``{"hut", "stack", "items", "action"}``) and
    ``pass``; ``swap`` (a 14 × 14 table, null on the diagonal). A board offers only those its
    decision holds."""
    pending = observation["pending"]
    seat = pending["player"]
    if observation.get("observer") != seat:
        return {}
    stage = pending["stage"]
    if stage == "turn":
        return {"turn": [A.turn(p) if shown == "down" else None for p, shown in enumerate(observation["forest"])]}
    if stage == "martin":
        return {"stay": A.STAY, "travel": {good: A.travel(g) for g, good in enumerate(GOODS)}}
    if stage == "trade":
        return {"trade": {give: {take: A.trade(g, t) for t, take in enumerate(GOODS) if t != g}
                          for g, give in enumerate(GOODS)}, "stop_trading": A.STOP_TRADING}
    if stage == "build":
        have = _holdings(observation["players"][seat])
        stacks = {stack["face_up"]["number"]: s for s, stack in enumerate(observation["huts"]) if stack["face_up"]}
        builds = [{"hut": number, "stack": stacks[number], "items": [ITEM_NAMES[i] for i in items],
                   "action": A.build(number, items)}
                  for number, items in BUILDS if number in stacks and _affordable(items, have)]
        return {"build": builds, "pass": A.PASS}
    if stage == "swap":
        return {"swap": [[None if a == b else A.swap(min(a, b), max(a, b)) for b in range(NUM_POSITIONS)]
                         for a in range(NUM_POSITIONS)]}
    return {}


def panels(observation: JSON, names: Sequence[str]) -> list[Panel]:
    """The board as ``observation``'s viewer may see it (their own goods only), in words and as data."""
    short = [_("P{number}").format(number=seat + 1) for seat in range(len(names))]
    turn = observation["turn"]
    heading = _("-- Turn {number} --").format(number=turn) if turn else _("-- Setup --")
    viewer = observation["observer"]
    players = tuple(player_sentence(observation, seat, names[seat], seat == viewer) for seat in range(len(names)))
    pending = observation["pending"]
    turn_data = {"turn": turn, "phase": observation["phase"], "stage": pending["stage"], "player": pending["player"],
                 "place": pending["place"], "stack": pending["stack"], "trade": pending["trade"],
                 "winner": observation["winner"], "expansions": observation["expansions"],
                 "variants": observation["variants"], "recent": recent_events(observation),
                 "actions": decision_actions(observation)}
    return [
        Panel("turn", _("Turn"), (heading,), turn_data),
        Panel("board", _("Board"), tuple(board_sentences(observation, short)),
              {key: observation[key] for key in BOARD_KEYS}),
        Panel("players", _("Players"), players, observation["players"]),
    ]
