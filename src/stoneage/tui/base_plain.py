"""The frame every line-by-line game shares: reading and echoing input, the decision loop with its
numbered options (and sub-lists), the common commands, hint, save and stopping.

A game's plain mode subclasses :class:`BasePlainGame` and adds its main loop, its board and its
own commands through the methods marked "hook".
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import ClassVar, TextIO

from stoneage.bots.registry import bot_label
from stoneage.core.errors import StoneAgeError
from stoneage.core.i18n import N_, _
from stoneage.play.events import describe
from stoneage.play.menus import Choice, Menu
from stoneage.play.session import HintUnavailable, NothingToExplain, Session
from stoneage.play.warnings import confirm_question

INPUT_ENDED = N_("The input ended before the game was over.")
STOPPED = N_("You stopped the game.")
"""(Both marked here, translated where they are said.)"""


def is_tty(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (False for anything that cannot tell)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Next(Enum):
    """What a command means for the decision asked."""

    ASK = "ask"
    """Ask again."""
    DECIDED = "decided"
    """The decision was played (or taken back): leave the question."""


Command = Callable[[str, Menu], "Next | int"]
"""A command's handler: the rest of the line and the menu → :class:`Next` or an exit status."""


DEFAULT_SAVE = "stoneage-game.json"
"""Where ``stoneage play`` and ``stoneage learn`` save a game that is left unfinished."""


class BasePlainGame:
    """Drives a :class:`Session` through text input and output."""

    HELP: ClassVar[str]
    """The ``help`` text (marked with N_, translated when shown)."""
    NESTED: ClassVar[bool] = True
    """Whether options may open sub-lists (``0`` and ``back`` go back)."""

    def __init__(self, session: Session, *, delay: float = 0.0, save_path: str | Path = DEFAULT_SAVE,
                 autosave: bool = False, stdin: TextIO | None = None, stdout: TextIO | None = None,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.session = session
        self.delay = delay
        self.save_path = Path(save_path)
        self.autosave = autosave
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.sleep = sleep
        self.unread: str | None = None
        """A line read ahead (an answer given instead of a confirmation), taken by the next ``read``."""
        self.levels: list[tuple[Choice, ...]] = []
        """The options of the decision asked, then those of each sub-list opened."""

    # --- hooks of the games -------------------------------------------------------------------

    def _run(self) -> int:
        """Hook: play until the end; the exit status."""
        raise NotImplementedError

    def build_menu(self) -> Menu:
        """Hook: the menu of the decision pending (default: the game's play kit's)."""
        return self.session.menu()

    def show_situation(self, menu: Menu) -> None:
        """Hook: what to show before the question."""
        raise NotImplementedError

    def show_board(self) -> None:
        """Hook: the ``board`` command."""
        raise NotImplementedError

    def show_me(self, menu: Menu) -> None:
        """Hook: the ``me`` command."""
        raise NotImplementedError

    def cmd_undo(self, rest: str, menu: Menu) -> Next:
        """Hook: the ``undo`` command."""
        raise NotImplementedError

    def log_lines(self) -> list[str]:
        """Hook: the game log as told (the ``log`` command)."""
        raise NotImplementedError

    # --- input and output ---------------------------------------------------------------------

    def say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.stdout)
        self.stdout.flush()

    def read(self, prompt: str = "> ") -> str | None:
        """One line of input (stripped), or None at the end of the input."""
        if self.unread is not None:
            line, self.unread = self.unread, None
            return line
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say("")
            return None
        if not is_tty(self.stdin):  # echo scripted input so that the transcript reads well
            self.say(line.rstrip("\n"))
        return line.strip()

    def greet(self, title: str) -> None:
        """The first lines: the game, the players and the seed."""
        s = self.session
        # TRANSLATORS: the first line of the plain game; the command word "help" stays English (it is typed)
        self.say(_("{game}, {count} players: {names}. Seed {seed}.").format(
            game=title, count=len(s.seats), names=_(", ").join(s.names), seed=s.game.seed),
            _("Type help for the commands; answer with a number or an action."))

    # --- the main loop ----------------------------------------------------------------------------

    def run(self) -> int:
        """Play until the game ends (0), the player quits (0), the input ends (1) or Ctrl-C (130)."""
        try:
            return self._run()
        except KeyboardInterrupt:
            return self.stop(130, "\n" + _("Interrupted."))

    def stop(self, status: int, why: str) -> int:
        """Say ``why`` (translated here if it is one of the marked messages) and stop with ``status``."""
        self.say(_(why) if why in (INPUT_ENDED, STOPPED) else why)
        if self.autosave:
            self.save(str(self.save_path))
        elif not self.session.is_saved():
            self.say(_("The game was not saved (use save FILE before quitting, or --save FILE)."))
        return status

    # --- one decision -------------------------------------------------------------------------------

    def decide(self) -> int | None:
        """Ask until a person's decision is played; an exit status if the player stops."""
        menu = self.build_menu()
        self.show_situation(menu)
        self.say(menu.prompt, *menu.info)
        self.levels = [menu.choices]
        self.list_levels()
        commands = self.commands()
        while True:
            line = self.read()
            if line is None:
                return self.stop(1, INPUT_ENDED)
            word, _sep, rest = line.partition(" ")
            word = word.lower()
            if line == "" or word in ("options", "list"):
                self.list_levels()
                continue
            answer: Next | int
            if line.isdigit():
                answer = self.pick(int(line))
            elif word in commands:
                answer = commands[word](rest, menu)
            else:
                answer = Next.DECIDED if self.play_notation(line, menu) else Next.ASK
            if answer is not Next.ASK:
                return None if answer is Next.DECIDED else answer

    def pick(self, number: int) -> Next:
        """Option ``number`` of the list shown: play it, or open its sub-list (0: back)."""
        level = self.levels[-1]
        if number == 0 and self.NESTED:
            if len(self.levels) > 1:
                self.levels.pop()
                self.list_levels()
            else:
                self.say(_("There is nothing to go back to. Choose 1 to {last}, or type help.").format(last=len(level)))
            return Next.ASK
        if not 1 <= number <= len(level):
            self.say(_("There is no option {number}: choose 1 to {last}, or type help.").format(
                number=number, last=len(level)))
            return Next.ASK
        choice = level[number - 1]
        if choice.is_group:
            self.levels.append(choice.children)
            self.say(choice.label + ":")
            self.list_levels()
            return Next.ASK
        assert choice.action is not None
        if not self.confirmed(choice.action, str(number)):
            if self.unread is None:
                self.list_levels()
            return Next.ASK
        self.session.choose(choice.action)
        return Next.DECIDED

    def confirmed(self, action: int, answer: str) -> bool:
        """Whether to play ``action`` (chosen by typing ``answer``): yes at once unless the game warns
        of it (starving, a wasted purchase); then the person confirms with yes or the same answer again.
        Any other answer than no is not played and taken as the next answer to the question."""
        warnings = self.session.warnings(action)
        if not warnings:
            return True
        # TRANSLATORS: "yes" and "no" are typed; they may be answered in English or in the current language
        self.say(confirm_question(warnings), _("Type yes (or the same answer again) to play it, or no; any other "
                                               "answer is taken instead."))
        line = self.read("? ")
        if line is None:
            return False
        if line.lower() in ("yes", "y", _("yes")) or line == answer:
            return True
        self.say(_("Not played."))
        if line.lower() not in ("no", "n", _("no"), ""):
            self.unread = line
        return False

    def play_notation(self, line: str, menu: Menu) -> bool:
        """Play an action typed in notation; False (with a message) if it is not understood or not legal."""
        s = self.session
        try:
            action = s.state.string_to_action(line)
        except StoneAgeError as error:
            self.say(_("Not understood: {error}. Type a number, an action or help.").format(error=error))
            return False
        if action not in s.state.legal_actions():
            self.say(_("{action} is not legal now ({prompt}). Type options to see the legal choices.").format(
                action=repr(s.state.action_to_string(action)), prompt=menu.prompt))
            return False
        if not self.confirmed(action, line):
            return False
        s.choose(action)
        return True

    def list_levels(self) -> None:
        """List the options of the innermost list."""
        self.list_options(self.levels[-1], len(self.levels) > 1)

    def list_options(self, choices: tuple[Choice, ...], nested: bool) -> None:
        for number, choice in enumerate(choices, 1):
            more = " …" if choice.is_group else ""
            self.say(f"  {number}. {choice.label}{more}")
        if nested:
            self.say("  " + _("0. back"))

    # --- commands --------------------------------------------------------------------------------

    def commands(self) -> dict[str, Command]:
        """The commands by their words; games add their own."""
        table: dict[str, Command] = {}
        if self.NESTED:
            table |= dict.fromkeys(("back", "b"), self.cmd_back)
        table |= dict.fromkeys(("help", "?", "h"), self.cmd_help)
        table |= dict.fromkeys(("board", "state"), self.cmd_board)
        table |= {"me": self.cmd_me, "hint": self.cmd_hint, "undo": self.cmd_undo, "save": self.cmd_save,
                  "log": self.cmd_log, "why": self.cmd_why}
        table |= dict.fromkeys(("quit", "exit"), self.cmd_quit)
        return table

    def cmd_back(self, rest: str, menu: Menu) -> Next:
        if len(self.levels) > 1:
            self.levels.pop()
        self.list_levels()
        return Next.ASK

    def cmd_help(self, rest: str, menu: Menu) -> Next:
        self.say(_(self.HELP))
        return Next.ASK

    def cmd_board(self, rest: str, menu: Menu) -> Next:
        self.show_board()
        return Next.ASK

    def cmd_me(self, rest: str, menu: Menu) -> Next:
        self.show_me(menu)
        return Next.ASK

    def cmd_hint(self, rest: str, menu: Menu) -> Next:
        self.hint()
        return Next.ASK

    def cmd_why(self, rest: str, menu: Menu) -> Next:
        """``why``: why the last bot move was played; ``why N``: the last move of the bot in seat N."""
        s = self.session
        word = rest.strip()
        if word and not (word.isdigit() and 1 <= int(word) <= len(s.seats)):
            self.say(_("Usage: why, or why N for the bot in seat N (1 to {last}).").format(last=len(s.seats)))
            return Next.ASK
        seat = int(word) - 1 if word else None
        try:
            explanation = s.why(seat)
        except NothingToExplain as error:
            self.say(str(error))
            return Next.ASK
        self.say(*explanation.lines(s.names[explanation.seat]))
        return Next.ASK

    def cmd_save(self, rest: str, menu: Menu) -> Next:
        self.save(rest.strip() or str(self.save_path))
        return Next.ASK

    def cmd_log(self, rest: str, menu: Menu) -> Next:
        count = int(rest) if rest.strip().isdigit() else 20
        self.say(*self.log_lines()[-count:])
        return Next.ASK

    def cmd_quit(self, rest: str, menu: Menu) -> int:
        return self.stop(0, STOPPED)

    def hint(self) -> None:
        s = self.session
        try:
            action = s.hint()
        except HintUnavailable as error:
            self.say(str(error))
            return
        self.say(_("Hint: the {bot} bot would play {action} ({description}).").format(
            bot=bot_label(s.hint_spec), action=s.state.action_to_string(action),
            description=describe(s.state, action, s.state.current_player())))

    def save(self, path: str) -> None:
        try:
            self.session.save(path)
        except StoneAgeError as error:  # a full disk, a folder that cannot be written: the game goes on
            self.say(_("Could not save: {error}.").format(error=error))
            return
        self.say(_("Saved to {path}; continue later with: stoneage play --resume {path}").format(path=path))

