"""Checking parsed JSON field by field for any error type: results lines, analyses, bench files.

``Shape(data, path, error, keys)`` is one JSON object; its methods return a field checked by type
and range or raise ``error`` naming the field's path (``decisions[2].seat: ...``), never the data.
Bools are not integers, numbers are finite, lists and texts are bounded. Nothing here recurses.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from stoneage.core.errors import StoneAgeError, shorten
from stoneage.core.i18n import _

MAX_LIST = 100_000
"""The longest list accepted where a caller names no length."""
MAX_TEXT = 10_000
"""The longest text accepted where a caller names no length."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return (_is_int(value) and abs(value) < 2**63) or (isinstance(value, float) and math.isfinite(value))


class Shape:
    """One JSON object whose fields are read with checks; ``path`` names it in errors."""

    def __init__(self, data: Any, path: str, error: type[StoneAgeError], keys: Iterable[str] | None = None,
                 optional: Iterable[str] = ()) -> None:
        self.path = path
        self.error = error
        if not isinstance(data, dict):
            raise error(_("{field}: expected an object").format(field=path or "data"))
        self.data: dict[Any, Any] = data
        if keys is not None:
            known = set(keys)
            for key in data:
                if key not in known and key not in optional:
                    raise error(_("{field}: not a field of this file").format(field=self.name(shorten(key, 40))))
            for key in known:
                if key not in data:
                    raise error(_("{field}: missing").format(field=self.name(key)))

    def name(self, key: str) -> str:
        """The full name of a field, e.g. ``summaries[1].seat``."""
        return f"{self.path}.{key}" if self.path else key

    def fail(self, field: str, expected: str) -> StoneAgeError:
        """The error for ``field``: expected ``expected``."""
        return self.error(_("{field}: expected {expected}").format(field=field, expected=expected))

    def raw(self, key: str, default: Any = None) -> Any:
        """A field's value, unchecked (``default`` when absent)."""
        return self.data.get(key, default)

    def integer(self, key: str, low: int, high: int | None = None) -> int:
        """An integer in ``low..high``."""
        return check_integer(self.raw(key), self.name(key), self.error, low, high)

    def number(self, key: str, low: float | None = None) -> float:
        """A finite number (of at least ``low``), as a float."""
        return check_number(self.raw(key), self.name(key), self.error, low)

    def text(self, key: str, most: int = MAX_TEXT) -> str:
        """A text of at most ``most`` characters."""
        return check_text(self.raw(key), self.name(key), self.error, most)

    def boolean(self, key: str) -> bool:
        """true or false."""
        value = self.raw(key)
        if not isinstance(value, bool):
            raise self.fail(self.name(key), _("true or false"))
        return value

    def items(self, key: str, length: int | None = None, most: int = MAX_LIST) -> list[Any]:
        """A list (of ``length`` entries, if given), its items unchecked."""
        return check_list(self.raw(key), self.name(key), self.error, length, most)

    def integers(self, key: str, low: int, high: int | None = None, length: int | None = None) -> list[int]:
        """A list of integers in ``low..high``."""
        return [check_integer(v, f"{self.name(key)}[{i}]", self.error, low, high)
                for i, v in enumerate(self.items(key, length))]

    def numbers(self, key: str, length: int | None = None, low: float | None = None) -> list[float]:
        """A list of finite numbers, as floats."""
        return [check_number(v, f"{self.name(key)}[{i}]", self.error, low)
                for i, v in enumerate(self.items(key, length))]

    def texts(self, key: str, length: int | None = None, most: int = MAX_TEXT) -> list[str]:
        """A list of texts."""
        return [check_text(v, f"{self.name(key)}[{i}]", self.error, most)
                for i, v in enumerate(self.items(key, length))]

    def objects(self, key: str, keys: Iterable[str], length: int | None = None) -> list[Shape]:
        """A list of objects, each with exactly ``keys``."""
        names = tuple(keys)
        return [Shape(v, f"{self.name(key)}[{i}]", self.error, names) for i, v in enumerate(self.items(key, length))]


def check_integer(value: Any, field: str, error: type[StoneAgeError], low: int, high: int | None = None) -> int:
    """``value`` if it is an integer (not a bool) in ``low..high``; else ``error`` naming ``field``."""
    if not _is_int(value) or value < low or (high is not None and value > high):
        expected = (_("an integer from {low} to {high}").format(low=low, high=high) if high is not None
                    else _("an integer of at least {low}").format(low=low))
        raise error(_("{field}: expected {expected}").format(field=field, expected=expected))
    return int(value)


def check_number(value: Any, field: str, error: type[StoneAgeError], low: float | None = None) -> float:
    """``value`` as a float if it is a finite number (not a bool) of at least ``low``."""
    if not _is_number(value) or (low is not None and value < low):
        expected = (_("a finite number of at least {low}").format(low=low) if low is not None
                    else _("a finite number"))
        raise error(_("{field}: expected {expected}").format(field=field, expected=expected))
    return float(value)


def check_text(value: Any, field: str, error: type[StoneAgeError], most: int = MAX_TEXT) -> str:
    """``value`` if it is a text of at most ``most`` characters."""
    if not isinstance(value, str) or len(value) > most:
        raise error(_("{field}: expected {expected}").format(
            field=field, expected=_("a text of at most {most} characters").format(most=most)))
    return value


def check_list(value: Any, field: str, error: type[StoneAgeError], length: int | None = None,
               most: int = MAX_LIST) -> list[Any]:
    """``value`` if it is a list of ``length`` entries (or at most ``most``)."""
    if not isinstance(value, list) or (length is not None and len(value) != length) or len(value) > most:
        expected = (_("a list of {count} entries").format(count=length) if length is not None
                    else _("a list of at most {most} entries").format(most=most))
        raise error(_("{field}: expected {expected}").format(field=field, expected=expected))
    return value
