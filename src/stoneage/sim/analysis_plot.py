"""The winning-chance curve of an analysed game, every seat over the game, as a picture file."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from stoneage.core.i18n import _, pgettext
from stoneage.play.analysis import Analysis
from stoneage.sim.plots import check_plot_path, font_family, save_figure


def plot_curve(analysis: Analysis, names: Sequence[str], path: str | Path) -> None:
    """Draw every seat's estimated winning chance at each decision (and the result) to ``path``;
    mistakes and blunders are marked on the curve of the seat that made them."""
    check_plot_path(path)
    import matplotlib

    title = _("Winning chances over the game")
    family = font_family([title, pgettext("plot axis", "move"), _("winning chance"), *names])
    with matplotlib.rc_context({"font.family": family} if family else {}):
        _draw(analysis, names, title, path)


def _draw(analysis: Analysis, names: Sequence[str], title: str, path: str | Path) -> None:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(9.0, 4.5), layout="constrained")
    axes = figure.subplots()
    steps = [step + 1 for step, _chances in analysis.curve]  # move numbers, as the report counts them
    for seat in range(analysis.players):
        line = axes.plot(steps, [chances[seat] for _step, chances in analysis.curve], label=names[seat],
                         linewidth=1.4)[0]
        bad = [d for d in analysis.decisions if d.seat == seat and d.label in ("mistake", "blunder")]
        if bad:
            axes.scatter([d.step + 1 for d in bad], [d.after[seat] for d in bad], color=line.get_color(), marker="v",
                         zorder=3)
    axes.set_ylim(0, 1)
    axes.set_xlabel(pgettext("plot axis", "move"))
    axes.set_ylabel(_("winning chance"))
    axes.set_title(title)
    axes.legend(loc="upper left")
    save_figure(figure, path, dpi=100)
