"""A registered game as a PettingZoo AEC environment, seat by seat as the game decides.

Agents are ``player_0`` .. ``player_{n-1}`` (the seats). The game decides who moves next (turns
are not a fixed cycle: a Stone Age player may place several times in a row), so
``agent_selection`` is read from the state rather than from PettingZoo's ``AgentSelector``.
Chance (dice, cards, tiles) is drawn inside the environment from its seed; rewards come only at
the end (see ``common.final_rewards``).
"""

from __future__ import annotations

import random
from functools import partial
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from stoneage.core.contract import Game, State
from stoneage.core.errors import GameOptionError, shorten
from stoneage.core.i18n import _
from stoneage.core.registry import DEFAULT_GAME
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
        """The game's flat action space."""
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.num_players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self.num_actions + self.extra_actions
        obs_space = common.observation_space(self.game, size)
        self.observation_spaces = {agent: obs_space for agent in self.possible_agents}
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            agent: LegalDiscrete(size, partial(self.mask, seat), seed=self.game.seed + seat)
            for seat, agent in enumerate(self.possible_agents)}
        self._generator = random.Random(self.game.seed)
        self.state: State = self.game.new_initial_state()
        self.decisions = 0
        """Decisions the seats have taken in this game so far."""

    extra_actions = 0
    """Actions beyond the game's own (the cycle view's pass)."""

    def mask(self, seat: int) -> NDArray[np.int8]:
        """1 for each action ``seat`` may take now."""
        return common.legal_mask(self.state, seat, self.num_actions)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` restarts chance (without it chance goes on from the last game)."""
        if seed is not None:
            self._generator = random.Random(seed)
        self.state = self.game.new_initial_state()
        self.decisions = 0
        common.resolve_chance(self.state, self._generator)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._after_move()

    def observe(self, agent: str) -> Observation:
        seat = self._seat[agent]
        return {"observation": common.tensor(self.state, seat), "action_mask": self.mask(seat)}

    def step(self, action: Any) -> None:
        """Play ``action`` for ``agent_selection`` (``IllegalActionError`` if illegal, nothing changed)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = common.checked_action(self.state, action, agent)
        self.state.apply_action(move)
        self.decisions += 1
        common.resolve_chance(self.state, self._generator)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._after_move()
        self._accumulate_rewards()

    def _end_episode(self, decisions_allowed: int | None) -> bool:
        """At the game's end hand out the rewards and terminate, or truncate once ``decisions_allowed``
        decisions were made; whether the episode ended."""
        if self.state.is_terminal():
            rewards = common.final_rewards(self.state, self.reward_mode)
            self.rewards = dict(zip(self.possible_agents, rewards, strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            return True
        if decisions_allowed is not None and self.decisions >= decisions_allowed:
            self.truncations = dict.fromkeys(self.agents, True)
            return True
        return False

    def _after_move(self) -> None:
        """Select the next agent; hand out the rewards and end the episode when the game is over."""
        self._end_episode(None if self.max_cycles is None else self.max_cycles * len(self.possible_agents))
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
