"""stoneage: the Stone Age board-game family, exact to the rulebooks, fast and scriptable."""

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
