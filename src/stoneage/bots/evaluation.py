"""Position values for bots: per seat, a number in [0, 1] (1 = surely winning).

Each game may have a heuristic worth function in its own folder of ``stoneage.bots``; they are
found by the game's name through :data:`EVALUATORS` (import paths, imported on first use), so this
module knows no game's state class. A game without one is valued by its scores.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any, Final

from stoneage.core.contract import State

Evaluator = Callable[[Any, int], list[float]]
"""(state, observer) -> per-seat worth in points, using only what ``observer`` may know."""

EVALUATORS: Final[dict[str, str | Evaluator]] = {
    "stone_age": "stoneage.bots.stone_age.evaluation:values",
    "first_stone_age": "stoneage.bots.first_stone_age.evaluation:values",
}
"""Heuristic worth functions by game name: the function, or its ``"module:function"`` path."""

SCALE: Final = 12.0
"""Points of lead over the best rival that make a win about 73 % likely."""

WIN_CHANCES: Final[dict[str, str | Evaluator]] = {
    "stone_age": "stoneage.bots.stone_age.calibrated:win_chances",
}
"""Calibrated chances of winning by game name, for people (the advisor): a game without one is
valued by :func:`evaluate`."""

_BY_CLASS: Final[dict[type, Evaluator | None]] = {}
"""The worth function found for each state class (None: the scores), so the hot path is one lookup."""
_CHANCES_BY_CLASS: Final[dict[type, Evaluator | None]] = {}


def register_evaluator(game: str, evaluator: str | Evaluator) -> None:
    """Give bots a heuristic for the game named ``game`` (a function or a ``"module:function"`` path)."""
    EVALUATORS[game] = evaluator
    _BY_CLASS.clear()


def evaluator_for(state: State) -> Evaluator | None:
    """The heuristic worth function of ``state``'s game, or None when it has none."""
    return _found(EVALUATORS, _BY_CLASS, state)


def _found(table: dict[str, str | Evaluator], cache: dict[type, Evaluator | None], state: State) -> Evaluator | None:
    """``state``'s game's entry of ``table`` (imported on first use), kept in ``cache`` by state class."""
    kind = type(state)
    try:
        return cache[kind]
    except KeyError:
        pass
    target = table.get(getattr(getattr(state, "game", None), "name", ""))
    if isinstance(target, str):
        module_name, _, attribute = target.partition(":")
        target = getattr(import_module(module_name), attribute)
    found = cache[kind] = target
    return found


def evaluate(state: State, player: int) -> list[float]:
    """Every seat's chance of winning as ``player`` sees it: exact when terminal, else heuristic."""
    if state.is_terminal():
        return state.returns()
    evaluator = evaluator_for(state)
    points = evaluator(state, player) if evaluator else [float(s) for s in state.scores()]
    return win_chances(points)


def win_chance(state: State, player: int) -> list[float]:
    """Every seat's chance of winning as ``player`` sees it, calibrated where the game has a
    calibrated model (``WIN_CHANCES``), else :func:`evaluate`."""
    model = _found(WIN_CHANCES, _CHANCES_BY_CLASS, state)
    return model(state, player) if model is not None else evaluate(state, player)


def win_chances(points: Sequence[float]) -> list[float]:
    """Turn worths into values in [0, 1]: each seat's lead over its best rival, squashed.

    Written with plain loops and comparisons, not ``max`` over a generator: compiled, those are
    Python-level calls, and a search values thousands of positions (the values are the same).
    """
    seats = len(points)
    if seats < 2:
        raise ValueError("win_chances needs two seats or more")
    out: list[float] = []
    for seat in range(seats):
        mine = points[seat]
        rival = points[1 if seat == 0 else 0]  # the first other seat, then any greater one
        for other in range(seats):
            if other != seat and points[other] > rival:
                rival = points[other]
        lead = -(mine - rival) / SCALE
        lead = lead if lead < 60.0 else 60.0  # min(60.0, lead)
        lead = lead if lead > -60.0 else -60.0  # max(-60.0, ...)
        out.append(1.0 / (1.0 + math.exp(lead)))
    return out
