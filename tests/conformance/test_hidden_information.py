"""Hidden information never reaches another viewer, in any registered game.

For states along seeded random games (the end included) and every seat p: redrawing what p cannot see
(``resample_from_infostate(p, rng)``) leaves p's observation unchanged, and the spectator's
``public_observation()`` is the same under every seat's redraw. Observations are JSON, and a seat
the game does not have is a ``PlayerError``.
"""

from __future__ import annotations

import json
import random

import pytest

from stoneage import PlayerError, State
from stoneage.core.gametype import Information
from stoneage.core.registry import game_info

from conformance.cases import CASES, GAMES, SEEDS, Case, playthrough
from conformance.test_playthroughs import RUNS

REDRAWS = 3
"""Resamplings per state and seat."""


def _along(case: Case, seed: int) -> list[State]:
    """The sampled states of a playthrough: the first, some mid-game ones, and the end."""
    return playthrough(case, seed).states()


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_observations_are_json_and_unchanged_by_redrawing_what_the_seat_cannot_see(case: Case, seed: int) -> None:
    rng = random.Random(seed)
    for state in _along(case, seed):
        before = state.to_json()
        for seat in range(case.players):
            seen = state.observation(seat)
            assert json.loads(json.dumps(seen)) == seen
            for _ in range(REDRAWS):
                other = state.resample_from_infostate(seat, rng)
                assert other.observation(seat) == seen, f"seat {seat} at move {state.move_number()}"
                if state.current_player() == seat:  # a seat's options depend only on what it knows
                    assert other.legal_actions() == state.legal_actions()
        assert state.to_json() == before, "resampling leaves the original unchanged"


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_the_public_observation_is_the_same_under_every_seats_redraw(case: Case, seed: int) -> None:
    rng = random.Random(seed)
    for state in _along(case, seed):
        public = state.public_observation()
        assert json.loads(json.dumps(public)) == public
        for seat in range(case.players):
            for _ in range(REDRAWS):
                other = state.resample_from_infostate(seat, rng)
                assert other.public_observation() == public, f"redraw for seat {seat} at move {state.move_number()}"


@pytest.mark.parametrize("name", GAMES)
def test_a_game_with_hidden_information_redraws_something_in_some_playthrough(name: str) -> None:
    """Otherwise the two checks above would hold trivially."""
    if game_info(name).information is Information.PERFECT:
        return
    rng = random.Random(0)
    assert any(
        state.resample_from_infostate(seat, rng).to_json() != state.to_json()
        for case in CASES if case.name == name for seed in SEEDS
        for state in _along(case, seed) for seat in range(case.players)
    )


@pytest.mark.parametrize("case", [c for c in CASES if c.expansions == c.variants == ()], ids=lambda c: c.id)
def test_observing_a_seat_the_game_does_not_have_raises_player_error(case: Case) -> None:
    state = playthrough(case, SEEDS[0]).states()[1]
    for seat in (-1, case.players, case.players + 1, 99):
        with pytest.raises(PlayerError):
            state.observation(seat)
