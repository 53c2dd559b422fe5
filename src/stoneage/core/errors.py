"""Typed errors. Every message says what was wrong and, where it helps, what would be right."""

from __future__ import annotations

from typing import Any


def shorten(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, so a message names the problem, not the data."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return "a huge integer"
    if isinstance(value, list | tuple | dict | str) and len(value) > limit:
        value = value[:limit] if not isinstance(value, dict) else dict(list(value.items())[:8])
    try:
        text = repr(value)
    except RecursionError:  # data nested past the interpreter's limit: say so, not the data
        return "a deeply nested value"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class StoneAgeError(Exception):
    """Base of every error this package raises on bad input."""


class IllegalActionError(StoneAgeError):
    """An action that is not legal in the current state (the state is left unchanged)."""


class NotationError(StoneAgeError):
    """A text that is not the notation of any action."""


class StateFormatError(StoneAgeError):
    """A malformed or inconsistent JSON state."""


class RecordError(StoneAgeError):
    """A malformed game record, or one whose actions do not replay."""


class PlayerError(StoneAgeError, ValueError):
    """A seat number that the game does not have."""


class UnknownGameError(StoneAgeError):
    """A game name that the registry does not know."""


class GameOptionError(StoneAgeError):
    """A bad game parameter: player count, seed or option."""


class FactFormatError(StoneAgeError, ValueError):
    """A malformed fact in JSON (``core.facts.Fact.from_json``)."""
