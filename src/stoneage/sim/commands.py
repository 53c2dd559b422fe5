"""The ``stoneage tournament`` and ``stoneage tournament-game`` sub-commands."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from stoneage.core.i18n import _, pgettext
from stoneage.core.limits import BATCH, GAMES, JOBS, MAX_GAMES, SEED, whole_number
from stoneage.core.output import claim
from stoneage.core.record import save_record
from stoneage.core.registry import DEFAULT_GAME, game_names
from stoneage.sim import selfplay_command
from stoneage.sim.config import BACKENDS, TournamentConfig, split_bots, validate
from stoneage.sim.errors import TournamentError, require
from stoneage.sim.results import GameResult, ResultsStream, check_results_path

if TYPE_CHECKING:
    from stoneage.sim.runner import TournamentResult


_INDEX = whole_number(0, MAX_GAMES - 1, "index")


def _table_sizes(text: str) -> tuple[int, ...]:
    sizes = []
    for part in text.split(","):
        if part.strip() not in ("2", "3", "4"):
            raise argparse.ArgumentTypeError(
                _("players must be 2, 3 or 4 (or a list like 2,3), not {value!r}").format(value=part))
        sizes.append(int(part))
    return tuple(sorted(set(sizes)))


def _add_definition(parser: argparse.ArgumentParser) -> None:
    """The options that decide what each game of a tournament is."""
    parser.add_argument("--bots", type=split_bots, required=True, metavar=pgettext("metavar", "SPEC,SPEC,..."),
                        help=_("bot specs, one per seat, e.g. mcts:iterations=500,greedy,greedy,random"))
    parser.add_argument("--seed", type=SEED, default=0, metavar=pgettext("metavar", "SEED"),
                        help=_("tournament seed (default 0)"))
    parser.add_argument("--game", choices=game_names(), default=DEFAULT_GAME)
    parser.add_argument("--players", type=_table_sizes, default=(), metavar="N[,N...]",
                        help=_("table size(s) drawn from the bot pool (default: one table of all the bots)"))
    parser.add_argument("--expansion", action="append", default=[], metavar=pgettext("metavar", "NAME"),
                        help=_("repeatable"))
    parser.add_argument("--variant", action="append", default=[], metavar=pgettext("metavar", "NAME"),
                        help=_("repeatable"))


def add_runner_options(parser: argparse.ArgumentParser) -> None:
    """The options that decide where the games are played (local processes or Ray)."""
    parser.add_argument("--jobs", type=JOBS, default=1, metavar=pgettext("metavar", "JOBS"),
                        help=_("worker processes / Ray CPUs, at most the machine's CPUs (default 1)"))
    parser.add_argument("--backend", choices=BACKENDS, default="local", help=_("local processes or Ray"))
    parser.add_argument("--batch", type=BATCH, default=10, metavar=pgettext("metavar", "BATCH"),
                        help=_("games per task (default 10)"))
    parser.add_argument("--ray-address", metavar=pgettext("metavar", "ADDRESS"),
                        help=_("Ray cluster to join, e.g. auto or ray://head:10001 (default: start a local Ray)"))


def _config(args: argparse.Namespace, **run: Any) -> TournamentConfig:
    return TournamentConfig(bots=args.bots, seed=args.seed, game=args.game, players=args.players,
                            expansions=tuple(args.expansion), variants=tuple(args.variant), **run)


def register(subparsers: Any) -> None:
    """Add the tournament sub-commands to the ``stoneage`` parser."""
    tour = subparsers.add_parser("tournament", help=_("play many seeded games between bots, rotating seats"),
                                 description=_("Play many seeded games between bots, rotating the seats; print "
                                               "win rates, scores, decision times and openskill ratings."),
                                 allow_abbrev=False)
    _add_definition(tour)
    tour.add_argument("--games", type=GAMES, default=100, metavar=pgettext("metavar", "GAMES"),
                      help=_("number of games (default 100)"))
    tour.add_argument("--out", metavar=pgettext("metavar", "FILE"),
                      help=_("per-game results, FILE.jsonl or FILE.csv"))
    tour.add_argument("--records", metavar=pgettext("metavar", "DIR"),
                      help=_("write each game record to DIR/game-NNNNN.json"))
    tour.add_argument("--plot", metavar=pgettext("metavar", "FILE"),
                      help=_("score and win-rate chart, e.g. FILE.png"))
    add_runner_options(tour)
    tour.set_defaults(run=cmd_tournament)

    one = subparsers.add_parser("tournament-game", help=_("replay one game of a tournament alone"),
                                description=_("Play game INDEX of the tournament the same options define, "
                                              "exactly as the tournament played it, and optionally save its "
                                              "record."),
                                allow_abbrev=False)
    _add_definition(one)
    one.add_argument("--index", type=_INDEX, required=True, metavar=pgettext("metavar", "INDEX"),
                     help=_("game index (0-based, as in the results)"))
    one.add_argument("--record", metavar=pgettext("metavar", "FILE"), help=_("write the game record to FILE"))
    one.add_argument("--json", action="store_true", help=_("also print the result line as in the JSONL results"))
    one.set_defaults(run=cmd_tournament_game)
    selfplay_command.register(subparsers)


def cmd_tournament(args: argparse.Namespace) -> int:
    with claim(TournamentError, args.out, args.plot):  # each output checked, and ours alone, before any game
        return _tournament(args)


def _tournament(args: argparse.Namespace) -> int:
    from stoneage.sim.interrupts import interrupt_guard
    from stoneage.sim.plots import check_plot_path, plot
    from stoneage.sim.ratings import format_ratings, ratings
    from stoneage.sim.runner import TournamentInterrupted, run_tournament
    from stoneage.sim.schedule import cycle_length
    from stoneage.sim.stats import format_rate, format_summary, summarize

    config = _config(args, games=args.games, jobs=args.jobs, backend=args.backend, batch=args.batch,
                     ray_address=args.ray_address, records=args.records)
    validate(config)
    if args.out:
        check_results_path(args.out)
    if args.plot:
        check_plot_path(args.plot)
    require("openskill", "sim")
    tqdm = require("tqdm", "sim").tqdm
    sizes = "/".join(str(size) for size in config.table_sizes())
    print(_("Tournament: {games} games of {game} ({sizes} players), bots {bots}; seed {seed}; {jobs} job(s), "
            "{backend} backend").format(games=config.games, game=config.game, sizes=sizes,
                                        bots=", ".join(config.labels()), seed=config.seed, jobs=config.jobs,
                                        backend=config.backend),
          flush=True)
    cycle = cycle_length(config)
    if config.games % cycle:
        suggestion = -(-config.games // cycle) * cycle
        print(_("note: {games} games is not a multiple of the {cycle}-game seating cycle, so seats are only "
                "nearly balanced (use --games {suggestion} for exact balance)").format(
                    games=config.games, cycle=cycle, suggestion=suggestion), file=sys.stderr)

    with interrupt_guard() as guard:  # one Ctrl-C stops the run; more are ignored while the games are written
        stream = ResultsStream(args.out, max(config.table_sizes())) if args.out else None

        def on_game(result: GameResult) -> None:
            if stream is not None:
                stream.add(result)
            bar.update(1)

        try:
            unit = pgettext("progress bar unit", "game")
            with tqdm(total=config.games, unit=unit, file=sys.stderr, disable=None, dynamic_ncols=True) as bar:
                outcome = run_tournament(config, on_game=on_game)
        except TournamentInterrupted as stop:
            guard.ignore_after = True  # the command is ending: a late Ctrl-C must not turn 130 into a traceback
            return _interrupted(stop.partial, stream, args.out)
        except BaseException:
            if stream is not None:
                stream.close()
            raise
        results = outcome.results
        if stream is not None:
            stream.finish(results)
    print()
    print(format_summary(summarize(results)))
    if len(config.table_sizes()) > 1:
        print("\n" + _("By table size"))
        print(format_summary(summarize(results, by_players=True)))
    print("\n" + _("Ratings (openskill Plackett-Luce, ranked by final score)"))
    print(format_ratings(ratings(results)))
    print()
    if args.out:
        print(_("Results written to {path}").format(path=args.out))
    if config.records:
        print(_("Records written to {directory}/game-NNNNN.json (replay one with: stoneage replay FILE)").format(
            directory=config.records))
    if args.plot:
        plot(results, args.plot)
        print(_("Plot written to {path}").format(path=args.plot))
    print(_("Played {count} games in {seconds} s ({rate}; {jobs} job(s), {backend} backend)").format(
        count=len(results), seconds=f"{outcome.seconds:.1f}", rate=format_rate(len(results), outcome.seconds),
        jobs=config.jobs, backend=config.backend))
    return 0


def _interrupted(partial: TournamentResult, stream: ResultsStream | None, out: str | None) -> int:
    """Ctrl-C: keep the games already played (sorted), say what was kept, exit 130."""
    from stoneage.sim.stats import format_summary, summarize

    results, config = partial.results, partial.config
    if stream is not None:
        stream.finish(results)
    if results:
        print()
        print(format_summary(summarize(results)))
    records = bool(config.records and results)
    if out and records:
        where = _("; results in {path} and records in {directory}/").format(path=out, directory=config.records)
    elif out:
        where = _("; results in {path}").format(path=out)
    elif records:
        where = _("; records in {directory}/").format(directory=config.records)
    else:
        where = ""
    if not results:
        where = ""
    print(_("stoneage: interrupted after {count} of {games} games ({seconds} s){where}").format(
        count=len(results), games=config.games, seconds=f"{partial.seconds:.1f}", where=where), file=sys.stderr)
    return 130


def cmd_tournament_game(args: argparse.Namespace) -> int:
    with claim(TournamentError, args.record):  # checked, and ours alone, before the game is played
        return _tournament_game(args)


def _tournament_game(args: argparse.Namespace) -> int:
    from stoneage.sim.play import play_game

    config = _config(args)
    validate(config)
    result = play_game(config, args.index, keep_record=bool(args.record))
    print(_("Game {index} of the tournament with seed {seed}: {game}, {players} players, game seed {game_seed}, "
            "{steps} steps").format(index=result.index, seed=config.seed, game=config.game, players=result.players,
                                    game_seed=result.seed, steps=result.steps))
    width = max(len(bot) for bot in result.bots)
    for seat, bot in enumerate(result.bots):
        mark = "  " + _("winner") if seat in result.winners else ""
        print(_("seat {seat}  {bot}  bot seed {bot_seed}  score {score}{winner}").format(
            seat=seat + 1, bot=f"{bot:<{width}}", bot_seed=f"{result.bot_seeds[seat]:>10}",
            score=f"{result.scores[seat]:>4}", winner=mark))
    if args.json:
        print(json.dumps(result.outcome()))
    if args.record:
        if result.record is None:
            raise TournamentError(_("the game record was not kept"))  # pragma: no cover
        save_record(result.record, args.record)
        print(_("Record written to {path} (replay it with: stoneage replay {path})").format(path=args.record))
    return 0
