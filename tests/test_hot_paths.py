"""The engines' fast paths (issue 16) against plain from-scratch computations, at every step of
random games: legal placements offered while looking for the next placer, precomputed chance
tables and their sampling, remembered payments, the Junior's packed build check and the children's
stalemate test.
"""

from __future__ import annotations

import random
from itertools import accumulate
from typing import Any

import pytest

from stoneage import load_game
from stoneage.core import rng
from stoneage.core.contract import State
from stoneage.games.first_stone_age.data import NUM_KINDS as FIRST_KINDS
from stoneage.games.first_stone_age.state import EMPTY, PLAY, FirstStoneAgeState
from stoneage.games.first_stone_age.view import can_keep, hidden_kinds, is_stalemate
from stoneage.games.stone_age import actions as A
from stoneage.games.stone_age.data import AREA_CAPACITY, CARD_SLOT0, FIELD, HUT, NUM_LOCATIONS, RIVER, STACK0, TOOLMAKER
from stoneage.games.stone_age.layout import STRIDE, UNPLACED
from stoneage.games.stone_age.payment import (
    BUILDING_PAYMENTS,
    BUILDING_TABLE,
    CARD_PAYMENTS,
    CARD_TABLE,
    FEEDING_TABLE,
    FEEDINGS,
    affordable,
    payable,
)
from stoneage.games.stone_age.state import PLACE, StoneAgeState
from stoneage.games.stone_age_junior.actions import BUILD as JUNIOR_BUILD
from stoneage.games.stone_age_junior.data import NUM_GOODS, NUM_KINDS
from stoneage.games.stone_age_junior.state import StoneAgeJuniorState
from stoneage.games.stone_age_junior.view import BUILD_NEEDS, BUILDS_OF_HUT, builds as junior_builds

GAMES = [
    ("stone_age", {}),
    ("stone_age", {"expansions": ["mammoth"]}),
    ("stone_age", {"variants": ["hunt_repeat"]}),
    ("stone_age_junior", {}),
    ("stone_age_junior", {"expansions": ["cards"]}),
    ("first_stone_age", {}),
]


def reference_placements(state: StoneAgeState, player: int) -> list[int]:
    """Legal placements computed the plain way, location by location (the rules of §2)."""
    np = state.num_players
    board = state.board
    unplaced = state.players[player * STRIDE + UNPLACED]
    if not unplaced:
        return []
    mine = NUM_LOCATIONS + player
    out: list[int] = []
    if not board[mine] or state.game.hunt_repeat:
        out.extend(A.place(0, n) for n in range(1, min(unplaced, A.MAX_PLACE) + 1))
    for loc in range(1, RIVER + 1):
        free = AREA_CAPACITY - board[loc]
        if board[mine + loc * np] or free <= 0:
            continue
        groups = sum(1 for p in range(np) if board[NUM_LOCATIONS + loc * np + p])
        if np < 4 and board[loc] and groups >= np - 1:
            continue
        out.extend(A.place(loc, n) for n in range(1, min(unplaced, free) + 1))
    if np == 4 or sum(1 for loc in (TOOLMAKER, HUT, FIELD) if board[loc]) < 2:
        if not board[TOOLMAKER]:
            out.append(A.place(TOOLMAKER, 1))
        if not board[HUT] and unplaced >= 2:
            out.append(A.place(HUT, 2))
        if not board[FIELD]:
            out.append(A.place(FIELD, 1))
    out += [A.place(CARD_SLOT0 + s, 1) for s in range(4) if state.display[s] and not board[CARD_SLOT0 + s]]
    out += [A.place(STACK0 + s, 1) for s in range(np) if state.tops[s] >= 0 and not board[STACK0 + s]]
    return out


def reference_builds(state: StoneAgeJuniorState, p: int) -> list[int]:
    """The Junior's build actions, each need compared count by count."""
    cards = [0] * NUM_KINDS
    for kind in state.cards_pub[p] + state.cards_priv[p]:
        cards[kind] += 1
    out = []
    for number in (h for h in state.face_up if h):
        for k in BUILDS_OF_HUT[number - 1]:
            tiles, card_need, dogs = BUILD_NEEDS[k]
            if (dogs <= state.dogs[p] and all(tiles[g] <= state.goods[p][g] for g in range(NUM_GOODS))
                    and all(card_need[c] <= cards[c] for c in range(NUM_KINDS))):
                out.append(JUNIOR_BUILD + k)
    return sorted(out)


def reference_stalemate(state: FirstStoneAgeState) -> bool:
    """My First Stone Age's stalemate test: no seat can keep any kind any circle card may be."""
    hidden = 0
    for kind in hidden_kinds(state):
        hidden |= 1 << kind
    possible = 0
    for s, kind in enumerate(state.circle):
        if kind != EMPTY:
            possible |= 1 << kind if state.seen >> s & 1 else hidden
    return not any(can_keep(state, p, k) for p in range(state.num_players) for k in range(FIRST_KINDS)
                   if possible >> k & 1)


def reference_sample(state: State) -> int:
    """The draw walked through the weight list, subtracting weight by weight."""
    weights = state.chance_weights()
    pick = rng.draw(state.seed, state.move_number(), sum(w for _, w in weights))
    for action, weight in weights:
        pick -= weight
        if pick < 0:
            return action
    raise AssertionError("weights do not cover the draw")


def check_step(state: State) -> None:
    legal = state.legal_actions()
    fresh = state.clone()
    fresh._legal = None  # type: ignore[attr-defined]
    assert fresh.legal_actions() == legal
    if state.is_chance_node():
        weights = state.chance_weights()
        outcomes, cumulative = state.chance_table()
        assert list(outcomes) == [a for a, _ in weights] == legal
        assert list(cumulative) == list(accumulate(w for _, w in weights))
        assert state.sample_chance_outcome() == reference_sample(state)
        sampled = state.clone()
        sampled._legal = None  # type: ignore[attr-defined]
        sampled.sample_chance_outcome()  # may keep the outcomes as the legal actions
        assert sampled.legal_actions() == legal
        return
    if isinstance(state, StoneAgeState) and state.stage == PLACE:
        placements = [a for a in legal if a < A.RESOLVE]
        assert placements == reference_placements(state, state.cur)
    if isinstance(state, StoneAgeJuniorState) and not state.is_terminal():
        for p in range(state.num_players):
            assert junior_builds(state, p) == reference_builds(state, p)
    if isinstance(state, FirstStoneAgeState) and state.phase == PLAY:
        assert is_stalemate(state) == reference_stalemate(state)


@pytest.mark.parametrize(("name", "options"), GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_paths_match_plain_computations_in_random_games(name: str, options: dict[str, Any],
                                                               players: int) -> None:
    for seed in range(3):
        state = load_game(name, players=players, seed=seed, **options).new_initial_state()
        moves = random.Random(seed)
        while not state.is_terminal():
            check_step(state)
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome())
            else:
                state.apply_action(moves.choice(state.legal_actions()))
        check_step(state)


def test_chance_table_default_sums_weights_in_order() -> None:
    state = load_game("stone_age", players=2, seed=1, expansions=["mammoth"]).new_initial_state()
    outcomes, cumulative = State.chance_table(state)
    weights = state.chance_weights()
    assert list(outcomes) == [a for a, _ in weights]
    assert cumulative[-1] == sum(w for _, w in weights)


def test_remembered_payments_equal_the_options_filtered_by_what_is_held() -> None:
    tables = {CARD_TABLE: CARD_PAYMENTS, BUILDING_TABLE: BUILDING_PAYMENTS, FEEDING_TABLE: FEEDINGS}
    held = random.Random(16)
    for table, options_by_index in tables.items():
        for index, options in enumerate(options_by_index):
            for _ in range(60):
                wood, clay, stone, gold = (held.randrange(0, 14) for _ in range(4))
                assert payable(table, index, wood, clay, stone, gold) == affordable(options, wood, clay, stone, gold)
