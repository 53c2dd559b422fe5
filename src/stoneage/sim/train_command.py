"""The ``stoneage train expert`` sub-command: learn the expert bot's weights from self-play."""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from stoneage.core.i18n import _, pgettext
from stoneage.core.limits import GAMES, JOBS, MAX_GAMES, MAX_GENERATIONS, SEED, whole_number
from stoneage.core.output import claim, write_text_atomic
from stoneage.sim.config import BACKENDS, check_jobs
from stoneage.sim.errors import TournamentError, require

_GENERATIONS = whole_number(1, MAX_GENERATIONS, "generations")
_TUNE_GAMES = whole_number(0, MAX_GAMES, "games")


def _ridge(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(_("expected a positive number, not {value!r}").format(value=text))
    return value


def register(subparsers: Any) -> None:
    """Add ``train`` to the ``stoneage`` parser."""
    parser = subparsers.add_parser(
        "train", help=_("learn a bot's evaluation from self-play"),
        description=_("Learn the expert bot's position values from self-play games, generation after "
                      "generation, and write the weights file; the same seed and options give the same "
                      "file, byte for byte, whatever the jobs or backend."),
        allow_abbrev=False)
    parser.add_argument("what", choices=("expert",), help=_("what to train"))
    parser.add_argument("--seed", type=SEED, default=0, metavar=pgettext("metavar", "SEED"),
                        help=_("seed (default 0); it decides every game and so the weights"))
    parser.add_argument("--games", type=GAMES, default=60, metavar=pgettext("metavar", "GAMES"),
                        help=_("games per generation (default 60)"))
    parser.add_argument("--generations", type=_GENERATIONS, default=4, metavar="N",
                        help=_("rounds of self-play and fitting (default 4)"))
    parser.add_argument("--ridge", type=_ridge, metavar="R",
                        help=_("pull of the fit toward the hand-set weights (default 200; weaker pulls "
                               "predict the winner better but decide worse)"))
    parser.add_argument("--tune-games", type=_TUNE_GAMES, default=0, metavar=pgettext("metavar", "GAMES"),
                        help=_("then tune the village weights by games between search bots, this many games "
                               "per change tried (default 0: no tuning)"))
    parser.add_argument("--out", default="expert_weights.json", metavar=pgettext("metavar", "FILE"),
                        help=_("the weights file to write (default expert_weights.json)"))
    parser.add_argument("--curve", metavar=pgettext("metavar", "FILE"),
                        help=_("also plot the learning curve to FILE (e.g. curve.png)"))
    parser.add_argument("--backend", choices=BACKENDS, default="local", help=_("local processes or Ray"))
    parser.add_argument("--jobs", "--workers", type=JOBS, default=1, metavar=pgettext("metavar", "JOBS"),
                        help=_("worker processes / Ray CPUs, at most the machine's CPUs (default 1)"))
    parser.add_argument("--ray-address", metavar=pgettext("metavar", "ADDRESS"),
                        help=_("Ray cluster to join, e.g. auto or ray://head:10001 (default: start a local Ray)"))
    parser.set_defaults(run=cmd_train)


def command_line(args: argparse.Namespace) -> str:
    """The command that regenerates these weights (what decides them: seed, games, generations, ridge,
    tuning games)."""
    line = f"stoneage train expert --seed {args.seed} --games {args.games} --generations {args.generations}"
    if args.ridge is not None:
        line += f" --ridge {args.ridge:g}"
    return line + f" --tune-games {args.tune_games}" if args.tune_games else line


def cmd_train(args: argparse.Namespace) -> int:
    with claim(TournamentError, args.out, args.curve):  # checked, and ours alone, before the games are played
        return _train(args)


def _train(args: argparse.Namespace) -> int:
    from stoneage.bots.stone_age.learned import Weights
    from stoneage.sim.interrupts import interrupt_guard
    from stoneage.sim.plots import check_plot_path
    from stoneage.sim.train import RIDGE, TrainConfig, train
    from stoneage.sim.train_curve import plot_curve
    from stoneage.sim.train_tune import tuning_games

    require("numpy", "sim")
    check_jobs(args.jobs, args.backend, args.ray_address)
    if args.curve:  # the outputs were checked and locked by cmd_train; this is the picture's file type
        check_plot_path(args.curve)
    config = TrainConfig(seed=args.seed, games=args.games, generations=args.generations, jobs=args.jobs,
                         backend=args.backend, ray_address=args.ray_address,
                         ridge=RIDGE if args.ridge is None else args.ridge, tune_games=args.tune_games)
    tqdm = require("tqdm", "sim").tqdm
    print(_("Training the expert: {generations} generations of {games} games; seed {seed}; {jobs} job(s), "
            "{backend} backend").format(generations=config.generations, games=config.games, seed=config.seed,
                                        jobs=config.jobs, backend=config.backend), flush=True)
    with interrupt_guard() as guard:  # one Ctrl-C stops the workers; more are ignored while they stop
        try:
            total = config.games * config.generations + tuning_games(config.tune_games)
            with tqdm(total=total, unit=pgettext("progress bar unit", "game"),
                      file=sys.stderr, disable=None, dynamic_ncols=True) as bar:
                result = train(config, on_game=lambda: bar.update(1))
                bar.total = bar.n  # tuning stops trying a weight at the first change it keeps
                bar.refresh()
        except KeyboardInterrupt:
            guard.ignore_after = True  # the command is ending: a late Ctrl-C must not turn 130 into a traceback
            print(_("stoneage: training interrupted; nothing written"), file=sys.stderr)
            return 130
    training: dict[str, Any] = {"seed": config.seed, "games": config.games, "generations": config.generations,
                                "command": command_line(args), "curve": result.curve,
                                "chosen_generation": result.chosen}
    if result.tuning:
        training["tuning"] = result.tuning
    if args.ridge is not None:
        training["ridge"] = args.ridge
    write_text_atomic(args.out, Weights(result.weights.weights, training).to_json(), TournamentError)
    for point in result.curve:
        print(_("generation {generation}: held-out log-loss {loss}, learned policy's win share {share} "
                "(parity {parity})").format(generation=point["generation"], loss=point["held_out_log_loss"],
                                            share=point.get("learned_win_share", "–"),
                                            parity=point.get("learned_seat_share", "–")))
    if args.curve:
        plot_curve(result.curve, args.curve)
    if result.chosen >= 0:
        print(_("Kept the weights generation {generation} played with").format(generation=result.chosen))
    for line in result.tuning:
        print(_("tuning: {feature} × {factor}: {share} of {games} games, {verdict}").format(
            feature=line["feature"], factor=line["factor"], share=line["share"], games=line["games"],
            verdict=_("kept") if line["kept"] else _("not kept")))
    print(_("Wrote the weights to {path}").format(path=args.out))
    return 0
