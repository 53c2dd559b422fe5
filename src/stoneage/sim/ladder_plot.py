"""The ladder's picture: ratings with their intervals, the steps' head-to-head rates, and the scores,
per level and table size (matplotlib, headless)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

from stoneage.bots.registry import parse_spec
from stoneage.core.i18n import _, ngettext
from stoneage.sim.ladder import SPREAD, LadderReport
from stoneage.sim.plots import check_plot_path, font_family, save_figure
from stoneage.sim.results import GameResult

COLOURS: dict[int | None, str] = {2: "tab:blue", 3: "tab:orange", 4: "tab:green", None: "black"}
"""The colour of each table size, and of all games together (None)."""


def _label(players: int | None) -> str:
    if players is None:
        return _("all games")
    return ngettext("{count} player", "{count} players", players).format(count=players)


def tick_names(levels: Sequence[str]) -> list[str]:
    """How the plot names the levels: by bot (``hard`` for ``hard:max_seconds=30``) when that
    tells them apart, otherwise by their whole specs."""
    names = [parse_spec(level)[0] for level in levels]
    return names if len(set(names)) == len(names) else list(levels)


def plot_ladder(report: LadderReport, results: Sequence[GameResult], path: str | Path) -> None:
    """Draw the ladder to ``path``; the extension picks the format."""
    check_plot_path(path)
    import matplotlib

    family = font_family([_("Rating (mu ± 2 sigma)"), _("Stronger level ahead (95% Wilson interval)"),
                          _("Final score"), _label(None)])
    with matplotlib.rc_context({"font.family": family} if family else {}):
        _draw(report, results, path)


def _offsets(count: int, width: float = 0.6) -> list[float]:
    step = width / max(1, count)
    return [(k - (count - 1) / 2) * step for k in range(count)]


def _draw(report: LadderReport, results: Sequence[GameResult], path: str | Path) -> None:
    from matplotlib.figure import Figure

    groups: list[int | None] = [*report.sizes, None]
    figure = Figure(figsize=(max(12.0, 3.2 * len(report.levels)), 4.8), layout="constrained")
    ratings_axes, steps_axes, scores_axes = figure.subplots(1, 3)
    _ratings(ratings_axes, report, groups)
    _steps(steps_axes, report, groups)
    _scores(scores_axes, report, results)
    games = len(results)
    figure.suptitle(ngettext("Strength ladder from {count} game", "Strength ladder from {count} games",
                             games).format(count=games))
    save_figure(figure, path, dpi=100)


def _ratings(axes: Any, report: LadderReport, groups: list[int | None]) -> None:
    positions = {level: k for k, level in enumerate(report.levels)}
    for offset, players in zip(_offsets(len(groups)), groups, strict=True):
        rows = [row for row in report.ratings if row.players == players]
        axes.errorbar([positions[row.level] + offset for row in rows], [row.mu for row in rows],
                      yerr=[row.sigma * SPREAD for row in rows], fmt="o", capsize=4, color=COLOURS[players],
                      label=_label(players))
    axes.set_xticks(range(len(report.levels)), tick_names(report.levels))
    axes.set_title(_("Rating (mu ± 2 sigma)"))
    axes.legend(loc="upper left", fontsize="small")


def _steps(axes: Any, report: LadderReport, groups: list[int | None]) -> None:
    names = [f"{weaker} < {stronger}" for weaker, stronger in pairwise(tick_names(report.levels))]
    for offset, players in zip(_offsets(len(groups)), groups, strict=True):
        rows = [step for step in report.steps if step.players == players]
        xs = [k + offset for k, step in enumerate(rows) if step.games]
        shown = [step for step in rows if step.games]
        low = [max(0.0, step.rate - step.ci[0]) for step in shown]
        high = [max(0.0, step.ci[1] - step.rate) for step in shown]
        axes.errorbar(xs, [step.rate for step in shown], yerr=[low, high], fmt="o", capsize=4,
                      color=COLOURS[players], label=_label(players))
    axes.axhline(0.5, color="grey", linestyle="--", linewidth=1)
    axes.set_xticks(range(len(names)), names)
    axes.tick_params(axis="x", labelrotation=20)
    axes.set_ylim(0, 1.02)
    axes.set_title(_("Stronger level ahead (95% Wilson interval)"))


def _scores(axes: Any, report: LadderReport, results: Sequence[GameResult]) -> None:
    offsets = _offsets(len(report.sizes))
    for offset, players in zip(offsets, report.sizes, strict=True):
        data = [[score for r in results if r.players == players for bot, score in zip(r.bots, r.scores, strict=True)
                 if bot == level] for level in report.levels]
        kept = [(k, scores) for k, scores in enumerate(data) if scores]
        if not kept:
            continue
        boxes = axes.boxplot([scores for _k, scores in kept], positions=[k + offset for k, _s in kept],
                             widths=0.8 / max(1, len(offsets)), patch_artist=True, manage_ticks=False,
                             medianprops={"color": "black"})
        for box in boxes["boxes"]:
            box.set_facecolor(COLOURS[players])
            box.set_alpha(0.5)
        axes.plot([], [], color=COLOURS[players], linewidth=6, alpha=0.5, label=_label(players))
    axes.set_xticks(range(len(report.levels)), tick_names(report.levels))
    axes.set_title(_("Final score"))
    axes.legend(loc="upper left", fontsize="small")
