"""Find games by name. Games are imported lazily by module path, so core imports no game."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from stoneage.core.contract import Game
from stoneage.core.errors import GameOptionError, UnknownGameError

_GAMES: dict[str, str] = {
    "stone_age": "stoneage.games.stone_age.game:StoneAgeGame",
    "first_stone_age": "stoneage.games.first_stone_age.game:FirstStoneAgeGame",
    "stone_age_junior": "stoneage.games.stone_age_junior.game:StoneAgeJuniorGame",
}


def register_game(name: str, target: str) -> None:
    """Register a game class under ``name``; ``target`` is ``"module.path:ClassName"``."""
    _GAMES[name] = target


def game_names() -> list[str]:
    """The names of all registered games."""
    return sorted(_GAMES)


def load_game(name: str, **params: Any) -> Game:
    """A game by name with its parameters, e.g. ``load_game("stone_age", players=4, seed=1)``."""
    if not isinstance(name, str):
        raise UnknownGameError(f"a game name is a string such as 'stone_age', not {name!r}")
    try:
        target = _GAMES[name]
    except KeyError:
        known = ", ".join(game_names())
        raise UnknownGameError(f"unknown game {name!r}; known games: {known}") from None
    module_name, class_name = target.split(":")
    game_class = getattr(import_module(module_name), class_name)
    try:
        game: Game = game_class(**params)
    except TypeError as error:
        raise GameOptionError(f"bad parameters for {name!r}: {error}") from None
    return game
