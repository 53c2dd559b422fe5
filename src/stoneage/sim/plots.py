"""A picture of a tournament: score distributions per bot and win rates with 95% intervals."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from stoneage.core.i18n import _, ngettext
from stoneage.core.output import write_atomic
from stoneage.sim.errors import TournamentError, require
from stoneage.sim.results import GameResult
from stoneage.sim.stats import summarize


def check_plot_path(path: str | Path) -> None:
    """Fail early if matplotlib is missing or cannot write this file type."""
    require("matplotlib", "sim")
    from matplotlib.figure import Figure

    suffix = Path(path).suffix.lower().lstrip(".")
    supported = Figure().canvas.get_supported_filetypes()
    if suffix not in supported:
        raise TournamentError(_("plot file {path!r}: use one of {suffixes}").format(
            path=str(path), suffixes="." + ", .".join(sorted(supported))))


def save_figure(figure: Any, path: str | Path, **options: Any) -> None:
    """Save a matplotlib figure whole: drawn into a temporary file beside ``path`` and renamed over
    it (``core/output.py``), so a full disk leaves the previous picture; ``TournamentError`` on failure."""
    kind = Path(path).suffix.lower().lstrip(".") or "png"
    write_atomic(path, lambda stream: figure.savefig(stream, format=kind, **options), TournamentError)


HANGUL_FONTS = ("NanumGothic", "Noto Sans CJK KR", "Noto Sans KR", "Source Han Sans KR", "Malgun Gothic",
                "Apple SD Gothic Neo", "AppleGothic", "UnDotum", "Baekmuk Gulim")
"""Fonts with Hangul that the labels may fall back to, most usual first."""
_FONT_FILES = ("nanum", "notosanscjk", "notosanskr", "sourcehansans", "malgun", "applegothic", "undotum", "baekmuk")


def font_family(texts: Sequence[str]) -> list[str] | None:
    """The font list for labels in Hangul (matplotlib's own font has none), or ``None`` when the
    labels need no other font or no Hangul font is installed."""
    if not any("\u1100" <= char <= "\u11ff" or "\u3130" <= char <= "\u318f" or "\uac00" <= char <= "\ud7a3"
               for text in texts for char in text):
        return None
    from matplotlib import font_manager

    known = {font.name for font in font_manager.fontManager.ttflist}
    if not known.intersection(HANGUL_FONTS):  # installed after matplotlib cached its font list
        for file in font_manager.findSystemFonts():
            if any(key in Path(file).name.lower() for key in _FONT_FILES):
                with contextlib.suppress(OSError, RuntimeError, ValueError):
                    font_manager.fontManager.addfont(file)
        known = {font.name for font in font_manager.fontManager.ttflist}
    found = [name for name in HANGUL_FONTS if name in known]
    return ["DejaVu Sans", *found] if found else None


def plot(results: Sequence[GameResult], path: str | Path) -> None:
    """Draw a box plot of the scores per bot and the win rates with Wilson error bars to ``path``.

    Uses a bare ``Figure`` (no pyplot, no GUI backend), so it works headless. Labels in Hangul are
    drawn with a Hangul font when one is installed.
    """
    check_plot_path(path)
    import matplotlib

    family = font_family([_("Final score"), _("points"), _("equal share"), _("Win rate (95% Wilson interval)")])
    with matplotlib.rc_context({"font.family": family} if family else {}):
        _draw(results, path)


def _draw(results: Sequence[GameResult], path: str | Path) -> None:
    from matplotlib.figure import Figure

    rows = summarize(results)
    names = [row.bot for row in rows]
    figure = Figure(figsize=(max(6.0, 1.6 * len(rows) + 2), 4.5), layout="constrained")
    scores_axes, wins_axes = figure.subplots(1, 2)
    scores_axes.boxplot([row.scores for row in rows], tick_labels=names)
    scores_axes.set_title(_("Final score"))
    scores_axes.set_ylabel(_("points"))
    rates = [row.win_rate for row in rows]
    # Wilson bounds can land a rounding error beyond a win rate of 0 or 1; error bars can't be negative.
    errors = [[max(0.0, rate - row.ci[0]) for rate, row in zip(rates, rows, strict=True)],
              [max(0.0, row.ci[1] - rate) for rate, row in zip(rates, rows, strict=True)]]
    wins_axes.bar(names, rates, yerr=errors, capsize=6, color="tab:blue", alpha=0.8)
    sizes = {result.players for result in results}
    if len(sizes) == 1:
        wins_axes.axhline(1 / sizes.pop(), color="grey", linestyle="--", linewidth=1, label=_("equal share"))
        wins_axes.legend(loc="upper right")
    wins_axes.set_ylim(0, 1)
    wins_axes.set_title(_("Win rate (95% Wilson interval)"))
    for axes in (scores_axes, wins_axes):
        axes.tick_params(axis="x", labelrotation=20)
    games = len(results)
    figure.suptitle(ngettext("Tournament of {count} game", "Tournament of {count} games", games).format(count=games))
    save_figure(figure, path, dpi=100)
