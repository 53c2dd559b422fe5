"""The end of a game of My First Stone Age in words: huts and goods per player, the winner."""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.core.contract import State
from stoneage.games.first_stone_age.data import HUTS_TO_WIN


def result_lines(state: State, names: Sequence[str]) -> list[str]:
    """Huts built and goods collected per player, and the winner (or the stalemate)."""
    short = [name.replace("Player ", "P") for name in names]
    width = max(12, *(len(n) + 2 for n in short))
    breakdowns = state.score_breakdown()
    header = f"{'':14}" + "".join(f"{n:>{width}}" for n in short)
    lines = [header,
             f"{'huts built':14}" + "".join(f"{b['huts']:>{width}}" for b in breakdowns),
             f"{'goods':14}" + "".join(f"{b['goods']:>{width}}" for b in breakdowns)]
    if not state.is_terminal():
        return [*lines, "The game is not over; these are the huts as they stand."]
    winners = [p for p, r in enumerate(state.returns()) if r > 0]
    if not winners:
        return [*lines, "Nobody wins: no card in the circle could ever be kept again (a stalemate)."]
    return [*lines, f"Winner: {names[winners[0]]} with {HUTS_TO_WIN} huts!"]

