"""Checks of bot parameters given in a spec; errors name the parameter and the range."""

from __future__ import annotations

import math
from typing import Any

from stoneage.bots.registry import BotSpecError
from stoneage.core.i18n import _
from stoneage.core.limits import MAX_SECONDS


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


MAX_TURNS = 1000
"""The most turns a memory bot's ``span`` counts (a game has far fewer)."""


def turns(name: str, value: Any) -> int:
    """A whole number of turns in 0..``MAX_TURNS`` (0: no limit)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_TURNS:
        raise BotSpecError(_("{name} must be a whole number of turns from 0 to {high} (0: no limit), "
                             "not {value!r}").format(name=name, high=MAX_TURNS, value=value))
    return value


def whole(name: str, value: Any, low: int, high: int) -> int:
    """A whole number in ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BotSpecError(_("{name} must be a whole number from {low} to {high}, not {value!r}").format(
            name=name, low=low, high=high, value=value))
    return value


def number(name: str, value: Any, low: float, high: float) -> float:
    """A finite number in ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise BotSpecError(_("{name} must be a number from {low:g} to {high:g}, not {value!r}").format(
            name=name, low=low, high=high, value=value))
    return float(value)


def seconds(name: str, value: Any, *, zero: bool = False) -> float:
    """A time per decision: above 0 (0 too with ``zero``: no time set) and at most ``MAX_SECONDS``."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        value_ok = False
    else:
        value_ok = (value >= 0 if zero else value > 0) and value <= MAX_SECONDS
    if value_ok:
        return float(value)
    if zero:
        message = _("{name} must be a number of seconds from 0 to {high:g}, not {value!r}")
    else:
        message = _("{name} must be a number of seconds above 0 and at most {high:g}, not {value!r}")
    raise BotSpecError(message.format(name=name, high=MAX_SECONDS, value=value))
