"""The search bots' position values are pinned bit for bit: the 400-game measurements in docs/bots.md
stay the measurements of the bots that ship only while a speed-up leaves every value exactly as it was.

Each digest is SHA-256 over the little-endian doubles of every seat's value, for every observer, at
every decision of seeded uniform-random games (2 players; 4 with the Mammoth Herd). The worths use only
additions, multiplications, divisions and comparisons, so pure Python gives the same doubles on every
IEEE machine, and the compiled build gives them too where its C compiler does not fuse a multiply
and an add (x86-64 at gcc's default target, as in CI). Change a digest only when a change of the
values is intended (and say which measurements it makes stale).
"""

from __future__ import annotations

import hashlib
import random
import struct
from collections.abc import Callable, Iterator

import pytest

from stoneage.bots.stone_age.evaluation import values
from stoneage.bots.stone_age.learned import LearnedValue, load_weights
from stoneage.core.playout import random_action
from stoneage.core.registry import load_game
from stoneage.games.stone_age.state import StoneAgeState


def decisions(players: int, expansions: list[str], seed: int) -> Iterator[StoneAgeState]:
    """Every decision node of one seeded uniform-random game."""
    state = load_game("stone_age", players=players, seed=seed, expansions=expansions).new_initial_state()
    assert isinstance(state, StoneAgeState)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(random_action(state, rng))
            continue
        yield state
        state.apply_action(rng.choice(state.legal_actions()))


def digest(value_of: Callable[[StoneAgeState, int], list[float]], players: int, expansions: list[str]) -> str:
    hashed = hashlib.sha256()
    for state in decisions(players, expansions, seed=7):
        for observer in range(players):
            for value in value_of(state, observer):
                hashed.update(struct.pack("<d", value))
    return hashed.hexdigest()


LEARNED = LearnedValue(load_weights())

PINNED = {
    ("expert worths", 2):
        "dded14abdf2834322b360d9b229594c960a6ac394616cf1b4ce9d6741d5491e1",
    ("expert worths", 4):
        "b4e157d6b2a5af91313119966facfea01b28bb0d8d75ef24966c98e26eb08ee1",
    ("hard values", 2):
        "ba0398a28fa965f100272aa4b19b1adb7eed9303cb616b1c1765db1c5c2184e9",
    ("hard values", 4):
        "2f0a8b24a7bdbf0c437c8c5ea845127a6a73603bc16f89d4815b811524f52124",
}


@pytest.mark.parametrize(("bot", "players"), sorted(PINNED))
def test_the_values_are_those_the_bots_were_measured_with(bot: str, players: int) -> None:
    value_of = LEARNED.worths if bot == "expert worths" else values
    expansions = ["mammoth"] if players == 4 else []
    assert digest(value_of, players, expansions) == PINNED[bot, players]
