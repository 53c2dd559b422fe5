"""The Gymnasium adapter: Gymnasium's own checker over every registered game and player count, and
one seat's games against the package's bots to the end."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from envs.cases import case_id, options, player_counts
from stoneage.bots import BotSpecError
from stoneage.core.errors import GameOptionError, IllegalActionError
from stoneage.core.registry import game_names
from stoneage.envs import common
from stoneage.envs.gymnasium import StoneAgeGymEnv, env_id, register_envs

# An environment made without gymnasium.make has no spec to try other render modes with.
KNOWN_WARNINGS = ("Not able to test alternative render modes",)


def checked(env: StoneAgeGymEnv) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    assert not [str(w.message) for w in caught if not any(known in str(w.message) for known in KNOWN_WARNINGS)]


@pytest.mark.parametrize(("game", "players"), player_counts(), ids=case_id)
def test_check_env_passes_for_every_game_and_player_count(game: str, players: int) -> None:
    checked(StoneAgeGymEnv(game, seat=players - 1, players=players))


@pytest.mark.parametrize(("game", "params"), options(), ids=case_id)
def test_check_env_passes_with_each_expansion_and_variant(game: str, params: dict[str, Any]) -> None:
    checked(StoneAgeGymEnv(game, players=2, **params))


@pytest.mark.parametrize("opponents", ["greedy", "mcts:iterations=10", ["random", "easy"]], ids=str)
def test_check_env_passes_against_the_packages_bots(opponents: Any) -> None:
    checked(StoneAgeGymEnv("stone_age", opponents=opponents, players=3, expansions=["mammoth"]))


def play_episode(env: StoneAgeGymEnv, seed: int) -> tuple[list[int], float]:
    """A random legal episode; the engine's history and the last reward."""
    generator = random.Random(seed)
    observation, _info = env.reset(seed=seed)
    terminated, reward = False, 0.0
    while not terminated:
        assert reward == 0.0, "rewards come only at the end"
        assert np.array_equal(observation["action_mask"].astype(bool), env.action_masks())
        action = generator.choice(np.flatnonzero(observation["action_mask"]).tolist())
        observation, reward, terminated, truncated, _info = env.step(action)
        assert not truncated
    return env.state.history(), reward


@pytest.mark.parametrize("game", game_names())
def test_an_episode_against_bots_ends_with_the_seats_reward(game: str) -> None:
    env = StoneAgeGymEnv(game, seat=1, players=2)
    history, reward = play_episode(env, seed=4)
    assert env.state.is_terminal()
    assert reward == common.final_rewards(env.state, common.WIN_LOSS)[1]
    assert play_episode(env, seed=4) == (history, reward), "the same seed replays the same episode"


def test_the_learner_only_ever_sees_its_own_turns() -> None:
    env = StoneAgeGymEnv("stone_age", seat=2, opponents="greedy", players=4)
    env.reset(seed=0)
    for _ in range(20):
        assert env.state.current_player() == 2
        env.step(env.action_space.sample())  # without a mask: a legal action


def test_an_illegal_action_is_refused_by_name_and_changes_nothing() -> None:
    env = StoneAgeGymEnv("first_stone_age", players=2)
    observation, _info = env.reset(seed=0)
    history = env.state.history()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    for action in (illegal, -1, 10**6, "hut", None):
        with pytest.raises(IllegalActionError, match="seat 0 cannot play"):
            env.step(action)
    assert env.state.history() == history


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"players": 1}, GameOptionError),
    ({"seat": 4}, GameOptionError),
    ({"seat": "0"}, GameOptionError),
    ({"opponents": ["random", "random"]}, GameOptionError),
    ({"opponents": "grandmaster"}, BotSpecError),
    ({"reward_mode": "points"}, GameOptionError),
    ({"render_mode": "rgb_array"}, GameOptionError),
])
def test_bad_arguments_are_typed_errors(kwargs: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        StoneAgeGymEnv("stone_age", **{"players": 2, **kwargs})


def test_every_game_is_registered_with_gymnasium() -> None:
    assert register_envs() == [env_id(name) for name in game_names()]
    env = gymnasium.make(env_id("toy_race"), opponents="greedy", players=3, render_mode="ansi")
    env.reset(seed=0)
    assert isinstance(env.unwrapped, StoneAgeGymEnv) and env.unwrapped.game.num_players == 3
    assert env.render() == "toy_race_v0 seat 0: scores [0, 0, 0]"
