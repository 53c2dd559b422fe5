"""The ``stoneage selfplay`` sub-command: self-play data for learning, as a ``.npz`` file."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from stoneage.core.i18n import _, pgettext
from stoneage.core.limits import BATCH, GAMES, JOBS, SEED
from stoneage.core.output import claim
from stoneage.core.registry import DEFAULT_GAME, game_names
from stoneage.sim.config import BACKENDS, split_bots
from stoneage.sim.errors import TournamentError, require


def _players(text: str) -> int:
    if text.strip() not in ("2", "3", "4"):
        raise argparse.ArgumentTypeError(_("players must be 2, 3 or 4, not {value!r}").format(value=text))
    return int(text)


def register(subparsers: Any) -> None:
    """Add ``selfplay`` to the ``stoneage`` parser."""
    parser = subparsers.add_parser(
        "selfplay", help=_("play seeded games between bots and save every decision as arrays"),
        description=_("Play seeded games between bots (game i as in the tournament with the same options) "
                      "and save each decision's observation tensor, legal-action mask and action, with the "
                      "games' final returns and scores, as a compressed .npz file and a JSON header."),
        allow_abbrev=False)
    parser.add_argument("--bots", type=split_bots, required=True, metavar=pgettext("metavar", "SPEC,SPEC,..."),
                        help=_("bot specs, one per seat or one for every seat, e.g. greedy or mcts,random"))
    parser.add_argument("--players", type=_players, metavar="N",
                        help=_("seats (default: the number of bot specs, or 2 for one spec)"))
    parser.add_argument("--game", choices=game_names(), default=DEFAULT_GAME)
    parser.add_argument("--expansion", action="append", default=[], metavar=pgettext("metavar", "NAME"),
                        help=_("repeatable"))
    parser.add_argument("--variant", action="append", default=[], metavar=pgettext("metavar", "NAME"),
                        help=_("repeatable"))
    parser.add_argument("--games", type=GAMES, default=100, metavar=pgettext("metavar", "GAMES"),
                        help=_("number of games (default 100)"))
    parser.add_argument("--seed", type=SEED, default=0, metavar=pgettext("metavar", "SEED"),
                        help=_("seed (default 0); with the bots and options it decides every game"))
    parser.add_argument("--out", required=True, metavar=pgettext("metavar", "FILE"),
                        help=_("the data, FILE.npz (its header also goes to FILE.json)"))
    parser.add_argument("--info-state", action="store_true",
                        help=_("also save each decision's information-state tensor"))
    parser.add_argument("--backend", choices=BACKENDS, default="local", help=_("local processes or Ray"))
    parser.add_argument("--jobs", "--workers", type=JOBS, default=1, metavar=pgettext("metavar", "JOBS"),
                        help=_("worker processes / Ray CPUs, at most the machine's CPUs (default 1)"))
    parser.add_argument("--batch", type=BATCH, default=10, metavar=pgettext("metavar", "BATCH"),
                        help=_("games per Ray task (default 10)"))
    parser.add_argument("--ray-address", metavar=pgettext("metavar", "ADDRESS"),
                        help=_("Ray cluster to join, e.g. auto or ray://head:10001 (default: start a local Ray)"))
    parser.set_defaults(run=cmd_selfplay)


def cmd_selfplay(args: argparse.Namespace) -> int:
    from stoneage.sim import selfplay_file

    selfplay_file.check_out_path(args.out)
    with claim(TournamentError, args.out, selfplay_file.header_path(args.out)):  # ours alone while the games run
        return _selfplay(args)


def _selfplay(args: argparse.Namespace) -> int:
    from stoneage.sim import selfplay_file
    from stoneage.sim.interrupts import interrupt_guard
    from stoneage.sim.selfplay import GameData, SelfPlayConfig, numpy_module, run_selfplay, validate_selfplay

    config = SelfPlayConfig(bots=args.bots, games=args.games, seed=args.seed, game=args.game,
                            players=args.players, expansions=tuple(args.expansion), variants=tuple(args.variant),
                            info_state=args.info_state, jobs=args.jobs, backend=args.backend, batch=args.batch,
                            ray_address=args.ray_address)
    numpy_module()
    validate_selfplay(config)  # the outputs were checked and locked by cmd_selfplay
    tqdm = require("tqdm", "sim").tqdm
    seats = config.seats()
    print(_("Self-play: {games} games of {game} ({players} players), bots {bots}; seed {seed}; {jobs} job(s), "
            "{backend} backend").format(games=config.games, game=config.game, players=len(seats),
                                        bots=", ".join(seats), seed=config.seed, jobs=config.jobs,
                                        backend=config.backend), flush=True)
    finished = 0
    with interrupt_guard() as guard:  # one Ctrl-C stops the workers; more are ignored while they stop
        try:
            with tqdm(total=config.games, unit=pgettext("progress bar unit", "game"), file=sys.stderr,
                      disable=None, dynamic_ncols=True) as bar:

                def on_game(_data: GameData) -> None:
                    nonlocal finished
                    finished += 1
                    bar.update(1)

                outcome = run_selfplay(config, on_game=on_game)
        except KeyboardInterrupt:
            guard.ignore_after = True  # the command is ending: a late Ctrl-C changes nothing
            print(_("stoneage: interrupted after {count} of {games} games; nothing written").format(
                count=finished, games=config.games), file=sys.stderr)
            return 130
    data = selfplay_file.arrays(outcome.games)
    decisions = len(data["action"])
    selfplay_file.write(args.out, data, selfplay_file.header(config, decisions))
    print(_("Wrote {decisions} decisions of {games} games to {path} (header: {header}) in {seconds} s").format(
        decisions=decisions, games=len(outcome.games), path=args.out, header=selfplay_file.header_path(args.out),
        seconds=f"{outcome.seconds:.1f}"))
    return 0
