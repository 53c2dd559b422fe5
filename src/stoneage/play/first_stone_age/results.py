"""The end of a game of My First Stone Age in words: huts and goods per player, the winner."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from stoneage.core.contract import State
from stoneage.core.i18n import _, seat_name
from stoneage.games.first_stone_age.data import HUTS_TO_WIN


def _columns(text: str) -> int:
    """How many terminal columns ``text`` takes (a Hangul letter takes two)."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def _left(text: str, width: int) -> str:
    return text + " " * max(0, width - _columns(text))


def _right(text: object, width: int) -> str:
    shown = str(text)
    return " " * max(0, width - _columns(shown)) + shown


def short_name(seat: int, name: str) -> str:
    """A seat's name in a narrow column: ``"P1"`` for an unnamed seat."""
    if name == seat_name(seat):
        return _("P{number}").format(number=seat + 1)
    return name.replace("Player ", "P")


def result_lines(state: State, names: Sequence[str]) -> list[str]:
    """Huts built and goods collected per player, and the winner (or the stalemate)."""
    short = [short_name(seat, name) for seat, name in enumerate(names)]
    width = max(12, *(_columns(n) + 2 for n in short))
    breakdowns = state.score_breakdown()
    huts, goods = _("huts built"), _("goods")
    label = max(14, _columns(huts) + 1, _columns(goods) + 1)
    header = _left("", label) + "".join(_right(n, width) for n in short)
    lines = [header,
             _left(huts, label) + "".join(_right(b["huts"], width) for b in breakdowns),
             _left(goods, label) + "".join(_right(b["goods"], width) for b in breakdowns)]
    if not state.is_terminal():
        return [*lines, _("The game is not over; these are the huts as they stand.")]
    winners = [p for p, r in enumerate(state.returns()) if r > 0]
    if not winners:
        return [*lines, _("Nobody wins: no card in the circle could ever be kept again (a stalemate).")]
    return [*lines, _("Winner: {player} with {count} huts!").format(player=names[winners[0]], count=HUTS_TO_WIN)]

