"""Stone Age Junior's lookup tables and the family's public log give what their plain definitions give.

The turn actions come from two tables by the face-up bits of each half of the forest, the figure's
move from a table of ``tile_target``, the builds worth counting from a table by the kinds of goods
card and dog a seat holds, and the log keeps each event in one tuple with the link to the one
before. Each is compared with a plain computation: over every input where there are few, over
random holdings and random games otherwise.
"""

from __future__ import annotations

import random

import pytest

from stoneage import load_game
from stoneage.games.family.state import Event
from stoneage.games.stone_age_junior import actions as A
from stoneage.games.stone_age_junior.data import (
    NUM_DOGS,
    NUM_GOODS,
    NUM_KINDS,
    NUM_POSITIONS,
    NUM_TILES,
    RING_SIZE,
    tile_target,
)
from stoneage.games.stone_age_junior.state import StoneAgeJuniorState
from stoneage.games.stone_age_junior.turn import _TARGETS, turn_options
from stoneage.games.stone_age_junior.view import (
    _BUILDS_OF_HUT_BY_HOLDING,
    _DOG_HELD,
    BUILD_NEEDS,
    BUILDS_OF_HUT,
    _packed_need,
    builds,
)


def test_turn_options_for_every_mask_of_face_up_tiles() -> None:
    for up in range(1 << NUM_POSITIONS):
        assert turn_options(up) == [A.TURN + i for i in range(NUM_POSITIONS) if not up >> i & 1]


def test_targets_are_tile_target() -> None:
    for tile in range(NUM_TILES):
        for space in range(RING_SIZE):
            assert _TARGETS[tile][space] == tile_target(tile, space)


def _payable_with(k: int, holding: int) -> bool:
    """Whether build ``k`` pays only with goods cards of kinds in ``holding`` and a dog only with its dog bit."""
    _, card_need, dogs = BUILD_NEEDS[k]
    kinds_ok = all(not card_need[c] or holding >> c & 1 for c in range(NUM_KINDS))
    return kinds_ok and (not dogs or bool(holding & _DOG_HELD))


def test_builds_by_holding_for_every_hut_and_holding() -> None:
    kept = 0
    for h, (relevant, by_holding) in enumerate(_BUILDS_OF_HUT_BY_HOLDING):
        for holding in range(2 * _DOG_HELD):
            plain = [(A.BUILD + k, _packed_need(k)) for k in BUILDS_OF_HUT[h] if _payable_with(k, holding)]
            assert list(by_holding[holding & relevant]) == plain
            kept += len(plain)
    assert kept > 1000


def _plain_builds(state: StoneAgeJuniorState, p: int) -> list[int]:
    """The build actions of the face-up huts seat ``p`` can pay, each need compared count by count."""
    cards = [0] * NUM_KINDS
    for kind in state.cards_pub[p] + state.cards_priv[p]:
        cards[kind] += 1
    out = []
    for number in state.face_up:
        for k in BUILDS_OF_HUT[number - 1] if number else ():
            tiles, card_need, dogs = BUILD_NEEDS[k]
            if (dogs <= state.dogs[p] and all(tiles[g] <= state.goods[p][g] for g in range(NUM_GOODS))
                    and all(card_need[c] <= cards[c] for c in range(NUM_KINDS))):
                out.append(A.BUILD + k)
    return sorted(out)


def test_builds_on_random_holdings() -> None:
    """Random games seldom hold many cards, so holdings are dealt by hand on random positions."""
    rng = random.Random(16)
    found = 0
    for seed in range(30):
        state = load_game("stone_age_junior", players=4, seed=seed, expansions=["cards"]).new_initial_state()
        assert isinstance(state, StoneAgeJuniorState)
        for _ in range(rng.randrange(0, 60)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        for p in range(state.num_players):
            state.goods[p] = [rng.choice((0, 0, 1, 1, 2, 3)) for _ in range(NUM_GOODS)]
            state.dogs[p] = rng.randrange(NUM_DOGS + 1)
            state.cards_pub[p] = tuple(sorted(rng.randrange(NUM_KINDS) for _ in range(rng.randrange(3))))
            state.cards_priv[p] = tuple(sorted(rng.randrange(NUM_KINDS) for _ in range(rng.randrange(3))))
            payable = builds(state, p)
            assert payable == _plain_builds(state, p)
            found += len(payable)
    assert found > 100


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"expansions": ["cards"]})])
def test_log_keeps_each_state_s_events(players: int, options: dict[str, list[str]]) -> None:
    """Events only grow at the end; a clone keeps its own after the original moves on; the log
    rebuilt from its events is the same chain."""
    rng = random.Random(players)
    for seed in range(6):
        state = load_game("stone_age_junior", players=players, seed=seed, **options).new_initial_state()
        assert isinstance(state, StoneAgeJuniorState)
        kept: list[tuple[StoneAgeJuniorState, list[Event]]] = []
        while not state.is_terminal():
            before = state.events()
            if rng.random() < 0.05:
                kept.append((state.clone(), before))
            state.apply_action(rng.choice(state.legal_actions()))
            after = state.events()
            assert after[: len(before)] == before
            assert all(event[0] == state.move_number() - 1 for event in after[len(before) :])
        for clone, events in kept:
            assert clone.events() == events
        rebuilt = state.clone()
        rebuilt._set_log(state.events())
        assert rebuilt._log == state._log
        assert len(state.events()) > 100
