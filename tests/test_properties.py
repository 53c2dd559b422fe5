"""Property tests: random legal games keep every invariant, step by step."""

from __future__ import annotations

import json
import random
from fractions import Fraction

from hypothesis import HealthCheck, given, settings, strategies as st

from stoneage import CHANCE, TERMINAL, load_game
from stoneage.core.record import make_record, replay
from stoneage.games.stone_age.actions import NUM_ACTIONS, is_chance_action
from stoneage.games.stone_age.state import StoneAgeState

from helpers import random_game
from invariants import check_invariants


def _step_checks(state: StoneAgeState, rng: random.Random) -> None:
    legal = state.legal_actions()
    assert legal == sorted(set(legal)) and legal, "legal actions are sorted, unique and non-empty"
    assert all(0 <= a < NUM_ACTIONS for a in legal)
    player = state.current_player()
    if player == CHANCE:
        exact = state.chance_outcomes_exact()
        assert sum(p for _, p in exact) == Fraction(1)
        assert all(p > 0 for _, p in exact)
        assert [a for a, _ in exact] == legal
        assert all(is_chance_action(a) for a in legal)
    else:
        assert 0 <= player < state.num_players
        assert not any(is_chance_action(a) for a in legal)
    for action in legal:
        assert state.string_to_action(state.action_to_string(action)) == action
    data = state.to_json()
    assert state.game.state_from_json(json.loads(json.dumps(data))).to_json() == data
    json.dumps(state.observation(rng.randrange(state.num_players)))
    twin = state.clone()
    twin.apply_action(rng.choice(legal))
    assert state.to_json() == data, "applying to a clone leaves the original unchanged"


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_invariant(players: int, seed: int) -> None:
    game = load_game("stone_age", players=players, seed=seed)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        check_invariants(state)
        if rng.random() < 0.25:
            _step_checks(state, rng)
        action = state.sample_chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions())
        state.apply_action(action)
    check_invariants(state)
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    assert sum(state.returns()) == 1.0
    record = json.loads(json.dumps(make_record(game, state)))
    _, replayed = replay(record)
    assert replayed.to_json() == state.to_json()
    assert replayed.scores() == state.scores()


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 2000))
def test_seed_and_actions_replay_a_game_exactly(players: int, seed: int, cut: int) -> None:
    """Seeded chance plus the players' actions reproduce the history and the final scores."""
    first = random_game(players, seed)
    again = random_game(players, seed)
    assert first.history() == again.history()
    assert first.scores() == again.scores()
    prefix = first.history()[: cut % (len(first.history()) + 1)]
    state = load_game("stone_age", players=players, seed=seed).new_initial_state()
    for action in prefix:
        state.apply_action(action)
    assert state.history() == prefix


def test_a_thousand_random_games_across_player_counts() -> None:
    finished = {2: 0, 3: 0, 4: 0}
    for i in range(1000):
        players = 2 + i % 3
        state = random_game(players, seed=10_000 + i)
        check_invariants(state)
        assert state.is_terminal()
        assert len(state.winners()) >= 1
        finished[players] += 1
    assert finished == {2: 334, 3: 333, 4: 333}
