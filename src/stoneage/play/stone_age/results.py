"""The end of a Stone Age game in words: the score table part by part and the winner, with the
tie-break explained."""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.core.contract import State
from stoneage.core.i18n import N_, _
from stoneage.core.text import cells, fit, ljust, rjust
from stoneage.play.stone_age.words import short_names

BREAKDOWN_LABELS = {
    "buildings": N_("buildings"), "card_points": N_("card points"), "penalties": N_("penalties"),
    "green": N_("green cards"), "farmers": N_("farmers"), "tool_makers": N_("tool makers"),
    "hut_builders": N_("hut builders"), "shamans": N_("shamans"), "resources": N_("resources"),
    "mammoth": N_("mammoth"), "total": N_("total"),
}
"""The score parts' row labels (shown as ``_(label)``)."""


def breakdown_lines(breakdowns: Sequence[dict[str, int]], names: Sequence[str], width: int = 14) -> list[str]:
    """The score table: one row per score part, one column per player, lined up in terminal cells
    (a Hangul letter takes two): the label column is as wide as the longest label, at least 14."""
    labels = {key: _(BREAKDOWN_LABELS[key]) if key in BREAKDOWN_LABELS else key.replace("_", " ")
              for key in breakdowns[0]}
    label_width = max(14, *map(cells, labels.values()))
    header = " " * label_width + "".join(rjust(fit(name, width - 1), width) for name in names)
    lines = [header]
    for key, label in labels.items():
        if key == "total":
            lines.append("-" * cells(header))
        lines.append(ljust(label, label_width) + "".join(rjust(str(b[key]), width) for b in breakdowns))
    return lines


def winner_lines(totals: Sequence[int], tie_breaks: Sequence[int], winners: Sequence[int],
                 names: Sequence[str]) -> list[str]:
    """Who won, with the tie-break explained when points were tied."""
    best = totals[winners[0]]
    tied = [p for p, t in enumerate(totals) if t == best]
    if len(winners) > 1:
        who = names[winners[0]]
        for p in winners[1:]:
            # TRANSLATORS: the names of players who share the win, joined two by two ("Ada and Bo and Cy").
            who = _("{first} and {second}").format(first=who, second=names[p])
        return [_("Shared win: {who} with {points} points.").format(who=who, points=best),
                _("They are tied on points and on the tie-break (agriculture + tool value + figures = "
                  "{sum}), so they share the win.").format(sum=tie_breaks[winners[0]])]
    winner = winners[0]
    lines = [_("Winner: {who} with {points} points.").format(who=names[winner], points=best)]
    if len(tied) > 1:
        sums = ", ".join(f"{names[p]} {tie_breaks[p]}" for p in tied)
        lines.append(_("Tie on {points} points, broken by agriculture + tool value + figures: {sums}.").format(
            points=best, sums=sums))
    return lines


def result_lines(state: State, names: Sequence[str]) -> list[str]:
    """The score breakdown per player and the winner (tie-break explained)."""
    breakdowns = state.score_breakdown()
    lines = breakdown_lines(breakdowns, short_names(names), width=12)
    totals = [b["total"] for b in breakdowns]
    tie_breaks = getattr(state, "tie_breaks", None)
    sums = tie_breaks() if callable(tie_breaks) else [0] * len(totals)
    returns = state.returns()
    winners = [p for p, r in enumerate(returns) if r > 0] or [max(range(len(totals)), key=totals.__getitem__)]
    if not state.is_terminal():
        return [*lines, _("The game is not over; these are the scores as they stand.")]
    return [*lines, *winner_lines(totals, sums, winners, names)]
