"""The ladder report as text tables: ratings, every pair of levels, and the steps with their verdict."""

from __future__ import annotations

from collections.abc import Sequence

from stoneage.core.i18n import _, pgettext
from stoneage.sim.ladder import SPREAD, HeadToHead, LadderReport, LevelRating
from stoneage.sim.stats import table


def _players(players: int | None) -> str:
    return pgettext("players column", "all") if players is None else f"{players}"


def _yes(flag: bool) -> str:
    return pgettext("significant column", "yes") if flag else pgettext("significant column", "no")


def format_ratings(rows: Sequence[LevelRating]) -> str:
    """One row per level and table size: games, mu, sigma and the interval ``mu ± 2 sigma``."""
    width = max([5, *(len(row.level) for row in rows)])
    headers = [(pgettext("table column", "level"), width, "<"), (pgettext("table column", "players"), 7, ">"),
               (pgettext("table column", "games"), 6, ">"), ("mu", 7, ">"), ("sigma", 6, ">"),
               (pgettext("table column", "mu ± 2 sigma"), 16, ">")]
    cells = [[row.level, _players(row.players), f"{row.games}", f"{row.mu:.2f}", f"{row.sigma:.2f}",
              f"[{row.interval[0]:.1f}, {row.interval[1]:.1f}]"] for row in rows]
    return "\n".join(table(headers, cells))


def format_pairs(rows: Sequence[HeadToHead]) -> str:
    """One row per pair (or step): games together, how often the stronger was ahead, its interval,
    and whether that interval lies above 1/2."""
    width = max([6, *(len(row.weaker) for row in rows)])
    strong = max([8, *(len(row.stronger) for row in rows)])
    headers = [(pgettext("table column", "weaker"), width, "<"), (pgettext("table column", "stronger"), strong, "<"),
               (pgettext("table column", "players"), 7, ">"), (pgettext("table column", "games"), 6, ">"),
               (pgettext("table column", "ahead"), 7, ">"), (pgettext("table column", "rate"), 6, ">"),
               (pgettext("table column", "95% CI"), 15, ">"), (pgettext("table column", "significant"), 11, ">")]
    cells = []
    for row in rows:
        low, high = row.ci
        cells.append([row.weaker, row.stronger, _players(row.players), f"{row.games}", f"{row.ahead:g}",
                      f"{row.rate:.3f}", f"[{low:.3f}, {high:.3f}]", _yes(row.significant)])
    return "\n".join(table(headers, cells))


def verdict(report: LadderReport) -> str:
    """One line: does every step hold over all games, and which do not."""
    ladder = " < ".join(report.levels)
    weak = [f"{step.weaker} < {step.stronger}" for step in report.steps
            if step.players is None and not step.significant]
    if not weak:
        return _("Ladder {ladder}: every step is significant (95% Wilson interval above 1/2)").format(ladder=ladder)
    return _("Ladder {ladder}: not significant yet: {steps}").format(ladder=ladder, steps=", ".join(weak))


def format_report(report: LadderReport) -> str:
    """The whole report: ratings, every pair over all games, the steps per table size, the verdict."""
    parts = [
        _("Ratings (openskill Plackett-Luce, ranked by final score; interval mu ± {spread} sigma)").format(
            spread=f"{SPREAD:g}"),
        format_ratings(report.ratings),
        "",
        _("Every pair over all games: how often the stronger level finished ahead of the weaker one"),
        format_pairs(report.pairs),
        "",
        _("Steps of the ladder per table size (significant: the 95% Wilson interval lies above 1/2)"),
        format_pairs(report.steps),
        "",
        verdict(report),
    ]
    return "\n".join(parts)
