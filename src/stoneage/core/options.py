"""Checks of the parameters every game takes: table size, seed, first seat, and option names."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from stoneage.core.errors import GameOptionError


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_table(players: Any, seed: Any, first_player: Any) -> None:
    """2–4 players, a non-negative seed, and a first player who is one of the seats."""
    if not _is_int(players) or not 2 <= players <= 4:
        raise GameOptionError(f"players must be 2, 3 or 4, not {players!r}")
    if not _is_int(seed) or seed < 0:
        raise GameOptionError(f"seed must be a non-negative integer, not {seed!r}")
    if not _is_int(first_player) or not 0 <= first_player < players:
        raise GameOptionError(f"first_player must be a seat 0..{players - 1}, not {first_player!r}")


def check_names(kind: str, given: Sequence[str], known: Iterable[str]) -> tuple[str, ...]:
    """The ``given`` expansion or variant names, sorted and without repeats, if all are ``known``."""
    if isinstance(given, str):
        raise GameOptionError(f"{kind}s must be a list of names, not a string")
    known = tuple(known)
    for name in given:
        if name not in known:
            raise GameOptionError(f"unknown {kind} {name!r} (known: {', '.join(known) or 'none'})")
    return tuple(sorted(set(given)))
