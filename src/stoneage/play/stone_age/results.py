"""The end of a Stone Age game in words: the score table part by part and the winner, with the
tie-break explained."""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.core.contract import State

BREAKDOWN_LABELS = {
    "buildings": "buildings", "card_points": "card points", "penalties": "penalties", "green": "green cards",
    "farmers": "farmers", "tool_makers": "tool makers", "hut_builders": "hut builders", "shamans": "shamans",
    "resources": "resources", "mammoth": "mammoth", "total": "total",
}


def breakdown_lines(breakdowns: Sequence[dict[str, int]], names: Sequence[str], width: int = 14) -> list[str]:
    """The score table: one row per score part, one column per player."""
    header = f"{'':14}" + "".join(f"{name[: width - 1]:>{width}}" for name in names)
    lines = [header]
    for key in breakdowns[0]:
        if key == "total":
            lines.append("-" * len(header))
        label = BREAKDOWN_LABELS.get(key, key.replace("_", " "))
        lines.append(f"{label:14}" + "".join(f"{b[key]:>{width}}" for b in breakdowns))
    return lines

def winner_lines(totals: Sequence[int], tie_breaks: Sequence[int], winners: Sequence[int],
                 names: Sequence[str]) -> list[str]:
    """Who won, with the tie-break explained when points were tied."""
    best = totals[winners[0]]
    tied = [p for p, t in enumerate(totals) if t == best]
    if len(winners) > 1:
        who = " and ".join(names[p] for p in winners)
        return [f"Shared win: {who} with {best} points.",
                f"They are tied on points and on the tie-break (agriculture + tool value + figures = "
                f"{tie_breaks[winners[0]]}), so they share the win."]
    winner = winners[0]
    lines = [f"Winner: {names[winner]} with {best} points."]
    if len(tied) > 1:
        sums = ", ".join(f"{names[p]} {tie_breaks[p]}" for p in tied)
        lines.append(f"Tie on {best} points, broken by agriculture + tool value + figures: {sums}.")
    return lines


def result_lines(state: State, names: Sequence[str]) -> list[str]:
    """The score breakdown per player and the winner (tie-break explained)."""
    breakdowns = state.score_breakdown()
    lines = breakdown_lines(breakdowns, [n.replace("Player ", "P") for n in names], width=12)
    totals = [b["total"] for b in breakdowns]
    tie_breaks = getattr(state, "tie_breaks", None)
    sums = tie_breaks() if callable(tie_breaks) else [0] * len(totals)
    returns = state.returns()
    winners = [p for p, r in enumerate(returns) if r > 0] or [max(range(len(totals)), key=totals.__getitem__)]
    if not state.is_terminal():
        return [*lines, "The game is not over; these are the scores as they stand."]
    return [*lines, *winner_lines(totals, sums, winners, names)]
