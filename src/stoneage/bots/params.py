"""Checks of bot parameters given in a spec; errors name the parameter and the range."""

from __future__ import annotations

from typing import Any

from stoneage.bots.registry import BotSpecError
from stoneage.core.i18n import _


def require_game(bot: str, observation: dict[str, Any], games: tuple[str, ...], title: str) -> None:
    """Refuse a position of another game than the ``games`` that ``bot`` plays, telling them
    apart by the ``"game"`` name every observation carries (``title`` names them for people)."""
    other = observation.get("game")
    if other not in games:
        raise BotSpecError(_("the {bot!r} bot plays {title} only, not {other!r}").format(
            bot=bot, title=title, other=other))


def fraction(name: str, value: Any) -> float:
    """A number in 0..1."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.0 <= value <= 1.0:
        raise BotSpecError(_("{name} must be a number in 0..1, not {value!r}").format(name=name, value=value))
    return float(value)


def turns(name: str, value: Any) -> int:
    """A whole number of turns ≥ 0 (0: no limit)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BotSpecError(_("{name} must be a whole number of turns ≥ 0 (0: no limit), not {value!r}").format(
            name=name, value=value))
    return value
