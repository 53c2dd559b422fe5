"""What a game says about itself (OpenSpiel's ``GameType`` and ``GameInfo`` in one).

A game declares one ``GameType`` in a light module of its package (no rules imported), and the
registry finds it by import path. Faces read it to offer the right choices (players, expansions,
variants and their docs) and to find the game's kits; the ``Game`` base reads it to validate
parameters, fill in defaults, and build ``params()`` and ``repr``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from stoneage.core.errors import GameOptionError, shorten
from stoneage.core.files import check_depth
from stoneage.core.i18n import _
from stoneage.core.limits import MAX_SEED

JSON = dict[str, Any]


class Chance(StrEnum):
    """How chance enters the game."""

    DETERMINISTIC = "deterministic"
    EXPLICIT = "explicit_stochastic"
    """Chance nodes with exact outcome weights (dice sums, card and tile reveals)."""


class Information(StrEnum):
    """What the players can see."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


class Kind(StrEnum):
    """The kind of a parameter's value, which says how it is checked."""

    INT = "int"
    NAMES = "names"
    """A list of option names, each one of the game's expansions or variants."""
    DATA = "data"
    """Free data (a file name or inline JSON) the game checks itself."""


@dataclass(frozen=True)
class Option:
    """An expansion or a variant (house rule) and what it does."""

    name: str
    doc: str


@dataclass(frozen=True)
class Param:
    """One parameter of a game: name, kind, default and a one-line doc."""

    name: str
    kind: Kind
    default: Any
    doc: str


PLAYERS = "players"
SEED = "seed"
FIRST_PLAYER = "first_player"
EXPANSIONS = "expansions"
VARIANTS = "variants"


@dataclass(frozen=True)
class GameType:
    """A game's self-description.

    ``game_class`` and each entry of ``kits`` are ``"module.path:attribute"`` strings, imported only
    when asked for, so reading a description imports no rules and no face.
    """

    name: str
    display_name: str
    summary: str
    game_class: str
    chance: Chance
    information: Information
    max_game_length: int
    """The most actions (chance included) a game may take; longer histories are rejected."""
    format_version: int
    """Version of the game's JSON state format."""
    min_players: int = 2
    max_players: int = 4
    default_players: int = 4
    expansions: tuple[Option, ...] = ()
    variants: tuple[Option, ...] = ()
    extra_params: tuple[Param, ...] = ()
    """Parameters beyond the common ones (players, seed, first player, expansions, variants)."""
    kits: Mapping[str, str] = field(default_factory=dict)
    """Per face, where that face's kit for this game lives: an import path for ``"play"`` and
    ``"tui"``; for ``"web"``, the name of the browser board (``web/static/boards/<name>.js``)."""

    @property
    def params(self) -> tuple[Param, ...]:
        """Every parameter, the common ones first (their docs in the current language)."""
        return (
            Param(PLAYERS, Kind.INT, self.default_players,
                  _("number of players, {low} to {high}").format(low=self.min_players, high=self.max_players)),
            Param(SEED, Kind.INT, 0, _("seed of chance (dice, cards, tiles) in ordinary play")),
            Param(FIRST_PLAYER, Kind.INT, 0, _("the seat that starts (the rulebook's youngest player)")),
            Param(EXPANSIONS, Kind.NAMES, (), _("expansions to play with: {names}").format(
                names=_names(self.expansions))),
            Param(VARIANTS, Kind.NAMES, (), _("house rules to switch on: {names}").format(
                names=_names(self.variants))),
            *self.extra_params,
        )

    def option_names(self, kind: str) -> tuple[str, ...]:
        """The names of the game's expansions (``kind="expansions"``) or variants."""
        options = self.expansions if kind == EXPANSIONS else self.variants
        return tuple(option.name for option in options)

    def defaults(self) -> JSON:
        """Every parameter with its default value."""
        return {param.name: param.default for param in self.params}

    def resolve(self, given: Mapping[str, Any]) -> JSON:
        """``given`` checked and completed with defaults; ``GameOptionError`` names what is wrong."""
        check_depth(dict(given), _("the game parameters"), GameOptionError)  # nothing below can recurse too deep
        known = {param.name: param for param in self.params}
        for name in given:
            if name not in known:
                raise GameOptionError(_("{game} has no parameter {name!r} (its parameters: {known})").format(
                    game=self.name, name=name if len(str(name)) <= 60 else str(name)[:57] + "...",
                    known=", ".join(known)))
        values = self.defaults()
        values.update(given)
        players = values[PLAYERS]
        if not _is_int(players) or not self.min_players <= players <= self.max_players:
            raise GameOptionError(_("players must be {allowed}, not {value}").format(
                allowed=_range(self.min_players, self.max_players), value=shorten(players)))
        if not _is_int(values[SEED]) or values[SEED] < 0:
            raise GameOptionError(_("seed must be a non-negative integer, not {value}").format(
                value=shorten(values[SEED])))
        if values[SEED] > MAX_SEED:  # records hold it, and the bots' seeds derived from it
            raise GameOptionError(_("seed must be at most {high}, not {value}").format(
                high=MAX_SEED, value=shorten(values[SEED])))
        first = values[FIRST_PLAYER]
        if not _is_int(first) or not 0 <= first < players:
            raise GameOptionError(_("first_player must be a seat 0..{last}, not {value}").format(
                last=players - 1, value=shorten(first)))
        for name in (EXPANSIONS, VARIANTS):
            values[name] = self._check_names(name, values[name])
        for param in self.extra_params:
            if param.kind is Kind.INT and not _is_int(values[param.name]):
                raise GameOptionError(_("{name} must be an integer, not {value}").format(
                    name=param.name, value=shorten(values[param.name])))
        return values

    def _check_names(self, kind: str, given: Any) -> tuple[str, ...]:
        known = self.option_names(kind)
        if not isinstance(given, list | tuple):
            raise GameOptionError(_("{kind} must be a list of names, not {type}").format(
                kind=kind, type=type(given).__name__))
        for name in given:
            if name not in known:
                if kind == EXPANSIONS:
                    message = _("unknown expansion {name} for {game} (known: {known})")
                else:
                    message = _("unknown variant {name} for {game} (known: {known})")
                raise GameOptionError(message.format(name=shorten(name), game=self.name,
                                                     known=", ".join(known) or _("none")))
        return tuple(sorted(set(given)))

    def to_json(self) -> JSON:
        """The description as JSON, for a lobby or an adapter."""
        return {
            "name": self.name,
            "display_name": self.display_name,
            "summary": self.summary,
            "players": {"min": self.min_players, "max": self.max_players, "default": self.default_players},
            "chance": self.chance.value,
            "information": self.information.value,
            "max_game_length": self.max_game_length,
            "format_version": self.format_version,
            "parameters": [
                {"name": p.name, "kind": p.kind.value, "default": _jsonable(p.default), "doc": p.doc}
                for p in self.params
            ],
            "expansions": [{"name": o.name, "doc": o.doc} for o in self.expansions],
            "variants": [{"name": o.name, "doc": o.doc} for o in self.variants],
        }


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _names(options: tuple[Option, ...]) -> str:
    return ", ".join(option.name for option in options) or _("none")


def _range(low: int, high: int) -> str:
    values = [str(n) for n in range(low, high + 1)]
    if len(values) == 1:
        return values[0]
    return _("{values} or {last}").format(values=", ".join(values[:-1]), last=values[-1])


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
