"""The advisor's one evaluator: every legal choice at a decision valued the same way, without luck.

A choice is valued by what follows it up to the next decision of another seat, averaged exactly:

- a chance step (dice, a card or a building tile turned up) with at most :data:`MAX_BRANCH`
  outcomes is expanded outcome by outcome, weighed by its probability (dice sums are exact);
- a decision of the same seat that follows at once (how many tools after a roll, what to pay) is
  its best choice, up to :data:`OWN_DEPTH` of them;
- anything else (another seat to move, the budget of :data:`NODES` spent, a deeper decision) is
  valued by the game's calibrated chance of winning (``bots.evaluation.win_chance``), as the
  deciding seat may know the position.

So the values do not depend on a search's luck: two choices whose outcomes have the same
distribution get the same value, and the same position gets the same values every time. What the
deciding seat cannot see is redrawn from its information (``resample_from_infostate``), ``worlds``
times with seeds from the caller's (once when two redraws are the same: nothing is hidden), and
each choice is valued in the same redrawn worlds (the values are their mean).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Final

from stoneage.bots.evaluation import win_chance
from stoneage.core.contract import State

MAX_BRANCH: Final = 64
"""Chance steps with at most this many outcomes are averaged exactly (every dice sum of 10 dice)."""
OWN_DEPTH: Final = 2
"""Follow-up decisions of the deciding seat taken at their best before the position is valued."""
NODES: Final = 600
"""Positions reached after one choice at most; past it, positions are valued where they stand."""
EQUAL: Final = 1e-9
"""Values closer than this are equal (the same distribution of outcomes gives the same value)."""


@dataclass(frozen=True)
class Choice:
    """One legal choice and every seat's chance of winning after it."""

    action: int
    values: tuple[float, ...]


def value_choices(state: State, seat: int, seed: int = 0, worlds: int = 1) -> list[Choice]:
    """Every legal choice of ``seat`` (the seat to move) in ``state`` with its values, in the order
    of ``legal_actions``, averaged over ``worlds`` redraws of what it cannot see; ``state`` is not
    changed."""
    known = [state.resample_from_infostate(seat, random.Random(seed * 1_000_003 + world)) for world in range(worlds)]
    if worlds > 1 and known[0].to_json() == known[1].to_json():
        known = known[:1]  # the seat sees everything that matters: one world is all of them
        worlds = 1
    seats = len(state.returns())
    out = []
    for action in state.legal_actions():
        total = [0.0] * seats
        for world in known:
            child = world.clone()
            child.apply_action(action)
            for index, value in enumerate(_settle(child, seat, 0, [NODES])):
                total[index] += value / worlds
        out.append(Choice(action, tuple(total)))
    return out


def _settle(state: State, seat: int, depth: int, budget: list[int]) -> list[float]:
    """``state``'s values for ``seat``: chance averaged, its own next choices at their best (module doc)."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            if len(outcomes) == 1:
                state.apply_action(outcomes[0][0])
                continue
            if len(outcomes) > MAX_BRANCH or budget[0] < len(outcomes):
                break
            budget[0] -= len(outcomes)
            total = [0.0] * len(state.returns())
            for outcome, chance in outcomes:
                child = state.clone()
                child.apply_action(outcome)
                for index, value in enumerate(_settle(child, seat, depth, budget)):
                    total[index] += chance * value
            return total
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        if state.current_player() != seat or depth >= OWN_DEPTH or budget[0] < len(legal):
            break
        budget[0] -= len(legal)
        best: list[float] | None = None
        for action in legal:
            child = state.clone()
            child.apply_action(action)
            values = _settle(child, seat, depth + 1, budget)
            if best is None or values[seat] > best[seat] + EQUAL:
                best = values
        assert best is not None
        return best
    return win_chance(state, seat)


def outcome_distribution(state: State, action: int, limit: int = 5000) -> dict[str, float] | None:
    """The positions ``action`` leads to before the next decision (or the end), each with its
    probability, every chance step expanded: what "the same outcomes" means (positions compared
    without their history). ``None`` past ``limit`` positions."""
    start = state.clone()
    start.apply_action(action)
    out: dict[str, float] = {}
    pending = [(start, 1.0)]
    reached = 0
    while pending:
        position, chance = pending.pop()
        if position.is_chance_node():
            outcomes = position.chance_outcomes()
            reached += len(outcomes)
            if reached > limit:
                return None
            for outcome, weight in outcomes:
                child = position.clone()
                child.apply_action(outcome)
                pending.append((child, chance * weight))
            continue
        data = position.to_json()
        data.pop("history", None)
        key = json.dumps(data, sort_keys=True)
        out[key] = out.get(key, 0.0) + chance
    return out
