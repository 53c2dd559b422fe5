"""The ``stoneage play`` sub-command: the full-screen game, or ``--plain`` line-by-line play.

It names no game: the games, their expansions and variants come from the registry's descriptions,
the default seats, hint bot and pause from each game's play kit, and the app or plain-game class
from its terminal kit (a game without one is played line by line on the shared frame).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Iterable
from functools import partial
from typing import TYPE_CHECKING, Any

from stoneage.bots import BotSpecError, make_bot
from stoneage.bots.registry import UntrustedBotError
from stoneage.core.errors import GameOptionError
from stoneage.core.gametype import GameType, Kind, Param
from stoneage.core.i18n import _
from stoneage.core.limits import SEED, whole_number
from stoneage.core.record import check_writable, load_record
from stoneage.core.registry import DEFAULT_GAME, game_info, game_names
from stoneage.play.kit import PlayKit, play_kit
from stoneage.play.session import HUMAN, Session, normalize_seat
from stoneage.tui.base_plain import DEFAULT_SAVE
from stoneage.tui.kit import (
    NoFullScreenError,
    TextualMissingError as TextualMissingError,
    plays_line_by_line,
    tui_kit,
)
from stoneage.tui.learn import register as register_learn

if TYPE_CHECKING:
    from stoneage.tui.base_app import GameApp

MAX_SEATS = 100
"""The most seats ``--players`` and ``--first-player`` read (each game then allows its own few)."""


def _infos() -> list[GameType]:
    return [game_info(name) for name in game_names()]


_PLAYERS = whole_number(1, MAX_SEATS, "players")
_FIRST_PLAYER = whole_number(1, MAX_SEATS, "first player")


def _delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("delay must be a number of seconds, not {value}").format(
            value=repr(text))) from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(_("delay must be between 0 and 60 seconds, not {value}").format(
            value=repr(text)))
    return value


def _seats(text: str) -> list[str]:
    seats = [normalize_seat(part) for part in text.split(",")]
    if not all(seats):
        raise argparse.ArgumentTypeError(_("seats are a comma-separated list like human,medium,random, not {value}")
                                         .format(value=repr(text)))
    return seats


def _data_params() -> dict[str, Param]:
    """The games' own parameters that take a file or data (``mammoth_tiles``), by name."""
    return {param.name: param for info in _infos() for param in info.extra_params if param.kind is Kind.DATA}


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _options_help(kind: str) -> str:
    parts = [f"{option.name} ({info.name}: {_(option.doc)})" for info in _infos()
             for option in (info.expansions if kind == "expansions" else info.variants)]
    return "; ".join(parts) or _("none")


def register(subparsers: Any) -> None:
    """Add ``play`` to the ``stoneage`` command."""
    infos = _infos()
    variants = sorted({name for info in infos for name in info.option_names("variants")})
    expansions = sorted({name for info in infos for name in info.option_names("expansions")})
    # the help is worded when the command line is built, in the language chosen before (cli.main)
    games = ", ".join(f"{info.name} ({_(info.display_name)})" for info in infos)
    play = subparsers.add_parser(
        "play", help=_("play a game of the Stone Age family in the terminal against bots or people"),
        description=_("Play in the terminal: a full-screen game (textual), or --plain line-by-line play. "
                      "Default: {game}, you against the game's default bots.").format(
            game=_(game_info(DEFAULT_GAME).display_name)))
    play.add_argument("--game", choices=[info.name for info in infos], metavar="NAME",
                      help=_("the game: {games} (default {default}); with two or more people "
                             "(--seats human,human) the memory games play hot seat").format(
                          games=games, default=DEFAULT_GAME))
    play.add_argument("--players", type=_PLAYERS,
                      help=_("how many players (default: the game's usual number, or the number of --seats)"))
    play.add_argument("--seats", type=_seats, metavar="LIST",
                      help=_("who plays each seat, in order: human or a bot (random, easy, medium, hard, "
                             "greedy, mcts:..., child, junior, ...), e.g. human,hard or human,human,medium "
                             "(default: human, then the game's default bot)"))
    play.add_argument("--seed", type=SEED, help=_("seed of the dice, the cards and the bots (default: random)"))
    play.add_argument("--first-player", type=_FIRST_PLAYER, default=1, metavar="N",
                      help=_("the seat that starts round 1, from 1 (default 1)"))
    play.add_argument("--expansion", action="append", default=[], choices=expansions, metavar="NAME",
                      help=_("add an expansion (repeatable): {options}").format(options=_options_help("expansions")))
    for name, param in _data_params().items():
        play.add_argument(_flag(name), dest=name, metavar="FILE", help=_(param.doc))
    play.add_argument("--variant", action="append", default=[], choices=variants, metavar="NAME",
                      help=_("switch on a house rule (repeatable): {options}").format(
                          options=_options_help("variants")))
    play.add_argument("--delay", type=_delay, metavar="SECONDS",
                      help=_("pause after each bot move and each roll or card turned up (default: the game's "
                             "own pause with a person at the table, see docs/play.md; 0 when only bots play)"))
    play.add_argument("--resume", metavar="FILE",
                      help=_("continue a saved game (its seats unless --seats is given); saving writes back to "
                             "FILE unless --save names another"))
    play.add_argument("--save", metavar="FILE",
                      help=_("where the save key/command writes (default {default}); "
                             "in --plain mode the game is also saved there when play stops").format(
                          default=DEFAULT_SAVE))
    play.add_argument("--plain", action="store_true",
                      help=_("line-by-line text play for screen readers, pipes and scripts"))
    play.set_defaults(run=cmd_play)
    register_learn(subparsers)


def make_session(args: argparse.Namespace) -> Session:
    """The session the arguments ask for (new or resumed); ``StoneAgeError`` on bad values."""
    data_params = {name: getattr(args, name, None) for name in _data_params()}
    if args.resume:
        clashing = [flag for flag, value in (("--players", args.players), ("--seed", args.seed),
                                             ("--expansion", args.expansion), ("--variant", args.variant),
                                             *((_flag(n), v) for n, v in data_params.items()),
                                             ("--game", args.game))
                    if value]
        if args.first_player != 1:
            clashing.append("--first-player")
        if clashing:
            raise GameOptionError(_("{flags} cannot be combined with --resume: the saved game keeps its own settings")
                                  .format(flags=", ".join(clashing)))
        record = load_record(args.resume)
        seats = args.seats
        if seats is not None:
            _check_bots(seats)
            return Session.from_record(record, seats, trusted=True)
        try:
            return Session.from_record(record)
        except UntrustedBotError as error:  # the save's seats: a program or a file
            raise UntrustedBotError(_("{error}; choose the seats' bots with --seats").format(error=error),
                                    error.spec, error.kind, error.parameter) from None
        except BotSpecError as error:  # a level that cannot be made
            raise BotSpecError(_("{error}; choose the seats' bots with --seats").format(error=error)) from None
    name = args.game or DEFAULT_GAME
    info = game_info(name)
    seats = args.seats
    if seats is None:
        players = args.players or info.default_players
        _check_count(info, players)
        seats = [HUMAN] + [_default_bot(play_kit(name))] * (players - 1)
    elif args.players is not None and args.players != len(seats):
        raise GameOptionError(_("--players {players} does not match the {seats} seats of --seats").format(
            players=args.players, seats=len(seats)))
    _check_count(info, len(seats))
    _check_bots(seats)
    if not 1 <= args.first_player <= len(seats):
        raise GameOptionError(_("--first-player must be 1 to {last}, not {value}").format(
            last=len(seats), value=args.first_player))
    if args.expansion and not info.expansions:
        raise GameOptionError(_("{game} has no expansions").format(game=name))
    own = {param.name for param in info.extra_params}
    for param_name, value in data_params.items():
        if value is not None and param_name not in own:
            raise GameOptionError(_("{flag} is not an option of {game}").format(flag=_flag(param_name), game=name))
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    try:
        return Session.new(seats, seed, first_player=args.first_player - 1, expansions=tuple(args.expansion),
                           variants=tuple(args.variant), game=name, trusted=True, **data_params)
    except GameOptionError as error:
        raise GameOptionError(as_flags(str(error), data_params)) from None


def _option_flags(flag: str, match: re.Match[str]) -> str:
    names = [name.strip("'\" ") for name in match[1].split(",")]
    return " ".join(f"--{flag} {name}" for name in names if name)


def as_flags(message: str, params: Iterable[str]) -> str:
    """A game's message about its parameters in the words of this command's flags:
    ``mammoth_tiles needs expansions=['mammoth']`` -> ``--mammoth-tiles needs --expansion mammoth``."""
    for kind in ("expansions", "variants"):
        message = re.sub(kind + r"=\[([^\]]*)\]", partial(_option_flags, kind[:-1]), message)
    for name in params:
        message = re.sub(rf"\b{name}\b", _flag(name), message)
    return message


def _check_count(info: GameType, count: int) -> None:
    low, high = info.min_players, info.max_players
    if not low <= count <= high:
        if low == high:
            raise GameOptionError(_("{game} needs {count} seats (players), not {value}").format(
                game=info.name, count=low, value=count))
        raise GameOptionError(_("{game} needs {low} to {high} seats (players), not {value}").format(
            game=info.name, low=low, high=high, value=count))


def _default_bot(kit: PlayKit) -> str:
    try:
        make_bot(kit.default_bot)
    except BotSpecError:
        print("stoneage: " + _("note: the {bot} bot is not available yet; playing against {fallback} bots").format(
            bot=repr(kit.default_bot), fallback=repr(kit.fallback_bot)), file=sys.stderr)
        return kit.fallback_bot
    return kit.default_bot


def _check_bots(seats: list[str]) -> None:
    for spec in seats:
        if spec != HUMAN:
            make_bot(spec, trusted=True).close()  # BotSpecError (a StoneAgeError) with the known names


def cmd_play(args: argparse.Namespace) -> int:
    if args.save:
        check_writable(args.save)  # a pipe, a device or a missing folder is refused before the game starts
    session = make_session(args)
    delay = args.delay if args.delay is not None else session.pause()
    save_path = args.save or args.resume or DEFAULT_SAVE
    kit = tui_kit(session.game)
    plain = plays_line_by_line(args.plain, kit, session.game)
    if plain:
        game = kit.plain_class()(session, delay=delay, save_path=save_path, autosave=args.save is not None)
        return game.run()
    app = kit.app_class()(session, delay=delay, save_path=save_path)
    app.run()
    return 0


def load_app_class(game: str = DEFAULT_GAME) -> type[GameApp]:
    """The full-screen app class of ``game``; ``TextualMissingError`` if textual is not installed,
    ``NoFullScreenError`` if the game has none."""
    return tui_kit(game).app_class()


__all__ = ["NoFullScreenError", "TextualMissingError", "cmd_play", "load_app_class", "make_session", "register"]
