"""Every registered game as a PettingZoo AEC environment.

``env(game="stone_age", players=3, expansions=["mammoth"])`` makes one (``raw_env`` without
PettingZoo's order-enforcing wrapper); ``stone_age_v0.env()`` does the same for one game, for
each name in ``game_names()``. Agents are ``player_0`` .. ``player_{n-1}`` (the seats). The game
decides who moves next (turns are not a fixed cycle: a Stone Age player may place several times
in a row), so ``agent_selection`` is read from the state rather than from an ``AgentSelector``.
Chance (dice, cards, tiles) is drawn inside the environment from its seed; rewards come only at
the end (see ``common.final_rewards``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from stoneage.core.contract import Game, State
from stoneage.core.errors import GameOptionError, shorten
from stoneage.core.i18n import _
from stoneage.core.registry import DEFAULT_GAME, game_info, game_names
from stoneage.envs import common
from stoneage.envs.common import WIN_LOSS, LegalDiscrete, Observation


def _check_max_cycles(value: Any) -> int | None:
    if value is None or (type(value) is int and value > 0):
        return value
    raise GameOptionError(_("max_cycles must be a positive integer or None, not {value}").format(
        value=shorten(value)))


class StoneAgeAEC(AECEnv):  # type: ignore[misc]  # pettingzoo ships no types
    """One game of a registered game, seat by seat, with chance drawn from the env's seed.

    ``reward_mode``: ``"win_loss"`` (default) or ``"score_difference"``. ``max_cycles``: truncate
    every agent once the players have made ``max_cycles`` decisions each on average, i.e.
    ``max_cycles × players`` decisions (``None``: play to the end). Other keyword arguments are
    the game's parameters (``players``, ``seed``, ``expansions``, ``variants``, ...); ``seed``
    also seeds chance until ``reset(seed=...)`` is given one.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - the APIs' own class attribute
        "name": common.env_name(DEFAULT_GAME), "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game: str = DEFAULT_GAME, *, reward_mode: str = WIN_LOSS,
                 max_cycles: int | None = None, render_mode: str | None = None, **params: Any) -> None:
        super().__init__()
        self.game: Game = common.make_game(game, params)
        self.reward_mode = common.check_reward_mode(reward_mode)
        self.max_cycles = _check_max_cycles(max_cycles)
        if render_mode not in (None, "ansi"):
            raise GameOptionError(_("render_mode must be None or 'ansi', not {value}").format(
                value=shorten(render_mode)))
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": common.env_name(game)}
        self.num_actions = self.game.num_distinct_actions()
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        obs_space = common.observation_space(self.game)
        self.observation_spaces = {agent: obs_space for agent in self.possible_agents}
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            agent: LegalDiscrete(self.num_actions, self._mask_of(seat))
            for seat, agent in enumerate(self.possible_agents)}
        self._generator = random.Random(self.game.seed)
        self.state: State = self.game.new_initial_state()
        self._decisions = 0

    def _mask_of(self, seat: int) -> Any:
        def mask() -> NDArray[np.int8]:
            return common.legal_mask(self.state, seat, self.num_actions)
        return mask

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` restarts chance (without it chance goes on from the last game)."""
        if seed is not None:
            self._generator = random.Random(seed)
        self.state = self.game.new_initial_state()
        self._decisions = 0
        common.resolve_chance(self.state, self._generator)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._after_move()

    def observe(self, agent: str) -> Observation:
        return common.observe(self.state, self._seat[agent], self.num_actions)

    def step(self, action: Any) -> None:
        """Play ``action`` for ``agent_selection`` (``IllegalActionError`` if illegal, nothing changed)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = common.checked_action(self.state, action, agent)
        self.state.apply_action(move)
        self._decisions += 1
        common.resolve_chance(self.state, self._generator)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._after_move()
        self._accumulate_rewards()

    def _after_move(self) -> None:
        """Select the next agent; hand out the rewards and end the episode when the game is over."""
        if self.state.is_terminal():
            rewards = common.final_rewards(self.state, self.reward_mode)
            self.rewards = dict(zip(self.possible_agents, rewards, strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_cycles is not None and self._decisions >= self.max_cycles * len(self.possible_agents):
            self.truncations = dict.fromkeys(self.agents, True)
        if self.state.is_terminal():
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the public position as text (scores and who moves)."""
        if self.render_mode != "ansi":
            return None
        who = "-" if self.state.is_terminal() else self.agent_selection
        return f"{self.metadata['name']}: to move {who}, scores {self.state.scores()}"

    def close(self) -> None:
        """Nothing to release."""


def raw_env(game: str = DEFAULT_GAME, **kwargs: Any) -> StoneAgeAEC:
    """The environment without PettingZoo's wrappers."""
    return StoneAgeAEC(game, **kwargs)


def env(game: str = DEFAULT_GAME, **kwargs: Any) -> AECEnv:
    """The environment in PettingZoo's order-enforcing wrapper (errors for steps before reset)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, **kwargs))


@dataclass(frozen=True)
class GameEnvs:
    """One game's factories, as PettingZoo's per-environment modules offer them."""

    game: str

    @property
    def name(self) -> str:
        """The versioned name, e.g. ``stone_age_v0``."""
        return common.env_name(self.game)

    def env(self, **kwargs: Any) -> AECEnv:
        """The wrapped environment of this game."""
        return env(self.game, **kwargs)

    def raw_env(self, **kwargs: Any) -> StoneAgeAEC:
        """The unwrapped environment of this game."""
        return raw_env(self.game, **kwargs)


def env_names() -> list[str]:
    """The versioned environment name of every registered game."""
    return [common.env_name(name) for name in game_names()]


def game_envs(name: str) -> GameEnvs:
    """The factories of a game by its game name or its versioned environment name."""
    game = name.removesuffix(f"_v{common.ENV_VERSION}")
    game_info(game)  # UnknownGameError for a name nobody registered
    return GameEnvs(game)


def __getattr__(name: str) -> GameEnvs:
    """``stone_age_v0`` and the like, for every game registered at the time of asking."""
    if name in env_names():
        return game_envs(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
