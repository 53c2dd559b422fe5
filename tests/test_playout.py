"""Uniform-random play (``core/playout``) makes the same random choices as ``random.Random.choice``.

The benchmark's games, the bench's positions and a rollout's steps come from it; seeded random
games must stay the games they were when the loop was interpreted Python calling ``rng.choice``.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from stoneage import load_game
from stoneage.core.contract import State
from stoneage.core.playout import choose, play_random, random_action


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64), sizes=st.lists(st.integers(1, 600), min_size=1, max_size=40))
def test_choose_is_random_choice(seed: int, sizes: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for size in sizes:
        items = list(range(1000, 1000 + size))
        assert choose(ours, items) == theirs.choice(items)
    assert ours.getstate() == theirs.getstate()


def test_choose_sizes_at_powers_of_two() -> None:
    """Sizes at and around powers of two, where the redraw loop matters most."""
    ours, theirs = random.Random(5), random.Random(5)
    for size in [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 255, 256, 257, 1023, 1024, 1025] * 30:
        items = list(range(size))
        assert choose(ours, items) == theirs.choice(items)
    assert ours.getstate() == theirs.getstate()


def test_choose_refuses_an_empty_list() -> None:
    with pytest.raises(IndexError):
        choose(random.Random(0), [])


def reference_game(state: State, rng: random.Random) -> int:
    """The benchmark's loop as it was: chance from the seed, else ``rng.choice`` of the legal list."""
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


@pytest.mark.parametrize(("game", "players"), [("stone_age", 4), ("stone_age", 2), ("stone_age_junior", 3),
                                               ("first_stone_age", 4)])
def test_play_random_plays_the_reference_game(game: str, players: int) -> None:
    for seed in range(3):
        ours = load_game(game, players=players, seed=seed).new_initial_state()
        theirs = load_game(game, players=players, seed=seed).new_initial_state()
        ours_rng, theirs_rng = random.Random(seed), random.Random(seed)
        assert play_random(ours, ours_rng) == reference_game(theirs, theirs_rng)
        assert ours.history() == theirs.history()
        assert ours_rng.getstate() == theirs_rng.getstate()


def test_random_action_draws_chance_from_the_seed() -> None:
    state = load_game("stone_age", players=4, seed=9).new_initial_state()
    assert state.is_chance_node()
    rng = random.Random(0)
    before = rng.getstate()
    assert random_action(state, rng) == state.sample_chance_outcome()
    assert rng.getstate() == before  # chance takes nothing from the players' generator
