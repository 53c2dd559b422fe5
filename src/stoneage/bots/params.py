"""Checks of bot parameters given in a spec; errors name the parameter and the range."""

from __future__ import annotations

from typing import Any

from stoneage.bots.registry import BotSpecError


def require_state(bot: str, state: Any, state_class: type, game: str) -> None:
    """Refuse a state of another game than the one ``bot`` plays."""
    if not isinstance(state, state_class):
        other = getattr(getattr(state, "game", None), "name", type(state).__name__)
        raise BotSpecError(f"the {bot!r} bot plays {game} only, not {other!r}")


def fraction(name: str, value: Any) -> float:
    """A number in 0..1."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.0 <= value <= 1.0:
        raise BotSpecError(f"{name} must be a number in 0..1, not {value!r}")
    return float(value)


def turns(name: str, value: Any) -> int:
    """A whole number of turns ≥ 0 (0: no limit)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BotSpecError(f"{name} must be a whole number of turns ≥ 0 (0: no limit), not {value!r}")
    return value
