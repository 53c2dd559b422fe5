"""The ``stoneage`` command: simulate, replay and bench; play and tournaments join as plugins."""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from importlib import import_module
from importlib.util import find_spec
from typing import Any

import stoneage
from stoneage.core.contract import OMNISCIENT, Game, State
from stoneage.core.errors import RecordError, StoneAgeError
from stoneage.core.i18n import (
    N_,
    LanguageError,
    _,
    check,
    choose,
    current,
    from_environment,
    known,
    pgettext,
    seat_name,
    set_language,
)
from stoneage.core.limits import SEED
from stoneage.core.native import build_of
from stoneage.core.output import claim
from stoneage.core.record import load_record, make_record, replay, save_record
from stoneage.core.registry import DEFAULT_GAME, game_info, game_names, load_game
from stoneage.core.text import cells
from stoneage.play.events import apply_with_events, round_of
from stoneage.play.kit import play_kit

PLUGINS = ("stoneage.sim.commands", "stoneage.sim.train_command", "stoneage.sim.analyze_command",
           "stoneage.sim.ladder_command",
           "stoneage.tui.commands", "stoneage.web.commands")
"""Modules that add sub-commands: each has ``register(subparsers)``."""


LANG_OPTION = "--lang"

# TRANSLATORS: argparse's own texts (usage line, help sections, its error messages). Keep every
# %(name)s, %s and %r placeholder, and the trailing space of "usage: ".
ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
"""The texts argparse words itself that a person meets, marked so the catalogs hold them."""


@contextmanager
def argparse_in_our_language() -> Iterator[None]:
    """Let argparse word its own texts (``usage:``, ``options``, its errors) in the chosen language.

    argparse translates them with ``gettext.gettext`` / ``gettext.ngettext`` under the names
    ``argparse._`` and ``argparse.ngettext``, which it looks up each time it makes a text: when a
    parser is built (section titles, the ``-h`` help) and when one formats help or an error. While
    the ``stoneage`` command line is built and read, those two names point at our catalog (whose
    entries for argparse's msgids are ``ARGPARSE_MESSAGES``); afterwards they are put back, so no
    other argparse user in the process is touched. English comes out unchanged: the source
    language's catalog gives back each msgid, as gettext does with no catalog installed.
    Overriding argparse's methods instead would mean copying each of them whole for one word.
    """
    from stoneage.core import i18n

    module = vars(argparse)
    saved = module["_"], module["ngettext"]
    module["_"], module["ngettext"] = i18n._, i18n.ngettext
    try:
        yield
    finally:
        module["_"], module["ngettext"] = saved


def _language(text: str) -> str:
    try:
        return check(text)
    except LanguageError:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise argparse.ArgumentTypeError(
            _("unknown language {code!r} (known: {known})").format(code=shown, known=known())) from None


class HelpFormatter(argparse.HelpFormatter):
    """argparse's help layout, counting a Hangul letter as the two columns it takes (argparse counts
    ``len``): the help column stays straight after a Hangul metavar, and Korean text is wrapped to
    the terminal's width. Text with no wide letter is laid out by argparse itself, unchanged."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        if cells(text) == len(text):
            return super()._split_lines(text, width)
        return _wrap(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if cells(text) == len(text):
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in _wrap(text, width - len(indent)))

    def _format_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                      groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None) -> str:
        text = super()._format_usage(usage, actions, groups, prefix)
        shown = prefix if prefix is not None else vars(argparse)["_"]("usage: ")
        if cells(text) == len(text) or not text.startswith(shown + self._prog + " "):
            return text
        line = " ".join(text[len(shown) + len(self._prog) + 1:].split())
        room = self._width - self._current_indent
        if cells(shown) + cells(self._prog) + 1 + cells(line) <= room:
            return f"{shown}{self._prog} {line}\n\n"
        parts = re.findall(r"\(.*?\)+(?=\s|$)|\[.*?\]+(?=\s|$)|\S+", line)
        indent = cells(shown) + cells(self._prog) + 1
        if indent > 0.75 * room:  # as argparse does: the program's name alone, the rest below it
            return f"{shown}{self._prog}\n" + "\n".join(" " * cells(shown) + row for row in
                                                     _wrap_parts(parts, room - cells(shown))) + "\n\n"
        rows = _wrap_parts(parts, room - indent)
        return f"{shown}{self._prog} " + ("\n" + " " * indent).join(rows) + "\n\n"

    def add_argument(self, action: argparse.Action) -> None:
        super().add_argument(action)
        if action.help is not argparse.SUPPRESS:
            invocations = [self._format_action_invocation(action)]
            invocations += [self._format_action_invocation(sub) for sub in self._iter_indented_subactions(action)]
            self._action_max_length = max(self._action_max_length,
                                          max(map(cells, invocations)) + self._current_indent)

    def _format_action(self, action: argparse.Action) -> str:
        text = super()._format_action(action)
        invocation = self._format_action_invocation(action)
        head = " " * self._current_indent + invocation
        first, newline, rest = text.partition("\n")
        help_text = first[len(head):].lstrip(" ")
        if cells(invocation) == len(invocation) or not first.startswith(head) or not help_text:
            return text
        help_position = min(self._action_max_length + 2, self._max_help_position)
        gap = help_position - cells(head)
        if gap >= 2:
            first = head + " " * gap + help_text
        else:
            first = head + "\n" + " " * help_position + help_text
        return first + newline + rest


def _wrap(text: str, width: int) -> list[str]:
    """``text``'s words in lines of at most ``width`` terminal columns (a longer word alone)."""
    return _wrap_parts(text.split(), width)


def _wrap_parts(parts: Sequence[str], width: int) -> list[str]:
    """``parts`` (words, or usage parts like ``[--seed 시드]``) joined by spaces in lines of at most
    ``width`` terminal columns (a longer part alone)."""
    lines: list[str] = []
    line = ""
    for part in parts:
        candidate = f"{line} {part}" if line else part
        if line and cells(candidate) > width:
            lines.append(line)
            line = part
        else:
            line = candidate
    return [*lines, line] if line else lines


class Parser(argparse.ArgumentParser):
    """An argument parser that takes no abbreviations (``--game`` is never read as ``--games``), and
    gives itself ``--lang``: the top-level parser and every sub-command, plugins' included, since
    ``add_subparsers(parser_class=Parser)`` makes each of them a ``Parser``.

    The language is picked from the command line before any parser is built (``main``), so the
    option itself only checks the code and reports a bad one in argparse's words; its default is
    ``SUPPRESS`` so a sub-command never overwrites a ``--lang`` given before its name.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)
        self.add_argument(LANG_OPTION, type=_language, default=argparse.SUPPRESS, metavar=pgettext("metavar", "CODE"),
                          help=_("language of the output: {codes} (default: from the environment, "
                                 "LANGUAGE, LC_ALL, LC_MESSAGES or LANG)").format(codes=known()))


def requested_language(argv: Sequence[str]) -> str | None:
    """The code of the last ``--lang CODE`` / ``--lang=CODE`` in ``argv`` (before a ``--``), if any."""
    found = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == LANG_OPTION and index + 1 < len(argv):
            found = argv[index + 1]
        elif arg.startswith(LANG_OPTION + "="):
            found = arg.partition("=")[2]
    return found


def _players(text: str) -> int:
    if text not in ("2", "3", "4"):
        raise argparse.ArgumentTypeError(_("players must be 2, 3 or 4, not {value!r}").format(value=text))
    return int(text)


def option_help(kind: str) -> str:
    """Every game's expansions or variants, for a ``--help`` text: ``stone_age: a, b; ...``."""
    parts = [f"{name}: {', '.join(game_info(name).option_names(kind))}" for name in game_names()
             if game_info(name).option_names(kind)]
    return "; ".join(parts) or _("none")


def print_result(game: Game, state: State) -> None:
    """Print the final score breakdown per player and the winner(s), in the game's own words."""
    names = [seat_name(seat) for seat in range(game.num_players)]
    print("\n".join(play_kit(game).result_lines(state, names)))


def _print_events(state: State, action: int) -> None:
    for event in apply_with_events(state, action, OMNISCIENT):
        print("\n".join(event.lines()))


def cmd_simulate(args: argparse.Namespace) -> int:
    with claim(RecordError, args.record):  # checked, and ours alone, before the game is played
        return _simulate(args)


def _simulate(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.randrange(10**6)
    options = {"variants": args.variant, **({"expansions": args.expansion} if args.expansion else {})}
    game = load_game(args.game, players=args.players, seed=seed, **options)
    state = game.new_initial_state()
    rng = random.Random(seed)
    print(_("Simulated {game}: {players} uniformly random players, seed {seed}").format(
        game=_(game_info(args.game).display_name), players=args.players, seed=seed))
    last_round = None
    while not state.is_terminal():
        action = state.sample_chance_outcome() if state.is_chance_node() else rng.choice(state.legal_actions())
        if args.quiet:
            state.apply_action(action)
            continue
        current_round = round_of(state)
        if current_round is not None and current_round != last_round:
            print("\n" + _("== Round {number} ==").format(number=current_round))
            last_round = current_round
        _print_events(state, action)
    print("\n" + _("Final scores after {steps} steps:").format(steps=state.move_number()))
    print_result(game, state)
    if args.record:
        save_record(make_record(game, state), args.record)
        print(_("Game record written to {path}").format(path=args.record))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    record = load_record(args.file)
    game, state = replay(record)
    if args.log:
        again = game.new_initial_state()
        for action in state.history():
            _print_events(again, action)
        print()
    print(_("Replayed {actions} actions of {game} ({players} players, seed {seed}).").format(
        actions=len(record["actions"]), game=_(game_info(game.name).display_name), players=game.num_players,
        seed=game.seed))
    print_result(game, state)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from stoneage.bench import run_command

    return run_command(args)


def version_line() -> str:
    """``stoneage 0.1.0 (pure Python)`` or ``(compiled with mypyc)``: the version and the build running."""
    build = build_of()
    if build == "pure Python":
        shown = _("pure Python")
    elif build == "compiled":
        shown = _("compiled with mypyc")
    else:
        shown = _("mixed build, compiled: {modules}").format(modules=build[len("mixed (compiled: "):-1])
    return f"stoneage {stoneage.__version__} ({shown})"


class VersionAction(argparse.Action):
    """``--version``: print ``version_line()`` and exit (the build is looked at only when asked)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(version_line())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The ``stoneage`` command line, worded in the current language (build it after choosing one)."""
    parser = Parser(prog="stoneage", description=_("The Stone Age board-game family."))
    parser.add_argument("--version", action=VersionAction, nargs=0, help=_("show program's version number and exit"))
    commands = parser.add_subparsers(dest="command", required=True, metavar=pgettext("metavar", "COMMAND"),
                                     parser_class=Parser)

    sim = commands.add_parser("simulate", help=_("play a game of random players and print its log"))
    sim.add_argument("--game", choices=game_names(), default=DEFAULT_GAME)
    sim.add_argument("--players", type=_players, default=4, metavar=pgettext("metavar", "PLAYERS"),
                     help=_("2, 3 or 4 (default 4)"))
    sim.add_argument("--seed", type=SEED, metavar=pgettext("metavar", "SEED"),
                     help=_("seed of the dice, cards and players (default: random)"))
    sim.add_argument("--expansion", action="append", default=[], metavar=pgettext("metavar", "NAME"),
                     help=_("add an expansion (repeatable); {options}").format(options=option_help("expansions")))
    sim.add_argument("--variant", action="append", default=[], metavar=pgettext("metavar", "NAME"),
                     help=_("switch on a house rule (repeatable); {options}").format(options=option_help("variants")))
    sim.add_argument("--record", metavar=pgettext("metavar", "FILE"), help=_("also write the game record to FILE"))
    sim.add_argument("--quiet", action="store_true", help=_("print only the final scores"))
    sim.set_defaults(run=cmd_simulate)

    rep = commands.add_parser("replay", help=_("replay a game record and print the final scores"))
    rep.add_argument("file", metavar=pgettext("metavar", "FILE"))
    rep.add_argument("--log", action="store_true",
                     help=_("also print every step of the game, as the event stream tells it"))
    rep.set_defaults(run=cmd_replay)

    from stoneage.bench import add_arguments as add_bench_arguments

    ben = commands.add_parser("bench", help=_("measure engine and bot speed (random games, clone, memory, decisions)"),
                              description=_("Measure any game's engine (uniform-random games, steps, clone cost, "
                                            "state size) and bots' decision times; save with --json, compare "
                                            "with --compare."),
                              allow_abbrev=False)
    add_bench_arguments(ben)
    ben.set_defaults(run=cmd_bench)
    for module_name in PLUGINS:
        if find_spec(module_name) is not None:
            import_module(module_name).register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``stoneage`` command; returns the exit status.

    The language comes first (``--lang`` anywhere on the command line, else the environment), so
    that the help and argparse's own messages are worded in it too; a bad ``--lang`` falls back to
    the environment's language here and the parser then rejects it with the usual usage + error.
    The process's language is put back on return (``main`` may run inside a test process). A
    Ctrl-C that the command does not handle itself ends it with one line and status 130.
    """
    arguments = sys.argv[1:] if argv is None else list(argv)
    try:
        language = choose(requested_language(arguments))
    except LanguageError:
        language = from_environment()
    previous = current()
    set_language(language)
    try:
        with argparse_in_our_language():
            args = build_parser().parse_args(arguments)
        try:
            status: int = args.run(args)
        except StoneAgeError as error:
            print(_("stoneage: error: {message}").format(message=error), file=sys.stderr)
            return 2
        except BrokenPipeError:
            return 0
        return status
    except KeyboardInterrupt:
        print(_("stoneage: interrupted"), file=sys.stderr)
        return 130
    finally:
        set_language(previous)


if __name__ == "__main__":
    sys.exit(main())
