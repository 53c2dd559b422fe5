"""The learning curve of ``stoneage train expert`` as a picture (matplotlib, no display needed)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from stoneage.core.i18n import _
from stoneage.sim.errors import require
from stoneage.sim.plots import save_figure


def plot_curve(curve: Sequence[dict[str, float]], path: str | Path) -> None:
    """Plot each generation's held-out log-loss and the learned policy's win share against parity."""
    require("matplotlib", "sim")
    from matplotlib.figure import Figure

    generations = [int(point["generation"]) for point in curve]
    figure = Figure(figsize=(8, 3.5))
    loss, share = figure.subplots(1, 2)
    loss.plot(generations, [point["held_out_log_loss"] for point in curve], marker="o")
    loss.set_title(_("Log-loss on the generation's new games"))
    loss.set_xlabel(_("generation"))
    played = [point for point in curve if "learned_win_share" in point]
    share.plot([p["generation"] for p in played], [p["learned_win_share"] for p in played], marker="o",
               label=_("learned policy"))
    share.plot([p["generation"] for p in played], [p["learned_seat_share"] for p in played], linestyle="--",
               label=_("parity"))
    share.set_title(_("Win share against greedy"))
    share.set_xlabel(_("generation"))
    share.set_ylim(0, 1)
    share.legend()
    figure.tight_layout()
    save_figure(figure, path)
