"""The OpenSpiel adapter: OpenSpiel's own random simulation test (with serialisation) over every
registered game, player count, expansion and variant; its MCTS and IS-MCTS bots play whole games;
and what those do not check (chance probabilities equal to ours, tensors, resampling, errors)."""

from __future__ import annotations

import contextlib
import io
import random
import re
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyspiel")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

from envs.cases import case_id, options, player_counts
from stoneage.core.contract import Game, State
from stoneage.core.errors import GameOptionError, UnknownGameError
from stoneage.core.gametype import Information
from stoneage.core.registry import game_info, game_names, load_game
from stoneage.envs import openspiel as osp

osp.register_games()  # the toy game joined the registry after the module registered the others

SIMS = {"toy_race": 20}
"""Random games per configuration in OpenSpiel's simulation test (one for the long games)."""


def inner(state: Any) -> State:
    """The package's state inside an OpenSpiel state."""
    held: State = state.state
    return held


def package_game(game: Any) -> Game:
    held: Game = game.game
    return held


def random_walk(game: Any, seed: int, steps: int | None = None) -> list[Any]:
    """The states of a random game (chance drawn from its own probabilities), first to last."""
    generator = random.Random(seed)
    state = game.new_initial_state()
    states = [state]
    while not state.is_terminal() and (steps is None or len(states) <= steps):
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            action = generator.choices(actions, weights)[0]
        else:
            action = generator.choice(state.legal_actions())
        state = state.child(action)
        states.append(state)
    return states


# --- registration ---------------------------------------------------------------------------


def test_every_registered_game_is_an_openspiel_game() -> None:
    registered = set(pyspiel.registered_names())
    assert "toy_race" in game_names()
    for name in game_names():
        info = game_info(name)
        assert osp.spiel_name(name) in registered
        game_type = pyspiel.load_game(osp.spiel_name(name)).get_type()
        assert game_type.short_name == f"python_{name}"
        assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert game_type.utility == pyspiel.GameType.Utility.CONSTANT_SUM
        assert game_type.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        expected = (pyspiel.GameType.Information.PERFECT_INFORMATION if info.information is Information.PERFECT
                    else pyspiel.GameType.Information.IMPERFECT_INFORMATION)
        assert game_type.information == expected
        assert (game_type.min_num_players, game_type.max_num_players) == (info.min_players, info.max_players)
        assert game_type.provides_observation_tensor and game_type.provides_information_state_tensor
        assert set(game_type.parameter_specification) == {param.name for param in info.params}
    assert osp.register_games() == []  # registering again adds nothing


@pytest.mark.parametrize("name", game_names())
def test_game_info_follows_the_package(name: str) -> None:
    info = game_info(name)
    game = osp.load(name, players=info.min_players)
    own = load_game(name, players=info.min_players)
    assert game.num_players() == info.min_players
    assert game.num_distinct_actions() == own.num_distinct_actions() == game.max_chance_outcomes()
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
    assert game.max_game_length() == info.max_game_length
    assert game.observation_tensor_size() == own.observation_layout().size
    assert game.information_state_tensor_size() == own.information_state_layout().size


# --- OpenSpiel's own checks ----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), player_counts(), ids=case_id)
def test_random_sim_test_with_serialisation(name: str, players: int) -> None:
    game = osp.load(name, players=players, seed=players)
    pyspiel.random_sim_test(game, num_sims=SIMS.get(name, 1), serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "params"), options(), ids=case_id)
def test_random_sim_test_with_each_option(name: str, params: dict[str, Any]) -> None:
    game = osp.load(name, players=2, **params)
    assert package_game(game).params() == load_game(name, players=2, **params).params()
    pyspiel.random_sim_test(game, num_sims=SIMS.get(name, 1), serialize=True, verbose=False)


def play_with_bots(game: Any, bots: list[Any], seed: int) -> Any:
    generator = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(generator.choice(actions, p=probabilities)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state


def evaluator(seed: int) -> Any:
    """Random rollouts cut at 10 actions (returns are 0 until the end): cheap enough for whole games."""
    return mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed), max_length=10)


def assert_finished(state: Any, game: Any) -> None:
    returns = state.returns()
    assert state.is_terminal()
    assert returns == [float(value) for value in inner(state).returns()]
    assert sum(returns) == pytest.approx(1.0) and all(0.0 <= value <= 1.0 for value in returns)
    assert len(state.history()) <= game.max_game_length()


@pytest.mark.parametrize("name", game_names())
def test_mcts_bots_play_a_whole_game(name: str) -> None:
    game = osp.load(name, players=2, seed=3)
    bots = [mcts.MCTSBot(game, 1.4, 2, evaluator(seat), random_state=np.random.RandomState(seat))
            for seat in range(2)]
    assert_finished(play_with_bots(game, bots, seed=3), game)


IMPERFECT = [name for name in game_names() if game_info(name).information is Information.IMPERFECT]
"""The games with hidden information (IS-MCTS refuses the others)."""


@pytest.mark.parametrize("name", IMPERFECT)
def test_ismcts_bots_play_a_whole_game(name: str) -> None:
    game = osp.load(name, players=2, seed=4)
    bots = [ismcts.ISMCTSBot(game, evaluator(seat), 1.4, 2, random_state=np.random.RandomState(seat))
            for seat in range(2)]
    assert_finished(play_with_bots(game, bots, seed=4), game)


# --- what OpenSpiel's checks leave open ------------------------------------------------------------


@pytest.mark.parametrize("name", game_names())
def test_chance_outcomes_are_ours_and_sum_to_one(name: str) -> None:
    game = osp.load(name, players=2)
    nodes = 0
    for state in random_walk(game, seed=5):
        if not state.is_chance_node():
            continue
        nodes += 1
        outcomes = state.chance_outcomes()
        exact = inner(state).chance_outcomes_exact()
        assert sum(Fraction(p) for _, p in exact) == 1
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert [a for a, _ in outcomes] == [a for a, _ in exact] == state.legal_actions()
        assert [p for _, p in outcomes] == pytest.approx([float(p) for _, p in exact])
        assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
    assert nodes > 0


@pytest.mark.parametrize("name", game_names())
def test_tensors_and_strings_are_the_games_own(name: str) -> None:
    game = osp.load(name, players=3 if game_info(name).max_players >= 3 else 2)
    own = package_game(game)
    observation = make_observation(game)
    info_state = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert list(observation.dict) == [slot.name for slot in own.observation_layout()]
    assert list(info_state.dict) == [slot.name for slot in own.information_state_layout()]
    for state in random_walk(game, seed=6)[::7]:
        for player in range(game.num_players()):
            mine = inner(state)
            assert state.observation_tensor(player) == pytest.approx(mine.observation_tensor(player))
            assert state.information_state_tensor(player) == pytest.approx(mine.information_state_tensor(player))
            observation.set_from(state, player)
            assert observation.tensor.dtype == np.float32
            assert list(observation.tensor) == pytest.approx(mine.observation_tensor(player))
            assert str(mine.move_number()) in state.information_state_string(player)
            assert state.observation_string(player) in state.information_state_string(player)


def test_a_serialised_state_plays_on_like_the_original() -> None:
    game = osp.load("toy_race", players=3, expansions=["ladder"])
    state = random_walk(game, seed=7, steps=8)[-1]
    text = pyspiel.serialize_game_and_state(game, state)
    game_copy, copy = pyspiel.deserialize_game_and_state(text)
    assert str(game_copy) == str(game) and "expansions=ladder" in str(game)
    assert str(copy) == str(state) and copy.history() == state.history() == inner(state).history()
    assert [(a.player, a.action) for a in copy.full_history()] == [(a.player, a.action) for a in state.full_history()]
    for action in state.legal_actions():
        assert str(copy.child(action)) == str(state.child(action))


@pytest.mark.parametrize("name", IMPERFECT)
def test_resampling_keeps_what_the_player_knows(name: str) -> None:
    game = osp.load(name, players=2)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for state in random_walk(game, seed=8)[5::9]:
        if state.is_terminal() or state.is_chance_node():
            continue
        player = state.current_player()
        twin = state.resample_from_infostate(player, sampler)
        assert twin.information_state_string(player) == state.information_state_string(player)
        assert twin.legal_actions() == state.legal_actions()
        assert twin.history() == inner(twin).history() and len(twin.history()) == len(state.history())
        assert twin.move_number() == state.move_number()


def test_the_example_in_the_docs_runs() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "research.md").read_text(encoding="utf-8")
    section = text.split("## OpenSpiel", 1)[1].split("\n## ", 1)[0]
    found = re.search(r'```sh\npython -c "\n(.*?)\n"\n```', section, re.DOTALL)
    assert found, "docs/research.md lost its OpenSpiel example"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(found.group(1), {})
    line = printed.getvalue()
    assert line.startswith("python_stone_age(expansions=mammoth,") and "actions" in line


# --- errors ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("params", [{"players": 9}, {"players": "two"}, {"colour": "red"}, {"expansions": ["moon"]},
                                    {"variants": [3]}, {"seed": -1}], ids=repr)
def test_bad_parameters_are_refused_with_our_error(params: dict[str, Any]) -> None:
    with pytest.raises(GameOptionError):
        osp.load("toy_race", **params)


def test_bad_parameters_in_a_game_string() -> None:
    with pytest.raises(GameOptionError, match="players must be 2, 3 or 4"):
        pyspiel.load_game("python_toy_race(players=9)")
    with pytest.raises(GameOptionError, match="unknown expansion"):
        pyspiel.load_game("python_toy_race(expansions=moon)")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("python_toy_race(colour=3)")
    with pytest.raises(UnknownGameError):
        osp.load("no_such_game")


def test_observers_beyond_the_games_own_are_refused() -> None:
    game = osp.load("toy_race")
    with pytest.raises(ValueError, match="parameters"):
        game.make_py_observer(None, {"detail": 1})
    with pytest.raises(ValueError, match="single-player"):
        public = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
        game.make_py_observer(public)


def test_the_process_exits_cleanly_after_every_module_is_gone() -> None:
    """OpenSpiel frees its registry after the interpreter; our creators must outlive it (a Ray
    driver in the same process once made that an abort at exit)."""
    script = textwrap.dedent("""
        import gc, sys
        import stoneage.envs.openspiel
        for name in [name for name in sys.modules if name.startswith("stoneage")]:
            sys.modules.pop(name).__dict__.clear()
        gc.collect()
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
