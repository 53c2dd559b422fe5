"""The children's games' fast paths give what the plain definitions give.

My First Stone Age and Stone Age Junior build their chance tables directly, keep some legal lists
computed while applying an action, and test a stalemate by the seen slots only. Along random games
(with resampled worlds, where hidden cards carry fixed kinds), every chance table must equal the
contract's default built from ``chance_weights``, every cached legal list the one computed afresh,
and My First Stone Age's stalemate test a plain reading of its definition.
"""

from __future__ import annotations

import random

import pytest

from stoneage import State, load_game
from stoneage.core.contract import State as ContractState
from stoneage.games.first_stone_age.data import CIRCLE_SIZE, NUM_KINDS
from stoneage.games.first_stone_age.state import EMPTY, FirstStoneAgeState

GAMES = [
    ("first_stone_age", 2, {}),
    ("first_stone_age", 4, {}),
    ("stone_age_junior", 2, {}),
    ("stone_age_junior", 4, {"expansions": ["cards"]}),
    ("stone_age_junior", 3, {"expansions": ["cards"], "variants": ["one_swap"]}),
]


def _stalemate_by_definition(state: FirstStoneAgeState) -> bool:
    """No seat can keep a seen circle card by its kind, nor an unseen one by any hidden kind."""
    wanted = {k for p in range(state.num_players) for k in range(NUM_KINDS) if state.can_keep(p, k)}
    hidden = set(state.hidden_kinds())
    for s in range(CIRCLE_SIZE):
        kind = state.circle[s]
        if kind == EMPTY:
            continue
        if state.seen >> s & 1:
            if kind in wanted:
                return False
        elif hidden & wanted:
            return False
    return True


def _check(state: State) -> None:
    """The node's chance table and legal list against their plain definitions."""
    fresh = state.clone()
    fresh._legal = None  # type: ignore[attr-defined]
    if state.is_chance_node():
        outcomes, totals = state.chance_table()
        plain_outcomes, plain_totals = ContractState.chance_table(state)
        assert list(outcomes) == plain_outcomes
        assert list(totals) == plain_totals
    assert state.legal_actions() == fresh._compute_legal()  # type: ignore[attr-defined]
    if isinstance(state, FirstStoneAgeState):
        assert state.is_stalemate() == _stalemate_by_definition(state)


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_fast_paths_match_the_definitions(name: str, players: int, options: dict[str, list[str]]) -> None:
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = load_game(name, players=players, seed=seed, **options).new_initial_state()
        while not state.is_terminal():
            _check(state)
            checked += 1
            if not state.is_chance_node() and rng.random() < 0.1:
                world = state.resample_from_infostate(state.current_player(), rng)
                _check(world)
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 500


def test_stalemate_on_perturbed_positions() -> None:
    """Random games reach a stalemate rarely, so positions are varied by hand: huts dealt or not,
    known cards seen or not, cards taken out of the circle. The test and its definition agree."""
    rng = random.Random(16)
    verdicts = set()
    for seed in range(40):
        state = load_game("first_stone_age", players=rng.choice((2, 3, 4)), seed=seed).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance_outcome(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            if state.phase != 1 or rng.random() < 0.5:  # play positions only
                continue
            other = state.resample_from_infostate(0, rng) if rng.random() < 0.5 else state.clone()
            assert isinstance(other, FirstStoneAgeState)
            for p in range(other.num_players):
                if rng.random() < 0.3:
                    other.huts[p] = rng.choice((0, rng.randrange(1, 16)))
            for s in range(CIRCLE_SIZE):
                r = rng.random()
                if r < 0.15:
                    other.circle[s] = EMPTY
                    other.seen &= ~(1 << s)
                elif r < 0.5 and other.circle[s] >= 0:
                    other.seen ^= 1 << s
            verdict = other.is_stalemate()
            assert verdict == _stalemate_by_definition(other)
            verdicts.add(verdict)
    assert verdicts == {False, True}
