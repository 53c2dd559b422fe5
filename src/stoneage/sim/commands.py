"""The ``stoneage tournament`` and ``stoneage tournament-game`` sub-commands."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from stoneage.core.record import save_record
from stoneage.core.registry import DEFAULT_GAME, game_names
from stoneage.sim.config import BACKENDS, TournamentConfig, split_bots, validate
from stoneage.sim.errors import TournamentError, require
from stoneage.sim.results import GameResult, ResultsStream, check_results_path, check_writable

if TYPE_CHECKING:
    from stoneage.sim.runner import TournamentResult


def _positive(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, not {text!r}")
    return int(text)


def _non_negative(text: str) -> int:
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"expected a non-negative integer, not {text!r}")
    return int(text)


def _table_sizes(text: str) -> tuple[int, ...]:
    sizes = []
    for part in text.split(","):
        if part.strip() not in ("2", "3", "4"):
            raise argparse.ArgumentTypeError(f"players must be 2, 3 or 4 (or a list like 2,3), not {part!r}")
        sizes.append(int(part))
    return tuple(sorted(set(sizes)))


def _bots(text: str) -> tuple[str, ...]:
    return split_bots(text)


def _add_definition(parser: argparse.ArgumentParser) -> None:
    """The options that decide what each game of a tournament is."""
    parser.add_argument("--bots", type=_bots, required=True, metavar="SPEC,SPEC,...",
                        help="bot specs, one per seat, e.g. mcts:iterations=500,greedy,greedy,random")
    parser.add_argument("--seed", type=_non_negative, default=0, help="tournament seed (default 0)")
    parser.add_argument("--game", choices=game_names(), default=DEFAULT_GAME)
    parser.add_argument("--players", type=_table_sizes, default=(), metavar="N[,N...]",
                        help="table size(s) drawn from the bot pool (default: one table of all the bots)")
    parser.add_argument("--expansion", action="append", default=[], metavar="NAME", help="repeatable")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME", help="repeatable")


def _config(args: argparse.Namespace, **run: Any) -> TournamentConfig:
    return TournamentConfig(bots=args.bots, seed=args.seed, game=args.game, players=args.players,
                            expansions=tuple(args.expansion), variants=tuple(args.variant), **run)


def register(subparsers: Any) -> None:
    """Add the tournament sub-commands to the ``stoneage`` parser."""
    tour = subparsers.add_parser("tournament", help="play many seeded games between bots, rotating seats",
                                 description="Play many seeded games between bots, rotating the seats; print "
                                 "win rates, scores, decision times and openskill ratings.", allow_abbrev=False)
    _add_definition(tour)
    tour.add_argument("--games", type=_positive, default=100, help="number of games (default 100)")
    tour.add_argument("--jobs", type=_positive, default=1,
                      help="worker processes / Ray CPUs, at most the machine's CPUs (default 1)")
    tour.add_argument("--out", metavar="FILE", help="per-game results, FILE.jsonl or FILE.csv")
    tour.add_argument("--records", metavar="DIR", help="write each game record to DIR/game-NNNNN.json")
    tour.add_argument("--plot", metavar="FILE", help="score and win-rate chart, e.g. FILE.png")
    tour.add_argument("--backend", choices=BACKENDS, default="local", help="local processes or Ray")
    tour.add_argument("--batch", type=_positive, default=10, help="games per task (default 10)")
    tour.add_argument("--ray-address", metavar="ADDRESS",
                      help="Ray cluster to join, e.g. auto or ray://head:10001 (default: start a local Ray)")
    tour.set_defaults(run=cmd_tournament)

    one = subparsers.add_parser("tournament-game", help="replay one game of a tournament alone",
                                description="Play game INDEX of the tournament the same options define, "
                                "exactly as the tournament played it, and optionally save its record.",
                                allow_abbrev=False)
    _add_definition(one)
    one.add_argument("--index", type=_non_negative, required=True, help="game index (0-based, as in the results)")
    one.add_argument("--record", metavar="FILE", help="write the game record to FILE")
    one.add_argument("--json", action="store_true", help="also print the result line as in the JSONL results")
    one.set_defaults(run=cmd_tournament_game)


def cmd_tournament(args: argparse.Namespace) -> int:
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
    print(f"Tournament: {config.games} games of {config.game} ({sizes} players), bots "
          f"{', '.join(config.labels())}; seed {config.seed}; {config.jobs} job(s), {config.backend} backend",
          flush=True)
    cycle = cycle_length(config)
    if config.games % cycle:
        suggestion = -(-config.games // cycle) * cycle
        print(f"note: {config.games} games is not a multiple of the {cycle}-game seating cycle, so seats are "
              f"only nearly balanced (use --games {suggestion} for exact balance)", file=sys.stderr)

    with interrupt_guard() as guard:  # one Ctrl-C stops the run; more are ignored while the games are written
        stream = ResultsStream(args.out, max(config.table_sizes())) if args.out else None

        def on_game(result: GameResult) -> None:
            if stream is not None:
                stream.add(result)
            bar.update(1)

        try:
            with tqdm(total=config.games, unit="game", file=sys.stderr, disable=None, dynamic_ncols=True) as bar:
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
        print("\nBy table size")
        print(format_summary(summarize(results, by_players=True)))
    print("\nRatings (openskill Plackett-Luce, ranked by final score)")
    print(format_ratings(ratings(results)))
    print()
    if args.out:
        print(f"Results written to {args.out}")
    if config.records:
        print(f"Records written to {config.records}/game-NNNNN.json (replay one with: stoneage replay FILE)")
    if args.plot:
        plot(results, args.plot)
        print(f"Plot written to {args.plot}")
    print(f"Played {len(results)} games in {outcome.seconds:.1f} s ({format_rate(len(results), outcome.seconds)}; "
          f"{config.jobs} job(s), {config.backend} backend)")
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
    kept = []
    if out:
        kept.append(f"results in {out}")
    if config.records and results:
        kept.append(f"records in {config.records}/")
    where = f"; {' and '.join(kept)}" if kept and results else ""
    print(f"stoneage: interrupted after {len(results)} of {config.games} games "
          f"({partial.seconds:.1f} s){where}", file=sys.stderr)
    return 130


def cmd_tournament_game(args: argparse.Namespace) -> int:
    from stoneage.sim.play import play_game

    config = _config(args)
    validate(config)
    if args.record:
        check_writable(args.record)
    result = play_game(config, args.index, keep_record=bool(args.record))
    print(f"Game {result.index} of the tournament with seed {config.seed}: {config.game}, "
          f"{result.players} players, game seed {result.seed}, {result.steps} steps")
    width = max(len(bot) for bot in result.bots)
    for seat, bot in enumerate(result.bots):
        mark = "  winner" if seat in result.winners else ""
        print(f"seat {seat + 1}  {bot:<{width}}  bot seed {result.bot_seeds[seat]:>10}  "
              f"score {result.scores[seat]:>4}{mark}")
    if args.json:
        print(json.dumps(result.outcome()))
    if args.record:
        if result.record is None:
            raise TournamentError("the game record was not kept")  # pragma: no cover
        save_record(result.record, args.record)
        print(f"Record written to {args.record} (replay it with: stoneage replay {args.record})")
    return 0
