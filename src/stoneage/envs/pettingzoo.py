"""Every registered game as a PettingZoo AEC environment.

``env(game="stone_age", players=3, expansions=["mammoth"])`` makes one (``raw_env`` without
PettingZoo's order-enforcing wrapper); ``stone_age_v0.env()`` does the same for one game, for
each name in ``game_names()``. ``turns="cycle"`` gives the cycle view (``cycle.CycleAEC``: every
agent steps once per cycle), and ``parallel_env`` its Parallel API twin.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.conversions import aec_to_parallel  # type: ignore[import-untyped]

from stoneage.core.errors import GameOptionError, shorten
from stoneage.core.i18n import _
from stoneage.core.registry import DEFAULT_GAME, game_info, game_names
from stoneage.envs import common
from stoneage.envs.aec import StoneAgeAEC
from stoneage.envs.cycle import CycleAEC

TURNS = ("game", "cycle")
"""``turns``: the game's own turn order (default) or the cycle view."""


def raw_env(game: str = DEFAULT_GAME, *, turns: str = "game", **kwargs: Any) -> StoneAgeAEC:
    """The environment without PettingZoo's wrappers (``turns="cycle"``: the cycle view)."""
    if turns not in TURNS:
        raise GameOptionError(_("turns must be one of {known}, not {value}").format(
            known=", ".join(TURNS), value=shorten(turns)))
    return (CycleAEC if turns == "cycle" else StoneAgeAEC)(game, **kwargs)


def env(game: str = DEFAULT_GAME, **kwargs: Any) -> AECEnv:
    """The environment in PettingZoo's order-enforcing wrapper (errors for steps before reset)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, **kwargs))


def parallel_env(game: str = DEFAULT_GAME, **kwargs: Any) -> ParallelEnv:
    """The cycle view through PettingZoo's Parallel API: one ``step`` is one cycle (one decision);
    the agent whose decision it is gets its action applied, the others send ``PASS``."""
    return aec_to_parallel(env(game, turns="cycle", **kwargs))


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

    def parallel_env(self, **kwargs: Any) -> ParallelEnv:
        """The Parallel API environment of this game (the cycle view)."""
        return parallel_env(self.game, **kwargs)


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
