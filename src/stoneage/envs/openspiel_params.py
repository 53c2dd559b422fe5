"""A game's parameters as OpenSpiel scalars, and back (no OpenSpiel imported here).

OpenSpiel parameters are scalars (int, float, bool, string) and travel in game strings such as
``python_stone_age(players=3,expansions=mammoth,variants=hunt_repeat+open_cards)``. Integer
parameters stay integers; a list of names (expansions, variants) becomes one string with the
names joined by ``+`` (a comma would end the parameter inside a game string); free data (e.g.
``mammoth_tiles``, a file name) is a string, with ``""`` for none.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stoneage.core.errors import GameOptionError, shorten
from stoneage.core.gametype import GameType, Kind, Param
from stoneage.core.i18n import _

LIST_SEPARATOR = "+"
"""Joins the names of a list parameter in its OpenSpiel string."""

Scalar = int | float | bool | str


def spiel_default(param: Param) -> int | str:
    """A parameter's default as an OpenSpiel scalar."""
    if param.kind is Kind.INT:
        return int(param.default)
    if param.kind is Kind.NAMES:
        return LIST_SEPARATOR.join(param.default)
    return "" if param.default is None else str(param.default)


def specification(game_type: GameType) -> dict[str, int | str]:
    """Every parameter of the game with its default, as OpenSpiel's ``parameter_specification``."""
    return {param.name: spiel_default(param) for param in game_type.params}


def from_spiel(game_type: GameType, given: Mapping[str, Any]) -> dict[str, Any]:
    """OpenSpiel parameter values as the keyword arguments of ``load_game``.

    Raises ``GameOptionError`` for an unknown name or a value of the wrong kind; the game itself
    then checks the values (player count, option names) as it always does.
    """
    params = {param.name: param for param in game_type.params}
    out: dict[str, Any] = {}
    for name, value in given.items():
        param = params.get(name)
        if param is None:
            raise GameOptionError(_("{game} has no parameter {name!r} (its parameters: {known})").format(
                game=game_type.name, name=shorten(name), known=", ".join(params)))
        if param.kind is Kind.INT:
            if type(value) is not int:
                raise GameOptionError(_("{name} must be an integer, not {value}").format(
                    name=name, value=shorten(value)))
            out[name] = value
        elif not isinstance(value, str):
            raise GameOptionError(_("{name} must be a string, not {value}").format(
                name=name, value=shorten(value)))
        elif param.kind is Kind.NAMES:
            out[name] = [part.strip() for part in value.split(LIST_SEPARATOR) if part.strip()]
        elif value:
            out[name] = value
    return out


def to_spiel(game_type: GameType, params: Mapping[str, Any]) -> dict[str, Scalar]:
    """``load_game`` keyword arguments (lists for expansions and variants) as OpenSpiel values."""
    known = {param.name: param for param in game_type.params}
    out: dict[str, Scalar] = {}
    for name, value in params.items():
        param = known.get(name)
        if param is not None and param.kind is Kind.NAMES and isinstance(value, list | tuple):
            bad = [item for item in value if not isinstance(item, str) or LIST_SEPARATOR in item]
            if bad:
                raise GameOptionError(_("{kind} must be a list of names, not {type}").format(
                    kind=name, type=shorten(bad[0])))
            out[name] = LIST_SEPARATOR.join(value)
        elif param is not None and param.kind is Kind.DATA and value is None:
            out[name] = ""
        else:
            out[name] = value
    return out
