"""Position values for bots: per seat, a number in [0, 1] (1 = surely winning)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from stoneage.bots import stone_age_eval
from stoneage.core.contract import State
from stoneage.games.stone_age.state import StoneAgeState

Evaluator = Callable[[Any, int], list[float]]
"""(state, observer) -> per-seat worth in points, using only what ``observer`` may know."""

EVALUATORS: dict[type, Evaluator] = {StoneAgeState: stone_age_eval.values}
"""Heuristic worth functions by state class; other games fall back on their scores."""


def register_evaluator(state_class: type, evaluator: Evaluator) -> None:
    """Give bots a heuristic for another game."""
    EVALUATORS[state_class] = evaluator


def evaluate(state: State, player: int) -> list[float]:
    """Every seat's chance of winning as ``player`` sees it: exact when terminal, else heuristic."""
    if state.is_terminal():
        return state.returns()
    evaluator = EVALUATORS.get(type(state))
    points = evaluator(state, player) if evaluator else [float(s) for s in state.scores()]
    return stone_age_eval.win_chances(points)
