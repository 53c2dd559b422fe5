"""My First Stone Age's panels of the view model: the turn, the table and the players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stoneage.core.contract import JSON
from stoneage.core.i18n import _
from stoneage.games.first_stone_age import actions as A
from stoneage.games.first_stone_age.data import GOODS, MOVE_MAX
from stoneage.games.first_stone_age.serialize import observed_step_target
from stoneage.play.first_stone_age.words import player_sentence, table_sentences
from stoneage.play.view import Panel


def recent_events(observation: JSON) -> list[JSON]:
    """The public log's events of the latest action that made any (a board animates them: the card
    turned up, kept or turned back, the gap refilled); everyone saw them, and only them."""
    log = observation["log"]
    if not log:
        return []
    last = log[-1]["at"]
    return [event for event in log if event["at"] == last]


def step_targets(observation: JSON) -> list[int]:
    """Per move 1..4, the circle place Martin reaches (empty places skipped); empty before the start."""
    martin, circle = observation["martin"], observation["circle"]
    if martin is None or all(shown is None for shown in circle):
        return []
    return [observed_step_target(circle, martin, steps) for steps in range(1, MOVE_MAX + 1)]


def decision_actions(observation: JSON) -> dict[str, Any]:
    """For the seat deciding, in its own view: which action each place or button of a board plays.
    ``start``: per circle place, the action that starts Martin there (null for an empty place);
    ``move``: per move, ``{"steps", "slot", "action"}``; ``keep_guff``: per good, the action that
    keeps Guff as that good, and ``turn_back``. A board offers only those its decision holds."""
    pending = observation["pending"]
    if observation.get("observer") != pending["player"]:
        return {}
    stage = pending["stage"]
    if stage == "start":
        return {"start": [None if shown is None else A.start(s) for s, shown in enumerate(observation["circle"])]}
    if stage == "move":
        return {"move": [{"steps": steps, "slot": slot, "action": A.move(steps)}
                         for steps, slot in enumerate(step_targets(observation), start=1)]}
    if stage == "guff":
        return {"keep_guff": {good: A.keep_guff(g) for g, good in enumerate(GOODS)}, "turn_back": A.TURN_BACK}
    return {}


def panels(observation: JSON, names: Sequence[str]) -> list[Panel]:
    """The table as ``observation``'s viewer may see it, in words and as data."""
    turn = observation["turn"]
    heading = _("-- Turn {number} --").format(number=turn) if turn else _("-- Setup --")
    table = {key: observation[key] for key in ("martin", "circle", "draw_pile", "box", "hut_pile_size")}
    players = tuple(player_sentence(data, names[seat]) for seat, data in enumerate(observation["players"]))
    pending = observation["pending"]
    turn_data = {"turn": turn, "phase": observation["phase"], "stage": pending["stage"], "player": pending["player"],
                 "winner": observation["winner"], "stalemate": observation["stalemate"],
                 "recent": recent_events(observation), "actions": decision_actions(observation)}
    return [
        Panel("turn", _("Turn"), (heading,), turn_data),
        Panel("table", _("Table"), tuple(table_sentences(observation)), table),
        Panel("players", _("Players"), players, observation["players"]),
    ]
