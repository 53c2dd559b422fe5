"""Reading JSON states field by field: type and range checks whose errors name the field."""

from __future__ import annotations

import json
from typing import Any

from stoneage.core.errors import StateFormatError, shorten
from stoneage.core.files import check_depth
from stoneage.core.i18n import _
from stoneage.core.registry import game_info

MAX_ITEMS = 20_000
"""The longest list a state may hold (its history; every other list is far shorter)."""


def check_integer(value: Any, name: str, low: int, high: int | None = None) -> int:
    """``value`` if it is an integer in ``low..high``; else ``StateFormatError`` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise StateFormatError(_("{field}: expected an integer, got {value}").format(field=name, value=shorten(value)))
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise StateFormatError(_("{field}: {value} is out of range {bound}").format(
            field=name, value=shorten(value), bound=bound))
    return value


def check_choice(value: Any, name: str, names: tuple[str, ...], nullable: bool = False) -> int:
    """The index of ``value`` in ``names`` (-1 for null when ``nullable``)."""
    if value is None and nullable:
        return -1
    if not isinstance(value, str) or value not in names:
        raise StateFormatError(_("{field}: {value} is not one of {names}").format(
            field=name, value=shorten(value), names=", ".join(names)))
    return names.index(value)


class FieldReader:
    """One JSON object of a state, read with checks; ``path`` names it in errors."""

    def __init__(self, data: Any, path: str = "") -> None:
        if not isinstance(data, dict):
            raise StateFormatError(_("{field}: expected an object, got {kind}").format(
                field=path or "state", kind=type(data).__name__))
        self.data: dict[str, Any] = data
        self.path = path

    def name(self, key: str) -> str:
        """The full name of a field, e.g. ``players[1].food``."""
        return f"{self.path}.{key}" if self.path else key

    def raw(self, key: str) -> Any:
        """A field's value, unchecked (it must be present)."""
        if key not in self.data:
            raise StateFormatError(_("{field}: missing").format(field=self.name(key)))
        return self.data[key]

    def integer(self, key: str, low: int, high: int | None = None) -> int:
        """An integer in ``low..high``."""
        return check_integer(self.raw(key), self.name(key), low, high)

    def optional(self, key: str, low: int, high: int | None = None) -> int:
        """An integer in ``low..high``, or null (read as -1)."""
        value = self.raw(key)
        return -1 if value is None else check_integer(value, self.name(key), low, high)

    def integers(self, key: str, low: int, high: int, length: int | None = None) -> list[int]:
        """A list of integers in ``low..high`` (of ``length`` entries, if given)."""
        return [check_integer(v, f"{self.name(key)}[{i}]", low, high)
                for i, v in enumerate(self.items(key, length))]

    def id_set(self, key: str, low: int, high: int) -> list[int]:
        """A list of distinct ids in ``low..high``."""
        value = self.integers(key, low, high)
        seen: set[int] = set()
        for item in value:
            if item in seen:
                raise StateFormatError(_("{field}: an id appears twice ({id})").format(field=self.name(key), id=item))
            seen.add(item)
        return value

    def choice(self, key: str, names: tuple[str, ...], nullable: bool = False) -> int:
        """The index of a name in ``names`` (-1 for null when ``nullable``)."""
        return check_choice(self.raw(key), self.name(key), names, nullable)

    def choices(self, key: str, names: tuple[str, ...]) -> list[int]:
        """A list of names, as indices in ``names``."""
        return [check_choice(v, f"{self.name(key)}[{i}]", names) for i, v in enumerate(self.items(key))]

    def boolean(self, key: str) -> bool:
        """true or false."""
        value = self.raw(key)
        if not isinstance(value, bool):
            raise StateFormatError(_("{field}: expected true or false, got {value}").format(
                field=self.name(key), value=shorten(value)))
        return value

    def items(self, key: str, length: int | None = None) -> list[Any]:
        """A list (of ``length`` entries, if given), its items unchecked."""
        value = self.raw(key)
        if not isinstance(value, list):
            raise StateFormatError(_("{field}: expected a list, got {value}").format(
                field=self.name(key), value=shorten(value)))
        if len(value) > MAX_ITEMS:
            raise StateFormatError(_("{field}: {count} entries, more than the limit of {limit}").format(
                field=self.name(key), count=len(value), limit=MAX_ITEMS))
        if length is not None and len(value) != length:
            raise StateFormatError(_("{field}: expected {expected} entries, got {count}").format(
                field=self.name(key), expected=length, count=len(value)))
        return value

    def sub(self, key: str) -> FieldReader:
        """A nested object."""
        return FieldReader(self.raw(key), self.name(key))

    def at(self, key: str, index: int) -> FieldReader:
        """The object at ``index`` of a list field."""
        return FieldReader(self.items(key)[index], f"{self.name(key)}[{index}]")


def read_header(data: Any, game: str, version: int, params: dict[str, Any]) -> FieldReader:
    """The reader of a whole state, once its game, format version and parameters are checked.

    The data's nesting is bounded first (``check_depth``), so nothing after can recurse too deep;
    the parameters must equal the game's as JSON (``true`` is not the seed 1, ``2.0`` not 2 players).
    """
    check_depth(data, "state", StateFormatError)
    r = FieldReader(data)
    if r.raw("game") != game:
        raise StateFormatError(_("{field}: expected {expected}, got {value}").format(
            field="game", expected=repr(game), value=shorten(r.raw("game"))))
    if type(r.raw("format")) is not int or r.raw("format") != version:
        raise StateFormatError(_("{field}: expected {expected}, got {value}").format(
            field="format", expected=version, value=shorten(r.raw("format"))))
    if not _same_json(r.raw("params"), params):
        raise StateFormatError(_("{field}: {value} do not match the game {params}").format(
            field="params", value=shorten(r.raw("params")), params=shorten(params)))
    history = data.get("history")
    longest = game_info(game).max_game_length
    if isinstance(history, list) and len(history) > longest:
        raise StateFormatError(_("{field}: {count} actions; a {game} game has at most {most}").format(
            field="history", count=len(history), game=game, most=longest))
    return r


def _same_json(value: Any, expected: Any) -> bool:
    """Whether two values are the same JSON (types included: ``True``, ``1`` and ``1.0`` differ)."""
    try:
        return json.dumps(value, sort_keys=True) == json.dumps(expected, sort_keys=True)
    except (TypeError, ValueError):
        return False
