"""The ``stoneage`` command: simulate, replay and bench; play and tournaments join as plugins."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from importlib import import_module
from importlib.util import find_spec
from typing import Any

import stoneage
from stoneage.core.contract import OMNISCIENT, Game, State
from stoneage.core.errors import StoneAgeError
from stoneage.core.record import check_writable, load_record, make_record, replay, save_record
from stoneage.core.registry import DEFAULT_GAME, game_info, game_names, load_game
from stoneage.play.events import apply_with_events, round_of
from stoneage.play.kit import play_kit

PLUGINS = ("stoneage.sim.commands", "stoneage.tui.commands", "stoneage.web.commands")
"""Modules that add sub-commands: each has ``register(subparsers)``."""


class Parser(argparse.ArgumentParser):
    """An argument parser that takes no abbreviations (``--game`` is never read as ``--games``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)


def _players(text: str) -> int:
    if text not in ("2", "3", "4"):
        raise argparse.ArgumentTypeError(f"players must be 2, 3 or 4, not {text!r}")
    return int(text)


def _seed(text: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"seed must be a non-negative integer, not {text!r}")
    return int(text)


def option_help(kind: str) -> str:
    """Every game's expansions or variants, for a ``--help`` text: ``stone_age: a, b; ...``."""
    parts = [f"{name}: {', '.join(game_info(name).option_names(kind))}" for name in game_names()
             if game_info(name).option_names(kind)]
    return "; ".join(parts) or "none"


def print_result(game: Game, state: State) -> None:
    """Print the final score breakdown per player and the winner(s), in the game's own words."""
    names = [f"Player {seat + 1}" for seat in range(game.num_players)]
    print("\n".join(play_kit(game).result_lines(state, names)))


def _print_events(state: State, action: int) -> None:
    for event in apply_with_events(state, action, OMNISCIENT):
        print("\n".join(event.lines()))


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.record:
        check_writable(args.record)
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    options = {"variants": args.variant, **({"expansions": args.expansion} if args.expansion else {})}
    game = load_game(args.game, players=args.players, seed=seed, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    print(f"Simulated {args.game} game: {args.players} uniformly random players, seed {seed}")
    last_round = None
    while not state.is_terminal():
        action = state.sample_chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions())
        if args.quiet:
            state.apply_action(action)
            continue
        current_round = round_of(state)
        if current_round is not None and current_round != last_round:
            print(f"\n== Round {current_round} ==")
            last_round = current_round
        _print_events(state, action)
    print(f"\nFinal scores after {state.move_number()} steps:")
    print_result(game, state)
    if args.record:
        save_record(make_record(game, state), args.record)
        print(f"Game record written to {args.record}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    game, state = replay(record)
    if args.log:
        again = game.new_initial_state()
        for action in state.history():
            _print_events(again, action)
        print()
    print(f"Replayed {len(record['actions'])} actions of a {game.name} game "
          f"({game.num_players} players, seed {game.seed}).")
    print_result(game, state)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from stoneage.bench import run_command

    return run_command(args)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="stoneage", description="The Stone Age board-game family.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {stoneage.__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=Parser)

    sim = commands.add_parser("simulate", help="play a game of random players and print its log")
    sim.add_argument("--game", choices=game_names(), default=DEFAULT_GAME)
    sim.add_argument("--players", type=_players, default=4, help="2, 3 or 4 (default 4)")
    sim.add_argument("--seed", type=_seed, help="seed of the dice, cards and players (default: random)")
    sim.add_argument("--expansion", action="append", default=[], metavar="NAME",
                     help=f"add an expansion (repeatable); {option_help('expansions')}")
    sim.add_argument("--variant", action="append", default=[], metavar="NAME",
                     help=f"switch on a house rule (repeatable); {option_help('variants')}")
    sim.add_argument("--record", metavar="FILE", help="also write the game record to FILE")
    sim.add_argument("--quiet", action="store_true", help="print only the final scores")
    sim.set_defaults(run=cmd_simulate)

    rep = commands.add_parser("replay", help="replay a game record and print the final scores")
    rep.add_argument("file", metavar="FILE")
    rep.add_argument("--log", action="store_true",
                     help="also print every step of the game, as the event stream tells it")
    rep.set_defaults(run=cmd_replay)

    from stoneage.bench import add_arguments as add_bench_arguments

    ben = commands.add_parser("bench", help="measure engine and bot speed (random games, clone, memory, decisions)",
                              description="Measure any game's engine (uniform-random games, steps, clone cost, "
                              "state size) and bots' decision times; save with --json, compare with --compare.",
                              allow_abbrev=False)
    add_bench_arguments(ben)
    ben.set_defaults(run=cmd_bench)
    for module_name in PLUGINS:
        if find_spec(module_name) is not None:
            import_module(module_name).register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``stoneage`` command; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except StoneAgeError as error:
        print(f"stoneage: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return status


if __name__ == "__main__":
    sys.exit(main())
