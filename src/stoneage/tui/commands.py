"""The ``stoneage play`` sub-command: the full-screen game, or ``--plain`` line-by-line play."""

from __future__ import annotations

import argparse
import random
import sys
from typing import TYPE_CHECKING, Any

from stoneage.bots import BotSpecError, make_bot
from stoneage.core.errors import GameOptionError, StoneAgeError
from stoneage.core.record import load_record
from stoneage.play.session import HUMAN, Session, normalize_seat

if TYPE_CHECKING:
    from stoneage.tui.first_stone_age.app import FirstStoneAgeApp
    from stoneage.tui.stone_age.app import StoneAgeApp
    from stoneage.tui.stone_age_junior.app import StoneAgeJuniorApp

DEFAULT_BOT = "medium"
FALLBACK_BOT = "random"
DEFAULT_SAVE = "stoneage-game.json"
HUMAN_DELAY = 0.6
GAMES = ("stone_age", "first_stone_age", "stone_age_junior")
"""The games ``stoneage play`` plays (``--game``)."""
CARD_GAME = "first_stone_age"
CARD_GAME_BOT = "child"
CARD_GAME_DELAY = 3.0
"""My First Stone Age: how long a turned-up card stays face up with a person at the table."""
JUNIOR = "stone_age_junior"
JUNIOR_BOT = "junior_child"
JUNIOR_DELAY = 1.5
"""Stone Age Junior: the default opponent (a child's memory) and the pause to look at a forest tile."""


class TextualMissingError(StoneAgeError):
    """The full-screen mode needs the optional ``textual`` package."""


def _players(text: str) -> int:
    if text not in ("2", "3", "4"):
        raise argparse.ArgumentTypeError(f"players must be 2, 3 or 4, not {text!r}")
    return int(text)


def _seed(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"seed must be a non-negative integer, not {text!r}")
    return int(text)


def _delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"delay must be a number of seconds, not {text!r}") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"delay must be between 0 and 60 seconds, not {text!r}")
    return value


def _seats(text: str) -> list[str]:
    seats = [normalize_seat(part) for part in text.split(",")]
    if not all(seats):
        raise argparse.ArgumentTypeError(f"seats are a comma-separated list like human,medium,random, not {text!r}")
    if not 2 <= len(seats) <= 4:
        raise argparse.ArgumentTypeError(f"2 to 4 seats are needed, not {len(seats)} ({text!r})")
    return seats


def register(subparsers: Any) -> None:
    """Add ``play`` to the ``stoneage`` command."""
    from stoneage.core.registry import game_info, game_names

    variants = {name for game in game_names() for name in game_info(game).option_names("variants")}

    play = subparsers.add_parser(
        "play", help="play Stone Age in the terminal against bots or people",
        description="Play Stone Age in the terminal: a full-screen game (textual), or --plain line-by-line play. "
                    "Default: you against 3 medium bots.")
    play.add_argument("--game", choices=GAMES, help="stone_age (default) or first_stone_age (My First Stone Age: "
                      "The Card Game; default you against child bots, --seats human,human for hot seat) or "
                      "stone_age_junior (the board game; default you against junior_child bots; "
                      "--expansion cards, --variant one_swap)")
    play.add_argument("--players", type=_players, help="2, 3 or 4 (default 4, or the number of --seats)")
    play.add_argument("--seats", type=_seats, metavar="LIST",
                      help="who plays each seat, in order: human or a bot (random, easy, medium, hard, "
                           "greedy, mcts:...), e.g. human,hard or human,human,medium (default: human then medium bots)")
    play.add_argument("--seed", type=_seed, help="seed of the dice, the cards and the bots (default: random)")
    play.add_argument("--first-player", type=int, default=1, metavar="N",
                      help="the seat that starts round 1, from 1 (default 1)")
    play.add_argument("--expansion", action="append", default=[], metavar="NAME",
                      help="add an expansion, e.g. mammoth (repeatable)")
    play.add_argument("--mammoth-tiles", metavar="FILE",
                      help="with --expansion mammoth: your own tile table (JSON) instead of the shipped "
                           "reconstruction; see docs/mammoth-herd.md")
    play.add_argument("--variant", action="append", default=[], choices=sorted(variants),
                      help="switch on a house rule (repeatable)")
    play.add_argument("--delay", type=_delay, metavar="SECONDS",
                      help=f"pause after each bot move and dice roll (default {HUMAN_DELAY} with a person "
                           "at the table, 0 for bots only); with --game first_stone_age also how long a "
                           f"turned-up card stays face up (default {CARD_GAME_DELAY:g})")
    play.add_argument("--resume", metavar="FILE", help="continue a saved game (its seats unless --seats is given)")
    play.add_argument("--save", metavar="FILE",
                      help=f"where the save key/command writes (default {DEFAULT_SAVE}); "
                           "in --plain mode the game is also saved there when play stops")
    play.add_argument("--plain", action="store_true",
                      help="line-by-line text play for screen readers, pipes and scripts")
    play.set_defaults(run=cmd_play)


def make_session(args: argparse.Namespace) -> Session:
    """The session the arguments ask for (new or resumed); ``StoneAgeError`` on bad values."""
    if args.resume:
        clashing = [flag for flag, value in (("--players", args.players), ("--seed", args.seed),
                                             ("--expansion", args.expansion), ("--variant", args.variant),
                                             ("--mammoth-tiles", args.mammoth_tiles), ("--game", args.game))
                    if value]
        if args.first_player != 1:
            clashing.append("--first-player")
        if clashing:
            raise GameOptionError(f"{', '.join(clashing)} cannot be combined with --resume: "
                                  "the saved game keeps its own settings")
        record = load_record(args.resume)
        seats = args.seats
        if seats is not None:
            _check_bots(seats)
        return Session.from_record(record, seats)
    seats = args.seats
    if seats is None:
        players = args.players or 4
        bot = CARD_GAME_BOT if args.game == CARD_GAME else JUNIOR_BOT if args.game == JUNIOR else _default_bot()
        seats = [HUMAN] + [bot] * (players - 1)
    elif args.players is not None and args.players != len(seats):
        raise GameOptionError(f"--players {args.players} does not match the {len(seats)} seats of --seats")
    _check_bots(seats)
    if not 1 <= args.first_player <= len(seats):
        raise GameOptionError(f"--first-player must be 1 to {len(seats)}, not {args.first_player}")
    if args.game == CARD_GAME and args.expansion:
        raise GameOptionError(f"{CARD_GAME} has no expansions (--expansion is for Stone Age)")
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    if args.mammoth_tiles is not None and "mammoth" not in args.expansion:
        raise GameOptionError("--mammoth-tiles needs --expansion mammoth")
    return Session.new(seats, seed, first_player=args.first_player - 1, expansions=tuple(args.expansion),
                       variants=tuple(args.variant), mammoth_tiles=args.mammoth_tiles, game=args.game or "stone_age")


def _default_bot() -> str:
    try:
        make_bot(DEFAULT_BOT)
    except BotSpecError:
        print(f"stoneage: note: the {DEFAULT_BOT!r} bot is not available yet; playing against "
              f"{FALLBACK_BOT!r} bots", file=sys.stderr)
        return FALLBACK_BOT
    return DEFAULT_BOT


def _check_bots(seats: list[str]) -> None:
    for spec in seats:
        if spec != HUMAN:
            make_bot(spec)  # raises BotSpecError (a StoneAgeError) with the known names


def cmd_play(args: argparse.Namespace) -> int:
    session = make_session(args)
    card_game = session.game.name == CARD_GAME
    delay = args.delay if args.delay is not None else (
        0.0 if session.all_bots() else CARD_GAME_DELAY if card_game
        else JUNIOR_DELAY if session.game.name == JUNIOR else HUMAN_DELAY)
    save_path = args.save or DEFAULT_SAVE
    plain = args.plain
    if not plain and not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("stoneage: note: not a terminal, so playing line by line (--plain)", file=sys.stderr)
        plain = True
    if plain and card_game:
        from stoneage.tui.first_stone_age.plain import FirstStoneAgePlainGame

        return FirstStoneAgePlainGame(session, delay=delay, save_path=save_path, autosave=args.save is not None).run()
    if plain and session.game.name == JUNIOR:
        from stoneage.tui.stone_age_junior.plain import JuniorPlainGame

        return JuniorPlainGame(session, delay=delay, save_path=save_path, autosave=args.save is not None).run()
    if plain:
        from stoneage.tui.stone_age.plain import PlainGame

        return PlainGame(session, delay=delay, save_path=save_path, autosave=args.save is not None).run()
    app_class = load_app_class(session.game.name)
    app = app_class(session, delay=delay, save_path=save_path)
    app.run()
    return 0


def load_app_class(game: str = "stone_age") -> type[StoneAgeApp] | type[FirstStoneAgeApp] | type[StoneAgeJuniorApp]:
    """The full-screen app class of ``game``; ``TextualMissingError`` if textual is not installed."""
    try:
        if game == CARD_GAME:
            from stoneage.tui.first_stone_age.app import FirstStoneAgeApp

            return FirstStoneAgeApp
        if game == JUNIOR:
            from stoneage.tui.stone_age_junior.app import StoneAgeJuniorApp

            return StoneAgeJuniorApp
        from stoneage.tui.stone_age.app import StoneAgeApp
    except ImportError as error:
        if "textual" not in str(error) and "rich" not in str(error):
            raise
        raise TextualMissingError(
            'the full-screen mode needs textual: pip install "stoneage[tui]" (or play line by line with --plain)'
        ) from None
    return StoneAgeApp
