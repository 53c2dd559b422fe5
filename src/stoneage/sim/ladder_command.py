"""The ``stoneage ladder`` sub-command: a round-robin of levels, resumable, with its report and plot."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from stoneage.core.i18n import _, pgettext
from stoneage.core.limits import GAMES, SEED
from stoneage.core.output import claim
from stoneage.core.registry import DEFAULT_GAME, game_names
from stoneage.sim.commands import _table_sizes, add_runner_options
from stoneage.sim.config import split_bots
from stoneage.sim.errors import require
from stoneage.sim.ladder import LEVELS, LadderError
from stoneage.sim.results import GameResult


def register(subparsers: Any) -> None:
    """Add ``ladder`` to the ``stoneage`` parser."""
    parser = subparsers.add_parser(
        "ladder", help=_("measure a strength ladder of bot levels in a round-robin"),
        description=_("Play a balanced round-robin of bot levels (weakest first) at tables of 2, 3 and 4 "
                      "players, and report openskill ratings with intervals, how often each level finished "
                      "ahead of each other one, and whether every step of the ladder is significant. With "
                      "--out the run can be stopped and resumed, and re-reported with --replot."),
        allow_abbrev=False)
    parser.add_argument("--levels", type=split_bots, default=LEVELS, metavar=pgettext("metavar", "SPEC,SPEC,..."),
                        help=_("the levels, weakest first (default random,easy,medium,hard,expert)"))
    parser.add_argument("--players", type=_table_sizes, metavar="N[,N...]",
                        help=_("table sizes (default 2,3,4, or those the levels can fill)"))
    parser.add_argument("--games", type=GAMES, default=180, metavar=pgettext("metavar", "GAMES"),
                        help=_("games in all, those in --out included (default 180)"))
    parser.add_argument("--seed", type=SEED, default=0, metavar=pgettext("metavar", "SEED"),
                        help=_("ladder seed (default 0)"))
    parser.add_argument("--game", choices=game_names(), default=DEFAULT_GAME)
    parser.add_argument("--expansion", action="append", default=[], metavar=pgettext("metavar", "NAME"),
                        help=_("repeatable"))
    parser.add_argument("--variant", action="append", default=[], metavar=pgettext("metavar", "NAME"),
                        help=_("repeatable"))
    add_runner_options(parser)
    parser.add_argument("--out", metavar=pgettext("metavar", "FILE"),
                        help=_("results, FILE.jsonl; games already in it are kept and not played again"))
    parser.add_argument("--records", metavar=pgettext("metavar", "DIR"),
                        help=_("write each game record to DIR/game-NNNNN.json"))
    parser.add_argument("--plot", metavar=pgettext("metavar", "FILE"),
                        help=_("ratings, steps and scores chart, e.g. FILE.png"))
    parser.add_argument("--replot", action="store_true",
                        help=_("play nothing: report and plot the games in --out"))
    parser.set_defaults(run=cmd_ladder)


def cmd_ladder(args: argparse.Namespace) -> int:
    with claim(LadderError, None if args.replot else args.out, args.plot):  # ours alone while the ladder runs
        return _ladder(args)


def _ladder(args: argparse.Namespace) -> int:
    from stoneage.sim.interrupts import interrupt_guard
    from stoneage.sim.ladder import ladder_config, report
    from stoneage.sim.ladder_file import Appender, check_path, load_played
    from stoneage.sim.ladder_plot import plot_ladder
    from stoneage.sim.ladder_text import format_report
    from stoneage.sim.plots import check_plot_path
    from stoneage.sim.runner import TournamentInterrupted, run_tournament
    from stoneage.sim.stats import format_rate

    config = ladder_config(args.levels, args.players, games=args.games, seed=args.seed, game=args.game,
                           expansions=tuple(args.expansion), variants=tuple(args.variant), jobs=args.jobs,
                           backend=args.backend, batch=args.batch, ray_address=args.ray_address,
                           records=args.records)
    if args.replot and not args.out:
        raise LadderError(_("--replot reports the games of --out; give --out FILE.jsonl"))
    if args.out:
        check_path(args.out)
    if args.plot:
        check_plot_path(args.plot)
    require("openskill", "sim")
    played = load_played(args.out, config) if args.out else []
    if args.replot and not played:
        raise LadderError(_("{path!r} holds no games of this ladder").format(path=args.out))
    done = {result.index for result in played}
    todo = 0 if args.replot else sum(1 for index in range(config.games) if index not in done)
    sizes = "/".join(str(size) for size in config.table_sizes())
    print(_("Ladder {levels}: {games} games of {game} ({sizes} players); seed {seed}; {done} played before, "
            "{todo} to play; {jobs} job(s), {backend} backend").format(
                levels=" < ".join(config.labels()), games=config.games, game=config.game, sizes=sizes,
                seed=config.seed, done=len(played), todo=todo, jobs=config.jobs, backend=config.backend),
          flush=True)
    new: list[GameResult] = []
    seconds = 0.0
    if todo:
        tqdm = require("tqdm", "sim").tqdm
        with interrupt_guard() as guard:
            appender = Appender(args.out, played) if args.out else None

            def on_game(result: GameResult) -> None:
                new.append(result)
                if appender is not None:
                    appender.add(result)
                bar.update(1)

            try:
                with tqdm(total=todo, unit=pgettext("progress bar unit", "game"), file=sys.stderr, disable=None,
                          dynamic_ncols=True) as bar:
                    outcome = run_tournament(config, on_game=on_game, skip=done)
            except TournamentInterrupted as stop:
                guard.ignore_after = True
                if appender is not None:
                    appender.finish(played + new)
                where = _("; resume with the same command") if args.out else ""
                print(_("stoneage: interrupted after {count} of {todo} games ({seconds} s){where}").format(
                    count=len(new), todo=todo, seconds=f"{stop.partial.seconds:.1f}",
                    where=where), file=sys.stderr)
                return 130
            except BaseException:
                if appender is not None:
                    appender.finish(played + new)
                raise
            seconds = outcome.seconds
            if appender is not None:
                appender.finish(played + new)
    results = sorted(played + new, key=lambda result: result.index)
    ladder = report(results, config.labels())
    print()
    print(format_report(ladder))
    print()
    if args.out:
        print(_("Results written to {path}").format(path=args.out))
    if args.plot:
        plot_ladder(ladder, results, args.plot)
        print(_("Plot written to {path}").format(path=args.plot))
    if todo:
        print(_("Played {count} games in {seconds} s ({rate}; {jobs} job(s), {backend} backend)").format(
            count=todo, seconds=f"{seconds:.1f}", rate=format_rate(todo, seconds), jobs=config.jobs,
            backend=config.backend))
    return 0
