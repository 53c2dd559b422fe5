"""Uniform-random play: the benchmark's games, the states of a random game, a rollout's steps.

It lives with the engine so that the compiled build compiles the loop too (an interpreted loop
around compiled rules was a quarter of a compiled random game). The random choices are those of
``random.Random.choice`` with the same generator calls, so seeded random games stay the same.
"""

from __future__ import annotations

import random

from stoneage.core.contract import State


def choose(rng: random.Random, items: list[int]) -> int:
    """The item ``rng.choice(items)`` returns, drawn the same way, leaving ``rng`` in the same state.

    ``Random.choice`` picks ``items[i]`` with ``i`` from ``getrandbits(k)`` (``k`` the bit length of
    the list's size), drawn again until below the size; doing that here keeps the choice in
    compiled code instead of two interpreted calls. ``tests/test_playout.py`` compares the two.
    (A subclass of ``Random`` that replaces ``random()`` but not ``getrandbits`` makes ``choice``
    draw otherwise; the engine's callers pass plain ``random.Random`` generators.)
    """
    size = len(items)
    if size == 0:
        raise IndexError("Cannot choose from an empty sequence")
    bits = size.bit_length()
    index: int = rng.getrandbits(bits)
    while index >= size:
        index = rng.getrandbits(bits)
    return items[index]


def random_action(state: State, rng: random.Random) -> int:
    """A uniformly random legal action, or at a chance node the outcome the game's seed draws."""
    if state.is_chance_node():
        return state.sample_chance_outcome()
    return choose(rng, state.legal_actions())


def play_random(state: State, rng: random.Random) -> int:
    """Play ``random_action`` to the end of the game; return the steps played."""
    steps = 0
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
        steps += 1
    return steps
