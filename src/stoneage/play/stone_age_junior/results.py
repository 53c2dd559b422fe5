"""The end of a game of Stone Age Junior in words: huts built per player and the winner."""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.core.contract import State
from stoneage.games.stone_age_junior.data import HUTS_TO_WIN


def result_lines(state: State, names: Sequence[str]) -> list[str]:
    """Huts built per player and the winner."""
    short = [name.replace("Player ", "P") for name in names]
    width = max(12, *(len(n) + 2 for n in short))
    breakdowns = state.score_breakdown()
    lines = [f"{'':12}" + "".join(f"{n:>{width}}" for n in short),
             f"{'huts built':12}" + "".join(f"{b['huts']:>{width}}" for b in breakdowns)]
    if not state.is_terminal():
        return [*lines, "The game is not over; these are the huts as they stand."]
    winners = [p for p, r in enumerate(state.returns()) if r > 0]
    return [*lines, f"Winner: {names[winners[0]]} with {HUTS_TO_WIN} huts!"]

