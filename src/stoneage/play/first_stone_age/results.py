"""The end of a game of My First Stone Age in words: huts and goods per player, the winner."""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.core.contract import State
from stoneage.core.i18n import _, seat_name
from stoneage.core.text import cells, ljust, rjust
from stoneage.games.first_stone_age.data import HUTS_TO_WIN


def short_name(seat: int, name: str) -> str:
    """A seat's name in a narrow column: ``"P1"`` for an unnamed seat."""
    if name == seat_name(seat):
        return _("P{number}").format(number=seat + 1)
    return name.replace("Player ", "P")


def result_lines(state: State, names: Sequence[str]) -> list[str]:
    """Huts built and goods collected per player, and the winner (or the stalemate)."""
    short = [short_name(seat, name) for seat, name in enumerate(names)]
    width = max(12, *(cells(n) + 2 for n in short))
    breakdowns = state.score_breakdown()
    huts, goods = _("huts built"), _("goods")
    label = max(14, cells(huts) + 1, cells(goods) + 1)
    header = ljust("", label) + "".join(rjust(n, width) for n in short)
    lines = [header,
             ljust(huts, label) + "".join(rjust(str(b["huts"]), width) for b in breakdowns),
             ljust(goods, label) + "".join(rjust(str(b["goods"]), width) for b in breakdowns)]
    if not state.is_terminal():
        return [*lines, _("The game is not over; these are the huts as they stand.")]
    winners = [p for p, r in enumerate(state.returns()) if r > 0]
    if not winners:
        return [*lines, _("Nobody wins: no card in the circle could ever be kept again (a stalemate).")]
    return [*lines, _("Winner: {player} with {count} huts!").format(player=names[winners[0]], count=HUTS_TO_WIN)]

