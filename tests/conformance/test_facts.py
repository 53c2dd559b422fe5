"""Facts, in every registered game: declared, JSON, and never more than a viewer may know.

Along seeded random games, every action's facts (``State.apply_facts``) have a kind the game
declares (``State.FACT_KINDS``) with only its declared fields, and round-trip through JSON. For every
viewer (each seat, and a spectator), redrawing what the viewer cannot see
(``resample_from_infostate``) and applying the same action gives the same redacted facts whenever the
viewer's observations before and after are the same: the facts a viewer is told hold nothing its
observation lacks (swap a hidden card or tile, and the viewer's facts do not change).
"""

from __future__ import annotations

import json
import random

import pytest

from stoneage import State
from stoneage.core.contract import PUBLIC
from stoneage.core.facts import Fact, redact

from conformance.cases import Case, playthrough
from conformance.test_playthroughs import RUNS

FOLLOWING = 4
"""Actions checked after each sampled state."""
REDRAWS = 3
"""Redraws per viewer and action."""


def _seen(state: State, viewer: int) -> object:
    return state.public_observation() if viewer == PUBLIC else state.observation(viewer)


def _told(facts: list[Fact], viewer: int) -> list[object]:
    return [redact(fact, viewer).to_json() for fact in facts]


def _every_fact(facts: list[Fact]) -> list[Fact]:
    out: list[Fact] = []
    for fact in facts:
        out += [fact, *_every_fact(list(fact.details))]
    return out


def _moments(case: Case, seed: int) -> list[tuple[State, int]]:
    """States along the game, each with the action played next (a few after each sampled state)."""
    run = playthrough(case, seed)
    out = []
    for state in run.states():
        for action in run.rest(state, FOLLOWING):
            out.append((state.clone(), action))
            state.apply_action(action)
    return out


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_facts_are_declared_and_round_trip_through_json(case: Case, seed: int) -> None:
    for state, action in _moments(case, seed):
        kinds = {kind.name: kind for kind in type(state).FACT_KINDS}
        for fact in _every_fact(state.clone().apply_facts(action)):
            assert fact.kind in kinds, f"{case.id}: {fact.kind!r} is not among the game's FACT_KINDS"
            declared = kinds[fact.kind]
            undeclared = set(fact.data) - set(declared.fields)
            assert not undeclared, f"{fact.kind}: undeclared fields {undeclared}"
            assert set(fact.secret) <= set(declared.secret), f"{fact.kind}: undeclared secret {set(fact.secret)}"
            text = json.dumps(fact.to_json())
            assert Fact.from_json(json.loads(text)) == fact
            for viewer in (PUBLIC, *range(case.players)):
                told = redact(fact, viewer)
                assert Fact.from_json(json.loads(json.dumps(told.to_json()))) == told


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_a_viewers_facts_hold_nothing_its_observation_lacks(case: Case, seed: int) -> None:
    rng = random.Random(seed)
    compared = 0
    for state, action in _moments(case, seed):
        after = state.clone()
        facts = after.apply_facts(action)
        for viewer in (PUBLIC, *range(case.players)):
            told, seen_before, seen_after = _told(facts, viewer), _seen(state, viewer), _seen(after, viewer)
            redrawn_for = range(case.players) if viewer == PUBLIC else (viewer,)
            for seat in redrawn_for:
                for _ in range(REDRAWS):
                    other = state.resample_from_infostate(seat, rng)
                    if action not in other.legal_actions() or _seen(other, viewer) != seen_before:
                        continue
                    other_facts = other.apply_facts(action)
                    if _seen(other, viewer) != seen_after:
                        continue  # the action showed this viewer something the redraw changed
                    compared += 1
                    assert _told(other_facts, viewer) == told, (
                        f"{case.id} move {state.move_number() + 1}: viewer {viewer} is told something it cannot see")
    assert compared, "no redraw kept the action legal: the check compared nothing"
