"""Notation helpers the children's games share: naming an action, splitting and reading a text."""

from __future__ import annotations

from collections.abc import Callable

from stoneage.core.errors import NotationError, shorten
from stoneage.core.i18n import _


class Notation:
    """A game's notation: a fixed table of action names and the parser that reads them back."""

    def __init__(self, names: tuple[str, ...], parse: Callable[[str], int]) -> None:
        if len(set(names)) != len(names):
            raise AssertionError("two actions share a notation")  # pragma: no cover
        self.names = names
        self.parse = parse
        """The action a text names; raises ``NotationError``."""

    def name(self, action: object) -> str:
        """The notation of ``action``; ``NotationError`` for anything but an int of the space."""
        size = len(self.names)
        if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < size:
            raise NotationError(f"action {shorten(action)} is outside the action space 0..{size - 1}")
        return self.names[action]


def split_words(text: object, dash_is_underscore: bool = False) -> list[str]:
    """The lower-case words of an action text; ``NotationError`` for a non-string or an empty text."""
    if not isinstance(text, str):
        raise NotationError(f"an action text is a string, not {type(text).__name__}")
    lowered = text.lower()
    if dash_is_underscore:
        lowered = lowered.replace("-", "_")
    words = lowered.split()
    if not words:
        raise NotationError(_("empty action text"))
    return words


def number(word: str, text: str, low: int, high: int, what: str) -> int:
    """The number ``word`` spells, in ``low..high``; ``NotationError`` naming ``what`` otherwise
    (``what`` is marked with ``N_`` by the caller and translated here)."""
    what = _(what)
    if not (word.isascii() and word.isdigit()):
        raise NotationError(_("{text}: expected a number, got {word}").format(text=shorten(text), word=shorten(word)))
    if len(word) > len(str(high)) + 2:  # bound the digits before int()
        raise NotationError(_("{text}: {what} is {low}..{high}, not a number of {digits} digits").format(
            text=shorten(text), what=what, low=low, high=high, digits=len(word)))
    value = int(word)
    if not low <= value <= high:
        raise NotationError(_("{text}: {what} is {low}..{high}, not {value}").format(
            text=shorten(text), what=what, low=low, high=high, value=value))
    return value
