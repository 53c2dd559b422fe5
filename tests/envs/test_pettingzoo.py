"""The PettingZoo AEC adapter: PettingZoo's own conformance tests over every registered game, every
player count and each expansion and variant, plus what those tests do not check (rewards at the
end, chance from the seed, max_cycles, typed errors for bad input)."""

from __future__ import annotations

import random
import warnings
from functools import partial
from types import SimpleNamespace
from typing import Any, cast

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, parallel_seed_test, seed_test

from envs.cases import case_id, options, player_counts
from stoneage.core.contract import State
from stoneage.core.errors import GameOptionError, IllegalActionError, UnknownGameError
from stoneage.core.registry import game_names, load_game
from stoneage.envs import common, pettingzoo as pz

CYCLES = 50
"""Cycles of the api and seed tests: 50 decisions per seat (a good part of a game, the whole of a short one)."""

# Dict observations with an action mask are PettingZoo's own recommendation; its checker still warns.
KNOWN_WARNINGS = ("Observation is not a NumPy array", "Observation space for each agent probably should be")


def conformance(game: str, **params: Any) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for turns in pz.TURNS:
            api_test(pz.env(game, turns=turns, **params), num_cycles=CYCLES)
            seed_test(lambda turns=turns: pz.env(game, turns=turns, **params), num_cycles=CYCLES)
        parallel_api_test(pz.parallel_env(game, **params), num_cycles=CYCLES)
        parallel_seed_test(lambda: pz.parallel_env(game, **params), num_cycles=CYCLES)
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(KNOWN_WARNINGS)]
    assert not unexpected


@pytest.mark.parametrize(("game", "players"), player_counts(), ids=case_id)
def test_api_and_seed_tests_pass_for_every_game_and_player_count(game: str, players: int) -> None:
    conformance(game, players=players)


@pytest.mark.parametrize(("game", "players"), player_counts(), ids=case_id)
def test_max_cycles_test_passes_on_the_cycle_view(game: str, players: int) -> None:
    # PettingZoo's test wants every agent to step once per cycle and samples actions without the
    # mask: the cycle view steps everyone, and its spaces sample legal actions when unmasked.
    max_cycles_test(SimpleNamespace(env=partial(pz.env, game, players=players, turns="cycle"),
                                    parallel_env=partial(pz.parallel_env, game, players=players)))


@pytest.mark.parametrize(("game", "params"), options(), ids=case_id)
def test_api_and_seed_tests_pass_with_each_expansion_and_variant(game: str, params: dict[str, Any]) -> None:
    conformance(game, players=2, **params)


def play_out(env: Any, generator: random.Random) -> dict[str, float]:
    """Play random legal actions to the end; the rewards each agent was handed by ``last()``."""
    totals: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            env.step(None)
            continue
        assert reward == 0.0, "rewards come only at the end"
        env.step(generator.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return totals


@pytest.mark.parametrize("game", game_names())
def test_a_whole_game_ends_with_the_documented_rewards(game: str) -> None:
    env = pz.raw_env(game, players=2)
    env.reset(seed=3)
    totals = play_out(env, random.Random(3))
    assert env.state.is_terminal() and env.agents == []
    expected = common.final_rewards(env.state, common.WIN_LOSS)
    assert [totals[agent] for agent in env.possible_agents] == expected
    assert sorted(expected) in ([-1.0, 1.0], [0.0, 0.0])


def test_score_difference_rewards_are_each_seat_against_the_best_other() -> None:
    env = pz.raw_env("toy_race", players=3, reward_mode="score_difference")
    env.reset(seed=5)
    totals = play_out(env, random.Random(5))
    scores = env.state.scores()
    assert [totals[agent] for agent in env.possible_agents] == [
        scores[seat] - max(s for other, s in enumerate(scores) if other != seat) for seat in range(3)]


def ended(returns: list[float], scores: list[int]) -> State:
    return cast(State, SimpleNamespace(returns=lambda: returns, scores=lambda: scores))


def test_win_loss_gives_a_sole_winner_one_shared_winners_zero_and_losers_minus_one() -> None:
    assert common.final_rewards(ended([0.0, 1.0, 0.0], [3, 9, 9]), "win_loss") == [-1.0, 1.0, -1.0]
    assert common.final_rewards(ended([0.5, 0.5, 0.0], [9, 9, 2]), "win_loss") == [0.0, 0.0, -1.0]
    assert common.final_rewards(ended([0.5, 0.5, 0.0], [9, 9, 2]), "score_difference") == [0.0, 0.0, -7.0]


def test_observations_are_the_games_tensor_and_the_mask_its_legal_actions() -> None:
    env = pz.raw_env("stone_age", players=3, expansions=["mammoth"])
    env.reset(seed=1)
    layout = env.game.observation_layout()
    for _ in range(30):
        agent = env.agent_selection
        seat = int(agent.split("_")[1])
        assert seat == env.state.current_player()
        for other in env.possible_agents:
            observation = env.observe(other)
            assert observation["observation"].shape == (layout.size,)
            assert observation["observation"].tolist() == pytest.approx(
                env.state.observation_tensor(int(other.split("_")[1])), abs=1e-6)
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            assert legal == (env.state.legal_actions() if other == agent else [])
        env.step(env.action_space(agent).sample())  # without a mask: a legal action of this agent


def test_the_seed_of_reset_decides_chance() -> None:
    def deals(seed: int) -> list[int]:
        env = pz.raw_env("toy_race", players=4)
        env.reset(seed=seed)
        return env.state.history()

    assert deals(7) == deals(7)
    assert len({tuple(deals(seed)) for seed in range(6)}) > 1
    default = pz.raw_env("toy_race", players=4, seed=7)
    default.reset()
    assert default.state.history() == deals(7), "without reset(seed=...) the game's seed seeds chance"


def test_an_illegal_action_is_refused_by_name_and_changes_nothing() -> None:
    env = pz.env("stone_age", players=2)
    env.reset(seed=0)
    raw = env.unwrapped
    history, agent = raw.state.history(), env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    for action in (illegal, -1, 10**6, "farm", None, 1.5):
        with pytest.raises(IllegalActionError, match="player_0 cannot play"):
            env.step(action)
    assert raw.state.history() == history and env.agent_selection == agent


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"players": 9}, GameOptionError),
    ({"expansions": ["dragons"]}, GameOptionError),
    ({"colour": "red"}, GameOptionError),
    ({"reward_mode": "elo"}, GameOptionError),
    ({"max_cycles": 0}, GameOptionError),
    ({"render_mode": "human"}, GameOptionError),
    ({"turns": "clockwise"}, GameOptionError),
    ({"game": "chess"}, UnknownGameError),
])
def test_bad_arguments_are_typed_errors(kwargs: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        pz.env(**kwargs)


def test_max_cycles_truncates_every_agent_after_that_many_decisions_each() -> None:
    env = pz.env("first_stone_age", players=3, max_cycles=2)
    env.reset(seed=2)
    decisions, dead = 0, []
    for agent in env.agent_iter():
        _observation, _reward, terminated, truncated, _info = env.last()
        if truncated:
            dead.append(agent)
            env.step(None)
            continue
        assert not terminated
        decisions += 1
        env.step(env.action_space(agent).sample())
    assert decisions == 6 and sorted(dead) == env.possible_agents


def test_a_cycle_is_one_decision_with_every_other_agent_passing() -> None:
    env = pz.raw_env("stone_age", players=3, turns="cycle")
    env.reset(seed=4)
    for _cycle in range(5):
        mover, decisions = env.state.current_player(), len(env.state.history())
        for seat, agent in enumerate(env.possible_agents):
            assert env.agent_selection == agent
            mask = env.observe(agent)["action_mask"]
            if seat == mover:
                assert mask[env.pass_action] == 0
                assert np.flatnonzero(mask).tolist() == env.state.legal_actions()
                with pytest.raises(IllegalActionError):
                    env.step(env.pass_action)
            else:
                assert np.flatnonzero(mask).tolist() == [env.pass_action]
                with pytest.raises(IllegalActionError, match=f"{agent} must pass"):
                    env.step(0)
            env.step(env.action_space(agent).sample())
        assert len(env.state.history()) > decisions


def test_each_game_has_a_versioned_name_and_factories() -> None:
    assert pz.env_names() == [f"{name}_v0" for name in game_names()]
    for name in game_names():
        factories = getattr(pz, f"{name}_v0")
        made = factories.env(players=2)
        assert made.metadata["name"] == f"{name}_v0" == factories.name
        assert made.unwrapped.game.params() == load_game(name, players=2).params()
        assert factories.parallel_env(players=3).possible_agents == ["player_0", "player_1", "player_2"]
    with pytest.raises(AttributeError):
        pz.chess_v0  # noqa: B018


def test_render_describes_the_position_as_text() -> None:
    env = pz.raw_env("toy_race", render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == f"toy_race_v0: to move {env.agent_selection}, scores [0, 0]"
