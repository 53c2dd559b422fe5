"""The children's games' fast paths give what the plain definitions give.

My First Stone Age and Stone Age Junior build their chance tables directly, keep some legal lists
computed while applying an action, and My First Stone Age keeps running tallies (cards of no fixed
kind, the kinds each seat would keep, the seen cards in the circle) for its stalemate test. Along
random games (with resampled worlds, where hidden cards carry fixed kinds), every chance table must
equal the contract's default built from ``chance_weights``, every cached legal list the one computed
afresh, every tally a count made from the cards, and the stalemate test a plain reading of its
definition.
"""

from __future__ import annotations

import random

import pytest

from stoneage import State, load_game
from stoneage.core.contract import State as ContractState
from stoneage.games.first_stone_age import actions as A
from stoneage.games.first_stone_age.building import hut_actions
from stoneage.games.first_stone_age.data import CIRCLE_SIZE, NUM_HUTS, NUM_KINDS
from stoneage.games.first_stone_age.state import EMPTY, FirstStoneAgeState
from stoneage.games.first_stone_age.tallies import recount
from stoneage.games.first_stone_age.view import can_keep, count_unknown, hidden_kinds, is_stalemate

GAMES = [
    ("first_stone_age", 2, {}),
    ("first_stone_age", 4, {}),
    ("stone_age_junior", 2, {}),
    ("stone_age_junior", 4, {"expansions": ["cards"]}),
    ("stone_age_junior", 3, {"expansions": ["cards"], "variants": ["one_swap"]}),
]


def _stalemate_by_definition(state: FirstStoneAgeState) -> bool:
    """No seat can keep a seen circle card by its kind, nor an unseen one by any hidden kind."""
    wanted = {k for p in range(state.num_players) for k in range(NUM_KINDS) if can_keep(state, p, k)}
    hidden = set(hidden_kinds(state))
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


def _check_tallies(state: FirstStoneAgeState) -> None:
    """The running tallies against counts made from the cards and the seats' goods."""
    assert state.unknown == count_unknown(state)
    wants = [sum(1 << k for k in range(NUM_KINDS) if can_keep(state, p, k)) for p in range(state.num_players)]
    assert state.wants == wants
    wanted = 0
    for p_wants in wants:
        wanted |= p_wants
    assert state.wanted == wanted
    seen_kinds = [state.circle[s] for s in range(CIRCLE_SIZE) if state.seen >> s & 1 and state.circle[s] != EMPTY]
    assert state.shown == sum(seen_kinds.count(k) << (4 * k) for k in range(NUM_KINDS))


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
        _check_tallies(state)
        assert is_stalemate(state) == _stalemate_by_definition(state)
        loaded = state.game.state_from_json(state.to_json())
        assert isinstance(loaded, FirstStoneAgeState)
        _check_tallies(loaded)


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
            recount(other)  # the running tallies follow the hand-made changes
            verdict = is_stalemate(other)
            assert verdict == _stalemate_by_definition(other)
            verdicts.add(verdict)
    assert verdicts == {False, True}


def test_hut_actions_by_halves_are_the_huts_of_the_pile() -> None:
    for hut_pile in range(1 << NUM_HUTS):
        assert hut_actions(hut_pile) == [A.HUT + h for h in range(NUM_HUTS) if hut_pile >> h & 1]
