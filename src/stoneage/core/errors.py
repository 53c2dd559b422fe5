"""Typed errors. Every message says what was wrong and, where it helps, what would be right."""

from __future__ import annotations


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
