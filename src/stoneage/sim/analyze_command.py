"""The ``stoneage analyze`` sub-command: every decision of a record judged by the advisor, luck apart."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from stoneage.core.errors import StoneAgeError
from stoneage.core.i18n import _, pgettext, seat_name
from stoneage.core.limits import JOBS, SEED
from stoneage.core.output import claim, write_text_atomic
from stoneage.core.text import cells, ljust, rjust
from stoneage.sim.config import BACKENDS


class AnalyzeError(StoneAgeError):
    """A bad ``analyze`` option: depth, plot or JSON path."""


def register(subparsers: Any) -> None:
    """Add ``analyze`` to the ``stoneage`` parser."""
    parser = subparsers.add_parser(
        "analyze", help=_("rate every decision of a game record and tell luck from skill"),
        description=_("Judge every decision of a game record as the deciding player knew the game, by the "
                      "advisor that gives the hints: each player's winning chance after the move played and "
                      "after the best move, each decision classed by the chance it lost (inaccuracy, mistake, "
                      "blunder), per-player accuracy and biggest mistakes, and how much of the swing came from "
                      "dice and draws. See docs/analysis.md."),
        allow_abbrev=False)
    parser.add_argument("record", metavar=pgettext("metavar", "RECORD"), help=_("a game record (JSON)"))
    parser.add_argument("--seed", type=SEED, default=0, metavar="N",
                        help=_("seed of the redraws of what a deciding player could not see (default 0)"))
    parser.add_argument("--plot", metavar=pgettext("metavar", "FILE"),
                        help=_("draw the winning-chance curve to FILE (.png, .svg, .pdf)"))
    parser.add_argument("--json", metavar=pgettext("metavar", "FILE"), help=_("write the full analysis as JSON"))
    parser.add_argument("--no-cache", action="store_true",
                        help=_("analyse again even if RECORD.analysis.json holds this analysis"))
    parser.add_argument("--jobs", type=JOBS, default=1, metavar=pgettext("metavar", "JOBS"),
                        help=_("worker processes / Ray CPUs, at most the machine's CPUs (default 1)"))
    parser.add_argument("--backend", choices=BACKENDS, default="local", help=_("local processes or Ray"))
    parser.add_argument("--ray-address", metavar=pgettext("metavar", "ADDRESS"),
                        help=_("Ray cluster to join, e.g. auto or ray://head:10001 (default: start a local Ray)"))
    parser.set_defaults(run=cmd_analyze)


def cmd_analyze(args: argparse.Namespace) -> int:
    with claim(AnalyzeError, args.json, args.plot):  # checked, and ours alone, before the search
        return _analyze(args)


def _analyze(args: argparse.Namespace) -> int:
    from stoneage.core.record import load_record
    from stoneage.play.analysis import analyse, record_key
    from stoneage.play.analysis_cache import cache_path, load_cached, save_cached
    from stoneage.sim.analysis_jobs import make_runner
    from stoneage.sim.config import check_jobs
    from stoneage.sim.errors import require
    from stoneage.sim.interrupts import interrupt_guard

    record = load_record(args.record)
    check_jobs(args.jobs, args.backend, args.ray_address)
    if args.plot:
        from stoneage.sim.plots import check_plot_path

        check_plot_path(args.plot)
    key = record_key(record, args.seed)
    analysis = None if args.no_cache else load_cached(args.record, key)
    cached = analysis is not None
    if analysis is None:
        tqdm = require("tqdm", "sim").tqdm
        with tqdm(unit=pgettext("progress bar unit", "decision"), file=sys.stderr, disable=None,
                  dynamic_ncols=True) as bar:

            def total(count: int) -> None:
                bar.reset(total=count)

            with interrupt_guard() as guard:  # one Ctrl-C stops the workers; more are ignored while they stop
                try:
                    analysis = analyse(record, args.seed, runner=make_runner(args.jobs, args.backend, args.ray_address),
                                       on_done=bar.update, on_total=total)
                except KeyboardInterrupt:
                    guard.ignore_after = True  # the command is ending: a late Ctrl-C changes nothing
                    print(_("stoneage: interrupted; nothing written"), file=sys.stderr)
                    return 130
        if not save_cached(args.record, analysis):
            print(_("stoneage: cannot keep the analysis in {path}").format(path=cache_path(args.record)),
                  file=sys.stderr)
    names = [seat_name(seat) for seat in range(analysis.players)]
    print(report(analysis, names, cached))
    if args.json:
        import json

        write_text_atomic(args.json, json.dumps(analysis.to_json(), indent=1) + "\n", AnalyzeError)
    if args.plot:
        from stoneage.sim.analysis_plot import plot_curve

        plot_curve(analysis, names, args.plot)
        print(_("Wrote the winning-chance curve to {path}").format(path=args.plot))
    return 0


def _points(value: float, sign: bool = False) -> str:
    """A chance as percentage points: ``12.3`` or ``+12.3``."""
    return f"{100 * value:+.1f}" if sign else f"{100 * value:.1f}"


def report(analysis: Any, names: list[str], cached: bool) -> str:
    """The per-player summary and the biggest mistakes, in words."""
    from stoneage.core.registry import game_info
    from stoneage.play.advisor import label_words

    when = _("from the cache") if cached else _("in {seconds} s").format(seconds=f"{analysis.seconds:.1f}")
    lines = [_("Analysis of a game of {game}, {players} players, {decisions} decisions; seed {seed} ({when})").format(
        game=_(game_info(analysis.game).display_name), players=analysis.players,
        decisions=len(analysis.decisions), seed=analysis.seed, when=when), ""]
    heads = [_("Player"), _("Decisions"), _("Mattered"), _("Accuracy %"), _("Inaccuracies"), _("Mistakes"),
             _("Blunders"), _("Chance lost"), _("Luck")]
    rows = [[names[s.seat], str(s.decisions), str(s.mattered), f"{s.accuracy:.1f}", str(s.counts["inaccuracy"]),
             str(s.counts["mistake"]), str(s.counts["blunder"]), _points(-s.skill), _points(s.luck, sign=True)]
            for s in analysis.summaries]
    widths = [max(cells(h), *(cells(r[i]) for r in rows)) for i, h in enumerate(heads)]
    lines.append("  ".join(ljust(h, w) if i == 0 else rjust(h, w) for i, (h, w) in enumerate(zip(heads, widths,
                                                                                                    strict=True))))
    for row in rows:
        lines.append("  ".join(ljust(c, w) if i == 0 else rjust(c, w) for i, (c, w) in enumerate(zip(row, widths,
                                                                                                      strict=True))))
    lines.append(_("(mattered: decisions where some choice would have lost 5 points or more; accuracy: the share "
                   "of those played well; chance lost and luck in percentage points of winning chance)"))
    for summary in analysis.summaries:
        if not summary.worst:
            continue
        lines += ["", _("Biggest mistakes of {name}:").format(name=names[summary.seat])]
        for step in summary.worst:
            decision = analysis.decision_at(step)
            lines.append(_("  move {number}: {move} — {label}, lost {points} points").format(
                number=step + 1, move=decision.move, label=label_words(decision.label),
                points=_points(decision.loss)))
            lines.append(_("      better: {move}").format(move=decision.best_move))
    return "\n".join(lines)
