"""The ranges of the numbers people, files and the network give: seeds, counts, seconds.

Every count has a documented range (docs/limits.md, "Numbers"), and NaN and infinity are never a
number here. The argparse types below read a command-line value and refuse one out of its range in
plain words (argparse shows a type's ``__name__`` only for an error it did not word itself, so each
type is also given a public name).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, Final

from stoneage.core.i18n import _

MAX_SEED: Final = 2**63 - 1
"""The largest seed (a signed 64-bit integer): a bot's seed ``seed * 10 + seat + 1`` and everything
derived from it stay far within the 30 digits a record's integers may have."""
MAX_GAMES: Final = 1_000_000
"""The most games one tournament, ladder, self-play run or training generation plays."""
MAX_JOBS: Final = 1024
"""The most worker processes or Ray CPUs asked for (a local run is further held to the machine's CPUs)."""
MAX_BATCH: Final = 10_000
"""The most games per task."""
MAX_GENERATIONS: Final = 1000
"""The most rounds of self-play and fitting of ``stoneage train``."""
MAX_ITERATIONS: Final = 1_000_000
"""The most search iterations per decision (a bot's ``iterations``, ``analyze --iterations``)."""
MAX_POSITIONS: Final = 100_000
"""The most positions ``stoneage bench`` times each bot on."""
MAX_SECONDS: Final = 3600.0
"""The longest a bot may be given for one decision (``seconds``, ``max_seconds``, a program's ``budget``)."""


def _named(name: str, parse: Callable[[str], Any]) -> Callable[[str], Any]:
    parse.__name__ = parse.__qualname__ = name
    return parse


def whole_number(low: int, high: int, name: str = "number") -> Callable[[str], int]:
    """An argparse type: a whole number (ASCII digits) from ``low`` to ``high``; ``name`` is what
    argparse would call it."""
    def parse(text: str) -> int:
        digits = text.strip()
        if not (digits.isascii() and digits.isdigit()):
            raise argparse.ArgumentTypeError(_below(low, high, text))
        if len(digits.lstrip("0")) > len(str(high)) or int(digits) > high:  # no int() of 5000 digits
            raise argparse.ArgumentTypeError(_("expected at most {high}, not {value!r}").format(
                high=high, value=_shown(text)))
        if int(digits) < low:
            raise argparse.ArgumentTypeError(_below(low, high, text))
        return int(digits)
    return _named(name, parse)


def _below(low: int, high: int, text: str) -> str:
    if low == 0:
        return _("expected a non-negative integer, not {value!r}").format(value=_shown(text))
    if low == 1:
        return _("expected a positive integer, not {value!r}").format(value=_shown(text))
    return _("expected a whole number from {low} to {high}, not {value!r}").format(
        low=low, high=high, value=_shown(text))


def _shown(text: str) -> str:
    """A value as a message quotes it: at most 40 characters."""
    return text if len(text) <= 40 else text[:37] + "..."


SEED: Final = whole_number(0, MAX_SEED, "seed")
"""The argparse type of every ``--seed``: 0 to ``MAX_SEED``."""
GAMES: Final = whole_number(1, MAX_GAMES, "games")
"""The argparse type of a number of games: 1 to ``MAX_GAMES``."""
JOBS: Final = whole_number(1, MAX_JOBS, "jobs")
"""The argparse type of ``--jobs``: 1 to ``MAX_JOBS``."""
BATCH: Final = whole_number(1, MAX_BATCH, "batch")
"""The argparse type of ``--batch``: 1 to ``MAX_BATCH``."""
