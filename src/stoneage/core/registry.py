"""Find games by name. Descriptions and games are imported lazily by path, so core imports no game."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from stoneage.core.contract import Game
from stoneage.core.errors import GameOptionError, UnknownGameError
from stoneage.core.gametype import GameType
from stoneage.core.i18n import _

_GAMES: dict[str, str | GameType] = {
    "stone_age": "stoneage.games.stone_age.info:GAME_TYPE",
    "first_stone_age": "stoneage.games.first_stone_age.info:GAME_TYPE",
    "stone_age_junior": "stoneage.games.stone_age_junior.info:GAME_TYPE",
}
"""Name -> the game's description, or the ``"module:attribute"`` path where it is declared."""
DEFAULT_GAME = "stone_age"
"""The game every command plays when none is named."""


def import_path(target: str) -> Any:
    """The object a ``"module.path:attribute"`` string names."""
    module_name, _colon, attribute = target.partition(":")
    return getattr(import_module(module_name), attribute)


def register_game(game_type: GameType) -> None:
    """Register a game (or replace one) by its description."""
    _GAMES[game_type.name] = game_type


def game_names() -> list[str]:
    """The names of all registered games."""
    return sorted(_GAMES)


def game_info(name: Any) -> GameType:
    """The description of a registered game, without importing its rules."""
    if not isinstance(name, str):
        raise UnknownGameError(_("a game name is a string such as 'stone_age', not {type}").format(
            type=type(name).__name__))
    try:
        entry = _GAMES[name]
    except KeyError:
        known = ", ".join(game_names())
        shown = name if len(name) <= 40 else name[:37] + "..."
        raise UnknownGameError(_("unknown game {name!r}; known games: {known}").format(name=shown, known=known)) \
            from None
    if isinstance(entry, str):
        entry = _GAMES[name] = import_path(entry)
    return entry


def load_game(name: Any, **params: Any) -> Game:
    """A game by name with its parameters, e.g. ``load_game("stone_age", players=4, seed=1)``."""
    game_class = import_path(game_info(name).game_class)
    try:
        game: Game = game_class(**params)
    except TypeError as error:  # pragma: no cover - the description lists every parameter
        raise GameOptionError(_("bad parameters for {name!r}: {error}").format(name=name, error=error)) from None
    return game
