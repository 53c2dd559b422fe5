"""stoneage: the Stone Age board-game family, exact to the rulebooks, fast and scriptable.

The names below are imported when first used, so that ``python -m stoneage`` and the ``stoneage``
script start by running their own code (``stoneage.__main__``), which turns a Ctrl-C during the
imports into a clean exit, rather than by importing the engine.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from stoneage.core.contract import CHANCE, TERMINAL, Game, State
    from stoneage.core.errors import (
        GameOptionError,
        IllegalActionError,
        NotationError,
        PlayerError,
        RecordError,
        StateFormatError,
        StoneAgeError,
        UnknownGameError,
    )
    from stoneage.core.registry import game_info, game_names, load_game

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameOptionError",
    "IllegalActionError",
    "NotationError",
    "PlayerError",
    "RecordError",
    "State",
    "StateFormatError",
    "StoneAgeError",
    "UnknownGameError",
    "game_info",
    "game_names",
    "load_game",
]

_HOMES = {
    **dict.fromkeys(("CHANCE", "TERMINAL", "Game", "State"), "stoneage.core.contract"),
    **dict.fromkeys(("game_info", "game_names", "load_game"), "stoneage.core.registry"),
}
"""Where each public name lives (the errors: ``stoneage.core.errors``)."""


def __getattr__(name: str) -> object:
    """A public name, imported on first use (and kept)."""
    if name not in __all__:
        raise AttributeError(f"module 'stoneage' has no attribute {name!r}")
    value = getattr(import_module(_HOMES.get(name, "stoneage.core.errors")), name)
    globals()[name] = value
    return value
