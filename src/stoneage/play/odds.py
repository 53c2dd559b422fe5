"""The odds of a seat's chance events ahead, in words (Stone Age's: every gathering roll).

Game-neutral: each game's play kit may bring an ``odds(observation, seat) -> lines``; a game
without one offers no odds (faces then show no Odds button).
"""

from __future__ import annotations

from collections.abc import Callable

from stoneage.core.contract import JSON

Odds = Callable[[JSON, int], list[str]]
"""(a seat's own observation, the seat) -> the odds in words."""


def has_odds(kit: object) -> bool:
    """Whether the kit's game offers odds."""
    return getattr(kit, "odds", None) is not None


def odds_for(kit: object, observation: JSON, seat: int) -> list[str] | None:
    """The kit's odds for ``seat`` from its own observation (``None``: the game offers no odds)."""
    odds: Odds | None = getattr(kit, "odds", None)
    return odds(observation, seat) if odds is not None else None
