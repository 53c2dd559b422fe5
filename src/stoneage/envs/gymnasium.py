"""Every registered game as a single-agent Gymnasium environment: one seat against the package's bots.

``StoneAgeGymEnv("stone_age", seat=0, opponents="greedy", players=3)``: the learner plays
``seat``; the other seats are bots made by ``stoneage.bots.make_bot`` from ``opponents`` (one
spec for all of them, or one spec per other seat in seat order). Chance and the bots are seeded
from ``reset(seed=...)``. Observations and rewards are the PettingZoo adapter's (see
``common``); ``action_masks()`` gives the mask for maskable learners.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from numpy.typing import NDArray

from stoneage.bots import make_bot
from stoneage.bots.base import Bot
from stoneage.core.contract import Game, State
from stoneage.core.errors import GameOptionError, shorten
from stoneage.core.i18n import _
from stoneage.core.registry import DEFAULT_GAME, game_names
from stoneage.envs import common
from stoneage.envs.common import WIN_LOSS, LegalDiscrete, Observation


class StoneAgeGymEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a registered game; the other seats are bots, chance is drawn from the seed.

    An episode ends when the game does (``terminated``); it is never truncated. The reward is 0
    until the end, then the seat's final reward (``reward_mode``: ``"win_loss"`` or
    ``"score_difference"``).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - the APIs' own class attribute
        "render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game: str = DEFAULT_GAME, *, seat: int = 0, opponents: str | Sequence[str] = "random",
                 reward_mode: str = WIN_LOSS, render_mode: str | None = None, **params: Any) -> None:
        self.game: Game = common.make_game(game, params)
        self.reward_mode = common.check_reward_mode(reward_mode)
        if type(seat) is not int or not 0 <= seat < self.game.num_players:
            raise GameOptionError(_("seat must be a seat 0..{last}, not {value}").format(
                last=self.game.num_players - 1, value=shorten(seat)))
        if render_mode not in (None, "ansi"):
            raise GameOptionError(_("render_mode must be None or 'ansi', not {value}").format(
                value=shorten(render_mode)))
        self.seat = seat
        self.render_mode = render_mode
        self.opponent_specs = self._opponent_specs(opponents)
        self.opponents: dict[int, Bot] = self._make_opponents(0)  # BotSpecError now, not at reset
        self.num_actions = self.game.num_distinct_actions()
        self.observation_space = common.observation_space(self.game)  # type: ignore[assignment]
        self.action_space = LegalDiscrete(self.num_actions, self.action_masks_int8, seed=self.game.seed)
        self._generator = random.Random(self.game.seed)
        self.state: State = self.game.new_initial_state()
        self.decisions = 0
        """Decisions every seat (the bots included) has taken in this episode so far."""

    def _opponent_specs(self, opponents: str | Sequence[str]) -> list[str]:
        others = self.game.num_players - 1
        specs = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(specs) != others or not all(isinstance(spec, str) for spec in specs):
            raise GameOptionError(_("opponents must be one bot spec or {count} of them, not {value}").format(
                count=others, value=shorten(opponents)))
        return specs

    def _make_opponents(self, seed: int) -> dict[int, Bot]:
        seats = [s for s in range(self.game.num_players) if s != self.seat]
        return {s: make_bot(spec, seed=seed + s, trusted=True)  # the caller's own opponents
                for s, spec in zip(seats, self.opponent_specs, strict=True)}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """A new game; ``seed`` restarts chance and the bots (without it both go on)."""
        super().reset(seed=seed)
        if seed is not None:
            self._generator = random.Random(seed)
        self.opponents = self._make_opponents(self._generator.randrange(2**31))
        self.state = self.game.new_initial_state()
        self.decisions = 0
        self._advance()
        return self._observation(), {}

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the seat, then chance and the bots until the seat moves again."""
        move = common.checked_action(self.state, action, f"seat {self.seat}")
        self.state.apply_action(move)
        self.decisions += 1
        self._advance()
        reward = 0.0
        if self.state.is_terminal():
            reward = common.final_rewards(self.state, self.reward_mode)[self.seat]
        return self._observation(), reward, self.state.is_terminal(), False, {}

    def _advance(self) -> None:
        """Chance and the bots until the seat is to move or the game is over."""
        state = self.state
        while True:
            common.resolve_chance(state, self._generator)
            player = state.current_player()
            if state.is_terminal() or player == self.seat:
                return
            state.apply_action(self.opponents[player].step(state, player))
            self.decisions += 1

    def _observation(self) -> Observation:
        return common.observe(self.state, self.seat, self.num_actions)

    def action_masks_int8(self) -> NDArray[np.int8]:
        """1 for each legal action of the seat now."""
        return common.legal_mask(self.state, self.seat, self.num_actions)

    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions as booleans (the hook maskable learners such as MaskablePPO call)."""
        return self.action_masks_int8().astype(bool)

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the scores and whether the game is over, as text."""
        if self.render_mode != "ansi":
            return None
        end = " (over)" if self.state.is_terminal() else ""
        return f"{common.env_name(self.game.name)} seat {self.seat}: scores {self.state.scores()}{end}"


def env_id(game: str) -> str:
    """The Gymnasium id of a game, e.g. ``stoneage/stone_age-v0``."""
    return f"stoneage/{game}-v{common.ENV_VERSION}"


def register_envs() -> list[str]:
    """Register every game now in the registry with Gymnasium (``gymnasium.make(env_id(game))``)."""
    ids = []
    for game in game_names():
        ids.append(env_id(game))
        if ids[-1] not in gymnasium.registry:
            gymnasium.register(id=ids[-1], entry_point=f"{__name__}:StoneAgeGymEnv", kwargs={"game": game})
    return ids
