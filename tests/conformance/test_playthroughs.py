"""Every registered game keeps the contract along seeded random playthroughs: who acts and what is
legal agree, chance is exact, notation and JSON round-trip, clones are independent, seed plus
actions replay the game, records replay, and bad actions are refused without a trace.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from stoneage import CHANCE, TERMINAL, IllegalActionError, NotationError, load_game
from stoneage.core.contract import State
from stoneage.core.record import make_record, replay
from stoneage.core.registry import game_info

from common import replay_actions
from conformance.cases import CASES, GAMES, SEEDS, Case, Playthrough, fresh_replay, playthrough

RUNS = [pytest.param(case, seed, id=f"{case.id}-s{seed}") for case in CASES for seed in SEEDS]


def _run(case: Case, seed: int) -> Playthrough:
    return playthrough(case, seed)


def _walk(run: Playthrough) -> list[tuple[State, int | None]]:
    """Every state of the game with the action played there (``None`` at the end), on one fresh state."""
    state = run.game.new_initial_state()
    out: list[tuple[State, int | None]] = []
    for action in run.actions:
        out.append((state, action))
        state = state.clone()
        state.apply_action(action)
    out.append((state, None))
    return out


# --- the game's description -------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_a_game_describes_itself_and_loads_with_its_defaults(name: str) -> None:
    info = game_info(name)
    assert info.name == name
    assert 1 <= info.min_players <= info.default_players <= info.max_players
    json.dumps(info.to_json())
    game = load_game(name)
    assert game.name == name and game.num_players == info.default_players
    assert game.num_distinct_actions() > 0
    again = load_game(name, **json.loads(json.dumps(game.params())))
    assert again.params() == game.params()
    assert repr(game).startswith(type(game).__name__ + "(")


# --- every step ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_who_acts_what_is_legal_and_the_end_agree_at_every_step(case: Case, seed: int) -> None:
    run = _run(case, seed)
    size = run.game.num_distinct_actions()
    assert 0 < len(run.actions) <= game_info(case.name).max_game_length
    for step, (state, action) in enumerate(_walk(run)):
        player = state.current_player()
        legal = state.legal_actions()
        where = f"step {step}"
        assert state.is_terminal() == (player == TERMINAL) == (legal == []), where
        assert state.is_chance_node() == (player == CHANCE), where
        assert player in (CHANCE, TERMINAL) or 0 <= player < case.players, where
        assert legal == sorted(set(legal)), f"{where}: legal actions are sorted and distinct"
        assert all(type(a) is int and 0 <= a < size for a in legal), f"{where}: legal actions in 0..{size - 1}"
        assert state.move_number() == len(state.history()) == step, where
        if action is not None:
            assert action in legal, where
            assert state.returns() == [0.0] * case.players, f"{where}: returns are 0 before the end"
    final = run.final
    assert final.is_terminal() and final.legal_actions() == []
    returns = final.returns()
    assert len(returns) == case.players and sum(returns) == 1.0 and all(0.0 <= r <= 1.0 for r in returns)
    assert len(final.scores()) == case.players


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_chance_weights_are_positive_integers_and_exact_outcomes_sum_to_one(case: Case, seed: int) -> None:
    chance_nodes = 0
    for step, (state, _) in enumerate(_walk(_run(case, seed))):
        if not state.is_chance_node():
            assert state.chance_weights() == [] and state.chance_outcomes_exact() == [], f"step {step}"
            continue
        chance_nodes += 1
        weights = state.chance_weights()
        assert all(type(w) is int and w > 0 for _, w in weights), f"step {step}: {weights}"
        assert [a for a, _ in weights] == state.legal_actions(), f"step {step}: outcomes are the legal actions"
        exact = state.chance_outcomes_exact()
        assert sum(p for _, p in exact) == Fraction(1), f"step {step}"
        assert all(p > 0 for _, p in exact)
        assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    assert chance_nodes > 0


# --- states along the game ------------------------------------------------------------------------


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_every_legal_action_has_a_notation_that_parses_back(case: Case, seed: int) -> None:
    for state in _run(case, seed).states():
        for action in state.legal_actions():
            text = state.action_to_string(action)
            assert isinstance(text, str) and text
            assert state.string_to_action(text) == action, text


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_json_round_trip_gives_an_equal_state_that_plays_on_identically(case: Case, seed: int) -> None:
    run = _run(case, seed)
    for state in run.states():
        data = state.to_json()
        loaded = run.game.state_from_json(json.loads(json.dumps(data)))
        assert loaded.to_json() == data
        assert loaded.history() == state.history()
        for action in run.rest(state, 12):
            assert loaded.legal_actions() == state.legal_actions()
            if state.is_chance_node():  # chance from the game seed, as in the playthrough
                assert loaded.sample_chance_outcome() == state.sample_chance_outcome() == action
            state.apply_action(action)
            loaded.apply_action(action)
        assert loaded.to_json() == state.to_json()


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_acting_on_a_clone_leaves_the_original_unchanged(case: Case, seed: int) -> None:
    rng = random.Random(seed)
    for state in _run(case, seed).states():
        before, history = state.to_json(), state.history()
        twin = state.clone()
        assert twin.to_json() == before
        for _ in range(5):
            if twin.is_terminal():
                break
            twin.apply_action(rng.choice(twin.legal_actions()))
        assert state.to_json() == before and state.history() == history


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_apply_traced_reaches_the_same_state_as_apply_action(case: Case, seed: int) -> None:
    run = _run(case, seed)
    for state in run.states():
        for action in run.rest(state, 3):
            plain = state.clone()
            plain.apply_action(action)
            steps = state.apply_traced(action)
            assert state.to_json() == plain.to_json()
            for kind, seat, snapshot in steps:
                assert isinstance(kind, str) and kind and (seat == CHANCE or 0 <= seat < case.players)
                assert isinstance(snapshot, State)
                assert snapshot.step_fact(kind, seat).kind == kind


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_seed_and_actions_replay_the_game_exactly(case: Case, seed: int) -> None:
    run = _run(case, seed)
    assert fresh_replay(run).to_json() == run.final.to_json()
    # The players' decisions alone, with chance sampled from the game seed again, give the same game.
    state = case.game(seed).new_initial_state()
    for action in run.actions:
        if state.is_chance_node():
            assert state.sample_chance_outcome() == action
        state.apply_action(action)
    assert state.to_json() == run.final.to_json()


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_a_record_replays_to_the_same_state(case: Case, seed: int) -> None:
    run = _run(case, seed)
    for state in (run.final, run.states()[len(run.states()) // 2]):
        record = json.loads(json.dumps(make_record(run.game, state)))
        assert record["game"] == case.name and ("result" in record) == state.is_terminal()
        game, replayed = replay(record)
        assert game.params() == run.game.params()
        assert replayed.to_json() == state.to_json()


# --- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_text_that_names_no_action_and_a_number_outside_the_space_raise_notation_error(name: str) -> None:
    game = load_game(name)
    state = game.new_initial_state()
    for text in ("", "   ", "fly away", "roll 999", "\x00", "é"):
        with pytest.raises(NotationError):
            state.string_to_action(text)
    for action in (-1, game.num_distinct_actions(), 2**70):
        with pytest.raises(NotationError):
            state.action_to_string(action)


def _not_actions(size: int) -> list[object]:
    return ["0", "1", 0.0, 1.5, None, [0], True, False, -1, size, size + 1000, 2**70]


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_an_illegal_action_raises_and_leaves_the_state_unchanged(case: Case, seed: int) -> None:
    run = _run(case, seed)
    size = run.game.num_distinct_actions()
    rng = random.Random(seed)
    for state in run.states():
        before, moves = state.to_json(), state.move_number()
        legal = state.legal_actions()
        allowed = set(legal)
        missing = [a for a in rng.sample(range(size), min(size, 40)) if a not in allowed][:8]
        for action in _not_actions(size) + missing:
            with pytest.raises(IllegalActionError):
                state.apply_action(action)  # type: ignore[arg-type]
            assert state.legal_actions() == legal and state.move_number() == moves, f"{action!r} changed the state"
        assert state.to_json() == before, "a refused action changed the state"
        replay_actions(run.game, state.history())  # the state's history still replays


@pytest.mark.parametrize(("case", "seed"), RUNS)
def test_sampling_chance_off_a_chance_node_raises_illegal_action(case: Case, seed: int) -> None:
    for state in _run(case, seed).states():
        if state.is_chance_node():
            assert state.sample_chance_outcome(random.Random(seed)) in state.legal_actions()
            assert state.sample_chance_outcome() in state.legal_actions()
        else:
            with pytest.raises(IllegalActionError):
                state.sample_chance_outcome()
            with pytest.raises(IllegalActionError):
                state.sample_chance_outcome(random.Random(seed))
